"""A fake map for FATE tests: fixed facts per pair, zones by lookup (no desktop)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from battlemap.rules.table import Board, MapFacts, Piece, Point, Side

TOUCHING = MapFacts(distance=1.5, range_band="melee", cover_fraction=0.0, cover="none")


@dataclass
class FakeMap:
    """facts() from ``pairs`` (else touching), zone_of() from ``zones``, the zones between two
    zones from ``steps`` (either way round; 0 from a zone to itself); the zones known are
    those of ``zones`` and ``steps``."""

    pairs: dict[tuple[str, str], MapFacts] = field(default_factory=dict)
    zones: dict[str, str] = field(default_factory=dict)
    steps: dict[tuple[str, str], int] = field(default_factory=dict)

    def facts(self, attacker: str, target: str, weapon_ranges: Sequence[float] | None = None,
              reach: float = 0.0) -> MapFacts:
        base = self.pairs.get((attacker, target), TOUCHING)
        return replace(base, attacker_zone=self.zones.get(attacker),
                       target_zone=self.zones.get(target))

    def adjacent(self, first: str, second: str) -> bool:
        return True

    def slide(self, token: str, to: Point) -> tuple[Point, str | None]:
        return to, None

    def zone_of(self, token: str) -> str | None:
        return self.zones.get(token)

    def zones_away(self, token: str, away_from: str, zones: int,
                   to: str | None = None) -> tuple[Point, str | None]:
        """Pieces stand at (0, 0) here: they stay, and land in the zone ``to`` names."""
        return (0.0, 0.0), to

    def zones_between(self, first: str, second: str) -> int | None:
        if first == second:
            return 0
        return self.steps.get((first, second), self.steps.get((second, first)))

    def zone_named(self, text: str) -> str | None:
        """A zone someone stands in or ``steps`` joins, by its name in any case."""
        known = {*self.zones.values(), *(zone for pair in self.steps for zone in pair)}
        return next((z for z in sorted(known) if z.casefold() == text.strip().casefold()), None)


def piece(token: str, stats: Mapping[str, Any], side: Side = Side.VILLAIN,
          group: str | None = None) -> Piece:
    return Piece(token, token.title(), 0.0, 0.0, side=side, group=group, stats=dict(stats))


def board(*pieces: Piece, fake: FakeMap | None = None, mode: str = "exchange") -> Board:
    return Board("fate", tokens=pieces, combat={"mode": mode},
                 measurer=fake if fake is not None else FakeMap())


def stats(token: Board, token_id: str) -> Mapping[str, Any]:
    return token.token(token_id).stats
