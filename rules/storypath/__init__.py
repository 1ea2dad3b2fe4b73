"""Storypath: attacks and stunts (dice pools of d10, Defense, stunts, grapples, range bands).

Importing the package registers the system (``find_system("storypath")``). Modules:
:mod:`~rules.storypath.statblock` (the stat block), :mod:`~rules.storypath.settings` (the
per-encounter settings), :mod:`~rules.storypath.pool` and :mod:`~rules.storypath.odds` (the
pool and its exact odds), :mod:`~rules.storypath.setup` (an attack before the dice),
:mod:`~rules.storypath.stunts` (the stunt menu), :mod:`~rules.storypath.effects` (what stunts
do), :mod:`~rules.storypath.attack` (the resolution), :mod:`~rules.storypath.preview` (the
hover card), :mod:`~rules.storypath.actions` and :mod:`~rules.storypath.turns`.
See ``docs/rules/storypath.md``.
"""

from rules.storypath.system import Storypath

__all__ = ["Storypath"]
