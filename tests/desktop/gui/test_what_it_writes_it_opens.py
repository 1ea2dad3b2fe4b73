"""What the project writes, it reads (issue 31): every importer's output on the real files of
``tests/data`` opens in the GM window offscreen without a message, and every token of it can be
previewed by its system.

The probe found ``import-character`` writing an encounter (a GCS range ``[None, 260]``) that the
GUI then could not open. Here each Universal VTT map is imported by ``battlemap import-uvtt``,
every GCS sheet (the six and the 64 of the library sample) and every Foundry actor is added to
one encounter by ``battlemap import-character``, and the files are opened by the same path as
``battlemap FILE``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop.cli import main
from desktop.core.fileformat import load_encounter
from desktop.gui import app
from rules.registry import find_system

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []

    def warn(_parent: object, title: str, text: str, *_rest: object) -> object:
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warn))
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(warn))
    return shown


def opened(qtbot: QtBot, path: Path) -> app.GMWindow:
    window = app.open_window(str(path))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    return window


@pytest.mark.parametrize("source", sorted((DATA / "uvtt").glob("*.dd2vtt")), ids=lambda p: p.name)
def test_every_imported_uvtt_map_opens(qtbot: QtBot, messages: list[tuple[str, str]],
                                       tmp_path: Path, source: Path) -> None:
    out = tmp_path / "map.json"
    assert main(["import-uvtt", str(source), str(out)]) == 0
    window = opened(qtbot, out)
    assert messages == []
    assert window.path == out and window.state.encounter.walls
    assert window.state.encounter == load_encounter(out)


@pytest.mark.parametrize(("system", "sheets"), [
    ("gurps", sorted((DATA / "gurps").rglob("*.gcs"))),
    ("savage-pathfinder", sorted((DATA / "foundry").glob("*.json"))),
], ids=["gcs", "foundry"])
def test_every_imported_character_opens_and_every_token_previews(
    qtbot: QtBot, messages: list[tuple[str, str]], tmp_path: Path, system: str,
    sheets: list[Path],
) -> None:
    assert sheets
    encounter = tmp_path / "party.json"
    assert main(["new", str(encounter), "--system", system]) == 0
    imported = [sheet.name for sheet in sheets
                if main(["import-character", str(sheet), str(encounter)]) == 0]
    assert imported == [sheet.name for sheet in sheets]
    window = opened(qtbot, encounter)
    assert messages == []
    tokens = window.state.encounter.tokens
    assert len(tokens) == len(sheets)
    rules = find_system(system)
    for token in tokens:  # the system can read every stat block it was given
        rules.combatant_from_dict(token.stats, f"{token.name}.stats", token.id)
