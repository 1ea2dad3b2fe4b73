"""Read a stat block pasted from a book as text, field by field, and say what it could not read.

GMs copy stat blocks as text, in every print form: SWADE and Savage Pathfinder books
("Pace: 6; Parry: 7; Toughness: 8 (2)"), Deluxe/Explorer-era fan pages with a ``Charisma:``
field in front of Pace, PDF copies with bullets (``• Attributes:``), Markdown notes
(``**Attributes:**``), "Special Abilities" without a colon, "Wild Card" or a symbol on a line
of its own, British spellings (``Armour +2``)::

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
form :func:`~battlemap.rules.savage_pathfinder.parsing.combatant_from_dict` reads; ``readings``,
each field it understood with the text it came from; ``unread``, each line or part it could not read
and why; ``ignored``, what it read but the stat block has no place for (Hindrances, Languages,
gear without combat statistics, special abilities without a rule here); and ``mismatches``,
where the printed Parry or Toughness (or the Armor in its brackets) differs from what the block
derives, with the arithmetic. A mismatch is pointed out, never silently used: ``stats`` holds
what was read, and the derived values are what the app will use.

What the block derives (the books print Parry and Toughness with everything in): Parry is 2 +
half Fighting + weapon and shield Parry + Block (+1) or Improved Block (+2) + "+N Parry" in a
special ability; Toughness is 2 + half Vigor + Armor + Size (SWADE adds Size to Toughness) +
Undead (+2) + Brawny (+1) + Obese (+1) / Small (-1) + "+N Toughness" in a special ability. What
is added beyond the combat text's 2 + half the die goes into ``parry_bonus`` and
``toughness_bonus``, each part named in ``readings``.

Wild Cards are marked by "(WC)", "WC", "Wild Card" or a star or skull before the name, or on
a line of their own. Armor comes from the gear ("(+2)" on armor, the best piece counts), an
"Armor +N" ability, or, failing both, the printed Toughness's "(2)". Natural attacks are any
special ability whose text starts with a damage ("Snake Bite: Str+d4", "Kick: Str.", "Tusks:
Str+d6, AP 2") or that is named like one (Bite, Claws, Horns...) and has a damage in its text.

The reader works line by line and word by word, with no regular expression that can backtrack
over a long line, and every number is bounded (``d12+999999999999`` is refused with the field
named): a pasted megabyte is read in linear time.

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

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict
from battlemap.rules.savage_pathfinder.statblock import ATTRIBUTES, NO_VITALS
from battlemap.rules.savage_pathfinder.statblock_gear import (
    DASHES,
    MINUS,
    bounded_int,
    damage_text,
    split_top,
    trait_die,
    weapon_details,
)

__all__ = ["NATURAL_NAMES", "THROWN_NAMES", "Mismatch", "Reading", "StatBlockText", "Unread",
           "read_stat_block", "read_stat_blocks", "split_blocks"]

_LABELS = ("special abilities", "special ability", "power points", "attributes", "skills",
           "charisma", "pace", "parry", "toughness", "hindrances", "edges", "gear",
           "languages", "powers", "size", "bennies", "name", "armour", "armor", "abilities")
"""Field labels, longest first (so "power points" is not read as "powers")."""
_FIRST = frozenset(label[0] for label in _LABELS)
_NUMERIC = ("pace", "parry", "toughness", "charisma")
"""Labels also printed without a colon: "Pace 6, Parry 5, Toughness 5"."""
_HEADERS = ("special abilities", "special ability", "abilities", "gear", "edges",
            "hindrances", "skills", "attributes", "powers")
"""Labels printed alone on their line, their items below."""
_ALIASES = {"special ability": "special abilities", "abilities": "special abilities",
            "armour": "armor"}
_NONE = ("", "none", "-", "\u2014", "\u2013", "n/a")
_LISTS = ("attributes", "skills", "hindrances", "edges", "gear", "languages", "powers")
_BULLETS = "\u2022\u25cf\u25aa\u25a0\u25e6\u2023\u25ba\u00b7-\u2013\u2014*>"
_WILD_SYMBOLS = "\u2605\u272a\u2620\u2606\u2726\u2736\u272f*"
THROWN_NAMES = ("dagger", "knife", "javelin", "spear", "throwing", "dart", "hand axe",
                "handaxe", "trident", "starknife", "shuriken", "bola")
"""Weapons with a range that are thrown (Athletics), not fired."""
_ARMORISH = ("armor", "armour", "mail", "plate", "hide", "leather", "helm", "shirt",
             "breastplate", "cuirass", "vest", "jacket", "hauberk", "brigandine", "kevlar")
NATURAL_NAMES = ("bite", "claw", "fang", "horn", "talon", "gore", "slam", "tail", "hoof",
                 "hooves", "sting", "kick", "tusk", "beak", "pincer", "tentacle", "jaw", "fist",
                 "punch", "stomp", "trample", "antler", "spike", "butt", "ram", "crush", "slap",
                 "rake")
"""Words naming natural attacks."""
_AREA = ("template", "cone", "burst", "breath", "gaze", "aura")
_EDGE_PARRY = {"block": 1, "improved block": 2}
_EDGE_TOUGHNESS = {"brawny": 1}
_HINDRANCE_TOUGHNESS = {"obese": 1, "small": -1}
_UNDEAD_TOUGHNESS = 2
MAX_SHOWN = 120
"""The most characters of a pasted line quoted back in a message."""


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


def _shown(text: str) -> str:
    text = text.strip()
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "\u2026"


@dataclass
class _Draft:
    """The stat block being built while the text is read."""

    name: str | None = None
    wild: bool = False
    stats: dict[str, Any] = field(default_factory=dict)
    readings: list[Reading] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    ignored: list[Unread] = field(default_factory=list)
    printed: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    armor_from: str | None = None
    armor_parts: tuple[int, int] = (0, 0)
    """The best worn Armor and the natural Armor added to it (Foundry actors)."""
    parry_parts: list[tuple[str, int]] = field(default_factory=list)
    toughness_parts: list[tuple[str, int]] = field(default_factory=list)

    def read(self, where: str, value: Any, source: str) -> None:
        self.readings.append(Reading(where, str(value), _shown(source)))

    def skip(self, text: str, why: str) -> None:
        self.unread.append(Unread(_shown(text), why))

    def note(self, text: str, why: str) -> None:
        self.ignored.append(Unread(_shown(text), why))


# ---------------------------------------------------------------- lines and labels


def _unmarked(line: str) -> str:
    """A line without Markdown emphasis and heading marks: ``**Pace:** 6`` is ``Pace: 6``."""
    text = line.replace("**", "").replace("__", "").strip()
    return text.lstrip("#").strip() if text.startswith("#") else text


def _unbulleted(text: str) -> str:
    """``• Attributes: ...`` without its bullet (and the spaces after it)."""
    index = 0
    while index < len(text) and (text[index] in _BULLETS or text[index].isspace()):
        index += 1
    return text[index:]


def _label_at(text: str, lower: str, start: int, alone: bool) -> tuple[str, int] | None:
    """The label starting at ``start`` and where its value starts; ``alone``: the line starts
    here, so a header without colon ("Special Abilities") counts."""
    for label in _LABELS:
        if not lower.startswith(label, start):
            continue
        end = start + len(label)
        if end < len(lower) and lower[end].isalpha():
            continue
        index = end
        while index < len(text) and text[index] in " \t":
            index += 1
        if index < len(text) and text[index] == ":":
            return label, index + 1
        if label in _NUMERIC and index > end and index < len(text) and (
                text[index].isdigit() or (label == "charisma" and text[index] in "+" + MINUS)):
            return label, index
        if alone and label in _HEADERS and index == len(text):
            return label, index
    return None


def _labelled(text: str) -> list[tuple[str, str]] | None:
    """The labelled fields of one line ("Charisma: 0; Pace: 6; Parry: 5; Toughness: 5" is
    four), or None when the line does not start with a label."""
    lower = text.lower()
    first = _label_at(text, lower, 0, alone=True)
    if first is None:
        return None
    fields: list[tuple[str, int, int]] = []  # label, value start, field start
    label, value_at = first
    fields.append((label, value_at, 0))
    index = value_at
    while index < len(text):
        char = text[index]
        if char in ";,." or (char in " \t" and index + 1 < len(text)):
            after = index + 1
            while after < len(text) and text[after] in " \t":
                after += 1
            found = _label_at(text, lower, after, alone=False) \
                if after < len(text) and lower[after] in _FIRST else None
            if found is not None and (char not in " \t" or text[found[1] - 1] == ":"
                                      or found[0] in _NUMERIC):
                fields.append((found[0], found[1], index))
                index = found[1]
                continue
            index = max(after, index + 1)
        else:
            index += 1
    out = []
    for n, (label, value_at, _start) in enumerate(fields):
        end = fields[n + 1][2] if n + 1 < len(fields) else len(text)
        out.append((_ALIASES.get(label, label), text[value_at:end].strip(" \t")))
    return out


def _wild_line(text: str) -> bool:
    """A line that only says Wild Card: "Wild Card", "(WC)", a star or skull."""
    word = text.strip().strip("()[]").strip().lower()
    return word in ("wild card", "wc", "wildcard") or (
        bool(word) and all(c in _WILD_SYMBOLS or c.isspace() for c in word))


def _sections(text: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The lines before the first label, and each labelled field (continuations joined)."""
    before: list[str] = []
    fields: list[tuple[str, list[str]]] = []
    for raw in text.splitlines():
        marked = _unmarked(raw)
        line = _unbulleted(marked)
        if not line:
            continue
        labelled = _labelled(line)
        if labelled is not None:
            fields += [(label, [value]) for label, value in labelled]
        elif fields and _continues(fields[-1][0], line):
            fields[-1][1].append(line)
        elif not fields:
            before.append(marked)
        else:
            fields.append(("?", [line]))
    return before, [(label, ("\n" if label == "special abilities" else " ").join(
        part for part in lines if part).strip()) for label, lines in fields]


