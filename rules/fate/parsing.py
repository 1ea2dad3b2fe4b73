"""Read and write the FATE stat block JSON kept in ``token.stats``.

Missing keys take defaults (no skill = Mediocre, unarmed, unarmoured, a 5-box Health track,
weight 2 = a 150 lb person, no condition); unknown keys and wrong values raise
:class:`battlemap.rules.registry.RulesError` naming the field path.

Examples
--------
>>> where = "tokens[g].stats"
>>> gladiator = combatant_from_dict({"skills": {"weapons": "Great"},
...     "weapon": {"name": "Gladius", "type": "sword"}, "armour": "leather"}, where, "g")
>>> gladiator.rating("weapons"), gladiator.weapon.stress
(4, 2)
>>> combatant_from_dict({"weight": "200 lb"}, where, "g").weight
3
>>> combatant_from_dict(combatant_to_dict(gladiator), where, "g") == gladiator
True
>>> combatant_from_dict({"armour": "plate"}, where, "g")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: tokens[g].stats.armour: 'plate' is not one of none, leather, \
...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, replace
from typing import Any, TypeVar

from battlemap.rules.fate.ladder import parse_rating
from battlemap.rules.fate.statblock import (
    ARMOUR_STRESS,
    CONSEQUENCES,
    UNARMED,
    WEAPON_STRESS,
    Combatant,
    Condition,
    Weapon,
)
from battlemap.rules.fate.zones import weight_of_pounds
from battlemap.rules.parsed_blocks import ParsedBlocks
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Piece

__all__ = ["combatant_from_dict", "combatant_to_dict", "restat"]

_T = TypeVar("_T")

_TOP_KEYS = {
    "skills", "weapon", "armour", "shield", "mook", "toughness", "health", "weight", "mounted",
    "seat", "aspects", "condition", "refresh",
}
_WEAPON_KEYS = {"name", "type", "skill"}
_CONDITION_FLAGS = (
    "taken_out", "prone", "surprised", "immobilized", "full_defense", "spin", "pinned",
    "dropped_shield", "dagger_drawn",
)
_CONDITION_KEYS = {
    *_CONDITION_FLAGS, "stress", "consequences", "aspects", "disarmed", "rearming",
    "grappling", "grappled_by", "fate_points", "free_tags",
}


_PARSED = ParsedBlocks[Combatant]()
"""The blocks parsed so far (an attack click's plans, the stance replies and the card read
every fighter's block again: about 70 parses a click on the FATE demo)."""


def combatant_from_dict(data: Mapping[str, Any], where: str, token_id: str) -> Combatant:
    """Parse a stat block, once while it stays the same
    (:class:`~battlemap.rules.parsed_blocks.ParsedBlocks`); ``where`` prefixes the field path
    in error messages.

    >>> block = {"skills": {"weapons": "Good"}}
    >>> combatant_from_dict(block, "w", "g1") is combatant_from_dict(block, "w", "g1")
    True
    >>> block["skills"]["weapons"] = "Great"
    >>> combatant_from_dict(block, "w", "g1").rating("weapons")
    4
    """
    return _PARSED.get(data, (where, token_id),
                       lambda: _parse_combatant(data, where, token_id))


def _parse_combatant(data: Mapping[str, Any], where: str, token_id: str) -> Combatant:
    _check_keys(data, _TOP_KEYS, where)
    health = _int(data, "health", where, 5, 1, 20)
    return Combatant(
        id=token_id,
        skills=_skills(data.get("skills", {}), f"{where}.skills"),
        weapon=_weapon(data.get("weapon"), f"{where}.weapon"),
        armour=_choice(data, "armour", where, "none", tuple(ARMOUR_STRESS)),
        shield=_bool(data, "shield", where, False),
        mook=_bool(data, "mook", where, False),
        toughness=_rating(data, "toughness", where, 0),
        health=health,
        weight=_weight(data, where),
        mounted=_bool(data, "mounted", where, False),
        seat=_int(data, "seat", where, None, 0, 10_000),
        aspects=_texts(data, "aspects", where),
        condition=_condition(data.get("condition", {}), f"{where}.condition", health),
        refresh=_int(data, "refresh", where, None, 0, 20),
    )


def combatant_to_dict(combatant: Combatant) -> dict[str, Any]:
    """The stat block as JSON; parses back to an equal combatant."""
    data: dict[str, Any] = {
        "skills": dict(combatant.skills), "weapon": asdict(combatant.weapon),
        "armour": combatant.armour, "shield": combatant.shield, "mook": combatant.mook,
        "toughness": combatant.toughness, "health": combatant.health,
        "weight": combatant.weight, "mounted": combatant.mounted,
        "aspects": list(combatant.aspects), "condition": _condition_to_dict(combatant.condition),
    }
    if combatant.seat is not None:
        data["seat"] = combatant.seat
    if combatant.refresh is not None:
        data["refresh"] = combatant.refresh
    return data


def _condition_to_dict(condition: Condition) -> dict[str, Any]:
    data = asdict(condition)
    data["stress"] = list(condition.stress)
    data["consequences"] = dict(condition.consequences)
    data["aspects"] = list(condition.aspects)
    data["free_tags"] = list(condition.free_tags)
    if condition.fate_points is None:
        del data["fate_points"]
    return data


def _condition(data: Any, where: str, health: int) -> Condition:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object")
    _check_keys(data, _CONDITION_KEYS, where)
    flags = {name: _bool(data, name, where, False) for name in _CONDITION_FLAGS}
    return Condition(
        stress=_stress(data.get("stress", []), f"{where}.stress"),
        consequences=_consequences(data.get("consequences", {}), f"{where}.consequences"),
        aspects=_texts(data, "aspects", where),
        disarmed=_int(data, "disarmed", where, None, 0, 100),
        rearming=_int(data, "rearming", where, 0, 0, 100),
        grappling=_text(data, "grappling", where),
        grappled_by=_text(data, "grappled_by", where),
        fate_points=_int(data, "fate_points", where, None, 0, 100),
        free_tags=_texts(data, "free_tags", where),
        **flags,
    )


def _stress(data: Any, where: str) -> tuple[int, ...]:
    if not isinstance(data, list) or not all(
            isinstance(box, int) and not isinstance(box, bool) and box >= 1 for box in data):
        raise RulesError(f"{where}: expected a list of checked boxes (whole numbers >= 1)")
    return tuple(sorted(set(data)))


def _consequences(data: Any, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object of slot: aspect")
    _check_keys(data, set(CONSEQUENCES), where)
    for slot, aspect in data.items():
        if not isinstance(aspect, str) or not aspect.strip():
            raise RulesError(f"{where}.{slot}: expected the consequence's aspect (text)")
    return tuple((slot, data[slot]) for slot in CONSEQUENCES if slot in data)


def _skills(data: Any, where: str) -> dict[str, int]:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object of skill: rating")
    skills = {}
    for name, value in data.items():
        try:
            skills[str(name).strip().lower()] = parse_rating(value, f"{where}.{name}")
        except ValueError as error:
            raise RulesError(str(error)) from None
    return skills


def _weapon(data: Any, where: str) -> Weapon:
    if data is None:
        return UNARMED
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object with name, type and skill")
    _check_keys(data, _WEAPON_KEYS, where)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RulesError(f"{where}.name: expected the weapon's name")
    kind = _choice(data, "type", where, "sword", tuple(WEAPON_STRESS))
    skill = data.get("skill", "")
    if not isinstance(skill, str):
        raise RulesError(f"{where}.skill: expected a skill name")
    return Weapon(name.strip(), kind, skill.strip().lower())


def _weight(data: Mapping[str, Any], where: str) -> int:
    """The text's weight: a number, or pounds written as ``"180 lb"`` (100 lb is 1, 150 lb 2,
    200 lb 3)."""
    value = data.get("weight")
    if isinstance(value, str) and value.strip().lower().endswith("lb"):
        try:
            return weight_of_pounds(float(value.strip()[:-2]))
        except ValueError:
            raise RulesError(f"{where}.weight: {value!r} is not a weight like 180 lb") from None
    return _int(data, "weight", where, 2, 0, 20)


def _rating(data: Mapping[str, Any], key: str, where: str, default: int) -> int:
    if key not in data:
        return default
    try:
        return parse_rating(data[key], f"{where}.{key}")
    except ValueError as error:
        raise RulesError(str(error)) from None


def _check_keys(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(map(str, data)) - allowed)
    if unknown:
        raise RulesError(f"{where}.{unknown[0]}: unknown key (known: {', '.join(sorted(allowed))})")


def _bool(data: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise RulesError(f"{where}.{key}: expected true or false, not {value!r}")
    return value


def _int(data: Mapping[str, Any], key: str, where: str, default: _T,
            low: int, high: int) -> int | _T:
    value = data.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(f"{where}.{key}: expected a whole number from {low} to {high}, "
                         f"not {value!r}")
    return value


def _choice(data: Mapping[str, Any], key: str, where: str, default: str,
            allowed: tuple[str, ...]) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise RulesError(f"{where}.{key}: {value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _text(data: Mapping[str, Any], key: str, where: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise RulesError(f"{where}.{key}: expected a token id or null")
    return value


def _texts(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RulesError(f"{where}.{key}: expected a list of texts")
    return tuple(value)


def restat(piece: Piece, combatant: Combatant) -> Piece:
    """``piece`` with ``combatant``'s stat block.

    >>> restat(Piece("g", "G", 0, 0), Combatant("g", armour="chain")).stats["armour"]
    'chain'
    """
    return replace(piece, stats=combatant_to_dict(combatant))
