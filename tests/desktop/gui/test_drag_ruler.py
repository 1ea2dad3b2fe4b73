"""The drag ruler on the GM window and the table, with real mouse events: the path follows the
hand, a pause, a click of the other button or Space adds a waypoint, Backspace removes it, Esc
cancels; a path through the closed door is red and asks the GM, and is refused on the table;
W follows the shortest way round the wall.

The map (gui_helpers.small_encounter): Valeros at (1.5, 1.5) and Kyra at (1.5, 3.5), Pace 6;
a wall x = 6 from y 0 to 3 and a closed door below it from y 3 to 4; mud x 3..5, y 6..8.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from gui_helpers import at_cell, open_table
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.model import Encounter, Grid, GridKind, Token, Wall
from battlemap.desktop.core.movement import hex_centre
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.interaction import WAYPOINT_PAUSE_MS
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.overlay_item import hint_text
from battlemap.desktop.gui.settings import settings
from battlemap.desktop.gui.style import CELL

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture(autouse=True)
def _table_defaults() -> Iterator[None]:
    settings().remove("table")
    yield
    settings().remove("table")


def _cell(view: MapView, x: float, y: float) -> QPoint:
    return view.mapFromScene(x * CELL, y * CELL)


def _press_and_trace(qtbot: QtBot, view: MapView, *cells: tuple[float, float]) -> None:
    """Press on the first cell, move the mouse through the others (the button held)."""
    viewport = view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(view, *cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(viewport, _cell(view, *cell))


def _found(qtbot: QtBot, window: GMWindow) -> None:
    """Wait for the worker to answer the drag's search for the shortest way."""
    qtbot.waitUntil(lambda: not window.interaction.select_tool.finding, timeout=20000)


def _preview(window: GMWindow) -> DragPreview:
    preview = window.interaction.tool.preview
    assert isinstance(preview, DragPreview)
    return preview


def test_the_path_follows_the_hand_and_is_counted_along_it(
        qtbot: QtBot, window: GMWindow) -> None:
    # east 2 cells, then south 2: 4" along the path (the straight line would be 2")
    _press_and_trace(qtbot, window.view, (1.5, 1.5), (2.5, 1.5), (3.5, 1.5), (3.5, 2.5),
                     (3.5, 3.5))
    preview = _preview(window)
    assert preview.path == ((1.5, 1.5), (2.5, 1.5), (3.5, 1.5), (3.5, 2.5), (3.5, 3.5))
    assert preview.distance == 4.0
    qtbot.mouseRelease(window.view.viewport(), LEFT, NONE, at_cell(window, 3.5, 3.5))
    assert (window.state.encounter.token("hero").x, window.state.encounter.token("hero").y) \
        == (3.5, 3.5)
    assert window.state.undo_label == "Move Valeros"


def test_down_into_the_mud_and_out_counts_the_mud_twice(qtbot: QtBot, window: GMWindow) -> None:
    # (1.5, 5.5) -> (3.5, 5.5): 2" dry; -> (3.5, 6.5): 1" of which half (y 6..6.5) in the
    # mud: 1.5"; -> (5.5, 6.5): 2" all in the mud (x 3.5..5, 1.5 of 2 in it): 2 x 1.75 = 3.5
    # total 2 + 1.5 + 3.5 = 7": beyond Pace 6, within Pace + running die (12)
    kyra = window.state.encounter.token("kyra")
    window.state.apply("Kyra", window.state.encounter.with_token(replace(kyra, y=5.5)))
    _press_and_trace(qtbot, window.view, (1.5, 5.5), (2.5, 5.5), (3.5, 5.5), (3.5, 6.5),
                     (4.5, 6.5), (5.5, 6.5))
    preview = _preview(window)
    assert preview.distance == pytest.approx(7.0)
    assert preview.band.value == "running"
    qtbot.mouseRelease(window.view.viewport(), LEFT, NONE, at_cell(window, 5.5, 6.5))


