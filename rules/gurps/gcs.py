"""Characters from GCS (GURPS Character Sheet): a version 5 ``.gcs`` JSON sheet to a stat block.

The importer takes the values GCS computed (``calc``): attribute values and current HP, Basic
Lift, Dodge by encumbrance level, and for every weapon usage its level, damage, parry and block.
Weapons live under ``equipment`` (equipped items only) and ``traits`` (natural attacks), nested in
``children`` at any depth; every usage (swung, thrust, shoot) becomes its own attack. Reach
(``C``, ``1``, ``C,1``, ``1-2*``) and range (``195/260``, or multiples of ST such as
``x15/x20``) are read; the shield's Defense Bonus is taken out of GCS's Dodge, Parry and Block
(the rules add it back only from the front or the shield side). Torso DR comes from equipped
armour and traits (``dr_bonus``), with its reduction against crushing.

A part of a sheet that cannot be read (a weapon usage without a computed level or with
unreadable damage, range or reach; a shield without a block) is skipped and listed in the stat
block's ``import_notes``. The sheet is refused, with :class:`~battlemap.rules.registry.RulesError`
naming the file and the field, only when nothing fightable is left: the attributes, HP, Basic
Lift or Dodge cannot be read (a creature without a usable attack still fights: it dodges, is
hit and hurt). Attribute rows without a computed value (separators such as "FDG") are not
values and are passed over; numbers may carry thousands separators (``500/1,000``,
``1,280 lb``); ``@Body Part@`` placeholders take the item's replacements; reach is GCS's
computed one (``calc.reach``: a Mammoth's ``C,1-3``); torso DR is GCS's for the body type.

Examples
--------
>>> name, who = read_sheet(b'{"version": 5, "profile": {"name": "Ann"}, "attributes": ['
...     b'{"attr_id": "st", "calc": {"value": 11}}, {"attr_id": "dx", "calc": {"value": 12}},'
...     b'{"attr_id": "ht", "calc": {"value": 10}}, {"attr_id": "hp", "calc": {"value": 11,'
...     b'"current": 9}}, {"attr_id": "basic_speed", "calc": {"value": 5.5}}], "calc": '
...     b'{"basic_lift": "24.2 lb", "dodge": [8, 7, 6, 5, 4]}}', "ann.gcs")
>>> name, who.dx, who.dodge, who.condition.hp
('Ann', 12, 8, 9)
>>> read_sheet(b'{"version": 2}', "old.gcs")
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: old.gcs: version: 2 is not a GCS version 5 sheet
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from battlemap.rules.gurps.damage import parse_damage
from battlemap.rules.gurps.statblock import Attack, Character, Condition, Shield, parse_reach
from battlemap.rules.registry import RulesError

__all__ = ["read_sheet"]

ENCUMBRANCE_LIMITS = (1, 2, 3, 6, 10)
"""Carried weight, in multiples of Basic Lift, of encumbrance levels 0 to 4."""
_WEIGHT = re.compile(r"^\s*([\d.,]+)\s*(lb|kg)?\s*$")
_PLACEHOLDER = re.compile(r"@([^@]+)@")
DR_TYPES = {"crushing": "cr", "cutting": "cut", "impaling": "imp", "piercing": "pi",
            "burning": "burn", "fire": "burn", "corrosion": "cor", "toxic": "tox"}
"""GCS's DR specializations that name a damage type of the rules."""


class _Sheet:
    """The parsed JSON with the file name, for messages naming the field."""

    def __init__(self, data: Mapping[str, Any], filename: str) -> None:
        self.data = data
        self.filename = filename
        self.skipped: list[str] = []
        """The parts that could not be read, in words (the stat block's ``import_notes``)."""

    def fail(self, where: str, what: str) -> RulesError:
        return RulesError(f"{self.filename}: {where}: {what}")


def _load(data: bytes | Mapping[str, Any], filename: str) -> _Sheet:
    if isinstance(data, Mapping):
        parsed: Any = data
    else:
        try:
            parsed = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as error:  # digits, depth
            raise RulesError(f"{filename}: not a GCS sheet (JSON): {error}") from None
    if not isinstance(parsed, Mapping):
        raise RulesError(f"{filename}: not a GCS sheet (expected a JSON object)")
    sheet = _Sheet(parsed, filename)
    if parsed.get("version") != 5:
        raise sheet.fail("version", f"{parsed.get('version')!r} is not a GCS version 5 sheet")
    return sheet


