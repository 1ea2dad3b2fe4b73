"""Read and write the Savage Pathfinder stat block JSON kept in ``token.stats``.

Missing keys take defaults (a d6 attribute, no skill, Pace 6, a d6 running die, no condition);
unknown keys and wrong values raise :class:`battlemap.rules.registry.RulesError` naming the field
path, so a typo never passes silently. ``max_wounds`` (for Resilient or Huge creatures) and
``condition.dead`` are optional keys beyond the agreed block.

Examples
--------
>>> goblin = combatant_from_dict({"skills": {"fighting": "d6"}}, "tokens[g1].stats", "g1")
>>> goblin.parry, goblin.wild_card
(5, False)
>>> combatant_from_dict({"skills": {"fighting": "d7"}}, "tokens[g1].stats", "g1")
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: tokens[g1].stats.skills.fighting: 'd7' is not a die like d8 \
or d12+1
>>> combatant_from_dict(combatant_to_dict(goblin), "again", "g1") == goblin
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from battlemap.rules.parsed_blocks import ParsedBlocks
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.expressions import TraitDie, parse_damage, parse_trait_die
from battlemap.rules.savage_pathfinder.statblock import (
    ATTRIBUTES,
    Combatant,
    Condition,
    Injury,
    InjuryLasts,
    Weapon,
)

__all__ = ["combatant_from_dict", "combatant_to_dict"]

_TOP_KEYS = {
    "wild_card", "attributes", "skills", "pace", "running_die", "armor", "parry_bonus",
    "toughness_bonus", "edges", "bennies", "size", "max_wounds", "weapons", "condition",
}
_WEAPON_KEYS = {
    "name", "damage", "ap", "reach", "parry", "min_str", "two_handed", "range", "rof",
    "reload", "shots", "thrown", "shield", "natural", "off_hand",
}
_CONDITION_FLAGS = tuple(f.name for f in fields(Condition) if f.type == "bool")


_PARSED = ParsedBlocks[Combatant]()
"""Stat blocks parsed already (a hover previews up to three attacks and lists the attacker's
weapons, each reading the same blocks again)."""


def combatant_from_dict(data: Mapping[str, Any], where: str, token_id: str) -> Combatant:
    """Parse a stat block, once while it stays the same
    (:class:`~battlemap.rules.parsed_blocks.ParsedBlocks`); ``where`` prefixes the field path
    in error messages.

    >>> block = {"skills": {"fighting": "d8"}}
    >>> combatant_from_dict(block, "w", "g1") is combatant_from_dict(block, "w", "g1")
    True
    >>> block["skills"]["fighting"] = "d10"
    >>> str(combatant_from_dict(block, "w", "g1").skill("fighting"))
    'd10'
    """
    return _PARSED.get(data, (where, token_id),
                       lambda: _parse_combatant(data, where, token_id))


def _parse_combatant(data: Mapping[str, Any], where: str, token_id: str) -> Combatant:
    _check_keys(data, _TOP_KEYS, where)
    attributes = _mapping(data, "attributes", where)
    _check_keys(attributes, set(ATTRIBUTES), f"{where}.attributes")
    dice = {name: _die(attributes, name, f"{where}.attributes") for name in ATTRIBUTES}
    skills = _mapping(data, "skills", where)
    return Combatant(
        id=token_id,
        wild_card=_bool(data, "wild_card", where, False),
        agility=dice["agility"], smarts=dice["smarts"], spirit=dice["spirit"],
        strength=dice["strength"], vigor=dice["vigor"],
        skills=tuple((k.lower(), parse_trait_die(v, f"{where}.skills.{k}"))
                     for k, v in skills.items()),
        pace=_int(data, "pace", where, 6, minimum=0),
        running_die=_die(data, "running_die", where).sides,
        armor=_int(data, "armor", where, 0, minimum=0),
        parry_bonus=_int(data, "parry_bonus", where, 0),
        toughness_bonus=_int(data, "toughness_bonus", where, 0),
        edges=_edges(data.get("edges", []), f"{where}.edges"),
        bennies=_int(data, "bennies", where, 0, minimum=0),
        size=_int(data, "size", where, 0),
        wound_limit=_optional_int(data, "max_wounds", where),
        weapons=_weapons(data.get("weapons", []), f"{where}.weapons"),
        condition=_condition(_mapping(data, "condition", where), f"{where}.condition"),
    )


def combatant_to_dict(combatant: Combatant) -> dict[str, Any]:
    """The JSON stat block of a combatant, condition included."""
    data: dict[str, Any] = {
        "wild_card": combatant.wild_card,
        "attributes": {name: str(getattr(combatant, name)) for name in ATTRIBUTES},
        "skills": {name: str(die) for name, die in combatant.skills},
        "pace": combatant.pace, "running_die": f"d{combatant.running_die}",
        "armor": combatant.armor, "parry_bonus": combatant.parry_bonus,
        "toughness_bonus": combatant.toughness_bonus, "edges": list(combatant.edges),
        "bennies": combatant.bennies, "size": combatant.size,
        "weapons": [_weapon_to_dict(w) for w in combatant.weapons],
        "condition": _condition_to_dict(combatant.condition),
    }
    if combatant.wound_limit is not None:
        data["max_wounds"] = combatant.wound_limit
    return data


def _weapon_to_dict(weapon: Weapon) -> dict[str, Any]:
    return {
        "name": weapon.name, "damage": str(weapon.damage), "ap": weapon.ap,
        "reach": weapon.reach, "parry": weapon.parry,
        "min_str": str(weapon.min_str) if weapon.min_str else None,
        "two_handed": weapon.two_handed,
        "range": list(weapon.range) if weapon.range else None, "rof": weapon.rof,
        "reload": weapon.reload, "shots": weapon.shots, "thrown": weapon.thrown,
        "shield": weapon.shield, **({"natural": True} if weapon.natural else {}),
        **({"off_hand": True} if weapon.off_hand else {}),
    }


def _condition_to_dict(condition: Condition) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(condition, name) for name in _CONDITION_FLAGS}
    data["wounds"], data["fatigue"] = condition.wounds, condition.fatigue
    data["injuries"] = [{"name": i.name, "lasts": i.lasts.value, "lowers": i.lowers}
                        for i in condition.injuries]
    return data


def _weapons(items: object, where: str) -> tuple[Weapon, ...]:
    if not isinstance(items, list):
        raise RulesError(f"{where}: expected a list of weapons, got {items!r}")
    return tuple(_weapon(item, f"{where}[{n}]") for n, item in enumerate(items))


def _weapon(data: object, where: str) -> Weapon:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected a weapon object, got {data!r}")
    _check_keys(data, _WEAPON_KEYS, where)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RulesError(f"{where}.name: a weapon needs a name, got {name!r}")
    min_str = data.get("min_str")
    return Weapon(
        name=name, damage=parse_damage(data.get("damage", "str"), f"{where}.damage"),
        ap=_int(data, "ap", where, 0, minimum=0), reach=_int(data, "reach", where, 0, minimum=0),
        parry=_int(data, "parry", where, 0),
        min_str=None if min_str is None else parse_trait_die(min_str, f"{where}.min_str"),
        two_handed=_bool(data, "two_handed", where, False),
        range=_range(data.get("range"), f"{where}.range"),
        rof=_int(data, "rof", where, 1, minimum=1),
        reload=_int(data, "reload", where, 0, minimum=0),
        shots=_optional_int(data, "shots", where),
        thrown=_bool(data, "thrown", where, False), shield=_bool(data, "shield", where, False),
        natural=_bool(data, "natural", where, False),
        off_hand=_bool(data, "off_hand", where, False),
    )


def _range(value: object, where: str) -> tuple[int, int, int] | None:
    if value is None:
        return None
    bands = list(value) if isinstance(value, list | tuple) else []
    if len(bands) != 3 or not all(type(v) is int and v > 0 for v in bands) \
            or bands != sorted(bands):
        raise RulesError(f"{where}: expected [short, medium, long] in inches, got {value!r}")
    return (bands[0], bands[1], bands[2])


def _condition(data: Mapping[str, Any], where: str) -> Condition:
    _check_keys(data, {*_CONDITION_FLAGS, "wounds", "fatigue", "injuries"}, where)
    flags = {name: _bool(data, name, where, False) for name in _CONDITION_FLAGS}
    injuries = data.get("injuries", [])
    if not isinstance(injuries, list):
        raise RulesError(f"{where}.injuries: expected a list, got {injuries!r}")
    return Condition(
        **flags, wounds=_int(data, "wounds", where, 0, minimum=0),
        fatigue=_int(data, "fatigue", where, 0, minimum=0),
        injuries=tuple(_injury(i, f"{where}.injuries[{n}]") for n, i in enumerate(injuries)),
    )


def _injury(data: object, where: str) -> Injury:
    if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
        raise RulesError(f"{where}: expected {{'name': ..., 'lasts': ...}}, got {data!r}")
    try:
        lowers = data.get("lowers")
        if lowers is not None and lowers not in ATTRIBUTES:
            raise RulesError(f"{where}.lowers: {lowers!r} is not an attribute")
        return Injury(data["name"], InjuryLasts(data.get("lasts", "permanent")), lowers)
    except ValueError:
        known = ", ".join(repr(v.value) for v in InjuryLasts)
        raise RulesError(f"{where}.lasts: {data.get('lasts')!r} is not one of {known}") from None


def _edges(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(e, str) for e in value):
        raise RulesError(f"{where}: expected a list of Edge names, got {value!r}")
    return tuple(value)


def _check_keys(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RulesError(
            f"{where}: unknown key {unknown[0]!r} (known keys: {', '.join(sorted(allowed))})"
        )


def _mapping(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise RulesError(f"{where}.{key}: expected an object, got {value!r}")
    return value


def _die(data: Mapping[str, Any], key: str, where: str) -> TraitDie:
    return parse_trait_die(data.get(key, "d6"), f"{where}.{key}")


def _bool(data: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise RulesError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def _int(data: Mapping[str, Any], key: str, where: str, default: int,
         minimum: int | None = None) -> int:
    value = data.get(key, default)
    if type(value) is not int or (minimum is not None and value < minimum):
        at_least = f" of at least {minimum}" if minimum is not None else ""
        raise RulesError(f"{where}.{key}: expected a whole number{at_least}, got {value!r}")
    return value


def _optional_int(data: Mapping[str, Any], key: str, where: str) -> int | None:
    """A whole number of at least 0, or None when missing or null."""
    return None if data.get(key) is None else _int(data, key, where, 0, minimum=0)
