"""Speed of the heroes' vision against the naive cast, measured in the same run (issue 17).

Run with ``pytest tests/benchmarks/test_vision_bench.py --benchmark-enable -s`` (on a busy
machine add ``--benchmark-timer=time.thread_time``). Targets: one token's visibility polygon
among 2,000 walls <= 2 ms; six heroes' sight recomputed while one is dragged <= 8 ms; no memory
growth while a hero walks 10,000 steps (that walk runs only with benchmarks enabled). No
timing is asserted; that the fast and naive answers agree is.
"""

from __future__ import annotations

from typing import Any

import pytest
import shapely

from battlemap.desktop.commands.bench import median_ms
from battlemap.desktop.core.vision_bench import (
    drag_calls,
    polygon_calls,
    vision_dungeon,
    walk_growth,
)

DUNGEON = vision_dungeon()


def report(benchmark: Any, name: str, naive: Any, rounds: int) -> None:
    """Time ``naive`` and print it beside the fast median (benchmarks enabled only)."""
    if benchmark.disabled:
        return
    fast_ms = benchmark.stats.stats.median * 1000.0
    naive_ms = median_ms(naive, rounds)
    benchmark.extra_info.update(naive_ms=naive_ms, ratio=naive_ms / fast_ms)
    print(f"\n{name}: fast {fast_ms:.3f} ms, naive {naive_ms:.3f} ms, {naive_ms / fast_ms:.0f}x")


def test_visibility_polygon_of_one_token_among_2000_walls(benchmark: Any) -> None:
    fast, naive = polygon_calls(DUNGEON)
    quick, slow = fast(), naive()  # the same hero's polygon, both ways
    assert shapely.Polygon(quick).symmetric_difference(shapely.Polygon(slow)).area < 1e-6
    benchmark(fast)
    report(benchmark, "visibility polygon", naive, 3)


def test_vision_of_six_heroes_while_one_is_dragged(benchmark: Any) -> None:
    fast, naive = drag_calls(DUNGEON)
    quick, slow = fast(), naive()  # the same drag step, both ways
    assert quick.seen_ids == slow.seen_ids
    area = sum(shapely.Polygon(r).area * (1 if shapely.LinearRing(r).is_ccw else -1)
               for r in quick.rings)
    naive_area = sum(shapely.Polygon(r).area * (1 if shapely.LinearRing(r).is_ccw else -1)
                     for r in slow.rings)
    assert abs(area) == pytest.approx(abs(naive_area), abs=1e-6)
    benchmark(fast)
    report(benchmark, "six heroes, one dragged", naive, 3)


def test_a_hero_walking_10000_steps_keeps_its_memory_flat(benchmark: Any) -> None:
    """The full 10,000-step walk runs with --benchmark-enable; the everyday suite walks 1,000
    steps (two laps of the 200-step loop and more) so the bound is still checked there."""
    steps = 1_000 if benchmark.disabled else 10_000
    step_ms, growth = benchmark.pedantic(walk_growth, (DUNGEON, steps), rounds=1)
    print(f"\nwalk: {step_ms:.2f} ms a step, traced memory {growth / 1024:+.0f} KiB "
          f"from step {steps // 10:,} to {steps:,}")
    assert growth < 1024 * 1024  # caches are bounded: far less than a megabyte
