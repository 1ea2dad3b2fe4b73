"""The progress line of a long command (issue 31): on a terminal only, after a second, erased
before the command's own output; never in piped or captured output."""

from __future__ import annotations

import io
import sys
import threading
from pathlib import Path

import pytest

from battlemap.desktop.core import progress


class Terminal(io.StringIO):
    """A stream that says it is a terminal and tells when something is written."""

    def __init__(self) -> None:
        super().__init__()
        self.written = threading.Event()

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        count = super().write(text)
        self.written.set()
        return count


def test_on_a_terminal_the_step_shows_then_is_erased_before_the_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER_S", 0.0)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress.ticking("battlemap render", terminal):
        progress.step("drawing the map")
        assert terminal.written.wait(60)  # the ticker's thread drew the line
        print("wrote out.png", file=sys.stderr)
    shown = terminal.getvalue()
    assert shown.startswith("\r\x1b[Kbattlemap render: ")
    line, _, after = shown.rpartition("\r\x1b[K")
    assert "battlemap render: drawing the map... 0 s" in line or "working" in line
    assert after == "wrote out.png\n"  # erased first, and never drawn again


def test_piped_output_never_gets_a_progress_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER_S", 0.0)
    piped = io.StringIO()
    with progress.ticking("battlemap sightlines", piped):
        progress.step("measuring the walls and tokens")
    assert piped.getvalue() == ""


def test_opening_an_encounter_tells_its_steps_to_the_thread_listening(tmp_path: Path) -> None:
    from battlemap.desktop.core.fileformat import open_encounter, save_encounter
    from battlemap.desktop.core.model import Encounter

    path = tmp_path / "enc.json"
    save_encounter(Encounter(name="Crypt"), path)
    heard: list[str] = []
    with progress.reporting(heard.append):
        other = threading.Thread(target=lambda: progress.step("another thread's step"))
        other.start()
        other.join()
        open_encounter(path)
    assert heard == ["reading the encounter", "checking the encounter", "building the encounter"]
