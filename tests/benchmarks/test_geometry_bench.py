"""Speed of geometry's hot paths against naive loops, measured in the same run.

Run with ``pytest tests/benchmarks/test_geometry_bench.py --benchmark-enable -s``: each
benchmark times the fast path with pytest-benchmark, then (only when benchmarks are enabled)
the naive reference with the same harness as ``battlemap bench geometry``, and prints both
medians and the ratio. Targets (issue 3): survey <= 0.5 ms and >= 50x naive; threat view of
200 tokens vs 2,000 walls <= 16 ms; template hits among 1,000 tokens <= 0.2 ms. Issue 19: the
threat view <= 2 ms (200 tokens), <= 6 ms (500) and at most 10x from 50 to 500 tokens, <= 8 ms
leaning; a furnished survey <= 0.25 ms (<= 0.4 ms leaning), measured on the benchmark's pairs
(most far targets behind a wall) and on 20 targets in sight; exact cones and streams <= 0.2 ms.
No timing is asserted; the answers of fast and naive paths are. The threat view is also
measured in a 60 Hz loop standing in for the GUI thread, computed inline and on a worker thread.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from itertools import cycle
from typing import Any

import numpy as np
import pytest

from battlemap.desktop.commands.bench import median_ms, sighted_pairs, survey_pairs
from battlemap.geometry.cover import cover_from, viewpoints
from battlemap.geometry.index import Battlefield
from battlemap.geometry.naive import (
    benchmark_map,
    cover_by_shapely_loop,
    survey_by_shapely_loop,
    template_hits_by_shapely_loop,
)
from battlemap.geometry.sightlines import hidden_fractions
from battlemap.geometry.survey import survey
from battlemap.geometry.templates import TemplateShape, place_template, template_hits
from battlemap.geometry.threat_view import ThreatViews


def report(benchmark: Any, name: str, naive: Callable[[], object], rounds: int) -> None:
    """Time ``naive`` and print it beside the fast median (benchmarks enabled only)."""
    if benchmark.disabled:
        return
    fast_ms = benchmark.stats.stats.median * 1000.0
    naive_ms = median_ms(naive, rounds)
    benchmark.extra_info.update(naive_ms=naive_ms, ratio=naive_ms / fast_ms)
    print(f"\n{name}: fast {fast_ms:.3f} ms, naive {naive_ms:.3f} ms, {naive_ms / fast_ms:.0f}x")


def test_survey_of_one_attack_100_tokens_1000_walls(benchmark: Any) -> None:
    field = benchmark_map(tokens=100, walls=1000, size=50.0, seed=3)
    pairs = survey_pairs(field)
    fast_pairs = cycle(pairs)
    benchmark(lambda: survey(field, *next(fast_pairs), weapon_ranges=(12, 24, 48)))
    for attacker, target in pairs:
        fraction, _, in_line, adjacent = survey_by_shapely_loop(field, attacker, target)
        fast = survey(field, attacker, target)
        assert fast.cover_fraction == pytest.approx(fraction, abs=1e-9)
        assert set(fast.adjacent_to_target) - {attacker} == set(adjacent)
        assert set(fast.bystanders) == set(in_line) | set(adjacent)
    naive_pairs = cycle(pairs)
    report(benchmark, "survey", lambda: survey_by_shapely_loop(field, *next(naive_pairs)), 60)


def test_threat_view_200_tokens_2000_walls(benchmark: Any) -> None:
    field = benchmark_map(tokens=200, walls=2000, size=70.0, seed=4)
    viewer, others = field.bodies[0].id, [b.id for b in field.bodies[1:]]
    fast = benchmark(lambda: cover_from(field, viewer))
    naive = [cover_by_shapely_loop(field, viewer, t) for t in others]
    assert [c.fraction for c in fast] == pytest.approx(naive, abs=1e-9)
    one_by_one = lambda: [cover_by_shapely_loop(field, viewer, t) for t in others]  # noqa: E731
    report(benchmark, "threat view", one_by_one, 3)


@pytest.mark.parametrize("lean", [False, True])
def test_survey_on_a_furnished_map(benchmark: Any, lean: bool) -> None:
    # issue 19: 20 % low walls and 20 lights; <= 0.25 ms, <= 0.4 ms leaning. The survey's one
    # target (bounding box, plain floats) must agree with the threat view's many (angular join)
    field = benchmark_map(tokens=100, walls=1000, size=50.0, seed=3, low_share=0.2, lights=20)
    pairs = survey_pairs(field)
    fast_pairs = cycle(pairs)
    benchmark(lambda: survey(field, *next(fast_pairs), weapon_ranges=(12, 24, 48), lean=lean))
    attacker = pairs[0][0]
    together = {c.id: c.fraction for c in cover_from(field, attacker, lean=lean)}
    for _, target in pairs:
        assert survey(field, attacker, target, lean=lean).cover_fraction == pytest.approx(
            together[target], abs=1e-9)
    naive_pairs = cycle(pairs)
    report(benchmark, "furnished survey" + (", leaning" if lean else ""),
           lambda: survey_by_shapely_loop(field, *next(naive_pairs)), 40)


@pytest.mark.parametrize("lean", [False, True])
def test_survey_of_targets_in_sight_on_a_furnished_map(benchmark: Any, lean: bool) -> None:
    # most far targets on the furnished map stand wholly behind one wall, found without any
    # projection; these 20 the attackers see at least partly, so every wall near the sight
    # line is projected (for every eye when leaning) and low walls integrated
    field = benchmark_map(tokens=100, walls=1000, size=50.0, seed=3, low_share=0.2, lights=20)
    pairs = sighted_pairs(field)
    fast_pairs = cycle(pairs)
    benchmark(lambda: survey(field, *next(fast_pairs), weapon_ranges=(12, 24, 48), lean=lean))
    kinds = set()
    for attacker, target in pairs:
        together = {c.id: c.fraction for c in cover_from(field, attacker, lean=lean)}
        fraction = survey(field, attacker, target, lean=lean).cover_fraction
        assert fraction == pytest.approx(together[target], abs=1e-9)
        kinds.add("seen" if fraction == 0.0 else "partly hidden" if fraction < 1.0 else "hidden")
    assert {"seen", "partly hidden"} <= kinds
    naive_pairs = cycle(pairs)
    report(benchmark, "survey of targets in sight" + (", leaning" if lean else ""),
           lambda: survey_by_shapely_loop(field, *next(naive_pairs)), 40)


@pytest.mark.parametrize("tokens", [50, 500])
def test_threat_view_growth(benchmark: Any, tokens: int) -> None:
    # issue 19: 50 -> 500 tokens at most 10x, 500 tokens <= 6 ms (the naive reference is timed
    # on 10 targets and scaled to all)
    field = benchmark_map(tokens=tokens, walls=2000, size=70.0, seed=4)
    viewer, others = field.bodies[0].id, [b.id for b in field.bodies[1:]]
    fast = benchmark(lambda: cover_from(field, viewer))
    sample = others[:: len(others) // 10][:10]
    naive = [cover_by_shapely_loop(field, viewer, t) for t in sample]
    by_id = {c.id: c.fraction for c in fast}
    assert [by_id[t] for t in sample] == pytest.approx(naive, abs=1e-9)
    scale = len(others) / len(sample)
    report(benchmark, f"threat view, {tokens} tokens (naive x{scale:.0f})",
           lambda: [cover_by_shapely_loop(field, viewer, t) for t in sample * round(scale)], 1)


def test_threat_view_leaning(benchmark: Any) -> None:
    # issue 19: <= 8 ms for 200 tokens and 2,000 walls; every viewpoint in one pass equals the
    # least over the viewpoints measured one by one
    field = benchmark_map(tokens=200, walls=2000, size=70.0, seed=4)
    viewer = field.bodies[0]
    fast = benchmark(lambda: cover_from(field, viewer.id, lean=True))
    targets = np.array([field.index_of(c.id) for c in fast])
    each = np.minimum.reduce([hidden_fractions(field, eye, targets) for eye in viewpoints(viewer)])
    assert [c.fraction for c in fast] == pytest.approx(each.tolist(), abs=1e-12)
    others = [c.id for c in fast][:20]
    report(benchmark, "threat view leaning (naive: 9 eyes x 20 targets, scaled)",
           lambda: [cover_by_shapely_loop(field, viewer.id, t) for t in others * 9 * 10], 1)


@pytest.mark.parametrize("shape", [TemplateShape.CONE, TemplateShape.STREAM])
def test_cone_and_stream_among_1000_tokens(benchmark: Any, shape: TemplateShape) -> None:
    # issue 19: exact shares, still <= 0.2 ms
    field = benchmark_map(tokens=1000, walls=1000, size=100.0, seed=5)
    template = place_template(shape, (50.0, 50.0), rotation=30.0)
    fast = benchmark(lambda: template_hits(field, shape, (50.0, 50.0), rotation=30.0))
    naive = template_hits_by_shapely_loop(field, template)
    assert {h.id: h.overlap for h in fast.hits} == pytest.approx(naive, abs=0.01)
    report(benchmark, f"template {shape.value}",
           lambda: template_hits_by_shapely_loop(field, template), 20)


def test_template_hits_among_1000_tokens(benchmark: Any) -> None:
    field = benchmark_map(tokens=1000, walls=1000, size=100.0, seed=5)
    blast = place_template(TemplateShape.LARGE_BLAST, (50.0, 50.0))
    fast = benchmark(lambda: template_hits(field, blast.shape, (blast.x, blast.y)))
    naive = template_hits_by_shapely_loop(field, blast)
    assert {h.id: h.overlap for h in fast.hits} == pytest.approx(naive, abs=0.02)
    report(benchmark, "template", lambda: template_hits_by_shapely_loop(field, blast), 20)


PAINT_SECONDS, FRAME_SECONDS = 0.004, 1.0 / 60.0


def frame_work(
    field: Battlefield, viewer: str, views: ThreatViews | None, frames: int
) -> tuple[float, float, int]:
    """A 60 Hz loop doing 4 ms of Python "painting" a frame and asking for the threat view
    each frame, inline (``views`` None) or on the worker: median and 95th-percentile
    milliseconds of work per frame, and how many views arrived."""
    work, arrived, pending = [], 0, None
    next_frame = time.perf_counter()
    for _ in range(frames):
        start = time.perf_counter()
        while time.perf_counter() < start + PAINT_SECONDS:
            pass
        if views is None:
            cover_from(field, viewer)
            arrived += 1
        elif pending is None or pending.done():
            arrived += 0 if pending is None else 1
            pending = views.request(field, viewer)
        work.append(time.perf_counter() - start)
        next_frame += FRAME_SECONDS
        time.sleep(max(0.0, next_frame - time.perf_counter()))
    work.sort()
    return statistics.median(work) * 1000.0, work[int(0.95 * len(work))] * 1000.0, arrived


def test_threat_view_off_the_gui_thread(benchmark: Any) -> None:
    field = benchmark_map(tokens=200, walls=2000, size=70.0, seed=4)
    viewer = field.bodies[0].id
    with ThreatViews() as views:
        fast = benchmark(lambda: views.request(field, viewer).result())
        assert fast == cover_from(field, viewer)
        if benchmark.disabled:
            return
        for name, worker in [("inline", None), ("worker", views)] * 2:
            median, p95, arrived = frame_work(field, viewer, worker, 120)
            print(f"\nthreat view {name}: frame work median {median:.1f} ms, p95 {p95:.1f} ms, "
                  f"{arrived} views in 120 frames")
