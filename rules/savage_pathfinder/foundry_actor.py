"""Read an actor exported from Foundry VTT's SWADE system (the actor sheet's *Export Data*
JSON) as a stat block, field by field, saying what it could not read.

The actor's ``system`` (``data`` before Foundry 10) holds the attributes as
``attributes.<name>.die.sides`` / ``.modifier``, ``stats.speed`` (Pace, ``runningDie``),
``stats.toughness`` (``value`` as the sheet shows it, ``armor``, ``modifier``),
``stats.parry`` (``value``, ``modifier``), ``stats.size``, ``wildcard``, ``wounds``,
``fatigue``, ``bennies`` and ``status`` (``isShaken``...). Its ``items`` are skills (``type``
"skill", ``system.die``), weapons (``damage`` such as ``@str+1d6``, ``ap``, ``range`` such as
"12/24/48", ``rof``, ``shots``, ``parry``, ``minStr``, ``equipStatus``), armor (``armor``,
``locations.torso``, ``isNaturalArmor``), shields (``parry``), edges, hindrances, abilities,
powers and gear. ``effects`` (on the actor, or on its items when they transfer) that add to
Toughness, Parry or Size are read as such.

Only what is in hand adds Parry (``equipStatus`` 2 off-hand, 4 main hand, 5 both hands;
armor and shields 3 equipped; or ``equipped: true`` in older exports): a weapon in the pack (1)
is still one to attack with, without its Parry; a stored one (0) is not read. A Wild Card is
an actor of type "character" or one with ``wildcard``. The Toughness and Parry the sheet shows
are compared with what the rules derive (Toughness 2 + half Vigor + Armor + Size + the sheet's
modifier + effects; Parry 2 + half Fighting + shield and weapon Parry + the modifier +
effects), and any difference is named with the arithmetic, as for a stat block pasted as text.
An Undead ability without an effect adds nothing here (the sheet's effect or modifier says
what it adds).

Examples
--------
>>> import json
>>> actor = {"name": "Gnoll", "type": "npc", "system": {
...     "attributes": {a: {"die": {"sides": 8, "modifier": 0}} for a in
...                    ("agility", "smarts", "spirit", "strength", "vigor")},
...     "stats": {"toughness": {"value": 7, "armor": 1, "modifier": 0},
...               "parry": {"value": 6, "modifier": 0}, "speed": {"value": 6}, "size": 0}},
...     "items": [{"name": "Fighting", "type": "skill", "system": {"die": {"sides": 8}}},
...               {"name": "Hide", "type": "armor", "system": {"armor": 1,
...                "equipStatus": 3}}]}
>>> read = read_foundry_actor(json.dumps(actor).encode(), "gnoll.json")
>>> read.name, read.stats["skills"], read.stats["armor"], read.mismatches
('Gnoll', {'fighting': 'd8'}, 1, ())
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.statblock import ATTRIBUTES, NO_VITALS
from battlemap.rules.savage_pathfinder.statblock_gear import MAX_BONUS, damage_text, trait_die
from battlemap.rules.savage_pathfinder.statblock_text import (
    NATURAL_NAMES,
    THROWN_NAMES,
    StatBlockText,
    _Draft,
    _mismatches,
)

__all__ = ["read_foundry_actor"]

_IN_HAND = {2: "off-hand", 4: "main hand", 5: "both hands"}
_WORN = 3
_CARRIED = 1
_STATUS = {"isShaken": "shaken", "isDistracted": "distracted", "isVulnerable": "vulnerable",
           "isStunned": "stunned", "isEntangled": "entangled", "isBound": "bound",
           "isProne": "prone"}
_EFFECT_KEYS = {"system.stats.toughness.value": "toughness",
                "system.stats.toughness.modifier": "toughness",
                "data.stats.toughness.value": "toughness",
                "system.stats.parry.value": "parry", "system.stats.parry.modifier": "parry",
                "data.stats.parry.value": "parry", "system.stats.size": "size",
                "data.stats.size": "size"}
_READ_KEYS = ("attributes", "stats", "wounds", "fatigue", "wildcard", "bennies", "status",
              "details")
"""The actor's ``system`` keys read (``details`` is the biography and notes)."""
_ADD_MODE = 2
"""Foundry's active-effect mode ADD."""
_NOTED_TYPES = {"hindrance": "Hindrance: recorded by no rule here",
                "power": "power: cast with the action menu's Push or a Test, not read",
                "gear": "gear with no combat statistics",
                "consumable": "gear with no combat statistics",
                "action": "an action item: no rule in the app"}


