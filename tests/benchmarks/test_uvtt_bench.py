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

- Big exports (:func:`test_big_exports_streamed_against_the_whole_file_read`): synthetic
  60, 100 and 512 MB ``.dd2vtt`` files imported by the old whole-file read and the streamed
  one (:mod:`battlemap.desktop.core.uvtt_stream`) in fresh processes: wall time and peak RSS.

No timing is asserted; counts, points and deviations are.
"""

from __future__ import annotations

import base64
import json
import math
import os
import random
import statistics
import struct
import subprocess
import sys
import zlib
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


BIG_FILES_MB = (60, 100, 512)
"""Sizes of the big synthetic exports imported by the streaming benchmark: 60 MB (under the old
64 MiB limit: old and new compared), 100 MB and 512 MB (the old path refuses them)."""
ROUNDS = 3
IMPORT_IN_A_FRESH_PROCESS = """
import json, sys, time
from pathlib import Path
import battlemap.desktop
from battlemap.desktop.core.uvtt import read_uvtt
def high_water_mb():  # this process's peak RSS (ru_maxrss would include the parent's at fork)
    status = Path("/proc/self/status").read_text()
    return int(next(l for l in status.splitlines() if l.startswith("VmHWM:")).split()[1]) / 1024
base = high_water_mb()
start = time.perf_counter()
streams = "image_folder" in read_uvtt.__code__.co_varnames
try:
    imported = read_uvtt(sys.argv[1], **({"image_folder": Path(sys.argv[2])} if streams else {}))
    outcome = f"{len(imported.encounter.walls)} walls, image {imported.image_format}"
except ValueError as error:
    outcome = f"refused: {str(error)[-60:]}"
wall = time.perf_counter() - start
print(json.dumps({"wall_s": wall, "peak_mb": high_water_mb(), "base_mb": base,
                  "outcome": outcome, "code": str(Path(battlemap.desktop.__file__).parents[1])}))
"""


def write_big_uvtt(path: Path, megabytes: int) -> int:
    """A Dungeondraft-like export of about ``megabytes`` MB (at most 512 MiB) written as a
    stream: a few walls and lights and a square PNG of random RGBA noise (stored zlib blocks:
    the image is as big as its pixels), base64 in ``"image"``, its header within the limits."""
    image_bytes = min(megabytes * 10**6, 512 * 1024 * 1024 - 1_000_000) * 3 // 4
    side = int(math.sqrt(image_bytes / 4))
    noise = random.Random(megabytes)
    head = json.dumps({"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0},
                       "map_size": {"x": side / 64, "y": side / 64}, "pixels_per_grid": 64},
                       "line_of_sight": [[{"x": 1, "y": 1}, {"x": 9, "y": 1}]],
                       "objects_line_of_sight": [], "portals": [], "lights": []})[:-1]
    header = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)
    rows = zlib.compressobj(0)
    idat = (b"".join(rows.compress(b"\x00" + noise.randbytes(4 * side)) for _ in range(side))
            + rows.flush())  # fmt: skip
    png = b"".join((b"\x89PNG\r\n\x1a\n", png_chunk(b"IHDR", header), png_chunk(b"IDAT", idat),
                    png_chunk(b"IEND", b"")))  # fmt: skip
    del idat
    with path.open("wb") as file:
        file.write(head.encode() + b', "image": "')
        for at in range(0, len(png), 3 << 20):
            file.write(base64.b64encode(png[at : at + (3 << 20)]))
        file.write(b'", "environment": {"baked_lighting": true, "ambient_light": "ffffffff"}}')
    return path.stat().st_size


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def import_in_a_fresh_process(root: Path, path: Path, folder: Path) -> dict[str, Any]:
    """Import ``path`` with the code of ``root`` first on the path; wall time and peak RSS."""
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_IN_A_FRESH_PROCESS, str(path), str(folder)],
        env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True, check=True,
        cwd=folder,  # not the repository: "" on sys.path would import this tree
    )  # fmt: skip
    result: dict[str, Any] = json.loads(run.stdout)
    assert Path(result["code"]).resolve() == root.resolve()
    for leftover in folder.iterdir():
        leftover.unlink()
    return result


def spread(values: list[float], unit: str) -> str:
    low, middle, high = min(values), statistics.median(values), max(values)
    return f"median {middle:.2f} {unit} (min {low:.2f}, max {high:.2f})"


def test_big_exports_streamed_against_the_whole_file_read(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The import of 60, 100 and 512 MB exports, old (PYTHONPATH /work/main, or
    BATTLEMAP_OLD_ROOT) and new (this tree) alternately in fresh processes: wall time and
    peak RSS. With ``--benchmark-enable`` (it writes 670 MB of files to tmp); without it, the
    new tree alone imports a 2 MB export once, so the suite still runs the fresh-process path."""
    enabled = bool(request.config.getoption("benchmark_enable"))
    sizes, rounds = (BIG_FILES_MB, ROUNDS) if enabled else ((2,), 1)
    new_root = Path(__file__).resolve().parents[2]
    old_root = Path(os.environ.get("BATTLEMAP_OLD_ROOT", "/work/main"))
    folder = tmp_path / "decoded"
    folder.mkdir()
    print(f"\nload before: {os.getloadavg()[0]:.2f}")
    for megabytes in sizes:
        path = tmp_path / f"big-{megabytes}.dd2vtt"
        size = write_big_uvtt(path, megabytes)
        runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []} if enabled else {"new": []}
        for _ in range(rounds):
            for name, root in (("old", old_root), ("new", new_root))[0 if enabled else 1:]:
                runs[name].append(import_in_a_fresh_process(root, path, folder))
        assert "refused" not in runs["new"][0]["outcome"]
        print(f"{path.name}: {size / 1e6:.0f} MB ({size / 2**20:.0f} MiB)")
        for name, results in runs.items():
            peaks = [r["peak_mb"] - r["base_mb"] for r in results]
            print(f"  {name}: {results[0]['outcome']}; wall "
                  f"{spread([r['wall_s'] for r in results], 's')}; peak RSS "
                  f"{spread([r['peak_mb'] for r in results], 'MB')}, above the interpreter's "
                  f"{spread(peaks, 'MB')}")  # fmt: skip
        path.unlink()
    print(f"load after: {os.getloadavg()[0]:.2f}")
