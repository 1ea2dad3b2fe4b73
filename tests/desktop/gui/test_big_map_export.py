"""The Universal VTT export of big maps (issue 28): written as it is made; a big PNG that must be
cropped or rescaled is, in bands from its strip-decoded image, as Qt's whole road paints it;
the 16384 px map exported with its image; what cannot be exported refused before anything is
written, naming the file, its size and what to do."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from battlemap.desktop.cli import main
from battlemap.desktop.commands.bench_gui import write_bench_encounter
from battlemap.desktop.core import images
from battlemap.desktop.core.assets import demo_path
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Background, Encounter
from battlemap.desktop.core.uvtt_export import dumps_uvtt
from battlemap.desktop.gui import map_export, map_image, mapped_image
from battlemap.desktop.gui.map_export import aligned_map_pieces, png_data, uvtt_pieces
from battlemap.desktop.gui.png_strips import decode_strips
from tests.desktop.gui.test_png_strips import busy_picture


@pytest.fixture(autouse=True)
def cache_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mapped files of strip-decoded maps in the test's folder."""
    monkeypatch.setattr(mapped_image, "_cache_folder", lambda: str(tmp_path))


def aligned_map(encounter: Encounter, base_dir: Path | None) -> tuple[bytes, float]:
    """The aligned map image's pieces joined, and its pixels a cell."""
    pieces, per_grid = aligned_map_pieces(encounter, base_dir)
    return b"".join(pieces), per_grid


def pixels(data: bytes) -> np.ndarray:
    image = QImage.fromData(data).convertToFormat(QImage.Format.Format_ARGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1, 4)
    return rows[:, :image.width()].astype(int)


def test_the_export_written_in_pieces_is_the_export_written_whole() -> None:
    demo = replace(load_encounter(demo_path()), name='A "quoted" name')
    image = png_data(busy_picture(QImage.Format.Format_ARGB32, 40, 30))
    pieces = [image[:7], image[7:8], b"", image[8:]]
    assert b"".join(uvtt_pieces(demo, pieces, 50.0)) == dumps_uvtt(demo, image, 50.0)
    assert b"".join(uvtt_pieces(demo, (), 64.5)) == dumps_uvtt(demo, b"", 64.5)


@pytest.mark.parametrize("kind", [QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32])
@pytest.mark.parametrize(("per_cell", "offset"), [(22.7, (13, 7)), (23.4, (-9, 5)),
                                                  (21.6, (3, 2)), (23.0, (13, 7))])