class _Bad(ValueError):
    """A field of the actor that cannot be read; the message names its path."""


def _get(data: Mapping[str, Any], path: str) -> Any:
    value: Any = data
    for key in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value


def _int(value: Any, where: str, low: int, high: int, default: int | None = None) -> int:
    """An int (or a numeric string, as older exports write them) between ``low`` and
    ``high``."""
    if value is None or value == "":
        if default is None:
            raise _Bad(f"{where}: missing")
        return default
    if isinstance(value, bool):
        raise _Bad(f"{where}: {value!r} is not a number")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit() \
            and len(value.strip()) <= 6:
        value = int(value.strip())
    if not isinstance(value, int) or not low <= value <= high:
        raise _Bad(f"{where}: {str(value)[:40]!r} is not a whole number from {low} to {high}")
    return value


def _die(die: Any, where: str) -> str:
    if not isinstance(die, Mapping):
        raise _Bad(f"{where}: expected {{'sides': 8, 'modifier': 0}}, got {str(die)[:60]}")
    sides = _int(die.get("sides"), f"{where}.sides", 4, 12)
    modifier = _int(die.get("modifier"), f"{where}.modifier", -MAX_BONUS, MAX_BONUS, 0)
    try:
        return trait_die(f"d{sides}{modifier:+d}" if modifier else f"d{sides}")
    except ValueError as error:
        raise _Bad(f"{where}: {error}") from None


def _system(item: Mapping[str, Any]) -> Mapping[str, Any]:
    found = item.get("system", item.get("data"))
    return found if isinstance(found, Mapping) else {}


def _in_hand(system: Mapping[str, Any], worn: bool) -> str | None:
    """How an item is carried when it counts ("main hand", "worn", "carried" for a weapon in
    the pack), None when it does not (stored; armor or a shield not worn)."""
    status = system.get("equipStatus")
    if isinstance(status, int) and not isinstance(status, bool):
        if worn:
            return "worn" if status >= _WORN else None
        return _IN_HAND.get(status) or {_WORN: "equipped", _CARRIED: "carried"}.get(status)
    equipped = system.get("equipped")
    if isinstance(equipped, bool):
        return "equipped" if equipped or not worn else None
    return "equipped"  # no equip field: a creature's own attack or hide


def read_foundry_actor(data: bytes, filename: str) -> StatBlockText:
    """Read a Foundry SWADE actor export; ``RulesError`` naming ``filename`` and the field
    when it is not one (see the module docs for what is read)."""
    try:
        top = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise RulesError(f"{filename}: not a JSON file ({str(error)[:80]})") from None
    if not isinstance(top, Mapping):
        raise RulesError(f"{filename}: not a Foundry actor (expected a JSON object)")
    system = top.get("system", top.get("data"))
    if not isinstance(system, Mapping) or not isinstance(system.get("attributes"), Mapping):
        raise RulesError(f"{filename}: not a Foundry SWADE actor (no system.attributes)")
    if top.get("type") == "vehicle":
        raise RulesError(f"{filename}: a vehicle actor, not a creature")
    draft = _Draft()
    try:
        _read(draft, top, system)
    except _Bad as error:
        raise RulesError(f"{filename}: {error}") from None
    mismatches = _mismatches(draft)
    return StatBlockText(draft.name, draft.stats, tuple(draft.readings), tuple(draft.unread),
                         tuple(draft.ignored), tuple(mismatches))


