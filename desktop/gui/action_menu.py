"""The action menu: every non-attack action of the rules' registry, for one acting token.

:func:`fill_action_menu` fills a :class:`QMenu` from
:func:`desktop.core.actions.menu_actions` (the ``ACTIONS`` registry, in its order): actions the
token takes alone run at once; those aimed at another token (``targets``) hand the attack tool
that action, and the GM's next click on a token picks the target. Test and Support open a
submenu of the acting token's skills (Test: then Distracted or Vulnerable). The action bar's
*Actions* button and the right-click menu on a token both use it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from PySide6.QtWidgets import QMenu

from desktop.core.actions import menu_actions
from rules.savage_pathfinder.situational.options import Option

Pick = Callable[[str, dict[str, str]], None]
"""Called with the action id and its choices (``skill``, ``effect``) when the GM picks one."""

DEFAULT_SKILLS = {"test": ("taunt", "intimidation"), "support": ("fighting",)}
"""Skills offered when the acting token's stat block names none."""
TEST_EFFECTS = ("Distracted", "Vulnerable")


def _skills(stats: Mapping[str, Any], action: str) -> list[str]:
    raw = stats.get("skills")
    known = sorted(raw) if isinstance(raw, Mapping) else []
    return known or list(DEFAULT_SKILLS[action])


def _label(option: Option) -> str:
    return f"{option.name}…" if option.targets else option.name


def _add_skill_menu(menu: QMenu, option: Option, stats: Mapping[str, Any], pick: Pick) -> None:
    sub = menu.addMenu(_label(option))
    sub.setToolTip(option.description)
    sub.setToolTipsVisible(True)
    for skill in _skills(stats, option.id):
        if option.id == "support":
            sub.addAction(skill.title(), partial(pick, option.id, {"skill": skill}))
            continue
        effects = sub.addMenu(skill.title())
        for effect in TEST_EFFECTS:
            effects.addAction(effect, partial(pick, option.id,
                                              {"skill": skill, "effect": effect}))


def fill_action_menu(menu: QMenu, stats: Mapping[str, Any], pick: Pick) -> None:
    """Add one entry per registry action to ``menu`` (an ellipsis marks "then click a target").

    ``stats`` is the acting token's stat block (its skills fill the Test and Support menus).
    """
    menu.setToolTipsVisible(True)
    for option in menu_actions():
        if option.id in DEFAULT_SKILLS:
            _add_skill_menu(menu, option, stats, pick)
            continue
        action = menu.addAction(_label(option), partial(pick, option.id, {}))
        action.setToolTip(option.description)
        action.setData(option.id)
