"""On a view turned a quarter the wall tiles keep their device pixels across a pan (issue 28).
Qt's device cache counts a quarter turn as simple only at a zoom of exactly 1, so on a turned
table it rendered every wall tile in the uncovered strip afresh at every pan step (6.5 ms a
step on the 8192 px map); the tiles now keep their own pixmaps, the same pixels."""

from __future__ import annotations

import pytest
from gui_helpers import shown_pixels, shown_view
from PySide6.QtWidgets import QApplication, QGraphicsItem
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Wall, WallKind
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.wall_items import WallBatchItem


def walled() -> Encounter:
    """Short walls, doors and a boulder in a dozen wall tiles (16 cells a side)."""
    spots = [((7.0 * k) % 55 + 1, (5.0 * k) % 35 + 1) for k in range(40)]
    walls = [Wall(f"w{k}", ((x, y), (x + 3.0, y + 1.7), (x + 2.5, y + 4.0)),
                  kind=WallKind.DOOR if k % 7 == 0 else WallKind.WALL)
             for k, (x, y) in enumerate(spots)]
    walls.append(Wall("rock", ((30.0, 20.0), (33.0, 20.5), (31.0, 23.0), (30.0, 20.0)),
                      kind=WallKind.OBJECT))
    return Encounter(width=60, height=40, walls=tuple(walls))


def turned_view(qtbot: QtBot, rotation: int) -> MapView:
    view = shown_view(qtbot, MapScene(BattleState(walled()), Audience.PLAYER), 800, 600)
    view.set_rotation(rotation)
    view.set_zoom(0.37)  # not 1: Qt's own cache would be rebuilt at every paint
    view.centerOn(30 * CELL, 20 * CELL)
    QApplication.processEvents()
    return view


def walls_of(view: MapView) -> list[WallBatchItem]:
    return [i for i in view.map_scene.items() if isinstance(i, WallBatchItem)]


def pan(view: MapView, steps: int, dx: int, dy: int) -> None:
    for _ in range(steps):
        view.pan_by(dx, dy)
        QApplication.processEvents()


@pytest.mark.parametrize("rotation", [90, 270])
def test_a_turned_pan_draws_the_wall_tiles_without_rendering_them_again(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, rotation: int
) -> None:
    view = turned_view(qtbot, rotation)
    pan(view, 4, 17, 9)
    pan(view, 4, -17, -9)  # every tile this pan shows has been on screen
    rendered: list[WallBatchItem] = []
    draw = WallBatchItem._draw

    def spy(item: WallBatchItem, *args: object) -> None:
        rendered.append(item)
        draw(item, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(WallBatchItem, "_draw", spy)
    pan(view, 4, 17, 9)
    pan(view, 4, -17, -9)
    assert rendered == []


@pytest.mark.parametrize("rotation", [90, 270])
def test_the_turned_view_shows_what_qt_s_own_cache_showed(qtbot: QtBot, rotation: int) -> None:
    view, plain = turned_view(qtbot, rotation), turned_view(qtbot, rotation)
    for item in walls_of(plain):  # the code before: Qt's cache, rendered at every paint
        item.set_turned(False)
    assert all(i.cacheMode() is QGraphicsItem.CacheMode.DeviceCoordinateCache
               for i in walls_of(plain))
    plain.viewport().repaint()
    for step in range(8):
        for each in (view, plain):
            pan(each, 1, 23 if step < 4 else -31, -13 if step % 2 else 7)
        qtbot.wait(5)
        assert shown_pixels(view) == shown_pixels(plain), f"step {step}"


def test_an_upright_view_leaves_the_walls_to_qt_s_cache(qtbot: QtBot) -> None:
    view = turned_view(qtbot, 90)
    assert all(i.cacheMode() is QGraphicsItem.CacheMode.NoCache for i in walls_of(view))
    view.set_rotation(180)
    assert all(i.cacheMode() is QGraphicsItem.CacheMode.DeviceCoordinateCache
               for i in walls_of(view))
    view.set_rotation(270)
    view.map_scene.state.apply("wall", walled())  # (the same walls: items kept)
    assert all(i.cacheMode() is QGraphicsItem.CacheMode.NoCache for i in walls_of(view))
