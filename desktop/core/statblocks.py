"""Stat blocks pasted as text, given to a token (the Combatants dock and ``import-statblock``)
or made into new tokens (a paste on the map, ``import-statblock`` without ``--token``).

The encounter's game system reads the text; :func:`with_statblock_text` gives the token the
stat block it read (its current condition kept), after checking that it parses;
:func:`tokens_from_text` adds a token for every block in the text (the system splits a paste
of several), on the free cells nearest a point, with a log entry saying what was not read;
:func:`reading_lines` says what was understood, what was not and what disagrees with the
printed figures. A text the system cannot use is a :class:`StatBlockError`; nothing changes.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token("g1", "Goblin", 0.5, 0.5),))
>>> after, reading = with_statblock_text(enc, "g1", "Attributes: Agility d8, Vigor d6\\nPace: 6")
>>> after.token("g1").stats["attributes"]["agility"]
'd8'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from battlemap.desktop.core.characters import SIDE_COLORS
from battlemap.desktop.core.model import Encounter, Point, Side, Token
from battlemap.desktop.core.stat_ranges import check_stats
from battlemap.desktop.core.validation import FieldProblem
from battlemap.rules.interface import TextReading
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import LogEntry

__all__ = ["Pasted", "StatBlockError", "free_cells", "reading_lines",
           "tokens_from_text", "with_statblock_text"]

MAX_PASTED = 100
"""The most tokens one paste makes (a bigger paste is refused, nothing added)."""
MAX_PASTE_CHARACTERS = 500_000
"""The longest paste read (100 blocks of 5,000 characters; a printed block has a few
thousand): the reading takes time in proportion, so a bigger one is refused unread."""
MAX_PASTE_LINE = 20_000
"""The longest line of a paste read (a long Special Abilities paragraph has 3,000)."""


class StatBlockError(ValueError):
    """A pasted stat block that cannot be given to the token; the message says why."""


def _check_size(text: str) -> None:
    """``StatBlockError`` for a paste longer than :data:`MAX_PASTE_CHARACTERS` or with a line
    longer than :data:`MAX_PASTE_LINE`, before any of it is read.

    >>> try:
    ...     _check_size("Goblin\\n" + "x" * 30_000)
    ... except StatBlockError as refused:
    ...     print(refused)
    line 2 of the paste has 30,000 characters: at most 20,000
    """
    if len(text) > MAX_PASTE_CHARACTERS:
        raise StatBlockError(f"the paste has {len(text):,} characters: at most "
                             f"{MAX_PASTE_CHARACTERS:,}")
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_PASTE_LINE:
            raise StatBlockError(f"line {number} of the paste has {len(line):,} characters: "
                                 f"at most {MAX_PASTE_LINE:,}")


def with_statblock_text(encounter: Encounter, token_id: str,
                        text: str) -> tuple[Encounter, TextReading]:
    """The encounter with the token's stat block read from ``text``, and the reading."""
    system = find_system(encounter.system)
    _check_size(text)
    try:
        token = encounter.token(token_id)
    except KeyError as error:
        raise StatBlockError(str(error).strip("'\"")) from None
    try:
        readings = system.statblocks_from_text(text)
        if len(readings) > 1:
            raise StatBlockError(f"{len(readings)} stat blocks in the text ("
                                 + ", ".join(r.name or "?" for r in readings[:5])
                                 + "): paste one for a token, or paste them on the map to make "
                                   "a token of each")
        reading = readings[0] if readings else system.statblock_from_text(text)
        stats = dict(reading.stats)
        if "condition" in token.stats:
            stats["condition"] = token.stats["condition"]
        check_stats(system.statblock_schema(), stats, f"tokens[{token_id}].stats")
        system.combatant_from_dict(stats, f"tokens[{token_id}].stats", token_id)
    except (RulesError, FieldProblem) as error:
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
        lines += ["printed figures differ:", *(f"  {line}" for line in reading.mismatches)]
    return lines


@dataclass(frozen=True, slots=True)
class Pasted:
    """What a paste made: the encounter after it, each block's reading and new token id."""

    encounter: Encounter
    readings: tuple[TextReading, ...]
    ids: tuple[str, ...]

    def summary(self) -> str:
        """``Added Orc (orc), Goblin (goblin); 2 things not read, 1 printed figure differs``."""
        names = ", ".join(f"{self.encounter.token(i).name} ({i})" for i in self.ids)
        unread = sum(len(r.unread) for r in self.readings)
        differ = sum(len(r.mismatches) for r in self.readings)
        return (f"Added {names}" + (f"; {unread} thing{'s' * (unread != 1)} not read"
                                    if unread else "")
                + (f"; {differ} printed figure{'s differ' if differ != 1 else ' differs'}"
                   if differ else ""))


