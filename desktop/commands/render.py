"""``battlemap render (FILE | --demo) OUT.png [--view gm|player] [--size WxH | --cell-px PX |
--dpi DPI] [--rotate DEG] [--label-mm MM] [--rings-only]``.

``--cell-px`` draws the whole map at a known scale (PX pixels a cell, nothing around it);
``--dpi`` does the same at DPI pixels a cell and writes DPI into the PNG, so an image printed
at actual size has one-inch cells.

The player view is drawn as the table draws it: names and badges with capitals ``--label-mm``
tall at one cell per inch (default: the Preferences' value, 8 mm), the image turned
``--rotate`` degrees clockwise as the turned table view shows it, tokens as rings around
physical minis with ``--rings-only``.

Renders the encounter offscreen to a PNG with no window shown; works headless
(``QT_QPA_PLATFORM=offscreen``, which this command sets when no display is available).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from battlemap.desktop.core.assets import demo_for, demo_path
from battlemap.desktop.core.atomic import atomic_write_bytes, same_file
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.progress import step
from battlemap.desktop.core.uvtt import UVTT_SUFFIXES, looks_like_uvtt

if TYPE_CHECKING:
    from PySide6.QtGui import QImage


def parse_size(text: str) -> tuple[int, int]:
    """``"1600x1000"`` -> ``(1600, 1000)``; ``ArgumentTypeError`` for anything else.

    Examples
    --------
    >>> parse_size("800x600")
    (800, 600)
    """
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise argparse.ArgumentTypeError(f"size {text!r}: expected WIDTHxHEIGHT, e.g. 1600x1000")
    w, h = int(width), int(height)
    if not (16 <= w <= 16384 and 16 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"size {text!r}: each side must be 16 to 16384 px")
    if w * h > 100_000_000:  # 400 MB drawn (16384x16384 would be 1 GB)
        raise argparse.ArgumentTypeError(f"size {text!r}: at most 100,000,000 pixels in all")
    return (w, h)


def background_path(encounter: Encounter, base_dir: Path) -> Path | None:
    """The map image file the encounter shows (resolved), or None if it has none or embeds it.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Background
    >>> background_path(Encounter(background=Background(path="map.png")), Path("/maps"))
    PosixPath('/maps/map.png')
    """
    background = encounter.background
    if background is None or not background.path:
        return None
    return (base_dir / background.path).resolve()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", help="the encounter file to render")
    source.add_argument("--demo", action="store_true", help="render the bundled demo encounter")
    parser.add_argument("--system", metavar="NAME", help="with --demo: the demo of this game "
                        "system (gurps, storypath, fate) or this demo name")
    parser.add_argument("out", help="the PNG to write")
    parser.add_argument("--view", choices=["gm", "player"], default="gm",
                        help="what the GM sees (default) or what the players see")
    parser.add_argument("--size", type=parse_size, default=(1600, 1000), help="WxH in pixels")
    scale = parser.add_mutually_exclusive_group()
    scale.add_argument("--cell-px", type=parse_cell_px, default=None, metavar="PX",
                       help="draw the whole map at PX pixels a cell, nothing around it "
                            "(instead of fitting it into --size)")
    scale.add_argument("--dpi", type=parse_cell_px, default=None, metavar="DPI",
                       help="as --cell-px DPI, and the PNG says DPI: printed at actual "
                            "size, a cell is one inch")
    parser.add_argument("--rotate", type=int, choices=[0, 90, 180, 270], default=0,
                        help="player view: turn it for players on another side of the table")
    parser.add_argument("--label-mm", type=parse_label_mm, default=None,
                        help="player view: height of name and badge capitals in mm "
                             "(default: the Preferences' value)")
    parser.add_argument("--rings-only", action="store_true",
                        help="player view: tokens as rings around physical miniatures")


def parse_cell_px(text: str) -> float:
    """``"100"`` -> ``100.0``; ``ArgumentTypeError`` outside 4 to 1200.

    Examples
    --------
    >>> parse_cell_px("72")
    72.0
    """
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 4.0 <= value <= 1200.0:
        raise argparse.ArgumentTypeError(f"{text!r}: expected 4 to 1200 (pixels a cell)")
    return value


def parse_label_mm(text: str) -> float:
    """``"8"`` -> ``8.0``; ``ArgumentTypeError`` outside 4 to 20 mm.

    Examples
    --------
    >>> parse_label_mm("9.5")
    9.5
    """
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 4.0 <= value <= 20.0:
        raise argparse.ArgumentTypeError(f"label size {text!r}: expected 4 to 20 (mm)")
    return value


def run(args: argparse.Namespace) -> int:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from battlemap.desktop.core.fileformat import EncounterFileError
    from battlemap.desktop.core.state import BattleState
    from battlemap.desktop.gui.render import ensure_app, render_scene
    from battlemap.desktop.gui.scene import Audience, MapScene
    from battlemap.desktop.gui.settings import table_label_mm
    from battlemap.desktop.gui.token_item import TokenStyle

    try:
        path, encounter, warnings = opened_for(args, Path(args.out))
    except (EncounterFileError, ValueError) as error:
        print(f"battlemap render: {error}", file=sys.stderr)
        return 2
    for warning in warnings:
        print(f"battlemap render: warning: {warning}", file=sys.stderr)
    ensure_app()
    step("building the map")
    scene = MapScene(BattleState(encounter), Audience(args.view), path.resolve().parent)
    if scene.background_error:
        print(f"battlemap render: warning: {path}: {scene.background_error}", file=sys.stderr)
    rotation = 0
    if scene.audience is Audience.PLAYER:
        rotation = args.rotate
        label_mm = args.label_mm or table_label_mm()
        scene.set_token_style(TokenStyle.for_table(label_mm, args.rings_only))
    per_cell = args.cell_px or args.dpi
    step("drawing the map")
    try:
        if per_cell is None:
            image = render_scene(scene, *args.size, rotation)
        else:
            from PySide6.QtGui import QTransform

            from battlemap.desktop.gui.print_map import render_to_scale

            image = render_to_scale(scene, per_cell, args.dpi)
            if rotation:
                image = image.transformed(QTransform().rotate(rotation))
    except ValueError as error:
        print(f"battlemap render: {error}", file=sys.stderr)
        return 2
    step("writing the PNG")
    try:
        atomic_write_bytes(args.out, png_bytes(image))
    except OSError as error:
        print(f"battlemap render: {args.out}: OUT: {error.strerror or error}", file=sys.stderr)
        return 1
    scale = "" if per_cell is None else f", {per_cell:g} px a cell" + (
        f" at {args.dpi:g} dpi" if args.dpi else "")
    print(f"wrote {args.out} ({image.width()}x{image.height()}{scale}, {args.view} view)")
    return 0


def opened_for(args: argparse.Namespace, out: Path) -> tuple[Path, Encounter, tuple[str, ...]]:
    """The encounter a command writes ``out`` from: ``FILE``, or ``--demo`` (``--system``),
    opened (with its warnings), a Universal VTT export and an ``out`` that is the input or a
    folder refused (``EncounterFileError`` / ``ValueError``). Shared by ``render``,
    ``export-uvtt`` and ``print``."""
    from battlemap.desktop.core.fileformat import open_encounter

    path = (demo_for(args.system) if args.system else demo_path()) if args.demo \
        else Path(args.file)
    refuse_uvtt(path)
    encounter, warnings = open_encounter(path)
    check_output(out, encounter, path)
    return path, encounter, warnings


def refuse_uvtt(path: Path) -> None:
    """A Universal VTT export is not an encounter: say how to import it (``ValueError``).

    Examples
    --------
    >>> refuse_uvtt(Path("cave.dd2vtt"))
    Traceback (most recent call last):
    ...
    ValueError: cave.dd2vtt: a Universal VTT map, not an encounter: \
