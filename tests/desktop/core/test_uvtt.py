"""Universal VTT import: the two real exports import with the counts in SOURCES.md."""

from __future__ import annotations

import base64
import json
import math
import struct
from pathlib import Path
from typing import Any

import pytest
import shapely

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Illumination, WallKind
from battlemap.desktop.core.uvtt import UvttError, load_uvtt, parse_uvtt, read_uvtt

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "uvtt"
OGANM = SAMPLES / "oganm_dd2vtt_importer_test.dd2vtt"
IMAGIX = SAMPLES / "imagix_uvtt2fgu_sampleMap.dd2vtt"
needs_samples = pytest.mark.skipif(
    not SAMPLES.is_dir(), reason=f"real UVTT samples not found at {SAMPLES} (tests/data/uvtt)"
)


def kinds(imported: Any, kind: WallKind) -> list[Any]:
    return [w for w in imported.encounter.walls if w.kind is kind]


@needs_samples
def test_oganm_cave_map_imports_with_the_documented_counts() -> None:
    imported = read_uvtt(OGANM)
    walls = kinds(imported, WallKind.WALL)
    assert [len(w.points) for w in walls] == [6, 40, 3, 6, 2, 5, 5, 135, 4]
    assert sum(w.points[0] == w.points[-1] for w in walls) == 2
    assert [len(w.points) for w in kinds(imported, WallKind.OBJECT)] == [16, 36]
    doors = kinds(imported, WallKind.DOOR)
    assert [d.is_open for d in doors] == [False, False, False]
    assert doors[1].points == ((12.0, 15.5), (12.0, 14.5))
    (light,) = imported.encounter.lights
    assert (light.x, light.y, light.dim_radius, light.color) == (
        6.132305,
        7.212773,
        9.900001,
        "#eccd8b",
    )
    enc = imported.encounter
    assert (enc.width, enc.height, enc.background and enc.background.pixels_per_cell) == (
        20.0,
        20.0,
        64.0,
    )
    assert (imported.image_format, len(imported.image), imported.warnings) == ("png", 1367221, ())


@needs_samples
def test_imagix_cropped_map_has_its_origin_subtracted() -> None:
    imported = read_uvtt(IMAGIX)
    walls = kinds(imported, WallKind.WALL)
    assert [len(w.points) for w in walls] == [2, 2, 2, 5]
    xs = [x for w in walls for x, _ in w.points]
    ys = [y for w in walls for _, y in w.points]
    assert (min(xs), max(xs), min(ys), max(ys)) == (1.0, 9.0, 1.0, 9.0)  # file: x 3..11, y 2..10
    assert [len(w.points) for w in kinds(imported, WallKind.OBJECT)] == [60]
    doors = kinds(imported, WallKind.DOOR)
    assert [d.is_open for d in doors] == [False, True]
    assert doors[0].points == ((5.0, 1.5), (5.0, 2.5))  # file: (7, 2.5)-(7, 3.5), origin (2, 1)
    lights = imported.encounter.lights
    assert [(round(lt.x, 6), round(lt.y, 6), lt.color) for lt in lights] == [
        (6.570312, 8.0, "#eccd8b"),
        (6.007812, 1.984375, "#4dd569"),
    ]
    assert [(lt.bright_radius, lt.dim_radius) for lt in lights] == [(2.5, 5.0), (2.5, 5.0)]
    enc = imported.encounter
    assert (enc.width, enc.height, enc.ambient) == (10.0, 10.0, Illumination.BRIGHT)
    assert enc.background is not None and enc.background.pixels_per_cell == 256.0
    assert (imported.image_format, len(imported.image)) == ("png", 2836658)


@needs_samples
def test_simplification_thins_the_cave_outline_within_the_tolerance() -> None:
    original = kinds(read_uvtt(OGANM), WallKind.WALL)
    simplified = kinds(read_uvtt(OGANM, simplify_tolerance=0.05), WallKind.WALL)
    cave, thinned = shapely.LineString(original[7].points), shapely.LineString(simplified[7].points)
    assert len(simplified[7].points) < 135
    assert shapely.hausdorff_distance(cave, thinned) <= 0.05
    rooms = [w.points for w in simplified if w.points[0] == w.points[-1]]
    assert rooms == [original[5].points, original[6].points]  # closed 5-point rooms untouched


