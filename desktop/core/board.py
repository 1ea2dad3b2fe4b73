"""The encounter as a game system sees it: :class:`battlemap.rules.table.Board` and the map's
measurer.

:func:`board_of` hands a system the tokens, the combat state and the log of an
:class:`~battlemap.desktop.core.model.Encounter`, with a :class:`MapMeasurer` that answers its map
questions with :mod:`geometry` (built once per snapshot). :func:`encounter_after` takes the
board a system returns back into the encounter: changed stat blocks, moved tokens, the combat
state and the new log entries. This is the one place where the desktop and the rules trade
the battle; no game system's words appear here. :mod:`geometry` (numpy, shapely) is imported
when a system first asks a map question, not with this module (a faster start).

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Side, Token
>>> hero = Token("h", "Hero", 1.5, 1.5, side=Side.HERO)
>>> orc = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN)
>>> enc = Encounter(tokens=(hero, orc))
>>> board = board_of(enc)
>>> board.map().adjacent("h", "o"), round(board.map().facts("h", "o").distance, 1)
(True, 1.0)
>>> after = encounter_after(enc, board.with_token(board.token("o").moved_to(4.5, 1.5)))
>>> after.token("o").x
4.5
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Generic, TypeVar

from battlemap.desktop.core.model import Encounter, RegionKind, Token
from battlemap.rules.table import Area, AreaFacts, Board, MapFacts, Obstacle, Piece, Point, Shelter

if TYPE_CHECKING:
    from battlemap.geometry.index import Battlefield
    from battlemap.geometry.survey import Survey

__all__ = ["MapMeasurer", "SnapshotCache", "board_of", "encounter_after", "facts_of"]

def facts_of(measured: Survey, edge: float, zones: tuple[str | None, str | None],
             unit_per_cell: float = 1.0) -> MapFacts:
    """Geometry's survey (in cells) as the neutral :class:`MapFacts` every system reads (the
    distance in the encounter's unit)."""
    return MapFacts(
        distance=measured.distance * unit_per_cell, range_band=measured.range_band.value,
        cover_fraction=measured.cover_fraction, cover=measured.cover.value,
        line_of_sight=measured.line_of_sight, edge_gap=edge,
        obstacles=tuple(Obstacle(o.id, o.hardness) for o in measured.obstacles),
        bystanders=measured.bystanders, adjacent_to_attacker=measured.adjacent_to_attacker,
        adjacent_to_target=measured.adjacent_to_target,
        elevation_difference=measured.elevation_difference,
        attacker_arc=measured.attacker_arc.value,
        illumination=measured.illumination.value,
        attacker_zone=zones[0], target_zone=zones[1])


T = TypeVar("T")


class SnapshotCache(Generic[T]):
    """Values worked out once per encounter snapshot, kept for the ``size`` latest snapshots.

    A snapshot never changes, so what is worked out from it stays true; the cache goes by
    identity (a moved token or a new wall is a new snapshot, worked out afresh; an equal copy
    too) and holds the snapshots it keeps, so their ids are not reused meanwhile.

    Examples
    --------
    >>> cache: SnapshotCache[int] = SnapshotCache(size=2)
    >>> first = Encounter(width=3)
    >>> cache.get(first, lambda: 1), cache.get(first, lambda: 2)
    (1, 1)
    >>> cache.get(replace(first), lambda: 3)  # an equal copy is another snapshot
    3
    """

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._kept: dict[int, tuple[Encounter, T]] = {}

    def get(self, encounter: Encounter, make: Callable[[], T]) -> T:
        """The value of ``encounter``: the one kept, else ``make()`` (kept unless it raises)."""
        kept = self._kept.get(id(encounter))
        if kept is not None and kept[0] is encounter:
            return kept[1]
        value = make()
        if len(self._kept) >= self.size:
            del self._kept[next(iter(self._kept))]
        self._kept[id(encounter)] = (encounter, value)
        return value


FactsKey = tuple[str, str, tuple[float, ...] | None, float]
_FACTS: SnapshotCache[dict[FactsKey, MapFacts]] = SnapshotCache()
"""The facts measured on each recent snapshot, by question."""
_SURVEYS: SnapshotCache[dict[tuple[str, str], tuple[Survey, float]]] = SnapshotCache()
"""The first survey of each pair of tokens on each recent snapshot, with their edge gap: a
weapon's ranges and reach change only the survey's range band, so another weapon's facts are
that survey with its own band (a first hover of a target asks for the tool's line of fire,
then for each weapon the system tries)."""


