"""Words for the GM: token names where a message gives a token's id, places in words.

A game system's refusal is written for every front end and sometimes names a token by its id
(``valeros has no ranged or thrown weapon``); the GM reads names. :func:`with_names` swaps
each id standing alone as a word for the token's name. :func:`offset_words` says how far and
which way a point lies from another (``2 m east``), instead of raw coordinates.

Examples
--------
>>> from desktop.core.model import Encounter, Token
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

from desktop.core.model import Encounter, LogEntry, Point
from rules.events import Event, TokenPushed

__all__ = ["entry_in_words", "offset_words", "with_names"]

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
    """How far and which way ``end`` lies from ``start`` (cells; ``scale`` units a cell).

    >>> offset_words((0.0, 0.0), (0.0, -1.5), 2.0, "yd")
    '3 yd north'
    >>> offset_words((0.0, 0.0), (0.1, 0.0), 1.0, "m")
    'in place'
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    distance = math.hypot(dx, dy) * scale
    if distance < 0.25 * scale:
        return "in place"
    sector = round(math.degrees(math.atan2(dy, dx)) / 45.0) % 8
    gap = " " if unit[:1].isalpha() else ""  # 2 m, 2 yd, but 2"
    return f"{round(distance, 1):g}{gap}{unit} {COMPASS[sector]}"


def entry_in_words(entry: LogEntry, before: Encounter, events: tuple[Event, ...] = ()) -> LogEntry:
    """``entry`` as the GM reads it: names for ids, and each push (``is pushed to (10.5,
    2.3)``) told as how far and which way the token went from where it stood in ``before``.

    >>> from desktop.core.model import Token
    >>> enc = Encounter(tokens=(Token("orc", "Orc Leader", 8.5, 2.5),))
    >>> entry_in_words(LogEntry("Push", ("orc is pushed to (10.5, 2.5)",)), enc,
    ...                (TokenPushed("orc", (10.5, 2.5)),)).lines
    ('Orc Leader is pushed 2 in east',)
    """
    where = {t.id: t for t in before.tokens}
    moves: list[tuple[str, str]] = []
    for event in events:
        if isinstance(event, TokenPushed) and event.token in where:
            token, (x, y) = where[event.token], event.to
            way = offset_words((token.x, token.y), (x, y), before.grid.distance_per_cell,
                               before.grid.unit)
            moves.append((f"pushed to ({x:g}, {y:g})", f"pushed {way}"))

    def words(text: str) -> str:
        for raw, told in moves:
            text = text.replace(raw, told)
        return with_names(text, before)

    return replace(entry, title=words(entry.title), lines=tuple(map(words, entry.lines)))
