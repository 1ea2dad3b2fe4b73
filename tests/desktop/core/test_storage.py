"""Autosave, crash detection and restore; crash-safe saves under SIGKILL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from battlemap.desktop.core.atomic import atomic_write_bytes
from battlemap.desktop.core.model import Background, Encounter
from battlemap.desktop.core.storage import (
    AUTOSAVE_NAME,
    MARKER_NAME,
    Autosaver,
    autosave_dir,
    discard_restore,
    pending_restore,
)

KILL_SCRIPT = Path(__file__).resolve().parents[2] / "soak" / "kill_save.py"


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def saver_in(folder: Path) -> tuple[Autosaver, FakeClock]:
    clock = FakeClock()
    saver = Autosaver(folder, delay=1.0, clock=clock)
    saver.start_session(source="/maps/ambush.json")
    return saver, clock


def test_a_change_is_written_only_after_the_delay(tmp_path: Path) -> None:
    saver, clock = saver_in(tmp_path)
    saver.changed(Encounter(name="one"))
    clock.now += 0.5
    assert saver.poll() is False
    assert not (tmp_path / AUTOSAVE_NAME).exists()
    clock.now += 0.5
    assert saver.poll() is True
    assert pending_restore(tmp_path) is not None
    assert saver.poll() is False  # nothing pending any more


def test_a_second_change_writes_the_first_at_once_so_at_most_one_is_lost(tmp_path: Path) -> None:
    saver, _ = saver_in(tmp_path)
    saver.changed(Encounter(name="one"))
    saver.changed(Encounter(name="two"))
    restore = pending_restore(tmp_path)
    assert restore is not None and restore.encounter.name == "one"


def test_after_a_crash_the_autosave_and_its_source_are_offered(tmp_path: Path) -> None:
    saver, _ = saver_in(tmp_path)
    original = Encounter(name="ambush", background=Background(path="/maps/floor.png"))
    saver.changed(original)
    saver.flush()
    del saver  # no end_session: the process "crashed"
    restore = pending_restore(tmp_path)
    assert restore is not None
    assert (restore.encounter, restore.source) == (original, "/maps/ambush.json")


def test_a_clean_exit_removes_the_autosave_and_its_gm_notes(tmp_path: Path) -> None:
    saver, _ = saver_in(tmp_path)
    saver.changed(Encounter(name="first", notes="the goblins flee at half strength"))
    saver.changed(Encounter(name="last"))  # "first" is written now
    assert (tmp_path / AUTOSAVE_NAME).exists()
    saver.end_session()
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    assert pending_restore(tmp_path) is None


def test_a_marker_of_another_live_process_is_not_a_crash(tmp_path: Path) -> None:
    saver, _ = saver_in(tmp_path)
    saver.changed(Encounter(name="x"))
    saver.flush()
    (tmp_path / MARKER_NAME).write_text(json.dumps({"pid": os.getppid(), "source": None}))
    assert pending_restore(tmp_path) is None


def test_a_damaged_autosave_is_not_offered_and_discard_forgets_it(tmp_path: Path) -> None:
    saver_in(tmp_path)
    (tmp_path / AUTOSAVE_NAME).write_text('{"format": 1, "tokens": [')
    assert pending_restore(tmp_path) is None
    discard_restore(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_start_session_removes_temporaries_of_killed_saves(tmp_path: Path) -> None:
    (tmp_path / ".current.json.abc123.tmp").write_text("half a file")
    Autosaver(tmp_path).start_session()
    assert sorted(p.name for p in tmp_path.iterdir()) == [MARKER_NAME]


def test_autosaves_go_to_the_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if sys.platform != "linux":
        pytest.skip("XDG_DATA_HOME decides the folder on Linux only")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert autosave_dir() == tmp_path / "battlemap" / "autosave"


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX only")
@pytest.mark.parametrize("mode", [[], ["--autosaver"]], ids=["save_encounter", "autosaver"])
def test_saves_killed_at_random_moments_always_leave_a_complete_state(mode: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, str(KILL_SCRIPT), "--kills", "8", "--seed", "7", *mode],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "file complete and equal to a saved state: 8\n" in result.stdout
    assert result.stdout.endswith("failures: 0\n")


def test_a_save_removes_what_killed_saves_of_that_file_left_an_hour_ago(tmp_path: Path) -> None:
    # A SIGKILL mid-save leaves ".enc.json.XXXX.tmp" (6 in the 200-kill soak); the next save
    # of enc.json deletes those older than an hour, keeps a fresh one (maybe another program's
    # save in progress) and never touches other files' temporaries.
    old, fresh = tmp_path / ".enc.json.a1.tmp", tmp_path / ".enc.json.b2.tmp"
    other = tmp_path / ".other.json.c3.tmp"
    for stray in (old, fresh, other):
        stray.write_bytes(b"{")
    two_hours_ago = time.time() - 7200
    for stray in (old, other):
        os.utime(stray, (two_hours_ago, two_hours_ago))
    atomic_write_bytes(tmp_path / "enc.json", b"{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".enc.json.b2.tmp", ".other.json.c3.tmp", "enc.json"]
