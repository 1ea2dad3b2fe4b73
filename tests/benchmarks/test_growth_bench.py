"""How the geometry's hot paths grow with tokens, walls, lights and templates' crowds
(issue 19, docs/performance.md): each case prints its median and the naive reference's.

Run with ``pytest tests/benchmarks/test_growth_bench.py --benchmark-enable -s`` (add
``--benchmark-timer=time.thread_time`` on a busy machine). Threat views: 2,000 walls on a
70 x 70 map as tokens grow; as walls grow, the map grows with them at the same density (a
mega-dungeon of 20,000 walls is 220 x 220). The naive threat view is timed on 10 targets and
scaled to all (it grows exactly with their number). The answers of the fast paths are checked
against the naive references to 1e-9 on the sampled targets.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from battlemap.desktop.commands.bench import median_ms
from battlemap.geometry.cover import cover_from
from battlemap.geometry.naive import (
    benchmark_map,
    cover_by_shapely_loop,
    survey_by_shapely_loop,
    template_hits_by_shapely_loop,
)
from battlemap.geometry.survey import survey
from battlemap.geometry.templates import TemplateShape, place_template, template_hits


def _print(benchmark: Any, name: str, naive_ms: float) -> None:
    if benchmark.disabled:
        return
    fast_ms = benchmark.stats.stats.median * 1000.0
    print(f"\n{name}: fast {fast_ms:.3f} ms, naive {naive_ms:.1f} ms, {naive_ms / fast_ms:.0f}x")


def _threat(benchmark: Any, name: str, tokens: int, walls: int, size: float) -> None:
    field = benchmark_map(tokens=tokens, walls=walls, size=size, seed=4)
    viewer, others = field.bodies[0].id, [b.id for b in field.bodies[1:]]
    fast = {c.id: c.fraction for c in benchmark(lambda: cover_from(field, viewer))}
    sample = others[:: max(len(others) // 10, 1)][:10]
    naive = {t: cover_by_shapely_loop(field, viewer, t) for t in sample}
    assert {t: fast[t] for t in sample} == pytest.approx(naive, abs=1e-9)
    each = 0.0 if benchmark.disabled else median_ms(
        lambda: [cover_by_shapely_loop(field, viewer, t) for t in sample], 3
    ) / len(sample)
    _print(benchmark, name, each * len(others))


@pytest.mark.parametrize("tokens", [50, 200, 500, 1000])
def test_threat_view_as_tokens_grow(benchmark: Any, tokens: int) -> None:
    _threat(benchmark, f"threat view, {tokens} tokens, 2,000 walls", tokens, 2000, 70.0)


@pytest.mark.parametrize("walls", [500, 2000, 8000, 20000])
def test_threat_view_as_walls_grow(benchmark: Any, walls: int) -> None:
    size = 70.0 * math.sqrt(walls / 2000)
    _threat(benchmark, f"threat view, 200 tokens, {walls} walls, {size:.0f}x{size:.0f}",
            200, walls, size)


@pytest.mark.parametrize(("walls", "lights"), [(1000, 0), (1000, 20), (1000, 200),
                                               (5000, 20), (20000, 20)])
def test_survey_as_walls_and_lights_grow(benchmark: Any, walls: int, lights: int) -> None:
    size = 50.0 * math.sqrt(walls / 1000)
    field = benchmark_map(tokens=100, walls=walls, size=size, seed=3, low_share=0.2,
                          lights=lights)
    pairs = [(field.bodies[0].id, b.id) for b in field.bodies[1:21]]
    turn = iter(range(10**9))
    benchmark(lambda: survey(field, *pairs[next(turn) % len(pairs)], weapon_ranges=(12, 24, 48)))
    naive = 0.0 if benchmark.disabled else median_ms(
        lambda: survey_by_shapely_loop(field, *pairs[next(turn) % len(pairs)]), 20)
    _print(benchmark, f"survey, furnished, {walls} walls, {lights} lights", naive)


@pytest.mark.parametrize("tokens", [100, 1000, 10000])
@pytest.mark.parametrize("shape", [TemplateShape.LARGE_BLAST, TemplateShape.CONE])
def test_templates_as_crowds_grow(benchmark: Any, tokens: int, shape: TemplateShape) -> None:
    size = 100.0 * math.sqrt(tokens / 1000) if tokens > 1000 else 100.0
    field = benchmark_map(tokens=tokens, walls=1000, size=size, seed=5)
    template = place_template(shape, (size / 2, size / 2), rotation=30.0)
    at = (template.x, template.y)
    fast = benchmark(lambda: template_hits(field, shape, at, rotation=30.0))
    naive = template_hits_by_shapely_loop(field, template)
    assert {h.id for h in fast.hits} == set(naive)
    naive_ms = 0.0 if benchmark.disabled else median_ms(
        lambda: template_hits_by_shapely_loop(field, template), 3)
    _print(benchmark, f"template {shape.value}, {tokens} tokens", naive_ms)
