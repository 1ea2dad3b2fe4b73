"""The threat view's angular join (many targets) against one target at a time (bounding boxes)
and against the naive shapely loop, on random maps (hypothesis)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry.cover import cover_fraction, cover_from, viewpoints
from battlemap.geometry.index import Battlefield
from battlemap.geometry.naive import benchmark_map, cover_by_shapely_loop
from battlemap.geometry.shapes import Body, Occluder
from battlemap.geometry.sightlines import (
    FEW_LOW_WALLS,
    FEW_TARGETS,
    _envelope_integral_of_few,
    _envelope_of_many,
    hidden_fractions,
)
from battlemap.geometry.wedges import (
    ANGLE_SLACK,
    TAU,
    THIN,
    walled_off,
    walled_off_one,
    wedge_pairs,
)

coordinate = st.floats(-15.0, 15.0, allow_nan=False, allow_infinity=False)
top = st.one_of(st.just(math.inf), st.just(math.inf), st.floats(0.0, 3.0))


@st.composite
def crowded_scenes(draw: st.DrawFn) -> Battlefield:
    """At least FEW_TARGETS + 2 bodies (the join's path) and up to 30 walls, some low."""
    count = draw(st.integers(FEW_TARGETS + 2, 14))
    bodies = [
        Body(f"b{k}", draw(coordinate), draw(coordinate), radius=draw(st.floats(0.0, 1.5)),
             base_z=draw(st.sampled_from([0.0, 0.0, 1.0])), height=draw(st.floats(0.0, 2.5)))
        for k in range(count)
    ]
    walls = [
        Occluder(f"w{k}", *(draw(coordinate) for _ in range(4)), top=draw(top))
        for k in range(draw(st.integers(0, 30)))
    ]
    return Battlefield.build(bodies=bodies, occluders=walls)


@settings(max_examples=150, deadline=None)
@given(crowded_scenes(), st.booleans(), st.booleans())
def test_the_join_agrees_with_one_target_at_a_time(
    field: Battlefield, lean: bool, creatures_hide: bool
) -> None:
    viewer = field.bodies[0].id
    together = cover_from(field, viewer, lean=lean, creatures_hide=creatures_hide)
    for reading in together:
        alone = cover_fraction(field, viewer, reading.id, lean=lean, creatures_hide=creatures_hide)
        # a target of radius 0 is a post 1e-6 wide: its silhouette scales rounding by 1e6
        thin = field.body(reading.id).radius < 1e-3
        assert reading.fraction == pytest.approx(alone, abs=1e-6 if thin else 1e-9)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_join_agrees_with_the_naive_loop_on_a_dungeon(seed: int) -> None:
    field = benchmark_map(tokens=60, walls=200, size=30.0, seed=seed)
    kinds = set()
    for viewer in [b.id for b in field.bodies[:3]]:
        fast = {c.id: c.fraction for c in cover_from(field, viewer)}
        naive = {t: cover_by_shapely_loop(field, viewer, t) for t in fast}
        assert fast == pytest.approx(naive, abs=1e-9)
        kinds |= {0.0 if f == 0.0 else 1.0 if f == 1.0 else 0.5 for f in fast.values()}
    assert kinds == {0.0, 0.5, 1.0}  # seen, partly hidden and hidden whole all occur


def test_leaning_takes_the_least_over_the_viewpoints_for_many_targets() -> None:
    field = benchmark_map(tokens=40, walls=100, size=25.0, seed=3)
    viewer = field.bodies[0]
    leaning = cover_from(field, viewer.id, lean=True)
    targets = np.array([field.index_of(c.id) for c in leaning])
    each = [hidden_fractions(field, eye, targets) for eye in viewpoints(viewer)]
    least = np.minimum.reduce(each)
    assert [c.fraction for c in leaning] == pytest.approx(least.tolist(), abs=1e-12)
    assert (least < each[0]).any()  # leaning uncovers someone on this map


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.floats(-1, 1), st.floats(-1, 1)), max_size=3),
    st.lists(
        st.tuples(st.floats(-1, 1), st.floats(-1, 1), st.floats(-0.5, 2), st.floats(-0.5, 2)),
        min_size=1,
        max_size=FEW_LOW_WALLS,
    ),
)
def test_few_low_walls_integrate_as_the_numpy_envelope(
    full: list[tuple[float, float]], partial: list[tuple[float, float, float, float]]
) -> None:
    # intervals narrower than 1e-9 are rounding noise (numpy makes their slopes' infinities NaN)
    full = [(min(a, b), max(a, b)) for a, b in full if abs(a - b) > 1e-9]
    partial = [(min(a, b), max(a, b), g1, g2) for a, b, g1, g2 in partial if abs(a - b) > 1e-9]
    if not partial:
        return
    columns = [np.array(c, dtype=float).reshape(-1) for c in zip(*partial, strict=True)]
    fulls = (np.array([f[0] for f in full]), np.array([f[1] for f in full]))
    assert _envelope_integral_of_few(full, partial) == pytest.approx(
        _envelope_of_many(fulls, tuple(columns)), abs=1e-12, nan_ok=True
    )