def _continues(label: str, line: str) -> bool:
    """Whether ``line`` (no known label) carries on the field ``label``: any line of Special
    Abilities, a wrapped line of a list field unless it starts with an unknown label."""
    if label == "special abilities":
        return True
    if label not in _LISTS:
        return False
    head, colon, _ = line[:40].partition(":")
    return not (colon and head.replace(" ", "").isalpha())


# ---------------------------------------------------------------- fields


def _name(draft: _Draft, before: list[str]) -> None:
    named = False
    for line in before:
        if _wild_line(_unbulleted(line)):
            draft.wild = True
            draft.read("wild_card", True, line)
            continue
        if named:
            draft.note(line, "description before the statistics")
            continue
        name, wild = _wild_name(line)
        draft.wild = draft.wild or wild
        draft.name, named = name or draft.name, True
        if wild:
            draft.read("wild_card", True, line)


def _wild_name(line: str) -> tuple[str | None, bool]:
    """The name on a name line and whether it marks a Wild Card.

    >>> _wild_name("\u272a Goblin Boss"), _wild_name("Tharg (Wild Card)")
    (('Goblin Boss', True), ('Tharg', True))
    >>> _wild_name("Orc WC")
    ('Orc', True)
    """
    text = line.strip()
    wild = False
    while text[:1] in _WILD_SYMBOLS and text[:1]:
        wild, text = True, text[1:].strip()
    words = []
    for word in text.split():
        bare = word.strip("()[],").lower()
        if bare in ("wc", "wildcard"):
            wild = True
        else:
            words.append(word)
    text = " ".join(words)
    lower = text.lower()
    for mark in ("(wild card)", "[wild card]", "wild card"):
        at = lower.find(mark)
        if at >= 0:
            wild, text = True, (text[:at] + text[at + len(mark):]).strip()
            lower = text.lower()
    return text.strip(" -:\u2014\u2013") or None, wild


