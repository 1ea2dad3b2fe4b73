"""Big maps at the limits (issue 31): the biggest legal encounters, and what each command costs.

Writes encounters at the limits of ``desktop/core/limits.py`` into a folder - the widest map
(100,000 x 100,000 cells, square and hex, with fog), 5,000 tokens 50 cells wide, 50,000
ten-point walls (500,000 points), ten walls of 50,000 points, 10,000 regions of 50 points,
lights at the limit of wall pieces in their reach, a log of 100,000 entries and 500,000
lines - and runs ``render`` (GM and player), ``sightlines``, ``survey``, ``move`` and the GM
window opening it offscreen (with the player view) on each, one process each, printing the
CPU seconds, the clock seconds and the peak resident size. The goal: each within seconds
(10 s of CPU) and 1 GB.

    python tests/soak/big_maps.py --folder /tmp/big [--only walls_50000,lights_at_limit]
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
BASE = REPO / "assets" / "demo" / "goblin-ambush.json"
OPEN_IN_WINDOW = """
import os, sys
from PySide6.QtWidgets import QApplication, QMessageBox
from battlemap.desktop.gui.render import ensure_app
ensure_app()
from battlemap.desktop.gui import app
shown = []
QMessageBox.warning = QMessageBox.critical = staticmethod(
    lambda _p, title, text, *_r: shown.append(title) or QMessageBox.StandardButton.Ok)
window = app.open_window(sys.argv[1])
QApplication.processEvents()
window.toggle_player_view()
QApplication.processEvents()
window.view.viewport().grab()
print("opened", shown)
window.state.mark_saved()
os._exit(0)
"""


def encounters() -> dict[str, dict[str, Any]]:
    """The encounters at the limits, by name (the goblin ambush demo's tokens and rules)."""
    base = json.loads(BASE.read_text())
    base.pop("fog", None)
    rng = random.Random(1)

    def enc(**changes: Any) -> dict[str, Any]:
        return copy.deepcopy(base) | changes

    found: dict[str, dict[str, Any]] = {}
    for kind in ("square", "hex"):
        found[f"widest_{kind}"] = enc(width=100_000.0, height=100_000.0, grid={"kind": kind},
                                      fog={"enabled": True})
    stats = base["tokens"][4]["stats"]
    tokens = [{"id": f"t{k}", "name": f"Goblin {k}", "size": 50.0, "stats": stats,
               "position": {"x": rng.uniform(0, 1000), "y": rng.uniform(0, 1000)},
               "side": "villain" if k % 2 else "hero"} for k in range(5000)]
    tokens[0]["id"], tokens[1]["id"] = "valeros", "goblin-1"
    found["tokens_5000"] = enc(width=1000.0, height=1000.0, tokens=tokens)
    walls = []
    for k in range(50_000):
        x, y = rng.uniform(0, 1000), rng.uniform(0, 1000)
        walls.append({"id": f"w{k}",
                      "points": [[x + i * 0.3, y + 0.3 * (i % 2)] for i in range(10)]})
    found["walls_50000"] = enc(width=1000.0, height=1000.0, walls=walls, regions=[])
    circles = [{"id": f"w{k}", "points": [
        [500 + (50 + 40 * k) * math.cos(math.tau * i / 50_000),
         500 + (50 + 40 * k) * math.sin(math.tau * i / 50_000)] for i in range(50_000)]}
        for k in range(10)]
    found["wall_points_500000"] = enc(width=1000.0, height=1000.0, walls=circles, regions=[])
    regions = [{"id": f"r{k}", "name": f"Rubble {k}", "points": [
        [x + 2 * math.cos(math.tau * i / 50), y + 2 * math.sin(math.tau * i / 50)]
        for i in range(50)]} for k in range(10_000)
        for x, y in [(rng.uniform(0, 1000), rng.uniform(0, 1000))]]
    found["regions_10000"] = enc(width=1000.0, height=1000.0, regions=regions, walls=[])
    short = []
    for k in range(1000):
        x, y = rng.uniform(0, 1000), rng.uniform(0, 1000)
        short.append({"id": f"w{k}", "points": [[x, y], [x + rng.uniform(-5, 5),
                                                          y + rng.uniform(-5, 5)]]})
    lights = [{"id": f"l{k}", "position": {"x": rng.uniform(0, 1000), "y": rng.uniform(0, 1000)},
               "bright_radius": 500.0, "dim_radius": 1000.0} for k in range(5)]
    found["lights_at_limit"] = enc(width=1000.0, height=1000.0, walls=short, regions=[],
                                   lights=lights, ambient="dark")  # 5 x 1,000 pieces in reach
    log = [{"title": f"Round {k}", "round": k,
            "lines": [f"line {j} of entry {k}" for j in range(4)]} for k in range(100_000)]
    found["log_full"] = enc(log=log)
    return found


COMMANDS = {
    "render": ["render", "{file}", "{out}.png"],
    "render player": ["render", "{file}", "{out}-player.png", "--view", "player"],
    "sightlines": ["sightlines", "{file}", "--token", "valeros"],
    "survey": ["survey", "{file}", "--attacker", "valeros", "--target", "goblin-1"],
    "move": ["move", "{file}", "valeros", "30", "30", "--force"],
}


def measure(argv: list[str], timeout: float) -> tuple[float, float, float, int]:
    """CPU seconds, clock seconds, peak resident MB and exit status of one child process
    (killed after ``timeout`` seconds: exit -9)."""
    started = time.perf_counter()
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    killer = threading.Timer(timeout, child.kill)
    killer.start()
    _, status, usage = os.wait4(child.pid, 0)
    killer.cancel()
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, time.perf_counter() - started, usage.ru_maxrss / 1024, child.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, required=True)
    parser.add_argument("--only", default="", help="comma-separated encounter names")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--write", action="store_true", help="only write the encounters")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    only = [name for name in args.only.split(",") if name]
    if args.write:
        for name, document in encounters().items():
            if not only or name in only:
                (args.folder / f"{name}.json").write_text(json.dumps(document))
        return 0
    # written by another process: a child forked from one holding them would count its size
    subprocess.run([sys.executable, __file__, "--folder", str(args.folder), "--write",
                    "--only", args.only], check=True)
    print(f"{'encounter':20} {'command':14} {'CPU s':>7} {'clock s':>8} {'peak MB':>8} exit")
    for file in sorted(args.folder.glob("*.json")):
        name = file.stem
        if only and name not in only:
            continue
        runs = {label: [sys.executable, "-m", "battlemap.desktop.cli",
                        *(a.format(file=file, out=args.folder / name) for a in command)]
                for label, command in COMMANDS.items()}
        runs["GM window"] = [sys.executable, "-c", OPEN_IN_WINDOW, str(file)]
        for label, argv in runs.items():
            cpu, clock, peak, code = measure(argv, args.timeout)
            print(f"{name:20} {label:14} {cpu:7.1f} {clock:8.1f} {peak:8.0f} {code}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
