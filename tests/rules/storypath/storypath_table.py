"""A hand-built Storypath table for the tests: pieces, a fake measurer, requests.

The fake :class:`FakeMap` measures centre to centre in cells x ``metres_per_cell``, says two
tokens are adjacent (edge gap 0) within 1.5 cells, returns the cover it was given, and stops
a slide at the wall point it was given for a token (else at the asked point).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from battlemap.rules.interface import AttackRequest
from battlemap.rules.table import Board, MapFacts, Piece, Point, Side


class FakeMap:
    def __init__(self, pieces: Sequence[Piece], cover: str = "none",
                 walls: Mapping[str, Point] | None = None, metres_per_cell: float = 1.0,
                 line_of_sight: bool = True) -> None:
        self.where = {p.id: (p.x, p.y) for p in pieces}
        self.cover = cover
        self.walls = dict(walls or {})
        self.metres_per_cell = metres_per_cell
        self.line_of_sight = line_of_sight
        self.slides: list[tuple[str, Point]] = []

    def _cells(self, first: str, second: str) -> float:
        (ax, ay), (bx, by) = self.where[first], self.where[second]
        return math.hypot(bx - ax, by - ay)

    def facts(self, attacker: str, target: str, weapon_ranges: Sequence[float] | None = None,
              reach: float = 0.0) -> MapFacts:
        cells = self._cells(attacker, target)
        return MapFacts(distance=cells * self.metres_per_cell, range_band="",
                        cover_fraction=0.0, cover=self.cover,
                        line_of_sight=self.line_of_sight,
                        edge_gap=0.0 if cells <= 1.5 else cells - 1.0)

    def adjacent(self, first: str, second: str) -> bool:
        return self._cells(first, second) <= 1.5

    def slide(self, token: str, to: Point) -> tuple[Point, str | None]:
        self.slides.append((token, to))
        if token in self.walls:
            return self.walls[token], "wall-1"
        return to, None

    def zone_of(self, token: str) -> str | None:
        return None


def person(token: str, x: float, y: float, side: Side = Side.HERO, **stats: Any) -> Piece:
    return Piece(token, token.title(), x, y, side=side, stats=stats)


def board_of(*pieces: Piece, combat: Mapping[str, Any] | None = None, cover: str = "none",
             walls: Mapping[str, Point] | None = None, metres_per_cell: float = 1.0,
             line_of_sight: bool = True) -> Board:
    measurer = FakeMap(pieces, cover, walls, metres_per_cell, line_of_sight)
    return Board("storypath", tuple(pieces), combat=dict(combat or {}), measurer=measurer)


def attack(attacker: str, target: str, weapon: str | None = None, *options: str,
           stunts: Sequence[str] | None = None, **answers: Sequence[str]) -> AttackRequest:
    given = {k: tuple(v) for k, v in answers.items()}
    if stunts is not None:
        given["stunts"] = tuple(stunts)
    return AttackRequest(attacker, target, weapon, options=tuple(options), answers=given)


PISTOL = {"name": "Pistol", "kind": "ranged", "range": "medium", "damage_type": "ballistic"}
SMG = {"name": "SMG", "kind": "ranged", "range": "medium", "tags": ["automatic"],
       "damage_type": "ballistic"}
KNIFE = {"name": "Knife", "kind": "close", "tags": ["grapple", "thrown"],
         "damage_type": "lethal"}
HATCHET = {"name": "Hatchet", "kind": "thrown", "damage_type": "lethal"}
