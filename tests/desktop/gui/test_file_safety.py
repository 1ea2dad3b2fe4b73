"""Bad files through the File menu, and the autosave offered after a crash (issue 8).

Every case opens or imports a broken file with the menu action (the file dialog answered by the
test): a message box names the problem and its place, the open encounter is the very same
snapshot with the same history and file, and neither the bad file nor the open encounter's file
changed on disk by a single byte.
"""

from __future__ import annotations

import base64
import json
import math
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLabel, QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fileformat import dumps_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.storage import Autosaver, pending_restore
from battlemap.desktop.gui import app
from battlemap.desktop.gui.main_window import GMWindow

Document = dict[str, Any]


def png(width: int, height: int) -> bytes:
    """A PNG header claiming ``width`` x ``height`` px, with no pixels (a decompression bomb)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b""))


BOMB = png(50_000, 50_000)
BOMB_MESSAGE = "image is 50000 x 50000 px; the limit is 16384 px a side"


class Answers:
    """The user's side of the dialogs: the file chosen, and every message box shown."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.file = ""
        self.messages: list[tuple[str, str]] = []
        self.questions: list[str] = []
        self.answer = QMessageBox.StandardButton.Yes
        choose = staticmethod(lambda *_args, **_kw: (self.file, ""))
        monkeypatch.setattr(QFileDialog, "getOpenFileName", choose)
        monkeypatch.setattr(QMessageBox, "warning", staticmethod(self._warn))
        monkeypatch.setattr(QMessageBox, "question", staticmethod(self._ask))
        monkeypatch.setattr(QInputDialog, "getDouble", staticmethod(self._never))

    def _warn(self, _parent: object, title: str, text: str) -> QMessageBox.StandardButton:
        self.messages.append((title, text))
        return QMessageBox.StandardButton.Ok

    def _ask(self, _parent: object, _title: str, text: str, *_rest: object) -> object:
        self.questions.append(text)
        return self.answer

    @staticmethod
    def _never(*_args: object) -> tuple[float, bool]:
        raise AssertionError("a refused image must not get as far as the grid question")


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Answers:
    return Answers(monkeypatch)


@pytest.fixture
def saved_window(window: GMWindow, tmp_path: Path) -> GMWindow:
    """The test window after one move, saved to ``tmp_path / "current.json"``."""
    encounter = window.state.encounter
    window.state.apply("Move Valeros",
                       encounter.with_token(encounter.token("hero").moved_to(2.5, 1.5)))
    save_encounter(window.state.encounter, tmp_path / "current.json")
    window.path = tmp_path / "current.json"
    window.state.mark_saved()
    return window


def file_menu_action(window: GMWindow, text: str) -> QAction:
    """The File menu's action labelled ``text``."""
    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    [action] = [a for a in file_menu.actions() if a.text() == text]
    return action


def assert_nothing_changed(window: GMWindow, action: str, bad: Path) -> None:
    """File > ``action`` on ``bad``: the window and both files stay exactly as they were."""
    assert window.path is not None
    encounter, history, path = window.state.encounter, window.state.history, window.path
    bad_bytes, current_bytes = bad.read_bytes(), path.read_bytes()
    file_menu_action(window, action).trigger()
    assert window.state.encounter is encounter
    assert window.state.history == history and not window.state.dirty
    assert window.path == path
    assert bad.read_bytes() == bad_bytes
    assert path.read_bytes() == current_bytes


def encounter_document(window: GMWindow) -> Document:
    document: Document = json.loads(dumps_encounter(window.state.encounter))
    return document


def truncated(text: str) -> str:
    return text[: len(text) // 2]


def with_nan_position(doc: Document) -> Document:
    doc["tokens"][0]["position"]["x"] = math.nan
    return doc


def from_the_future(doc: Document) -> Document:
    doc["format"] = 99
    return doc


def with_bomb_background(doc: Document) -> Document:
    doc["background"] = {"embedded": base64.b64encode(BOMB).decode(), "pixels_per_cell": 70}
    return doc


@pytest.mark.parametrize(("spoil", "expected"), [
    (None, "(top level): not valid JSON: line "),
    (with_nan_position, "tokens[0].position.x: not a finite number"),
    (from_the_future, "format: this file is format 99, made by a newer Battlemap"),
    (with_bomb_background, f"background.embedded: {BOMB_MESSAGE}"),
])
def test_opening_a_bad_encounter_says_why_and_changes_nothing(
    saved_window: GMWindow, answers: Answers, tmp_path: Path,
    spoil: Callable[[Document], Document] | None, expected: str,
) -> None:
    text = json.dumps(encounter_document(saved_window))
    bad = tmp_path / "bad.json"
    bad.write_text(truncated(text) if spoil is None else json.dumps(spoil(json.loads(text))))
    answers.file = str(bad)
    assert_nothing_changed(saved_window, "&Open...", bad)
    [(title, message)] = answers.messages
    assert title == "Cannot open encounter"
    assert message.startswith(f"{bad}: {expected}")


def uvtt_document() -> Document:
    """A 4 x 4 cell Universal VTT map with one wall and one closed door."""
    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 4},
                       "pixels_per_grid": 64},
        "line_of_sight": [[{"x": 0, "y": 0}, {"x": 4, "y": 0}]],
        "portals": [{"position": {"x": 2, "y": 2}, "bounds": [{"x": 2, "y": 1.5},
                                                             {"x": 2, "y": 2.5}],
                     "rotation": 0, "closed": True, "freestanding": False}],
    }


