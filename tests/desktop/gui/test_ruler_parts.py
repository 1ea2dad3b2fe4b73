"""A drag step repaints the parts of the tool layer's drawing that changed, where the old and
the new drawing have them, not the box round the whole drawing (issue 28): the ring of the
token being dragged stays as it was, and the chips of its HUD round that ring were repainted
at every step of the drag (each repaint of the map under a chip repaints the chip: 0.4 ms a
step on the UVTT drag). What the partial repaints leave on screen is what a fresh view of the
same drawing paints whole."""

from __future__ import annotations

from dataclasses import replace

from conftest import shown_gm
from gui_helpers import matched_to, shown_pixels, shown_view
from PySide6.QtCore import QEvent, QObject, QPointF, QRect, Qt
from PySide6.QtGui import QMouseEvent, QRegion
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Region, Side, Token, Wall
from battlemap.desktop.core.movement import PaceBand
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.overlay_item import ToolOverlayItem
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL

AMIRI = Token("a", "Amiri", 4.5, 4.5, side=Side.HERO)
ENCOUNTER = Encounter(tokens=(AMIRI, Token("g", "Goblin", 12.5, 8.5)), width=20, height=14,
                      walls=(Wall("w", ((10.0, 2.0), (14.0, 2.0))),),
                      regions=(Region("r", ((15.0, 10.0), (18.0, 10.0), (16.0, 13.0))),))
SELECTED = frozenset({"a", "w", "r"})


def drag_to(x: float, y: float) -> DragPreview:
    return DragPreview("a", (("a", (x, y)),), (AMIRI.x, AMIRI.y), (x, y), 4.0, 6.0,
                       PaceBand.PACE, path=((AMIRI.x, AMIRI.y), (x, y)))


OUT_AND_BACK = [drag_to(4.5 + k, 4.5 + k / 2) for k in (*range(1, 7), *range(5, 0, -1))]


class Regions(QObject):
    """The region of each paint of the widget it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[QRegion] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.regions.append(QRegion(event.region()))  # type: ignore[attr-defined]
        return False


def drawn_view(qtbot: QtBot, encounter: Encounter, preview: DragPreview | None
               ) -> tuple[MapView, ToolOverlayItem]:
    overlay = ToolOverlayItem()
    view = shown_view(qtbot, MapScene(BattleState(encounter), Audience.GM), overlay=overlay)
    overlay.draw_state(preview, SELECTED, encounter)
    qtbot.wait(20)
    return view, overlay


def test_a_drag_step_leaves_the_unchanged_ring_unrepainted(qtbot: QtBot) -> None:
    view, overlay = drawn_view(qtbot, ENCOUNTER, OUT_AND_BACK[0])
    regions = Regions()
    view.viewport().installEventFilter(regions)
    for preview in OUT_AND_BACK[1:]:
        overlay.draw_state(preview, SELECTED, ENCOUNTER)
        qtbot.wait(20)
    view.viewport().removeEventFilter(regions)
    assert len(regions.regions) >= len(OUT_AND_BACK) - 1
    ring_left = view.mapFromScene(QPointF((AMIRI.x - 0.55) * CELL, AMIRI.y * CELL))
    ring_top = view.mapFromScene(QPointF(AMIRI.x * CELL, (AMIRI.y - 0.55) * CELL))
    for region in regions.regions:  # the drag goes right and down: left of and above Amiri
        assert not region.contains(ring_left) and not region.contains(ring_top)
    whole = QRegion(view.viewport().rect())
    assert all(not whole.subtracted(region).isEmpty() for region in regions.regions)


def test_after_each_step_the_view_shows_what_a_fresh_view_shows(qtbot: QtBot) -> None:
    """Out and back, then the dragged token's colour changes under the same preview (its
    ghost changes), then the selection goes: each time what a whole repaint shows."""
    view, overlay = drawn_view(qtbot, ENCOUNTER, None)
    recoloured = replace(ENCOUNTER, tokens=(replace(AMIRI, color="#ffeb3b"),
                                            *ENCOUNTER.tokens[1:]))
    steps = [(p, SELECTED, ENCOUNTER) for p in OUT_AND_BACK] + [
        (OUT_AND_BACK[-1], SELECTED, recoloured), (OUT_AND_BACK[-1], frozenset(), recoloured),
        (None, frozenset(), recoloured)]
    for step, (preview, selection, encounter) in enumerate(steps):
        if encounter is not view.map_scene.state.encounter:
            view.map_scene.state.apply("Amiri in yellow", encounter)
        overlay.draw_state(preview, selection, encounter)
        qtbot.wait(20)
        fresh = shown_view(qtbot, MapScene(BattleState(encounter), Audience.GM),
                           overlay=(fresh_overlay := ToolOverlayItem()))
        fresh_overlay.draw_state(preview, selection, encounter)
        qtbot.wait(20)
        assert shown_pixels(view) == shown_pixels(matched_to(fresh, view)), f"step {step}"
        fresh.close()


HUDDED = Encounter(width=24, height=16, tokens=(
    Token("ann", "Ann", 8.5, 8.5, side=Side.HERO, stats={"condition": {}}),))


def _mouse(window: GMWindow, kind: QEvent.Type, at: QPointF, buttons: Qt.MouseButton) -> None:
    viewport = window.view.viewport()
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else (
        Qt.MouseButton.NoButton)
    QApplication.sendEvent(viewport, QMouseEvent(
        kind, at, viewport.mapToGlobal(at), button, buttons, Qt.KeyboardModifier.NoModifier))
    QApplication.processEvents()


def _chips(window: GMWindow) -> list[QRect]:
    hud = window.combat_tools.hud
    return [chip.geometry().translated(hud.pos()) for chip in hud.chips.values()]


def test_a_drag_away_from_the_hud_repaints_no_chip(qtbot: QtBot) -> None:
    window = shown_gm(qtbot, HUDDED, 1.0, (1300, 900))
    window.view.centerOn(8.5 * CELL, 8.5 * CELL)
    QApplication.processEvents()
    centre = QPointF(window.view.mapFromScene(8.5 * CELL, 8.5 * CELL))
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    _mouse(window, QEvent.Type.MouseButtonPress, centre, left)  # the click selects Ann
    _mouse(window, QEvent.Type.MouseButtonRelease, centre, none)
    hud = window.combat_tools.hud
    assert hud.isVisible() and hud.chips
    assert all(chip.left() > centre.x() for chip in _chips(window))  # round Ann's right
    _mouse(window, QEvent.Type.MouseButtonPress, centre, left)
    for k in range(1, 4):  # out to the left: the words, right of the path's end, leave too
        _mouse(window, QEvent.Type.MouseMove, centre - QPointF(k * CELL, 0), left)
    painted = Regions()
    for chip in hud.chips.values():
        chip.installEventFilter(painted)
    for k in (4, 5, 6, 5, 4, 5):  # each step a new cell, a new ruler; the ring stays
        _mouse(window, QEvent.Type.MouseMove, centre - QPointF(k * CELL, 0), left)
        qtbot.wait(10)
    preview = window.interaction.tool.preview
    assert isinstance(preview, DragPreview) and preview.end == (3.5, 8.5)
    assert painted.regions == []
    partly = shown_pixels(window)
    window.view.viewport().repaint()
    assert shown_pixels(window) == partly
    _mouse(window, QEvent.Type.MouseButtonRelease, centre - QPointF(5 * CELL, 0), none)
