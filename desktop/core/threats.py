"""The threat view's facts: how much cover each enemy has from one token, all at once.

Enemies are the tokens of the other side (heroes and villains oppose each other; neutral
tokens have no enemies and are nobody's). Geometry measures every enemy in one call
(:func:`battlemap.geometry.cover.cover_from`) on the snapshot's cached battlefield.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Side, Token, Wall
>>> enc = Encounter(tokens=(Token("h", "Hero", 0.5, 0.5, side=Side.HERO),
...                         Token("g", "Goblin", 4.5, 0.5, side=Side.VILLAIN),
...                         Token("o", "Orc", 0.5, 4.5, side=Side.VILLAIN)),
...                 walls=(Wall("w", ((2.0, -1.0), (2.0, 2.0))),))
>>> [(c.id, c.cover.value) for c in enemy_cover(enc, "h")]
[('g', 'total'), ('o', 'none')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from battlemap.desktop.core.battlefield import body_of, field_of
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, GridKind, Point, Side, Token
from battlemap.desktop.core.visibility import visible_to_players
from battlemap.geometry.cover import CoverCategory, TargetCover, cover_from
from battlemap.geometry.index import Battlefield
from battlemap.geometry.measure import RangeBand, distance_between, edge_gap, range_band
from battlemap.geometry.shapes import Body
from battlemap.rules.registry import find_system

__all__ = ["CellExposure", "FoeSight", "enemies_of", "enemy_cover", "exchange_of_fire",
           "exposure_along", "out_of_fight"]

Shown = Callable[[Encounter, Token], bool]
BAND_ORDER = (RangeBand.MELEE, RangeBand.REACH, RangeBand.SHORT, RangeBand.MEDIUM,
              RangeBand.LONG, RangeBand.EXTREME, RangeBand.OUT_OF_RANGE)
COVER_ORDER = (CoverCategory.NONE, CoverCategory.LIGHT, CoverCategory.MEDIUM,
               CoverCategory.HEAVY, CoverCategory.NEAR_TOTAL, CoverCategory.TOTAL)
MAX_PATH_CELLS = 24
"""Cells of a drag path measured for exposure (a run is rarely longer)."""

OPPONENTS = {Side.HERO: Side.VILLAIN, Side.VILLAIN: Side.HERO}


def enemies_of(encounter: Encounter, token_id: str) -> tuple[str, ...]:
    """The ids of the tokens on the side opposed to ``token_id``'s, but for those out of the
    fight (:func:`out_of_fight`): a foe Incapacitated or taken out threatens nobody."""
    side = OPPONENTS.get(encounter.token(token_id).side)
    if side is None:
        return ()
    down = out_of_fight(encounter)
    return tuple(t.id for t in encounter.tokens if t.side is side and t.id not in down)


def out_of_fight(encounter: Encounter) -> frozenset[str]:
    """The tokens the encounter's game system says are down (Incapacitated, taken out).

    >>> from battlemap.desktop.core.model import Encounter, Token
    >>> out = Token("g", "Goblin", 0.5, 0.5, stats={"condition": {"incapacitated": True}})
    >>> sorted(out_of_fight(Encounter(tokens=(out, Token("o", "Orc", 2.5, 0.5)))))
    ['g']
    """
    system = find_system(encounter.system)
    return frozenset(p.id for p in board_of(encounter).tokens if system.is_down(p))


def enemy_cover(encounter: Encounter, viewer_id: str) -> tuple[TargetCover, ...]:
    """Each enemy's cover fraction and category as seen from ``viewer_id``."""
    enemies = enemies_of(encounter, viewer_id)
    return cover_from(field_of(encounter), viewer_id, enemies) if enemies else ()


@dataclass(frozen=True, slots=True)
class FoeSight:
    """One foe as a hero sees it: the foe's cover from the hero, the best range band of the
    hero's weapons at it, whether the hero sees it, and whether it sees the hero with a weapon
    that reaches him (``threatens``)."""

    id: str
    cover: CoverCategory
    fraction: float
    band: RangeBand
    seen: bool
    threatens: bool


