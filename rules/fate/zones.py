"""Pushing and Throw or Knockback: the shifts a move of some zones costs (text, "Maneuvers").

A target's weight: 100 lb is 1, 150 lb 2, 200 lb 3 (each 50 lb one more). A push of ``z``
zones costs weight + z shifts (the pusher moves with the target); a throw or knockback of one
zone weight + 1, and each further zone what the previous one cost plus one (150 lb: 3, 7, 12).

Examples
--------
>>> [push_cost(2, z) for z in (1, 2, 3)]
[3, 4, 5]
>>> [throw_cost(2, z) for z in (1, 2, 3)]
[3, 7, 12]
>>> zones_for(2, 8, throw=True), zones_for(2, 8, throw=False)
(2, 6)
>>> weight_of_pounds(200)
3

A zone the GM names, by its name or its id in any case, is the zone's name
(:func:`zone_called`); on a board without a map the text is taken on trust:

>>> zone_called(Board("fate"), "Forum")
'Forum'
"""

from __future__ import annotations

import math

from battlemap.rules.table import Board

__all__ = ["push_cost", "throw_cost", "weight_of_pounds", "zone_called", "zone_steps",
           "zones_for"]


def weight_of_pounds(pounds: float) -> int:
    """The text's weight for a body of ``pounds`` (100 lb 1, 150 lb 2, 200 lb 3), rounded to
    the nearer, halves up (175 lb 3, 125 lb 2: not Python's halves to even).

    >>> [weight_of_pounds(p) for p in (124, 125, 175, 225)]
    [1, 2, 3, 4]
    """
    return max(0, math.floor((pounds - 50) / 50 + 0.5))


def push_cost(weight: int, zones: int) -> int:
    """Shifts to push a target of ``weight`` by ``zones`` zones."""
    return weight + zones


def throw_cost(weight: int, zones: int) -> int:
    """Shifts to throw or knock back a target of ``weight`` by ``zones`` zones."""
    return sum(weight + zone for zone in range(1, zones + 1))


def zones_for(weight: int, shifts: int, *, throw: bool, most: int = 20) -> int:
    """The most zones ``shifts`` pay for (0: not even one)."""
    cost = throw_cost if throw else push_cost
    zones = 0
    while zones < most and cost(weight, zones + 1) <= shifts:
        zones += 1
    return zones


def zone_called(board: Board, text: str) -> str | None:
    """The name of the zone ``text`` names (its name or its id, any case; the id of an
    unnamed zone), None when the map has no such zone; ``text`` itself without a map."""
    return text.strip() if board.measurer is None else board.map().zone_named(text)


def zone_steps(board: Board, token: str, to: str) -> int | None:
    """How many zones ``token`` must be moved to reach the zone ``to`` (a name or id, any
    case); None when it stands in no zone, ``to`` is no zone, or no way joins them."""
    measurer = board.map()
    start, goal = measurer.zone_of(token), zone_called(board, to)
    return None if start is None or goal is None else measurer.zones_between(start, goal)