def _traits(draft: _Draft, value: str, attributes: bool) -> None:
    key = "attributes" if attributes else "skills"
    found: dict[str, str] = draft.stats.setdefault(key, {})
    for item in split_top(value, ",;"):
        item = item.rstrip(".")
        words = item.split()
        if words and words[-1].lower() == "(a)":  # an animal's Smarts
            words = words[:-1]
        die_at = next((n for n, w in enumerate(words) if w[:1] in "dD" and w[1:2].isdigit()),
                      None)
        name = " ".join(words[:die_at]).lower() if die_at else ""
        if die_at is None or not name or (attributes and name not in ATTRIBUTES):
            draft.skip(item, f"not {'an attribute' if attributes else 'a skill'} and a die "
                             "like d8 or d12+1")
            continue
        try:
            found[name] = trait_die("".join(words[die_at:]))
        except ValueError as error:
            draft.skip(item, f"{key}.{name}: {error}")
            continue
        draft.read(f"{key}.{name}", found[name], item)
    if not attributes:
        _older_athletics(draft, found)


OLDER_ATHLETICS = ("throwing", "climbing", "swimming")
"""Skills of the older editions (Deluxe, Explorer's) that SWADE folds into Athletics (C37:
"thrown projectiles uses the Athletics skill")."""