def exchange_of_fire(
    encounter: Encounter, hero_id: str, shown: Shown = visible_to_players
) -> tuple[FoeSight, ...]:
    """Who ``hero_id`` can hit and who can hit him: every foe the players may see (``shown``).

    Examples
    --------
    >>> from battlemap.desktop.core.model import Wall
    >>> bow = {"weapons": [{"name": "Bow", "range": [12, 24, 48]}]}
    >>> enc = Encounter(tokens=(Token("h", "Hero", 0.5, 0.5, side=Side.HERO, stats=bow),
    ...                         Token("a", "Archer", 20.5, 0.5, side=Side.VILLAIN, stats=bow),
    ...                         Token("c", "Club", 0.5, 4.5, side=Side.VILLAIN, stats={}),
    ...                         Token("x", "Lurker", 8.5, 8.5, side=Side.VILLAIN, hidden=True)))
    >>> [(f.id, f.band.value, f.seen, f.threatens) for f in exchange_of_fire(enc, "h")]
    [('a', 'medium', True, True), ('c', 'short', True, False)]
    """
    foes = [f for f in enemies_of(encounter, hero_id) if shown(encounter, encounter.token(f))]
    if not foes:
        return ()
    field = field_of(encounter)
    hero = encounter.token(hero_id)
    from_hero = {c.id: c for c in cover_from(field, hero_id, foes)}
    sights = []
    for foe_id in foes:
        seen = from_hero[foe_id]
        back = cover_from(field, foe_id, [hero_id])[0]
        foe_band = best_band(field, foe_id, hero_id, encounter.token(foe_id))
        sights.append(FoeSight(
            foe_id, seen.cover, seen.fraction, best_band(field, hero_id, foe_id, hero),
            seen.line_of_sight,
            back.line_of_sight and foe_band is not RangeBand.OUT_OF_RANGE,
        ))
    return tuple(sights)


def weapon_reaches(token: Token) -> tuple[list[tuple[float, float, float]], float]:
    """The Short/Medium/Long ranges of ``token``'s ranged weapons and its longest melee reach,
    read from its stat block's ``weapons`` (a token without weapons fights bare-handed)."""
    weapons = token.stats.get("weapons", [])
    ranged, reach = [], 0.0
    for weapon in weapons if isinstance(weapons, list) else []:
        if not isinstance(weapon, dict):
            continue
        bands = weapon.get("range")
        if isinstance(bands, list) and len(bands) == 3 and all(
                isinstance(b, int | float) and b > 0 for b in bands):
            ranged.append((float(bands[0]), float(bands[1]), float(bands[2])))
        elif isinstance(weapon.get("reach"), int | float):
            reach = max(reach, float(weapon["reach"]))
    return ranged, reach


def best_band(field: Battlefield, attacker_id: str, target_id: str, attacker: Token) -> RangeBand:
    """The closest range band any of ``attacker``'s weapons has at ``target_id``."""
    distance = distance_between(field, attacker_id, target_id)
    gap = edge_gap(field, attacker_id, target_id)
    ranged, reach = weapon_reaches(attacker)
    bands = [range_band(distance, gap, reach=reach)]
    bands += [range_band(distance, gap, weapon_ranges=r) for r in ranged]
    return min(bands, key=BAND_ORDER.index)


@dataclass(frozen=True, slots=True)
class CellExposure:
    """One cell of a drag path: how many foes would see the mover there, and the cover it has
    there from the foe that sees most of it (NONE when no foe sees the cell)."""

    cell: Point
    seen_by: int
    cover: CoverCategory


def exposure_along(
    encounter: Encounter, mover_id: str, start: Point, end: Point,
    shown: Shown = visible_to_players, via: Sequence[Point] = (), skip: Sequence[int] = (),
) -> tuple[CellExposure, ...]:
    """The cells from ``start`` to ``end`` (the mover's centre, cells) after the first, each
    with the foes the players may see (``shown``) that would see the mover standing there.
    The path goes through the waypoints ``via``; the cells only the legs numbered in ``skip``
    (0: the first) cross are left out (a leg through a wall: the mover does not go there).

    Examples
    --------
    >>> from battlemap.desktop.core.model import Wall
    >>> enc = Encounter(tokens=(Token("h", "Hero", 0.5, 0.5, side=Side.HERO),
    ...                         Token("g", "Goblin", 6.5, 2.5, side=Side.VILLAIN)),
    ...                 walls=(Wall("w", ((3.0, 2.0), (3.0, 4.0))),))
    >>> [(c.cell, c.seen_by) for c in exposure_along(enc, "h", (0.5, 0.5), (0.5, 2.5))]
    [((0.5, 1.5), 1), ((0.5, 2.5), 0)]
    """
    cells = _cells_along((start, *via, end), set(skip), encounter.grid.kind is GridKind.HEX)
    foes = [f for f in enemies_of(encounter, mover_id) if shown(encounter, encounter.token(f))]
    if not cells:
        return ()
    mover = encounter.token(mover_id)
    probe_ids = [f"probe:{n}" for n in range(len(cells))]
    field = _with_probes(field_of(encounter), mover_id, [
        body_of(replace(mover, id=probe_id, x=x, y=y))
        for probe_id, (x, y) in zip(probe_ids, cells, strict=True)]) if foes else None
    worst: dict[str, list[TargetCover]] = {i: [] for i in probe_ids}
    for foe_id in foes:
        assert field is not None
        for reading in cover_from(field, foe_id, probe_ids):
            if reading.line_of_sight:
                worst[reading.id].append(reading)
    return tuple(
        CellExposure(cell, len(worst[i]), _least_cover(worst[i]))
        for cell, i in zip(cells, probe_ids, strict=True)
    )


