"""Foundry VTT scene import (issue 29): a scene's JSON (Foundry 11 names, and 0.8/9 names)
imports walls by their door, sight and movement types, doors open or closed, lights in the
scene's distance units, the grid's size, kind and padding offset, and the background found
beside the file by its own name and placed by its offset, so that the walls sit on the walls
drawn in the image (rendered and measured).

The scenes are written here by hand after Foundry's documented scene and wall data (no real
Foundry export is in tests/data); the map image is the real Dungeondraft export's
(tests/data/uvtt/SOURCES.md).
"""

from __future__ import annotations

import base64
import itertools
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.limits import MAX_IMAGE_OFFSET
from battlemap.desktop.core.model import Encounter, Fog, GridKind, Illumination, WallKind
from battlemap.desktop.core.uvtt import UvttError, looks_like_uvtt, read_uvtt
from battlemap.desktop.gui.render import ensure_app

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "uvtt" / "oganm_dd2vtt_importer_test.dd2vtt"
PAD = 320  # padding 0.25 of 1280 px = 320 px = 5 cells of 64 px before the scene starts


def at(*cells: float) -> list[float]:
    """Scene pixels of cell coordinates: 64 px a cell, after the 320 px padding."""
    return [PAD + 64 * c for c in cells]


def scene_v11() -> dict[str, Any]:
    return {
        "_id": "abc", "name": "House", "padding": 0.25, "width": 1280, "height": 1280,
        "background": {"src": "worlds/w/scenes/house.png", "offsetX": 0, "offsetY": 0},
        "grid": {"size": 64, "type": 2, "distance": 5, "units": "ft"},
        "walls": [
            {"c": at(0, 0, 10, 0), "sight": 20, "move": 20, "door": 0, "ds": 0},
            {"c": at(2, 5, 3, 5), "sight": 20, "move": 20, "door": 1, "ds": 1},  # open door
            {"c": at(4, 5, 5, 5), "sight": 20, "move": 20, "door": 2, "ds": 0},  # secret, shut
            {"c": at(0, 8, 4, 8), "sight": 10, "move": 20, "door": 0},  # terrain: low wall
            {"c": at(6, 8, 9, 8), "sight": 0, "move": 20, "door": 0},  # invisible: window
            {"c": at(1, 1, 2, 2), "sight": 0, "move": 0, "sound": 20, "door": 0},  # sound only
            {"c": at(0, 10, 5, 10), "sense": 1, "move": 1, "door": 0},  # Foundry 9: normal
        ],
        "lights": [{"x": at(5)[0], "y": at(6)[0],
                    "config": {"dim": 30, "bright": 15, "color": "#ff8800"}}],
        "tokens": [],
    }


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    image = base64.b64decode(json.loads(SAMPLE.read_bytes())["image"])
    (tmp_path / "house.png").write_bytes(image)  # beside the scene by its own name
    return tmp_path


def test_a_foundry_11_scene_imports_by_wall_type(folder: Path) -> None:
    path = folder / "house-scene.json"
    path.write_text(json.dumps(scene_v11()))
    assert looks_like_uvtt(path)
    imported = read_uvtt(path)
    enc = imported.encounter
    assert (enc.width, enc.height) == (20.0, 20.0)  # 1280 px / 64
    assert (enc.grid.kind, enc.grid.distance_per_cell, enc.grid.unit) == (GridKind.HEX, 5, "ft")
    by_kind = {kind: [w for w in enc.walls if w.kind is kind] for kind in WallKind}
    assert [w.points for w in by_kind[WallKind.WALL]] == [((0, 0), (10, 0)), ((0, 10), (5, 10))]
    assert [(w.points, w.is_open) for w in by_kind[WallKind.DOOR]] == [
        (((2, 5), (3, 5)), True), (((4, 5), (5, 5)), False)]
    assert [(w.points, w.height) for w in by_kind[WallKind.LOW_WALL]] == [(((0, 8), (4, 8)), 0.5)]
    assert [w.points for w in by_kind[WallKind.WINDOW]] == [((6, 8), (9, 8))]
    (light,) = enc.lights
    # 30 ft dim and 15 ft bright at 5 ft a cell: 6 and 3 cells
    assert (light.x, light.y, light.dim_radius, light.bright_radius, light.color) == (
        5, 6, 6, 3, "#ff8800")
    assert enc.background is not None and enc.background.pixels_per_cell == 64
    assert imported.image_format == "png" and len(imported.image) > 1000
    assert imported.warnings == (
        "1 wall blocking neither sight nor movement (sound or light only) left out",)


