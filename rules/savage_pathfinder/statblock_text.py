"""Read a stat block pasted from a book as text, field by field, and say what it could not read.

GMs copy stat blocks as text::

    Goblin Boss (WC)
    Attributes: Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d8
    Skills: Athletics d6, Fighting d8, Notice d6, Shooting d8, Stealth d10
    Pace: 6; Parry: 7 (1); Toughness: 8 (2)
    Edges: Quick
    Gear: Scimitar (Str+d6), shortbow (Range 12/24/48, Damage 2d6), small shield (+1 Parry),
    leather armor (+2)
    Special Abilities:
    • Infravision: Halves darkness penalties against heated targets.

:func:`read_stat_block` returns a :class:`StatBlockText`: ``stats``, the stat block in the JSON
form :func:`~rules.savage_pathfinder.parsing.combatant_from_dict` reads; ``readings``, each
field it understood with the text it came from; ``unread``, each line or part it could not read
and why; ``ignored``, what it read but the stat block has no place for (Hindrances, Languages,
gear without combat statistics, special abilities without a rule here); and ``mismatches``,
where the printed Parry or Toughness differs from the one the text's rules derive (Parry 2 +
half Fighting + weapon and shield bonuses; Toughness 2 + half Vigor + Armor). A mismatch is
pointed out, never silently used: ``stats`` holds what was read, and the derived values are
what the app will use.

Wild Cards are marked by "(WC)", "WC", "Wild Card" or a star or skull before the name. Armor
comes from the gear ("(+2)" on armor, the best piece counts) or, failing that, the printed
Toughness's "(2)". Special abilities that the rules use are read: Armor +N, Size +N,
Resilient / Very Resilient (one or two Wounds more for an Extra), natural weapons ("Bite/Claws:
Str+d6"), and Construct, Undead, Elemental, Swarm (no vitals for Called Shots).

Examples
--------
>>> block = read_stat_block('''Goblin
... Attributes: Agility d8, Smarts d6, Spirit d6, Strength d4, Vigor d6
... Skills: Fighting d6, Notice d6, Stealth d10
... Pace: 6; Parry: 5; Toughness: 6 (1)
... Gear: Short sword (Str+d4), hide armor (+1), 3 torches''')
>>> block.name, block.stats["attributes"]["agility"], block.stats["armor"], block.mismatches
('Goblin', 'd8', 1, ())
>>> block.stats["weapons"]
[{'name': 'Short sword', 'damage': 'str+d4'}]
>>> [(i.text, i.why) for i in block.ignored]
[('3 torches', 'gear with no combat statistics')]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.registry import RulesError
from rules.savage_pathfinder.parsing import combatant_from_dict
from rules.savage_pathfinder.statblock import ATTRIBUTES, NO_VITALS

__all__ = ["Mismatch", "Reading", "StatBlockText", "Unread", "read_stat_block"]

_LABELS = ("attributes", "skills", "pace", "parry", "toughness", "hindrances", "edges", "gear",
           "special abilities", "languages", "powers", "power points", "size", "bennies")
_LABEL = re.compile(r"^\s*(" + "|".join(_LABELS) + r")\s*:\s*(.*)$", re.IGNORECASE)
_BETWEEN = re.compile(r"[;,]\s*(?=(?:" + "|".join(_LABELS) + r")\s*:)", re.IGNORECASE)
_NONE = ("", "none", "-", "\u2014", "\u2013")
_LISTS = ("attributes", "skills", "hindrances", "edges", "gear", "languages", "powers")
_DIE = r"d(?:4|6|8|10|12)(?:[+-]\d+)?"
_TRAIT = re.compile(r"^(.+?)\s+(" + _DIE + r")(?:\s*\(a\))?$", re.IGNORECASE)
_WILD = re.compile(r"^\s*(?:[\u2605\u272a\u2620\u2606*]\s*)|\(wc\)|\bwc\b|\bwild card\b",
                   re.IGNORECASE)
_DAMAGE = re.compile(r"^(?:damage\s+)?((?:str|\d*d\d+)(?:\s*[+-]\s*(?:\d*d\d+|\d+))*)$",
                     re.IGNORECASE)
_THROWN = re.compile(r"dagger|knife|javelin|spear|throwing|dart|hand ?axe|trident|starknife|"
                     r"shuriken|bola", re.IGNORECASE)
_ARMORISH = re.compile(r"armou?r|mail|plate|hide|leather|helm|shirt|breastplate|cuirass",
                       re.IGNORECASE)
_NATURAL = re.compile(r"^(bite|claws?|fangs?|horns?|talons?|gore|slam|tail|hooves|sting)"
                      r"(?:\s*/\s*(?:bite|claws?|fangs?|horns?|talons?|gore|slam))*$",
                      re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Reading:
    """One field understood: where it goes in the stat block, its value and its source text."""

    field: str
    value: str
    source: str


@dataclass(frozen=True, slots=True)
class Unread:
    """A line or part of one that was not used, and why."""

    text: str
    why: str


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A printed derived statistic that differs from the one the rules derive from the block."""

    field: str
    printed: int
    derived: int
    why: str