def _pairs_one_by_one(
    field: Battlefield, centre: tuple[float, float], margin: float, loosen: float
) -> set[tuple[int, int]]:
    """Every (target position, wall) pair that :func:`wedge_pairs` must find, tested one at a
    time in plain floats (no classes, no buckets): the wall's angular interval from the eye,
    widened for the margin, meets the target's wedge, and the wall's nearest point is nearer
    than the target. ``loosen`` widens (> 0) or narrows (< 0) both tests by rounding's worth."""
    ex, ey = centre
    found = set()
    for k, body in enumerate(field.bodies[1:]):
        d, r = math.hypot(body.x - ex, body.y - ey), max(body.radius, THIN)
        half = math.pi
        if d > margin and d * d > 0.0:  # a distance whose square underflows is at the eye, as
            # for the join, which works in squared distances (a target 1e-233 from the eye)
            half = math.atan2(r, max(d - margin, 0.0)) + math.asin(min(margin / d, 1.0))
            half += ANGLE_SLACK
        reach = (math.hypot(d + margin, r) + margin) * (1 + 1e-9)
        direction = math.atan2(body.y - ey, body.x - ex)
        for w, wall in enumerate(field.occluders):
            if not wall.blocks_sight:
                continue
            middle, width, nearest = _arc_of_one(wall, centre, margin)
            gap = abs((direction - middle + math.pi) % TAU - math.pi)
            if gap <= half + width / 2 + loosen and nearest < reach * (1 + loosen):
                found.add((k, w))
    return found


def _arc_of_one(wall: Occluder, centre: tuple[float, float], margin: float) -> tuple[float, ...]:
    """A wall's angular middle, width (widened for the margin; 3 pi within it) and nearest
    distance seen from ``centre``, in plain floats."""
    ax, ay = wall.x1 - centre[0], wall.y1 - centre[1]
    bx, by = wall.x2 - centre[0], wall.y2 - centre[1]
    first, second = math.atan2(ay, ax), math.atan2(by, bx)
    span = (second - first) % TAU
    width = TAU - span if span > math.pi else span
    middle = (second if span > math.pi else first) + width / 2
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy  # 0 for a wall of one point, or one so short its square underflows
    share = 0.0 if length2 == 0 else min(max(-(ax * dx + ay * dy) / length2, 0), 1)
    nearest = math.hypot(ax + share * dx, ay + share * dy)
    if nearest <= margin * (1.0 + 1e-9) + 1e-12:
        return middle, 3 * math.pi, nearest
    widen = math.asin(min(margin / nearest, 1.0)) if nearest > 0 else 0.0
    return middle, width + 2 * widen + 2 * ANGLE_SLACK, nearest


@settings(max_examples=150, deadline=None)
@given(crowded_scenes(), st.sampled_from([0.0, 0.0, 0.45, 1.2]))
def test_the_bucketed_join_finds_the_pairs_tested_one_at_a_time(
    field: Battlefield, margin: float
) -> None:
    centre = (field.bodies[0].x, field.bodies[0].y)
    targets = np.arange(1, len(field.bodies))
    k, w = wedge_pairs(field, centre, targets, margin)
    found = list(zip(k.tolist(), w.tolist(), strict=True))
    assert len(set(found)) == len(found)  # no pair twice
    assert _pairs_one_by_one(field, centre, margin, -1e-12) <= set(found)
    assert set(found) <= _pairs_one_by_one(field, centre, margin, 1e-12)


@pytest.mark.parametrize("seed", [5, 6])
def test_the_bucketed_join_finds_the_pairs_on_a_dungeon(seed: int) -> None:
    field = benchmark_map(tokens=40, walls=300, size=30.0, seed=seed)
    targets = np.arange(1, len(field.bodies))
    for margin in (0.0, 0.45):
        centre = (field.bodies[0].x, field.bodies[0].y)
        k, w = wedge_pairs(field, centre, targets, margin)
        found = set(zip(k.tolist(), w.tolist(), strict=True))
        assert _pairs_one_by_one(field, centre, margin, -1e-12) <= found
        assert found <= _pairs_one_by_one(field, centre, margin, 1e-12)
        assert len(found) > 50  # a map where the join has work to do


@settings(max_examples=150, deadline=None)
@given(crowded_scenes(), st.floats(0.0, 1.5))
def test_walled_off_for_many_targets_equals_one_target_at_a_time(
    field: Battlefield, margin: float
) -> None:
    centre = (field.bodies[0].x, field.bodies[0].y)
    targets = np.arange(1, len(field.bodies))
    k, w = wedge_pairs(field, centre, targets, margin)
    together = walled_off(field, centre, margin, targets, (k, w))
    for position, target in enumerate(targets.tolist()):
        alone = walled_off_one(field, centre, margin, target, w[k == position])
        assert bool(together[position]) is alone