def _older_athletics(draft: _Draft, skills: dict[str, str]) -> None:
    """An older block's Throwing, Climbing or Swimming, read as Athletics (the best of them)
    when the block gives no Athletics; otherwise named as not used."""
    older = {name: skills.pop(name) for name in OLDER_ATHLETICS if name in skills}
    if not older:
        return
    draft.readings[:] = [r for r in draft.readings
                         if r.field not in {f"skills.{name}" for name in older}]
    shown = ", ".join(f"{name.title()} {die}" for name, die in older.items())
    if "athletics" in skills:
        draft.note(shown, f"an older edition's skill: Athletics {skills['athletics']} is "
                          "given and is what SWADE rolls for it")
        return
    best = max(older.values(), key=lambda die: tuple(
        int(part or 0) for part in die[1:].replace("-", "+-").split("+")))
    skills["athletics"] = best
    draft.read("skills.athletics", best, f"{shown} (an older edition's; SWADE rolls Athletics)")


def _number(draft: _Draft, label: str, value: str) -> None:
    first, _, rest = value.strip().partition(" ")
    inner: int | None = None
    try:
        if "(" in first:  # "8(2)"
            first, _, tail = first.partition("(")
            rest = f"({tail} {rest}".strip()
        number = bounded_int(first.rstrip(".;,\"”"), -20 if label == "charisma" else 0, 99)
        rest = rest.strip()
        if rest.startswith("(") and ")" in rest:
            bracket, _, after = rest[1:].partition(")")
            if label in ("parry", "toughness") and bracket.strip().lstrip("+").isdigit():
                inner, rest = bounded_int(bracket, 0, 99), after.strip(" ;,.")
    except ValueError as error:
        draft.skip(f"{label.title()}: {value}", f"expected a number such as 6 or 8 (2): "
                                                f"{error}")
        return
    source = f"{label.title()}: {value}"
    if label == "charisma":
        draft.note(source, "Charisma is no part of this stat block (an older edition's field)")
        return
    if label in ("parry", "toughness"):
        draft.printed[label] = (number, inner)
        draft.read(f"printed {label}", value.strip(), source)
    else:
        draft.stats[label] = number
        draft.read(label, number, source)
    if label == "pace" and rest:
        _running(draft, rest)
    elif rest:
        draft.skip(rest, f"after the {label.title()} value")


def _running(draft: _Draft, rest: str) -> None:
    """The running die after Pace: "(running die d10)", "(d8 run)", "(d10)"."""
    words = rest.replace("(", " ").replace(")", " ").replace(";", " ").split()
    dice = [w for w in words if w[:1] in "dD" and w[1:].isdigit()]
    other = [w for w in words if w.lower() not in ("running", "run", "die", "die:")
             and w not in dice]
    if len(dice) == 1 and not other:
        try:
            draft.stats["running_die"] = trait_die(dice[0])
        except ValueError as error:
            draft.skip(rest, f"running die: {error}")
            return
        draft.read("running_die", draft.stats["running_die"], rest)
    else:
        draft.skip(rest, "after the Pace value")


def _edges(draft: _Draft, value: str) -> None:
    edges: list[str] = draft.stats.setdefault("edges", [])
    for item in (i.rstrip(".") for i in split_top(value, ",;")):
        if item.lower() in _NONE:
            continue
        if ":" in item or len(item) > 60:
            draft.skip(item, "not an Edge name (ability text?)")
            continue
        edges.append(item)
        draft.read("edges", item, item)
        base = item.lower().partition("(")[0].strip()
        if base in _EDGE_PARRY:
            draft.parry_parts.append((item, _EDGE_PARRY[base]))
        if base in _EDGE_TOUGHNESS:
            draft.toughness_parts.append((item, _EDGE_TOUGHNESS[base]))