def _read(draft: _Draft, top: Mapping[str, Any], system: Mapping[str, Any]) -> None:
    name = top.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _Bad("name: an actor needs a name")
    draft.name = name.strip()[:80]
    wild = top.get("type") == "character" or system.get("wildcard") is True
    draft.wild = wild
    draft.stats["wild_card"] = wild
    draft.read("wild_card", wild, f"type {top.get('type')!r}, wildcard "
                                  f"{system.get('wildcard')!r}")
    attributes = draft.stats.setdefault("attributes", {})
    for attribute in ATTRIBUTES:
        where = f"system.attributes.{attribute}.die"
        attributes[attribute] = _die(_get(system, f"attributes.{attribute}.die"), where)
        draft.read(f"attributes.{attribute}", attributes[attribute], where)
    _stats(draft, system)
    items = top.get("items", [])
    if not isinstance(items, list):
        raise _Bad("items: expected a list")
    for index, item in enumerate(items):
        if isinstance(item, Mapping):
            _item(draft, item, f"items[{index}]")
        else:
            draft.skip(f"items[{index}]", "not an item object")
    _effects(draft, top.get("effects", []), "effects")
    _derived_bonuses(draft, system)
    for key in system:
        if key not in _READ_KEYS:
            draft.note(f"system.{str(key)[:40]}", "no place in the app's stat block")
    stats = system.get("stats")
    for key in stats if isinstance(stats, Mapping) else ():
        if key not in ("speed", "toughness", "parry", "size"):
            draft.note(f"system.stats.{str(key)[:40]}", "no place in the app's stat block")


def _stats(draft: _Draft, system: Mapping[str, Any]) -> None:
    pace = _get(system, "stats.speed.value")
    if pace is not None:
        draft.stats["pace"] = _int(pace, "system.stats.speed.value", 0, 99)
        draft.read("pace", draft.stats["pace"], "system.stats.speed.value")
    running = _get(system, "stats.speed.runningDie")
    if running is not None:
        draft.stats["running_die"] = f"d{_int(running, 'system.stats.speed.runningDie', 4, 12)}"
        draft.read("running_die", draft.stats["running_die"], "system.stats.speed.runningDie")
    size = _int(_get(system, "stats.size"), "system.stats.size", -4, 20, 0)
    if size:
        draft.stats["size"] = size
        draft.read("size", size, "system.stats.size")
        draft.toughness_parts.append(("Size", size))
    for figure in ("toughness", "parry"):
        shown = _get(system, f"stats.{figure}.value")
        if shown not in (None, "", 0):
            draft.printed[figure] = (_int(shown, f"system.stats.{figure}.value", 0, 99), None)
            draft.read(f"printed {figure}", draft.printed[figure][0],
                       f"system.stats.{figure}.value")
    bennies = _get(system, "bennies.value")
    if bennies is not None:
        draft.stats["bennies"] = _int(bennies, "system.bennies.value", 0, 99)
        draft.read("bennies", draft.stats["bennies"], "system.bennies.value")
    condition: dict[str, Any] = {}
    for key, path in (("wounds", "wounds.value"), ("fatigue", "fatigue.value")):
        value = _int(_get(system, path), f"system.{path}", 0, 9, 0)
        if value:
            condition[key] = value
    status = system.get("status")
    for flag, state in _STATUS.items():
        if isinstance(status, Mapping) and status.get(flag) is True:
            condition[state] = True
    if condition:
        draft.stats["condition"] = condition
        draft.read("condition", condition, "system.wounds, system.fatigue, system.status")
    limit = _get(system, "wounds.max")
    standard = 3 if draft.wild else 1
    if isinstance(limit, int) and limit not in (standard, 0 if not draft.wild else 3):
        draft.stats["max_wounds"] = _int(limit, "system.wounds.max", 0, 9)
        draft.read("max_wounds", limit, "system.wounds.max")


