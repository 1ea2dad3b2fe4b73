"""The small pieces of a pasted stat block: bounded numbers and dice, and weapon statistics
however a book, a PDF copy or a fan page writes them.

Everything here works token by token on text already split at whitespace, commas and
semicolons (no regular expression that can backtrack over a long line), and every number is
bounded before it is converted, so a pasted megabyte, or ``d12+999999999999``, is refused with
the field named instead of hanging or overflowing.

Examples
--------
>>> weapon_details(["10/20/40", "2d6", "AP \u2014", "RoF 1"]).found
{'range': [10, 20, 40], 'damage': '2d6', 'ap': 0, 'rof': 1}
>>> weapon_details(["Throwing", "range 3/6/12", "Str+d6"]).found
{'thrown': True, 'range': [3, 6, 12], 'damage': 'str+d6'}
>>> d = weapon_details(["Damage 3d6/2d6/1d6"])
>>> d.found, d.notes
({'damage': '3d6'}, ['damage by range 3d6/2d6/1d6: the app rolls 3d6 at every range'])
>>> trait_die("d12+999999999999")
Traceback (most recent call last):
...
ValueError: bonus +999999999999 is out of range (at most \u00b120)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["DASHES", "MAX_BONUS", "Details", "bounded_int", "damage_text", "split_top",
           "trait_die", "weapon_details"]

MAX_BONUS = 20
"""The largest trait-die bonus read (the biggest printed creatures stop near d12+10)."""
MAX_NUMBER = 9999
"""The largest plain number read (ranges in inches, Shots)."""
DIE_TYPES = (4, 6, 8, 10, 12)
DAMAGE_SIDES = (4, 6, 8, 10, 12, 20)
MINUS = "-\u2013\u2212"  # hyphen, en dash, minus sign
DASHES = ("\u2014", "\u2013", " - ")
_NOTHING = ("-", "\u2013", "\u2014", "\u2212", "none", "n/a", "0")
_DIGITS = re.compile(r"\d{1,4}")
_DIE = re.compile(r"d(\d{1,3})(?:([+\-])(\d+))?")


def bounded_int(text: str, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> int:
    """A whole number (a leading + or any minus sign allowed) between ``low`` and ``high``;
    ``ValueError`` saying why otherwise (never converting more than a few digits).

    >>> bounded_int("\u20132"), bounded_int("+3")
    (-2, 3)
    >>> bounded_int("123456789012", 0, 99)
    Traceback (most recent call last):
    ...
    ValueError: 123456789012 is out of range (0 to 99)
    """
    sign, digits = 1, text.strip()
    if digits[:1] in MINUS:
        sign, digits = -1, digits[1:]
    elif digits[:1] == "+":
        digits = digits[1:]
    if not digits.isascii() or not digits.isdigit():
        raise ValueError(f"{text.strip()[:40]!r} is not a whole number")
    if len(digits) > 5 or not low <= sign * int(digits) <= high:
        raise ValueError(f"{text.strip()[:40]} is out of range ({low} to {high})")
    return sign * int(digits)


def trait_die(text: str) -> str:
    """``d8``, ``d12+1`` as the stat block keeps them; ``ValueError`` saying why otherwise.

    >>> trait_die("D12 + 2"), trait_die("d6\u20131")
    ('d12+2', 'd6-1')
    >>> trait_die("d7")
    Traceback (most recent call last):
    ...
    ValueError: 'd7' is not a die like d8 or d12+1
    """
    word = "".join(text.lower().split())
    for minus in MINUS[1:]:
        word = word.replace(minus, "-")
    match = _DIE.fullmatch(word)
    if match is None or int(match[1]) not in DIE_TYPES:
        raise ValueError(f"{text.strip()[:40]!r} is not a die like d8 or d12+1")
    if match[3] is None:
        return f"d{match[1]}"
    if len(match[3]) > 2 or int(match[3]) > MAX_BONUS:
        raise ValueError(f"bonus {match[2]}{match[3][:40]} is out of range (at most "
                         f"\u00b1{MAX_BONUS})")
    return f"d{match[1]}{match[2]}{int(match[3])}" if int(match[3]) else f"d{match[1]}"


def damage_text(word: str) -> str | None:
    """A damage expression (``Str+d6``, ``@str+1d6``, ``2d6+1``, ``Str``) in the stat block's
    form, or None when ``word`` is none (dice counts, sides and bonuses bounded).

    >>> damage_text("Str+1d6."), damage_text("2D6"), damage_text("@str"), damage_text("sharp")
    ('str+d6', '2d6', 'str', None)
    """
    text = word.lower().strip(".").lstrip("@").replace("@str", "str")
    for minus in MINUS[1:]:
        text = text.replace(minus, "-")
    if not text or len(text) > 40:
        return None
    terms, out = text.replace("-", "+-").split("+"), []
    for term in terms:
        negative = term.startswith("-")
        core = term[1:] if negative else term
        if core in ("str", "strength") and not negative:
            out.append("str")
        elif "d" in core and not negative:
            count, _, sides = core.partition("d")
            if (count and not (count.isdigit() and 1 <= int(count) <= 20)) \
                    or not (sides.isdigit() and int(sides) in DAMAGE_SIDES):
                return None
            out.append(f"{int(count) if count and int(count) > 1 else ''}d{sides}")
        elif core.isdigit() and len(core) <= 2:
            out.append(f"{'-' if negative else ''}{int(core)}")
        else:
            return None
    if not any(t == "str" or "d" in t for t in out):
        return None
    return "+".join(out).replace("+-", "-")


def split_top(value: str, separators: str = ",") -> list[str]:
    """``value`` split at ``separators`` outside parentheses, each part stripped.

    >>> split_top("Axe (Str+d8, AP 1), torch; rope", ",;")
    ['Axe (Str+d8, AP 1)', 'torch', 'rope']
    """
    parts, depth, start = [], 0, 0
    for index, char in enumerate(value):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char in separators and depth == 0:
            parts.append(value[start:index])
            start = index + 1
    parts.append(value[start:])
    return [p.strip() for p in parts if p.strip()]


@dataclass
class Details:
    """What a weapon's statistics said: ``found`` (stat block keys), ``left`` (phrases that
    are no weapon statistic) and ``notes`` (read, but the app cannot use all of it)."""

    found: dict[str, Any] = field(default_factory=dict)
    left: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _glued(words: list[str]) -> list[str]:
    """Words with a lone ``+``/``-`` or a sign glued to its neighbours: ``Str + d6`` is one
    word, ``+1 Parry`` stays two."""
    out: list[str] = []
    for word in words:
        signed = word[:1] in "+" + MINUS and (len(word) == 1 or word[1:2].lower() in
                                                "0123456789d")
        if out and (out[-1].endswith("+") or (signed and damage_text(out[-1]) is not None)):
            out[-1] += word
        else:
            out.append(word)
    return out


def _range(word: str) -> list[int] | None:
    bands = word.split("/")
    if len(bands) != 3 or not all(_DIGITS.fullmatch(b) for b in bands):
        return None
    numbers = [int(b) for b in bands]
    return numbers if 0 < numbers[0] <= numbers[1] <= numbers[2] else None


_STATS = {"ap": "ap", "rof": "rof", "shots": "shots", "reach": "reach", "reload": "reload"}
_BOUNDS = {"ap": 99, "rof": 10, "shots": MAX_NUMBER, "reach": 99, "reload": 10}
_THROWN_WORDS = ("throwing", "thrown", "throw")
_TWO_HANDS = ("two-handed", "two-hands", "2-handed", "2h")


def _part(words: list[str], details: Details) -> None:
    """One comma-separated part of a weapon's statistics, word by word."""
    low = [w.lower().strip(":").rstrip(".") for w in words]
    index, left = 0, []
    while index < len(low):
        word, after = low[index], low[index + 1] if index + 1 < len(low) else ""
        step = _word(word, after, details)
        if step == 0:
            left.append(words[index])
            step = 1
        elif left:
            details.left.append(" ".join(left))
            left = []
        index += step
    if left:
        details.left.append(" ".join(left))


