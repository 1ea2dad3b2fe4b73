"""Stat blocks pasted as text, given to a token (the Combatants dock and ``import-statblock``).

The encounter's game system reads the text; :func:`with_statblock_text` gives the token the
stat block it read (its current condition kept), after checking that it parses, and
:func:`reading_lines` says what was understood, what was not and what disagrees with the
printed figures. A text the system cannot use is a :class:`StatBlockError`; nothing changes.

Examples
--------
>>> from desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token("g1", "Goblin", 0.5, 0.5),))
>>> after, reading = with_statblock_text(enc, "g1", "Attributes: Agility d8, Vigor d6\\nPace: 6")
>>> after.token("g1").stats["attributes"]["agility"]
'd8'
"""

from __future__ import annotations

from dataclasses import replace

from desktop.core.model import Encounter
from rules.interface import TextReading
from rules.registry import RulesError, find_system

__all__ = ["StatBlockError", "reading_lines", "with_statblock_text"]


class StatBlockError(ValueError):
    """A pasted stat block that cannot be given to the token; the message says why."""


def with_statblock_text(encounter: Encounter, token_id: str,
                        text: str) -> tuple[Encounter, TextReading]:
    """The encounter with the token's stat block read from ``text``, and the reading."""
    system = find_system(encounter.system)
    try:
        token = encounter.token(token_id)
    except KeyError as error:
        raise StatBlockError(str(error).strip("'\"")) from None
    try:
        reading = system.statblock_from_text(text)
        stats = dict(reading.stats)
        if "condition" in token.stats:
            stats["condition"] = token.stats["condition"]
        system.combatant_from_dict(stats, f"tokens[{token_id}].stats", token_id)
    except RulesError as error:
        raise StatBlockError(str(error)) from None
    if not reading.understood:
        raise StatBlockError("nothing in the text reads as a stat block")
    return encounter.with_token(replace(token, stats=stats)), reading


def reading_lines(reading: TextReading) -> list[str]:
    """The reading for the GM: each field understood, then what could not be read and what
    disagrees with the printed figures.

    >>> reading_lines(TextReading("Goblin", {}, (("pace", "6", "Pace: 6"),), ("Loot: 3",), ()))
    ['Goblin', '  pace = 6   (Pace: 6)', 'not read:', '  Loot: 3']
    """
    lines = [reading.name] if reading.name else []
    lines += [f"  {field} = {value}   ({source})" for field, value, source in reading.understood]
    if reading.unread:
        lines += ["not read:", *(f"  {line}" for line in reading.unread)]
    if reading.mismatches:
        lines += ["printed figures that differ:", *(f"  {line}" for line in reading.mismatches)]
    return lines