@needs_samples
def test_load_uvtt_gives_the_encounter_alone() -> None:
    assert load_uvtt(IMAGIX, object_height=0.25) == read_uvtt(IMAGIX, object_height=0.25).encounter


@needs_samples
def test_object_height_option_makes_objects_low() -> None:
    objects = kinds(read_uvtt(IMAGIX, object_height=0.5), WallKind.OBJECT)
    assert [o.height for o in objects] == [0.5]
    assert [o.height for o in kinds(read_uvtt(IMAGIX), WallKind.OBJECT)] == [None]


@needs_samples
def test_import_command_writes_encounter_and_image_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import-uvtt", str(IMAGIX), str(tmp_path / "map.json")]) == 0
    assert capsys.readouterr().out == (
        f"wrote {tmp_path / 'map.json'}: 10 x 10 cells, 4 walls (11 points), 1 objects, "
        "2 doors (1 open), 2 lights, image map.png\n"
    )
    assert json.loads((tmp_path / "map.json").read_text())["background"]["path"] == "map.png"
    assert (tmp_path / "map.png").stat().st_size == 2836658
    loaded = load_encounter(tmp_path / "map.json")
    assert loaded.walls == read_uvtt(IMAGIX).encounter.walls


@needs_samples
def test_import_command_can_embed_the_image(tmp_path: Path) -> None:
    assert main(["import-uvtt", str(OGANM), str(tmp_path / "map.json"), "--embed"]) == 0
    background = load_encounter(tmp_path / "map.json").background
    assert background is not None and background.path is None
    assert len(base64.b64decode(background.embedded or "")) == 1367221
    assert [p.name for p in tmp_path.iterdir()] == ["map.json"]


def test_import_command_reports_a_bad_file_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.dd2vtt"
    bad.write_text('{"format": 0.3}')
    assert main(["import-uvtt", str(bad), str(tmp_path / "out.json")]) == 2
    assert capsys.readouterr().err == (
        f"battlemap import-uvtt: {bad}: (top level): object missing required field resolution\n"
    )
    assert not (tmp_path / "out.json").exists()


def uvtt(**changes: Any) -> bytes:
    document: dict[str, Any] = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 2, "y": 1},
                       "pixels_per_grid": 10},
        "line_of_sight": [[{"x": 0, "y": 0}, {"x": 2, "y": 0}]],
        "portals": [{"position": {"x": 1, "y": 1}, "rotation": 0, "closed": True,
                     "bounds": [{"x": 0.5, "y": 1}, {"x": 1.5, "y": 1}]}] * 3,
        "lights": [{"position": {"x": 1, "y": 0.5}, "range": 4, "color": "ff102030"}],
    }  # fmt: skip
    return json.dumps(document | changes).encode()


def png_header(width: int, height: int) -> str:
    header = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + struct.pack(">II", width, height)
    return base64.b64encode(header + b"\x08\x06\x00\x00\x00").decode()


