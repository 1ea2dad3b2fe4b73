"""A light's item is bounded by what it paints (its glow within the walls, its bulb), not by
the circle of its reach (issue 28): Qt then keeps its device cache whole and a pan only draws
it elsewhere, where a circle over 1.2 times the view had its cache made anew and the strip
painted at every pan step. The pixels are the circle-bounded item's."""

from __future__ import annotations

from gui_helpers import matched_to, shown_pixels, shown_view
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Light, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import light_item
from battlemap.desktop.gui.light_item import LightItem
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL

ROOM = tuple(Wall(f"w{n}", (a, b)) for n, (a, b) in enumerate((
    ((10.0, 10.0), (20.0, 10.0)), ((20.0, 10.0), (20.0, 17.0)), ((20.0, 17.0), (10.0, 17.0)),
    ((10.0, 17.0), (10.0, 10.0)))))
LIT = Encounter(width=30, height=28, walls=ROOM,
                lights=(Light("l", 14.5, 13.5, bright_radius=4.0, dim_radius=11.0),))


def lit_view(qtbot: QtBot) -> MapView:
    view = shown_view(qtbot, MapScene(BattleState(LIT), Audience.GM), 700, 500)
    view.set_zoom(1.0)  # the light's circle, 22 cells, is 1,408 px: over 1.2 times the view
    view.centerOn(15 * CELL, 13 * CELL)
    QApplication.processEvents()
    return view


def light_of(view: MapView) -> LightItem:
    return next(i for i in view.map_scene.items() if isinstance(i, LightItem))


def circle_bounds(clip: object, radius: float) -> QRectF:
    return QRectF(-radius, -radius, 2 * radius, 2 * radius)


def test_the_bounds_hold_the_glow_and_the_bulb_within_the_circle(qtbot: QtBot) -> None:
    view = lit_view(qtbot)
    light = light_of(view)
    box = light.mapRectToScene(light.boundingRect())
    assert box.contains(light.mapRectToScene(light.clip.boundingRect()).intersected(
        QRectF(3.5 * CELL, 2.5 * CELL, 22 * CELL, 22 * CELL)))
    assert box.width() < 11 * CELL and box.height() < 8 * CELL  # the room's 10 x 7 cells


def test_the_view_shows_what_the_circle_bounded_light_shows(qtbot: QtBot,
                                                             monkeypatch: object) -> None:
    view = lit_view(qtbot)
    for step in range(3):
        view.pan_by(-37, 23)
        QApplication.processEvents()
        qtbot.wait(10)
        with_circle = circled_view(qtbot, monkeypatch)
        assert shown_pixels(view) == shown_pixels(matched_to(with_circle, view)), step
        with_circle.close()


def circled_view(qtbot: QtBot, monkeypatch: object) -> MapView:
    patch = monkeypatch  # pytest's MonkeyPatch
    patch.setattr(light_item, "lit_bounds", circle_bounds)  # type: ignore[attr-defined]
    view = lit_view(qtbot)
    patch.undo()  # type: ignore[attr-defined]
    assert light_of(view).boundingRect().width() == 22 * CELL
    return view


def test_a_pan_draws_the_cached_light_without_painting_it_again(qtbot: QtBot) -> None:
    view = lit_view(qtbot)
    light = light_of(view)
    painted: list[int] = []
    paint = light.paint
    light.paint = lambda *args: (painted.append(1), paint(*args))  # type: ignore[method-assign]
    for _ in range(4):
        view.pan_by(-13, 7)
        QApplication.processEvents()
    assert painted == []
