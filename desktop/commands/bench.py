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
import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from itertools import cycle

from battlemap.geometry.cover import cover_from
from battlemap.geometry.index import Battlefield
from battlemap.geometry.naive import (
    benchmark_map,
    cover_by_shapely_loop,
    survey_by_shapely_loop,
    template_hits_by_shapely_loop,
)
from battlemap.geometry.survey import survey
from battlemap.geometry.templates import TemplateShape, place_template, template_hits

__all__ = [
    "BENCHMARKS",
    "Row",
    "add_arguments",
    "format_rows",
    "geometry_rows",
    "run",
    "sighted_pairs",
]


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


CLOCK: list[Callable[[], float]] = [time.perf_counter]
"""The clock :func:`median_ms` reads: wall time, or with ``--cpu`` the thread's CPU time (on a
machine shared with other work, waiting for a core is not the code's time)."""


def median_ms(call: Callable[[], object], rounds: int) -> float:
    """Median time of ``call`` over ``rounds`` runs, in milliseconds (one warm-up run).

    Examples
    --------
    >>> median_ms(lambda: None, 3) < 1.0
    True
    """
    call()
    clock, times = CLOCK[0], []
    for _ in range(rounds):
        start = clock()
        call()
        times.append(clock() - start)
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


def sighted_pairs(field: Battlefield, count: int = 20) -> list[tuple[str, str]]:
    """Attacker and target pairs where the attacker sees at least part of the target (its
    cover below total): the first tokens against others, ``count`` of them. On a dungeon map
    most far targets stand wholly behind a wall, which a survey finds without projecting any
    wall; these pairs measure the full projection.

    Examples
    --------
    >>> sighted_pairs(benchmark_map(tokens=4, walls=0, size=10.0), count=2)
    [('t0', 't1'), ('t0', 't2')]
    """
    pairs: list[tuple[str, str]] = []
    for attacker in field.bodies:
        seen = [c.id for c in cover_from(field, attacker.id) if c.line_of_sight]
        pairs += [(attacker.id, target) for target in seen][: count - len(pairs)]
        if len(pairs) == count:
            break
    return pairs


def geometry_rows(rounds: int) -> list[Row]:
    """The geometry benchmarks (issues 3 and 19): surveys, threat views as tokens grow, with
    leaning, and templates. The naive threat view is timed on 10 targets and scaled to all
    (one shapely loop per target: it grows exactly with their number).

    Examples
    --------
    >>> BENCHMARKS["geometry"] is geometry_rows
    True
    """
    furnished = benchmark_map(tokens=100, walls=1000, size=50.0, seed=3, low_share=0.2, lights=20)
    return [
        _survey_row(rounds, benchmark_map(tokens=100, walls=1000, size=50.0, seed=3), "", False),
        _survey_row(rounds, furnished, ", furnished", False),
        _survey_row(rounds, furnished, ", furnished, leaning", True),
        _survey_row(rounds, furnished, ", furnished, in sight", False),
        _survey_row(rounds, furnished, ", furnished, in sight, leaning", True),
        *(_threat_row(rounds, tokens) for tokens in THREAT_TOKENS),
        _threat_row(rounds, 200, lean=True),
        *(_template_row(rounds, shape) for shape in TEMPLATE_SHAPES),
    ]


THREAT_TOKENS = (50, 200, 500)
TEMPLATE_SHAPES = (TemplateShape.LARGE_BLAST, TemplateShape.CONE, TemplateShape.STREAM)
SURVEY_TARGETS = {"": "<= 0.5 ms, >= 50x", ", furnished": "<= 0.25 ms",
                  ", furnished, leaning": "<= 0.4 ms", ", furnished, in sight": "<= 0.25 ms",
                  ", furnished, in sight, leaning": "<= 0.4 ms"}
THREAT_TARGETS = {50: "", 200: "<= 2 ms", 500: "<= 6 ms"}


