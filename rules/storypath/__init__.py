"""Storypath: attacks and stunts (dice pools of d10, Defense, stunts, grapples, range bands).

Importing the package registers the system (``find_system("storypath")``). Modules:
:mod:`~battlemap.rules.storypath.statblock` (the stat block),
:mod:`~battlemap.rules.storypath.settings` (the per-encounter settings),
:mod:`~battlemap.rules.storypath.pool` and :mod:`~battlemap.rules.storypath.odds` (the pool and its
exact odds), :mod:`~battlemap.rules.storypath.setup` (an attack before the dice),
:mod:`~battlemap.rules.storypath.stunts` (the stunt menu), :mod:`~battlemap.rules.storypath.effects`
(what stunts do), :mod:`~battlemap.rules.storypath.attack` (the resolution),
:mod:`~battlemap.rules.storypath.preview` (the hover card),
:mod:`~battlemap.rules.storypath.actions` and :mod:`~battlemap.rules.storypath.turns`. See
``docs/rules/storypath.md``.
"""

from battlemap.rules.storypath.system import Storypath

__all__ = ["Storypath"]
