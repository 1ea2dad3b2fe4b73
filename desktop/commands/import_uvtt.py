"""``battlemap import-uvtt IN OUT.json [--embed] [--object-height H] [--simplify TOL]``.

Imports a Universal VTT export (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) into an encounter file.
The map image is written beside ``OUT.json`` (same name, ``.png`` / ``.jpg`` / ``.webp``) and
referenced by a relative path, or embedded in the JSON with ``--embed``. Headless: no Qt.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from desktop.core.atomic import atomic_write_bytes
from desktop.core.fileformat import save_encounter
from desktop.core.model import Background, Encounter, WallKind
from desktop.core.uvtt import UvttError, UvttImport, read_uvtt

IMAGE_SUFFIX = {"png": ".png", "jpeg": ".jpg", "webp": ".webp"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="the Universal VTT file (.dd2vtt, .uvtt, .df2vtt)")
    parser.add_argument("output", help="the encounter JSON to write")
    parser.add_argument(
        "--embed",
        action="store_true",
        help="embed the map image in the JSON instead of writing it beside it",
    )
    parser.add_argument(
        "--object-height",
        type=float,
        default=None,
        metavar="CELLS",
        help="height of object occluders (default: full height)",
    )
    parser.add_argument("--simplify", type=float, default=0.0, metavar="CELLS",
                        help="simplify wall outlines to this tolerance (0: keep all)")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    output = Path(args.output)
    try:
        imported = read_uvtt(
            args.input, object_height=args.object_height, simplify_tolerance=args.simplify
        )
    except UvttError as error:
        print(f"battlemap import-uvtt: {error}", file=sys.stderr)
        return 2
    for warning in imported.warnings:
        print(f"battlemap import-uvtt: warning: {warning}", file=sys.stderr)
    encounter = imported.encounter
    if imported.image and not args.embed:
        encounter = image_beside(imported, output)
    save_encounter(encounter, output)
    print(summary(encounter, output))
    return 0


def image_beside(imported: UvttImport, output: Path) -> Encounter:
    """Write the map image next to ``output`` and point the encounter's background at it."""
    assert imported.image_format is not None and imported.encounter.background is not None
    image_path = output.with_suffix(IMAGE_SUFFIX[imported.image_format])
    atomic_write_bytes(image_path, imported.image)
    background = dataclasses.replace(
        imported.encounter.background, path=str(image_path.resolve()), embedded=None
    )
    return dataclasses.replace(imported.encounter, background=background)


def summary(encounter: Encounter, output: Path) -> str:
    """One line saying what was imported, e.g. ``"wrote x.json: 9 walls (206 points), ..."``.

    Examples
    --------
    >>> from desktop.core.model import Wall
    >>> print(summary(Encounter(walls=(Wall("w", ((0, 0), (1, 0))),)), Path("x.json")))
    wrote x.json: 30 x 20 cells, 1 walls (2 points), 0 objects, 0 doors (0 open), 0 lights, no image
    """
    walls = [w for w in encounter.walls if w.kind is WallKind.WALL]
    objects = sum(w.kind is WallKind.OBJECT for w in encounter.walls)
    doors = [w for w in encounter.walls if w.kind is WallKind.DOOR]
    bg: Background | None = encounter.background
    image = "no image" if bg is None else f"image {Path(bg.path).name if bg.path else 'embedded'}"
    return (
        f"wrote {output}: {encounter.width:g} x {encounter.height:g} cells, {len(walls)} walls "
        f"({sum(len(w.points) for w in walls)} points), {objects} objects, {len(doors)} doors "
        f"({sum(d.is_open for d in doors)} open), {len(encounter.lights)} lights, {image}"
    )