def _listed(value: Any) -> list[Any]:
    """``value`` if a list, else none (a sheet's optional list written as something else)."""
    return value if isinstance(value, list) else []


def _mapped(value: Any) -> Mapping[str, Any]:
    """``value`` if an object, else an empty one (an optional ``calc`` written otherwise)."""
    return value if isinstance(value, Mapping) else {}


_MOST = 1e9
"""The largest number read from a sheet, either sign (the stat block's own ranges are
checked when the token is made)."""


def _number(sheet: _Sheet, value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise sheet.fail(where, f"expected a number, got {value!r}")
    if not -_MOST <= value <= _MOST:  # NaN fails too
        raise sheet.fail(where, f"{value!r:.40} is outside the allowed range "
                                f"{-_MOST:,.0f} to {_MOST:,.0f}")
    return float(value)


def _weight(sheet: _Sheet, value: Any, where: str) -> float:
    """``"3 lb"`` -> 3.0 (kg converted to lb)."""
    found = _WEIGHT.match(value) if isinstance(value, str) else None
    if found is None:
        raise sheet.fail(where, f"cannot read weight {value!r} (expected like '3 lb')")
    pounds = float(found.group(1).replace(",", ""))
    return pounds * 2.2 if found.group(2) == "kg" else pounds


def _attributes(sheet: _Sheet) -> dict[str, Mapping[str, Any]]:
    attributes = sheet.data.get("attributes")
    if not isinstance(attributes, list):
        raise sheet.fail("attributes", "missing or not a list")
    found: dict[str, Mapping[str, Any]] = {}
    for entry in attributes:
        # separator rows ("FDG") and orphan adjustments carry no computed value: not values
        calc = entry.get("calc") if isinstance(entry, Mapping) else None
        if isinstance(calc, Mapping) and isinstance(entry.get("attr_id"), str):
            found[entry["attr_id"]] = calc
    return found


def _attribute(sheet: _Sheet, attributes: Mapping[str, Mapping[str, Any]], key: str) -> float:
    if key not in attributes:
        raise sheet.fail(f"attributes[{key}]", "missing")
    return _number(sheet, attributes[key].get("value"), f"attributes[{key}].calc.value")


def _walk(items: Any, path: str, equipment: bool) -> Iterator[tuple[Mapping[str, Any], str]]:
    """Every item under ``items`` with its path; unequipped and disabled ones are skipped."""
    if not isinstance(items, list):
        return
    for index, item in enumerate(items):
        if not isinstance(item, Mapping) or item.get("disabled") is True:
            continue
        if equipment and item.get("equipped") is False:
            continue
        where = f"{path}[{index}]"
        yield item, where
        yield from _walk(item.get("children"), f"{where}.children", equipment)


def _items(sheet: _Sheet) -> Iterator[tuple[Mapping[str, Any], str, bool]]:
    for item, where in _walk(sheet.data.get("equipment"), "equipment", True):
        yield item, where, True
    for item, where in _walk(sheet.data.get("traits"), "traits", False):
        yield item, where, False


def _filled(item: Mapping[str, Any], text: str) -> str:
    """``text`` with GCS's ``@Body Part@`` placeholders filled from the item's replacements
    (a placeholder without one keeps its name, without the at signs)."""
    given = item.get("replacements")
    values = given if isinstance(given, Mapping) else {}
    return _PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(1))), text)


def _item_name(item: Mapping[str, Any]) -> str:
    return _filled(item, str(item.get("description") or item.get("name") or "weapon"))


def _is_shield(item: Mapping[str, Any]) -> bool:
    weapons = _listed(item.get("weapons"))
    return "Shield" in _listed(item.get("tags")) or any(
        isinstance(w, Mapping) and "block" in _mapped(w.get("calc")) for w in weapons)


def _shield(sheet: _Sheet) -> Shield | None:
    for item, where, equipment in _items(sheet):
        if not equipment or not _is_shield(item):
            continue
        db = sum(int(_number(sheet, f.get("amount", 0), f"{where}.features.amount"))
                 for f in _listed(item.get("features")) if isinstance(f, Mapping)
                 and f.get("type") == "attribute_bonus" and f.get("attribute") == "block")
        blocks = [w for w in _listed(item.get("weapons"))
                  if isinstance(w, Mapping) and "block" in _mapped(w.get("calc"))]
        try:
            if not blocks:
                raise sheet.fail(f"{where}.weapons", "a shield without a block value")
            block = _score(sheet, blocks[0]["calc"]["block"], f"{where}.weapons[0].calc.block")
        except RulesError as error:
            sheet.skipped.append(f"shield {_item_name(item)}: {_reason(sheet, error)}")
            continue
        return Shield(_item_name(item), db, block[0] - db, side=_shield_side(sheet))
    return None


