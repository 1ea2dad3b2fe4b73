"""Zones, movement cost, snapping and illumination."""

from __future__ import annotations

import pytest

from battlemap.geometry.grid import GridKind, snap_to_cell
from battlemap.geometry.illumination import illumination_at
from battlemap.geometry.index import Battlefield
from battlemap.geometry.movement import path_length
from battlemap.geometry.shapes import Area, AreaKind, LightLevel, LightSource, Occluder
from battlemap.geometry.zones import zone_distance, zone_neighbours, zone_of


def square(
    area_id: str, x: float, y: float, size: float, kind: AreaKind = AreaKind.ZONE, **kw: object
) -> Area:
    points = ((x, y), (x + size, y), (x + size, y + size), (x, y + size))
    return Area(area_id, points, kind, **kw)  # type: ignore[arg-type]


def test_zones_know_where_a_point_is_who_borders_whom_and_how_far() -> None:
    zones = [
        square("gate", 0, 0, 4),
        square("court", 4, 0, 4),
        square("tower", 8, 0, 4),
        square("moat", 20, 0, 4),
    ]
    field = Battlefield.build(areas=zones)
    assert zone_of(field, (5.0, 1.0)) == "court" and zone_of(field, (15.0, 1.0)) is None
    assert zone_neighbours(field, "court") == ("gate", "tower")
    assert (zone_distance(field, "gate", "tower"), zone_distance(field, "gate", "moat")) == (
        2,
        None,
    )


def test_difficult_ground_counts_double_on_the_tabletop_count() -> None:
    # diagonal leg (0.5,0.5)->(4.5,4.5): 4 squares; half its length lies in the mud x >= 2.5
    mud = square("mud", 2.5, -10, 20, AreaKind.DIFFICULT)
    field = Battlefield.build(areas=[mud], grid=GridKind.SQUARE)
    assert path_length(field, [(0.5, 0.5), (4.5, 4.5)]) == pytest.approx(4.0 * 1.5)
    assert path_length(field, [(0.5, 0.5), (4.5, 4.5)], crawling=True) == 4.0
    assert path_length(field, [(1.0, 1.0)]) == 0.0


def test_snapping_puts_points_on_cell_centres() -> None:
    assert snap_to_cell((3.99, 0.01), GridKind.SQUARE) == (3.5, 0.5)


def test_light_reaches_around_but_not_through_full_height_walls() -> None:
    gloom = square("gloom", 0, 0, 20, AreaKind.ILLUMINATION, level=LightLevel.DIM)
    field = Battlefield.build(
        areas=[gloom],
        lights=[LightSource("lantern", 5.0, 5.0, bright_radius=2.0, dim_radius=6.0)],
        occluders=[
            Occluder("wall", 8.0, 0.0, 8.0, 10.0),
            Occluder("low", 2.0, 0.0, 2.0, 10.0, top=1.0),
        ],
        ambient=LightLevel.PITCH,
    )
    levels = [illumination_at(field, p).value for p in [(5, 6.5), (1.5, 5), (9, 5), (30, 30)]]
    assert levels == ["bright", "dim", "dim", "pitch"]


def test_darkness_area_listed_last_wins_over_an_earlier_one() -> None:
    lit = square("lit", 0, 0, 10, AreaKind.ILLUMINATION, level=LightLevel.BRIGHT)
    dark = square("dark", 5, 5, 10, AreaKind.ILLUMINATION, level=LightLevel.DARK)
    field = Battlefield.build(areas=[lit, dark], ambient=LightLevel.DIM)
    assert illumination_at(field, (6.0, 6.0)) is LightLevel.DARK
    assert illumination_at(field, (1.0, 1.0)) is LightLevel.BRIGHT
