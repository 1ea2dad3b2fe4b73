"""Universal VTT import speed on the two real exports, and what cave simplification buys.

Run with ``pytest tests/benchmarks/test_uvtt_bench.py --benchmark-enable -s``. The samples are
``tests/data/uvtt/`` beside the repository (skipped with a reason when absent).

- Import: :func:`battlemap.desktop.core.uvtt.parse_uvtt` (validate everything, decode the image,
  build the encounter) timed by pytest-benchmark against a naive reference measured in the same run:
  ``json.loads`` and plain loops that subtract the origin and decode the image, checking
  nothing. The ratio says what validation costs; both must give the same wall points.
- Simplification: the 135-point cave outline of the Dungeondraft sample at several tolerances
  (points before and after, the largest deviation, which must stay within the tolerance), and
  a survey across the cave map with and without it.

No timing is asserted; counts, points and deviations are.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
import shapely

from battlemap.desktop.commands.bench import median_ms
from battlemap.desktop.core.battlefield import battlefield_of
from battlemap.desktop.core.model import Encounter, Point, Side, Token, WallKind
from battlemap.desktop.core.uvtt import parse_uvtt
from battlemap.geometry.survey import survey

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "uvtt"
CAVE = "oganm_dd2vtt_importer_test.dd2vtt"
CROPPED = "imagix_uvtt2fgu_sampleMap.dd2vtt"
CAVE_WALL = "wall-8"
"""The cave outline: the eighth line_of_sight polyline, 135 points (SOURCES.md)."""
TOLERANCES = (0.0, 0.02, 0.05, 0.1, 0.25)

pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(),
                                reason=f"the real Universal VTT samples are not in {SAMPLES}")


def sample(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def naive_import(data: bytes) -> tuple[list[tuple[Point, ...]], int]:
    """The wall, object and door polylines (origin subtracted) and the image's byte count,
    with nothing checked."""
    document = json.loads(data)
    origin = document["resolution"]["map_origin"]
    lines = [*document["line_of_sight"], *document["objects_line_of_sight"]]
    lines += [portal["bounds"] for portal in document["portals"]]
    polylines = [tuple((p["x"] - origin["x"], p["y"] - origin["y"]) for p in line)
                 for line in lines]
    return polylines, len(base64.b64decode(document["image"]))


def report(benchmark: Any, name: str, naive: Any, rounds: int) -> None:
    """Print the benchmark's median beside the naive reference's (benchmarks enabled only)."""
    if benchmark.disabled:
        return
    fast_ms = benchmark.stats.stats.median * 1000.0
    naive_ms = median_ms(naive, rounds)
    benchmark.extra_info.update(naive_ms=naive_ms, ratio=fast_ms / naive_ms)
    print(f"\n{name}: import {fast_ms:.1f} ms, naive {naive_ms:.1f} ms, "
          f"validated import costs {fast_ms / naive_ms:.2f}x the naive parse")


@pytest.mark.parametrize(("name", "walls", "objects", "doors"),
                         [(CAVE, 9, 2, 3), (CROPPED, 4, 1, 2)])
def test_import_of_a_real_export(benchmark: Any, name: str, walls: int, objects: int,
                                 doors: int) -> None:
    data = sample(name)
    imported = benchmark(lambda: parse_uvtt(data, where=name))
    kinds = [wall.kind for wall in imported.encounter.walls]
    assert (kinds.count(WallKind.WALL), kinds.count(WallKind.OBJECT),
            kinds.count(WallKind.DOOR)) == (walls, objects, doors)
    polylines, image_bytes = naive_import(data)
    assert [wall.points for wall in imported.encounter.walls] == polylines
    assert len(imported.image) == image_bytes
    report(benchmark, name, lambda: naive_import(data), 15)


def cave_outline(tolerance: float) -> tuple[Point, ...]:
    encounter = parse_uvtt(sample(CAVE), simplify_tolerance=tolerance).encounter
    return next(w.points for w in encounter.walls if w.id == CAVE_WALL)


def test_cave_outline_points_before_and_after_simplification() -> None:
    full = shapely.LineString(cave_outline(0.0))
    rows = []
    for tolerance in TOLERANCES:
        points = cave_outline(tolerance)
        deviation = shapely.hausdorff_distance(full, shapely.LineString(points))
        assert deviation <= tolerance + 1e-9
        rows.append((tolerance, len(points), deviation))
    assert rows[0][1] == 135
    assert [n for _, n, _ in rows] == sorted((n for _, n, _ in rows), reverse=True)
    assert rows[-1][1] < rows[0][1]
    print("\ncave outline: tolerance (cells) -> points, largest deviation (cells)")
    for tolerance, count, deviation in rows:
        print(f"  {tolerance:5.2f} -> {count:3d} points, {deviation:.3f}")


def cave_with_two_tokens(tolerance: float) -> Encounter:
    """The cave map with an archer and a goblin on either side of its middle."""
    encounter = parse_uvtt(sample(CAVE), simplify_tolerance=tolerance).encounter
    archer = Token("archer", "Archer", 4.5, 10.5, side=Side.HERO)
    goblin = Token("goblin", "Goblin", 15.5, 12.5, side=Side.VILLAIN)
    return encounter.with_token(archer).with_token(goblin)


@pytest.mark.parametrize("tolerance", [0.0, 0.1])
def test_survey_across_the_cave_map(benchmark: Any, tolerance: float) -> None:
    encounter = cave_with_two_tokens(tolerance)
    field = battlefield_of(encounter)
    facts = benchmark(lambda: survey(field, "archer", "goblin", weapon_ranges=(12, 24, 48)))
    full = survey(battlefield_of(cave_with_two_tokens(0.0)), "archer", "goblin",
                  weapon_ranges=(12, 24, 48))
    assert facts.distance == full.distance
    assert facts.cover_fraction == pytest.approx(full.cover_fraction, abs=0.05)
    if not benchmark.disabled:
        points = sum(len(w.points) for w in encounter.walls)
        print(f"\nsurvey across the cave, tolerance {tolerance}: {points} wall points, "
              f"median {benchmark.stats.stats.median * 1000:.3f} ms")
