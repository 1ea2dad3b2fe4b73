"""``battlemap bench geometry [--rounds N] [--json]``: speed of the hot paths vs naive loops.

Each benchmark times the fast function and a naive reference (one shapely call per wall or
token, in a Python loop) on the same map in the same run, and prints both medians, their
ratio and the target. Other subsystems add theirs by putting a function in
:data:`BENCHMARKS` (``"rules"``, ``"render"``, ...): it takes the number of rounds and
returns :class:`Row` values.

Examples
--------
>>> row = Row("demo", fast_ms=0.25, naive_ms=25.0, target="<= 0.5 ms")
>>> row.ratio, format_rows([row]).splitlines()[-1].split()
(100.0, ['demo', '0.250', '25.000', '100x', '<=', '0.5', 'ms'])
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from itertools import cycle

from geometry.cover import cover_from
from geometry.index import Battlefield
from geometry.naive import (
    benchmark_map,
    cover_by_shapely_loop,
    survey_by_shapely_loop,
    template_hits_by_shapely_loop,
)
from geometry.survey import survey
from geometry.templates import TemplateShape, place_template, template_hits

__all__ = ["BENCHMARKS", "Row", "add_arguments", "format_rows", "geometry_rows", "run"]


@dataclass(frozen=True, slots=True)
class Row:
    """One benchmark: median milliseconds of the fast path and of the naive reference."""

    name: str
    fast_ms: float
    naive_ms: float
    target: str

    @property
    def ratio(self) -> float:
        return self.naive_ms / self.fast_ms


def median_ms(call: Callable[[], object], rounds: int) -> float:
    """Median wall time of ``call`` over ``rounds`` runs, in milliseconds (one warm-up run).

    Examples
    --------
    >>> median_ms(lambda: None, 3) < 1.0
    True
    """
    call()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000.0


def survey_pairs(field: Battlefield, count: int = 20) -> list[tuple[str, str]]:
    """Attacker and target pairs for the survey benchmark: the first token against others.

    Examples
    --------
    >>> survey_pairs(benchmark_map(tokens=4, walls=0, size=10.0))
    [('t0', 't1'), ('t0', 't2'), ('t0', 't3')]
    """
    ids = [body.id for body in field.bodies]
    return [(ids[0], ids[k]) for k in range(1, min(count, len(ids) - 1) + 1)]


def geometry_rows(rounds: int) -> list[Row]:
    """The three geometry benchmarks of issue 3 (the naive threat view alone takes ~15 s).

    Examples
    --------
    >>> BENCHMARKS["geometry"] is geometry_rows
    True
    """
    return [_survey_row(rounds), _threat_row(rounds), _template_row(rounds)]


def _survey_row(rounds: int) -> Row:
    field = benchmark_map(tokens=100, walls=1000, size=50.0, seed=3)
    fast_pairs, naive_pairs = cycle(survey_pairs(field)), cycle(survey_pairs(field))
    fast = median_ms(lambda: survey(field, *next(fast_pairs), weapon_ranges=(12, 24, 48)), rounds)
    slow_rounds = max(rounds // 4, 20)
    naive = median_ms(lambda: survey_by_shapely_loop(field, *next(naive_pairs)), slow_rounds)
    return Row("survey: 100 tokens, 1,000 walls, 50x50", fast, naive, "<= 0.5 ms, >= 50x")


def _threat_row(rounds: int) -> Row:
    field = benchmark_map(tokens=200, walls=2000, size=70.0, seed=4)
    viewer, others = field.bodies[0].id, [b.id for b in field.bodies[1:]]
    fast = median_ms(lambda: cover_from(field, viewer), max(rounds // 4, 3))
    naive = median_ms(lambda: [cover_by_shapely_loop(field, viewer, t) for t in others], 3)
    return Row("threat view: 200 tokens, 2,000 walls, 70x70", fast, naive, "<= 16 ms")


def _template_row(rounds: int) -> Row:
    field = benchmark_map(tokens=1000, walls=1000, size=100.0, seed=5)
    blast = place_template(TemplateShape.LARGE_BLAST, (50.0, 50.0))
    fast = median_ms(lambda: template_hits(field, blast.shape, (blast.x, blast.y)), rounds)
    naive = median_ms(lambda: template_hits_by_shapely_loop(field, blast), max(rounds // 10, 3))
    return Row("template: LBT among 1,000 tokens, 100x100", fast, naive, "<= 0.2 ms")


def vision_rows(rounds: int) -> list[Row]:
    """The fog of war's benchmarks (issue 17): one polygon, a drag among six heroes, a walk.

    The walk's row gives the milliseconds a step (no naive reference: its target is memory)
    and prints the traced memory growth over the last nine tenths of 10,000 steps.

    Examples
    --------
    >>> BENCHMARKS["vision"] is vision_rows
    True
    """
    from desktop.core.vision_bench import drag_calls, polygon_calls, vision_dungeon, walk_growth

    dungeon = vision_dungeon()
    fast, naive = polygon_calls(dungeon)
    polygon = Row("visibility polygon: 1 token, 2,000 walls, 100x100", median_ms(fast, rounds),
                  median_ms(naive, 3), "<= 2 ms")
    fast, naive = drag_calls(dungeon)
    drag = Row("vision of 6 heroes, one dragged, 2,000 walls", median_ms(fast, rounds),
               median_ms(naive, 3), "<= 8 ms")
    step_ms, growth = walk_growth(dungeon, WALK_STEPS)
    walk = Row(f"hero walks {WALK_STEPS:,} steps (memory +{growth / 1024:.0f} KiB)", step_ms,
               step_ms, "no memory growth")
    return [polygon, drag, walk]


WALK_STEPS = 10_000

BENCHMARKS: dict[str, Callable[[int], list[Row]]] = {"geometry": geometry_rows,
                                                     "vision": vision_rows}
"""Benchmark sets by name: each takes a number of rounds and returns its rows."""


def format_rows(rows: list[Row]) -> str:
    """A plain table: name, fast median, naive median (ms), ratio, target.

    Examples
    --------
    >>> print(format_rows([Row("x", 1.0, 3.0, "fast")]))
    benchmark    fast ms    naive ms    ratio  target
    x              1.000       3.000       3x  fast
    """
    width = max(len("benchmark"), *(len(row.name) for row in rows))
    lines = [f"{'benchmark':<{width}}  {'fast ms':>9}  {'naive ms':>10}  {'ratio':>7}  target"]
    for row in rows:
        lines.append(
            f"{row.name:<{width}}  {row.fast_ms:>9.3f}  {row.naive_ms:>10.3f}  "
            f"{row.ratio:>6.0f}x  {row.target}"
        )
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("subsystem", choices=sorted(BENCHMARKS), help="what to benchmark")
    parser.add_argument("--rounds", type=int, default=200, help="timed runs of each fast path")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def run(args: argparse.Namespace) -> int:
    if args.rounds < 1:
        print("battlemap bench: --rounds must be at least 1", file=sys.stderr)
        return 2
    rows = BENCHMARKS[args.subsystem](args.rounds)
    if args.json:
        print(json.dumps([{**asdict(row), "ratio": row.ratio} for row in rows], indent=2))
    else:
        print(format_rows(rows))
    return 0
