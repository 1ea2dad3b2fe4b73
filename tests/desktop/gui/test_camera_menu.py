"""The Camera menu end to end (issue 30, item 4): frames from a folder stand in for the
camera; the fiducials shown on the player view calibrate it, a mini shown binds Kyra, the
mini moved three cells moves her token as one undoable edit; paused, nothing moves; the
table display's own button pauses too, its state shown on both windows. And with no camera
used, nothing of OpenCV is imported and no camera thread runs."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import cv2
import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from battlemap.desktop.camera.calibration import (
    CameraCalibration,
    ViewTransform,
    apply,
    fiducial_layout,
    render_fiducials,
)
from battlemap.desktop.camera.capture import FrameResult
from battlemap.desktop.camera.synthetic import (
    Table,
    camera_frame,
    place_minis,
    random_camera,
    render_map,
)
from battlemap.desktop.core.threats import exposure_along
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.camera_menu import CameraController, controller_of, save_markers
from battlemap.desktop.gui.main_window import GMWindow


def _folder(path: Path, frames: list[np.ndarray]) -> str:
    path.mkdir()
    for i, frame in enumerate(frames):
        cv2.imwrite(str(path / f"{i:03}.png"), frame)
    return str(path)


def test_the_camera_follows_a_mini_through_the_menu(qtbot: QtBot, window: GMWindow,
                                                    tmp_path: Path) -> None:
    window.toggle_player_view()
    player = window.player_window
    assert player is not None
    qtbot.waitExposed(player)
    controller = controller_of(window)
    assert controller is not None
    viewport = player.view.viewport()
    w, h = viewport.width(), viewport.height()
    view: ViewTransform = controller.view_transform()
    cell_px = float(np.hypot(view.rows[0][0], view.rows[1][0]))
    table = Table(size=(w, h), table_mm=w / cell_px * 25.4, camera_size=(1280, 720))
    rng = np.random.default_rng(11)
    camera = random_camera(table, rng, max_tilt=30)
    fiducials = render_fiducials(w, h, fiducial_layout(w, h))
    calibration = [camera_frame(table, camera, fiducials, rng) for _ in range(3)]

    told: list[str] = []  # the folder's end may be told right after the calibration
    window.statusBar().messageChanged.connect(told.append)
    assert controller.start(_folder(tmp_path / "calibrate", calibration))
    controller.calibrate()
    assert controller.overlay is not None  # the fiducials cover the player view
    qtbot.waitUntil(lambda: controller.session.calibration is not None, timeout=20_000)
    assert controller.overlay is None
    assert any(text.startswith("Camera calibrated on 8 markers") for text in told)

    window.interaction.set_selection(frozenset({"kyra"}))
    controller.bind_selected()
    background = render_map(table, rng)
    standing = place_minis(background, table, {20: (1.5, 3.5)}, view)
    moved = place_minis(background, table, {20: (4.5, 3.5)}, view)
    # a folder's images are each detected; the finder may need a round of its bands (six
    # frames) to find the mini, four more to see it rest
    frames = [camera_frame(table, camera, standing, rng) for _ in range(12)]
    frames += [camera_frame(table, camera, moved, rng) for _ in range(12)]
    assert controller.start(_folder(tmp_path / "move", frames))
    qtbot.waitUntil(lambda: controller.moves_applied == 1, timeout=20_000)
    assert controller.session.follower.bindings == {20: "kyra"}
    kyra = window.state.encounter.token("kyra")
    assert (kyra.x, kyra.y) == (4.5, 3.5)
    assert window.state.undo_label == "Move Kyra (camera)"
    assert window.state.undo() == "Move Kyra (camera)"
    assert window.state.encounter.token("kyra").x == 1.5

    window.actions_by_name["camera_pause"].trigger()
    assert controller.session.follower.paused
    assert controller.start(_folder(tmp_path / "paused", frames[12:]))
    qtbot.waitUntil(lambda: controller.worker is None, timeout=20_000)  # the folder ran out
    assert window.state.encounter.token("kyra").x == 1.5
    assert controller.moves_applied == 1

    window.toggle_player_view()  # closed: the camera waits for it, and says so once
    shown: list[str] = []
    window.statusBar().messageChanged.connect(shown.append)
    assert controller.start(_folder(tmp_path / "closed", frames[:3]))
    qtbot.waitUntil(lambda: controller.worker is None, timeout=20_000)
    assert controller.waiting_for_view
    assert sum("the player view is closed" in text for text in shown) == 1


def test_calibrating_without_a_player_view_is_told(window: GMWindow) -> None:
    window.actions_by_name["camera_calibrate"].trigger()
    assert window.statusBar().currentMessage() == (
        "Camera: open the player view (F5) on the table display first")


def test_a_bad_camera_source_is_told(window: GMWindow, tmp_path: Path) -> None:
    controller = controller_of(window)
    assert controller is not None
    assert not controller.start(str(tmp_path / "none.mp4"))
    assert window.statusBar().currentMessage().endswith("none.mp4': no such file or folder")


def test_the_marker_sheet_is_saved_or_its_failure_told(window: GMWindow,
                                                       tmp_path: Path) -> None:
    save_markers(window, tmp_path / "sheet.png", b"png")
    assert (tmp_path / "sheet.png").read_bytes() == b"png"
    assert "print at 100 %" in window.statusBar().currentMessage()
    save_markers(window, tmp_path / "no" / "sheet.png", b"png")
    assert window.statusBar().currentMessage().startswith("Camera: base markers not saved")


def test_no_camera_used_imports_no_opencv_and_starts_no_thread(tmp_path: Path) -> None:
    code = textwrap.dedent("""
        import sys, threading
        from battlemap.desktop.gui.app import ensure_app, open_window
        app = ensure_app()
        window = open_window(None)
        for _ in range(20):
            app.processEvents()
        names = {t.name for t in threading.enumerate()}
        print("cv2" in sys.modules, "battlemap.desktop.camera" in sys.modules,
              "battlemap-camera" in names, "Camera" in [m.title().replace("&", "") for m in
              window.menuBar().findChildren(type(window.menuBar().actions()[0].menu()))])
    """)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120, check=True)
    assert out.stdout.split()[-4:] == ["False", "False", "False", "True"]


def test_the_table_display_has_a_pause_button_its_state_on_both_windows(
        qtbot: QtBot, window: GMWindow, tmp_path: Path) -> None:
    window.toggle_player_view()
    player = window.player_window
    assert player is not None
    qtbot.waitExposed(player)
    controller = controller_of(window)
    assert controller is not None
    frames = [np.full((120, 160), 128, np.uint8) for _ in range(3)]
    assert controller.start(_folder(tmp_path / "grey", frames))
    button = player.view.findChild(QPushButton, "camera_pause_button")
    assert button is not None and button.isVisible()
    assert button.geometry().right() < player.view.width()  # on the table, its top right
    assert button.text().startswith("Camera: following")
    assert controller.status.text() == "Camera: following"

    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # a touch reaches it as a click
    assert controller.session.follower.paused
    assert window.actions_by_name["camera_pause"].isChecked()  # the GM's menu and key agree
    assert controller.status.text() == "Camera: paused"
    assert button.isChecked() and button.text().startswith("Camera: paused")
    assert window.statusBar().currentMessage().startswith("camera: tracking paused")

    window.actions_by_name["camera_pause"].trigger()  # F12 in the GM window: the table shows it
    assert not controller.session.follower.paused
    assert not button.isChecked() and button.text().startswith("Camera: following")
    assert controller.status.text() == "Camera: following"

    window.toggle_player_view()  # a new player view gets its own button
    window.toggle_player_view()
    again = window.player_window
    assert again is not None and again is not player
    controller.show_pause_button()
    assert again.view.findChild(QPushButton, "camera_pause_button") is not None


def _seen_at(controller: CameraController, points: dict[int, tuple[float, float]]) -> None:
    """One frame of a camera whose pixels are the table display's (an identity
    calibration): each marker's corners around its map point, through the view now."""
    view = controller.view_transform()
    markers = {m: apply(view.matrix, np.array([[x - 0.35, y - 0.35], [x + 0.35, y - 0.35],
                                               [x + 0.35, y + 0.35], [x - 0.35, y + 0.35]]))
               for m, (x, y) in points.items()}
    controller.bridge.frame.emit(FrameResult(0, 0.0, 0.0, markers, "test", (1920, 1080)))
    QApplication.processEvents()


