"""``battlemap export-uvtt (FILE | --demo [--system NAME]) OUT.dd2vtt [--force]``.

Writes the encounter as a Universal VTT file (format 0.3,
:mod:`battlemap.desktop.core.uvtt_export`): map image, grid, walls, doors, lights, ambient light;
Foundry VTT's Universal Battlemap Importer, MapTool, Owlbear Rodeo and Battlemap's own import read
it. An existing OUT is replaced only with ``--force``; OUT may not be the encounter or its map
image. A refusal is one line on stderr and exit status 2: a map image that cannot be exported
(too big to decode whole and not decodable in strips, or damaged) is refused so, before
anything is written. A big map is cropped and rescaled in bands from its strip-decoded image
and written as it is made (:mod:`battlemap.desktop.gui.map_export`).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from battlemap.desktop.core.fileformat import EncounterFileError
from battlemap.desktop.core.model import Encounter, WallKind


def add_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", help="the encounter file to export")
    source.add_argument("--demo", action="store_true", help="export the bundled demo")
    parser.add_argument("--system", metavar="NAME", help="with --demo: that game system's demo")
    parser.add_argument("out", help="the Universal VTT file to write (.dd2vtt or .uvtt)")
    parser.add_argument("--force", action="store_true", help="replace an existing OUT")


def run(args: argparse.Namespace) -> int:
    from battlemap.desktop.commands.render import opened_for

    out = Path(args.out)
    try:
        path, encounter, warnings = opened_for(args, out)
        if out.exists() and not args.force:
            raise ValueError(f"{out}: OUT exists; pass --force to replace it")
    except (EncounterFileError, ValueError) as error:
        print(f"battlemap export-uvtt: {str(error).replace('PNG', 'file')}", file=sys.stderr)
        return 2
    for warning in warnings:
        print(f"battlemap export-uvtt: warning: {warning}", file=sys.stderr)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from battlemap.desktop.gui.map_export import MapNotExported, export_uvtt
    from battlemap.desktop.gui.render import ensure_app

    ensure_app()  # Qt decodes an image that must be cropped or rescaled
    try:
        notes = export_uvtt(encounter, path.resolve().parent, out)
    except OSError as error:
        print(f"battlemap export-uvtt: {out}: OUT: {error.strerror or error}", file=sys.stderr)
        return 1
    except MapNotExported as refused:
        print(f"battlemap export-uvtt: {refused}; nothing written", file=sys.stderr)
        return 2
    for note in notes:
        print(f"battlemap export-uvtt: note: {note}", file=sys.stderr)
    print(summary(encounter, out))
    return 0


def summary(encounter: Encounter, out: Path) -> str:
    """One line saying what was exported, as ``import-uvtt`` says what it imported.

    Examples
    --------
    >>> print(summary(Encounter(), Path("x.dd2vtt")))
    wrote x.dd2vtt: 30 x 20 cells, 0 walls, 0 objects, 0 doors (0 open), 0 lights, no image
    """
    count = {kind: [w for w in encounter.walls if w.kind is kind] for kind in WallKind}
    extras = "".join(f", {len(count[kind])} {name}" for kind, name in (
        (WallKind.WINDOW, "windows"), (WallKind.LOW_WALL, "low walls")) if count[kind])
    image = "no image" if encounter.background is None else "image embedded"
    return (
        f"wrote {out}: {encounter.width:g} x {encounter.height:g} cells, "
        f"{len(count[WallKind.WALL])} walls, {len(count[WallKind.OBJECT])} objects, "
        f"{len(count[WallKind.DOOR])} doors "
        f"({sum(d.is_open for d in count[WallKind.DOOR])} open){extras}, "
        f"{len(encounter.lights)} lights, {image}"
    )