def test_a_big_png_cropped_and_rescaled_in_bands_is_qts_whole_road(
    kind: QImage.Format, per_cell: float, offset: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 900 x 700 picture (under 1 Mpx: Qt's whole road paints it smoothly, as the bands
    are) on a 38 x 29 cell map, offset at a fractional calibration (a negative offset pads the
    image), or offset only (cropped, not rescaled: equal). Bands of 40 or 7 rows are within
    one grey level of one band (where a band starts, Qt rounds its sampling there); one band
    equals Qt's whole road with alpha and is within 3 grey levels without (Qt rounds an RGB32
    image's weights otherwise), 0.01 on average."""
    picture = png_data(busy_picture(kind, 900, 700))
    background = Background(embedded=base64.b64encode(picture).decode(),
                            pixels_per_cell=per_cell, offset_x=offset[0], offset_y=offset[1])
    encounter = Encounter(width=38, height=29, background=background)
    whole, per_grid = aligned_map(encounter, None)
    monkeypatch.setattr(map_export, "STRIPS_FROM", 1)
    banded = {}
    for rows in (40, 7, 100_000):
        monkeypatch.setattr(map_export, "BAND_ROWS", rows)
        data, banded_per_grid = aligned_map(encounter, None)
        assert banded_per_grid == per_grid == round(per_cell)
        assert data != whole  # the bands' own PNG, not Qt's
        banded[rows] = pixels(data)
    one_band, qt = banded[100_000], pixels(whole)
    assert one_band.shape == qt.shape == (29 * per_grid, 38 * per_grid, 4)
    exact = per_cell == 23.0
    for rows in (40, 7):
        assert np.abs(banded[rows] - one_band).max() <= (0 if exact else 1), rows
    difference = np.abs(one_band - qt)
    alpha = kind == QImage.Format.Format_ARGB32
    assert difference.max() <= (0 if exact or alpha else 3), difference.max()
    assert difference.mean() < 0.01


def bench_map(folder: Path, side: int, per_cell: float, offset: tuple[float, float]) -> Path:
    """The bench's encounter on its ``side`` px PNG map, calibrated at ``per_cell`` from
    ``offset``."""
    path = write_bench_encounter(folder, side, 3, 8)
    encounter = load_encounter(path)
    assert encounter.background is not None
    save_encounter(replace(encounter, background=replace(
        encounter.background, pixels_per_cell=per_cell, offset_x=offset[0],
        offset_y=offset[1])), path)
    return path


def exported_image(out: Path) -> tuple[bytes, float]:
    document = json.loads(out.read_bytes())
    return base64.b64decode(document["image"]), document["resolution"]["pixels_per_grid"]


def test_the_16384_px_map_is_exported_cropped_and_rescaled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The largest map taken (the bench's, 1.4 MB of floor and boxes), offset by (10, 6) px at
    64.3 px a cell: the export's image is 256 x 64 px a side, the map's pixels from (10, 6) on,
    black past the image's right and bottom edges."""
    path = bench_map(tmp_path, 16_384, 64.3, (10, 6))
    out = tmp_path / "huge.dd2vtt"
    assert main(["export-uvtt", str(path), str(out)]) == 0
    assert "image embedded" in capsys.readouterr().out
    data, per_grid = exported_image(out)
    decoded = decode_strips(data, in_file=True)  # in the test's folder, not in memory
    assert decoded is not None and per_grid == 64
    image = decoded[0]
    assert (image.width(), image.height()) == (16_384, 16_384)
    source = decode_strips((tmp_path / "map-16384.png").read_bytes(), in_file=True)
    assert source is not None
    for x, y in ((0, 0), (5000, 7000), (16_290, 100), (100, 16_290)):
        at = (round((x + 0.5) * 64.3 / 64 + 9.5), round((y + 0.5) * 64.3 / 64 + 5.5))
        assert image.pixelColor(x, y) == source[0].pixelColor(*at), (x, y)
    assert image.pixelColor(16_300, 100).name() == image.pixelColor(16_383, 16_383).name() == (
        "#000000")


def test_a_big_aligned_map_file_goes_into_the_export_as_stored_never_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = bench_map(tmp_path, 4096, 64.0, (0, 0))

    def never(*_args: object) -> bytes:
        raise AssertionError("the map file was read whole")

    monkeypatch.setattr(map_image, "read_image_file", never)
    monkeypatch.setattr(map_export, "read_image_file", never)
    monkeypatch.setattr(map_export, "PIECE", 3 * 1000)
    out = tmp_path / "map.dd2vtt"
    assert map_export.export_uvtt(load_encounter(path), tmp_path, out) == [
        "not exported (Universal VTT has no place for them): 3 tokens"]
    assert exported_image(out) == ((tmp_path / "map-4096.png").read_bytes(), 64)


def write_palette_png(path: Path, width: int, height: int) -> None:
    """An 8-bit palette PNG of one colour, written a row at a time (Qt cannot decode it in
    strips)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    squeeze, row = zlib.compressobj(9), bytes(1 + width)
    body = b"".join(squeeze.compress(row) for _ in range(height)) + squeeze.flush()
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(
        ">IIBBBBB", width, height, 8, 3, 0, 0, 0)) + chunk(b"PLTE", b"\x80\x70\x60")
        + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def test_a_map_too_big_to_decode_whole_and_not_in_strips_is_refused_before_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A palette PNG over the whole-decode limit, to be cropped: refused naming the file,
    its size and what to do; the old export is left as it was and no temporary file."""
    monkeypatch.setattr(images, "MAX_DECODED_PIXELS", 100_000)
    monkeypatch.setattr(map_image, "STRIPS_FROM", 1)  # the road of the 4096 px maps and more
    monkeypatch.setattr(map_export, "STRIPS_FROM", 1)
    write_palette_png(tmp_path / "palette.png", 640, 480)
    encounter = Encounter(width=10, height=7, background=Background(
        path="palette.png", pixels_per_cell=64.0, offset_x=3.0))
    save_encounter(encounter, tmp_path / "enc.json")
    out = tmp_path / "enc.dd2vtt"
    out.write_bytes(b"the old export")
    assert main(["export-uvtt", str(tmp_path / "enc.json"), str(out), "--force"]) == 2
    said = capsys.readouterr().err
    assert said.startswith(
        f"battlemap export-uvtt: map image {tmp_path / 'palette.png'}: image is 640 x 480 px = "
        "307,200 px; a PNG that cannot be decoded in strips (16-bit, a palette, interlaced, a "
        "transparent colour, or damaged) is decoded whole, at most 100,000 px: save it as a "
        "PNG (8-bit RGB or RGBA)"), said
    assert said.rstrip().endswith("; nothing written"), said
    assert out.read_bytes() == b"the old export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.dd2vtt", "enc.json",
                                                          "palette.png"]
    monkeypatch.setattr(images, "MAX_DECODED_PIXELS", 1_000_000)  # decoded whole: exported
    assert main(["export-uvtt", str(tmp_path / "enc.json"), str(out), "--force"]) == 0
    data, _ = exported_image(out)
    assert pixels(data).shape == (7 * 64, 10 * 64, 4)