battlemap import-uvtt cave.dd2vtt cave.json imports it
    """
    if path.suffix.lower() in UVTT_SUFFIXES or looks_like_uvtt(path):
        target = path.with_suffix(".json")
        if target == path:
            target = path.with_name(f"{path.stem}-encounter.json")
        raise ValueError(
            f"{path}: a Universal VTT map, not an encounter: "
            f"battlemap import-uvtt {path} {target} imports it"
        )


def check_output(out: Path, encounter: Encounter, path: Path) -> None:
    """Refuse (``ValueError``) an ``out`` that is the encounter file or its map image, by
    device and inode (a hard link or a symbolic link to them too), or a folder.

    Examples
    --------
    >>> check_output(Path("/"), Encounter(), Path("enc.json"))
    Traceback (most recent call last):
    ...
    ValueError: /: OUT: is a folder; name the PNG to write
    """
    own = [path, background_path(encounter, path.resolve().parent)]
    if out.is_dir():
        raise ValueError(f"{out}: OUT: is a folder; name the PNG to write")
    if any(file is not None and (same_file(out, file) or out.resolve() == file) for file in own):
        raise ValueError(f"{out}: OUT: is the encounter's own file or map image; name another PNG")


def png_bytes(image: QImage) -> bytes:
    """``image`` encoded as PNG."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # The stub asks for bytes, but PySide6 6.11 accepts only str here.
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise OSError("the image could not be encoded as PNG")
    buffer.close()
    return bytes(data.data())