def _derived_bonuses(draft: _Draft, system: Mapping[str, Any]) -> None:
    for figure, parts in (("toughness", draft.toughness_parts), ("parry", draft.parry_parts)):
        modifier = _int(_get(system, f"stats.{figure}.modifier"),
                        f"system.stats.{figure}.modifier", -20, 20, 0)
        if modifier:
            parts.append((f"the sheet's {figure.title()} modifier", modifier))
    parry = sum(v for n, v in draft.parry_parts if not n.startswith("shield "))
    toughness = sum(v for _, v in draft.toughness_parts)
    if parry:
        draft.stats["parry_bonus"] = parry
        draft.read("parry_bonus", parry, " + ".join(
            f"{n} {v:+d}" for n, v in draft.parry_parts if not n.startswith("shield ")))
    if toughness:
        draft.stats["toughness_bonus"] = toughness
        draft.read("toughness_bonus", toughness,
                   " + ".join(f"{n} {v:+d}" for n, v in draft.toughness_parts))
    armor = _get(system, "stats.toughness.armor")
    if armor not in (None, "", 0) and draft.printed.get("toughness"):
        shown = _int(armor, "system.stats.toughness.armor", 0, 99)
        draft.printed["toughness"] = (draft.printed["toughness"][0], shown)


def _item(draft: _Draft, item: Mapping[str, Any], where: str) -> None:
    kind, name = str(item.get("type"))[:20], item.get("name")
    if not isinstance(name, str) or not name.strip():
        draft.skip(where, "an item without a name")
        return
    name = name.strip()[:80]
    system = _system(item)
    source = f"{where} {name} ({kind})"
    try:
        if kind == "skill":
            _skill(draft, name, system, where, source)
        elif kind == "weapon":
            _weapon(draft, name, system, source)
        elif kind == "armor":
            _armor(draft, name, system, source)
        elif kind == "shield":
            _shield(draft, name, system, source)
        elif kind == "edge" or (kind == "ability" and name.lower() in NO_VITALS):
            draft.stats.setdefault("edges", []).append(name)
            draft.read("edges", name, source)
        elif kind in _NOTED_TYPES:
            draft.note(source, _NOTED_TYPES[kind])
        elif kind == "ability":
            draft.note(source, "special ability with no rule in the app")
        else:
            draft.skip(source, f"an item of type {kind!r} this reader does not know")
    except _Bad as error:
        draft.skip(source, str(error))
        return
    if item.get("effects"):
        _effects(draft, item["effects"], f"{where}.effects", transfer_only=True)


def _skill(draft: _Draft, name: str, system: Mapping[str, Any], where: str,
           source: str) -> None:
    if name.lower() in ("unskilled", "unskilled attempt"):
        draft.note(source, "unskilled rolls are d4-2 by the rules already")
        return
    skills = draft.stats.setdefault("skills", {})
    skills[name.lower()] = _die(system.get("die"), f"{where}.system.die")
    draft.read(f"skills.{name.lower()}", skills[name.lower()], source)


def _weapon(draft: _Draft, name: str, system: Mapping[str, Any], source: str) -> None:
    hand = _in_hand(system, worn=False)
    if hand is None:
        draft.note(source, "stored: no attack from it")
        return
    raw = system.get("damage")
    damage = damage_text(raw.replace(" ", "")) if isinstance(raw, str) else None
    if damage is None:
        draft.skip(source, f"damage {str(raw)[:40]!r} is not like @str+d6 or 2d6")
        return
    weapon: dict[str, Any] = {"name": name, "damage": damage}
    ap = _int(system.get("ap"), "ap", 0, 99, 0)
    if ap:
        weapon["ap"] = ap
    _weapon_range(draft, weapon, system.get("range"), source)
    for key, field, high in (("rof", "rof", 10), ("shots", "shots", 9999),
                             ("parry", "parry", 9), ("reach", "reach", 99)):
        value = _int(system.get(key), key, -9 if key == "parry" else 0, high, 0)
        if value and key == "parry" and hand == "carried":
            draft.note(f"{source}: Parry {value:+d}", "carried, not in hand: no Parry from it")
        elif value and not (key == "rof" and value == 1):
            weapon[field] = value
    min_str = system.get("minStr")
    if isinstance(min_str, str) and min_str.strip():
        try:
            weapon["min_str"] = trait_die(min_str)
        except ValueError as error:
            draft.note(f"{source}: Min Str {min_str[:20]}", str(error))
    if hand == "off-hand":
        weapon["off_hand"] = True
    elif hand == "both hands":
        weapon["two_handed"] = True
    if "range" not in weapon and any(n in name.lower() for n in NATURAL_NAMES):
        weapon["natural"] = True
    weapons = draft.stats.setdefault("weapons", [])
    weapons.append(weapon)
    draft.read(f"weapons[{len(weapons) - 1}]", weapon, source)
    if system.get("isHeavyWeapon") is True:
        draft.note(source, "Heavy Weapon: no rule in the app")


