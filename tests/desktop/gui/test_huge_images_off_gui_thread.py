"""Huge images off the GUI thread (issue 28): the Universal VTT export and a big token image's
decode run in the thread pool while the window keeps handling events (a timer ticks), with
their progress shown; the result, a refusal or a failure comes back on the GUI thread, in words
naming the file; a cancelled export leaves nothing written (an old file as it was)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from battlemap.desktop.commands.bench_gui import write_bench_encounter
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.uvtt import read_uvtt
from battlemap.desktop.gui import export_actions, map_export, mapped_image, token_image
from battlemap.desktop.gui.combat_log import CombatLogPanel
from battlemap.desktop.gui.export_actions import EXPORT_DIALOG, ExportProgress, export_uvtt_to
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.png_strips import decode_strips
from battlemap.desktop.gui.scene import Audience, MapScene
from tests.desktop.gui.test_png_strips import busy_picture, png_bytes

WAIT_MS = 60_000
"""How long a test waits for the worker before it fails (never a timed assertion)."""


@pytest.fixture(autouse=True)
def cache_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapped_image, "_cache_folder", lambda: str(tmp_path))


class Ticks:
    """A timer on the GUI thread counting its ticks; ``enough`` is set after ``count``."""

    def __init__(self, count: int = 5) -> None:
        self.count, self.ticks = count, 0
        self.enough = threading.Event()
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        self.ticks += 1
        if self.ticks >= self.count:
            self.enough.set()


def on_worker(record: list[bool], function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, noting in ``record`` whether each call ran off the GUI thread."""
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        record.append(threading.current_thread() is not threading.main_thread())
        return function(*args, **kwargs)
    return wrapped


def export_ended(window: GMWindow) -> bool:
    return window.findChild(ExportProgress, EXPORT_DIALOG) is None


def click_cancel(window: GMWindow) -> None:
    """Click the export dialog's Cancel (shown or not yet)."""
    dialog = window.findChild(ExportProgress, EXPORT_DIALOG)
    assert dialog is not None
    button = dialog.findChild(QPushButton)
    assert button is not None and button.text() == "Cancel"
    button.click()


def crop_map(window: GMWindow, folder: Path) -> None:
    """The bench's 1024 px map in ``window``, calibrated so that the export crops and
    rescales it (64.3 px a cell from (10, 6))."""
    encounter = load_encounter(write_bench_encounter(folder, 1024, 3, 8))
    assert encounter.background is not None
    window.scene.base_dir = folder
    window.state.load(replace(encounter, background=replace(
        encounter.background, pixels_per_cell=64.3, offset_x=10, offset_y=6)))