class MapMeasurer:
    """Answers a game system's map questions for one encounter snapshot with geometry."""

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = encounter

    def __eq__(self, other: object) -> bool:
        """Measurers of the same snapshot give the same answers (a system may keep what it
        worked out from a board by it: each question makes a new board of the snapshot).

        >>> first = Encounter()
        >>> MapMeasurer(first) == MapMeasurer(first), MapMeasurer(first) == MapMeasurer(Encounter())
        (True, False)
        """
        return isinstance(other, MapMeasurer) and other.encounter is self.encounter

    def __hash__(self) -> int:
        return id(self.encounter)

    @property
    def field(self) -> Battlefield:
        """The encounter's geometry, built on the first question (cached per snapshot)."""
        from battlemap.desktop.core.battlefield import field_of

        return field_of(self.encounter)

    def facts(self, attacker: str, target: str, weapon_ranges: Sequence[float] | None = None,
              reach: float = 0.0) -> MapFacts:
        """What lies between ``attacker`` and ``target``, measured once per snapshot and
        question (a hover card asks the same questions at every preview: the tool's line of
        fire, then the system for each weapon it tries)."""
        known = _FACTS.get(self.encounter, dict)
        key = (attacker, target, None if weapon_ranges is None else tuple(weapon_ranges), reach)
        found = known.get(key)
        if found is None:
            found = known[key] = self._measured(attacker, target, weapon_ranges, reach)
        return found

    def _measured(self, attacker: str, target: str, weapon_ranges: Sequence[float] | None,
                  reach: float) -> MapFacts:
        from battlemap.geometry.measure import edge_gap, range_band
        from battlemap.geometry.survey import survey

        unit = self.encounter.grid.distance_per_cell
        ranges = None if weapon_ranges is None else _three(weapon_ranges, unit)
        surveyed = _SURVEYS.get(self.encounter, dict)
        kept = surveyed.get((attacker, target))
        if kept is None:
            measured = survey(self.field, attacker, target, weapon_ranges=ranges,
                              reach=reach / unit)
            edge = edge_gap(self.field, attacker, target)
            surveyed[(attacker, target)] = (measured, edge)
        else:  # another weapon: only the band is the weapon's (the survey's own gap is edge)
            first, edge = kept
            measured = replace(first, range_band=range_band(
                first.distance, edge, weapon_ranges=ranges, reach=reach / unit))
        return facts_of(measured, edge, (self.zone_of(attacker), self.zone_of(target)), unit)

    def adjacent(self, first: str, second: str) -> bool:
        from battlemap.geometry.measure import ADJACENT_GAP, edge_gap

        return edge_gap(self.field, first, second) < ADJACENT_GAP

    def slide(self, token: str, to: Point) -> tuple[Point, str | None]:
        """Where ``token`` stops going towards ``to``: its edge against the first solid wall."""
        from battlemap.geometry.line_of_fire import crossings

        piece = self.encounter.token(token)
        walls, where = crossings(self.field, (piece.x, piece.y), to)
        solid = [(t, w) for w, t in zip(walls.tolist(), where.tolist(), strict=True)
                 if self.field.wall_is_solid[w]]
        if not solid:
            return to, None
        t, wall = min(solid)
        length = math.dist((piece.x, piece.y), to)
        keep = max(0.0, t * length - piece.radius) / length if length else 0.0
        stop = (piece.x + (to[0] - piece.x) * keep, piece.y + (to[1] - piece.y) * keep)
        return stop, self.field.occluders[wall].id

    def zone_of(self, token: str) -> str | None:
        """The name of the zone ``token`` stands in (its id when unnamed), or None."""
        zone = self._zone_id(token)
        names = {r.id: r.name or r.id for r in self.encounter.regions
                 if r.kind is RegionKind.ZONE}
        return None if zone is None else names.get(zone, zone)

    def _zone_id(self, token: str) -> str | None:
        from battlemap.geometry.zones import zone_of

        piece = self.encounter.token(token)
        return zone_of(self.field, (piece.x, piece.y))

    def zones_away(self, token: str, away_from: str, zones: int,
                   to: str | None = None) -> tuple[Point, str | None]:
        """Walk ``zones`` zones on, away from ``away_from`` (or into the zone ``to``, by name or
        id), and land just inside, nearest where ``token`` stood."""
        from battlemap.geometry.zones import point_in_zone, zone_away

        piece = self.encounter.token(token)
        names = {r.id: r.name or r.id for r in self.encounter.regions
                 if r.kind is RegionKind.ZONE}
        start = self._zone_id(token)
        wanted = next((zid for zid, name in names.items() if to in (zid, name)), None)
        if wanted is None and start is not None:
            other = self.encounter.token(away_from)
            wanted = zone_away(self.field, start, (piece.x, piece.y), (other.x, other.y), zones)
        if wanted is None or wanted == start:
            return (piece.x, piece.y), names.get(start or "")
        return point_in_zone(self.field, wanted, (piece.x, piece.y), piece.radius), names[wanted]

    def zones_between(self, first: str, second: str) -> int | None:
        from battlemap.geometry.zones import zone_distance

        ids = {key: r.id for r in self.encounter.regions if r.kind is RegionKind.ZONE
               for key in (r.id, r.name) if key}
        if first not in ids or second not in ids:
            return None
        return zone_distance(self.field, ids[first], ids[second])

    def zone_named(self, text: str) -> str | None:
        wanted = text.strip().casefold()
        return next((r.name or r.id for r in self.encounter.regions
                     if r.kind is RegionKind.ZONE
                     and wanted in (r.id.casefold(), (r.name or r.id).casefold())), None)

    def place(self, shape: str, attacker: str, at: Point, rotation: float | None) -> Area:
        from battlemap.desktop.core.areas import area_of, placed

        return area_of(placed(self.encounter, attacker, shape, at, rotation))

    def beneath(self, area: Area, exclude: tuple[str, ...] = ()) -> AreaFacts:
        from battlemap.desktop.core.areas import template_of
        from battlemap.geometry.templates import template_hits

        template = template_of(area)
        found = template_hits(self.field, template.shape, (area.x, area.y),
                              rotation=area.bearing, exclude=exclude)
        return AreaFacts(area, tuple(h.id for h in found.hits),
                         tuple(Shelter(p.id, p.obstacle, p.hardness) for p in found.protected))

    def deviate(self, thrower: str, area: Area, distance: float,
                hour: int) -> tuple[Area, float]:
        from battlemap.desktop.core.areas import area_of, placed
        from battlemap.geometry.deviation import deviate

        piece = self.encounter.token(thrower)
        spot = deviate((piece.x, piece.y), (area.x, area.y), distance, hour)
        return area_of(placed(self.encounter, thrower, area.shape, (spot.x, spot.y))), \
            spot.distance

    def clear_of(self, area: Area, token: str) -> Point:
        from battlemap.desktop.core.areas import evasion_spot, template_of

        return evasion_spot(template_of(area), self.encounter.token(token))

    def distance_to(self, token: str, point: Point) -> float:
        from battlemap.geometry.grid import planar_distance

        piece = self.encounter.token(token)
        cells = planar_distance(point[0] - piece.x, point[1] - piece.y, self.field.grid)
        return cells * self.encounter.grid.distance_per_cell

    def light_at(self, point: Point) -> str:
        from battlemap.geometry.illumination import illumination_at

        return illumination_at(self.field, point).value

    def range_band(self, distance: float, ranges: Sequence[float] | None) -> str:
        from battlemap.geometry.measure import range_band

        unit = self.encounter.grid.distance_per_cell
        weapon_ranges = None if ranges is None else _three(ranges, unit)
        cells = distance / unit
        return range_band(cells, cells, weapon_ranges=weapon_ranges).value

    def step_away(self, token: str, away_from: str | Point) -> Point:
        """The neighbouring cell's centre most directly away from ``away_from`` (a token or a
        point; of two equally direct cells, the first clockwise from up); one cell straight
        away when gridless."""
        piece = self.encounter.token(token)
        if isinstance(away_from, str):
            foe = self.encounter.token(away_from)
            away_from = (foe.x, foe.y)
        dx, dy = piece.x - away_from[0], piece.y - away_from[1]
        length = math.hypot(dx, dy) or 1.0
        steps = self._steps(piece)
        if not steps:
            return (piece.x + dx / length, piece.y + dy / length)
        return max(steps, key=lambda c: round(((c[0] - piece.x) * dx + (c[1] - piece.y) * dy)
                                              / (math.dist(c, (piece.x, piece.y)) or 1.0), 9))

    def step_clear_of(self, area: Area, token: str) -> Point | None:
        """Where one step (one cell) takes ``token`` with its footprint clear of ``area``: of
        the neighbouring cells clear of it, the one nearest the spot just clear of it
        (``clear_of``); gridless, that spot when it lies a cell away or less. None: no step
        clears it."""
        import shapely

        from battlemap.desktop.core.areas import template_of
        from battlemap.geometry.templates import template_outline

        piece = self.encounter.token(token)
        spot = self.clear_of(area, token)
        steps = self._steps(piece)
        if not steps:
            return spot if math.dist(spot, (piece.x, piece.y)) <= 1.0 + 1e-6 else None
        outline = template_outline(template_of(area))
        clear = [c for c in steps
                 if outline.distance(shapely.Point(c)) >= piece.radius - 1e-9]
        return min(clear, key=lambda c: math.dist(c, spot)) if clear else None

    def _steps(self, piece: Token) -> list[Point]:
        """The centres of the cells a step from ``piece``'s cell reaches (its six hexes or
        eight squares, clockwise from up); none on a gridless map."""
        from battlemap.geometry.grid import GridKind, snap_to_cell

        kind = GridKind(self.encounter.grid.kind.value)
        if kind is GridKind.GRIDLESS:
            return []
        cx, cy = snap_to_cell((piece.x, piece.y), kind, piece.size)
        bearings = range(30, 360, 60) if kind is GridKind.HEX else range(0, 360, 45)
        steps = [(math.sin(math.radians(b)), -math.cos(math.radians(b))) for b in bearings]
        if kind is GridKind.SQUARE:
            steps = [(float(round(sx)), float(round(sy))) for sx, sy in steps]
        return [(cx + sx, cy + sy) for sx, sy in steps]


