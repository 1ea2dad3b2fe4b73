"""File > Import Universal VTT: the options dialog (contents, warnings, object height, outline
simplification) on the real samples in ``tests/data/uvtt`` (skipped when absent)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from battlemap.desktop.core import uvtt_stream
from battlemap.desktop.core.model import WallKind
from battlemap.desktop.core.uvtt import parse_uvtt, read_uvtt
from battlemap.desktop.core.uvtt_stream import cache_folder
from battlemap.desktop.gui import file_actions
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.settings import set_uvtt_import_choices, settings, uvtt_import_choices
from battlemap.desktop.gui.uvtt_import_dialog import (
    LOW_OBJECT_HEIGHT,
    UvttImportDialog,
    outline_points,
)

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "uvtt"
OGANM = SAMPLES / "oganm_dd2vtt_importer_test.dd2vtt"
IMAGIX = SAMPLES / "imagix_uvtt2fgu_sampleMap.dd2vtt"
needs_samples = pytest.mark.skipif(
    not SAMPLES.is_dir(), reason=f"real UVTT samples not found at {SAMPLES} (tests/data/uvtt)"
)
NO_IMAGE = (b'{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, '
            b'"map_size": {"x": 4, "y": 3}, "pixels_per_grid": 64}, '
            b'"line_of_sight": [[{"x": 0, "y": 0}, {"x": 4, "y": 0}]]}')  # fmt: skip


@pytest.fixture(autouse=True)
def _no_remembered_choices() -> Iterator[None]:
    settings().remove("import")
    yield
    settings().remove("import")


def dialog_for(qtbot: QtBot, path: Path, height: float | None = None,
               tolerance: float = 0.0) -> UvttImportDialog:
    data, imported = file_actions.read_uvtt_file(path)
    dialog = UvttImportDialog(path, data, imported, height, tolerance)
    qtbot.addWidget(dialog)
    return dialog


def shown(dialog: UvttImportDialog) -> dict[str, str]:
    return {label: widget.text() for label, widget in dialog.contents_labels.items()}


ANSWERS_WAITING: list[list[bool]] = []
"""The test's answers still looking for their dialog (each a flag: stopped)."""


@pytest.fixture(autouse=True)
def _no_answer_outlives_its_test() -> Iterator[None]:
    """An answer that found no dialog (a bad file opens none) stops with its test: it tried for
    2 s and answered the next test's dialog, which then saw nothing (a fast machine)."""
    yield
    for stopped in ANSWERS_WAITING:
        stopped.append(True)
    ANSWERS_WAITING.clear()


def answer_import_dialog(answer: Callable[[UvttImportDialog], None]) -> list[str]:
    """Answer the options dialog once it is up (a few tries, within this test); returns what
    it read out."""
    seen: list[str] = []
    stopped: list[bool] = []
    ANSWERS_WAITING.append(stopped)

    def attempt(tries: int) -> None:
        if stopped:
            return
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, UvttImportDialog):
            seen.append(dialog.points_label.text())
            answer(dialog)
        elif tries > 0:
            QTimer.singleShot(20, lambda: attempt(tries - 1))

    QTimer.singleShot(0, lambda: attempt(100))
    return seen