def test_a_pause_a_right_click_and_space_add_waypoints_backspace_and_esc(
        qtbot: QtBot, window: GMWindow) -> None:
    view = window.view
    _press_and_trace(qtbot, view, (1.5, 1.5), (2.5, 1.5), (3.5, 1.5))
    qtbot.wait(WAYPOINT_PAUSE_MS)  # the hand rests: a waypoint (the timer may come late)
    qtbot.waitUntil(lambda: _preview(window).waypoints == ((3.5, 1.5),), timeout=5000)
    qtbot.mouseMove(view.viewport(), _cell(view, 3.5, 2.5))
    qtbot.mousePress(view.viewport(), RIGHT, NONE, _cell(view, 3.5, 2.5))
    qtbot.mouseRelease(view.viewport(), RIGHT, NONE, _cell(view, 3.5, 2.5))
    assert _preview(window).waypoints == ((3.5, 1.5), (3.5, 2.5))
    assert window.state.encounter.token("hero").x == 1.5  # the right click dropped nothing
    qtbot.mouseMove(view.viewport(), _cell(view, 4.5, 2.5))
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert _preview(window).waypoints == ((3.5, 1.5), (3.5, 2.5), (4.5, 2.5))
    qtbot.keyClick(view, Qt.Key.Key_Backspace)
    qtbot.keyClick(view, Qt.Key.Key_Backspace)
    assert _preview(window).waypoints == ((3.5, 1.5),)
    # straight on from the waypoint left to where the hand is: 2 + 1 = 3"
    assert _preview(window).path == ((1.5, 1.5), (2.5, 1.5), (3.5, 1.5), (4.5, 2.5))
    assert _preview(window).distance == 3.0
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert window.interaction.tool.preview is None
    qtbot.mouseRelease(view.viewport(), LEFT, NONE, _cell(view, 4.5, 2.5))
    assert window.state.encounter.token("hero").x == 1.5
    assert window.state.undo_label is None


def test_through_the_closed_door_is_red_and_the_gm_is_asked(
        qtbot: QtBot, window: GMWindow) -> None:
    asked: list[str] = []
    answers = iter([False, True])

    def ask(text: str) -> bool:
        asked.append(text)
        return next(answers)

    window.interaction.ask = ask
    cells = [(1.5, 3.5), (2.5, 3.5), (3.5, 3.5), (4.5, 3.5), (5.5, 3.5), (6.5, 3.5)]
    _press_and_trace(qtbot, window.view, *cells)
    preview = _preview(window)
    # the leg (5.5, 3.5) -> (6.5, 3.5) meets the door at (6, 3.5): 4.5" east of Kyra
    assert preview.blocked == (4,)
    through = 'Kyra\'s path goes through a closed door 4.5" east of where Kyra stood'
    assert preview.through == through
    assert hint_text(preview) == "Through a closed door · W: the way round"
    qtbot.mouseRelease(window.view.viewport(), LEFT, NONE, at_cell(window, 6.5, 3.5))
    assert asked == [through]
    assert window.state.encounter.token("kyra").x == 1.5  # the GM said no
    assert window.statusBar().currentMessage() == f"Not moved: {through}"
    _press_and_trace(qtbot, window.view, *cells)
    qtbot.mouseRelease(window.view.viewport(), LEFT, NONE, at_cell(window, 6.5, 3.5))
    assert window.state.encounter.token("kyra").x == 6.5  # the GM allowed it
    assert window.state.encounter.log[-1].title == f"{through}: the GM allowed the move"


def test_w_goes_round_the_wall_and_the_drop_asks_nothing(qtbot: QtBot, window: GMWindow) -> None:
    window.interaction.ask = lambda text: pytest.fail(f"asked: {text}")
    _press_and_trace(qtbot, window.view, (1.5, 3.5), (4.5, 3.5), (7.5, 3.5))
    assert _preview(window).blocked
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    assert _preview(window).finding  # sought off the GUI thread: the bar says so
    assert window.statusBar().currentMessage() == "Finding the shortest way…"
    assert hint_text(_preview(window)) == "Finding the shortest way… · W: your own way"
    _found(qtbot, window)
    preview = _preview(window)
    assert preview.shortest and not preview.blocked and not preview.finding
    # round the door's free end at (6, 4), through row 4 (y 4.5): 6 cells east, one row
    # down and back up on the way, 6 steps on the Savage count (diagonals count 1)
    assert preview.distance == 6.0
    assert max(y for _, y in preview.path) == 4.5
    qtbot.mouseRelease(window.view.viewport(), LEFT, NONE, at_cell(window, 7.5, 3.5))
    assert window.state.encounter.token("kyra").x == 7.5


