"""Visibility polygons worked out by hand, the fast cast against the naive one, rooms, rasters
and what a party sees in the light."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from battlemap.geometry.index import Battlefield
from battlemap.geometry.naive import benchmark_map
from battlemap.geometry.shapes import Area, AreaKind, Body, LightLevel, LightSource, Occluder
from battlemap.geometry.visibility import (
    Viewer,
    VisionField,
    enclosing_room,
    naive_visibility_polygon,
    rasterize,
    visibility_polygon,
)

ROOM = (0.0, 0.0, 10.0, 10.0)


def area(ring: tuple[tuple[float, float], ...]) -> float:
    return float(shapely.Polygon(ring).area)


def test_an_empty_room_is_seen_whole() -> None:
    assert area(visibility_polygon((3.0, 3.0), np.empty((0, 4)), ROOM)) == pytest.approx(100.0)


def test_a_wall_hides_the_wedge_behind_it() -> None:
    # eye (5, 5), wall x = 6 for 4 <= y <= 6: the hidden part is the trapezoid between the
    # wall and x = 10 within the rays through (6, 4) and (6, 6), which reach x = 10 at y = 0
    # and y = 10: area (2 + 10) / 2 * 4 = 24
    wall = np.array([[6.0, 4.0, 6.0, 6.0]])
    assert area(visibility_polygon((5.0, 5.0), wall, ROOM)) == pytest.approx(76.0)


def test_walls_crossing_make_a_corner_no_wall_ends_at() -> None:
    # a plus of two walls crossing at (6, 6), eye at (2, 8): the seen floor has the
    # crossing point as a corner
    walls = np.array([[6.0, 4.0, 6.0, 9.0], [3.0, 6.0, 9.0, 6.0]])
    ring = visibility_polygon((2.0, 8.0), walls, ROOM)
    assert (6.0, 6.0) in ring


def test_an_eye_outside_the_map_sees_nothing() -> None:
    assert visibility_polygon((-1.0, 5.0), np.empty((0, 4)), ROOM) == ()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_culled_cast_matches_the_naive_one_among_2000_walls(seed: int) -> None:
    field = benchmark_map(tokens=3, walls=2000, size=100.0, seed=seed)
    walls = np.stack([field.wall_x1, field.wall_y1, field.wall_x2, field.wall_y2], axis=1)
    bounds = (0.0, 0.0, 100.0, 100.0)
    for body in field.bodies:
        fast = shapely.Polygon(visibility_polygon((body.x, body.y), walls, bounds))
        naive = shapely.Polygon(naive_visibility_polygon((body.x, body.y), walls, bounds))
        assert fast.is_valid
        assert fast.symmetric_difference(naive).area == pytest.approx(0.0, abs=1e-6)


def test_the_room_around_a_point_is_the_smallest_closed_area() -> None:
    # walls split the 10 x 10 map into x < 4 and, right of it, y < 5 and y > 5
    walls = np.array([[4.0, 0.0, 4.0, 10.0], [4.0, 5.0, 10.0, 5.0]])
    (ring,) = enclosing_room((7.0, 2.0), walls, ROOM)
    assert area(ring) == pytest.approx(30.0)
    (left,) = enclosing_room((1.0, 1.0), walls, ROOM)
    assert area(left) == pytest.approx(40.0)


def test_rasterize_sets_squares_whose_centre_is_inside() -> None:
    squares = rasterize([((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))], 4, 4, 2)
    assert squares.astype(int).tolist() == [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0],
                                            [0, 0, 0, 0]]


def corridor(*walls: Occluder, bodies: tuple[Body, ...] = (), ambient: LightLevel =
             LightLevel.BRIGHT, lights: tuple[LightSource, ...] = (),
             areas: tuple[Area, ...] = ()) -> tuple[VisionField, Battlefield]:
    field = Battlefield.build(bodies=bodies, occluders=walls, ambient=ambient, lights=lights,
                              areas=areas)
    return VisionField(field, (0.0, 0.0, 20.0, 2.0)), field


def seen_area(vision: VisionField, *viewers: Viewer) -> float:
    return float(vision.seen_area(viewers).area)


def test_a_closed_door_blocks_sight_and_an_open_one_or_a_window_does_not() -> None:
    hero, orc = Viewer("hero", 1.0, 1.0), Body("orc", 15.0, 1.0)
    closed = Occluder("door", 10.0, 0.0, 10.0, 2.0)
    opened = Occluder("door", 10.0, 0.0, 10.0, 2.0, blocks_sight=False, is_solid=False)
    window = Occluder("window", 10.0, 0.0, 10.0, 2.0, blocks_sight=False)
    for wall, seen in ((closed, set()), (opened, {"orc"}), (window, {"orc"})):
        vision, field = corridor(wall, bodies=(orc,))
        assert vision.seen_bodies([hero], field) == seen
        # the whole 20 x 2 corridor, or the part before the door at x = 10
        assert seen_area(vision, hero) == pytest.approx(40.0 if seen else 20.0)


def test_a_low_wall_hides_a_prone_creature_but_not_a_standing_one() -> None:
    # eyes 0.9 up at x = 1, a 0.5 cell wall at x = 10: just behind it (x = 10.6) the sight
    # line over the wall is at 0.9 - 0.4 * 9.6 / 9 = 0.473, above a prone body (0.3 tall)
    # and below a standing one (1 tall)
    low = Occluder("low", 10.0, 0.0, 10.0, 2.0, top=0.5)
    prone, standing = Body("prone", 10.6, 1.0, height=0.3), Body("up", 10.6, 1.0)
    hero = Viewer("hero", 1.0, 1.0, eye_z=0.9)
    for body, seen in ((prone, set()), (standing, {"up"})):
        vision, field = corridor(low, bodies=(body,))
        assert vision.seen_bodies([hero], field) == seen
        assert seen_area(vision, hero) == pytest.approx(40.0)  # the floor is seen over it


def test_in_darkness_a_viewer_sees_only_the_light_and_its_darkvision() -> None:
    # pitch dark corridor 20 x 2, a lamp at x = 15 lighting 2 cells around it; a hero at
    # x = 1 sees the lamp's disc (a 64-gon, cut by the corridor's sides at y = 0 and 2)
    lamp = LightSource("lamp", 15.0, 1.0, bright_radius=1.0, dim_radius=2.0)
    vision, _ = corridor(ambient=LightLevel.PITCH, lights=(lamp,))
    disc_in_corridor = shapely.Point(15, 1).buffer(2.0, quad_segs=16).intersection(
        shapely.box(0, 0, 20, 2)).area
    assert seen_area(vision, Viewer("hero", 1.0, 1.0)) == pytest.approx(disc_in_corridor)
    dwarf = Viewer("dwarf", 1.0, 1.0, darkvision=5.0)
    own = shapely.Point(1, 1).buffer(5.0, quad_segs=16).intersection(shapely.box(0, 0, 20, 2))
    assert seen_area(vision, dwarf) == pytest.approx(disc_in_corridor + own.area)
    torch = Viewer("torch", 5.0, 1.0, light=3.0)
    carried = shapely.Point(5, 1).buffer(3.0, quad_segs=16).intersection(shapely.box(0, 0, 20, 2))
    assert seen_area(vision, Viewer("hero", 1.0, 1.0), torch) == pytest.approx(
        disc_in_corridor + carried.area)


def test_low_light_vision_sees_in_dark_but_not_in_pitch_darkness() -> None:
    dark = Area("cellar", ((0, 0), (10, 0), (10, 2), (0, 2)), AreaKind.ILLUMINATION,
                level=LightLevel.DARK)
    vision, _ = corridor(ambient=LightLevel.PITCH, areas=(dark,))
    assert seen_area(vision, Viewer("human", 1.0, 1.0)) == pytest.approx(0.0)
    assert seen_area(vision, Viewer("elf", 1.0, 1.0, low_light=True)) == pytest.approx(20.0)
