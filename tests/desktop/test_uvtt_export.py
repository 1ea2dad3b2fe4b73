"""Universal VTT export (issue 29): import(export(e)) gives e back in everything the format
holds - map size, grid, image, walls, objects, doors open or closed, windows, low walls,
lights, ambient light - on the four demos and on the two real Dungeondraft exports; the image
is cropped to the map when the grid is offset; ``battlemap export-uvtt`` as a user runs it.
"""

from __future__ import annotations

import base64
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage

from battlemap.desktop.cli import main
from battlemap.desktop.core.assets import demo_names, demo_path
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Background, Encounter, Illumination, Light, Wall, WallKind
from battlemap.desktop.core.uvtt import read_uvtt
from battlemap.desktop.gui.map_export import aligned_map_pieces, export_uvtt, png_data
from battlemap.desktop.gui.render import ensure_app

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "uvtt"
REAL_MAPS = sorted(SAMPLES.glob("*.dd2vtt"))


def aligned_map(encounter: Encounter, base_dir: Path | None) -> tuple[bytes, float]:
    """The aligned map image's pieces joined, and its pixels a cell."""
    pieces, per_grid = aligned_map_pieces(encounter, base_dir)
    return b"".join(pieces), per_grid


def segments(wall: Wall) -> list[tuple[Any, ...]]:
    return [(a, b) for a, b in zip(wall.points, wall.points[1:], strict=False)]


def uvtt_view(encounter: Encounter) -> dict[str, Any]:
    """What Universal VTT (with Battlemap's own key) holds of an encounter; ids and order are
    the importer's, so walls and lights compare as sorted lists. A door of several segments
    leaves as one portal a segment."""
    walls = sorted(
        (w.kind.value, w.points, w.height if w.kind in (WallKind.OBJECT, WallKind.LOW_WALL)
         else None) for w in encounter.walls if w.kind is not WallKind.DOOR
    )  # fmt: skip
    doors = sorted((seg, w.is_open) for w in encounter.walls if w.kind is WallKind.DOOR
                   for seg in segments(w))  # fmt: skip
    lights = sorted((lt.x, lt.y, lt.bright_radius, lt.dim_radius, lt.color.lower())
                    for lt in encounter.lights)  # fmt: skip
    bg = encounter.background
    return {"size": (encounter.width, encounter.height), "ambient": encounter.ambient,
            "walls": walls, "doors": doors, "lights": lights,
            "image": None if bg is None else (bg.embedded, bg.pixels_per_cell),
            "grid": encounter.grid}


def round_trip(encounter: Encounter, base_dir: Path | None, tmp_path: Path) -> Encounter:
    out = tmp_path / "out.dd2vtt"
    export_uvtt(encounter, base_dir, out)
    return read_uvtt(out).encounter


@pytest.mark.parametrize("name", demo_names())
def test_every_demo_comes_back_from_its_export(name: str, tmp_path: Path) -> None:
    demo = load_encounter(demo_path(name))
    assert demo.walls, name
    back = round_trip(demo, demo_path(name).parent, tmp_path)
    assert uvtt_view(back) == uvtt_view(demo)


@pytest.mark.parametrize("sample", REAL_MAPS, ids=lambda p: p.name)
def test_a_real_map_comes_back_from_its_export(sample: Path, tmp_path: Path) -> None:
    imported = read_uvtt(sample).encounter
    back = round_trip(imported, None, tmp_path)
    assert uvtt_view(back) == uvtt_view(imported)
    original = json.loads(sample.read_bytes())
    exported = json.loads((tmp_path / "out.dd2vtt").read_bytes())
    assert exported["resolution"]["map_size"] == original["resolution"]["map_size"]
    assert exported["resolution"]["pixels_per_grid"] == original["resolution"]["pixels_per_grid"]
    assert len(exported["line_of_sight"]) == len(original["line_of_sight"])
    assert [p["closed"] for p in exported["portals"]] == [p["closed"] for p in original["portals"]]
    assert base64.b64decode(exported["image"]) == base64.b64decode(original["image"])


