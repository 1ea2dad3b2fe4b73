"""The action menu: every non-attack action of the rules' registry, for one acting token.

:func:`fill_action_menu` fills a :class:`QMenu` from the rules' ``ACTIONS`` registry, in its
order: actions the token takes alone run at once (*Area effect attack* switches to the
Template tool); those aimed at another token (``targets``) hand the attack tool that action,
and the GM's next click on a token picks the target. Test and Support open a
submenu of the acting token's skills (Test: then Distracted or Vulnerable), Disarm one of the
hand, a limb or the weapon itself. Three sections:
actions at a token, the token's own actions, free actions and reactions; an action the token
cannot take now (Shaken, not prone, ...) is greyed with the reason as its tooltip. The action
bar's *Actions* button and the right-click menu on a token both use it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from PySide6.QtWidgets import QMenu

from desktop.core.actions import action_problem, is_free
from desktop.core.model import Encounter
from rules.savage_pathfinder.situational.options import ACTIONS, Option

Pick = Callable[[str, dict[str, str]], None]
"""Called with the action id and its choices (``skill``, ``effect``) when the GM picks one."""

SECTIONS = ("At a token (then click it)", "Actions", "Free actions and reactions")

DEFAULT_SKILLS = {"test": ("taunt", "intimidation"), "support": ("fighting",)}
"""Skills offered when the acting token's stat block names none."""
TEST_EFFECTS = ("Distracted", "Vulnerable")
DISARM_PARTS = (("hand", "-4"), ("limb", "-2"), ("weapon", "-2, item damage vs Strength"))
"""Where a Disarm strikes, with its Called Shot penalty."""


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


def _section(option: Option) -> str:
    return SECTIONS[0] if option.targets else SECTIONS[2] if is_free(option.id) else SECTIONS[1]


def _problem(encounter: Encounter, actor: str | None, action: str) -> str | None:
    if actor is None:
        return "click the acting token first"
    try:
        return action_problem(encounter, actor, action)
    except ValueError as error:  # an unknown token or a stat block the rules cannot read
        return str(error)


def fill_action_menu(menu: QMenu, encounter: Encounter, actor: str | None, pick: Pick) -> None:
    """Add one entry per registry action to ``menu`` (an ellipsis marks "then click a target").

    The acting token's skills fill the Test and Support menus; what it cannot do now is greyed.
    """
    token = next((t for t in encounter.tokens if t.id == actor), None)
    stats = token.stats if token is not None else {}
    menu.setToolTipsVisible(True)
    for section in SECTIONS:
        menu.addSection(section)
        for option in (o for o in ACTIONS.values() if _section(o) == section):
            _add_entry(menu, option, stats, pick, _problem(encounter, actor, option.id))


def _add_disarm_menu(menu: QMenu, option: Option, pick: Pick) -> None:
    sub = menu.addMenu(_label(option))
    for part, penalty in DISARM_PARTS:
        sub.addAction(f"{part.title()} ({penalty})", partial(pick, option.id, {"part": part}))


def _add_entry(menu: QMenu, option: Option, stats: Mapping[str, Any], pick: Pick,
               problem: str | None) -> None:
    if option.id in DEFAULT_SKILLS and problem is None:
        _add_skill_menu(menu, option, stats, pick)
        return
    if option.id == "disarm" and problem is None:
        _add_disarm_menu(menu, option, pick)
        return
    action = menu.addAction(_label(option), partial(pick, option.id, {}))
    action.setToolTip(problem or option.description)
    action.setEnabled(problem is None)
    action.setData(option.id)
