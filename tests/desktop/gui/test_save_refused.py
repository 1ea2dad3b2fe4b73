"""A save the disk refuses is said in words, the file and why, and the edits are kept (rel3's
walk of issue 31: a full disk showed "[Errno 28] No space left on device: '.../enc.json'" in a
box only, nothing on the status bar or in the log)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from battlemap.desktop.core import fileformat
from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.gui import file_actions
from battlemap.desktop.gui.main_window import GMWindow


def test_a_full_disk_is_said_with_the_file_and_the_edits_stay(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "crypt.json"
    save_encounter(window.state.encounter, path)
    window.path = path
    token = window.state.encounter.tokens[0]
    window.state.apply("Move", window.state.encounter.with_token(
        token.moved_to(token.x + 1.0, token.y)))
    edited = window.state.encounter

    def full_disk(target: object, _data: bytes, **_how: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr(fileformat, "atomic_write_bytes", full_disk)
    boxes: list[str] = []

    def close_box() -> None:
        box = window.findChild(QMessageBox)
        if box is not None and box.isVisible():
            boxes.append(box.text())
            box.close()

    poll = QTimer(interval=20)
    poll.timeout.connect(close_box)
    poll.start()
    assert not file_actions.save(window)
    poll.stop()
    assert boxes == [f"{path}: No space left on device"]
    assert window.statusBar().currentMessage() == (
        f"Not saved: {path}: No space left on device; the edits are kept")
    assert window.state.encounter is edited and window.state.dirty
