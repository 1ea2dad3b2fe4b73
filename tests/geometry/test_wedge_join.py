"""The threat view's angular join (many targets) against one target at a time (bounding boxes)
and against the naive shapely loop, on random maps (hypothesis)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geometry.cover import cover_fraction, cover_from, viewpoints
from geometry.index import Battlefield
from geometry.naive import benchmark_map, cover_by_shapely_loop
from geometry.shapes import Body, Occluder
from geometry.sightlines import (
    FEW_LOW_WALLS,
    FEW_TARGETS,
    _envelope_integral_of_few,
    _envelope_of_many,
    hidden_fractions,
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
