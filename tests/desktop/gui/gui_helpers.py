"""Shared test data and helpers for the GUI tests."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QImage, QMouseEvent, QPainter, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fog import PartySight
from battlemap.desktop.core.model import Encounter, Region, RegionKind, Side, Token, Wall, WallKind
from battlemap.desktop.gui.fog_item import FogItem
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.player_window import PlayerWindow
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import Layer, MapScene
from battlemap.desktop.gui.style import CELL


def small_encounter() -> Encounter:
    """A 12 x 8 map: two heroes, a hidden goblin, a wall with a door, a patch of mud."""
    pace = {"pace": 6, "running_die": "d6"}
    return Encounter(
        width=12, height=8,
        tokens=(
            Token(id="hero", name="Valeros", x=1.5, y=1.5, side=Side.HERO, color="#3060d0",
                  stats=pace),
            Token(id="kyra", name="Kyra", x=1.5, y=3.5, side=Side.HERO, color="#e0c040",
                  stats=pace),
            Token(id="gob", name="Goblin", x=9.5, y=5.5, side=Side.VILLAIN, color="#2e7d32",
                  hidden=True),
        ),
        walls=(
            Wall(id="wall", points=((6.0, 0.0), (6.0, 3.0))),
            Wall(id="door", points=((6.0, 3.0), (6.0, 4.0)), kind=WallKind.DOOR),
        ),
        regions=(Region(id="mud", points=((3.0, 6.0), (5.0, 6.0), (5.0, 8.0), (3.0, 8.0)),
                        kind=RegionKind.DIFFICULT),),
    )


def at_cell(win: GMWindow, x: float, y: float) -> QPoint:
    """The viewport position of a point given in cells."""
    return win.view.mapFromScene(x * CELL, y * CELL)


def on_screen(window: GMWindow, token_id: str) -> QPoint:
    """The view position of a token's centre."""
    token = window.state.encounter.token(token_id)
    return window.view.mapFromScene(token.x * CELL, token.y * CELL)


def hover(window: GMWindow, pos: QPoint) -> None:
    """A mouse move with no button down (QTest.mouseMove sends none offscreen)."""
    viewport = window.view.viewport()
    point = QPointF(pos)
    QApplication.sendEvent(viewport, QMouseEvent(
        QEvent.Type.MouseMove, point, viewport.mapToGlobal(point), Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))


class PaintRegions(QObject):
    """An event filter keeping, for each paint of the widget it watches, its region's
    bounding box (``boxes``) and the area in pixels of the region's rectangles (``areas``)."""

    def __init__(self) -> None:
        super().__init__()
        self.boxes: list[QRectF] = []
        self.areas: list[int] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            region = event.region()  # type: ignore[attr-defined]
            self.boxes.append(QRectF(region.boundingRect()))
            self.areas.append(sum(r.width() * r.height() for r in region))
        return False


def shown_view(qtbot: QtBot, scene: MapScene, width: int = 900, height: int = 700,
               overlay: QGraphicsItem | None = None) -> MapView:
    """A shown view of ``scene`` fitted to its map, ``overlay`` (if any) on the tool layer."""
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    view.fit_map()
    if overlay is not None:
        scene.add_overlay(overlay, Layer.TOOL)
    return view


def shown_pixels(view: QWidget) -> QImage:
    """What the view (or any widget) shows now, copied from its window's backing store (no
    repaint: what the partial repaints left there). The offscreen platform's screen grab
    answers a null image, so it is not used: two null images compared could never fail."""
    store = view.backingStore()
    device = store.paintDevice() if store is not None else None
    assert isinstance(device, QImage) and not device.isNull(), "no backing store image"
    corner = view.mapTo(view.window(), QPoint(0, 0))
    ratio = device.devicePixelRatio()
    box = QRect(round(corner.x() * ratio), round(corner.y() * ratio),
                round(view.width() * ratio), round(view.height() * ratio))
    assert device.rect().contains(box), "the view lies outside its window's backing store"
    return device.copy(box)


def matched_to(fresh: MapView, view: MapView) -> MapView:
    """``fresh`` at ``view``'s zoom and scroll, repainted whole (to compare what each shows)."""
    fresh.setTransform(view.transform())
    fresh.horizontalScrollBar().setValue(view.horizontalScrollBar().value())
    fresh.verticalScrollBar().setValue(view.verticalScrollBar().value())
    fresh.viewport().repaint()
    return fresh


def open_table(window: GMWindow, encounter: Encounter | None = None) -> PlayerWindow:
    """The player view of ``window`` (on ``encounter``, loaded first if given), 1000 x 700."""
    if encounter is not None:
        window.state.load(encounter)
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    player.showNormal()
    player.resize(1000, 700)
    QApplication.processEvents()
    return player


def painted_fog(encounter: Encounter, rings: tuple[tuple[tuple[float, float], ...], ...],
                audience: str = "gm") -> np.ndarray:
    """``audience``'s fog over ``encounter`` with ``rings`` left clear, painted whole at a
    window's zoom (0.84), as an (1100, 1100, 4) array of ints."""
    ensure_app()
    item = FogItem(audience)
    item.show_fog(encounter, PartySight(rings, frozenset()))
    image = QImage(1100, 1100, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setTransform(QTransform.fromScale(0.84, 0.84))
    option = QStyleOptionGraphicsItem()
    option.exposedRect = item.boundingRect()
    item.paint(painter, option)
    painter.end()
    return np.frombuffer(image.constBits(), np.uint8).reshape(1100, 1100, 4).astype(int)