def _hindrances(draft: _Draft, value: str) -> None:
    for item in (i.rstrip(".") for i in split_top(value, ",;")):
        if item.lower() in _NONE:
            continue
        base = item.lower().partition("(")[0].strip()
        if base in _HINDRANCE_TOUGHNESS:
            draft.toughness_parts.append((item, _HINDRANCE_TOUGHNESS[base]))
            draft.note(item, f"Hindrance: read for its Toughness "
                             f"{_HINDRANCE_TOUGHNESS[base]:+d} only")
        else:
            draft.note(item, "Hindrance: recorded by no rule here")


# ---------------------------------------------------------------- gear


def _gear(draft: _Draft, value: str) -> None:
    """Gear items; a weapon written with a dash ("Revolver (.38) — 10/20/40, 2d6, AP —") keeps
    its statistics though they are separated by commas like the items."""
    items: list[tuple[str, list[str]]] = []
    for piece in split_top(value, ",;"):
        piece = piece.rstrip(".")
        if items and items[-1][1] and _is_detail(piece):
            items[-1][1].append(piece)
            continue
        details = _dash_split(piece)[1]
        items.append((piece, [details] if details else []))
    for piece, extra in items:
        _gear_item(draft, piece, extra)


def _dash_split(piece: str) -> tuple[str, str | None]:
    """A gear item's name and, when a dash separates them, its statistics."""
    best = -1
    for dash in DASHES:
        at = piece.find(dash)
        if at > 0 and (best < 0 or at < best):
            best, size = at, len(dash)
    if best < 0:
        return piece, None
    return piece[:best].strip(), piece[best + size:].strip()


def _is_detail(piece: str) -> bool:
    details = weapon_details([piece])
    return bool(details.found) and not details.left


def _gear_item(draft: _Draft, piece: str, dashed: list[str]) -> None:
    name = _dash_split(piece)[0]
    if dashed:
        parts = [p for d in dashed for p in split_top(d, ",;")]
    elif name.endswith(")") and "(" in name:
        at = _open_bracket(name)
        name, parts = name[:at].strip(), split_top(name[at + 1:-1], ",;")
    else:
        words = name.split()
        first = next((n for n, w in enumerate(words) if n and _starts_detail(w)), None)
        if first is None:
            _plain_gear(draft, piece)
            return
        name, parts = " ".join(words[:first]), [" ".join(words[first:])]
    if _armor_gear(draft, name, parts, piece):
        return
    if not name.strip(" -:\u2014\u2013"):
        draft.skip(piece, "gear statistics without a name")
        return
    details = weapon_details(parts)
    found = details.found
    shield = "shield" in name.lower()
    if "damage" not in found and not (shield and "parry" in found):
        draft.note(piece, "gear with no damage or Armor")
        return
    if "range" in found and any(w in name.lower() for w in THROWN_NAMES):
        found["thrown"] = True
    weapon = {"name": name[:1].upper() + name[1:], **found,
              **({"shield": True} if shield else {})}
    if shield:
        draft.parry_parts.append((name, found.get("parry", 0)))
    weapons = draft.stats.setdefault("weapons", [])
    weapons.append(weapon)
    draft.read(f"weapons[{len(weapons) - 1}]", weapon, piece)
    for part in details.left:
        if shield and part.lower().startswith("cover"):
            draft.note(f"{name}: {part}", "a shield's Cover against shots: no rule in the app")
        else:
            draft.skip(part, f"in {name}: not damage, range, RoF, AP, Reach, Parry, Min Str")
    for note in details.notes:
        draft.note(note, f"in {name}")


def _open_bracket(text: str) -> int:
    """Where the parenthesis closing at the end of ``text`` opens."""
    depth = 0
    for index in range(len(text) - 1, -1, -1):
        depth += (text[index] == ")") - (text[index] == "(")
        if depth == 0:
            return index
    return text.index("(")


def _starts_detail(word: str) -> bool:
    """Whether a weapon's statistics start at ``word`` ("Rifle 24/48/96 2d8 AP 2")."""
    return bool(weapon_details([word]).found) or \
        word.lower().rstrip(":,") in ("range", "damage", "ap", "rof")


def _plain_gear(draft: _Draft, piece: str) -> None:
    words = piece.split()
    if len(words) == 2 and words[0].lower() in ("armor", "armour") and words[1][:1] == "+":
        _armor_value(draft, words[1], piece)
    else:
        draft.note(piece, "gear with no combat statistics")