def _word(word: str, after: str, details: Details) -> int:
    """How many words (0: none) a statistic starting at ``word`` takes, noting it."""
    found = details.found
    if word in ("range", "damage", "dmg", "dam") and (after and (
            _range(after) or damage_text(after.split("/")[0]))):
        return 1  # a keyword before its value
    if bands := _range(word):
        found["range"] = bands
        return 1
    first, _, rest = word.partition("/")
    if (damage := damage_text(first)) is not None:
        found["damage"] = damage
        if rest:
            details.notes.append(f"damage by range {word}: the app rolls {damage} at every "
                                 "range")
        return 1
    if word in _STATS or (word[:2] == "ap" and word[2:].isdigit()):
        key = "ap" if word[:2] == "ap" else _STATS[word]
        value = word[2:] if word[2:].isdigit() else after
        if key == "ap" and value in _NOTHING:
            found["ap"] = 0
            return 1 if value == word[2:] else 2
        try:
            found[key] = bounded_int(value, 0, _BOUNDS[key])
        except ValueError:
            return 0
        return 1 if value == word[2:] else 2
    if word == "parry" and after[:1] in "+" + MINUS:
        return _parry(after, details, 2)
    if word[:1] in "+" + MINUS and after == "parry":
        return _parry(word, details, 2)
    if word.startswith("parry+"):
        return _parry(word[5:], details, 1)
    if word in _THROWN_WORDS:
        found["thrown"] = True
        return 1
    if word in _TWO_HANDS or (word in ("two", "2") and after in ("hands", "handed")):
        found["two_handed"] = True
        return 1 if word in _TWO_HANDS else 2
    return 0


def _parry(text: str, details: Details, step: int) -> int:
    try:
        details.found["parry"] = bounded_int(text, -9, 9)
    except ValueError:
        return 0
    return step


def weapon_details(parts: list[str]) -> Details:
    """The weapon statistics in ``parts`` (each a comma- or semicolon-separated piece of a
    gear item or a natural attack), word by word.

    >>> weapon_details(["Str+d8", "Min Str d8", "two hands", "sharp"]).found
    {'damage': 'str+d8', 'min_str': 'd8', 'two_handed': True}
    """
    details = Details()
    for part in parts:
        words = _glued(part.split())
        words = _min_strength(words, details)
        _part(words, details)
    return details


def _min_strength(words: list[str], details: Details) -> list[str]:
    """``Min Str d8`` / ``Min. Str. d8`` / ``MinStr d8`` read off ``words`` first."""
    low = [w.lower().rstrip(".:") for w in words]
    for index, word in enumerate(low):
        size = 2 if word == "min" and low[index + 1:index + 2] in (["str"], ["strength"]) \
            else 1 if word in ("minstr", "min.str") else 0
        if size and index + size < len(low):
            try:
                details.found["min_str"] = trait_die(words[index + size].rstrip(".,"))
            except ValueError:
                return words
            return words[:index] + words[index + size + 1:]
    return words
