"""A big map's full-size pixels (and its half-size copy) in a mapped file of the cache folder
(issue 28): the same
pixels as in memory, before and after its pages are let go, decoded and painted; the pages let
go are no longer counted resident; no cache folder keeps the pixels in memory."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui import background_item, map_image, mapped_image
from battlemap.desktop.gui.map_image import LEVEL_FACTORS, MapImage, decode_map
from battlemap.desktop.gui.mapped_image import rows_file_of
from battlemap.desktop.gui.png_strips import decode_strips
from battlemap.desktop.gui.style import CELL
from tests.desktop.gui.test_map_tiles import BACKGROUND, painted, shown
from tests.desktop.gui.test_png_strips import busy_picture, png_bytes

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's madvise")


@pytest.fixture(autouse=True)
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(mapped_image, "_cache_folder", lambda: str(tmp_path))
    return tmp_path


@pytest.mark.parametrize(
    ("kind", "kept_as"),
    [(QImage.Format.Format_RGB32, QImage.Format.Format_RGB888),
     (QImage.Format.Format_ARGB32, QImage.Format.Format_ARGB32)],
)
def test_strips_decoded_into_a_file_are_the_pixels_in_memory_after_letting_go(
    kind: QImage.Format, kept_as: QImage.Format
) -> None:
    data = png_bytes(busy_picture(kind))
    in_memory = decode_strips(data, LEVEL_FACTORS, rows=16)
    in_file = decode_strips(data, LEVEL_FACTORS, rows=16, in_file=True)
    assert in_memory is not None and in_file is not None
    rows = rows_file_of(in_file[0])
    assert rows is not None and rows_file_of(in_memory[0]) is None
    assert in_file[0].format() == kept_as and in_file[0] == in_memory[0]
    rows.let_go()
    assert in_file[0] == in_memory[0]  # read back from the file, not zeros
    assert [level for _, level in in_file[1]] == [level for _, level in in_memory[1]]


def test_pages_let_go_are_not_counted_resident() -> None:
    made = mapped_image.mapped_image(4096, 4096, QImage.Format.Format_RGB888)  # 48 MB
    assert made is not None
    image, rows = made
    image.fill(0x336699)
    before = resident_file_kb()
    rows.let_go()
    assert before - resident_file_kb() > 40_000
    assert image.pixelColor(4000, 4000).name() == "#336699"


def test_a_big_map_is_decoded_into_a_file_and_painted_as_from_memory(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32, 1200, 800))
    monkeypatch.setattr(map_image, "STRIPS_FROM", 1)  # the road of the 4096 px maps and more
    in_file = decode_map("in file", data)
    full = in_file.levels[0][1]
    assert rows_file_of(full) is not None
    assert full == QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB888)
    in_memory = MapImage("in memory", ((1, full.copy()), *in_file.levels[1:]))
    assert rows_file_of(in_memory.levels[0][1]) is None
    centre = QPointF(600.3, 450.7)
    for zoom in (1.0, 2.3):  # the full-size image, let go of after every paint
        memory_view, _memory_scene, _ = shown(qtbot, in_memory, True, zoom, 0, centre)
        file_view, _file_scene, _ = shown(qtbot, in_file, True, zoom, 0, centre)
        for _ in range(2):  # the plain first frame at a zoom, then from tiles
            file_view.viewport().repaint()
            assert np.array_equal(painted(memory_view), painted(file_view))


@pytest.mark.parametrize("turn", [0, 90, 180, 270])
@pytest.mark.parametrize("zoom", [1.0, 1.7, 2.3])
def test_a_plain_paint_in_bands_equals_one_paint_pixel_for_pixel(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, zoom: float, turn: int
) -> None:
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32, 1200, 800))
    monkeypatch.setattr(map_image, "STRIPS_FROM", 1)
    in_file = decode_map("in file", data)
    full = in_file.levels[0][1]
    in_memory = MapImage("in memory", ((1, full.copy()), *in_file.levels[1:]))
    bands: list[QImage] = []
    monkeypatch.setattr(background_item, "let_go_of_pages", bands.append)
    centre = QPointF(600.3, 450.7)
    one_call, _memory_scene, _ = shown(qtbot, in_memory, False, zoom, turn, centre)
    in_bands, _file_scene, _ = shown(qtbot, in_file, False, zoom, turn, centre)
    bands.clear()
    assert np.array_equal(painted(one_call), painted(in_bands))
    assert len(bands) >= 480 // background_item.BAND  # a band at a time, each let go of


@pytest.mark.parametrize("turn", [90, 270])
@pytest.mark.parametrize("zoom", [0.3, 1.0, 2.3])
def test_a_turned_paint_in_bands_equals_one_turned_call_within_two_grey_levels(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, zoom: float, turn: int
) -> None:
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32, 1200, 800))
    monkeypatch.setattr(map_image, "STRIPS_FROM", 1)
    picture = decode_map("in file", data)
    full = MapImage("full only", picture.levels[:1])  # the full-size image at every zoom
    centre = QPointF(600.3, 450.7)
    in_bands, _band_scene, _ = shown(qtbot, full, False, zoom, turn, centre)
    banded = painted(in_bands)
    monkeypatch.setattr(background_item, "BAND", 1 << 20)  # one band: the whole view at once
    one_call, _one_scene, _ = shown(qtbot, full, False, zoom, turn, centre)
    assert np.abs(painted(one_call) - banded).max() <= 2


class Recording(QPainter):
    """A painter that keeps the source rectangle of every image drawn through it."""

    def __init__(self, device: QImage) -> None:
        super().__init__(device)
        self.sources: list[QRectF] = []

    def drawImage(self, target: QRectF, image: QImage, source: QRectF) -> None:  # type: ignore[override]
        self.sources.append(source)
        super().drawImage(target, image, source)


@pytest.mark.parametrize("turn", [90, 270])
def test_a_turned_paint_reads_a_band_of_the_image_at_a_time(
    monkeypatch: pytest.MonkeyPatch, turn: int
) -> None:
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32, 1200, 800))
    monkeypatch.setattr(map_image, "STRIPS_FROM", 1)
    picture = decode_map("in file", data)
    item = background_item.BackgroundItem(BACKGROUND, picture, tiled=False)
    device = QImage(640, 480, QImage.Format.Format_ARGB32_Premultiplied)
    painter = Recording(device)
    world = QTransform().translate(320, 240).rotate(turn).scale(1.0, 1.0).translate(-600, -400)
    painter.setWorldTransform(world)
    item._paint_plain(painter, world.inverted()[0].mapRect(QRectF(device.rect())), world)
    painter.end()
    band_width = background_item.BAND + 2 * background_item.MARGIN + 2
    assert len(painter.sources) >= 480 // background_item.BAND
    assert all(min(s.width(), s.height()) <= band_width for s in painter.sources)


def picture_in_file(monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, MapImage, list[QImage]]:
    """A 1200 x 800 PNG, the map decoded from it in strips into the cache folder's file, and
    the images whose pages the map's painter lets go of from then on."""
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32, 1200, 800))
    monkeypatch.setattr(map_image, "STRIPS_FROM", 1)
    picture = decode_map("in file", data)
    let_go: list[QImage] = []
    monkeypatch.setattr(background_item, "let_go_of_pages", let_go.append)
    return data, picture, let_go


