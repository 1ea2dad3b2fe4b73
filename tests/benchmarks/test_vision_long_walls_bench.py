"""Speed of one visibility polygon among long or many walls (issue 31: ``battlemap sightlines``
on one 10,000-point wall took 72 s, on 20,000 ten-point walls over 120 s), the binned cast
against the all-pairs cast of the same culled walls (what :func:`visibility_polygon` did
before), measured in the same run.

Run with ``pytest tests/benchmarks/test_vision_long_walls_bench.py --benchmark-enable -s
--benchmark-timer=time.thread_time`` (thread CPU: other programs on the machine do not count).
No timing is asserted; that both casts see the same floor is.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import shapely

from battlemap.geometry import visibility
from battlemap.geometry.visibility import BINS, _cast, _maybe_seen, _segments, visibility_polygon

BOX = (0.0, 0.0, 24.0, 16.0)
EYE = (12.0, 8.0)


def long_wall(points: int) -> np.ndarray:
    """One wavy closed wall of ``points`` points around the eye (a cave's outline)."""
    turn = np.linspace(0.0, math.tau, points)
    radius = 6.0 + 0.4 * np.sin(41 * turn)
    ring = np.stack([12 + 1.6 * radius * np.cos(turn), 8 + radius * np.sin(turn)], axis=1)
    return np.concatenate([ring[:-1], ring[1:]], axis=1)


def short_walls(count: int, points: int = 10) -> np.ndarray:
    """``count`` tiny zigzag walls of ``points`` points each (0.01 cell steps) scattered over
    the map, as the issue's probe made them: most of them seen."""
    rng = np.random.default_rng(31)
    steps = np.zeros((count, points, 2))
    steps[:, 1:, 0] = 0.01
    steps[:, 1:, 1] = np.where(np.arange(1, points) % 2, 0.01, -0.01)
    steps[:, 0] = rng.uniform((0.5, 0.5), (23.4, 15.5), (count, 2))
    lines = np.cumsum(steps, axis=1)
    return np.concatenate([lines[:, :-1], lines[:, 1:]], axis=2).reshape(-1, 4)


def all_pairs(walls: np.ndarray) -> tuple[tuple[float, float], ...]:
    """The cast as it was: the depth buffer of :data:`BINS` bins, then every ray against every
    wall it kept, every pair crossed."""
    segments = _segments(EYE, walls, BOX)
    assert segments is not None
    finest, visibility.MAX_SPAN_BINS = visibility.MAX_SPAN_BINS, BINS
    try:
        kept = segments[_maybe_seen(EYE, segments)]
    finally:
        visibility.MAX_SPAN_BINS = finest
    return _cast(EYE, kept)


def median_ms(call: Callable[[], object], rounds: int) -> float:
    """Median thread CPU time of ``call`` over ``rounds`` runs, in milliseconds."""
    times = []
    for _ in range(rounds):
        start = time.thread_time()
        call()
        times.append(time.thread_time() - start)
    return statistics.median(times) * 1000.0


CASES = {
    "one wall of 10,000 points": (lambda: long_wall(10_000), 1),
    "one wall of 50,000 points": (lambda: long_wall(50_000), 0),
    "2,000 walls of 10 points": (lambda: short_walls(2_000), 1),
    "20,000 walls of 10 points": (lambda: short_walls(20_000), 0),
}
"""Each case's walls and the rounds of the all-pairs cast (0: minutes a round, not timed)."""


@pytest.mark.parametrize("name", list(CASES))
def test_one_polygon_among_long_or_many_walls(benchmark: Any, name: str) -> None:
    make, before_rounds = CASES[name]
    walls = make()
    fast = benchmark.pedantic(visibility_polygon, (EYE, walls, BOX), rounds=5, iterations=1)
    if benchmark.disabled:  # the everyday suite (one call): figures with --benchmark-enable
        return
    fast_ms = benchmark.stats.stats.median * 1000.0
    line = f"\n{name} ({len(walls):,} segments): binned {fast_ms:,.0f} ms"
    if before_rounds:
        slow = all_pairs(walls)
        difference = shapely.Polygon(fast).symmetric_difference(shapely.Polygon(slow)).area
        assert difference < 1e-6
        before_ms = median_ms(lambda: all_pairs(walls), before_rounds)
        line += f", all pairs {before_ms:,.0f} ms ({before_ms / fast_ms:.0f}x)"
    print(line)