def _following(qtbot: QtBot, window: GMWindow) -> CameraController:
    window.toggle_player_view()
    assert window.player_window is not None
    qtbot.waitExposed(window.player_window)
    controller = controller_of(window)
    assert controller is not None
    controller.session.calibration = CameraCalibration(((1.0, 0.0, 0.0), (0.0, 1.0, 0.0),
                                                        (0.0, 0.0, 1.0)), 0.0, 8)
    controller.session.follower.bind(20, "kyra", window.state.encounter)
    for _ in range(4):  # Kyra's mini rests where she stands: taken as it stands
        _seen_at(controller, {20: (1.5, 3.5)})
    return controller


def test_a_carried_mini_shows_the_drags_ruler_on_both_windows(qtbot: QtBot,
                                                              window: GMWindow) -> None:
    controller = _following(qtbot, window)
    player = window.player_window
    assert player is not None
    assert window.interaction.overlay.preview is None
    _seen_at(controller, {20: (4.4, 3.6)})  # carried: seen 3 cells on, not yet still
    preview = window.interaction.overlay.preview
    assert isinstance(preview, DragPreview) and preview.lead_id == "kyra"
    # the drag's own ruler: Kyra's square to the square under her mini, 3" on
    assert (preview.start, preview.end, preview.distance) == ((1.5, 3.5), (4.5, 3.5), 3.0)
    assert player.interaction.overlay.preview == preview  # the table draws the same ruler
    # and the exposure along it, as for a drag on the table
    assert player.insight.exposure.cells == exposure_along(
        window.state.encounter, "kyra", (1.5, 3.5), (4.5, 3.5))
    assert window.state.encounter.token("kyra").x == 1.5  # nothing moved yet
    for _ in range(4):
        _seen_at(controller, {20: (4.4, 3.6)})
    assert window.state.encounter.token("kyra").x == 4.5  # at rest: moved, ruler gone
    assert window.interaction.overlay.preview is None
    assert player.interaction.overlay.preview is None
    _seen_at(controller, {20: (7.4, 3.6)})
    assert window.interaction.overlay.preview is not None
    _seen_at(controller, {})  # lifted: its path is not known, no ruler
    assert window.interaction.overlay.preview is None


def test_a_mini_put_down_beyond_a_closed_door_is_asked_as_a_drag_is(
        qtbot: QtBot, window: GMWindow) -> None:
    controller = _following(qtbot, window)
    asked: list[str] = []
    answers = iter([False, True])
    window.interaction.ask = lambda text: asked.append(text) or next(answers)
    through = 'Kyra\'s path goes through a closed door 4.5" east of where Kyra stood'
    for _ in range(4):
        _seen_at(controller, {20: (6.5, 3.5)})
    assert window.interaction.overlay.preview is None
    assert asked == [through]
    assert window.state.encounter.token("kyra").x == 1.5  # the GM said no
    assert window.statusBar().currentMessage() == f"Not moved: {through}"
    for _ in range(4):  # carried back and put down there again
        _seen_at(controller, {20: (1.5, 3.5)})
    for _ in range(4):
        _seen_at(controller, {20: (6.5, 3.5)})
    assert asked == [through, through]
    assert window.state.encounter.token("kyra").x == 6.5  # the GM allowed it
    assert window.state.encounter.log[-1].title == f"{through}: the GM allowed the move"
    assert window.state.undo_label == "Move Kyra (camera)"