def _three(ranges: Sequence[float], unit_per_cell: float) -> tuple[float, float, float]:
    """A weapon's Short, Medium and Long ranges (encounter units) in cells; ``ValueError`` for
    another count."""
    if len(ranges) != 3:
        raise ValueError(f"weapon ranges: expected Short, Medium and Long, got {list(ranges)}")
    short, medium, long = (r / unit_per_cell for r in ranges)
    return (short, medium, long)


def _piece(token: Token) -> Piece:
    return Piece(token.id, token.name, token.x, token.y, size=token.size, height=token.height,
                 elevation=token.elevation, facing=token.facing, side=token.side,
                 hidden=token.hidden, group=token.group, stats=token.stats)


def board_of(encounter: Encounter) -> Board:
    """The encounter as its game system sees it, with a measurer for its map."""
    return Board(system=encounter.system, tokens=_pieces_of(encounter.tokens),
                 combat=encounter.combat, log=encounter.log, measurer=MapMeasurer(encounter))


_PIECES: list[dict[int, tuple[Token, Piece]]] = [{}]
"""The pieces of the tokens of the last board made, by token (kept with its token: a token is
frozen, so its piece is the same while it is; a commit moving one token makes one piece)."""


def _pieces_of(tokens: tuple[Token, ...]) -> tuple[Piece, ...]:
    """Each token's :func:`_piece`, the one made for the same token object at the last board
    (the scenes, the Combatants table, the marks and the move's plan each ask for a board of
    the same snapshot, and a commit's snapshot shares all but the tokens it changed)."""
    known, kept = _PIECES[0], {}
    for token in tokens:
        found = known.get(id(token))
        kept[id(token)] = found if found is not None and found[0] is token else (
            token, _piece(token))
    _PIECES[0] = kept
    return tuple(piece for _, piece in kept.values()) if len(kept) == len(tokens) else tuple(
        kept[id(t)][1] for t in tokens)


def _token_after(token: Token, piece: Piece) -> Token:
    if _piece(token) == piece:
        return token
    return replace(token, x=piece.x, y=piece.y, facing=piece.facing, side=piece.side,
                   hidden=piece.hidden, group=piece.group, stats=dict(piece.stats))


def encounter_after(encounter: Encounter, board: Board) -> Encounter:
    """``encounter`` with what the system changed on ``board``: tokens, combat state, log."""
    pieces = {p.id: p for p in board.tokens}
    tokens = tuple(_token_after(t, pieces[t.id]) if t.id in pieces else t
                   for t in encounter.tokens)
    return replace(encounter, tokens=tokens, combat=dict(board.combat), log=board.log)