def _armor_gear(draft: _Draft, name: str, parts: list[str], piece: str) -> bool:
    """Armor in the gear: "leather armor (+2)", "chain mail (Armor +3)", "vest (+2/+4)"."""
    if not parts:
        return False
    words = parts[0].lower().replace("armour", "armor").split()
    lower = name.lower()
    if words and words[0] == "armor":
        words = words[1:]
    elif words and words[-1] == "armor":
        words = words[:-1]
    elif not any(w in lower for w in _ARMORISH):
        return False
    if len(words) != 1 or words[0][:1] != "+":
        return False
    first, _, other = words[0].partition("/")
    if not _armor_value(draft, first, piece):
        return True
    if other:
        draft.note(f"{piece}: {other}", "Armor against some attacks only: the app uses "
                                         f"{first} against all")
    for part in parts[1:]:
        draft.note(f"{name}: {part}", "armor detail with no rule in the app")
    return True


def _armor_value(draft: _Draft, text: str, source: str) -> bool:
    try:
        value = bounded_int(text, 0, 99)
    except ValueError as error:
        draft.skip(source, f"armor: {error}")
        return False
    best = max(value, draft.stats.get("armor", 0)) if draft.armor_from else value
    draft.stats["armor"] = best
    draft.armor_from = source
    draft.read("armor", best, source)
    return True


# ---------------------------------------------------------------- special abilities


def _ability(draft: _Draft, line: str) -> None:
    text = _unbulleted(line.strip())
    head, colon, body = text.partition(":")
    head, word = head.strip(), " ".join(head.lower().split())
    if not colon and len(word.split()) > 4:
        head, word, body = "", "", text
    words = word.replace("armour", "armor").split()
    if len(words) > 2 and words[2].startswith("("):  # "Size +3 (Large)"
        words = words[:2]
    if len(words) == 2 and words[0] in ("armor", "size") and (  # "Size +2", "Size 2"
            words[1][:1] in "+" + MINUS or words[1][:1].isdigit()):
        _ability_number(draft, words[0], words[1], text)
    elif word in ("resilient", "very resilient"):
        draft.stats["max_wounds"] = 1 if word == "resilient" else 2
        draft.read("max_wounds", draft.stats["max_wounds"], text)
    elif word and _natural_attack(draft, head, word, body, text):
        return
    elif word in NO_VITALS:
        draft.stats.setdefault("edges", []).append(head)
        draft.read("edges", head, text)
        if not _figures(draft, head, body) and word == "undead":
            draft.toughness_parts.append(("Undead", _UNDEAD_TOUGHNESS))
        if body.strip(" ."):
            draft.note(text, "read as having no vitals (and for its Toughness); the rest has "
                             "no rule in the app")
    elif _figures(draft, head or text, body):
        draft.note(text, "read for its Toughness or Parry figure only; the rest has no rule "
                         "in the app")
    else:
        draft.note(text, "special ability with no rule in the app")


def _natural_attack(draft: _Draft, head: str, word: str, body: str, text: str) -> bool:
    """A natural attack: the text starts with its damage, or it is named like one and has a
    damage in its text; area attacks (a breath, a cone) are left for the template tool."""
    if not head.strip(" -") or any(a in word for a in _AREA) or "template" in body.lower():
        return False
    sentence, _, rest = body.strip().partition(". ")
    parts = split_top(sentence.rstrip("."), ",;")
    details = weapon_details(parts[:1])
    if "damage" not in details.found or details.left:
        named = any(n in word for n in NATURAL_NAMES)
        anywhere = [w for w in body.replace(",", " ").replace(";", " ").split()
                    if damage_text(w) is not None]
        if not named or not anywhere:
            return False
        parts, rest = [anywhere[0]], body.strip()
    details = weapon_details(parts)
    weapon = {"name": head, **details.found, "natural": True}
    weapons = draft.stats.setdefault("weapons", [])
    weapons.append(weapon)
    draft.read(f"weapons[{len(weapons) - 1}]", weapon, text)
    for left in [*details.left, *([rest.strip()] if rest.strip() else [])]:
        draft.note(f"{head}: {left}", "in a natural attack: no rule in the app")
    return True