def choose_file(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(file_actions.QFileDialog, "getOpenFileName",  # type: ignore[attr-defined]
                        lambda *_: (str(path), ""))


@needs_samples
@pytest.mark.parametrize(("path", "expected", "points"), [
    (OGANM, {"Map": "20 x 20 cells", "Image": "1280 x 1280 px (PNG)",
             "Walls": "9 (206 points)", "Objects": "2 (52 points)",
             "Doors": "3 (0 open, 3 closed)", "Lights": "1"}, "258 points -> 258 points"),
    (IMAGIX, {"Map": "10 x 10 cells", "Image": "2560 x 2560 px (PNG)",
              "Walls": "4 (11 points)", "Objects": "1 (60 points)",
              "Doors": "2 (1 open, 1 closed)", "Lights": "2"}, "71 points -> 71 points"),
])  # fmt: skip
def test_the_dialog_shows_the_counts_in_sources_md(
    qtbot: QtBot, path: Path, expected: dict[str, str], points: str
) -> None:
    # SOURCES.md: oganm 9 walls of 206 points, objects of 16 + 36 points, 3 closed doors, one
    # light, 20 x 20 cells at 64 px; imagix 4 walls of 11 points, one 60-point object, doors
    # (7,3) closed and (7,9) open, two lights, 10 x 10 cells at 256 px. Neither has a warning.
    dialog = dialog_for(qtbot, path)
    assert shown(dialog) == expected
    assert dialog.points_label.text() == points
    assert dialog.findChildren(QLabel, "warning") == []
    assert dialog.full_height.isChecked() and not dialog.low_height.isEnabled()


def test_a_file_without_an_image_shows_its_warning(qtbot: QtBot) -> None:
    path = Path("/tmp/uvtt/plain.dd2vtt")
    dialog = UvttImportDialog(path, NO_IMAGE, parse_uvtt(NO_IMAGE))
    qtbot.addWidget(dialog)
    assert shown(dialog)["Image"] == "none"
    assert shown(dialog)["Map"] == "4 x 3 cells"
    assert [w.text() for w in dialog.findChildren(QLabel, "warning")] == [
        "Warning: The file has no map image; the map shows a plain floor."
    ]


@needs_samples
@pytest.mark.parametrize(("path", "tolerance", "readout", "kept"), [
    (OGANM, 0.1, "258 points -> 112 points", 112),  # walls 206 -> 92, objects 52 -> 20
    (OGANM, 0.5, "258 points -> 50 points", 50),  # walls 45, objects 5
    (IMAGIX, 0.1, "71 points -> 16 points", 16),  # walls keep 11, the object 60 -> 5
])  # fmt: skip
def test_the_tolerance_updates_the_point_readout(
    qtbot: QtBot, path: Path, tolerance: float, readout: str, kept: int
) -> None:
    dialog = dialog_for(qtbot, path)
    dialog.tolerance_box.setValue(tolerance)
    assert dialog.points_label.text() == readout
    assert outline_points(read_uvtt(path, simplify_tolerance=tolerance).encounter) == kept
    dialog.tolerance_box.setValue(0.0)
    assert dialog.points_label.text().endswith(readout.split()[0] + " points")


@needs_samples
def test_choosing_low_objects_and_a_tolerance_imports_them(
    window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    choose_file(monkeypatch, OGANM)

    def low_and_simplified(dialog: UvttImportDialog) -> None:
        dialog.low.click()
        dialog.tolerance_box.setValue(0.25)
        dialog.accept()

    seen = answer_import_dialog(low_and_simplified)
    window.actions_by_name["import_uvtt"].trigger()
    encounter = window.state.encounter
    assert seen == ["258 points -> 258 points"]
    assert encounter.name == "oganm_dd2vtt_importer_test" and window.path is None
    objects = [w for w in encounter.walls if w.kind is WallKind.OBJECT]
    assert [w.height for w in objects] == [0.5, 0.5] == [LOW_OBJECT_HEIGHT] * 2
    walls = [w for w in encounter.walls if w.kind is WallKind.WALL]
    assert (len(walls), sum(len(w.points) for w in walls)) == (9, 64)
    assert sum(len(w.points) for w in objects) == 8
    assert encounter == read_uvtt(OGANM, object_height=0.5, simplify_tolerance=0.25).encounter
    assert uvtt_import_choices() == (0.5, 0.25)


@needs_samples
def test_the_next_import_starts_from_the_last_choices(
    window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_uvtt_import_choices(0.75, 0.25)
    choose_file(monkeypatch, IMAGIX)
    start: list[tuple[bool, float, float]] = []

    def note_and_accept(dialog: UvttImportDialog) -> None:
        start.append((dialog.low.isChecked(), dialog.low_height.value(), dialog.tolerance()))
        dialog.accept()

    seen = answer_import_dialog(note_and_accept)
    window.actions_by_name["import_uvtt"].trigger()
    assert start == [(True, 0.75, 0.25)]
    assert seen == ["71 points -> 16 points"]  # the 60-point object keeps 5 at 0.25
    heights = [w.height for w in window.state.encounter.walls if w.kind is WallKind.OBJECT]
    assert heights == [0.75]


@needs_samples
def test_cancel_leaves_the_open_encounter_unchanged(
    window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    moved = window.state.encounter.token("hero").moved_to(2.5, 1.5)
    window.state.apply("Move Valeros", window.state.encounter.with_token(moved))
    before = window.state.encounter
    choose_file(monkeypatch, OGANM)
    seen = answer_import_dialog(lambda dialog: dialog.reject())
    window.actions_by_name["import_uvtt"].trigger()
    assert seen == ["258 points -> 258 points"]
    assert window.state.encounter is before
    assert [edit.label for edit in window.state.history] == ["Move Valeros"]
    assert uvtt_import_choices() == (None, 0.0)


def test_a_bad_file_is_reported_and_no_dialog_opens(
    window: GMWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bad = tmp_path / "broken.dd2vtt"
    bad.write_bytes(b'{"format": 0.3, "resolution": {"map_size": {"x": 4}}')
    before = window.state.encounter
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(window, "show_error", lambda title, text: errors.append((title, text)))
    choose_file(monkeypatch, bad)
    seen = answer_import_dialog(lambda dialog: dialog.accept())
    window.actions_by_name["import_uvtt"].trigger()
    assert [title for title, _ in errors] == ["Cannot import Universal VTT"]
    assert str(bad) in errors[0][1]
    assert seen == [] and window.state.encounter is before


@pytest.mark.parametrize(("height", "tolerance", "expected"), [
    ("abc", "-1", (None, 0.0)),
    ("0", "nan", (None, 0.0)),
    ("0.5", "0.25", (0.5, 0.25)),
])  # fmt: skip
def test_remembered_choices_that_make_no_sense_fall_back_to_the_defaults(
    height: str, tolerance: str, expected: tuple[float | None, float]
) -> None:
    settings().setValue("import/uvtt_object_height", height)
    settings().setValue("import/uvtt_simplify", tolerance)
    assert uvtt_import_choices() == expected


@needs_samples
def test_a_big_image_is_decoded_into_the_cache_and_the_map_shows_it(
    window: GMWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A file whose image is streamed (the threshold lowered for the test) imports as the
    whole-file read does; its background names the file decoded in the cache folder, which the
    dialog and the map read (the image is not decoded again for each tolerance)."""
    monkeypatch.setattr(uvtt_stream, "STREAM_IMAGE_FROM", 64 << 10)
    choose_file(monkeypatch, OGANM)
    contents: list[dict[str, str]] = []

    def note_and_accept(dialog: UvttImportDialog) -> None:
        contents.append({k: w.text() for k, w in dialog.contents_labels.items()})
        dialog.tolerance_box.setValue(0.1)  # imported again from the JSON in memory
        dialog.accept()

    seen = answer_import_dialog(note_and_accept)
    window.actions_by_name["import_uvtt"].trigger()
    assert seen and contents[0]["Image"] == "1280 x 1280 px (PNG)"
    background = window.state.encounter.background
    assert background is not None and background.embedded is None and background.path
    decoded = Path(background.path)
    assert decoded.parent == cache_folder() and decoded.name.startswith(".uvtt-")
    assert decoded.read_bytes() == parse_uvtt(OGANM.read_bytes()).image
    assert window.state.encounter.walls == read_uvtt(OGANM, simplify_tolerance=0.1).encounter.walls
    assert window.scene.background_size() == (1280, 1280)  # the map shows the decoded file
