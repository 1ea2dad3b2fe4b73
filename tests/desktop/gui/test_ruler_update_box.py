"""A drag step repaints the ruler's words where the view puts them, not at every place they
could take (issue 28: the box of all eight places was most of the GM's repaint), and what
the partial repaints leave on screen is what a fresh view of the same drawing paints whole,
also when the words go elsewhere than the step foresaw."""

from __future__ import annotations

from dataclasses import replace

from gui_helpers import matched_to, shown_pixels, shown_view
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.movement import PaceBand
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.overlay_item import ToolOverlayItem, seen_rect
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL

AMIRI = Token("a", "Amiri", 2.5, 6.5, side=Side.HERO)
ENCOUNTER = Encounter(tokens=(AMIRI, Token("g", "Goblin", 9.5, 5.5),
                              Token("k", "Kobold", 15.5, 9.5)), width=20, height=14)


def drag_to(x: float, y: float) -> DragPreview:
    return DragPreview("a", (("a", (x, y)),), (AMIRI.x, AMIRI.y), (x, y), 4.0, 6.0,
                       PaceBand.PACE, path=((AMIRI.x, AMIRI.y), (x, y)))


STEPS = [drag_to(2.5 + k, 6.5) for k in range(17)]
"""Out to the map's right edge (the words go left of the path's end there) past the goblin
(whose disc and name the words keep off)."""


def drawn_view(qtbot: QtBot, encounter: Encounter, preview: DragPreview | None
               ) -> tuple[MapView, ToolOverlayItem]:
    overlay = ToolOverlayItem()
    view = shown_view(qtbot, MapScene(BattleState(encounter), Audience.GM), overlay=overlay)
    overlay.draw_state(preview, frozenset({"a"}), encounter)
    qtbot.wait(20)
    return view, overlay


def painted_boxes(overlay: ToolOverlayItem, view: MapView, preview: DragPreview) -> list:
    return overlay.label_boxes(preview, seen_rect(view.viewportTransform(),
                                                  view.viewport().rect().toRectF()))


def test_each_step_repaints_its_words_where_the_view_puts_them(qtbot: QtBot) -> None:
    view, overlay = drawn_view(qtbot, ENCOUNTER, None)
    sides = set()
    for step, preview in enumerate(STEPS):
        overlay.draw_state(preview, frozenset({"a"}), ENCOUNTER)
        qtbot.wait(20)
        boxes = painted_boxes(overlay, view, preview)
        end_x, end_y = preview.end[0] * CELL, preview.end[1] * CELL
        right = boxes[0].left() > end_x
        sides.add(right)
        assert all(overlay.drawn_rect().contains(box) for box in boxes), f"step {step}"
        below = boxes[0].translated(0, 2 * (end_y - boxes[0].center().y()))  # a place not taken
        assert not right or not overlay.drawn_rect().contains(below), f"step {step}"
        fresh, _ = drawn_view(qtbot, ENCOUNTER, preview)
        assert shown_pixels(view) == shown_pixels(matched_to(fresh, view)), f"step {step}"
        fresh.close()
    assert sides == {True, False}  # right of the path's end, then left at the edge


def test_words_put_elsewhere_than_foreseen_are_repainted_there(qtbot: QtBot) -> None:
    preview = STEPS[3]
    view, overlay = drawn_view(qtbot, ENCOUNTER, preview)
    foreseen = painted_boxes(overlay, view, preview)
    spot = foreseen[0].center()  # a token comes where the words were to go: told to the
    crowded = replace(ENCOUNTER, tokens=(*ENCOUNTER.tokens,  # scene, not to the ruler
                                         Token("o", "Ogre", spot.x() / CELL, spot.y() / CELL)))
    view.map_scene.state.apply("the ogre", crowded)
    qtbot.wait(50)
    assert painted_boxes(overlay, view, preview) != foreseen
    fresh, _ = drawn_view(qtbot, crowded, preview)
    assert shown_pixels(view) == shown_pixels(matched_to(fresh, view))
    fresh.close()