def _figures(draft: _Draft, head: str, body: str) -> bool:
    """"+N Toughness" / "Toughness +N" / "+N Parry" in an ability's text, added to the block."""
    words = body.replace(",", " ").replace(";", " ").replace(".", " ").split()
    found = False
    for index, word in enumerate(words):
        for figure, parts in (("toughness", draft.toughness_parts), ("parry", draft.parry_parts)):
            before = words[index - 1] if index else ""
            after = words[index + 1] if index + 1 < len(words) else ""
            if word.lower() != figure:
                continue
            number = before if before[:1] in "+" + MINUS else \
                after if after[:1] in "+" + MINUS else ""
            try:
                value = bounded_int(number, -20, 20) if number else None
            except ValueError:
                value = None
            if value is not None:
                parts.append((head, value))
                found = True
    if found:
        draft.read("special ability", head, f"{head}: {body.strip()}")
    return found


def _ability_number(draft: _Draft, kind: str, number: str, text: str) -> None:
    if kind == "armor":
        _armor_value(draft, number, text)
        return
    try:
        size = bounded_int(number, -4, 20)
    except ValueError as error:
        draft.skip(text, f"size: {error}")
        return
    if "size" in draft.stats:
        draft.note(text, f"Size given again: Size {draft.stats['size']:+d} read first is kept")
        return
    draft.stats["size"] = size
    draft.read("size", size, text)
    if size:
        draft.toughness_parts.append(("Size", size))


# ---------------------------------------------------------------- the whole block


def _field(draft: _Draft, label: str, value: str) -> None:
    if label in ("attributes", "skills"):
        _traits(draft, value, label == "attributes")
    elif label in ("pace", "parry", "toughness", "bennies", "charisma"):
        _number(draft, label, value)
    elif label == "size":
        _ability_number(draft, "size", value.split()[0] if value.split() else "?",
                        f"Size: {value}")
    elif label == "armor":
        _armor_value(draft, value.split()[0] if value.split() else "?", f"Armor: {value}")
    elif label == "name":
        draft.name, wild = _wild_name(value)
        draft.wild = draft.wild or wild
    elif label == "edges":
        _edges(draft, value)
    elif label == "hindrances":
        _hindrances(draft, value)
    elif label == "gear":
        _gear(draft, value)
    elif label == "special abilities":
        for line in value.splitlines():
            for item in _ability_items(line):
                _ability(draft, item)
    elif value.strip().lower() in _NONE:
        return
    elif label == "?":
        if _wild_line(value):
            draft.wild = True
            draft.read("wild_card", True, value)
        else:
            draft.skip(value, "no field label this reader knows (Attributes:, Skills:, "
                              "Pace:, ...)")
    else:
        draft.note(f"{label.title()}: {value}", "not part of the app's stat block")


def _ability_items(line: str) -> list[str]:
    """The abilities on one line: one, or several run together ("Special Abilities:
    Infravision, Size +1") when no item has a colon."""
    if ":" in line or not line.strip():
        return [line] if line.strip() else []
    return split_top(line, ",;")


def _armor_from_toughness(draft: _Draft) -> None:
    printed = draft.printed.get("toughness")
    if printed is None or printed[1] is None or draft.armor_from:
        return
    draft.stats["armor"] = printed[1]
    draft.read("armor", printed[1], f"Toughness: {printed[0]} ({printed[1]})")


def _bonuses(draft: _Draft) -> None:
    """What the block adds to Parry and Toughness beyond 2 + half the die, in the stats."""
    blocks = [(n, v) for n, v in draft.parry_parts if n.lower().partition("(")[0].strip()
              in _EDGE_PARRY]
    if len(blocks) > 1:  # Improved Block replaces Block's +1
        keep = max(blocks, key=lambda part: part[1])
        draft.parry_parts = [p for p in draft.parry_parts if p not in blocks or p == keep]
    parry = sum(v for n, v in draft.parry_parts if "shield" not in n.lower())
    toughness = sum(v for _, v in draft.toughness_parts)
    if parry:
        draft.stats["parry_bonus"] = parry
        draft.read("parry_bonus", parry, " + ".join(
            f"{n} {v:+d}" for n, v in draft.parry_parts if "shield" not in n.lower()))
    if toughness:
        draft.stats["toughness_bonus"] = toughness
        draft.read("toughness_bonus", toughness,
                   " + ".join(f"{n} {v:+d}" for n, v in draft.toughness_parts))


