"""Items that draw nothing are not painted (issue 28: a drag step's repaint asks every item
whose bounds meet the repainted box, in Python): the tool overlay while it draws nothing, the
system's marks while there are none; and what the views show is what a fresh view paints."""

from __future__ import annotations

from gui_helpers import matched_to, shown_pixels, shown_view
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.movement import PaceBand
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.marks_item import MapMarks
from battlemap.desktop.gui.overlay_item import ToolOverlayItem
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Marker

AMIRI = Token("a", "Amiri", 2.5, 6.5, side=Side.HERO)
ENCOUNTER = Encounter(tokens=(AMIRI, Token("g", "Goblin", 9.5, 5.5)), width=20, height=14)
DRAG = DragPreview("a", (("a", (6.5, 6.5)),), (AMIRI.x, AMIRI.y), (6.5, 6.5), 4.0, 6.0,
                   PaceBand.PACE, path=((AMIRI.x, AMIRI.y), (6.5, 6.5)))
NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


class CountedOverlay(ToolOverlayItem):
    """A tool overlay counting its paints."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self.paints += 1
        super().paint(painter, option, widget)


def overlay_view(qtbot: QtBot) -> tuple[MapView, CountedOverlay]:
    overlay = CountedOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    qtbot.wait(20)
    return view, overlay


def test_an_overlay_drawing_nothing_is_not_painted(qtbot: QtBot) -> None:
    view, overlay = overlay_view(qtbot)
    overlay.draw_state(None, frozenset(), ENCOUNTER)
    overlay.paints = 0
    view.viewport().repaint()
    assert overlay.paints == 0 and overlay.flags() & NO_CONTENTS
    overlay.draw_state(DRAG, frozenset(), ENCOUNTER)
    view.viewport().repaint()
    assert overlay.paints == 1 and not overlay.flags() & NO_CONTENTS
    overlay.draw_state(None, frozenset({"g"}), ENCOUNTER)  # a selection ring: drawn
    view.viewport().repaint()
    assert overlay.paints == 2


def test_the_drawing_taken_away_leaves_what_a_fresh_view_shows(qtbot: QtBot) -> None:
    view, overlay = overlay_view(qtbot)
    fresh, _ = overlay_view(qtbot)
    overlay.draw_state(DRAG, frozenset({"a"}), ENCOUNTER)
    qtbot.wait(20)
    drawn = shown_pixels(view)
    overlay.draw_state(None, frozenset(), ENCOUNTER)  # the update of an item without contents
    qtbot.wait(20)  # would be dropped: the ruler would stay on screen
    assert shown_pixels(view) != drawn
    assert shown_pixels(view) == shown_pixels(matched_to(fresh, view))


def test_marks_have_bounds_only_while_there_are_some(qtbot: QtBot) -> None:
    scene = MapScene(BattleState(ENCOUNTER), Audience.GM)
    view = shown_view(qtbot, scene)
    fresh = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM))
    qtbot.wait(20)
    bounds = QRectF(0, 0, 20 * CELL, 14 * CELL)
    spot = QPointF(12.5 * CELL, 3.5 * CELL)
    assert scene.marks.boundingRect().isNull() and scene.marks not in scene.items(spot)
    blank = shown_pixels(view)
    assert scene.marks.show_marks(MapMarks(markers=(Marker(12.5, 3.5, "axe"),)), bounds)
    qtbot.wait(20)
    assert scene.marks.boundingRect() == bounds and scene.marks in scene.items(spot)
    assert shown_pixels(view) != blank  # the marker drawn
    assert scene.marks.show_marks(MapMarks(), bounds)
    qtbot.wait(20)
    assert scene.marks.boundingRect().isNull()
    assert shown_pixels(view) == shown_pixels(matched_to(fresh, view))  # and taken away