def _reason(sheet: _Sheet, error: RulesError) -> str:
    return str(error).removeprefix(f"{sheet.filename}: ")


def _shield_side(sheet: _Sheet) -> str:
    """The shield is carried in the off hand: on the left of a right-handed fighter."""
    profile = sheet.data.get("profile")
    hand = profile.get("handedness") if isinstance(profile, Mapping) else None
    return "right" if isinstance(hand, str) and hand.strip().lower() == "left" else "left"


def _score(sheet: _Sheet, text: Any, where: str) -> tuple[int, str]:
    """``"11U"`` -> (11, "U"); ``"12"`` -> (12, "")."""
    found = re.match(r"^\s*(-?\d+)\s*([A-Za-z]*)", str(text))
    if found is None:
        raise sheet.fail(where, f"cannot read {text!r} (expected a number like 11 or 11U)")
    return int(found.group(1)), found.group(2).upper()


def _torso_dr(sheet: _Sheet) -> tuple[int, dict[str, int]] | None:
    """The torso DR GCS computed for the sheet's body type (``calc.dr``: ``all`` and the
    differences by damage type, such as ``crushing: -2``), or None without a torso."""
    settings = sheet.data.get("settings")
    body = settings.get("body_type") if isinstance(settings, Mapping) else None
    locations = body.get("locations") if isinstance(body, Mapping) else None
    for location in locations if isinstance(locations, list) else []:
        if not isinstance(location, Mapping) or location.get("id") != "torso":
            continue
        dr = _mapped(location.get("calc")).get("dr")
        if not isinstance(dr, Mapping) or not isinstance(dr.get("all", 0), int):
            return None
        base = int(dr.get("all", 0))
        versus = {DR_TYPES[key]: base + int(value) for key, value in dr.items()
                  if key in DR_TYPES and isinstance(value, int) and value}
        return base, versus
    return None


def _dr(sheet: _Sheet) -> tuple[int, dict[str, int]]:
    """Torso DR, and the DR against damage types where it differs: read from the body type
    GCS computed (body-type DR, limited DR counted as GCS counts it), else summed from the
    ``dr_bonus`` features of armour and traits (older sheets)."""
    computed = _torso_dr(sheet)
    if computed is not None:
        return computed
    base, crushing = 0, 0
    for item, where, _equipment in _items(sheet):
        levels = item.get("levels", 1) if isinstance(item.get("levels", 1), int) else 1
        for feature in _listed(item.get("features")):
            if not isinstance(feature, Mapping) or feature.get("type") != "dr_bonus":
                continue
            places = feature.get("locations") or [feature.get("location")]
            if "torso" not in places and "all" not in places:
                continue
            amount = int(_number(sheet, feature.get("amount", 0), f"{where}.features")) * (
                levels if feature.get("per_level") else 1)
            if feature.get("specialization") in (None, "all"):
                base += amount
            elif feature.get("specialization") == "crushing":
                crushing += amount
    return base, ({"cr": base + crushing} if crushing else {})


def _skills(sheet: _Sheet) -> dict[str, int]:
    skills: dict[str, int] = {}
    for skill, _where in _walk(sheet.data.get("skills"), "skills", False):
        level = _mapped(skill.get("calc")).get("level")
        name = skill.get("name")
        if isinstance(name, str) and isinstance(level, int) and "children" not in skill:
            name = _filled(skill, name)
            skills[name] = max(level, skills.get(name, level))
    return skills


def _traits(sheet: _Sheet) -> tuple[str, ...]:
    names = [_filled(item, str(item.get("name")))
             for item, _where in _walk(sheet.data.get("traits"), "traits", False)
             if isinstance(item.get("name"), str) and "children" not in item]
    return tuple(dict.fromkeys(names))


