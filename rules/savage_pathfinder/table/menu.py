"""The Savage Pathfinder action menu of one acting token, as the registry's menu entries.

Every non-attack action of the rules' ``ACTIONS`` registry, in its order, in four sections:
actions at a token (then click it), the token's own actions, free actions and reactions, and
the GM's rulings (Apply damage: capped or catastrophic). Test and Support open a submenu of the
acting token's skills (Test: then Distracted or Vulnerable, each also with +2 for telling
details), Disarm one of the hand, a limb or the weapon itself, Break free Strength or Athletics
(each also from a device), Break an object the objects of the Hardness table (then the damage
type) or another object by its Hardness. An action the token cannot take now (Shaken, not
prone, a damage type that cannot break the object, ...) carries the reason, and the menu greys
it.

Examples
--------
>>> from battlemap.rules.table import Board, Piece
>>> from battlemap.rules.testing import open_board
>>> board = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"skills": {"taunt": "d6"}}),))
>>> test = next(e for e in action_menu(board, "a") if e.label == "Test…")
>>> [c.label for c in test.children], [g.label for g in test.children[0].children][1:3]
(['Taunt'], ['Vulnerable', 'Distracted, +2 details'])
>>> test.children[0].children[1].params
{'skill': 'taunt', 'effect': 'Vulnerable', 'title': 'Test (Taunt → Vulnerable)'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.rules.interface import MenuEntry
from battlemap.rules.savage_pathfinder.situational.breaking import (
    HARDNESS,
    DamageType,
    damage_type_problem,
)
from battlemap.rules.savage_pathfinder.situational.options import ACTIONS, Option
from battlemap.rules.savage_pathfinder.table.actions import action_problem, is_free
from battlemap.rules.table import Board

__all__ = ["SECTIONS", "action_menu"]

SECTIONS = ("At a token (then click it)", "Actions", "Free actions and reactions",
            "The GM's rulings")

GM_ENTRIES: dict[str, tuple[tuple[str, dict[str, str]], ...]] = {
    "apply-damage": (("Capped (at most 4 Wounds)", {}),
                     ("Catastrophic (no cap: a great fall, lava)", {"catastrophic": "yes"})),
}
"""Entries the GM uses on any token, each choice with its params (the damage is then typed)."""

DEFAULT_SKILLS = {"test": ("taunt", "intimidation"), "support": ("fighting",)}
"""Skills offered when the acting token's stat block names none."""
TEST_EFFECTS = ("Distracted", "Vulnerable")
TEST_DETAILS = ((", +2 details", {"details": "yes"}, " +2"),)
"""A Test's telling details ("might be worth a +2 bonus to the attacker"): the GM's call."""
DISARM_PARTS = (("hand", "-4"), ("limb", "-2"), ("weapon", "-2, item damage vs Strength"))
"""Where a Disarm strikes, with its Called Shot penalty."""
BREAK_FREE = (("Strength -2", {"trait": "strength"}), ("Athletics", {"trait": "athletics"}),
              ("Strength -2, from a device (net, manacles)",
               {"trait": "strength", "device": "yes"}),
              ("Athletics, from a device (net, manacles)",
               {"trait": "athletics", "device": "yes"}))
"""How to break free; held by a device, a failure allows no new try (the GM's call)."""
PUSH_TRAITS = (("Strength", {"trait": "strength"}), ("Athletics", {"trait": "athletics"}))
"""S140: "The attacker or defender may roll Athletics instead of Strength if they choose"."""


def _skills(stats: Mapping[str, Any], action: str) -> list[str]:
    raw = stats.get("skills")
    known = sorted(raw) if isinstance(raw, Mapping) else []
    return known or list(DEFAULT_SKILLS[action])


def _label(option: Option) -> str:
    return f"{option.name}…" if option.targets else option.name


def _section(option: Option) -> str:
    if option.id in GM_ENTRIES:
        return SECTIONS[3]
    return SECTIONS[0] if option.targets else SECTIONS[2] if is_free(option.id) else SECTIONS[1]


