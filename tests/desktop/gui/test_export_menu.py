"""File > Export (issue 29): Universal VTT from the GM window, the GM told what was written."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui.main_window import GMWindow


def export_ended(window: GMWindow) -> bool:
    from battlemap.desktop.gui.export_actions import EXPORT_DIALOG, ExportProgress

    return window.findChild(ExportProgress, EXPORT_DIALOG) is None


def test_file_export_universal_vtt_writes_the_map_and_tells_the_gm(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from battlemap.desktop.core.uvtt import read_uvtt

    out = tmp_path / "map.dd2vtt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    window.actions_by_name["export_uvtt"].trigger()
    qtbot.waitUntil(lambda: export_ended(window))  # written in the thread pool
    back = read_uvtt(out).encounter
    assert len(back.walls) == len(window.state.encounter.walls)
    message = window.statusBar().currentMessage()
    assert message.startswith("Exported Universal VTT to map.dd2vtt"), message


def test_a_map_that_cannot_be_exported_is_said_on_the_bar_and_in_the_log(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from battlemap.desktop.gui import export_actions
    from battlemap.desktop.gui.combat_log import CombatLogPanel
    from battlemap.desktop.gui.map_export import MapNotExported

    def refuse(*_args: object) -> list[str]:
        raise MapNotExported("map image /maps/huge.png: image is 16000 x 9000 px; save it so")

    out = tmp_path / "map.dd2vtt"
    monkeypatch.setattr(export_actions, "export_uvtt", refuse)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    window.actions_by_name["export_uvtt"].trigger()
    qtbot.waitUntil(lambda: export_ended(window))
    said = ("Universal VTT not exported: map image /maps/huge.png: image is 16000 x 9000 px; "
            "save it so; nothing written to map.dd2vtt")
    assert window.statusBar().currentMessage() == said
    assert window.findChild(CombatLogPanel).notices[-1] == said
    assert not out.exists()


def test_file_export_pdf_prints_the_players_view_to_scale(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from battlemap.desktop.gui import export_actions
    from battlemap.desktop.gui.scene import Audience

    out = tmp_path / "table.pdf"
    chosen: list[export_actions.PrintChoice] = []

    def ask(win: GMWindow, title: str) -> export_actions.PrintChoice:
        options = export_actions.PrintOptions(win, title)  # the real dialog, not shown
        options.paper.setCurrentIndex(options.paper.findData("letter"))
        chosen.append(options.choice())
        return chosen[-1]

    monkeypatch.setattr(export_actions, "ask_print_options", ask)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    assert window.actions_by_name["export_pdf"].shortcut().isEmpty()  # Ctrl+P is File > Print
    window.actions_by_name["export_pdf"].trigger()
    assert chosen and chosen[0].audience is Audience.PLAYER  # the safe default
    assert out.read_bytes().startswith(b"%PDF")
    message = window.statusBar().currentMessage()
    assert message.startswith("Printed the players' map to table.pdf:"), message
    assert "1 cell = 1 in" in message


def test_a_cancelled_pdf_export_says_so(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from battlemap.desktop.gui import export_actions

    monkeypatch.setattr(export_actions, "ask_print_options",
                        lambda win, title: export_actions.PrintChoice())
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    window.actions_by_name["export_pdf"].trigger()
    assert window.statusBar().currentMessage() == "Export PDF cancelled"
    assert list(tmp_path.iterdir()) == []