def _with_probes(field: Battlefield, mover_id: str, probes: list[Body]) -> Battlefield:
    """``field`` with the mover taken off and ``probes`` standing in its place along the path
    (the walls' pieces are reused, not cut again from the encounter)."""
    bodies = [b for b in field.bodies if b.id != mover_id] + probes
    return Battlefield.build(bodies=bodies, occluders=field.occluders, areas=field.areas,
                             lights=field.lights, grid=field.grid, ambient=field.ambient)


def _least_cover(readings: Sequence[TargetCover]) -> CoverCategory:
    if not readings:
        return CoverCategory.NONE
    return min((r.cover for r in readings), key=COVER_ORDER.index)


def _cells_along(points: Sequence[Point], skip: set[int],
                 hexes: bool = False) -> tuple[Point, ...]:
    """The cells (``hexes``: the hexes' centres) the legs through ``points`` cross, each
    once, in order, without the start's cell and those a leg in ``skip`` crosses (at most
    :data:`MAX_PATH_CELLS`)."""
    cells_of = hex_cells if hexes else path_cells
    kept: list[Point] = []
    skipped: set[Point] = set()
    first = cells_of(points[0], points[0], keep_start=True)[0]
    for leg, (a, b) in enumerate(pairwise(points)):
        cells = [c for c in cells_of(a, b) if c != first]
        if leg in skip:
            skipped.update(cells)
        else:
            kept += [c for c in cells if c not in kept]
    return tuple(c for c in kept if c not in skipped)[:MAX_PATH_CELLS]


def hex_cells(start: Point, end: Point, keep_start: bool = False) -> tuple[Point, ...]:
    """The centres of the hexes a straight move from ``start`` to ``end`` crosses, in order,
    without the start's hex unless ``keep_start``.

    Examples
    --------
    >>> hex_cells((0.5, 0.577), (3.5, 0.577))
    ((1.5, 0.577), (2.5, 0.577), (3.5, 0.577))
    """
    from battlemap.desktop.core.movement import nearest_hex_centre

    steps = max(1, round(max(abs(end[0] - start[0]), abs(end[1] - start[1])) * 4))
    seen: list[Point] = []
    for n in range(steps + 1):
        t = n / steps
        cell = nearest_hex_centre(start[0] + (end[0] - start[0]) * t,
                                  start[1] + (end[1] - start[1]) * t)
        if not seen or seen[-1] != cell:
            seen.append(cell)
    return tuple(seen if keep_start else seen[1:])


def path_cells(start: Point, end: Point, keep_start: bool = False) -> tuple[Point, ...]:
    """The centres of the cells a straight move from ``start`` to ``end`` crosses, in order,
    without the start's cell (at most :data:`MAX_PATH_CELLS`).

    Examples
    --------
    >>> path_cells((0.5, 0.5), (3.5, 1.5))
    ((1.5, 0.5), (2.5, 1.5), (3.5, 1.5))
    """
    steps = max(1, round(max(abs(end[0] - start[0]), abs(end[1] - start[1])) * 4))
    seen: list[Point] = []
    for n in range(steps + 1):
        t = n / steps
        x, y = start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
        cell = (int(x // 1) + 0.5, int(y // 1) + 0.5)
        if not seen or seen[-1] != cell:
            seen.append(cell)
    first = (int(start[0] // 1) + 0.5, int(start[1] // 1) + 0.5)
    return tuple(c for c in seen if keep_start or c != first)[:MAX_PATH_CELLS]