def _problem(board: Board, actor: str | None, action: str) -> str | None:
    if actor is None:
        return "click the acting token first"
    try:
        return action_problem(board, actor, action)
    except ValueError as error:  # an unknown token or a stat block the rules cannot read
        return str(error).strip("'")


def _choice(option: Option, label: str, params: dict[str, str], title: str) -> MenuEntry:
    """A leaf: ``title`` names the action with its choices while it waits for its click."""
    return MenuEntry(label, option.id, {**params, "title": f"{option.name} ({title})"},
                     needs_target=option.targets)


OTHER_HARDNESS = tuple(range(2, 22, 2))
"""The Hardness choices for an object the table does not list (any damage type may break it)."""


def _struck(option: Option, thing: str) -> tuple[MenuEntry, ...]:
    """Break an object: one entry per damage type, greyed where it cannot break ``thing``."""
    return tuple(MenuEntry(kind.value.title(), option.id,
                           {"object": thing, "damage_type": kind.value,
                            "title": f"{option.name} ({thing}, {kind.value})"},
                           problem=damage_type_problem(thing, kind),
                           needs_target=option.targets) for kind in DamageType)


HELD_THINGS = ("bow", "polearm", "shield", "longsword")
"""The objects of the Hardness table a foe holds in hand (S20, S24-26): *Break a held item*."""


def _objects(option: Option) -> tuple[MenuEntry, ...]:
    """Break an object: the Hardness table's objects (held ones only for *Break a held item*),
    then another object by its Hardness."""
    other = tuple(_choice(option, f"Hardness {n}", {"hardness": str(n)}, f"Hardness {n}")
                  for n in OTHER_HARDNESS)
    held = option.id == "break-held"
    return (*(MenuEntry(f"{thing.capitalize()} ({hardness})", children=_struck(option, thing))
              for thing, hardness in HARDNESS.items() if not held or thing in HELD_THINGS),
            MenuEntry("Another object", children=other))


def _children(option: Option, stats: Mapping[str, Any]) -> tuple[MenuEntry, ...]:
    if option.id == "break-free":
        return tuple(_choice(option, label, params, label) for label, params in BREAK_FREE)
    if option.id == "push":
        return tuple(_choice(option, label, params, label) for label, params in PUSH_TRAITS)
    if option.id in ("break-object", "break-held"):
        return _objects(option)
    if option.id in GM_ENTRIES:
        return tuple(_choice(option, label, params, label.split(" (")[0])
                     for label, params in GM_ENTRIES[option.id])
    if option.id == "disarm":
        return tuple(_choice(option, f"{part.title()} ({penalty})", {"part": part}, part)
                     for part, penalty in DISARM_PARTS)
    if option.id == "support":
        return tuple(_choice(option, skill.title(), {"skill": skill}, skill.title())
                     for skill in _skills(stats, option.id))
    return tuple(MenuEntry(skill.title(), children=tuple(
        _choice(option, effect + label, {"skill": skill, "effect": effect, **extra},
                f"{skill.title()} → {effect}{note}")
        for label, extra, note in (("", {}, ""), *TEST_DETAILS) for effect in TEST_EFFECTS))
        for skill in _skills(stats, option.id))


def action_menu(board: Board, actor: str | None) -> tuple[MenuEntry, ...]:
    """One entry per registry action for ``actor``; Test, Support and Disarm as submenus."""
    piece = next((t for t in board.tokens if t.id == actor), None)
    stats = piece.stats if piece is not None else {}
    entries = []
    for option in ACTIONS.values():
        problem = _problem(board, actor, option.id)
        nested = option.id in (*DEFAULT_SKILLS, "disarm", "break-free", "break-object",
                               "break-held",
                               "push", *GM_ENTRIES) and \
            problem is None
        entries.append(MenuEntry(
            _label(option), "" if nested else option.id, section=_section(option),
            problem=problem, help=option.description, needs_target=option.targets,
            children=_children(option, stats) if nested else ()))
    order = {name: n for n, name in enumerate(SECTIONS)}
    return tuple(sorted(entries, key=lambda e: order[e.section]))