def test_the_map_lets_go_of_the_full_size_pages_it_read_and_only_those(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, picture, let_go = picture_in_file(monkeypatch)
    centre = QPointF(600.3, 450.7)
    zoomed_out, _out_scene, _ = shown(qtbot, picture, True, 0.05, 0, centre)
    painted(zoomed_out)
    assert let_go == []  # painted from a reduced copy, in memory
    zoomed_in, _in_scene, _ = shown(qtbot, picture, True, 1.7, 0, centre)
    painted(zoomed_in)  # the first frame at a zoom: plainly
    painted(zoomed_in)  # from tiles: once a row of tiles, once at the end
    assert len(let_go) >= 4 and all(image is picture.levels[0][1] for image in let_go)


def test_the_half_size_copy_lies_in_the_file_too_and_its_pages_are_let_go_of(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, picture, let_go = picture_in_file(monkeypatch)
    half, quarter = picture.levels[1][1], picture.levels[2][1]
    assert [f for f, _ in picture.levels] == [1, 2, 4, 8, 16]
    assert rows_file_of(half) is not None and rows_file_of(quarter) is None
    whole = QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB32)
    assert half == whole.scaled(600, 400, mode=Qt.TransformationMode.SmoothTransformation)
    zoom = 0.4 * BACKGROUND.pixels_per_cell / CELL  # 0.4 screen pixels a map pixel
    view, _scene, _ = shown(qtbot, picture, True, zoom, 0, QPointF(600.3, 450.7))
    painted(view)  # plainly: from the half-size copy, in bands
    painted(view)  # from tiles
    assert let_go and all(image is half for image in let_go)


def test_without_a_cache_folder_the_pixels_stay_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapped_image, "_cache_folder", lambda: None)
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32))
    decoded = decode_strips(data, LEVEL_FACTORS, rows=16, in_file=True)
    assert decoded is not None and rows_file_of(decoded[0]) is None
    assert decoded[0] == QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB888)


def resident_file_kb() -> int:
    """The program's resident pages that lie in files, KB (``/proc/self/status``)."""
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("RssFile:"))
    return int(line.split()[1])