def test_a_foundry_9_scene_with_its_older_names(folder: Path) -> None:
    scene = {"padding": 0, "width": 640, "height": 320, "img": "house.png", "grid": 64,
             "gridType": 1, "gridDistance": 1.5, "gridUnits": "m",
             "walls": [{"c": [0, 0, 640, 0], "sense": 2, "move": 1, "door": 0}],
             "lights": [{"x": 64, "y": 128, "dim": 3, "bright": 1.5, "tintColor": "#00ff00"}]}
    path = folder / "old.json"
    path.write_text(json.dumps(scene))
    enc = read_uvtt(path).encounter
    assert (enc.width, enc.height, enc.grid.kind, enc.grid.unit) == (10, 5, GridKind.SQUARE, "m")
    assert [(w.kind, w.points) for w in enc.walls] == [(WallKind.LOW_WALL, ((0, 0), (10, 0)))]
    (light,) = enc.lights
    assert (light.x, light.y, light.dim_radius, light.bright_radius) == (1, 2, 2, 1)


def test_the_import_command_reads_a_scene(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = folder / "house-scene.json"
    path.write_text(json.dumps(scene_v11()))
    out = folder / "house.encounter.json"
    assert main(["import-uvtt", str(path), str(out)]) == 0
    said = capsys.readouterr()
    assert "2 walls" in said.out and "2 doors (1 open), 1 windows, 1 low walls" in said.out
    assert "sound or light only" in said.err
    assert len(load_encounter(out).walls) == 6


def test_a_bad_wall_is_named(folder: Path) -> None:
    scene = scene_v11()
    scene["walls"][3]["c"] = [1, 2, 3]
    path = folder / "bad.json"
    path.write_text(json.dumps(scene))
    with pytest.raises(UvttError, match=r"walls\[3\]\.c: expected 4 numbers"):
        read_uvtt(path)


def test_a_uvtt_image_is_found_beside_the_file_by_its_own_name(folder: Path) -> None:
    document = json.loads(SAMPLE.read_bytes())
    document["format"] = 1.0
    document["image"] = "worlds/campaign/scenes/house.png"  # as Foundry's 1.0 export names it
    path = folder / "house.uvtt"
    path.write_text(json.dumps(document))
    imported = read_uvtt(path)
    assert imported.warnings == () and imported.image == (folder / "house.png").read_bytes()
    (folder / "house.png").unlink()
    (warning,) = read_uvtt(path).warnings
    assert "nor is house.png beside it" in warning


SCENE_V12 = (Path(__file__).resolve().parents[1] / "data" / "foundry" / "scenes"
             / "crypt-scene-v12.json")


def test_a_foundry_12_scene_export_imports_every_kind_of_wall_and_light(folder: Path) -> None:
    """tests/data/foundry/scenes/crypt-scene-v12.json (see SOURCES.md there): 64 px cells after a
    padding of 0.25 x 1280 px = 320 px, so scene pixel 320 + 64 n is cell n."""
    (folder / "crypt.png").write_bytes((folder / "house.png").read_bytes())
    path = folder / SCENE_V12.name
    path.write_bytes(SCENE_V12.read_bytes())
    imported = read_uvtt(path)
    enc = imported.encounter
    assert (enc.width, enc.height, enc.grid.kind, enc.grid.distance_per_cell) == (
        20, 20, GridKind.SQUARE, 5)
    by_kind = {kind: [w for w in enc.walls if w.kind is kind] for kind in WallKind}
    # walls 0, 1 (normal), 7 (ethereal: sight 20, move 0), 8 (one-way, dir 1), 10 (proximity 30)
    assert [w.points for w in by_kind[WallKind.WALL]] == [
        ((0, 0), (20, 0)), ((0, 0), (0, 20)), ((10, 0), (10, 6)), ((2, 18), (6, 18)),
        ((18, 10), (20, 10))]
    # walls 2 (door, ds 0 closed), 3 (door, ds 2 locked), 4 (secret door, ds 1 open)
    assert [(w.points, w.is_open) for w in by_kind[WallKind.DOOR]] == [
        (((8, 10), (9, 10)), False), (((12, 10), (13, 10)), False), (((4, 15), (5, 15)), True)]
    assert [w.points for w in by_kind[WallKind.LOW_WALL]] == [((0, 5), (6, 5))]  # sight 10
    assert [w.points for w in by_kind[WallKind.WINDOW]] == [((14, 4), (18, 4))]  # move only
    # lights 0 and 3; 1 is hidden, 2 a darkness source. 5 ft a cell: 20/10 ft are 4/2 cells,
    # 30/15 ft 6/3; light 3's colour is null (Foundry's default, white)
    assert [(lt.x, lt.y, lt.dim_radius, lt.bright_radius, lt.color) for lt in enc.lights] == [
        (5, 3, 4, 2, "#ff9329"), (9, 12, 6, 3, "#ffffff")]
    assert imported.warnings == (
        "1 wall blocking neither sight nor movement (sound or light only) left out",
        "1 one-way wall blocking both ways (Battlemap's walls have no direction)",
        "1 wall blocking sight but not movement (ethereal) blocking movement too",
        "1 hidden light (switched off in Foundry) left out",
        "1 darkness source left out (Battlemap has no darkness lights)",
        "1 cone of light shining all round (Battlemap's lights have no angle)",
    )


def test_a_darkness_source_of_foundry_10_and_11_is_left_out(folder: Path) -> None:
    """Before Foundry 12 a darkness source is a light of negative luminosity."""
    scene = scene_v11()
    scene["lights"].append({"x": at(1)[0], "y": at(1)[0],
                            "config": {"dim": 10, "bright": 5, "luminosity": -0.5}})
    path = folder / "dark.json"
    path.write_text(json.dumps(scene))
    imported = read_uvtt(path)
    assert [(lt.x, lt.y) for lt in imported.encounter.lights] == [(5, 6)]
    assert "1 darkness source left out (Battlemap has no darkness lights)" in imported.warnings


@pytest.mark.parametrize(("fields", "offset"), [
    ({"background": {"src": "house.png", "offsetX": 12, "offsetY": -8}}, (12, -8)),
    ({"img": "house.png", "shiftX": 32, "shiftY": 0}, (32, 0)),  # Foundry 0.8/9
])
def test_a_background_offset_is_the_image_pixel_where_the_grid_starts(
    folder: Path, fields: dict[str, Any], offset: tuple[float, float]
) -> None:
    """Foundry draws the image at the padding minus the offset: the encounter's background
    offset (the image pixel at cell (0, 0)'s corner) is the offset itself, written and read
    back by the encounter file."""
    scene = {"padding": 0, "width": 1280, "height": 1280, "grid": 64, "walls": [], **fields}
    path = folder / "shifted.json"
    path.write_text(json.dumps(scene))
    imported = read_uvtt(path)
    assert imported.warnings == ()
    background = imported.encounter.background
    assert background is not None and (background.offset_x, background.offset_y) == offset
    save_encounter(imported.encounter, folder / "shifted.encounter.json")
    assert load_encounter(folder / "shifted.encounter.json").background == background


def test_an_offset_beyond_the_widest_image_is_refused(folder: Path) -> None:
    scene = {"padding": 0, "width": 640, "height": 640, "grid": 64, "walls": [],
             "background": {"src": "house.png", "offsetX": MAX_IMAGE_OFFSET + 1, "offsetY": 0}}
    path = folder / "far.json"
    path.write_text(json.dumps(scene))
    with pytest.raises(UvttError, match=r"background\.offsetX: expected a number from -16384"):
        read_uvtt(path)


SHIFT = (40, 24)
"""The v12 scene's background offset in the tests below: its image is the Dungeondraft map
moved that far right and down, and Foundry draws a background at the grid's padding minus its
offset (``Scene#getDimensions``: ``sceneX = padding.x - background.offsetX``), so only the
offset applied puts the drawn walls back under the walls."""


def shifted_scene(folder: Path, offset: tuple[int, int]) -> Path:
    """The v12 scene with the Dungeondraft map's walls (64 px cells, after the 320 px padding)
    and its image moved by :data:`SHIFT` (``crypt.png``), the background offset ``offset``."""
    ensure_app()
    sample = QImage(str(folder / "house.png"))
    moved = QImage(sample.size(), QImage.Format.Format_RGB32)
    moved.fill(QColor("white"))
    painter = QPainter(moved)
    painter.drawImage(*SHIFT, sample)
    painter.end()
    moved.save(str(folder / "crypt.png"))
    scene = json.loads(SCENE_V12.read_bytes())
    scene["background"].update(offsetX=offset[0], offsetY=offset[1])
    lines = json.loads(SAMPLE.read_bytes())["line_of_sight"]
    scene["walls"] = [{"c": at(a["x"], a["y"], b["x"], b["y"]), "sight": 20, "move": 20,
                       "door": 0} for line in lines for a, b in itertools.pairwise(line)]
    scene["lights"] = []
    path = folder / f"crypt-{offset[0]}.json"
    path.write_text(json.dumps(scene))
    return path


def rendered(encounter: Encounter, folder: Path, name: str, view: str) -> np.ndarray:
    """``encounter`` (only its walls, no lights, fog off) drawn by ``battlemap render`` at 64
    px a cell, the Dungeondraft image's own scale, in grey levels."""
    walls = tuple(w for w in encounter.walls if w.kind is WallKind.WALL)
    bare = replace(encounter, walls=walls, lights=(), fog=Fog(enabled=False),
                   ambient=Illumination.BRIGHT)
    saved = folder / f"{name}.encounter.json"
    save_encounter(bare, saved)
    out = folder / f"{name}-{view}.png"
    assert main(["render", str(saved), str(out), "--cell-px", "64", "--view", view]) == 0
    image = QImage(str(out)).convertToFormat(QImage.Format.Format_Grayscale8)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    return rows[:, :image.width()].astype(np.int16)


@pytest.mark.parametrize("view", ["player", "gm"])
def test_with_the_offset_applied_the_walls_sit_on_the_walls_drawn(
    folder: Path, view: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The v12 scene, its image the Dungeondraft map moved by SHIFT and its offset saying so,
    renders (GM's and players' view, ``battlemap render``) as the Dungeondraft map itself with
    the same walls: the drawn walls under the walls. Without the offset, the image is 40 px
    off the walls. Compared inside the strip the moved image left white."""
    original = rendered(read_uvtt(SAMPLE).encounter, folder, "dungeondraft", view)
    inside = np.s_[:-SHIFT[1] - 2, :-SHIFT[0] - 2]
    error = {}
    for offset in (SHIFT, (0, 0)):
        imported = read_uvtt(shifted_scene(folder, offset))
        assert imported.warnings == ()
        picture = rendered(imported.encounter, folder, f"crypt-{offset[0]}", view)
        error[offset] = float(np.abs(picture - original)[inside].mean())
    capsys.readouterr()
    assert error[SHIFT] < 2, error  # grey levels a pixel: the same map, resampled
    assert error[(0, 0)] > 10 * max(error[SHIFT], 1), error


def test_export_uvtt_bakes_the_offset_into_the_image(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Universal VTT has no image offset: the export crops the image at it, so the exported
    map, imported again, is the Dungeondraft map under its walls with no offset."""
    original = rendered(read_uvtt(SAMPLE).encounter, folder, "dungeondraft", "gm")
    imported = read_uvtt(shifted_scene(folder, SHIFT))
    save_encounter(imported.encounter, folder / "crypt.encounter.json")
    out = folder / "crypt.dd2vtt"
    assert main(["export-uvtt", str(folder / "crypt.encounter.json"), str(out)]) == 0
    back = read_uvtt(out).encounter
    assert back.background is not None
    assert (back.background.offset_x, back.background.offset_y) == (0, 0)
    picture = rendered(back, folder, "exported", "gm")
    capsys.readouterr()
    inside = np.s_[:-SHIFT[1] - 2, :-SHIFT[0] - 2]
    assert float(np.abs(picture - original)[inside].mean()) < 2
