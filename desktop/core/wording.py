"""Words for the GM: token names where a message gives a token's id, places in words.

A game system's refusal is written for every front end and sometimes names a token by its id
(``valeros has no ranged or thrown weapon``); the GM reads names. :func:`with_names` swaps
each id standing alone as a word for the token's name. :func:`offset_words` says how far and
which way a point lies from another (``2 m east``), instead of raw coordinates.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token("valeros", "Valeros", 1.5, 1.5),
...                         Token("goblin-1", "Goblin 1", 4.5, 1.5)))
>>> with_names("valeros has no ranged weapon; goblin-1 is out of reach", enc)
'Valeros has no ranged weapon; Goblin 1 is out of reach'
>>> with_names("goblin-12 and valerosa stay as they are", enc)
'goblin-12 and valerosa stay as they are'
>>> offset_words((1.0, 1.0), (3.0, 1.0), 1.0, "m")
'2 m east'
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from battlemap.desktop.core.model import Encounter, LogEntry, Point
from battlemap.rules.events import Event, ItemDropped, TokenPushed

__all__ = ["entry_in_words", "offset_words", "refusal_text", "with_names"]

COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north",
           "north-east")
"""The eight directions, clockwise from east (the map's y grows southwards)."""


def with_names(text: str, encounter: Encounter) -> str:
    """``text`` with every token id that stands alone as a word replaced by the token's name."""
    renames = {t.id: t.name for t in encounter.tokens if t.name and t.id != t.name}
    if not renames or not text:
        return text
    ids = sorted(renames, key=len, reverse=True)  # goblin-10 before goblin-1
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    return pattern.sub(lambda m: renames[m.group(1)], text)


def offset_words(start: Point, end: Point, scale: float, unit: str) -> str:
    """How far and which way ``end`` lies from ``start`` (cells; ``scale`` units a cell);
    inches are written with the inch mark, as Savage Pathfinder's text writes them.

    >>> offset_words((0.0, 0.0), (0.0, -1.5), 2.0, "yd")
    '3 yd north'
    >>> offset_words((0.0, 0.0), (-1.0, 1.0), 1.0, "in")
    '1.4" south-west'
    >>> offset_words((0.0, 0.0), (0.1, 0.0), 1.0, "m")
    'in place'
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    distance = math.hypot(dx, dy) * scale
    if distance < 0.25 * scale:
        return "in place"
    sector = round(math.degrees(math.atan2(dy, dx)) / 45.0) % 8
    unit = '"' if unit.strip().lower() in _INCHES else unit
    gap = " " if unit[:1].isalpha() else ""  # 2 m, 2 yd, but 2"
    return f"{round(distance, 1):g}{gap}{unit} {COMPASS[sector]}"


_INCHES = frozenset({"in", "inch", "inches", '"'})

_PLACE = re.compile(r"\b(to|at) \((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)")
"""``to (10.5, 2.3)`` or ``at (3, 4.25)``: a point a system's line gives in raw coordinates."""


def _moves(before: Encounter, events: tuple[Event, ...]) -> list[tuple[Point, Point]]:
    """Where each pushed token or dropped item went, from where its token stood."""
    where = {t.id: (t.x, t.y) for t in before.tokens}
    moves = []
    for event in events:
        if isinstance(event, TokenPushed) and event.token in where:
            moves.append((where[event.token], event.to))
        elif isinstance(event, ItemDropped) and event.owner in where:
            moves.append((where[event.owner], event.at))
    return moves


def entry_in_words(entry: LogEntry, before: Encounter, events: tuple[Event, ...] = ()) -> LogEntry:
    """``entry`` as the GM reads it: names for ids, and each point a push, an evasion or a
    dropped item gives in raw coordinates (``is pushed to (10.5, 2.3)``, ``clear of the
    template, to (10.5, 2.3)``) told as how far and which way it lies from where the token
    stood in ``before``, in the encounter's unit.

    >>> from battlemap.desktop.core.model import Token
    >>> enc = Encounter(tokens=(Token("orc", "Orc Leader", 8.5, 2.5),))
    >>> entry_in_words(LogEntry("Push", ("orc is pushed to (10.5, 2.5)",)), enc,
    ...                (TokenPushed("orc", (10.5, 2.5)),)).lines
    ('Orc Leader is pushed 2" east',)
    """
    moves = _moves(before, events)
    grid = before.grid

    def told(match: re.Match[str]) -> str:
        point = (float(match.group(2)), float(match.group(3)))
        near = [(math.dist(point, end), start, end) for start, end in moves]
        if not near or min(near)[0] > 0.06:  # a point no move of this entry went to
            return match.group(0)
        _, start, end = min(near)
        way = offset_words(start, end, grid.distance_per_cell, grid.unit)
        return f"{match.group(1)} the place it stood" if way == "in place" else way

    def words(text: str) -> str:
        return with_names(_PLACE.sub(told, text), before)

    return replace(entry, title=words(entry.title), lines=tuple(map(words, entry.lines)))


def refusal_text(error: Exception) -> str:
    """The one line a command prints, or the window says, for ``error``: a file error as the
    file and why (no errno, no quotes), a missing key as the key, anything else as its text.

    Examples
    --------
    >>> import errno
    >>> refusal_text(OSError(errno.ENOSPC, "No space left on device", "/maps/crypt.json"))
    '/maps/crypt.json: No space left on device'
    >>> refusal_text(KeyError("no token 'orc-9'"))
    "no token 'orc-9'"
    >>> refusal_text(ValueError("--rof: not an input of GURPS"))
    '--rof: not an input of GURPS'
    """
    if isinstance(error, OSError) and error.filename is not None and error.strerror:
        return f"{error.filename}: {error.strerror}"
    if isinstance(error, KeyError) and len(error.args) == 1:
        return str(error.args[0])
    return str(error)
