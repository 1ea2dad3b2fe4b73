"""A measurer for open ground, for examples and tests of the rules without the desktop.

:class:`OpenGround` answers a system's map questions (:class:`battlemap.rules.table.Measurer`) for a
board with no walls, no cover, bright light and no zones, in plain arithmetic: distances are
between centres in cells times ``unit_per_cell``, tokens are adjacent when their footprints
are less than one cell apart, a pushed token slides all the way. The desktop's own measurer
answers the same questions with the real map (walls, cover, light).

Examples
--------
>>> from battlemap.rules.table import Board, Piece
>>> board = on_open_ground(Board("savage-pathfinder", tokens=(
...     Piece("a", "A", 1.5, 1.5), Piece("b", "B", 2.5, 1.5), Piece("c", "C", 9.5, 1.5))))
>>> board.map().adjacent("a", "b"), board.map().adjacent("a", "c")
(True, False)
>>> facts = board.map().facts("a", "c", weapon_ranges=(4, 8, 16))
>>> facts.distance, facts.range_band, facts.adjacent_to_attacker
(8.0, 'medium', ('b',))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from battlemap.rules.table import Area, AreaFacts, Board, MapFacts, Piece, Point

__all__ = ["ADJACENT_GAP", "OpenGround", "on_open_ground", "open_board"]

ADJACENT_GAP = 1.0 - 1e-9
"""Footprints closer than this (in cells) are adjacent, as on the desktop's map."""
BLAST_RADII = {"sbt": 1.0, "mbt": 2.0, "lbt": 3.0}


@dataclass(frozen=True, slots=True)
class OpenGround:
    """The map questions of a board on open ground (see the module)."""

    pieces: tuple[Piece, ...]
    unit_per_cell: float = 1.0

    def _piece(self, token: str) -> Piece:
        for piece in self.pieces:
            if piece.id == token:
                return piece
        raise KeyError(f"no token with id {token!r}")

    def _gap(self, first: Piece, second: Piece) -> float:
        centres = math.dist((first.x, first.y), (second.x, second.y))
        return max(0.0, centres - first.radius - second.radius)

    def facts(self, attacker: str, target: str, weapon_ranges: Sequence[float] | None = None,
              reach: float = 0.0) -> MapFacts:
        one, other = self._piece(attacker), self._piece(target)
        distance = math.dist((one.x, one.y), (other.x, other.y)) * self.unit_per_cell
        gap = self._gap(one, other)
        near_one = tuple(p.id for p in self.pieces if p.id != one.id
                         and self._gap(p, one) < ADJACENT_GAP)
        near_other = tuple(p.id for p in self.pieces if p.id != other.id
                           and self._gap(p, other) < ADJACENT_GAP)
        return MapFacts(distance, self.range_band_at(distance, gap, weapon_ranges, reach), 0.0,
                        "none", edge_gap=gap, adjacent_to_attacker=near_one,
                        adjacent_to_target=near_other,
                        elevation_difference=one.elevation - other.elevation)

    def range_band_at(self, distance: float, gap: float, ranges: Sequence[float] | None,
                      reach: float = 0.0) -> str:
        """The band as the desktop's map gives it (melee and reach by the edge gap)."""
        if ranges is None:
            if gap < ADJACENT_GAP:
                return "melee"
            return "reach" if gap < ADJACENT_GAP + reach else "out_of_range"
        short, medium, long = ranges
        for limit, band in ((short, "short"), (medium, "medium"), (long, "long"),
                            (4 * long, "extreme")):
            if distance <= limit:
                return band
        return "out_of_range"

    def adjacent(self, first: str, second: str) -> bool:
        return self._gap(self._piece(first), self._piece(second)) < ADJACENT_GAP

    def slide(self, token: str, to: Point) -> tuple[Point, str | None]:
        return to, None

    def zone_of(self, token: str) -> str | None:
        return None

    def zones_away(self, token: str, away_from: str, zones: int,
                   to: str | None = None) -> tuple[Point, str | None]:
        piece = self._piece(token)
        return (piece.x, piece.y), None

    def zones_between(self, first: str, second: str) -> int | None:
        return None

    def zone_named(self, text: str) -> str | None:
        return None

    def place(self, shape: str, attacker: str, at: Point, rotation: float | None) -> Area:
        if shape not in BLAST_RADII:
            raise ValueError(f"open ground places blasts only, not {shape!r}")
        return Area(shape, at[0], at[1])

    def beneath(self, area: Area, exclude: tuple[str, ...] = ()) -> AreaFacts:
        radius = BLAST_RADII[area.shape]
        hits = tuple(p.id for p in self.pieces if p.id not in exclude
                     and math.dist((p.x, p.y), (area.x, area.y)) < radius + p.radius)
        return AreaFacts(area, hits)

    def deviate(self, thrower: str, area: Area, distance: float,
                hour: int) -> tuple[Area, float]:
        angle = math.radians(30.0 * hour)
        return replace(area, x=area.x + distance * math.sin(angle),
                       y=area.y - distance * math.cos(angle)), distance

    def clear_of(self, area: Area, token: str) -> Point:
        piece = self._piece(token)
        dx, dy = piece.x - area.x, piece.y - area.y
        length = math.hypot(dx, dy) or 1.0
        away = BLAST_RADII[area.shape] + piece.radius + 0.1
        return (area.x + dx / length * away, area.y + dy / length * away)

    def distance_to(self, token: str, point: Point) -> float:
        piece = self._piece(token)
        return math.dist((piece.x, piece.y), point) * self.unit_per_cell

    def light_at(self, point: Point) -> str:
        return "bright"

    def range_band(self, distance: float, ranges: Sequence[float] | None) -> str:
        return self.range_band_at(distance, distance, ranges)

    def step_away(self, token: str, away_from: str | Point) -> Point:
        piece = self._piece(token)
        if isinstance(away_from, str):
            foe = self._piece(away_from)
            away_from = (foe.x, foe.y)
        dx, dy = piece.x - away_from[0], piece.y - away_from[1]
        length = math.hypot(dx, dy) or 1.0
        return (piece.x + dx / length, piece.y + dy / length)

    def step_clear_of(self, area: Area, token: str) -> Point | None:
        piece, spot = self._piece(token), self.clear_of(area, token)
        return spot if math.dist(spot, (piece.x, piece.y)) <= 1.0 + 1e-6 else None


def on_open_ground(board: Board, unit_per_cell: float = 1.0) -> Board:
    """``board`` with an :class:`OpenGround` measurer of its pieces."""
    return replace(board, measurer=OpenGround(board.tokens, unit_per_cell))


def open_board(tokens: tuple[Piece, ...] = (), system: str = "savage-pathfinder") -> Board:
    """A board of ``tokens`` for ``system`` on open ground (for examples and tests)."""
    return on_open_ground(Board(system, tokens))