def _survey_row(rounds: int, field: Battlefield, kind: str, lean: bool) -> Row:
    pairs = sighted_pairs(field) if "in sight" in kind else survey_pairs(field)
    fast_pairs, naive_pairs = cycle(pairs), cycle(pairs)
    fast = median_ms(
        lambda: survey(field, *next(fast_pairs), weapon_ranges=(12, 24, 48), lean=lean), rounds
    )
    slow_rounds = max(rounds // 4, 20)
    naive = median_ms(lambda: survey_by_shapely_loop(field, *next(naive_pairs)), slow_rounds)
    walls = "20 % low walls, 20 lights" if kind else "1,000 walls"
    name = f"survey{kind}: 100 tokens, {walls}, 50x50"
    if "in sight" in kind:
        name = f"survey{kind}: 20 targets in sight"
    return Row(name, fast, naive * (9 if lean else 1), SURVEY_TARGETS[kind])


def _threat_row(rounds: int, tokens: int, lean: bool = False) -> Row:
    field = benchmark_map(tokens=tokens, walls=2000, size=70.0, seed=4)
    viewer, others = field.bodies[0].id, [b.id for b in field.bodies[1:]]
    fast = median_ms(lambda: cover_from(field, viewer, lean=lean), max(rounds // 4, 3))
    sample = others[:: max(len(others) // 10, 1)][:10]
    naive_each = median_ms(lambda: [cover_by_shapely_loop(field, viewer, t) for t in sample], 3)
    naive = naive_each / len(sample) * len(others) * (9 if lean else 1)
    if lean:
        return Row(f"threat view, leaning: {tokens} tokens, 2,000 walls", fast, naive, "<= 8 ms")
    return Row(f"threat view: {tokens} tokens, 2,000 walls, 70x70", fast, naive,
               THREAT_TARGETS[tokens])


def _template_row(rounds: int, shape: TemplateShape) -> Row:
    field = benchmark_map(tokens=1000, walls=1000, size=100.0, seed=5)
    template = place_template(shape, (50.0, 50.0), rotation=30.0)
    at, turn = (template.x, template.y), template.bearing
    fast = median_ms(lambda: template_hits(field, shape, at, rotation=turn), rounds)
    naive = median_ms(lambda: template_hits_by_shapely_loop(field, template), max(rounds // 10, 3))
    return Row(f"template: {shape.value} among 1,000 tokens, 100x100", fast, naive, "<= 0.2 ms")


def growth_lines(rows: list[Row]) -> list[str]:
    """How the threat view grows with tokens (issue 19: 50 -> 500 at most 10x).

    Examples
    --------
    >>> rows = [Row("threat view: 50 tokens, x", 1.0, 9.0, ""),
    ...         Row("threat view: 500 tokens, x", 6.0, 90.0, "")]
    >>> growth_lines(rows)
    ['threat view growth 50 -> 500 tokens: 6.0x (target <= 10x)']
    """
    threat = [r for r in rows if r.name.startswith("threat view:")]
    by_tokens = {int(r.name.split()[2]): r.fast_ms for r in threat}
    if {50, 500} <= by_tokens.keys():
        return [f"threat view growth 50 -> 500 tokens: {by_tokens[500] / by_tokens[50]:.1f}x "
                "(target <= 10x)"]
    return []


def vision_rows(rounds: int) -> list[Row]:
    """The fog of war's benchmarks (issue 17): one polygon, a drag among six heroes, a walk.

    The walk's row gives the milliseconds a step (no naive reference: its target is memory)
    and prints the traced memory growth over the last nine tenths of 10,000 steps.

    Examples
    --------
    >>> BENCHMARKS["vision"] is vision_rows
    True
    """
    from battlemap.desktop.core.vision_bench import (
        drag_calls,
        polygon_calls,
        vision_dungeon,
        walk_growth,
    )

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
GUI_BENCHMARKS = ("memory", "startup")
"""Benchmark sets of :mod:`battlemap.desktop.commands.bench_gui` (Qt processes), registered on
import."""
TABLE = "table"
"""``bench table``: real Qt events on two windows
(:mod:`battlemap.desktop.commands.bench_table`)."""
CAMERA = "camera"
"""The synthetic camera bench (:mod:`battlemap.desktop.commands.bench_camera`): figures, not
rows."""


def benchmark_named(name: str) -> Callable[[int], list[Row]]:
    """The benchmark set ``name``, importing the GUI ones only when asked for.

    Examples
    --------
    >>> benchmark_named("geometry") is geometry_rows
    True
    """
    if name in GUI_BENCHMARKS:
        importlib.import_module("battlemap.desktop.commands.bench_gui")
    return BENCHMARKS[name]


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
    names = sorted({*BENCHMARKS, *GUI_BENCHMARKS, TABLE, CAMERA})
    parser.add_argument("subsystem", choices=names, help="what to benchmark")
    parser.add_argument("--rounds", type=int, default=200, help="timed runs of each fast path")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--cpu", action="store_true",
        help="time the thread's CPU, not the wall clock (a machine busy with other work)",
    )
    parser.add_argument("--maps", default="uvtt,dungeon,big",
                        help="bench table: the maps, of uvtt, dungeon, big, mega (20,000 walls), "
                             "walls-500, and the systems' demos gurps, storypath, fate, spf")


def run(args: argparse.Namespace) -> int:
    if args.rounds < 1:
        print("battlemap bench: --rounds must be at least 1", file=sys.stderr)
        return 2
    CLOCK[0] = time.thread_time if args.cpu else time.perf_counter
    if args.subsystem == TABLE:
        from battlemap.desktop.commands.bench_table import run_table

        return run_table(args.rounds, args.maps, args.json)
    if args.subsystem == CAMERA:  # --rounds: its number of random cameras (at most 10)
        from battlemap.desktop.commands.bench_camera import run as run_camera

        return run_camera(args)
    rows = benchmark_named(args.subsystem)(args.rounds)
    if args.json:
        print(json.dumps([{**asdict(row), "ratio": row.ratio} for row in rows], indent=2))
    else:
        print("\n".join([format_rows(rows), *growth_lines(rows)]))
    return 0
