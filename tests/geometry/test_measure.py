"""Distances, range bands, adjacency and facing, worked out by hand."""

from __future__ import annotations

import pytest

from battlemap.geometry.adjacency import adjacent, are_adjacent
from battlemap.geometry.facing import Arc, Side, facing_arc
from battlemap.geometry.grid import HEX_ROW_SPACING, HEX_TOP, GridKind, hex_centre, hex_steps
from battlemap.geometry.index import Battlefield
from battlemap.geometry.measure import RangeBand, distance_between, edge_gap, range_band
from battlemap.geometry.shapes import Body


def pair(a: Body, b: Body, grid: GridKind = GridKind.SQUARE) -> Battlefield:
    return Battlefield.build(bodies=[a, b], grid=grid)


@pytest.mark.parametrize(("grid", "expected"), [(GridKind.SQUARE, 4.0), (GridKind.GRIDLESS, 5.0)])
def test_distance_counts_each_grid_its_own_way(grid: GridKind, expected: float) -> None:
    # offset (3, 4): tabletop count max(3, 4) = 4 on squares, sqrt(9 + 16) = 5 gridless
    field = pair(Body("a", 0.5, 0.5), Body("b", 3.5, 4.5), grid)
    assert distance_between(field, "a", "b") == expected


def test_hex_distance_counts_hex_steps() -> None:
    # from hex (q=0, r=0) to (q=1, r=2): steps = (|1| + |2| + |3|) / 2 = 3
    start, end = hex_centre(0, 0), hex_centre(1, 2)
    assert end == pytest.approx((2.5, HEX_TOP + 2 * HEX_ROW_SPACING))
    field = pair(Body("a", *start), Body("b", *end), GridKind.HEX)
    assert hex_steps(start, end) == 3
    assert distance_between(field, "a", "b") == 3.0


def test_elevation_is_added_by_pythagoras() -> None:
    # 3 across (square count) and 4 up: 5
    field = pair(Body("a", 0.5, 0.5), Body("b", 3.5, 2.5, base_z=4.0))
    assert distance_between(field, "a", "b") == 5.0


def test_edge_gap_on_a_square_grid_uses_square_footprints() -> None:
    # a Large (2x2) token centred on a grid corner and a Normal token two cells right of it
    field = pair(Body("ogre", 2.0, 2.0, radius=1.0), Body("elf", 4.5, 1.5))
    assert edge_gap(field, "ogre", "elf") == 1.0  # max(2.5, 0.5) - 1 - 0.5
    assert not are_adjacent(field, "ogre", "elf")


@pytest.mark.parametrize(
    ("distance", "expected"),
    [
        (12.0, "short"),
        (12.5, "medium"),
        (24.0, "medium"),
        (48.0, "long"),
        (192.0, "extreme"),
        (192.5, "out_of_range"),
    ],
)
def test_range_bands_of_a_bow_with_ranges_12_24_48(distance: float, expected: str) -> None:
    assert range_band(distance, distance - 1.0, weapon_ranges=(12, 24, 48)).value == expected


def test_melee_and_reach_bands_follow_the_edge_gap() -> None:
    assert range_band(1.0, 0.0) is RangeBand.MELEE
    assert range_band(2.0, 1.0) is RangeBand.OUT_OF_RANGE
    assert range_band(2.0, 1.0, reach=1.0) is RangeBand.REACH
    assert range_band(3.0, 2.0, reach=1.0) is RangeBand.OUT_OF_RANGE


def test_adjacency_on_a_square_grid_includes_diagonals_and_stops_at_one_empty_cell() -> None:
    bodies = [
        Body("hero", 1.5, 1.5),
        Body("diagonal", 2.5, 2.5),
        Body("beside", 0.5, 1.5),
        Body("far", 3.5, 1.5),
        Body("flying", 1.5, 0.5, base_z=2.0),
    ]
    field = Battlefield.build(bodies=bodies, grid=GridKind.SQUARE)
    assert adjacent(field, "hero") == ("diagonal", "beside")


def test_adjacency_on_a_hex_grid_is_the_neighbouring_hex() -> None:
    centre = hex_centre(2, 2)
    neighbours = [hex_centre(2 + dq, 2 + dr) for dq, dr in [(1, 0), (0, 1), (-1, 1)]]
    two_away = hex_centre(4, 2)
    bodies = [Body("c", *centre), *(Body(f"n{k}", *p) for k, p in enumerate(neighbours))]
    field = Battlefield.build(bodies=[*bodies, Body("x", *two_away)], grid=GridKind.HEX)
    assert adjacent(field, "c") == ("n0", "n1", "n2")


@pytest.mark.parametrize(
    ("where", "arc", "shield_side"),
    [
        ((5.0, 2.0), Arc.FRONT, False),
        ((8.0, 6.0), Arc.RIGHT, False),
        ((2.0, 5.5), Arc.LEFT, True),
        ((5.0, 9.0), Arc.BACK, False),
        ((3.5, 8.0), Arc.BACK, True),
    ],
)
def test_facing_arcs_of_a_defender_looking_up_the_screen(
    where: tuple[float, float], arc: Arc, shield_side: bool
) -> None:
    view = facing_arc(Body("d", 5.0, 5.0, facing=0.0), where)
    assert (view.arc, view.is_shield_side) == (arc, shield_side)


def test_shield_on_the_right_arm_guards_the_right_side() -> None:
    view = facing_arc(Body("d", 0.0, 0.0, facing=180.0), (-3.0, -1.0), shield=Side.RIGHT)
    # facing down the screen, a foe to the screen's left (and a little up) is on the
    # defender's right: bearing 360 - atan(3) = 288.43, relative to the facing 108.43
    assert (view.arc, view.is_shield_side) == (Arc.RIGHT, True)
    assert view.bearing == pytest.approx(288.43494882 - 180.0)
