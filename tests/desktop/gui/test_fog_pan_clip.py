"""A pan's fog is clipped to the strips the pan uncovers, not to their bounding box (issue 28):
a diagonal pan uncovers an L (a strip on top, one on the side) whose box is the whole view,
and the fog's antialiased clip of that box with the heroes' sight cut out was most of a pan
step on the 8192 px map. What the view shows is what the old clip showed, pixel for pixel."""

from __future__ import annotations

import pytest
from gui_helpers import shown_pixels, shown_view
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Fog, Side, Sight, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import fog_item
from battlemap.desktop.gui.fog_item import ClearRings
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL

HEROES = (Token("a", "Amiri", 9.5, 8.5, side=Side.HERO, sight=Sight(darkvision=6)),
          Token("b", "Seelah", 24.5, 16.5, side=Side.HERO, sight=Sight(darkvision=5)),
          Token("c", "Ezren", 12.5, 20.5, side=Side.HERO, sight=Sight(darkvision=4)))


def dungeon() -> Encounter:
    walls = tuple(Wall(f"w{k}", ((7.0 * k + 5, 2.0), (7.0 * k + 6.5, 26.0))) for k in range(5))
    return Encounter(width=40, height=30, fog=Fog(enabled=True), tokens=HEROES, walls=walls)


def fog_view(qtbot: QtBot, state: BattleState, audience: Audience) -> MapView:
    view = shown_view(qtbot, MapScene(state, audience), 800, 600)
    view.set_zoom(1.3)  # the map overflows the view: room to pan
    view.centerOn(14 * CELL, 12 * CELL)
    QApplication.processEvents()
    qtbot.wait(10)
    return view


@pytest.mark.parametrize("audience", [Audience.PLAYER, Audience.GM])
def test_after_diagonal_pans_the_view_shows_what_the_box_clip_showed(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, audience: Audience
) -> None:
    """The same pans painted with the clip of the region's rectangles and with the clip of
    their bounding box (the code before: ``_painted_parts`` answering None) leave the same
    pixels on screen. (Not compared with a whole repaint: the wall tiles, over 1.2 times the
    view here, are then drawn from Qt's partly scrolled device cache, up to two grey levels
    apart from a fresh one at a few pixels, with either clip.)"""
    state = BattleState(dungeon())
    view, boxed = fog_view(qtbot, state, audience), fog_view(qtbot, state, audience)
    parts_of = fog_item._painted_parts
    monkeypatch.setattr(fog_item, "_painted_parts", lambda world, widget: (
        None if widget is boxed.viewport() else parts_of(world, widget)))
    for step in range(6):
        for each in (view, boxed):
            each.pan_by(-23 if step % 3 else 17, 11 if step < 3 else -7)
            QApplication.processEvents()
        qtbot.wait(5)
        assert shown_pixels(view) == shown_pixels(boxed), f"step {step}"


def test_a_diagonal_pan_clips_the_fog_to_its_strips(qtbot: QtBot,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    state = BattleState(dungeon())
    view = fog_view(qtbot, state, Audience.PLAYER)
    clipped: list[list[QRectF]] = []
    clip_of_parts = ClearRings.clip_of_parts

    def spy(rings: ClearRings, rect: QRectF, parts: list[QRectF]) -> QPainterPath:
        clipped.append(parts)
        return clip_of_parts(rings, rect, parts)

    monkeypatch.setattr(ClearRings, "clip_of_parts", spy)
    view.pan_by(-9, 6)
    QApplication.processEvents()
    assert clipped
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    for parts in clipped:
        assert len(parts) >= 2
        area = sum(part.width() * part.height() for part in parts)
        assert area < shown.width() * shown.height() / 8  # two strips, not the whole view
