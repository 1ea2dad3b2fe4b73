"""Opening an encounter: read in a worker, a progress dialog naming the step (issue 31: "a
legal but big map finishes in seconds with a progress indicator"), the window responsive."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fileformat import open_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Wall
from battlemap.desktop.core.progress import step
from battlemap.desktop.gui import app, encounter_loading, file_actions
from battlemap.desktop.gui.main_window import GMWindow

WALLS = 300


@pytest.fixture
def walled_file(tmp_path: Path) -> Path:
    walls = tuple(Wall(f"w{k}", ((k * 0.1, 1.0), (k * 0.1, 2.0))) for k in range(WALLS))
    path = tmp_path / "crypt.json"
    save_encounter(Encounter(name="Crypt", width=40.0, height=20.0, walls=walls), path)
    return path


class HeldRead:
    """``open_encounter`` held at its checking step until ``watch`` lets it go: what the window
    shows meanwhile is recorded (the labels of the visible progress dialog, timer ticks)."""

    def __init__(self, find: Callable[[], QProgressDialog | None]) -> None:
        self.find = find
        self.released = threading.Event()
        self.labels: list[str] = []
        self.ticks = 0
        self.timer = QTimer(interval=20)
        self.timer.timeout.connect(self.watch)
        self.timer.start()

    def open(self, path: Path) -> tuple[Encounter, tuple[str, ...]]:
        step("checking the encounter")
        self.released.wait(60)  # a safety net only: the watch lets it go
        return open_encounter(path)

    def watch(self) -> None:
        self.ticks += 1
        dialog = self.find()
        if dialog is not None and dialog.isVisible():
            self.labels.append(dialog.labelText())
            self.released.set()

    def stop(self) -> None:
        self.timer.stop()
        self.released.set()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., HeldRead]]:
    made: list[HeldRead] = []

    def make(find: Callable[[], QProgressDialog | None]) -> HeldRead:
        made.append(HeldRead(find))
        monkeypatch.setattr(encounter_loading, "open_encounter", made[-1].open)
        return made[-1]

    yield make
    for read in made:
        read.stop()


def opening_dialog() -> QProgressDialog | None:
    found = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, QProgressDialog) and w.windowTitle() == "Opening encounter"]
    return found[0] if found else None


def test_a_slow_open_shows_its_step_and_the_window_keeps_running(
    window: GMWindow, walled_file: Path, held: Callable[..., HeldRead]
) -> None:
    read = held(opening_dialog)
    assert file_actions.open_path(window, walled_file)
    assert read.labels[0] == "crypt.json: checking the encounter..."
    assert read.ticks > 1  # the event loop ran while the worker read the file
    assert window.state.encounter.name == "Crypt"
    assert len(window.state.encounter.walls) == WALLS
    assert opening_dialog() is None or not opening_dialog().isVisible()  # type: ignore[union-attr]


def test_the_build_of_the_map_is_named_with_what_it_holds(
    window: GMWindow, walled_file: Path, held: Callable[..., HeldRead]
) -> None:
    held(opening_dialog)
    seen: list[str] = []
    window.state.changed.connect(lambda *_: seen.append(opening_dialog().labelText()))  # type: ignore[union-attr]
    assert file_actions.open_path(window, walled_file)
    assert seen == [f"crypt.json: building the map ({WALLS} walls, 0 tokens, 0 regions, "
                    "0 lights)..."]


def test_cancelling_a_slow_open_keeps_the_encounter_and_says_so(
    qtbot: QtBot, window: GMWindow, walled_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = window.state.encounter
    released = threading.Event()

    def held_open(path: Path) -> tuple[Encounter, tuple[str, ...]]:
        released.wait(60)
        return open_encounter(path)

    def press_cancel() -> None:
        dialog = opening_dialog()
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(20, press_cancel)
            return
        button = dialog.findChild(QPushButton)
        assert button is not None and button.text() == "Cancel"
        centre = button.rect().center()
        qtbot.mousePress(button, Qt.MouseButton.LeftButton, pos=centre)
        qtbot.mouseMove(button, centre + QPoint(1, 0))
        qtbot.mouseRelease(button, Qt.MouseButton.LeftButton, pos=centre)

    monkeypatch.setattr(encounter_loading, "open_encounter", held_open)
    QTimer.singleShot(0, press_cancel)
    try:
        assert not file_actions.open_path(window, walled_file)
    finally:
        released.set()
    assert window.state.encounter is before
    assert window.statusBar().currentMessage() == (
        "Opening crypt.json cancelled: the encounter is as it was")


def test_the_start_up_shows_the_step_before_the_window_is_there(
    qtbot: QtBot, walled_file: Path, held: Callable[..., HeldRead]
) -> None:
    read = held(opening_dialog)
    window = app.open_window(str(walled_file))
    qtbot.addWidget(window)
    assert read.labels[0] == "crypt.json: checking the encounter..."
    assert opening_dialog() is None or not opening_dialog().isVisible()  # type: ignore[union-attr]
    assert len(window.state.encounter.walls) == WALLS
    window.state.mark_saved()



def test_open_recent_asks_before_it_drops_unsaved_changes(
    window: GMWindow, walled_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rel3's walk: File > Open Recent replaced an edited encounter without asking (Open, New,
    # a dropped file asked)
    from PySide6.QtWidgets import QMenu

    from battlemap.desktop.gui.settings import add_recent_file

    add_recent_file(str(walled_file))
    token = window.state.encounter.tokens[0]
    window.state.apply("Move", window.state.encounter.with_token(
        token.moved_to(token.x + 1.0, token.y)))
    edited = window.state.encounter
    assert window.state.dirty
    asked: list[bool] = []
    monkeypatch.setattr(window, "confirm_discard", lambda: asked.append(True) or False)
    recent = next(m for m in window.menuBar().findChildren(QMenu) if m.title() == "Open &Recent")
    recent.aboutToShow.emit()
    entry = next(a for a in recent.actions() if a.text() == str(walled_file))
    entry.trigger()
    assert asked == [True]
    assert window.state.encounter is edited and window.state.dirty
