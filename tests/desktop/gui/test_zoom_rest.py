"""While a zoom burst rests, the view makes its map's tiles for the exact frame a slice at a
time, so the settle copies them instead of rescaling the map (issue 28); a burst reuses the
last burst's copy of the frame, copied pixel for pixel whatever the device pixel ratio."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot
from test_zoom_burst import encounter, pixels, shown, wheel

from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import map_view
from battlemap.desktop.gui.background_item import BackgroundItem
from battlemap.desktop.gui.map_view import MapView


def background(view: MapView) -> BackgroundItem:
    return next(i for i in view.map_scene.items() if isinstance(i, BackgroundItem))


def counting_renders(item: BackgroundItem) -> list[int]:
    """Counts the tiles ``item`` renders from now on."""
    made = [0]
    render = item._render_tile

    def counted(*args: object) -> QImage:
        made[0] += 1
        return render(*args)  # type: ignore[arg-type]

    item._render_tile = counted  # type: ignore[method-assign]
    return made


def plain_copy(qtbot: QtBot, state: BattleState, folder: Path, view: MapView) -> MapView:
    """A view painting the map plainly at ``view``'s camera."""
    plain, _plain_scene = shown(qtbot, state, folder)
    background(plain).tiled = False
    plain.setTransform(view.transform())
    plain.horizontalScrollBar().setValue(view.horizontalScrollBar().value())
    plain.verticalScrollBar().setValue(view.verticalScrollBar().value())
    assert plain.viewportTransform() == view.viewportTransform()
    return plain


@pytest.mark.parametrize("notches", [-2, 3])
def test_a_resting_burst_makes_the_tiles_and_the_settle_copies_them(
    qtbot: QtBot, tmp_path: Path, notches: int
) -> None:
    state = BattleState(encounter(tmp_path))
    view, _scene = shown(qtbot, state, tmp_path)
    item = background(view)
    made = counting_renders(item)
    wheel(view, notches)
    assert view.coarse and made[0] == 0  # the notches themselves make no tile
    tiles = item._tiles_of(view.viewport())
    qtbot.waitUntil(lambda: bool(tiles.tiles) and not view._prepare.isActive(), timeout=2000)
    assert view.coarse  # made while resting, before the settle
    made[0] = 0
    kept = dict(tiles.tiles)
    view.end_coarse()
    view.viewport().repaint()
    assert made[0] == 0  # the exact frame copied the tiles made while resting
    assert all(tiles.tiles.get(index) is tile for index, tile in kept.items())
    plain = plain_copy(qtbot, state, tmp_path, view)
    assert np.abs(pixels(view) - pixels(plain)).max() <= 1


def test_a_slice_stops_at_its_deadline_and_the_tiles_are_those_a_paint_makes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    state = BattleState(encounter(tmp_path))
    views = []
    for _ in range(2):
        view, _scene = shown(qtbot, state, tmp_path)
        view.coarse_zoom = False  # no burst: the slices are called here, or the paint makes them
        view.set_zoom(view.zoom * 1.5)
        views.append(view)
    prepared, painted = views
    item = background(prepared)
    world = item.deviceTransform(prepared.viewportTransform())
    area, hints = prepared.viewport().rect().toRectF(), prepared.renderHints()
    made = counting_renders(item)
    assert not item.prepare(prepared.viewport(), world, hints, area, 0.0)
    assert made[0] == 1  # at least one tile a slice, then the deadline
    while not item.prepare(prepared.viewport(), world, hints, area, float("inf")):
        pass
    whole = made[0]
    assert whole > 4
    prepared.viewport().repaint()  # the frame the slices made the tiles for
    assert made[0] == whole
    painted.viewport().repaint()
    painted.viewport().repaint()  # the second frame at a zoom makes its tiles
    assert background(painted)._tiles_of(painted.viewport()).tiles
    assert (pixels(prepared) == pixels(painted)).all()  # the same tiles, pixel for pixel
    plain = plain_copy(qtbot, state, tmp_path, prepared)
    assert np.abs(pixels(prepared) - pixels(plain)).max() <= 1


def test_a_burst_reuses_the_copy_of_the_last_bursts_frame(qtbot: QtBot, tmp_path: Path) -> None:
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    view.viewport().repaint()
    wheel(view, 1)
    assert view._coarse is not None
    first = view._coarse[0].cacheKey() >> 32  # the image's data, whatever was painted in it
    view.end_coarse()
    view.viewport().repaint()
    wheel(view, -1)
    assert view._coarse is not None
    assert view._coarse[0].cacheKey() >> 32 == first


def test_the_frame_copy_is_the_viewport_as_painted(qtbot: QtBot, tmp_path: Path) -> None:
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    view.viewport().repaint()
    painted = pixels(view)
    frame = view._last_frame()
    assert frame is not None
    copy = frame.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(copy.constBits(), np.uint8).reshape(copy.height(), -1)
    as_copied = rows[:, : copy.width() * 4].reshape(copy.height(), copy.width(), 4).astype(int)
    assert (as_copied[..., :3] == painted[..., :3]).all()


def test_the_frame_copy_takes_pixels_whatever_the_ratio() -> None:
    """A backing store at two device pixels a point is copied pixel for pixel (the point
    overload of ``drawImage`` would halve it)."""
    source = QImage(60, 300, QImage.Format.Format_RGB32)
    source.fill(Qt.GlobalColor.darkGreen)
    source.setPixelColor(37, 281, Qt.GlobalColor.red)
    source.setDevicePixelRatio(2.0)
    into = QImage(50, 290, QImage.Format.Format_RGB32)
    into.setDevicePixelRatio(2.0)
    map_view.copy_pixels(source, QRect(5, 10, 50, 290), into)
    assert into.devicePixelRatio() == 2.0
    assert into.pixelColor(32, 271) == Qt.GlobalColor.red
    assert into.pixelColor(49, 289) == Qt.GlobalColor.darkGreen
