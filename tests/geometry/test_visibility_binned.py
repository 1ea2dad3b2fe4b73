"""The binned cast (issue 31: work bounded by the input) against the naive one: each ray tested
only against the walls spanning its angular bin, crossings only of walls a spatial index finds
touching, and a finer depth buffer for dense maps give the same floor as casting every ray
against every wall."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry.visibility import (
    _expand,
    _maybe_seen,
    _segments,
    naive_visibility_polygon,
    visibility_polygon,
)

BOX = (0.0, 0.0, 20.0, 20.0)


def same_floor(eye: tuple[float, float], walls: np.ndarray) -> None:
    fast = shapely.Polygon(visibility_polygon(eye, walls, BOX))
    naive = shapely.Polygon(naive_visibility_polygon(eye, walls, BOX))
    assert fast.symmetric_difference(naive).area < 1e-6


coordinate = st.floats(0.5, 19.5, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coordinate, coordinate, coordinate, coordinate), min_size=1,
                max_size=60), coordinate, coordinate)
def test_random_walls_are_seen_as_the_naive_cast_sees_them(
        walls: list[tuple[float, float, float, float]], x: float, y: float) -> None:
    same_floor((x, y), np.array(walls))


def polyline(points: np.ndarray) -> np.ndarray:
    return np.concatenate([points[:-1], points[1:]], axis=1)


def test_one_long_wavy_wall_around_the_eye() -> None:
    turn = np.linspace(0.0, math.tau, 2_001)
    radius = 7.0 + 0.5 * np.sin(37 * turn)
    wall = polyline(np.stack([10 + radius * np.cos(turn), 10 + radius * np.sin(turn)], axis=1))
    same_floor((10.0, 10.0), wall)
    same_floor((12.5, 9.0), wall)


def test_a_dense_comb_seen_from_the_side() -> None:
    """Tall thin teeth: every wall overlaps many bins, the case the binning handles worst."""
    xs = np.linspace(1.0, 19.0, 1_500)
    comb = polyline(np.stack([xs, 4.0 + 3.0 * (np.arange(len(xs)) % 2)], axis=1))
    same_floor((10.0, 15.0), comb)
    same_floor((0.7, 12.0), comb)


def test_many_short_walls_crossing_each_other() -> None:
    """More than 4 x 1,024 segments: the depth buffer gets finer bins, the floor is the same."""
    rng = np.random.default_rng(5)
    start = rng.uniform(1.0, 19.0, (4_500, 2))
    walls = np.concatenate([start, start + rng.uniform(-0.4, 0.4, (4_500, 2))], axis=1)
    eye = (10.05, 10.05)
    segments = _segments(eye, walls, BOX)
    assert segments is not None and len(segments) > 4 * 1024
    assert _maybe_seen(eye, segments).sum() < len(segments) // 3  # most hidden, culled
    same_floor(eye, walls)


def test_expand_numbers_each_slot() -> None:
    item, place = _expand(np.array([3, 0, 1]))
    assert item.tolist() == [0, 0, 0, 2] and place.tolist() == [0, 1, 2, 0]
