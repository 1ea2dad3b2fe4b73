"""The survey's own fast paths against the general ones, on random maps (hypothesis).

A survey measures one target: one query of the wall tree serves its line of fire and its cover,
a target hidden whole by one full-height wall on the line is found in plain floats
(``walled_off_one``) before any projection, the projection merges full-height pieces in numpy
and integrates low ones in plain floats, and the lights keep their walls per battlefield. Each
must give what the threat view's numpy paths, the obstacle and illumination functions and the
naive shapely loop give.
"""

from __future__ import annotations

import math
from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry import sightlines, vectors
from battlemap.geometry.cover import cover_from, eye_of, viewpoints
from battlemap.geometry.illumination import illumination_at
from battlemap.geometry.index import Battlefield
from battlemap.geometry.line_of_fire import bystanders, crossings, obstacles_between
from battlemap.geometry.naive import benchmark_map, cover_by_shapely_loop, survey_by_shapely_loop
from battlemap.geometry.shapes import Body, LightLevel, LightSource, Occluder
from battlemap.geometry.sightlines import least_hidden_of_one, walls_near_sight
from battlemap.geometry.survey import survey
from battlemap.geometry.wedges import walled_off, walled_off_one

coordinate = st.floats(-15.0, 15.0, allow_nan=False, allow_infinity=False)
top = st.one_of(st.just(math.inf), st.just(math.inf), st.floats(0.0, 3.0))


@st.composite
def occluders(draw: st.DrawFn, count: int) -> list[Occluder]:
    """Walls, low walls, windows and open doors."""
    walls = []
    for k in range(count):
        kind = draw(st.sampled_from(["wall", "wall", "window", "open door"]))
        walls.append(Occluder(f"w{k}", *(draw(coordinate) for _ in range(4)), top=draw(top),
                              hardness=float(k), blocks_sight=kind == "wall",
                              is_solid=kind != "open door"))
    return walls


@st.composite
def maps(draw: st.DrawFn) -> Battlefield:
    """Two to eight bodies and up to 30 occluders of every kind."""
    bodies = [
        Body(f"b{k}", draw(coordinate), draw(coordinate), radius=draw(st.floats(0.0, 1.5)),
             base_z=draw(st.sampled_from([0.0, 0.0, 1.0])), height=draw(st.floats(0.0, 2.5)))
        for k in range(draw(st.integers(2, 8)))
    ]
    return Battlefield.build(bodies=bodies, occluders=draw(occluders(draw(st.integers(0, 30)))))


def tolerance(field: Battlefield, target: str) -> float:
    # a target of radius 0 is a post 1e-6 wide: its silhouette scales rounding by 1e6
    return 1e-6 if field.body(target).radius < 1e-3 else 1e-9


@settings(max_examples=150, deadline=None)
@given(maps(), st.booleans())
def test_the_survey_cover_equals_the_threat_view(field: Battlefield, lean: bool) -> None:
    viewer = field.bodies[0].id
    for reading in cover_from(field, viewer, lean=lean):
        alone = survey(field, viewer, reading.id, lean=lean).cover_fraction
        assert alone == pytest.approx(reading.fraction, abs=tolerance(field, reading.id))


@settings(max_examples=150, deadline=None)
@given(maps(), st.booleans())
def test_one_wall_hiding_the_target_whole_gives_what_the_projection_gives(
    field: Battlefield, lean: bool
) -> None:
    eyes = viewpoints(field.bodies[0]) if lean else [eye_of(field.bodies[0])]
    for target in range(1, len(field.bodies)):
        near = walls_near_sight(field, eyes, target)
        shortcut = least_hidden_of_one(field, eyes, target, near)
        projected = least_hidden_of_one(field, eyes, target, near, np.zeros(0, dtype=np.intp))
        thin = 1e-6 if field.bodies[target].radius < 1e-3 else 1e-9
        assert shortcut == pytest.approx(projected, abs=thin)


@settings(max_examples=100, deadline=None)
@given(maps())
def test_all_eyes_at_once_take_the_least_of_each_eye_alone(field: Battlefield) -> None:
    eyes = viewpoints(field.bodies[0])
    for target in range(1, len(field.bodies)):
        each = min(least_hidden_of_one(field, [eye], target) for eye in eyes)
        thin = 1e-6 if field.bodies[target].radius < 1e-3 else 1e-9
        assert least_hidden_of_one(field, eyes, target) == pytest.approx(each, abs=thin)


@settings(max_examples=100, deadline=None)
@given(maps(), st.booleans(), occluders(1))
def test_adding_a_wall_never_lowers_a_survey_cover(
    field: Battlefield, lean: bool, extra: list[Occluder]
) -> None:
    more = Battlefield.build(bodies=field.bodies, occluders=[*field.occluders, *extra])
    viewer = field.bodies[0].id
    for body in field.bodies[1:]:
        before = survey(field, viewer, body.id, lean=lean).cover_fraction
        assert survey(more, viewer, body.id, lean=lean).cover_fraction >= before - 1e-9


