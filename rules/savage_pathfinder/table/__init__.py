"""Savage Pathfinder at the table: attacks, actions, Action Cards and timed states on a board.

These modules turn what the desktop measured (:class:`rules.table.MapFacts`, asked of the
injected :class:`rules.table.Measurer`) and the pieces on the :class:`rules.table.Board` into
this system's contexts, roll them with the engine of :mod:`rules.savage_pathfinder`, and return
the new board with its log entry. The desktop reaches them only through
:class:`rules.savage_pathfinder.system.SavagePathfinder` (the registry's interface).
"""