def _slug(name: str) -> str:
    """``Goblin Boss`` -> ``goblin-boss``.

    >>> _slug("Tharg (Smith)")
    'tharg-smith'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()[:60]).strip("-") or "creature"


def free_cells(encounter: Encounter, near: Point, count: int) -> list[Point]:
    """The centres of ``count`` cells no token covers, nearest ``near`` first (ring by ring
    out from it, inside the map; where the map is full, the spots nearest ``near`` again).

    >>> free_cells(Encounter(width=3, height=3, tokens=(Token("a", "A", 1.5, 1.5),)),
    ...            (1.5, 1.5), 2)
    [(1.5, 0.5), (0.5, 1.5)]
    """
    columns, rows = max(1, math.ceil(encounter.width)), max(1, math.ceil(encounter.height))
    column = min(max(int(near[0]), 0), columns - 1)
    row = min(max(int(near[1]), 0), rows - 1)
    taken = {(c, r) for t in encounter.tokens
             for c in range(math.floor(t.x - t.radius + 0.01), math.ceil(t.x + t.radius - 0.01))
             for r in range(math.floor(t.y - t.radius + 0.01), math.ceil(t.y + t.radius - 0.01))}
    found: list[Point] = []
    for ring in range(max(columns, rows)):
        cells = [(c, r) for c in range(column - ring, column + ring + 1)
                 for r in range(row - ring, row + ring + 1)
                 if max(abs(c - column), abs(r - row)) == ring
                 and 0 <= c < columns and 0 <= r < rows and (c, r) not in taken]
        cells.sort(key=lambda cell: ((cell[0] - column) ** 2 + (cell[1] - row) ** 2,
                                     cell[1], cell[0]))
        found += [(c + 0.5, r + 0.5) for c, r in cells]
        if len(found) >= count:
            return found[:count]
    return (found + [(column + 0.5, row + 0.5)] * count)[:count]


def tokens_from_text(encounter: Encounter, text: str, *, side: Side = Side.VILLAIN,
                     at: Point | None = None) -> Pasted:
    """``encounter`` with a new token for every stat block in ``text`` (several blocks pasted
    at once make several), on the free cells nearest ``at`` (default: the map's centre), and
    one log entry naming them with what was not read and which printed figures differ.
    ``StatBlockError`` naming the block when any block cannot be used: nothing is added.

    >>> enc = Encounter(width=4, height=4)
    >>> done = tokens_from_text(enc, "Orc\\nAttributes: Vigor d8\\nGoblin\\nAttributes: Vigor d6",
    ...                         at=(0.5, 0.5))
    >>> [(t.id, t.name, t.x, t.y) for t in done.encounter.tokens]
    [('orc', 'Orc', 0.5, 0.5), ('goblin', 'Goblin', 1.5, 0.5)]
    >>> again = tokens_from_text(done.encounter, "Goblin\\nAttributes: Vigor d6")
    >>> [(t.id, t.name) for t in again.encounter.tokens][-1]  # the log tells them apart
    ('goblin-2', 'Goblin 2')
    """
    system = find_system(encounter.system)
    _check_size(text)
    try:
        readings = system.statblocks_from_text(text)
    except RulesError as error:
        raise StatBlockError(str(error)) from None
    if not readings:
        raise StatBlockError("nothing in the text reads as a stat block")
    if len(readings) > MAX_PASTED:
        raise StatBlockError(f"{len(readings)} stat blocks in one paste: at most {MAX_PASTED}")
    used, names = {t.id for t in encounter.tokens}, {t.name for t in encounter.tokens}
    tokens: list[Token] = []
    spots = free_cells(encounter, at if at is not None else
                       (encounter.width / 2, encounter.height / 2), len(readings))
    for number, (reading, (x, y)) in enumerate(zip(readings, spots, strict=True), 1):
        name = reading.name or "Creature"
        where = f"stat block {number} ({name})" if len(readings) > 1 else name
        if not reading.understood:
            raise StatBlockError(f"{where}: nothing in the text reads as a stat block")
        token_id, name = _unused(_slug(name), name, used, names)
        try:
            check_stats(system.statblock_schema(), reading.stats, f"{where}: stats")
            system.combatant_from_dict(reading.stats, f"{where}: stats", token_id)
        except (RulesError, FieldProblem) as error:
            raise StatBlockError(str(error)) from None
        used.add(token_id)
        names.add(name)
        tokens.append(Token(token_id, name, x, y, side=side, color=SIDE_COLORS[side],
                            stats=dict(reading.stats)))
    after = replace(encounter, tokens=(*encounter.tokens, *tokens))
    lines = [line for reading, token in zip(readings, tokens, strict=True)
             for line in _log_lines(reading, token.name)]
    title = "Pasted stat block" + "s" * (len(tokens) > 1) + ": " + ", ".join(
        t.name for t in tokens)
    after = after.with_log(LogEntry(title, tuple(lines)))
    return Pasted(after, readings, tuple(t.id for t in tokens))


def _unused(slug: str, name: str, ids: set[str], names: set[str]) -> tuple[str, str]:
    """An id and a name no token has yet: ``goblin``/``Goblin``, else ``goblin-2``/``Goblin 2``
    and on (two tokens of one name could not be told apart in the log or on the map)."""
    token_id, shown, number = slug, name, 1
    while token_id in ids or shown in names:
        number += 1
        token_id, shown = f"{slug}-{number}", f"{name} {number}"
    return token_id, shown


def _log_lines(reading: TextReading, name: str) -> list[str]:
    """The log's lines for one pasted block: what was not read, which printed figures
    differ."""
    return ([f"{name}, not read: {line}" for line in reading.unread]
            + [f"{name}, printed figures differ: {line}" for line in reading.mismatches])
