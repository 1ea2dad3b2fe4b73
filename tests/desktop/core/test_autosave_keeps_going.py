"""The autosave never stops the GM's work (issue 31, "The GUI starts and stays up").

A data folder that cannot be made (a file is in its place) or a disk that fills while the
window runs pauses the autosave with a one-line reason; the session goes on, each later change
tries again, and the autosave resumes by itself when the disk has room.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from battlemap.desktop.core import storage
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.storage import AUTOSAVE_NAME, Autosaver, pending_restore


def test_a_data_folder_that_cannot_be_made_pauses_the_autosave(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    told: list[str | None] = []
    saver = Autosaver(tmp_path / "data" / "autosave", delay=0.0)
    saver.on_problem = told.append
    saver.start_session()  # no exception: the GUI goes on starting
    saver.changed(Encounter(name="Ambush"))
    assert saver.poll() is True
    assert saver.problem is not None and saver.problem.startswith("Autosave paused: ")
    assert str(tmp_path / "data" / "autosave") in saver.problem
    assert told == [saver.problem]  # told once, not at every change
    saver.end_session()


def test_a_full_disk_pauses_the_autosave_and_it_resumes_when_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saver = Autosaver(tmp_path, delay=0.0)
    told: list[str | None] = []
    saver.on_problem = told.append
    saver.start_session()
    real_write = storage.atomic_write_bytes

    def full(path: Path, data: bytes, **_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(storage, "atomic_write_bytes", full)
    saver.changed(Encounter(name="First"))
    saver.changed(Encounter(name="Second"))  # writes "First" now: fails, no exception
    saver.poll()
    assert saver.problem is not None and "No space left on device" in saver.problem
    monkeypatch.setattr(storage, "atomic_write_bytes", real_write)
    saver.changed(Encounter(name="Third"))
    saver.poll()
    assert saver.problem is None and told[-1] is None and len(told) == 2
    restore = pending_restore(tmp_path)  # the session has not ended: as after a crash
    assert restore is not None and restore.encounter.name == "Third"
    assert (tmp_path / AUTOSAVE_NAME).exists()
    saver.end_session()
