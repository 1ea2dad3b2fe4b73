"""Where a light reaches, worked out by hand: disc areas, circle segments and shadow wedges.

The disc is drawn as a 64-gon (shapely's buffer with 16 segments a quarter), whose area is
32 r^2 sin(pi / 32) = 0.98 % short of pi r^2; the tolerances allow for that.
"""

from __future__ import annotations

import math

import pytest
import shapely

from battlemap.geometry.index import Battlefield
from battlemap.geometry.light_reach import lit_rings
from battlemap.geometry.shapes import LightSource, Occluder

TORCH = LightSource("torch", 0.0, 0.0, bright_radius=1.0, dim_radius=2.0)
LANTERN = LightSource("lantern", 0.0, 0.0, bright_radius=2.0, dim_radius=4.0)


def lit_area(light: LightSource, *walls: Occluder) -> float:
    rings = lit_rings(Battlefield.build(occluders=walls), light)
    return float(sum(shapely.Polygon(ring).area for ring in rings))


def test_a_light_with_no_walls_reaches_its_whole_dim_disc() -> None:
    assert lit_area(TORCH) == pytest.approx(32 * 4 * math.sin(math.pi / 32), abs=1e-6)


def test_a_long_wall_cuts_off_the_circle_segment_beyond_it() -> None:
    # wall x = 1 across the whole disc (r = 2): the segment beyond it has area
    # r^2 acos(d / r) - d sqrt(r^2 - d^2) = 4 * pi / 3 - sqrt(3) = 2.457, so 12.566 - 2.457 lit
    wall = Occluder("w", 1.0, -10.0, 1.0, 10.0)
    assert lit_area(TORCH, wall) == pytest.approx(4 * math.pi - (4 * math.pi / 3 - 3**0.5), abs=0.1)


def test_a_short_wall_casts_a_wedge_shaped_shadow() -> None:
    # wall x = 1, |y| <= 0.5, lantern r = 4: the shadow is the sector of half-angle atan(0.5)
    # (area 16 * atan(0.5) = 7.418) minus the triangle light-wall (area 0.5): 6.918 in shadow
    wall = Occluder("w", 1.0, -0.5, 1.0, 0.5)
    expected = 16 * math.pi - (16 * math.atan(0.5) - 0.5)
    assert lit_area(LANTERN, wall) == pytest.approx(expected, abs=0.5)
    assert lit_area(LANTERN, wall) < lit_area(LANTERN) - 6.5


@pytest.mark.parametrize(
    "wall",
    [
        Occluder("window", 1.0, -10.0, 1.0, 10.0, blocks_sight=False),
        Occluder("low wall", 1.0, -10.0, 1.0, 10.0, top=0.5),
        Occluder("far wall", 5.0, -10.0, 5.0, 10.0),
    ],
    ids=["window", "low wall", "wall out of reach"],
)
def test_windows_low_walls_and_far_walls_cast_no_shadow(wall: Occluder) -> None:
    assert lit_area(TORCH, wall) == pytest.approx(lit_area(TORCH), abs=1e-9)


def test_a_light_in_a_closed_room_stays_inside_it() -> None:
    room = [
        Occluder("n", -1.0, -1.0, 1.0, -1.0), Occluder("e", 1.0, -1.0, 1.0, 1.0),
        Occluder("s", 1.0, 1.0, -1.0, 1.0), Occluder("w", -1.0, 1.0, -1.0, -1.0),
    ]
    rings = lit_rings(Battlefield.build(occluders=room), LANTERN)
    xs = [abs(c) for ring in rings for point in ring for c in point]
    assert lit_area(LANTERN, *room) == pytest.approx(4.0, abs=1e-6)
    assert max(xs) == pytest.approx(1.0)


def test_a_light_without_radius_reaches_nothing() -> None:
    assert lit_rings(Battlefield.build(), LightSource("out", 0.0, 0.0, 0.0, 0.0)) == ()
