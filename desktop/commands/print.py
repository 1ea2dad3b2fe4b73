"""``battlemap print (FILE | --demo [--system NAME]) OUT.pdf [--paper a4|letter]
[--view gm|player] [--no-grid] [--cell-inch 1]``.

Prints the map to scale as a PDF (:mod:`battlemap.desktop.gui.print_map`): one cell =
``--cell-inch`` inches (default 1, for miniatures), tiled over as many pages as it takes with
overlap, alignment crosses and a page map first. ``--view player`` prints only what the players may
see (no hidden token, the fog as the table shows it). Headless, like ``render``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from battlemap.desktop.core.fileformat import EncounterFileError


def parse_cell_inch(text: str) -> float:
    """``"1"`` -> ``1.0``; ``ArgumentTypeError`` outside 0.1 to 10 inches.

    >>> parse_cell_inch("0.5")
    0.5
    """
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.1 <= value <= 10:
        raise argparse.ArgumentTypeError(f"cell size {text!r}: expected 0.1 to 10 (inches)")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", help="the encounter file to print")
    source.add_argument("--demo", action="store_true", help="print the bundled demo")
    parser.add_argument("--system", metavar="NAME", help="with --demo: that game system's demo")
    parser.add_argument("out", help="the PDF to write")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4",
                        help="paper size (default a4; portrait or landscape, whichever "
                             "takes fewer pages)")
    parser.add_argument("--view", choices=["gm", "player"], default="gm",
                        help="what the GM sees (default) or only what the players may see")
    parser.add_argument("--no-grid", action="store_true", help="leave the grid lines out")
    parser.add_argument("--cell-inch", type=parse_cell_inch, default=1.0, metavar="INCHES",
                        help="inches a cell on paper (default 1: 25 mm miniatures)")


def run(args: argparse.Namespace) -> int:
    from battlemap.desktop.commands.render import opened_for

    out = Path(args.out)
    try:
        path, encounter, warnings = opened_for(args, out)
    except (EncounterFileError, ValueError) as error:
        print(f"battlemap print: {str(error).replace('PNG', 'PDF')}", file=sys.stderr)
        return 2
    for warning in warnings:
        print(f"battlemap print: warning: {warning}", file=sys.stderr)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from battlemap.desktop.gui.print_map import plan_pages, print_encounter
    from battlemap.desktop.gui.render import ensure_app
    from battlemap.desktop.gui.scene import Audience

    ensure_app()
    try:
        plan = plan_pages(encounter.width, encounter.height, args.paper, args.cell_inch)
    except ValueError as error:
        print(f"battlemap print: {error}", file=sys.stderr)
        return 2
    try:
        pages, problem = print_encounter(encounter, path.resolve().parent, Audience(args.view),
                                         not args.no_grid, plan, out)
    except OSError as error:
        print(f"battlemap print: {out}: OUT: {error}", file=sys.stderr)
        return 1
    if problem:
        print(f"battlemap print: warning: {path}: {problem}", file=sys.stderr)
    orientation = "landscape" if plan.landscape else "portrait"
    print(f"wrote {out}: {pages} pages ({plan.columns} x {plan.rows} {args.paper.upper()} "
          f"{orientation} and the page map), 1 cell = {args.cell_inch:g} in, {args.view} view")
    return 0
