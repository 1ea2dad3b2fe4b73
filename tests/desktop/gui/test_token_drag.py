"""Dragging tokens on the GM window with the mouse: snapping, the ruler, multi-select, undo."""

from __future__ import annotations

import pytest
from gui_helpers import at_cell
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.movement import PaceBand
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.overlay_item import readout_text

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def drag(qtbot: QtBot, win: GMWindow, start: tuple[float, float], end: tuple[float, float],
         modifiers: Qt.KeyboardModifier = NONE) -> DragPreview | None:
    """Press at ``start``, move to ``end``, release there; return the preview just before."""
    viewport = win.view.viewport()
    qtbot.mousePress(viewport, LEFT, modifiers, at_cell(win, *start))
    qtbot.mouseMove(viewport, at_cell(win, (start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
    qtbot.mouseMove(viewport, at_cell(win, *end))
    preview = win.interaction.tool.preview
    qtbot.mouseRelease(viewport, LEFT, modifiers, at_cell(win, *end))
    return preview if isinstance(preview, DragPreview) else None


def test_drag_snaps_to_the_cell_centre_and_measures_the_move(
    qtbot: QtBot, window: GMWindow
) -> None:
    # Grabbed 0.1 right of centre; released over cell (4, 1): the centre lands on (4.5, 1.5),
    # 3 cells from (1.5, 1.5) - within Valeros's Pace 6.
    preview = drag(qtbot, window, (1.6, 1.5), (4.3, 1.7))
    assert preview is not None
    assert preview.end == (4.5, 1.5)
    assert preview.distance == pytest.approx(3.0)
    assert preview.band is PaceBand.PACE
    assert readout_text(preview, "in") == '3" (Pace 6)'
    assert window.state.encounter.token("hero").x == 4.5
    assert window.state.encounter.token("hero").y == 1.5
    assert window.state.undo_label == "Move Valeros"


def test_a_run_beyond_pace_shows_the_running_band(qtbot: QtBot, window: GMWindow) -> None:
    # Pace 6 + running die d6: within 6 green, within 12 amber.
    preview = drag(qtbot, window, (1.5, 1.5), (5.4, 7.4))
    assert preview is not None
    assert preview.end == (5.5, 7.5)
    # 4 across, 6 down: 6 cells on the tabletop count (diagonals count 1). The line crosses
    # the mud (x 3..5, y 6..8) from (4.5, 6.0) to (5.0, 6.75): 1/8 of it, counted twice,
    # so 6 x 1.125 = 6.75 > Pace 6: running.
    assert preview.distance == pytest.approx(6.75)
    assert preview.band is PaceBand.RUNNING


def test_snap_toggle_off_places_the_token_where_dropped(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["snap"].trigger()
    assert not window.interaction.select_tool.snap
    drag(qtbot, window, (1.5, 1.5), (4.25, 2.25))
    token = window.state.encounter.token("hero")
    assert (token.x, token.y) == pytest.approx((4.25, 2.25), abs=1 / 32)


def test_shift_drag_places_freely_even_with_snapping_on(qtbot: QtBot, window: GMWindow) -> None:
    drag(qtbot, window, (1.5, 1.5), (3.75, 1.25), Qt.KeyboardModifier.ShiftModifier)
    token = window.state.encounter.token("hero")
    assert (token.x, token.y) == pytest.approx((3.75, 1.25), abs=1 / 32)


def test_multi_select_drag_moves_both_tokens_as_one_undo_step(
    qtbot: QtBot, window: GMWindow
) -> None:
    viewport = window.view.viewport()
    qtbot.mouseClick(viewport, LEFT, NONE, at_cell(window, 1.5, 1.5))
    qtbot.mouseClick(viewport, LEFT, Qt.KeyboardModifier.ControlModifier, at_cell(window, 1.5, 3.5))
    assert window.interaction.selection == {"hero", "kyra"}
    drag(qtbot, window, (1.5, 1.5), (3.5, 2.5))
    encounter = window.state.encounter
    assert (encounter.token("hero").x, encounter.token("hero").y) == (3.5, 2.5)
    assert (encounter.token("kyra").x, encounter.token("kyra").y) == (3.5, 4.5)
    assert window.state.undo_label == "Move 2 tokens"
    window.actions_by_name["undo"].trigger()
    assert window.state.encounter.token("kyra").x == 1.5
    assert window.state.encounter.token("hero").x == 1.5


def test_escape_cancels_a_drag(qtbot: QtBot, window: GMWindow) -> None:
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, at_cell(window, 1.5, 1.5))
    qtbot.mouseMove(viewport, at_cell(window, 3.5, 1.5))
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(viewport, LEFT, NONE, at_cell(window, 3.5, 1.5))
    assert window.state.encounter.token("hero").x == 1.5
    assert window.state.undo_label is None


def test_undo_and_redo_a_move(qtbot: QtBot, window: GMWindow) -> None:
    drag(qtbot, window, (1.5, 1.5), (2.5, 1.5))
    window.actions_by_name["undo"].trigger()
    assert window.state.encounter.token("hero").x == 1.5
    window.actions_by_name["redo"].trigger()
    assert window.state.encounter.token("hero").x == 2.5
    item = window.scene.token_item("hero")
    assert item is not None and item.pos().x() == 2.5 * 64
