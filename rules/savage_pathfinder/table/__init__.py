"""Savage Pathfinder at the table: attacks, actions, Action Cards and timed states on a board.

These modules turn what the desktop measured (:class:`battlemap.rules.table.MapFacts`, asked of the
injected :class:`battlemap.rules.table.Measurer`) and the pieces on the
:class:`battlemap.rules.table.Board` into this system's contexts, roll them with the engine of
:mod:`battlemap.rules.savage_pathfinder`, and return the new board with its log entry. The desktop
reaches them only through :class:`battlemap.rules.savage_pathfinder.system.SavagePathfinder` (the
registry's interface).
"""
