"""The words the GM reads for a Storypath event: tokens by name, places as a distance and a
direction from where the token stood ("pushed 4 m east"), never ids or coordinates.

The events themselves keep the ids (they are data for the desktop's animations); the log
lines are told here.

Examples
--------
>>> place((0.5, 0.5), (4.5, 0.5), 1.0), place((2.0, 2.0), (1.0, 1.0), 1.0)
('4 m east', '1.4 m north-west')
>>> from battlemap.rules.events import StatusAdded
>>> from battlemap.rules.table import Piece
>>> thug = Board("storypath", (Piece("thug-1", "Thug 1", 0, 0),))
>>> tell(StatusAdded("thug-1", "prone"), thug)
'Thug 1 is now prone'
>>> tell(StatusAdded("thug-1", "Pistol sundered (useless this scene)"), thug)
"Thug 1's Pistol is sundered (useless this scene)"
"""

from __future__ import annotations

import math
from dataclasses import fields, replace
from typing import Any

from battlemap.rules.events import (
    Event,
    Incapacitated,
    ItemDropped,
    StatusAdded,
    TokenPushed,
    describe,
)
from battlemap.rules.table import Board, Point

__all__ = ["place", "tell"]

_ID_FIELDS = frozenset({"token", "actor", "attacker", "target", "owner", "by", "control",
                        "other", "first", "second", "bystander", "source"})
_POINTS = ("east", "south-east", "south", "south-west", "west", "north-west", "north",
           "north-east")


def place(start: Point, end: Point, metres_per_cell: float) -> str:
    """``end`` from ``start`` in words: the metres and the compass point (north is up the
    map), or "where it stood" when they are one place."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    metres = math.hypot(dx, dy) * metres_per_cell
    if metres < 0.05:
        return "where it stood"
    point = _POINTS[round(math.degrees(math.atan2(dy, dx)) / 45) % 8]
    return f"{metres:.1f}".rstrip("0").rstrip(".") + f" m {point}"


def tell(event: Event, board: Board, metres_per_cell: float = 1.0) -> str:
    """``event`` as a log line, told with the names on ``board`` (the board before the
    event, so a push is measured from where the token stood)."""
    names = {p.id: p.name for p in board.tokens}
    if isinstance(event, TokenPushed):
        piece = board.token(event.token)
        return f"{names[event.token]} is pushed " \
               f"{place((piece.x, piece.y), event.to, metres_per_cell)}"
    if isinstance(event, Incapacitated):  # Storypath's word for a full Injury track
        return f"{names.get(event.token, event.token)} is Taken Out"
    if isinstance(event, ItemDropped):
        piece = board.token(event.owner)
        where = place((piece.x, piece.y), event.at, metres_per_cell)
        at = "at their feet" if where == "where it stood" else where
        by = f" (disarmed by {names.get(event.by, event.by)})" if event.by else ""
        return f"{names.get(event.owner, event.owner)} drops {event.item} {at}{by}"
    if isinstance(event, StatusAdded):
        return _status_line(names.get(event.token, event.token), event.status)
    renamed = {f.name: names[value] for f in fields(event) if f.name in _ID_FIELDS
               and isinstance(value := getattr(event, f.name), str) and value in names}
    same: Any = event  # every event is a dataclass; the fields renamed hold token ids
    return describe(replace(same, **renamed))


def _status_line(name: str, status: str) -> str:
    """A status as a sentence: an item's ("Brute's Pistol is sundered"), a bonus held ("Ada
    has +2 Enhancement ..."), else a state ("Brute is now prone")."""
    item, sundered, rest = status.partition(" sundered")
    if sundered:
        return f"{name}'s {item} is sundered{rest}"
    if status.startswith("+"):
        return f"{name} has {status}"
    return f"{name} is now {status}"
