"""``battlemap bench table``: the interactions at the table, driven by real Qt events.

A fresh Python process (``sys.executable``) opens the GM window maximized on one 1920 x 1080
screen and the player view full screen on a second one: Qt's offscreen platform with a
configuration file of two screens side by side (``QT_QPA_PLATFORM=offscreen:configfile=...``;
a plain offscreen window would keep an 800 px screen, and it paints in software as a window
on an X server without a GPU does). The encounter is opened as ``battlemap FILE`` opens it
(:func:`battlemap.desktop.gui.app.open_window`, the map decoded in its worker), fog and the heroes'
vision on with six heroes. Then it sends mouse and wheel events to the GM view's viewport
(``QApplication.sendEvent``, as the window system delivers them) and lets the event loop run
until the frames they cause are painted in both windows. Each event's time is the wall clock
and the GUI thread's CPU time (``time.thread_time``) from sending it to the end of those
paints.

Maps (``--maps``):

- ``uvtt``: the house and cave of ``tests/data/uvtt/oganm_dd2vtt_importer_test.dd2vtt``
  (20 x 20 cells, 64 px a cell, 14 walls, a light), its image as a PNG beside the encounter;
- ``dungeon``: :func:`battlemap.desktop.core.vision_bench.vision_dungeon`'s 2,000 walls on 100 x 100
  cells with a 5000 px image (50 px a cell);
- ``big``: :func:`battlemap.desktop.commands.bench_gui.write_bench_encounter`'s 8192 px map (300
  tokens, 2,000 wall segments), six of the tokens heroes;
- only when named: ``huge``, the same on a 16384 px map (its PNG written in bands by the
  bench, 1.4 MB); ``mega`` and ``walls-500``, the dungeon's density with 20,000 and 500 walls
  and no image (a drag and a drop on each; with both, the drag's growth is printed), and the
  game systems' demos ``gurps``, ``storypath``, ``fate``, ``spf`` (``assets/demo``, fog on).

On a system's demo: the hover card (the Attack tool with an attacker that can attack, the
mouse going from token to token: each move a new target, its line of fire, card and odds), an
attack click and a Template click (seeded dice, every prompt answered with its first allowed
choice so no dialog waits, the friendly-fire question with yes; each timed from the press to
the end of the GM window's first frame, then undone), and the hover with the fog off (the
reference). A system with no attacker or template that can act on that map says so in a
``#`` line instead of a row.

Interactions on each: a hero dragged (``--rounds`` moves, 3 screen px each, to and fro), the
drop (the release that commits the move), wheel notches and two-finger pinch steps (bursts of
four, in then out; each burst's settle, the exact frames 150 ms after its last step, timed
apart; the same bursts painted exact at every step as the reference), a pan with the middle
button, the mouse moving over tokens (the hover card); the table turned 90 degrees with the GM
zoomed in until the table shows 0.35 screen pixels a map pixel or more (past 1/4: the
full-size image), wheel bursts and a pan there, its peak resident size printed apart; the
drag, the pan and the drop again with the fog off (the same-run reference). Printed per row:
min / median / 95th percentile / max of the wall time, the share of events over a 60 Hz
frame (16.7 ms), the median GUI-thread CPU time, how many frames each window painted
(GM/table) and the share of its viewport a frame repainted on average (the rectangles of each
paint's region).

Examples
--------
>>> "offscreen:configfile=" in platform_for("/tmp/screens.json")
True
>>> summary([1.0, 2.0, 30.0], [0.5, 1.0, 1.5]).over
0.3333333333333333
>>> summary([float(n) for n in range(1, 101)], [1.0]).p95
95.0
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Summary", "format_summaries", "platform_for", "run_table", "summary", "table_rows"]

FRAME_MS = 1000.0 / 60.0
SCREENS = {"screens": [
    {"name": "gm", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "dpr": 1},
    {"name": "table", "x": 1920, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96,
     "dpr": 1},
]}
MAPS = ("uvtt", "dungeon", "big")
MORE_MAPS = ("huge", "mega", "walls-500", "gurps", "storypath", "fate", "spf")
"""Maps run only when named: the 16384 px map, 20,000 and 500 walls (a drag's growth with the
walls), each game system's demo (the hover card, an attack click and a Template click)."""
UVTT = Path(__file__).resolve().parents[2] / "tests/data/uvtt/oganm_dd2vtt_importer_test.dd2vtt"


@dataclass(frozen=True, slots=True)
class Summary:
    """One interaction's figures: wall milliseconds (min, median, 95th percentile, max),
    the share of events over a 60 Hz frame and the median GUI-thread CPU milliseconds."""

    low: float
    median: float
    p95: float
    high: float
    over: float
    cpu: float