def _mismatches(draft: _Draft) -> list[Mismatch]:
    try:
        built = combatant_from_dict(draft.stats, "stat block", draft.name or "pasted")
    except RulesError as error:
        draft.skip(str(error), "the stat block read does not parse")
        return []
    found = []
    fighting = built.skill("fighting")
    parry_terms = [f"half Fighting {fighting} {fighting.half}" if fighting is not None
                   else "no Fighting 0"]
    parry_terms += [f"{n} {v:+d}" for n, v in draft.parry_parts if v]
    parry_terms += [f"{w.name} {w.parry:+d}" for w in built.weapons if w.parry and not w.shield]
    toughness_terms = [f"half Vigor {built.vigor} {built.vigor.half}", f"Armor {built.armor}"]
    toughness_terms += [f"{n} {v:+d}" for n, v in draft.toughness_parts]
    derived = {"parry": (built.parry, parry_terms), "toughness": (built.toughness,
                                                                  toughness_terms)}
    for name, (printed, inner) in draft.printed.items():
        value, terms = derived[name]
        if printed != value:
            found.append(Mismatch(name, printed, value, _why(printed, value, terms)))
        if name == "toughness" and inner is not None and inner != built.armor:
            found.append(Mismatch("armor", inner, built.armor,
                                  f"the printed Toughness's ({inner}) is not the Armor "
                                  f"{built.armor} read from {draft.armor_from or 'nothing'}"))
    return found


def _why(printed: int, value: int, terms: list[str]) -> str:
    gap = printed - value
    what = "something this reader did not find (a bonus the text does not state?)" \
        if gap > 0 else "less than the figures read give (a penalty not printed?)"
    return f"2 + {' + '.join(terms)} = {value}; printed {abs(gap)} " \
           f"{'more' if gap > 0 else 'less'}: {what}"


def read_stat_block(text: str) -> StatBlockText:
    """Read a pasted stat block; see the module docs for what comes back."""
    draft = _Draft()
    before, fields = _sections(text)
    _name(draft, before)
    for label, value in fields:
        _field(draft, label, value)
    draft.stats["wild_card"] = draft.wild
    if not draft.wild:
        draft.read("wild_card", False, draft.name or "no Wild Card mark")
    _armor_from_toughness(draft)
    _bonuses(draft)
    mismatches = _mismatches(draft)
    return StatBlockText(draft.name, draft.stats, tuple(draft.readings), tuple(draft.unread),
                         tuple(draft.ignored), tuple(mismatches))


def split_blocks(text: str) -> list[str]:
    """Several stat blocks pasted at once, one text each: a block starts at the name before
    each further ``Attributes`` line (the lines after the last blank line in between, or the
    line just before it and a Wild Card line before that).

    >>> [b.splitlines()[0] for b in split_blocks("Orc\\nAttributes: Vigor d6\\nGear: axe\\n"
    ...                                            "Goblin\\nAttributes: Vigor d4")]
    ['Orc', 'Goblin']
    """
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines)
              if (found := _labelled(_unbulleted(_unmarked(line)))) and found[0][0] == "attributes"]
    cuts = [0]
    for previous, start in pairwise(starts):
        blank = [n for n in range(previous + 1, start) if not lines[n].strip()]
        cuts.append(blank[-1] + 1 if blank else _head_start(lines, previous, start))
    cuts.append(len(lines))
    blocks = ["\n".join(lines[a:b]).strip() for a, b in pairwise(cuts)]
    return [b for b in blocks if b]


def _head_start(lines: list[str], previous: int, start: int) -> int:
    """Where the block whose Attributes line is ``start`` begins when no blank line sets it
    off: its Wild Card and ``Name:`` lines, and one name line before them."""
    cut, named = start, False
    while cut - 1 > previous:
        line = _unbulleted(_unmarked(lines[cut - 1]))
        found = _labelled(line)
        if _wild_line(line) or (found is not None and found[0][0] == "name"):
            named = named or found is not None
            cut -= 1
        elif not named and found is None:
            return cut - 1
        else:
            break
    return cut


def read_stat_blocks(text: str) -> list[StatBlockText]:
    """Every stat block in a text pasted at once (see :func:`split_blocks`)."""
    return [read_stat_block(block) for block in split_blocks(text)]
