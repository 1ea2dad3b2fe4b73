"""File > Export (issue 29): Universal VTT from the GM window, the GM told what was written."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.gui.main_window import GMWindow


def test_file_export_universal_vtt_writes_the_map_and_tells_the_gm(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from desktop.core.uvtt import read_uvtt

    out = tmp_path / "map.dd2vtt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    window.actions_by_name["export_uvtt"].trigger()
    back = read_uvtt(out).encounter
    assert len(back.walls) == len(window.state.encounter.walls)
    message = window.statusBar().currentMessage()
    assert message.startswith("Exported Universal VTT to map.dd2vtt"), message