@settings(max_examples=200, deadline=None)
@given(maps(), st.floats(0.0, 2.0))
def test_walled_off_one_in_plain_floats_equals_the_numpy_test(
    field: Battlefield, margin: float
) -> None:
    centre = (field.bodies[0].x, field.bodies[0].y)
    walls = np.arange(len(field.occluders))
    sight = walls[field.wall_blocks_sight]
    for target in range(1, len(field.bodies)):
        pairs = (np.zeros(len(sight), dtype=np.intp), sight)
        expected = bool(walled_off(field, centre, margin, np.array([target]), pairs)[0])
        assert walled_off_one(field, centre, margin, target, walls) is expected


@settings(max_examples=100, deadline=None)
@given(maps())
def test_the_survey_obstacles_and_bystanders_equal_the_functions_of_their_own(
    field: Battlefield,
) -> None:
    viewer = field.bodies[0].id
    for body in field.bodies[1:]:
        report = survey(field, viewer, body.id)
        assert report.obstacles == obstacles_between(field, viewer, body.id)
        assert report.bystanders == bystanders(field, viewer, body.id)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_survey_agrees_with_the_naive_loop_on_a_dungeon(seed: int) -> None:
    field = benchmark_map(tokens=40, walls=200, size=30.0, seed=seed)
    kinds = set()
    for attacker in [b.id for b in field.bodies[:3]]:
        for target in [b.id for b in field.bodies if b.id != attacker]:
            report = survey(field, attacker, target)
            fraction, crossed, in_line, adjacent = survey_by_shapely_loop(field, attacker, target)
            assert report.cover_fraction == pytest.approx(fraction, abs=1e-9)
            assert report.cover_fraction == pytest.approx(
                cover_by_shapely_loop(field, attacker, target), abs=1e-9)
            assert {o.id for o in report.obstacles} == set(crossed)
            assert set(report.bystanders) == set(in_line) | set(adjacent)
            kinds.add(0.0 if fraction == 0.0 else 1.0 if fraction == 1.0 else 0.5)
    assert kinds == {0.0, 0.5, 1.0}  # seen, partly hidden and hidden whole all occur


def test_walls_crossed_at_one_point_come_by_number_whatever_the_tree_finds_first() -> None:
    # the line y = 0 from (0, 0) to (6, 0) meets both walls' corner (3, 0) and the third at 1.5
    walls = [
        Occluder("up", 3, 0, 3, 2), Occluder("down", 3, -2, 3, 0), Occluder("near", 1.5, -1, 1.5, 1)
    ]
    field = Battlefield.build(occluders=walls)
    found, where = crossings(field, (0.0, 0.0), (6.0, 0.0))
    assert found.tolist() == [2, 0, 1] and where.tolist() == [0.25, 0.5, 0.5]


@st.composite
def lit_maps(draw: st.DrawFn) -> tuple[Battlefield, list[tuple[float, float]]]:
    lights = [
        LightSource(f"l{k}", draw(coordinate), draw(coordinate), bright_radius=b,
                    dim_radius=b + draw(st.floats(0.0, 8.0)))
        for k, b in enumerate(draw(st.lists(st.floats(0.0, 8.0), max_size=6)))
    ]
    walls = draw(occluders(draw(st.integers(0, 30))))
    points = draw(st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=6))
    # points on lights and on wall ends: a crossing test's edge cases
    points += [(light.x, light.y) for light in lights[:2]] + [(w.x1, w.y1) for w in walls[:2]]
    field = Battlefield.build(occluders=walls, lights=lights, ambient=LightLevel.PITCH)
    return field, points


def level_light_by_light(field: Battlefield, point: tuple[float, float]) -> LightLevel:
    """The light at ``point``, each light's line to it tested against every wall in a loop
    (the crossing test of :func:`battlemap.geometry.vectors.segment_crossings`, no tree)."""
    level = field.ambient
    for light in field.lights:
        reach = max(light.dim_radius, light.bright_radius)
        if float(np.hypot(light.x - point[0], light.y - point[1])) > reach:
            continue
        if any(crosses((light.x, light.y), point, wall) for wall in field.occluders
               if wall.blocks_sight and wall.is_full_height):
            continue
        bright = math.dist((light.x, light.y), point) <= light.bright_radius
        level = min(level, LightLevel.BRIGHT if bright else LightLevel.DIM,
                    key=list(LightLevel).index)
    return level


def crosses(start: tuple[float, float], end: tuple[float, float], wall: Occluder) -> bool:
    (px, py), (qx, qy) = start, end
    ax, ay, bx, by = wall.x1 - px, wall.y1 - py, wall.x2 - wall.x1, wall.y2 - wall.y1
    rx, ry = qx - px, qy - py
    denom = rx * by - ry * bx
    if denom == 0.0:
        return False
    t, along = (ax * by - ay * bx) / denom, (ax * ry - ay * rx) / denom
    return 0.0 <= t <= 1.0 and 0.0 <= along <= 1.0