def test_the_export_runs_in_the_pool_while_the_gui_thread_keeps_ticking(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """The export waits for five ticks of a GUI-thread timer before it writes: run on the GUI
    thread, it would see none."""
    ticks, off_gui, saw_ticks = Ticks(), [], []
    real = export_actions.export_uvtt

    def slow_export(*args: Any) -> list[str]:
        off_gui.append(threading.current_thread() is not threading.main_thread())
        saw_ticks.append(ticks.enough.wait(WAIT_MS / 1000))
        return real(*args)

    monkeypatch.setattr(export_actions, "export_uvtt", slow_export)
    out = tmp_path / "map.dd2vtt"
    assert export_uvtt_to(window, out) is not None
    qtbot.waitUntil(lambda: export_ended(window), timeout=WAIT_MS)
    assert off_gui == [True] and saw_ticks == [True]
    assert window.statusBar().currentMessage().startswith("Exported Universal VTT to map.dd2vtt")
    assert len(read_uvtt(out).encounter.walls) == len(window.state.encounter.walls)


def test_a_big_map_export_shows_its_steps_and_writes_the_image(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """Decoded in strips, then cropped and rescaled in bands (both made small here): the
    dialog's percent goes up to 100 through both, every decode off the GUI thread."""
    crop_map(window, tmp_path)
    monkeypatch.setattr(map_export, "STRIPS_FROM", 1024 * 1024)
    monkeypatch.setattr(map_export, "BAND_ROWS", 128)
    decoded_off_gui: list[bool] = []
    monkeypatch.setattr(map_export, "decode_strips", on_worker(decoded_off_gui, decode_strips))
    steps: list[tuple[str, int]] = []
    shown = ExportProgress._stepped

    def stepped(dialog: ExportProgress, words: str, percent: int) -> None:
        steps.append((words, percent))
        shown(dialog, words, percent)

    monkeypatch.setattr(ExportProgress, "_stepped", stepped)
    out = tmp_path / "map.dd2vtt"
    assert export_uvtt_to(window, out) is not None
    dialog = window.findChild(ExportProgress, EXPORT_DIALOG)
    assert dialog is not None and dialog.windowTitle() == "Export Universal VTT"
    qtbot.waitUntil(lambda: export_ended(window), timeout=WAIT_MS)
    assert decoded_off_gui == [True]
    percents = [percent for _, percent in steps]
    assert percents == sorted(percents) and percents[-1] == 100
    assert any(words.startswith("Decoding the map image (1,024 x 1,024 px)") for words, _ in steps)
    assert any(words.startswith("Writing the map image: row 896 of") for words, _ in steps)
    assert window.statusBar().currentMessage().startswith("Exported Universal VTT to map.dd2vtt")
    assert read_uvtt(out).encounter.background is not None


def test_a_cancelled_export_writes_nothing_and_leaves_the_old_file(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """Cancelled while its bands are written (the temporary file exists): no file is left,
    the old export is as it was; a second export meanwhile is refused in words."""
    crop_map(window, tmp_path)
    monkeypatch.setattr(map_export, "STRIPS_FROM", 1024 * 1024)
    monkeypatch.setattr(map_export, "BAND_ROWS", 128)
    inside, go = threading.Event(), threading.Event()
    real_band = map_export._band
    bands: list[int] = []

    def held_band(*args: Any) -> QImage:
        bands.append(1)
        if len(bands) == 3:
            inside.set()
            go.wait(WAIT_MS / 1000)
        return real_band(*args)

    monkeypatch.setattr(map_export, "_band", held_band)
    out = tmp_path / "map.dd2vtt"
    out.write_bytes(b"the old export")
    before = sorted(p.name for p in tmp_path.iterdir())
    assert export_uvtt_to(window, out) is not None
    qtbot.waitUntil(inside.is_set, timeout=WAIT_MS)
    assert any(p.name.startswith(".map.dd2vtt.") for p in tmp_path.iterdir())  # being written
    assert export_uvtt_to(window, tmp_path / "other.dd2vtt") is None
    assert window.statusBar().currentMessage() == (
        "Universal VTT not exported to other.dd2vtt: the export to map.dd2vtt is still being "
        "written")
    click_cancel(window)
    go.set()
    qtbot.waitUntil(lambda: export_ended(window), timeout=WAIT_MS)
    said = "Universal VTT export cancelled; nothing written to map.dd2vtt"
    assert window.statusBar().currentMessage() == said
    assert window.findChild(CombatLogPanel).notices[-1] == said
    assert len(bands) == 3  # stopped at the next band
    assert out.read_bytes() == b"the old export"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_an_export_cancelled_before_it_wrote_anything_makes_no_file(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    go = threading.Event()
    real = export_actions.export_uvtt

    def held(*args: Any) -> list[str]:
        go.wait(WAIT_MS / 1000)
        return real(*args)

    monkeypatch.setattr(export_actions, "export_uvtt", held)
    out = tmp_path / "map.dd2vtt"
    assert export_uvtt_to(window, out) is not None
    click_cancel(window)
    go.set()
    qtbot.waitUntil(lambda: export_ended(window), timeout=WAIT_MS)
    assert window.statusBar().currentMessage() == (
        "Universal VTT export cancelled; nothing written to map.dd2vtt")
    assert list(tmp_path.iterdir()) == []


def test_an_export_that_cannot_be_written_is_said_naming_the_file(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    errors: list[str] = []
    monkeypatch.setattr(window, "show_error", lambda title, text: errors.append(text))
    out = tmp_path / "no such folder" / "map.dd2vtt"
    assert export_uvtt_to(window, out) is not None
    qtbot.waitUntil(lambda: export_ended(window), timeout=WAIT_MS)
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Universal VTT not exported: {out}: "), said
    assert window.findChild(CombatLogPanel).notices[-1] == said
    assert errors and errors[0].startswith(str(out))


def big_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes) -> Encounter:
    """A token whose picture (301 x 777 px) is over the side (made 100 px here): decoded in
    the pool, reduced by 8."""
    (tmp_path / "orc.png").write_bytes(data)
    monkeypatch.setattr(token_image, "TOKEN_IMAGE_SIDE", 100)
    return Encounter(tokens=(Token("g", "Gruk the Orc", 2, 2, image="orc.png"),))


def test_a_big_token_image_comes_from_the_pool_while_the_gui_thread_ticks(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """The disc shows, the bar says the decode, the timer ticks; then the token shows the
    reduced picture (the strips' reduced copy) and the bar's words go."""
    data = png_bytes(busy_picture(QImage.Format.Format_ARGB32, 301, 777))
    encounter = big_token(tmp_path, monkeypatch, data)
    ticks, off_gui, saw_ticks = Ticks(), [], []

    def slow_strips(*args: Any, **kwargs: Any) -> Any:
        off_gui.append(threading.current_thread() is not threading.main_thread())
        saw_ticks.append(ticks.enough.wait(WAIT_MS / 1000))
        return decode_strips(*args, **kwargs)

    monkeypatch.setattr(token_image, "decode_strips", slow_strips)
    window.scene.base_dir = tmp_path
    window.state.load(encounter)
    item = window.scene.token_item("g")
    assert item is not None and item.image is None  # the disc, for now
    assert window.statusBar().currentMessage().startswith(
        "Decoding the token image orc.png (over 100 px, shown reduced): ")
    qtbot.waitUntil(lambda: item.image is not None, timeout=WAIT_MS)
    assert off_gui == [True] and saw_ticks == [True]
    reduced = decode_strips(data, (8,))
    assert reduced is not None and item.image == reduced[1][0][1]
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "", timeout=WAIT_MS)
    assert window.scene.image_problems == []


def test_scenes_asking_for_the_same_big_token_image_wait_for_one_decode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    from battlemap.desktop.core.state import BattleState

    data = png_bytes(busy_picture(QImage.Format.Format_RGB32, 301, 777))
    state = BattleState(big_token(tmp_path, monkeypatch, data))
    go, decodes = threading.Event(), []

    def held_strips(*args: Any, **kwargs: Any) -> Any:
        decodes.append(1)
        go.wait(WAIT_MS / 1000)
        return decode_strips(*args, **kwargs)

    monkeypatch.setattr(token_image, "decode_strips", held_strips)
    scenes = [MapScene(state, audience, tmp_path) for audience in (Audience.GM, Audience.PLAYER)]
    assert token_image.token_image_loads().running() == 1
    go.set()
    items = [scene.token_item("g") for scene in scenes]
    qtbot.waitUntil(lambda: all(i is not None and i.image is not None for i in items),
                    timeout=WAIT_MS)
    assert len(decodes) == 1 and items[0].image == items[1].image  # type: ignore[union-attr]
    assert token_image.token_image_loads().running() == 0


def test_a_big_token_image_that_cannot_be_decoded_is_said_when_its_decode_ends(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32, 301, 777))
    encounter = big_token(tmp_path, monkeypatch, data[:200])  # its head, not its pixels
    window.scene.base_dir = tmp_path
    window.state.load(encounter)
    said = (f"Gruk the Orc's image is not shown ({tmp_path / 'orc.png'} could not be "
            "decoded: ")
    qtbot.waitUntil(lambda: window.scene.image_problems != [], timeout=WAIT_MS)
    assert window.scene.image_problems[0].startswith(said)
    assert window.statusBar().currentMessage() == window.scene.image_problems[0]
    assert window.findChild(CombatLogPanel).notices[-1] == window.scene.image_problems[0]
    item = window.scene.token_item("g")
    assert item is not None and item.image is None


def test_quitting_stops_a_running_export_and_waits_for_it_leaving_no_file(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """What the program does on ``aboutToQuit``: the export cancelled and waited for, on the
    GUI thread, so no worker writes while the interpreter ends."""
    crop_map(window, tmp_path)
    monkeypatch.setattr(map_export, "STRIPS_FROM", 1024 * 1024)
    inside, jobs = threading.Event(), []
    real_band = map_export._band

    def band(*args: Any) -> QImage:  # the first band waits for the quit
        if not inside.is_set():
            inside.set()
            while not jobs:  # the test has the job in a moment
                time.sleep(0.001)
            jobs[0].cancelled.wait(WAIT_MS / 1000)
        return real_band(*args)

    monkeypatch.setattr(map_export, "_band", band)
    out = tmp_path / "map.dd2vtt"
    before = sorted(p.name for p in tmp_path.iterdir())
    job = export_uvtt_to(window, out)
    assert job is not None
    jobs.append(job)
    qtbot.waitUntil(inside.is_set, timeout=WAIT_MS)
    job.stop()
    assert job.ended.is_set() and not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    qtbot.waitUntil(lambda: export_ended(window), timeout=WAIT_MS)
    assert window.statusBar().currentMessage() == (
        "Universal VTT export cancelled; nothing written to map.dd2vtt")