def _encumbrance(sheet: _Sheet, basic_lift: float) -> int:
    equipment = _listed(sheet.data.get("equipment"))
    carried = 0.0
    for index, item in enumerate(equipment if isinstance(equipment, list) else []):
        weight = _mapped(item.get("calc")).get("extended_weight") if isinstance(item, Mapping) \
            else None
        if weight is not None:
            carried += _weight(sheet, weight, f"equipment[{index}].calc.extended_weight")
    for level, limit in enumerate(ENCUMBRANCE_LIMITS):
        if carried <= limit * basic_lift + 1e-9:
            return level
    return len(ENCUMBRANCE_LIMITS) - 1


def _range(sheet: _Sheet, weapon: Mapping[str, Any], st: int,
           where: str) -> tuple[float, float]:
    text = _mapped(weapon.get("calc")).get("range") or weapon.get("range")
    parts = [p.strip().lower() for p in str(text).replace(",", "").split("/")]
    values = []
    for part in parts:
        found = re.match(r"^(x)?\s*([\d.]+)$", part.replace("st", "").replace(" ", ""))
        if found is None:
            raise sheet.fail(f"{where}.range", f"cannot read range {text!r}")
        values.append(float(found.group(2)) * (st if found.group(1) else 1))
    return (values[0], values[-1])


def _kind(weapon: Mapping[str, Any], item: Mapping[str, Any]) -> str:
    if weapon.get("reach") is not None or weapon.get("range") is None:
        return "melee"
    defaults = " ".join(_default_name(d) or "" for d in _listed(weapon.get("defaults"))
                        if isinstance(d, Mapping)).lower()
    usage = str(weapon.get("usage", "")).lower()
    if "thrown" in defaults or "throw" in usage or "Thrown Weapon" in _listed(item.get("tags")):
        return "thrown"
    if "beam weapons" in defaults:
        return "beam"
    if "guns" in defaults or "gunner" in defaults:
        return "firearm"
    return "missile"


def _skill_name(weapon: Mapping[str, Any], skills: Mapping[str, int]) -> str:
    """The skill the weapon's level comes from: the best default the character knows."""
    defaults = weapon.get("defaults")
    known = [(skills[name] + d.get("modifier", 0), name)
             for d in (defaults if isinstance(defaults, list) else [])
             if isinstance(d, Mapping) and d.get("type") == "skill"
             and type(d.get("modifier", 0)) is int and abs(d.get("modifier", 0)) <= 1000
             and isinstance(name := _default_name(d), str) and name in skills]
    return max(known)[1] if known else ""


def _default_name(default: Mapping[str, Any]) -> str | None:
    """A default's skill name: a plain name, or the ``is`` criterion newer sheets write
    (``{"compare": "is", "qualifier": "Brawling"}``); None for any other criterion."""
    name = default.get("name")
    if isinstance(name, str):
        return name
    if isinstance(name, Mapping) and name.get("compare") == "is" and \
            isinstance(name.get("qualifier"), str):
        return str(name["qualifier"])
    return None


def _attack(sheet: _Sheet, item: Mapping[str, Any], weapon: Mapping[str, Any], where: str,
            context: tuple[int, Mapping[str, int], int, bool]) -> Attack:
    st, skills, db, equipment = context
    calc = weapon.get("calc")
    if not isinstance(calc, Mapping) or not isinstance(calc.get("level"), int):
        raise sheet.fail(f"{where}.calc.level", "missing: GCS computed no attack level (an aura or"
                         " an engulf without an attack roll: the GM plays it)")
    try:
        damage = parse_damage(str(calc.get("damage", "")))
    except ValueError as error:
        raise sheet.fail(f"{where}.calc.damage", str(error)) from None
    name, usage = _item_name(item), _filled(item, str(weapon.get("usage") or ""))
    if not equipment and name == "Natural Attacks":
        name, usage = usage or name, ""
    kind = _kind(weapon, item)
    parry, flags = (None, "")
    if "parry" in calc and str(calc["parry"]).strip().lower() not in ("no", "-", ""):
        value, flags = _score(sheet, calc["parry"], f"{where}.calc.parry")
        parry = value - db
    # the reach GCS computed (for size: a Mammoth's "C,1-3"); a ranged usage reaches no hex
    reach_text = calc.get("reach") or weapon.get("reach")
    reach = parse_reach(str(reach_text), f"{where}.reach") if reach_text else \
        (1, 1) if kind == "melee" else (0, 0)
    rate = re.match(r"\d+", str(weapon.get("rate_of_fire", "1")))
    recoil = re.match(r"\d+", str(weapon.get("recoil", "1")))
    weight = (_weight(sheet, _mapped(item.get("calc")).get("weight", "0 lb"),
                      f"{where}.calc.weight") if equipment else 0.0)
    # GCS marks a weapon needing both hands with a dagger on its ST ("12†", "10‡")
    hands = "both" if any(mark in str(weapon.get("strength", "")) for mark in "†‡") else "main"
    return Attack(
        name=name, usage=usage, skill=int(calc["level"]), damage=damage, kind=kind, reach=reach,
        hand=hands,
        range=_range(sheet, weapon, st, where) if kind != "melee" else None, parry=parry,
        fencing="F" in flags, unbalanced="U" in flags, weight=weight, unarmed=not equipment,
        skill_name=_skill_name(weapon, skills), rate_of_fire=int(rate.group()) if rate else 1,
        recoil=max(1, int(recoil.group())) if recoil else 1)