def summary(wall: list[float], cpu: list[float]) -> Summary:
    """The figures of one interaction's events (milliseconds each); the 95th percentile is
    the nearest rank (the least value that 95 % of the events do not exceed)."""
    ranked = sorted(wall)
    p95 = ranked[max(math.ceil(0.95 * len(ranked)) - 1, 0)]
    return Summary(ranked[0], statistics.median(wall), p95, ranked[-1],
                   sum(w > FRAME_MS for w in wall) / len(wall), statistics.median(cpu))


def platform_for(config: str) -> str:
    """The ``QT_QPA_PLATFORM`` value of the offscreen platform with the screens of ``config``."""
    return f"offscreen:configfile={config}"


def format_summaries(rows: list[dict[str, object]]) -> str:
    """A plain table of the probe's rows.

    >>> print(format_summaries([{"name": "x", "n": 3, "low": 1, "median": 2, "p95": 3,
    ...                          "high": 3, "over": 0.5, "cpu": 1.5, "frames": "3/3",
    ...                          "area": "9%/4%"}]))
    interaction     n    min ms  median ms  p95 ms    max ms  >16.7ms  CPU ms  frames  share
    x               3     1.000      2.000   3.000     3.000      50%   1.500  3/3  9%/4%
    >>> format_summaries([]).split()[:2]
    ['interaction', 'n']
    """
    width = max([len("interaction"), *(len(str(row["name"])) for row in rows)])  # rows may be none
    lines = [f"{'interaction':<{width}}  {'n':>4}  {'min ms':>8}  {'median ms':>9}  "
             f"{'p95 ms':>6}  {'max ms':>8}  {'>16.7ms':>7}  {'CPU ms':>6}  frames  share"]
    for row in rows:
        lines.append(
            f"{row['name']!s:<{width}}  {row['n']:>4}  {row['low']:>8.3f}  {row['median']:>9.3f}  "
            f"{float(str(row.get('p95', 'nan'))):>6.3f}  {row['high']:>8.3f}  "
            f"{float(str(row['over'])):>7.0%}  {row['cpu']:>6.3f}  "
            f"{row['frames']}  {row.get('area', '')}"
        )
    return "\n".join(lines)


def table_rows(rounds: int, maps: tuple[str, ...] = MAPS) -> list[dict[str, object]]:
    """Run the probe on each of ``maps`` in a fresh process; the rows it printed."""
    rows: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "screens.json"
        config.write_text(json.dumps(SCREENS))
        env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
        env.update(HOME=folder, QT_QPA_PLATFORM=platform_for(str(config)))
        for name in maps:
            done = subprocess.run(
                [sys.executable, "-m", "battlemap.desktop.gui.table_bench", name, folder,
                 str(rounds)],
                capture_output=True, text=True, env=env, timeout=1800, check=False)
            if done.returncode != 0:  # the other maps' rows still count: say which failed
                print(f"battlemap bench table: the probe of {name} failed:\n{done.stderr}",
                      file=sys.stderr)
            for line in done.stdout.splitlines():
                if line.startswith("ROW: "):
                    rows.append(json.loads(line[5:]))
                    print(format_summaries(rows[-1:]).splitlines()[-1], flush=True)
                elif line.startswith("# "):
                    print(line, flush=True)
    return rows


def run_table(rounds: int, maps: str, as_json: bool) -> int:
    """``battlemap bench table``: print the rows of ``maps`` (comma-separated names)."""
    names = tuple(name.strip() for name in maps.split(",") if name.strip())
    unknown = [name for name in names if name not in (*MAPS, *MORE_MAPS)]
    if unknown or not names:
        print(f"battlemap bench table: unknown map {', '.join(unknown) or '(none)'}; "
              f"choose among {', '.join((*MAPS, *MORE_MAPS))}", file=sys.stderr)
        return 2
    rows = table_rows(rounds, names)
    print(json.dumps(rows, indent=2) if as_json else format_summaries(rows))
    growth = drag_growth(rows)
    if growth is not None and not as_json:
        print(growth)
    return 0


def drag_growth(rows: list[dict[str, object]]) -> str | None:
    """How the drag's CPU median grows from 500 to 20,000 walls (both maps run), as a line.

    >>> drag_growth([{"name": "drag, 500 walls", "cpu": 2.0},
    ...              {"name": "drag, 20,000 walls", "cpu": 5.0}])
    'drag, 500 -> 20,000 walls: 2.00 -> 5.00 ms CPU, 2.50x (target <= 3x)'
    """
    cpu = {str(row["name"]): float(str(row["cpu"])) for row in rows}
    low, high = cpu.get("drag, 500 walls"), cpu.get("drag, 20,000 walls")
    if low is None or high is None:
        return None
    return (f"drag, 500 -> 20,000 walls: {low:.2f} -> {high:.2f} ms CPU, "
            f"{high / max(low, 1e-9):.2f}x (target <= 3x)")
