"""W (the shortest way) never freezes the window: the search runs off the GUI thread, the bar
says "Finding the shortest way…", the drag goes on meanwhile, the newest request wins (an
answer for where the hand was is dropped), a drop waits for the way, and a search over its
budget says in words that no way was found in time. A large token goes by its footprint.

Real mouse and key events. The search is held at a gate (``WayRequest.find`` waits for it)
where a test needs it still running: nothing here depends on how fast the machine is.

The map (gui_helpers.small_encounter): Kyra at (1.5, 3.5), Pace 6; a wall x = 6 from y 0 to
3 and a closed door below it from y 3 to 4.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest
from gui_helpers import at_cell
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Grid, GridKind, Point, Side, Token, Wall
from battlemap.desktop.core.tools import DragPreview, WayRequest
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.overlay_item import hint_text
from battlemap.desktop.gui.settings import settings
from battlemap.desktop.gui.style import CELL

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture(autouse=True)
def _table_defaults() -> Iterator[None]:
    settings().remove("table")
    yield
    settings().remove("table")


@pytest.fixture(autouse=True)
def _no_pause_waypoints(window: GMWindow) -> None:
    """A busy machine's slow events must not read as the hand resting (a waypoint)."""
    window.interaction._pause.setInterval(600_000)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event, list[Point]]]:
    """Searches wait until the event is set; the list gets each search's end as it starts."""
    opened, asked = threading.Event(), []
    find = WayRequest.find

    def held(self: WayRequest, stop: Callable[[], bool] | None = None) -> object:
        asked.append(self.end)
        opened.wait(20)
        return find(self, stop)

    monkeypatch.setattr(WayRequest, "find", held)
    yield opened, asked
    opened.set()


def _cell(view: MapView, x: float, y: float) -> QPoint:
    return view.mapFromScene(x * CELL, y * CELL)


def _preview(window: GMWindow) -> DragPreview:
    preview = window.interaction.tool.preview
    assert isinstance(preview, DragPreview)
    return preview


def _drag_to_the_door(qtbot: QtBot, window: GMWindow, last: float = 7.5) -> None:
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(window.view, 1.5, 3.5))
    for x in (2.5, 4.5, 6.5, last):
        qtbot.mouseMove(viewport, _cell(window.view, x, 3.5))


