"""``battlemap import-uvtt IN OUT.json [--embed] [--force] [--object-height H] [--simplify TOL]``.

Imports a Universal VTT export (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) into an encounter file.
The map image is written beside ``OUT.json`` (same name, ``.png`` / ``.jpg`` / ``.webp``) and
referenced by a relative path, or embedded in the JSON with ``--embed``. Headless: no Qt.
A big embedded image (a ``.dd2vtt`` of up to 512 MiB) is decoded as the file is read into a
hidden file beside ``OUT``, renamed into place at the end (never held in memory whole); one
too big to embed (its base64 over the 64 MiB an encounter file may hold) is refused with
``--embed``.

Nothing is destroyed: ``OUT`` may not be the input (hard and symbolic links included), an
existing ``OUT`` is replaced only with ``--force``, and an existing image beside it is kept:
the map image is written under a new name (``map-2.png``) and the command says so. Every
check runs before anything is written; a refusal is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import os
import sys
from pathlib import Path

from battlemap.desktop.core.atomic import atomic_write_bytes, same_file, written_path
from battlemap.desktop.core.fileformat import EncounterFileError, dumps_encounter, loads_encounter
from battlemap.desktop.core.limits import MAX_FILE_BYTES
from battlemap.desktop.core.model import Background, Encounter, WallKind
from battlemap.desktop.core.reading import read_regular_file
from battlemap.desktop.core.uvtt import UvttImport, read_uvtt
from battlemap.desktop.core.uvtt_stream import StreamedImage, remove_quietly

IMAGE_SUFFIX = {"png": ".png", "jpeg": ".jpg", "webp": ".webp"}


class Refused(Exception):
    """A one-line reason not to import, naming the file and what is wrong."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", help="the Universal VTT file (.dd2vtt, .uvtt, .df2vtt)")
    parser.add_argument("output", help="the encounter JSON to write")
    parser.add_argument(
        "--embed",
        action="store_true",
        help="embed the map image in the JSON instead of writing it beside it",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace an existing OUT and map image beside it (default: keep them)",
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
        check_output(Path(args.input), output, args.force)
        imported = read_uvtt(
            args.input, object_height=args.object_height, simplify_tolerance=args.simplify,
            image_folder=output.resolve().parent,
        )
        notes = write_import(imported, output, embed=args.embed, force=args.force,
                             source=Path(args.input))
    except (Refused, EncounterFileError) as error:
        print(f"battlemap import-uvtt: {error}", file=sys.stderr)
        return 2
    for warning in (*imported.warnings, *notes):
        print(f"battlemap import-uvtt: warning: {warning}", file=sys.stderr)
    return 0


def check_output(source: Path, output: Path, force: bool) -> None:
    """Refuse an ``output`` that is the input, a folder, in a missing or read-only folder, or
    (without ``force``) an existing file.

    Examples
    --------
    >>> check_output(Path("map.dd2vtt"), Path("/no/such/map.json"), force=False)
    Traceback (most recent call last):
    ...
    battlemap.desktop.commands.import_uvtt.Refused: /no/such/map.json: OUT: the folder /no/such \
does not exist
    """
    where = f"{output}: OUT"
    folder = output.resolve().parent
    if output.is_dir():
        raise Refused(f"{where}: is a folder; name the encounter file to write")
    if not folder.is_dir():
        raise Refused(f"{where}: the folder {folder} does not exist")
    if same_file(source, output) or source.resolve() == output.resolve():
        raise Refused(f"{where}: is the input file {source}; name another encounter file")
    if not os.access(folder, os.W_OK):
        raise Refused(f"{where}: the folder {folder} is not writable")
    if output.exists() and not force:
        raise Refused(f"{where}: exists; pass --force to replace it, or name another file")


def write_import(imported: UvttImport, output: Path, *, embed: bool, force: bool,
                 source: Path | None = None) -> list[str]:
    """Write the encounter (and its map image beside it unless ``embed``); notes to print.

    The map image never replaces the ``source`` file, whatever its name (``--force`` or not).

    The encounter is checked to load back before anything is written; if writing the JSON
    fails, an image written for it is removed again. A streamed image's file
    (``imported.streamed``) is renamed into place, or removed when it is not used.
    """
    streamed = imported.streamed
    try:
        if streamed is not None and embed:
            imported = _embedded(imported, streamed, output)
        return _write(imported, output, embed=embed, force=force, source=source)
    finally:
        if streamed is not None:
            remove_quietly(streamed.path)


def _embedded(imported: UvttImport, streamed: StreamedImage, output: Path) -> UvttImport:
    """``imported`` with its streamed image read back and embedded in the encounter."""
    if streamed.size * 4 // 3 > MAX_FILE_BYTES:
        raise Refused(f"{output}: OUT: --embed: the map image is {streamed.size:,} bytes, "
                      f"{MAX_FILE_BYTES:,} bytes of encounter file at most could embed it; "
                      "import without --embed (the image is written beside the encounter)")
    try:
        image = read_regular_file(streamed.path, streamed.size)
    except OSError as error:
        raise Refused(f"{streamed.path}: {error.strerror or error}; nothing written") from None
    encounter = imported.encounter
    assert encounter.background is not None
    background = dataclasses.replace(
        encounter.background, path=None, embedded=base64.b64encode(image).decode("ascii")
    )
    encounter = dataclasses.replace(encounter, background=background)
    return dataclasses.replace(imported, encounter=encounter, image=image, streamed=None)


def _write(imported: UvttImport, output: Path, *, embed: bool, force: bool,
           source: Path | None) -> list[str]:  # fmt: skip
    notes: list[str] = []
    image_path = None
    encounter = imported.encounter
    if (imported.image or imported.streamed) and not embed:
        image_path = image_name(output, IMAGE_SUFFIX[str(imported.image_format)], force, source)
        encounter = beside(encounter, image_path)
        if image_path.stem != output.stem:
            notes.append(f"{output.with_suffix(image_path.suffix).name} exists; "
                         f"the map image is {image_path.name} (--force replaces it)")  # fmt: skip
    data = dumps_encounter(encounter, output.resolve().parent)
    loads_encounter(data, where=f"{output} (not written)")
    created = image_path is not None and not image_path.exists()
    try:
        if image_path is not None and imported.streamed is not None:
            _move_into_place(imported.streamed.path, image_path)
        elif image_path is not None:
            atomic_write_bytes(image_path, imported.image)
        atomic_write_bytes(output, data)
    except OSError as error:
        if created and image_path is not None:
            image_path.unlink(missing_ok=True)
        raise Refused(f"{output}: OUT: {error.strerror or error}; nothing written") from None
    print(summary(encounter, output))
    return notes


def _move_into_place(decoded: Path, target: Path) -> None:
    """The decoded image file flushed to disk and renamed to ``target`` (atomic: beside it)."""
    target = written_path(target)  # a folder, a device or a FIFO there is refused
    descriptor = os.open(decoded, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
    os.replace(decoded, target)


def image_name(output: Path, suffix: str, force: bool, source: Path | None = None) -> Path:
    """Where the map image goes: ``OUT`` with the image's suffix, or with ``-2``, ``-3``... if
    that file exists (unless ``force``) or is ``OUT`` itself or the ``source`` being imported
    (under any name: links too).

    Examples
    --------
    >>> image_name(Path("/no/such/map.json"), ".png", force=False).name
    'map.png'
    >>> image_name(Path("/no/such/map.png"), ".png", force=True).name
    'map-2.png'
    """
    candidate, number = output.with_suffix(suffix), 1
    while (candidate == output or (candidate.exists() and not force)
           or (source is not None and _is_source(candidate, source))):
        number += 1
        candidate = output.with_name(f"{output.stem}-{number}{suffix}")
    return candidate


def _is_source(candidate: Path, source: Path) -> bool:
    return same_file(candidate, source) or candidate.resolve() == source.resolve()


def beside(encounter: Encounter, image_path: Path) -> Encounter:
    """``encounter`` showing the map image file ``image_path`` instead of the embedded one."""
    assert encounter.background is not None
    background = dataclasses.replace(
        encounter.background, path=str(image_path.resolve()), embedded=None
    )
    return dataclasses.replace(encounter, background=background)


def summary(encounter: Encounter, output: Path) -> str:
    """One line saying what was imported, e.g. ``"wrote x.json: 9 walls (206 points), ..."``.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Wall
    >>> print(summary(Encounter(walls=(Wall("w", ((0, 0), (1, 0))),)), Path("x.json")))
    wrote x.json: 30 x 20 cells, 1 walls (2 points), 0 objects, 0 doors (0 open), 0 lights, no image
    """
    walls = [w for w in encounter.walls if w.kind is WallKind.WALL]
    objects = sum(w.kind is WallKind.OBJECT for w in encounter.walls)
    doors = [w for w in encounter.walls if w.kind is WallKind.DOOR]
    bg: Background | None = encounter.background
    image = "no image" if bg is None else f"image {Path(bg.path).name if bg.path else 'embedded'}"
    extras = "".join(
        # Battlemap's own exports carry these too (battlemap.desktop.core.uvtt_export)
        f", {n} {name}" for n, name in (
            (sum(w.kind is WallKind.WINDOW for w in encounter.walls), "windows"),
            (sum(w.kind is WallKind.LOW_WALL for w in encounter.walls), "low walls")) if n
    )  # fmt: skip
    return (
        f"wrote {output}: {encounter.width:g} x {encounter.height:g} cells, {len(walls)} walls "
        f"({sum(len(w.points) for w in walls)} points), {objects} objects, {len(doors)} doors "
        f"({sum(d.is_open for d in doors)} open){extras}, {len(encounter.lights)} lights, {image}"
    )
