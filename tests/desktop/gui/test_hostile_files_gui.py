"""Untrusted files at the GM window (issue 18): a map image outside the encounter's folder is
not shown and can be relinked from the message; a Universal VTT export opened as a file, from
the command line, from File > Open or dropped on the map, goes to the import."""

from __future__ import annotations

import json
import struct
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot
from test_uvtt_import_dialog import answer_import_dialog

from battlemap.desktop.gui import app, file_actions
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.uvtt_import_dialog import UvttImportDialog

UVTT = {
    "format": 1.0,
    "resolution": {"map_origin": {"x": 0.0, "y": 0.0}, "map_size": {"x": 4.0, "y": 3.0},
                   "pixels_per_grid": 4.0},
    "line_of_sight": [[{"x": 0.0, "y": 0.0}, {"x": 4.0, "y": 0.0}]],
    "image": "scene-map.png",
}  # fmt: skip


def png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + header + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class Warnings:
    """The warnings shown (title, text), answered with ``answer``; the file dialog's choice."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[tuple[str, str]] = []
        self.answer = QMessageBox.StandardButton.Close
        self.file = ""
        monkeypatch.setattr(QMessageBox, "warning", staticmethod(self._warn))
        monkeypatch.setattr(QFileDialog, "getOpenFileName",
                            staticmethod(lambda *_a, **_k: (self.file, "")))  # fmt: skip

    def _warn(self, _parent: object, title: str, text: str, *_rest: object) -> object:
        self.shown.append((title, text))
        return self.answer


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> Warnings:
    return Warnings(monkeypatch)


def shared_encounter(tmp_path: Path) -> Path:
    """downloads/enc.json whose map is ../secret.png (a real image outside its folder)."""
    (tmp_path / "secret.png").write_bytes(png(16, 12))
    (tmp_path / "downloads").mkdir()
    file = tmp_path / "downloads" / "enc.json"
    file.write_text(json.dumps({"format": 1, "width": 4, "height": 3, "background": {
        "path": "../secret.png", "pixels_per_cell": 4}}))  # fmt: skip
    return file


def test_a_map_outside_the_folder_is_not_shown_and_the_message_relinks_it(
    window: GMWindow, warnings: Warnings, tmp_path: Path
) -> None:
    file = shared_encounter(tmp_path)
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "cave.png").write_bytes(png(16, 12))
    warnings.answer, warnings.file = QMessageBox.StandardButton.Open, str(
        tmp_path / "pictures" / "cave.png"
    )
    assert file_actions.open_path(window, file)
    [(title, text)] = warnings.shown
    assert title == "Images not shown"
    assert text.startswith(
        f"Map image not shown: background.path: {tmp_path / 'secret.png'}: outside the "
        f"encounter's folder {tmp_path / 'downloads'}"
    )
    background = window.state.encounter.background
    assert background is not None
    assert background.path == str(tmp_path / "downloads" / "cave.png")  # copied in
    assert (tmp_path / "downloads" / "cave.png").read_bytes() == png(16, 12)
    assert window.state.undo_label == "Relink map image"
    assert window.scene.background_size() is not None
    assert file_actions.save(window)
    saved = json.loads(file.read_text())["background"]
    assert (saved["path"], saved["pixels_per_cell"]) == ("cave.png", 4.0)


def test_closing_the_message_opens_the_encounter_without_its_map(
    window: GMWindow, warnings: Warnings, tmp_path: Path
) -> None:
    file = shared_encounter(tmp_path)
    assert file_actions.open_path(window, file)
    assert len(warnings.shown) == 1
    assert window.path == file and window.scene.background_size() is None
    assert window.state.history == ()
    window.state.apply("Rename", replace(window.state.encounter, name="Ambush"))
    assert file_actions.save(window)  # the refused image is not copied in by the save
    assert sorted(p.name for p in file.parent.iterdir()) == ["enc.json"]
    assert json.loads(file.read_text())["background"]["path"] == "../secret.png"


def test_save_as_into_the_parent_folder_never_makes_a_refused_image_visible(
    window: GMWindow, warnings: Warnings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # downloads/enc.json names ../secret.png, refused. Saved as tmp/enc.json the path would
    # become "secret.png", inside the new folder, and the next open would show it: it is left
    # out of the file, the GM is told, and the reopened encounter has no map image.
    file = shared_encounter(tmp_path)
    assert file_actions.open_path(window, file)
    warnings.shown.clear()
    target = tmp_path / "enc.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *_a, **_k: (str(target), "")))
    assert file_actions.save_as(window)
    assert "background" not in json.loads(target.read_text())
    [(title, text)] = warnings.shown
    assert title == "Images left out of the file" and str(tmp_path / "secret.png") in text
    assert file_actions.open_path(window, target)
    assert window.state.encounter.background is None


def test_a_uvtt_file_opened_from_file_open_goes_to_the_import(
    window: GMWindow, warnings: Warnings, tmp_path: Path
) -> None:
    (tmp_path / "scene-map.png").write_bytes(png(16, 12))
    source = tmp_path / "scene.json"  # Universal VTT content under an encounter's suffix
    source.write_text(json.dumps(UVTT))
    warnings.file = str(source)
    answer_import_dialog(UvttImportDialog.accept)
    file_actions.open_dialog(window)
    assert warnings.shown == []
    assert window.path is None
    assert [w.points for w in window.state.encounter.walls] == [((0.0, 0.0), (4.0, 0.0))]
    assert window.scene.background_size() == (16, 12)


def test_battlemap_map_dd2vtt_opens_the_import(
    qtbot: QtBot, warnings: Warnings, tmp_path: Path
) -> None:
    source = tmp_path / "cave.dd2vtt"
    source.write_text(json.dumps(UVTT | {"image": ""}))
    answer_import_dialog(UvttImportDialog.accept)
    window = app.open_window(str(source))
    qtbot.addWidget(window)
    assert warnings.shown == []
    assert window.state.encounter.name == "cave" and window.path is None
    assert len(window.state.encounter.walls) == 1


def test_a_uvtt_file_dropped_on_the_map_goes_to_the_import(
    window: GMWindow, qtbot: QtBot, warnings: Warnings, tmp_path: Path
) -> None:
    source = tmp_path / "dropped.df2vtt"
    source.write_text(json.dumps(UVTT | {"image": ""}))
    file_actions.accept_dropped_files(window)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(source))])
    viewport = window.view.viewport()
    at = QPointF(viewport.rect().center())
    enter = QDragEnterEvent(at.toPoint(), Qt.DropAction.CopyAction, data,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    answer_import_dialog(UvttImportDialog.accept)
    drop = QDropEvent(at, Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)  # fmt: skip
    QApplication.sendEvent(viewport, drop)
    qtbot.waitUntil(lambda: window.state.encounter.name == "dropped")
    assert warnings.shown == []
    assert len(window.state.encounter.walls) == 1 and window.path is None


def test_save_as_into_another_folder_takes_the_map_along(
    window: GMWindow, warnings: Warnings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    (tmp_path / "a" / "cave.png").write_bytes(png(16, 12))
    source = tmp_path / "a" / "enc.json"
    source.write_text(json.dumps({"format": 1, "width": 4, "height": 3, "background": {
        "path": "cave.png", "pixels_per_cell": 4}}))  # fmt: skip
    assert file_actions.open_path(window, source) and warnings.shown == []
    target = tmp_path / "b" / "enc.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *_a, **_k: (str(target), "")))  # fmt: skip
    assert file_actions.save_as(window)
    assert (tmp_path / "b" / "cave.png").read_bytes() == png(16, 12)
    assert json.loads(target.read_text())["background"]["path"] == "cave.png"
    assert file_actions.open_path(window, target) and warnings.shown == []
    assert window.scene.background_size() == (16, 12)