def webp_vp8x_header(width: int, height: int) -> str:
    body = b"VP8X" + struct.pack("<I", 10) + b"\x00\x00\x00\x00"
    body += (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little")
    return base64.b64encode(b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body).decode()


def jpeg_header(width: int, height: int) -> str:
    app0 = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof = b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", height, width) + b"\x03" + b"\x00" * 9
    return base64.b64encode(b"\xff\xd8" + app0 + sof).decode()


def problem(data: bytes) -> str:
    with pytest.raises(UvttError) as caught:
        parse_uvtt(data, where="m.dd2vtt")
    return str(caught.value)


def bad_bounds() -> list[dict[str, Any]]:
    portal = {"position": {"x": 1, "y": 1}, "bounds": [{"x": 0.5, "y": 1}, {"x": 1.5, "y": 1}]}
    return [portal, portal, portal | {"bounds": [{"x": 0.5, "y": 1}]}]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (uvtt(portals=bad_bounds()), "portals[2].bounds: expected 2 points, got 1"),
        (uvtt(format=2.0), "format: unsupported version 2.0 (reads 0.2, 0.3, 1.0)"),
        (
            uvtt(line_of_sight=[[{"x": 0, "y": 0}]]),
            "line_of_sight[0]: expected 2 or more points, got 1",
        ),
        (
            uvtt(line_of_sight=[[{"x": 0, "y": "0"}, {"x": 1, "y": 1}]]),
            "line_of_sight[0][0].y: expected float, got str",
        ),
        (
            uvtt(line_of_sight=[[{"x": 0, "y": math.inf}, {"x": 1, "y": 1}]]),
            "line_of_sight[0][0].y: not a finite number",
        ),
        (
            uvtt(lights=[{"position": {"x": 0, "y": 0}, "range": 3, "color": "orange"}]),
            "lights[0].color: expected 8 hex digits (ARGB), got 'orange'",
        ),
        (
            uvtt(lights=[{"position": {"x": 0, "y": 0}, "range": -3}]),
            "lights[0].range: expected float >= 0.0",
        ),
        (uvtt(image="@@@@"), "image: not valid base64 data"),
        (
            uvtt(image=base64.b64encode(b"GIF89a......").decode()),
            "image: not a PNG, JPEG or WebP image (unrecognised first bytes)",
        ),
        (
            uvtt(image=png_header(50000, 50000)),
            "image: image is 50000 x 50000 px; the limit is 16384 px a side",
        ),
        (
            uvtt(image=webp_vp8x_header(12000, 12000)),
            "image: image is 12000 x 12000 px = 144,000,000 px; a WebP is decoded whole, at "
            "most 100,000,000 px: save it as a PNG (8-bit RGB or RGBA), which is decoded a "
            "strip at a time up to 268,435,456 px (16384 x 16384)",
        ),
        (
            b'{"format": 0.3, "resolution": {"map_size": {"x": 0, "y": 3}, "pixels_per_grid": 5}}',
            "resolution.map_size.x: expected float > 0.0",
        ),
        (b"\x89PNG\r\n", "(top level): not UTF-8 text (byte 0)"),
        (
            uvtt(
                resolution={
                    "map_origin": {"x": -100000, "y": 0},
                    "map_size": {"x": 2, "y": 1},
                    "pixels_per_grid": 10,
                },
                line_of_sight=[[{"x": 0, "y": 0}, {"x": 1, "y": 0}]],
            ),
            "line_of_sight[0][1]: more than 100,000 cells from map_origin",
        ),
        (
            b'{"format": 1.0, "resolution": ' + b"9" * 5000 + b"}",
            "(top level): not valid JSON: Exceeds the limit (4300 digits) for integer string "
            "conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the "
            "limit",
        ),
    ],
)
def test_bad_input_is_refused_with_field_and_problem(data: bytes, message: str) -> None:
    assert problem(data) == f"m.dd2vtt: {message}"


@pytest.mark.parametrize(
    ("image", "kind"),
    [
        (png_header(20, 10), "png"),
        (webp_vp8x_header(20, 10), "webp"),
        (jpeg_header(20, 10), "jpeg"),
    ],
)
def test_image_format_is_detected_from_its_first_bytes(image: str, kind: str) -> None:
    imported = parse_uvtt(uvtt(image=image))
    assert (imported.image_format, imported.warnings) == (kind, ())
    assert imported.encounter.background is not None
    assert imported.encounter.background.pixels_per_cell == 10.0


def test_image_that_does_not_match_the_grid_gives_a_warning() -> None:
    assert parse_uvtt(uvtt(image=png_header(30, 10))).warnings == (
        "the image is 30 x 10 px but map_size x pixels_per_grid is 20 x 10 px; "
        "the grid may not line up",
    )


def test_lights_get_dim_radius_range_and_bright_half_of_it() -> None:
    (light,) = parse_uvtt(uvtt()).encounter.lights
    assert (light.bright_radius, light.dim_radius, light.color) == (2.0, 4.0, "#102030")
