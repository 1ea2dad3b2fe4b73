"""The tool layer repaints only what its old and new drawing cover (issue 28: at every new
snapshot, a click's commit, it repainted the whole map in both windows), and what the partial
repaints leave on screen is what a fresh view of the same drawing paints whole."""

from __future__ import annotations

from dataclasses import replace

from gui_helpers import PaintRegions, matched_to, shown_pixels, shown_view
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Region, Side, Token, Wall
from battlemap.desktop.core.movement import PaceBand
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.tools import BoxPreview, DragPreview, DrawPreview, Preview
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.overlay_item import ToolOverlayItem
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL

AMIRI = Token("a", "Amiri", 2.5, 2.5, side=Side.HERO)
GOBLIN = Token("g", "Goblin", 30.5, 20.5)
ENCOUNTER = Encounter(tokens=(AMIRI, GOBLIN), width=40, height=30,
                      walls=(Wall("w", ((10.0, 8.0), (20.0, 8.0))),),
                      regions=(Region("r", ((24.0, 4.0), (30.0, 4.0), (27.0, 9.0))),))
MOVED = replace(ENCOUNTER, tokens=(replace(AMIRI, x=5.5, y=3.5), GOBLIN))
DRAG = DragPreview("a", (("a", (8.5, 6.5)),), (5.5, 3.5), (8.5, 6.5), 4.2, 6.0,
                   PaceBand.PACE, path=((5.5, 3.5), (6.5, 5.5), (8.5, 6.5)))

Drawing = tuple[Preview, frozenset[str], Encounter]
DRAWINGS: tuple[Drawing, ...] = (
    (None, frozenset({"a"}), ENCOUNTER),
    (None, frozenset({"a"}), MOVED),  # a new snapshot: the ring moves with Amiri
    (None, frozenset({"w", "r"}), MOVED),  # a level wall (its box has no height) and a region
    (BoxPreview((3.0, 12.0), (9.0, 17.0)), frozenset(), MOVED),
    (DrawPreview(((12.0, 14.0), (16.0, 14.0)), (16.0, 18.0), False), frozenset(), MOVED),
    (DRAG, frozenset({"a"}), MOVED),
    (None, frozenset(), MOVED),
)



def drawn_view(qtbot: QtBot, drawing: Drawing) -> tuple[MapView, ToolOverlayItem]:
    overlay = ToolOverlayItem()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    overlay.draw_state(*drawing)
    qtbot.wait(20)
    return view, overlay



def test_a_new_snapshot_repaints_the_old_and_new_ring_not_the_view(qtbot: QtBot) -> None:
    view, overlay = drawn_view(qtbot, DRAWINGS[0])
    regions = PaintRegions()
    view.viewport().installEventFilter(regions)
    overlay.draw_state(*DRAWINGS[0])  # the same drawing: its box only ...
    view.viewport().update()  # ... and the first paints of a new window are whole anyway
    qtbot.waitUntil(lambda: bool(regions.boxes))
    qtbot.wait(50)
    regions.boxes.clear()
    overlay.draw_state(*DRAWINGS[1])
    qtbot.waitUntil(lambda: bool(regions.boxes))
    whole = view.viewport().width() * view.viewport().height()
    assert max(b.width() * b.height() for b in regions.boxes) < whole / 10
    assert overlay.drawn_rect().contains(QPointF(5.5 * CELL, 3.5 * CELL))  # Amiri's new ring


def test_after_partial_repaints_the_view_shows_what_a_fresh_view_shows(qtbot: QtBot) -> None:
    view, overlay = drawn_view(qtbot, DRAWINGS[0])
    for step, drawing in enumerate(DRAWINGS[1:], start=1):
        overlay.draw_state(*drawing)
        qtbot.wait(20)
        fresh, _fresh_overlay = drawn_view(qtbot, drawing)
        assert shown_pixels(view) == shown_pixels(matched_to(fresh, view)), f"step {step}"
        fresh.close()