def _attacks(sheet: _Sheet, st: int, skills: Mapping[str, int], db: int) -> tuple[Attack, ...]:
    attacks: list[Attack] = []
    for item, where, equipment in _items(sheet):
        for index, weapon in enumerate(_listed(item.get("weapons"))):
            if not isinstance(weapon, Mapping):
                raise sheet.fail(f"{where}.weapons[{index}]", "expected an object")
            calc = weapon.get("calc")
            shield_bash = isinstance(calc, Mapping) and "block" in calc
            try:
                attack = _attack(sheet, item, weapon, f"{where}.weapons[{index}]",
                                 (st, skills, db, equipment))
            except RulesError as error:
                usage = _filled(item, str(weapon.get("usage") or ""))
                label = f"{_item_name(item)} ({usage})" if usage else _item_name(item)
                sheet.skipped.append(f"{label}: {_reason(sheet, error)}")
                continue
            attacks.append(_unique(attack, attacks, shield_bash))
    return tuple(attacks)


def _unique(attack: Attack, earlier: list[Attack], shield_bash: bool) -> Attack:
    """A shield bash is made with the off (shield) hand; a repeated label gets a number."""
    if shield_bash:
        attack = replace(attack, hand="off")
    labels = {a.label for a in earlier}
    if attack.label not in labels:
        return attack
    number = 2
    while replace(attack, name=f"{attack.name} {number}").label in labels:
        number += 1
    return replace(attack, name=f"{attack.name} {number}")


def read_sheet(data: bytes | Mapping[str, Any], filename: str) -> tuple[str, Character]:
    """The character's name and :class:`Character` from a GCS sheet (bytes or parsed JSON)."""
    sheet = _load(data, filename)
    attributes = _attributes(sheet)
    st, dx, ht = (int(_attribute(sheet, attributes, key)) for key in ("st", "dx", "ht"))
    hp = int(_attribute(sheet, attributes, "hp"))
    current = attributes["hp"].get("current", hp)
    calc = sheet.data.get("calc")
    if not isinstance(calc, Mapping):
        raise sheet.fail("calc", "missing (save the sheet in GCS to compute it)")
    basic_lift = _weight(sheet, calc.get("basic_lift"), "calc.basic_lift")
    dodges = calc.get("dodge")
    if not isinstance(dodges, list) or len(dodges) != 5 or not all(
            isinstance(d, int) for d in dodges):
        raise sheet.fail("calc.dodge", f"expected five Dodge values, got {dodges!r}")
    encumbrance = _encumbrance(sheet, basic_lift)
    shield = _shield(sheet)
    db = shield.db if shield is not None else 0
    dr, dr_vs = _dr(sheet)
    skills = _skills(sheet)
    profile = sheet.data.get("profile")
    given = profile.get("name") if isinstance(profile, Mapping) else None
    # no name on the sheet: the file's ("Flame_Servant_Demon.gcs" -> "Flame Servant Demon")
    name = str(given or filename.rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("_", " "))
    character = Character(
        st=st, dx=dx, ht=ht, hp=hp,
        basic_speed=_attribute(sheet, attributes, "basic_speed"), basic_lift=basic_lift,
        dodge=dodges[encumbrance] - db, encumbrance=encumbrance, dr=dr, dr_vs=dr_vs,
        shield=shield, skills=skills, traits=_traits(sheet),
        attacks=_attacks(sheet, st, skills, db),
        condition=Condition(hp=int(_number(sheet, current, "attributes[hp].calc.current"))),
        import_notes=tuple(sheet.skipped),
        basic_move=int(_attribute(sheet, attributes, "basic_move"))
        if "basic_move" in attributes else 0)
    return name, character
