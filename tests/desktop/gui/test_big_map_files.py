"""Maps up to 16384 px a side (issue 28): a big PNG map file decoded a strip at a time straight
from the file, never read whole, to the pixels of the whole decode; what cannot be decoded in
strips refused beyond 100 Mpx with a message naming the file, its size and what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from battlemap.desktop.commands import bench_gui
from battlemap.desktop.commands.bench_gui import write_bench_encounter
from battlemap.desktop.core import images
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.images import ImageError
from battlemap.desktop.core.model import Background
from battlemap.desktop.gui import map_image, mapped_image
from battlemap.desktop.gui.map_image import PngFile, decode_map, read_map_data
from battlemap.desktop.gui.mapped_image import rows_file_of
from tests.desktop.gui.test_png_strips import busy_picture, png_bytes


@pytest.fixture
def big_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """The road of the 4096 px maps and more, for pictures of a few hundred pixels."""
    monkeypatch.setattr(map_image, "STRIPS_FROM", 1)


@pytest.mark.usefixtures("big_from")
def test_a_big_png_file_is_decoded_from_the_file_to_the_whole_decodes_pixels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32))
    (tmp_path / "map.png").write_bytes(data)
    background = Background(path="map.png", pixels_per_cell=50.0)
    found = read_map_data(background, tmp_path)
    assert isinstance(found, PngFile) and found.path == tmp_path / "map.png"

    def never(*_args: object) -> bytes:
        raise AssertionError("the big map file was read whole")

    monkeypatch.setattr(map_image, "read_image_file", never)
    decoded = decode_map("map.png@1", found)
    whole = QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB888)
    assert decoded.levels[0][1] == whole
    assert [f for f, _ in decoded.levels] == [1, 2, 4, 8, 16]


@pytest.mark.usefixtures("big_from")
def test_a_big_png_file_that_is_not_taken_in_strips_is_read_whole_under_100_mpx(
    tmp_path: Path,
) -> None:
    grey = busy_picture(QImage.Format.Format_RGB32).convertToFormat(QImage.Format.Format_Grayscale8)
    (tmp_path / "grey.png").write_bytes(png_bytes(grey))
    found = read_map_data(Background(path="grey.png", pixels_per_cell=50.0), tmp_path)
    assert isinstance(found, PngFile)
    decoded = decode_map("grey.png@1", found)
    assert decoded.size() == grey.size()


@pytest.mark.usefixtures("big_from")
def test_a_png_that_cannot_be_decoded_in_strips_is_refused_beyond_the_whole_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(images, "MAX_DECODED_PIXELS", 1000)
    grey = busy_picture(QImage.Format.Format_RGB32).convertToFormat(QImage.Format.Format_Grayscale8)
    (tmp_path / "grey.png").write_bytes(png_bytes(grey))
    found = read_map_data(Background(path="grey.png", pixels_per_cell=50.0), tmp_path)
    with pytest.raises(ImageError) as caught:
        decode_map(f"{tmp_path / 'grey.png'}@1", found)
    assert str(caught.value).startswith(
        f"map image {tmp_path / 'grey.png'}: image is 301 x 777 px = 233,877 px; a PNG that "
        "cannot be decoded in strips (16-bit, a palette, interlaced, a transparent colour, or "
        "damaged) is decoded whole, at most 1,000 px: save it as a PNG (8-bit RGB or RGBA)")


def test_a_jpeg_map_over_100_mpx_is_refused_naming_the_file(tmp_path: Path) -> None:
    from tests.desktop.core.test_fileformat_images import jpeg

    (tmp_path / "huge.jpg").write_bytes(jpeg(16_000, 16_000))
    with pytest.raises(ImageError) as caught:
        read_map_data(Background(path="huge.jpg", pixels_per_cell=50.0), tmp_path)
    assert str(caught.value).startswith(
        f"background.path: {tmp_path / 'huge.jpg'}: image is 16000 x 16000 px = 256,000,000 px; "
        "a JPEG is decoded whole, at most 100,000,000 px: save it as a PNG")


def test_a_png_file_over_the_side_limit_is_refused_by_its_header(tmp_path: Path) -> None:
    from tests.desktop.core.test_fileformat_images import png_header

    (tmp_path / "bomb.png").write_bytes(png_header(16_385, 100))
    with pytest.raises(ImageError) as caught:
        read_map_data(Background(path="bomb.png", pixels_per_cell=50.0), tmp_path)
    assert str(caught.value) == (f"background.path: {tmp_path / 'bomb.png'}: image is 16385 x "
                                 "100 px; the limit is 16384 px a side")


@pytest.mark.usefixtures("big_from")
def test_a_file_changed_to_a_bigger_header_after_the_check_is_not_decoded_in_strips(
    tmp_path: Path,
) -> None:
    from tests.desktop.core.test_fileformat_images import png_header

    data = png_bytes(busy_picture(QImage.Format.Format_RGB32))
    (tmp_path / "map.png").write_bytes(data)
    found = read_map_data(Background(path="map.png", pixels_per_cell=50.0), tmp_path)
    assert isinstance(found, PngFile)
    (tmp_path / "map.png").write_bytes(png_header(50_000, 50_000) + data[26:])
    with pytest.raises(ImageError, match="the limit is 16384 px a side"):
        decode_map("map.png@1", found)


def test_the_bench_map_written_in_bands_is_the_map_qt_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "whole").mkdir()
    (tmp_path / "bands").mkdir()
    write_bench_encounter(tmp_path / "whole", 600, 3, 8)
    monkeypatch.setattr(bench_gui, "WHOLE_UP_TO", 100)
    write_bench_encounter(tmp_path / "bands", 600, 3, 8)
    whole, bands = (QImage(str(tmp_path / f / "map-600.png")) for f in ("whole", "bands"))
    assert bands.convertToFormat(whole.format()) == whole


def test_a_16384_px_map_file_is_accepted_and_decoded_in_strips(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The largest map taken, written in bands by the bench (1.4 MB of flat floor and boxes),
    opened as the GM window opens it: its full-size pixels in the cache folder's file."""
    monkeypatch.setattr(mapped_image, "_cache_folder", lambda: str(tmp_path))
    encounter = load_encounter(write_bench_encounter(tmp_path, 16_384, 3, 8))
    assert encounter.background is not None
    found = read_map_data(encounter.background, tmp_path)
    assert isinstance(found, PngFile)
    decoded = decode_map("map-16384.png@1", found)
    full = decoded.levels[0][1]
    assert (full.width(), full.height()) == (16_384, 16_384)
    assert [(f, level.width()) for f, level in decoded.levels] == [
        (1, 16_384), (2, 8192), (4, 4096), (8, 2048), (16, 1024)]
    assert rows_file_of(full) is not None  # in the mapped file, not in memory
    assert rows_file_of(decoded.levels[1][1]) is not None  # the half-size copy too
    assert full.pixelColor(16_383, 16_383).name() in ("#c8b99a", "#8f7f62")