def _weapon_range(draft: _Draft, weapon: dict[str, Any], text: Any, source: str) -> None:
    if not isinstance(text, str) or not text.strip() or text.strip().lower() == "melee":
        return
    bands = text.replace(" ", "").split("/")
    if len(bands) == 3 and all(b.isdigit() and len(b) <= 4 for b in bands) \
            and 0 < int(bands[0]) <= int(bands[1]) <= int(bands[2]):
        weapon["range"] = [int(b) for b in bands]
        if any(n in str(weapon["name"]).lower() for n in THROWN_NAMES):
            weapon["thrown"] = True
    else:
        draft.note(f"{source}: range {text[:40]}", "not Short/Medium/Long: read as a hand "
                                                   "weapon (use the template tool for areas)")


def _armor(draft: _Draft, name: str, system: Mapping[str, Any], source: str) -> None:
    if _in_hand(system, worn=True) is None:
        draft.note(source, "not worn: no Armor from it")
        return
    value = _int(system.get("armor"), "armor", 0, 99, 0)
    torso = _get(system, "locations.torso")
    if torso is False:
        draft.note(source, "covers no torso: the app's one Armor value is the torso's")
        return
    natural = system.get("isNaturalArmor") is True
    worn, hide = draft.armor_parts
    draft.armor_parts = (worn, hide + value) if natural else (max(worn, value), hide)
    draft.stats["armor"] = sum(draft.armor_parts)
    draft.armor_from = ", ".join(p for p in (draft.armor_from, name) if p)
    draft.read("armor", draft.stats["armor"],
               source + (" (natural: added to the best worn)" if natural else ""))


def _shield(draft: _Draft, name: str, system: Mapping[str, Any], source: str) -> None:
    if _in_hand(system, worn=True) is None:
        draft.note(source, "not carried in hand: no Parry from it")
        return
    parry = _int(system.get("parry"), "parry", -9, 9, 0)
    shield = {"name": name, "parry": parry, "shield": True}
    weapons = draft.stats.setdefault("weapons", [])
    weapons.append(shield)
    draft.parry_parts.append((f"shield {name}", parry))
    draft.read(f"weapons[{len(weapons) - 1}]", shield, source)
    if system.get("cover"):
        draft.note(f"{source}: cover {str(system.get('cover'))[:10]}",
                   "a shield's Cover against shots: no rule in the app")


def _effects(draft: _Draft, effects: Any, where: str, transfer_only: bool = False) -> None:
    """Active effects adding to Toughness, Parry or Size (mode ADD); others are listed."""
    if not isinstance(effects, list):
        return
    for index, effect in enumerate(effects):
        if not isinstance(effect, Mapping) or effect.get("disabled") is True:
            continue
        if transfer_only and effect.get("transfer") is False:
            continue
        label = str(effect.get("name") or effect.get("label") or f"{where}[{index}]")[:60]
        changes = effect.get("changes", [])
        for change in changes if isinstance(changes, list) else []:
            key = change.get("key") if isinstance(change, Mapping) else None
            figure = _EFFECT_KEYS.get(str(key))
            if figure is None or change.get("mode") != _ADD_MODE:
                draft.note(f"{label}: {str(key)[:60]}", "an effect with no rule in the app")
                continue
            try:
                value = _int(change.get("value"), f"{where}[{index}] {key}", -20, 20)
            except _Bad as error:
                draft.skip(label, str(error))
                continue
            if figure == "size":
                draft.stats["size"] = draft.stats.get("size", 0) + value
                draft.read("size", draft.stats["size"], label)
                figure = "toughness"
            (draft.toughness_parts if figure == "toughness" else draft.parry_parts).append(
                (label, value))
