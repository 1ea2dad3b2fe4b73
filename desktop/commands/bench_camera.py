"""``battlemap bench camera``: the synthetic camera bench (issue 30), each figure printed.

Needs the optional extra ``battlemap[camera]`` (OpenCV); see :mod:`battlemap.desktop.camera.bench`.
Dispatched by ``battlemap bench camera`` (:mod:`battlemap.desktop.commands.bench`).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict


def run(args: argparse.Namespace) -> int:
    try:
        from battlemap.desktop.camera.bench import figures, format_figures, load_line
    except ImportError as error:
        print(f"battlemap bench camera: OpenCV is not installed ({error}); install the camera "
              "extra: pip install 'battlemap[camera]'", file=sys.stderr)
        return 2
    trials = max(1, min(args.rounds, 10))
    rows = figures(trials=trials)
    if args.json:
        print(json.dumps([asdict(row) for row in rows], indent=2))
    else:
        print(format_figures(rows))
        print(load_line())
    return 0 if all(row.met for row in rows) else 1