def test_the_table_refuses_a_move_through_the_door_in_words(
        qtbot: QtBot, window: GMWindow) -> None:
    player = open_table(window)
    _press_and_trace(qtbot, player.view, (1.5, 3.5), (3.5, 3.5), (5.5, 3.5), (6.5, 3.5))
    assert isinstance(player.interaction.tool.preview, DragPreview)
    assert player.interaction.tool.preview.blocked
    qtbot.mouseRelease(player.view.viewport(), LEFT, NONE, _cell(player.view, 6.5, 3.5))
    assert window.state.encounter.token("kyra").x == 1.5
    text = ('Move refused: Kyra\'s path goes through a closed door 4.5" east of where Kyra '
            'stood (go round, or ask the GM)')
    assert window.statusBar().currentMessage() == text
    assert window.state.encounter.log[-1].title == text
    # the same move round by the door's end is the table's to make
    _press_and_trace(qtbot, player.view, (1.5, 3.5), (3.5, 3.5), (5.5, 3.5), (5.5, 4.5),
                     (6.5, 4.5))
    qtbot.mouseRelease(player.view.viewport(), LEFT, NONE, _cell(player.view, 6.5, 4.5))
    assert window.state.encounter.token("kyra").x == 6.5


@pytest.mark.parametrize("kind", [GridKind.HEX, GridKind.GRIDLESS])
def test_on_hexes_and_gridless_w_goes_round_and_the_cli_counts_the_same(
        qtbot: QtBot, window: GMWindow, kind: GridKind, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    # a wall x = 2.2 from y -1 to 2.5 between Ann (hex (0, 0)) and hex (4, 0)
    start, goal = hex_centre(0, 0), hex_centre(4, 0)
    ann = Token(id="ann", name="Ann", x=start[0], y=start[1], stats={"pace": 6})
    encounter = Encounter(system="savage-pathfinder", width=10, height=8, grid=Grid(kind),
                          tokens=(ann,), walls=(Wall("w", ((2.2, -1.0), (2.2, 2.5))),))
    window.state.load(encounter)
    QApplication.processEvents()
    cells = [hex_centre(col, 0) for col in range(5)]
    _press_and_trace(qtbot, window.view, *cells)
    assert _preview(window).blocked
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    _found(qtbot, window)
    preview = _preview(window)
    assert preview.shortest and not preview.blocked and preview.path[-1] == goal
    assert max(y for _, y in preview.path) > 2.5  # below the wall's end
    qtbot.mouseRelease(window.view.viewport(), LEFT, NONE, _cell(window.view, *goal))
    assert (window.state.encounter.token("ann").x, window.state.encounter.token("ann").y) \
        == goal
    # battlemap move --shortest on the same map counts what the drag counted
    path = tmp_path / "enc.json"
    save_encounter(encounter, path)
    assert main(["move", str(path), "Ann", str(goal[0]), str(goal[1]), "--shortest",
                 "--json"]) == 0
    moved = json.loads(capsys.readouterr().out)
    assert moved["distance"] == pytest.approx(preview.distance)
    assert moved["path"] == [list(p) for p in preview.path]


def test_a_finger_resting_on_the_table_adds_a_waypoint(qtbot: QtBot, window: GMWindow) -> None:
    player = open_table(window)
    device = QTest.createTouchDevice()
    view = player.view

    def touch(action: str, x: float, y: float) -> None:
        sequence = QTest.touchEvent(player, device, False)
        getattr(sequence, action)(0, view.viewport().mapTo(player, _cell(view, x, y)))
        sequence.commit()
        QApplication.processEvents()

    touch("press", 1.5, 3.5)
    for x in (2.0, 2.5, 3.0, 3.5):
        touch("move", x, 3.5)
    touch("move", 3.5, 4.5)
    qtbot.wait(WAYPOINT_PAUSE_MS)
    qtbot.waitUntil(lambda: getattr(player.interaction.tool.preview, "waypoints", ()) != (),
                    timeout=5000)
    touch("move", 4.5, 5.5)
    preview = player.interaction.tool.preview
    assert isinstance(preview, DragPreview)
    assert preview.waypoints == ((3.5, 4.5),)
    # 2 east, 1 south, then 1 diagonal: 4" along the path
    assert preview.distance == 4.0
    touch("release", 4.5, 5.5)
    assert (window.state.encounter.token("kyra").x, window.state.encounter.token("kyra").y) \
        == (4.5, 5.5)