@settings(max_examples=150, deadline=None)
@given(lit_maps())
def test_the_lights_walls_kept_per_battlefield_light_what_the_tree_would(
    scene: tuple[Battlefield, list[tuple[float, float]]],
) -> None:
    field, points = scene
    for point in points:
        assert illumination_at(field, point) is level_light_by_light(field, point)


@settings(max_examples=200, deadline=None)
@given(maps())
def test_a_few_walls_in_plain_floats_give_what_numpy_gives(field: Battlefield) -> None:
    eyes = [eye_of(field.bodies[0])]
    for target in range(1, len(field.bodies)):
        near = walls_near_sight(field, eyes, target)
        none_crossed = np.zeros(0, dtype=np.intp)
        with_floats = least_hidden_of_one(field, eyes, target, near, none_crossed)
        with patch.object(sightlines, "FEW_WALLS", -1):  # every wall through numpy
            with_numpy = least_hidden_of_one(field, eyes, target, near, none_crossed)
        assert len(near) > sightlines.FEW_WALLS or with_floats == pytest.approx(
            with_numpy, abs=tolerance(field, field.bodies[target].id))


def test_a_few_walls_in_plain_floats_cover_a_worked_example() -> None:
    # eye at (0, 0, 0.9), target at x = 10 (silhouette y in [-0.5, 0.5], z in [0, 1]): a full
    # wall at x = 5 hides y in [-0.5, 0] (half); a low wall of top 0.5 at x = 9 over y in
    # [0, 0.5] hides z < 0.9 + (0.5 - 0.9) * 10 / 9 = 0.4556 of the other half's height; a
    # window hides nothing; a wall at the eye's own depth (x = 0) and one behind the
    # target hide nothing
    walls = [Occluder("wall", 5, -1, 5, 0), Occluder("low", 9, 0, 9, 0.45, top=0.5),
             Occluder("window", 5, 0, 5, 1, blocks_sight=False), Occluder("level", 0, -1, 0, 1),
             Occluder("behind", 11, -1, 11, 1)]
    field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 10, 0)], occluders=walls)
    low_share = (0.9 + (0.5 - 0.9) * 10 / 9) * (0.45 * 10 / 9 / 0.5) / 2
    assert least_hidden_of_one(field, [(0.0, 0.0, 0.9)], 1) == pytest.approx(
        0.5 + low_share, abs=1e-12)
    with patch.object(sightlines, "FEW_WALLS", -1):
        assert least_hidden_of_one(field, [(0.0, 0.0, 0.9)], 1) == pytest.approx(
            0.5 + low_share, abs=1e-12)


@settings(max_examples=200, deadline=None)
@given(maps(), coordinate, coordinate, st.integers(0, 3))
def test_a_few_crossings_in_plain_floats_are_numpys(
    field: Battlefield, x: float, y: float, corner: int
) -> None:
    # from a body to a free point, a wall's end or another body (touching and parallel cases)
    ends = [(x, y), *((w.x1, w.y1) for w in field.occluders[:2]), (field.bodies[1].x, 0.0)]
    start, end = (field.bodies[0].x, field.bodies[0].y), ends[min(corner, len(ends) - 1)]
    walls = np.arange(len(field.occluders))
    found, where = vectors.crossings_among(field, walls, start, end)
    with patch.object(vectors, "FEW_WALLS", -1):
        numpy_found, numpy_where = vectors.crossings_among(field, walls, start, end)
    assert found.tolist() == numpy_found.tolist() and where.tolist() == numpy_where.tolist()


@pytest.mark.parametrize("gap", [1.0000001e-9, 2e-9, 5e-9, 1e-8, 1e-6])
@pytest.mark.parametrize("lean", [False, True])
def test_a_wall_all_but_on_the_eye_is_judged_as_the_projection_judges_it(
    gap: float, lean: bool
) -> None:
    # found by hypothesis: a wall 1e-9 in front of the eye hid the target whole for the
    # shortcut (1.0) while the projection counts it level with the eye (it hides nothing)
    viewer = Body("a", 0.0, 0.0, radius=0.5, height=1.8)
    for x, radius in [(0.0, 1.0), (1.0, 0.5), (2.0, 1.2)]:
        field = Battlefield.build(
            bodies=[viewer, Body("t", x, 5.0, radius=radius, height=1.8)],
            occluders=[Occluder("w", -20.0, gap, 20.0, gap)],
        )
        eyes = viewpoints(viewer) if lean else [eye_of(viewer)]
        near = walls_near_sight(field, eyes, 1)
        shortcut = least_hidden_of_one(field, eyes, 1, near)
        projected = least_hidden_of_one(field, eyes, 1, near, np.zeros(0, dtype=np.intp))
        assert shortcut == pytest.approx(projected, abs=1e-9)
        survey_cover = survey(field, "a", "t", lean=lean).cover_fraction
        (reading,) = cover_from(field, "a", lean=lean)
        assert survey_cover == pytest.approx(reading.fraction, abs=1e-9)