def test_the_drag_goes_on_while_the_way_is_sought_and_the_newest_request_wins(
        qtbot: QtBot, window: GMWindow,
        gate: tuple[threading.Event, list[Point]]) -> None:
    opened, asked = gate
    _drag_to_the_door(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    qtbot.waitUntil(lambda: asked == [(7.5, 3.5)])
    assert window.statusBar().currentMessage() == "Finding the shortest way…"
    # the search is held: the window still follows the hand, the path its cells
    qtbot.mouseMove(window.view.viewport(), _cell(window.view, 8.5, 3.5))
    preview = _preview(window)
    assert preview.finding and preview.end == (8.5, 3.5) and preview.blocked
    assert hint_text(preview) == "Finding the shortest way… · W: your own way"
    opened.set()  # the search for (7.5, 3.5) ends: its answer is dropped, (8.5, 3.5) is sought
    qtbot.waitUntil(lambda: not window.interaction.select_tool.finding, timeout=20000)
    assert asked == [(7.5, 3.5), (8.5, 3.5)]
    preview = _preview(window)
    assert preview.end == (8.5, 3.5) and not preview.blocked
    assert max(y for _, y in preview.path) == 4.5  # round the door's end, through row 4
    qtbot.mouseRelease(window.view.viewport(), LEFT, NONE, at_cell(window, 8.5, 3.5))
    assert window.state.encounter.token("kyra").x == 8.5


def test_a_drop_while_the_way_is_sought_waits_for_it(
        qtbot: QtBot, window: GMWindow, gate: tuple[threading.Event, list[Point]]) -> None:
    opened, asked = gate
    window.interaction.ask = lambda text: pytest.fail(f"asked: {text}")
    _drag_to_the_door(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    qtbot.waitUntil(lambda: asked == [(7.5, 3.5)])
    assert _preview(window).blocked  # what shows meanwhile: the hand's path, red
    QTimer.singleShot(200, opened.set)  # the search ends while the drop waits
    qtbot.mouseRelease(window.view.viewport(), LEFT, NONE, at_cell(window, 7.5, 3.5))
    kyra = window.state.encounter.token("kyra")
    assert (kyra.x, kyra.y) == (7.5, 3.5)  # by the way round: nothing was asked
    assert window.state.undo_label == "Move Kyra"


def test_a_search_over_its_budget_says_no_way_was_found_in_time(
        qtbot: QtBot, window: GMWindow) -> None:
    window.interaction.finder.budget = 0.0  # spent before the first place is looked at
    _drag_to_the_door(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    qtbot.waitUntil(lambda: not window.interaction.select_tool.finding, timeout=20000)
    preview = _preview(window)
    assert preview.way_note == "No way round found in time"
    assert hint_text(preview) == "No way round found in time · W: your own way"
    assert window.statusBar().currentMessage() == (
        "No way round found in time: the path follows the hand")
    assert preview.blocked  # the hand's own path, through the door


def test_no_way_at_all_is_said_in_words(qtbot: QtBot, window: GMWindow) -> None:
    # Kyra shut in a room x 0..4, y 2..5
    room = Wall("room", ((0, 2), (4, 2), (4, 5), (0, 5), (0, 2)))
    window.state.load(replace(window.state.encounter, walls=(room,)))
    QApplication.processEvents()
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(window.view, 1.5, 3.5))
    for x in (2.5, 4.5, 6.5):
        qtbot.mouseMove(viewport, _cell(window.view, x, 3.5))
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    qtbot.waitUntil(lambda: not window.interaction.select_tool.finding, timeout=20000)
    assert _preview(window).way_note == "No way round the walls to there"
    assert window.statusBar().currentMessage() == (
        "No way round the walls to there: the path follows the hand")


def _ogre_map(kind: GridKind) -> Encounter:
    """The Ogre (size 2) at (4, 4); a wall x = 6: "n" y 0..4, "m" y 5..7, "s" y 9..12 -
    a gap 1 cell wide at y 4..5 and one 2 cells wide at y 7..9."""
    ogre = Token("ogre", "Ogre", 4.0, 4.0, size=2.0, stats={"pace": 8, "running_die": "d6"})
    return Encounter(system="savage-pathfinder", width=12, height=12, grid=Grid(kind),
                     tokens=(ogre,),
                     walls=(Wall("n", ((6, 0), (6, 4))), Wall("m", ((6, 5), (6, 7))),
                            Wall("s", ((6, 9), (6, 12)))))


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.GRIDLESS])
def test_the_ogre_is_too_big_for_the_narrow_gap_and_w_takes_the_wide_one(
        qtbot: QtBot, window: GMWindow, kind: GridKind) -> None:
    asked: list[str] = []
    window.interaction.ask = lambda text: asked.append(text) or False
    window.state.load(_ogre_map(kind))
    QApplication.processEvents()
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(window.view, 4.0, 4.0))
    for x in (5.0, 6.0, 7.0, 8.0):
        qtbot.mouseMove(viewport, _cell(window.view, x, 4.0))
    preview = _preview(window)
    # its centre line slips by n's end at (6, 4), its body (y 3..5) does not: red
    words = 'Ogre is too big for the gap between two walls 2" east of where Ogre stood'
    assert preview.blocked and preview.through == words
    assert hint_text(preview) == "Through a gap too narrow for Ogre · W: the way round"
    qtbot.keyClick(window.view, Qt.Key.Key_W)
    qtbot.waitUntil(lambda: not window.interaction.select_tool.finding, timeout=20000)
    preview = _preview(window)
    assert not preview.blocked and max(y for _, y in preview.path) >= 7.5
    qtbot.keyClick(window.view, Qt.Key.Key_W)  # the hand's own way again: red, and asked
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(window.view, 8.0, 4.0))
    assert asked == [words]
    assert window.state.encounter.token("ogre").x == 4.0
    assert window.statusBar().currentMessage() == f"Not moved: {words}"


def test_the_table_refuses_the_ogre_the_narrow_gap_in_words(
        qtbot: QtBot, window: GMWindow) -> None:
    ogre_map = _ogre_map(GridKind.SQUARE)  # a hero: the table moves the players' tokens
    window.state.load(replace(ogre_map, tokens=(replace(ogre_map.tokens[0], side=Side.HERO),)))
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    player.showNormal()
    player.resize(1000, 800)
    player.interaction._pause.setInterval(600_000)
    QApplication.processEvents()
    viewport = player.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(player.view, 4.0, 4.0))
    for x in (5.0, 6.0, 7.0, 8.0):
        qtbot.mouseMove(viewport, _cell(player.view, x, 4.0))
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(player.view, 8.0, 4.0))
    text = ('Move refused: Ogre is too big for the gap between two walls 2" east of where '
            'Ogre stood (go round, or ask the GM)')
    assert window.statusBar().currentMessage() == text
    assert window.state.encounter.log[-1].title == text
    assert window.state.encounter.token("ogre").x == 4.0
