"""Touch on the map (synthesized touch events), the offscreen renderer and the render command."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from gui_helpers import at_cell, small_encounter
from PySide6.QtCore import QPoint
from PySide6.QtGui import QImage, QPointingDevice
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.model import Background
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.render import render_encounter
from battlemap.desktop.gui.scene import Audience


def touch(win: GMWindow, device: QPointingDevice, **fingers: tuple[str, QPoint]) -> None:
    """Send one touch event to the GM window (touch goes to the top-level window).

    ``fingers`` maps ``f0``, ``f1``... to ``(action, window position)``, the action being
    press, move or release.
    """
    sequence = QTest.touchEvent(win, device, False)
    for name, (action, pos) in fingers.items():
        getattr(sequence, action)(int(name[1:]), pos)
    sequence.commit()


@pytest.fixture(scope="module")
def device() -> QPointingDevice:
    """One touch screen for the module: Qt keeps per-device touch state between events."""
    return QTest.createTouchDevice()


def on_window(win: GMWindow, x: float, y: float) -> QPoint:
    """The window position of the point ``(x, y)`` in cells."""
    return win.view.viewport().mapTo(win, at_cell(win, x, y))


def test_one_finger_drags_a_token_to_a_snapped_cell(
    qtbot: QtBot, window: GMWindow, device: QPointingDevice
) -> None:
    touch(window, device, f0=("press", on_window(window, 1.5, 1.5)))
    touch(window, device, f0=("move", on_window(window, 2.6, 2.0)))
    touch(window, device, f0=("move", on_window(window, 3.6, 2.4)))
    touch(window, device, f0=("release", on_window(window, 3.6, 2.4)))
    token = window.state.encounter.token("hero")
    assert (token.x, token.y) == (3.5, 2.5)
    assert window.state.undo_label == "Move Valeros"


def test_two_fingers_pinch_zoom_and_cancel_a_press_that_has_not_moved(
    qtbot: QtBot, window: GMWindow, device: QPointingDevice
) -> None:
    start = on_window(window, 1.5, 1.5)
    touch(window, device, f0=("press", start))
    touch(window, device, f0=("move", start), f1=("press", start + QPoint(100, 0)))
    touch(window, device, f0=("move", start + QPoint(-40, 0)), f1=("move", start + QPoint(160, 0)))
    touch(window, device, f0=("release", start), f1=("release", start + QPoint(160, 0)))
    assert window.state.encounter.token("hero").x == 1.5  # the press was cancelled
    assert window.state.undo_label is None
    # The fingers went from 100 px apart to 200 px apart: twice the zoom.
    assert window.view.zoom == pytest.approx(2.0, rel=0.01)


def test_a_second_finger_does_not_cancel_a_drag_in_progress(
    qtbot: QtBot, window: GMWindow, device: QPointingDevice
) -> None:
    start, end = on_window(window, 1.5, 1.5), on_window(window, 3.6, 2.4)
    touch(window, device, f0=("press", start))
    touch(window, device, f0=("move", start + QPoint(60, 0)))
    rest = on_window(window, 8.0, 6.0)  # a hand on the glass while the finger drags
    touch(window, device, f0=("move", start + QPoint(60, 0)), f1=("press", rest))
    touch(window, device, f0=("move", end), f1=("move", rest + QPoint(80, 30)))
    touch(window, device, f0=("release", end), f1=("release", rest + QPoint(80, 30)))
    token = window.state.encounter.token("hero")
    assert (token.x, token.y) == (3.5, 2.5)
    assert window.view.zoom == 1.0  # the second finger neither zoomed nor panned


def test_render_shows_the_hidden_token_only_to_the_gm() -> None:
    gm = render_encounter(small_encounter(), Audience.GM, (600, 400))
    players = render_encounter(small_encounter(), Audience.PLAYER, (600, 400))
    assert (gm.width(), gm.height()) == (600, 400)
    assert gm != players


def test_render_command_writes_the_demo_as_a_png(tmp_path: Path) -> None:
    out = tmp_path / "demo.png"
    assert main(["render", "--demo", str(out), "--view", "player", "--size", "800x500"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (800, 500)
    assert (ASSETS_DIR / "demo" / "goblin-ambush.json").exists()


def test_render_command_renders_a_file_and_reports_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good, bad = tmp_path / "small.json", tmp_path / "bad.json"
    save_encounter(small_encounter(), good)
    bad.write_text('{"format": 1, "width": "wide"}')
    assert main(["render", str(good), str(tmp_path / "small.png")]) == 0
    assert main(["render", str(bad), str(tmp_path / "bad.png")]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert not (tmp_path / "bad.png").exists()


def test_render_command_warns_about_a_missing_map_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    encounter = replace(small_encounter(), background=Background(path="gone.png"))
    save_encounter(encounter, tmp_path / "no-map.json")
    assert main(["render", str(tmp_path / "no-map.json"), str(tmp_path / "out.png")]) == 0
    err = capsys.readouterr().err
    assert "warning" in err and "gone.png" in err
    assert (tmp_path / "out.png").exists()


def test_render_command_refuses_to_write_over_the_encounter_or_its_map_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `import-uvtt map.dd2vtt cave.json` writes cave.png beside it; `render cave.json cave.png`
    # then replaced the map image with the rendering.
    QImage(64, 64, QImage.Format.Format_RGB32).save(str(tmp_path / "cave.png"))
    encounter = replace(small_encounter(), background=Background(path="cave.png"))
    save_encounter(encounter, tmp_path / "cave.json")
    map_bytes = (tmp_path / "cave.png").read_bytes()
    for out in ("cave.png", "cave.json"):
        assert main(["render", str(tmp_path / "cave.json"), str(tmp_path / out)]) == 2
        assert "map image" in capsys.readouterr().err
    assert (tmp_path / "cave.png").read_bytes() == map_bytes
    assert main(["render", str(tmp_path / "cave.json"), str(tmp_path / "shot.png")]) == 0