def test_what_only_battlemap_knows_travels_under_its_own_key(tmp_path: Path) -> None:
    encounter = Encounter(
        width=6, height=4, ambient=Illumination.DARK,
        walls=(Wall("w", ((0, 0), (6, 0))),
               Wall("d", ((1, 2), (2, 2), (2, 3)), WallKind.DOOR, is_open=True),
               Wall("win", ((3, 0), (4, 0)), WallKind.WINDOW),
               Wall("low", ((0, 3), (3, 3)), WallKind.LOW_WALL, height=0.4),
               Wall("pillar", ((5, 1), (5, 2)), WallKind.OBJECT, height=2.5)),
        lights=(Light("torch", 2.5, 1.5, 1.0, 5.0, "#FFAA00"),),
    )  # fmt: skip
    back = round_trip(encounter, None, tmp_path)
    assert uvtt_view(back) == uvtt_view(encounter)
    doc = json.loads((tmp_path / "out.dd2vtt").read_bytes())
    assert len(doc["portals"]) == 2 and not any(p["closed"] for p in doc["portals"])
    assert doc["lights"] == [{"position": {"x": 2.5, "y": 1.5}, "range": 5.0, "intensity": 1.0,
                              "color": "ffffaa00", "shadows": True}]
    assert doc["environment"]["ambient_light"] == "ff262626"
    assert doc["battlemap"]["windows"] == [[{"x": 3.0, "y": 0.0}, {"x": 4.0, "y": 0.0}]]
    assert doc["battlemap"]["low_wall_heights"] == [0.4]
    assert doc["battlemap"]["object_heights"] == [2.5]
    for level in Illumination:
        assert round_trip(replace(encounter, ambient=level), None, tmp_path).ambient is level


def test_an_offset_grid_is_cropped_to_the_map_and_scaled_to_whole_pixels() -> None:
    """A 200 x 150 image with cell (0, 0) at pixel (20, 10) and 22.7 px a cell, a 4 x 3 cell
    map: the export is 4 x 23 = 92 by 3 x 23 = 69 px (22.7 rounds to 23 px a cell), and its
    corner pixel is the image's pixel (20, 10), marked red."""
    ensure_app()
    image = QImage(200, 150, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    for x in range(20, 25):
        for y in range(10, 15):
            image.setPixelColor(x, y, QColor("red"))
    background = Background(embedded=base64.b64encode(png_data(image)).decode(),
                            pixels_per_cell=22.7, offset_x=20, offset_y=10)
    data, per_grid = aligned_map(Encounter(width=4, height=3, background=background),
                                       None)
    out = QImage.fromData(data)
    assert (out.width(), out.height(), per_grid) == (92, 69, 23.0)
    assert out.pixelColor(1, 1).red() > 200 and out.pixelColor(1, 1).green() < 60
    assert out.pixelColor(40, 40) == QColor("white")
    aligned = replace(background, offset_x=0, offset_y=0, pixels_per_cell=50)
    untouched, _ = aligned_map(Encounter(width=4, height=3, background=aligned), None)
    assert untouched == base64.b64decode(background.embedded or "")  # bytes as they were


def test_the_export_command_as_a_user_runs_it(tmp_path: Path, capsys: pytest.CaptureFixture[
        str]) -> None:
    out = tmp_path / "ambush.dd2vtt"
    assert main(["export-uvtt", "--demo", str(out)]) == 0
    said = capsys.readouterr()
    assert said.out.startswith(f"wrote {out}: 24 x 16 cells, 3 walls, 4 objects, 1 doors")
    assert "not exported (Universal VTT has no place for them): 10 tokens" in said.err
    assert main(["export-uvtt", "--demo", str(out)]) == 2
    assert "OUT exists; pass --force to replace it" in capsys.readouterr().err
    assert main(["export-uvtt", "--demo", str(out), "--force"]) == 0
    back = tmp_path / "back.json"
    assert main(["import-uvtt", str(out), str(back)]) == 0
    assert "1 windows, 1 low walls" in capsys.readouterr().out
    assert uvtt_view(load_encounter(back)) == uvtt_view(load_encounter(demo_path()))
    assert main(["export-uvtt", str(tmp_path / "missing.json"), str(tmp_path / "x.dd2vtt")]) == 2
    assert "missing.json" in capsys.readouterr().err
