"""Test helpers for GURPS: a fake map (Measurer) and the people of the tests.

The fake map answers ``facts`` with fixed MapFacts per (attacker, target) pair, ``slide`` with
the target point unless a wall line x = ``wall_x`` stands in the way (then it stops there),
``adjacent`` from a set of pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from battlemap.rules.table import Board, MapFacts, Piece, Point, Side


@dataclass
class FakeMap:
    facts_by_pair: dict[tuple[str, str], MapFacts] = field(default_factory=dict)
    wall_x: float | None = None
    touching: set[frozenset[str]] = field(default_factory=set)
    slides: list[tuple[str, Point]] = field(default_factory=list)
    pieces: dict[str, Piece] = field(default_factory=dict)
    """The board's pieces by id (``board`` fills it), for ``step_away``."""

    def facts(self, attacker: str, target: str, weapon_ranges: Sequence[float] | None = None,
              reach: float = 0.0) -> MapFacts:
        return self.facts_by_pair.get((attacker, target), MapFacts(1.0, "melee", 0.0, "none"))

    def adjacent(self, first: str, second: str) -> bool:
        return frozenset((first, second)) in self.touching

    def slide(self, token: str, to: Point) -> tuple[Point, str | None]:
        self.slides.append((token, to))
        if self.wall_x is not None and to[0] >= self.wall_x:
            return (self.wall_x - 0.5, to[1]), "wall-1"
        return to, None

    def zone_of(self, token: str) -> str | None:
        return None

    def step_away(self, token: str, away_from: str) -> Point:
        """One unit straight away (the fake map has no grid)."""
        piece, foe = self.pieces[token], self.pieces[away_from]
        dx, dy = piece.x - foe.x, piece.y - foe.y
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        return (piece.x + dx / length, piece.y + dy / length)


def facts(distance: float = 1.0, arc: str = "front") -> MapFacts:
    band = "melee" if distance <= 1 else "short"
    return MapFacts(distance, band, 0.0, "none", attacker_arc=arc)


def board(*pieces: Piece, measurer: FakeMap | None = None,
          combat: Mapping[str, Any] | None = None) -> Board:
    measurer = measurer or FakeMap()
    measurer.pieces.update({p.id: p for p in pieces})
    return Board("gurps", tuple(pieces), dict(combat or {}), measurer=measurer)


KNIGHT: dict[str, Any] = {
    "st": 12, "dx": 12, "ht": 12, "hp": 12, "basic_speed": 6.0, "basic_lift": 29.0,
    "dodge": 9, "dr": 3,
    "shield": {"name": "Medium Shield", "db": 2, "block": 9},
    "skills": {"Shield": 12, "Broadsword": 14},
    "attacks": [
        {"name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "2d cut", "parry": 10,
         "weight": 3, "skill_name": "Broadsword"},
        {"name": "Broadsword", "usage": "Thrust", "skill": 14, "damage": "1d+2 imp",
         "parry": 10, "weight": 3, "skill_name": "Broadsword"},
    ],
}
ORC: dict[str, Any] = {
    "st": 13, "dx": 11, "ht": 12, "hp": 14, "basic_speed": 5.75, "basic_lift": 34.0,
    "dodge": 8, "dr": 2,
    "attacks": [
        {"name": "Axe", "usage": "Swung", "skill": 13, "damage": "2d+2 cut", "parry": 9,
         "unbalanced": True, "weight": 4},
        {"name": "Punch", "skill": 12, "damage": "1d-1 cr", "reach": "C", "parry": 9,
         "unarmed": True, "skill_name": "Brawling"},
    ],
}
ARCHER: dict[str, Any] = {
    "st": 11, "dx": 13, "ht": 11, "hp": 11, "basic_speed": 6.0, "dodge": 9,
    "attacks": [{"name": "Bow", "skill": 14, "damage": "1d+1 imp", "kind": "missile",
                 "range": [165, 220], "weight": 2}],
}


def piece(token_id: str, stats: Mapping[str, Any], x: float = 0.0, y: float = 0.0,
          side: Side = Side.NEUTRAL, **condition: Any) -> Piece:
    data = dict(stats)
    if condition:
        data["condition"] = {**dict(stats.get("condition", {})), **condition}
    return Piece(token_id, token_id.title(), x, y, side=side, stats=data)