@dataclass(frozen=True, slots=True)
class StatBlockText:
    """What :func:`read_stat_block` made of a pasted stat block (see the module docs)."""

    name: str | None
    stats: Mapping[str, Any]
    readings: tuple[Reading, ...]
    unread: tuple[Unread, ...]
    ignored: tuple[Unread, ...]
    mismatches: tuple[Mismatch, ...]


@dataclass
class _Draft:
    """The stat block being built while the text is read."""

    name: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    readings: list[Reading] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    ignored: list[Unread] = field(default_factory=list)
    printed: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    armor_from_gear: bool = False

    def read(self, where: str, value: Any, source: str) -> None:
        self.readings.append(Reading(where, str(value), source.strip()))

    def skip(self, text: str, why: str) -> None:
        self.unread.append(Unread(text.strip(), why))

    def note(self, text: str, why: str) -> None:
        self.ignored.append(Unread(text.strip(), why))


def _sections(text: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The lines before the first label, and each labelled field (continuations joined)."""
    before: list[str] = []
    fields: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        parts = [p for p in _BETWEEN.split(line) if p.strip()]
        labelled = [_LABEL.match(p) for p in parts]
        if all(labelled):
            fields += [(m[1].lower(), m[2].strip()) for m in labelled if m]
        elif fields and _continues(fields[-1][0], line):
            label, value = fields[-1]
            joiner = "\n" if label == "special abilities" else " "
            fields[-1] = (label, f"{value}{joiner}{line}".strip())
        elif not fields:
            before.append(line)
        else:
            fields.append(("?", line))
    return before, fields


def _continues(label: str, line: str) -> bool:
    """Whether ``line`` (no known label) carries on the field ``label``: any line of Special
    Abilities, a wrapped line of a list field unless it starts with an unknown label."""
    if label == "special abilities":
        return True
    return label in _LISTS and not re.match(r"^[A-Za-z][A-Za-z ]{0,30}:", line)


def _split(value: str) -> list[str]:
    """Comma-separated items, commas inside parentheses kept."""
    items, depth, current = [], 0, ""
    for char in value:
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += char
    items.append(current)
    return [item.strip().rstrip(".") for item in items if item.strip().rstrip(".")]


def _name(draft: _Draft, before: list[str]) -> None:
    if not before:
        return
    line = before[0]
    wild = bool(_WILD.search(line))
    draft.name = re.sub(r"\s+", " ", _WILD.sub(" ", line)).strip(" -") or None
    draft.stats["wild_card"] = wild
    draft.read("wild_card", wild, line)
    for extra in before[1:]:
        draft.note(extra, "description before the statistics")


def _traits(draft: _Draft, value: str, attributes: bool) -> None:
    key = "attributes" if attributes else "skills"
    found: dict[str, str] = draft.stats.setdefault(key, {})
    for item in _split(value):
        match = _TRAIT.match(item)
        name = match[1].strip().lower() if match else ""
        if match is None or (attributes and name not in ATTRIBUTES):
            draft.skip(item, f"not {'an attribute' if attributes else 'a skill'} and a die "
                             "like d8 or d12+1")
            continue
        found[name] = match[2].lower()
        draft.read(f"{key}.{name}", found[name], item)


def _number(draft: _Draft, label: str, value: str) -> None:
    match = re.match(r"^([+-]?\d+)\s*(?:\(\s*([+-]?\d+)\s*\))?(.*)$", value)
    if match is None:
        draft.skip(f"{label.title()}: {value}", "expected a number such as 6 or 8 (2)")
        return
    number = int(match[1])
    inner = int(match[2]) if match[2] else None
    rest = match[3].strip(" ;,")
    if label in ("parry", "toughness"):
        draft.printed[label] = (number, inner)
        draft.read(f"printed {label}", value, f"{label.title()}: {value}")
    else:
        draft.stats[label] = number
        draft.read(label, number, f"{label.title()}: {value}")
    running = re.search(r"(?:running die|run(?:ning)?)\s*(d\d+)", rest, re.IGNORECASE)
    if label == "pace" and running:
        draft.stats["running_die"] = running[1].lower()
        draft.read("running_die", running[1].lower(), rest)
    elif rest:
        draft.skip(rest, f"after the {label.title()} value")


def _edges(draft: _Draft, value: str) -> None:
    edges: list[str] = draft.stats.setdefault("edges", [])
    for item in (i for i in _split(value) if i.lower() not in _NONE):
        edges.append(item)
        draft.read("edges", item, item)


def _weapon_details(item: str, details: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The weapon fields of one gear item's parenthesised details, and what was left."""
    found: dict[str, Any] = {}
    left: list[str] = []
    for part in details:
        text = part.strip()
        word = text.lower()
        if damage := _DAMAGE.match(text):
            found["damage"] = re.sub(r"\s+", "", damage[1].lower())
        elif bands := re.fullmatch(r"(?:range\s+)?(\d+)/(\d+)/(\d+)", word):
            found["range"] = [int(bands[1]), int(bands[2]), int(bands[3])]
        elif stat := re.fullmatch(r"(rof|ap|reach|reload|shots)\s*(\d+)", word):
            found[stat[1]] = int(stat[2])
        elif parry := re.fullmatch(r"(?:parry\s*\+(\d+)|\+(\d+)\s*parry)", word):
            found["parry"] = int(parry[1] or parry[2])
        elif min_str := re.fullmatch(r"min\.?\s*str\.?\s*(d\d+)", word):
            found["min_str"] = min_str[1]
        elif re.fullmatch(r"(two|2)[ -]hand(s|ed)?", word):
            found["two_handed"] = True
        else:
            left.append(text)
    if "range" in found and ("throw" in item.lower() or _THROWN.search(item)):
        found["thrown"] = True
    return found, left


def _gear_item(draft: _Draft, item: str) -> None:
    match = re.fullmatch(r"(.+?)\s*\((.*)\)", item)
    if match is None:
        draft.note(item, "gear with no combat statistics")
        return
    name, details = match[1].strip(), _split(match[2])
    armor = re.fullmatch(r"(?:armou?r\s*)?\+(\d+)(?:\s*armou?r)?", details[0].lower()) \
        if details else None
    if armor and (_ARMORISH.search(name) or "armor" in details[0].lower()):
        _armor(draft, int(armor[1]), item)
        return
    found, left = _weapon_details(name, details)
    shield = "shield" in name.lower()
    if "damage" not in found and not shield:
        draft.note(item, "gear with no damage or Armor")
        return
    weapon = {"name": name[:1].upper() + name[1:], **found, **({"shield": True} if shield else {})}
    draft.stats.setdefault("weapons", []).append(weapon)
    draft.read(f"weapons[{len(draft.stats['weapons']) - 1}]", weapon, item)
    for part in left:
        draft.skip(part, f"in {name}: not damage, range, RoF, AP, Reach, Parry, Min Str")


def _armor(draft: _Draft, value: int, source: str) -> None:
    best = max(value, draft.stats.get("armor", 0)) if draft.armor_from_gear else value
    draft.stats["armor"] = best
    draft.armor_from_gear = True
    draft.read("armor", best, source)


def _ability(draft: _Draft, line: str) -> None:
    text = line.strip().lstrip("•*-–· ").strip()
    head, _, body = text.partition(":")
    head, word = head.strip(), head.strip().lower()
    if number := re.fullmatch(r"(armor|size)\s*([+-]\d+)", word):
        _ability_number(draft, number[1], int(number[2]), text)
    elif word in ("resilient", "very resilient"):
        draft.stats["max_wounds"] = 1 if word == "resilient" else 2
        draft.read("max_wounds", draft.stats["max_wounds"], text)
    elif _NATURAL.match(word) and (damage := re.search(r"(str\s*[+-]\s*d\d+|\d*d\d+)", body,
                                                       re.IGNORECASE)):
        weapon = {"name": head, "damage": re.sub(r"\s+", "", damage[1].lower()),
                  "natural": True}
        draft.stats.setdefault("weapons", []).append(weapon)
        draft.read(f"weapons[{len(draft.stats['weapons']) - 1}]", weapon, text)
    elif word in NO_VITALS:
        draft.stats.setdefault("edges", []).append(head)
        draft.read("edges", head, text)
    else:
        draft.note(text, "special ability with no rule in the app")


def _ability_number(draft: _Draft, kind: str, value: int, text: str) -> None:
    if kind == "armor":
        _armor(draft, value, text)
    else:
        draft.stats["size"] = value
        draft.read("size", value, text)


def _field(draft: _Draft, label: str, value: str) -> None:
    if label in ("attributes", "skills"):
        _traits(draft, value, label == "attributes")
    elif label in ("pace", "parry", "toughness", "size", "bennies"):
        _number(draft, label, value)
    elif label == "edges":
        _edges(draft, value)
    elif label == "gear":
        for item in _split(value):
            _gear_item(draft, item)
    elif label == "special abilities":
        for line in value.splitlines():
            if line.strip():
                _ability(draft, line)
    elif value.strip().lower() in _NONE:
        return
    elif label == "?":
        draft.skip(value, "no field label this reader knows (Attributes:, Skills:, Pace:, ...)")
    else:
        draft.note(f"{label.title()}: {value}", "not part of the app's stat block")


def _armor_from_toughness(draft: _Draft) -> None:
    printed = draft.printed.get("toughness")
    if printed is None or printed[1] is None or draft.armor_from_gear:
        return
    draft.stats["armor"] = printed[1]
    draft.read("armor", printed[1], f"Toughness: {printed[0]} ({printed[1]})")


def _mismatches(draft: _Draft) -> list[Mismatch]:
    try:
        built = combatant_from_dict(draft.stats, "stat block", draft.name or "pasted")
    except RulesError as error:
        draft.skip(str(error), "the stat block read does not parse")
        return []
    found = []
    fighting = draft.stats.get("skills", {}).get("fighting", "none")
    bonus = built.parry_bonus + sum(w.parry for w in built.weapons)
    derived = {"parry": (built.parry, f"2 + half Fighting {fighting} + weapon and shield "
                                      f"Parry {bonus}"),
               "toughness": (built.toughness, f"2 + half Vigor {built.vigor} + Armor "
                                              f"{built.armor}" + _size_note(built.size))}
    for name, (printed, _inner) in draft.printed.items():
        value, why = derived[name]
        if printed != value:
            found.append(Mismatch(name, printed, value, why))
    return found


def _size_note(size: int) -> str:
    """Size is no part of Toughness in the two texts; a book that adds it needs the block's
    ``toughness_bonus``."""
    if not size:
        return ""
    return f" (Size {size:+d} not added: set toughness_bonus if the book adds it)"


def read_stat_block(text: str) -> StatBlockText:
    """Read a pasted stat block; see the module docs for what comes back."""
    draft = _Draft()
    before, fields = _sections(text)
    _name(draft, before)
    for label, value in fields:
        _field(draft, label, value)
    _armor_from_toughness(draft)
    mismatches = _mismatches(draft)
    return StatBlockText(draft.name, draft.stats, tuple(draft.readings), tuple(draft.unread),
                         tuple(draft.ignored), tuple(mismatches))