def one_bound(doc: Document) -> Document:
    doc["portals"][0]["bounds"] = doc["portals"][0]["bounds"][:1]
    return doc


def bomb_image(doc: Document) -> Document:
    doc["image"] = base64.b64encode(BOMB).decode()
    return doc


def bad_base64(doc: Document) -> Document:
    doc["image"] = "iVBORw0KGgo*not base64*"
    return doc


@pytest.mark.parametrize(("spoil", "expected"), [
    (one_bound, "portals[0].bounds: expected 2 points, got 1"),
    (bomb_image, f"image: {BOMB_MESSAGE}"),
    (bad_base64, "image: not valid base64 data"),
])
def test_importing_a_bad_universal_vtt_says_why_and_changes_nothing(
    saved_window: GMWindow, answers: Answers, tmp_path: Path,
    spoil: Callable[[Document], Document], expected: str,
) -> None:
    bad = tmp_path / "bad.dd2vtt"
    bad.write_text(json.dumps(spoil(uvtt_document())))
    answers.file = str(bad)
    assert_nothing_changed(saved_window, "Import &Universal VTT...", bad)
    assert answers.messages == [("Cannot import Universal VTT", f"{bad}: {expected}")]


def test_a_decompression_bomb_map_image_is_refused_before_anything_changes(
    saved_window: GMWindow, answers: Answers, tmp_path: Path
) -> None:
    bad = tmp_path / "bomb.png"
    bad.write_bytes(BOMB)
    answers.file = str(bad)
    assert_nothing_changed(saved_window, "Import &Map Image...", bad)
    assert answers.messages == [("Cannot import map", f"{bad}: {BOMB_MESSAGE}")]


def test_after_a_crash_the_autosave_is_offered_and_restored(
    qtbot: QtBot, answers: Answers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first session autosaves (as app.start_autosave wires it), makes two moves in quick
    # succession and dies without ending its session: the second move is the one lost.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    source = tmp_path / "ambush.json"
    save_encounter(Encounter(name="Ambush"), source)
    first = app.open_window(str(source))
    qtbot.addWidget(first, before_close_func=lambda w: w.state.mark_saved())
    app.start_autosave(first)
    after_first_move = moved(first, "Valeros", 2.5)
    moved(first, "Valeros", 3.5)
    restore = pending_restore()
    assert restore is not None and restore.encounter == after_first_move
    second = app.open_window(None)
    qtbot.addWidget(second, before_close_func=lambda w: w.state.mark_saved())
    app.offer_restore(second)
    assert answers.questions == [
        'Battlemap did not close cleanly. Restore the autosaved "Ambush"?']
    assert second.state.encounter == after_first_move
    assert second.path == source


def moved(window: GMWindow, name: str, x: float) -> Encounter:
    """Add or move the token ``name`` to ``(x, 1.5)`` as one edit; the new snapshot."""
    encounter = window.state.encounter
    token = next((t for t in encounter.tokens if t.name == name), None)
    token = Token("v", name, x, 1.5) if token is None else token.moved_to(x, 1.5)
    window.state.apply(f"Move {name}", encounter.with_token(token))
    return window.state.encounter


def test_declining_the_restore_forgets_the_autosave(
    qtbot: QtBot, answers: Answers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    saver = Autosaver(delay=0.0)
    saver.start_session(None)
    saver.changed(Encounter(name="Lost cause"))
    saver.poll()
    window = GMWindow(BattleState(Encounter(name="Fresh")))
    qtbot.addWidget(window)
    answers.answer = QMessageBox.StandardButton.No
    app.offer_restore(window)
    assert window.state.encounter == Encounter(name="Fresh")
    assert pending_restore() is None


def test_a_data_folder_that_cannot_be_written_shows_a_warning_and_edits_go_on(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file where the data folder should be: the autosave cannot start. The window opens,
    # the status bar says so and keeps saying so, and every edit is applied and undoable.
    (tmp_path / "data").write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    window = app.open_window(None)
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    saver = app.start_autosave(window)
    assert saver.problem is not None and saver.problem.startswith("Autosave paused: ")
    assert window.statusBar().currentMessage() == saver.problem
    shown = [w for w in window.statusBar().findChildren(QLabel) if w.text().startswith("⚠")]
    assert [w.toolTip() for w in shown] == [saver.problem] and not shown[0].isHidden()
    before = window.state.encounter
    moved(window, "Valeros", 2.5)
    saver.flush()
    assert window.state.encounter != before
    assert window.state.undo() is not None and window.state.encounter == before
    saver.end_session()
