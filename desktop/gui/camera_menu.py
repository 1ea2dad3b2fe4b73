"""The Camera menu: a webcam over the table display follows the minis (issue 30).

*Start Camera…* opens a camera by its number, a video file or a folder of images (also
``battlemap --camera-source``); *Calibrate* shows the fiducials on the player view until the
camera has seen enough of them, and tells the error in mm on the table; *Print Base
Markers…* saves the sheet to print; *Bind Selected Token to a Mini* binds the next unbound
base marker the camera sees (the one nearest the token); *Pause Tracking* (F12), or the
button the table display shows in its top right corner while a camera runs, stops following
and resumes with the minis as they stand (the state shown on both windows).

Nothing of OpenCV is imported, and no thread started, until one of these is used: this
module imports Qt only, the camera package (:mod:`battlemap.desktop.camera`) comes with the first
action that needs it. Frames are read and detected in the camera's worker thread
(:class:`battlemap.desktop.camera.capture.CaptureWorker`); its results reach the GUI thread through
a queued signal, where they are mapped through the player view's transform of that moment and
each settled mini moves its token as one undoable edit (the drag's own tool decides; a move
through a closed door is put to the GM as a drag's is). While a mini is carried, both windows
draw its drag's ruler and ghost
(:meth:`battlemap.desktop.gui.interaction.Interaction.show_carried`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QImage, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMenu,
    QPushButton,
    QWidget,
)

from battlemap.desktop.gui.notices import tell

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

PAUSE_KEY = "F12"
FOLLOWING_TEXT, PAUSED_TEXT = "Camera: following", "Camera: paused"
"""What the pause button on the table display and the GM's status bar say."""
CALIBRATION_FRAMES = 90
"""Frames (3 s at 30 fps) the fiducials stay shown before the calibration gives up."""


class _Bridge(QObject):
    """Carries the worker thread's results to the GUI thread (queued signals)."""

    frame = Signal(object)
    ended = Signal(int, str)
    """The worker's number (:attr:`CameraController.started`) and why it stopped."""


class _Follow(QObject):
    """Keeps the pause button in the view's top right corner as the view is resized."""

    def __init__(self, controller: CameraController) -> None:
        super().__init__()
        self.controller = controller

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.controller._place_pause_button()
        return False


class CameraController:
    """The camera of one GM window: its worker, session, calibration overlay, binding."""

    def __init__(self, window: GMWindow) -> None:
        from battlemap.desktop.camera.session import CameraSession

        self.window = window
        self.session = CameraSession()
        self.worker: Any = None
        self.bridge = _Bridge()
        self.bridge.frame.connect(self._on_frame, Qt.ConnectionType.QueuedConnection)
        self.bridge.ended.connect(self._on_ended, Qt.ConnectionType.QueuedConnection)
        self.overlay: QLabel | None = None
        self.layout: Any = None
        self.calibration_frames = 0
        self.binding: str | None = None
        self.frame_size: tuple[int, int] | None = None
        self.waiting_for_view = False
        self.moves_applied = 0
        self.asking = False
        """A camera move through a wall is being put to the GM (a modal question)."""
        self.started = 0
        """Workers started: an old one's end, queued after a new one started, is not the
        new one's."""
        self.pause_button: QPushButton | None = None
        """On the table display (a child of the player view): touched or clicked, it pauses
        or resumes tracking; made for each player view the camera runs with."""
        self.status = QLabel(FOLLOWING_TEXT)
        """The same state in the GM window's status bar."""
        window.statusBar().addPermanentWidget(self.status)
        self._follow = _Follow(self)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)  # the worker thread ends with the app

    def start(self, spec: str) -> bool:
        """Read frames from ``spec`` (a camera number, video file or folder); False (told)
        when it cannot be opened."""
        from battlemap.desktop.camera.capture import CaptureWorker, SourceError, open_source

        self.stop()
        try:
            source = open_source(spec)
        except SourceError as error:
            tell(self.window, str(error))
            return False
        self.started += 1
        number = self.started
        self.worker = CaptureWorker(source, self.bridge.frame.emit,
                                    lambda reason: self.bridge.ended.emit(number, reason))
        self._set_box()
        self.worker.start()
        self.show_pause_button()
        tell(self.window, f"Camera: reading {spec}" + (
            "" if self.session.calibration else "; Camera > Calibrate next"))
        return True

    def stop(self) -> None:
        if self.worker is not None:
            self.worker.stop()
            self.worker = None

    def calibrate(self) -> None:
        """Show the fiducials full screen on the player view until the camera sees them."""
        from battlemap.desktop.camera.calibration import fiducial_layout, render_fiducials

        player = self.window.player_window
        if player is None or not player.isVisible():
            tell(self.window, "Camera: open the player view (F5) on the table display first")
            return
        if self.worker is None:
            tell(self.window, "Camera: start the camera first (Camera > Start Camera…)")
            return
        viewport = player.view.viewport()
        width, height = viewport.width(), viewport.height()
        self.layout = fiducial_layout(width, height)
        image = render_fiducials(width, height, self.layout)
        picture = QImage(image.data, width, height, image.strides[0],
                         QImage.Format.Format_Grayscale8).copy()
        self._hide_overlay()
        self.overlay = QLabel(viewport)
        self.overlay.setPixmap(QPixmap.fromImage(picture))
        self.overlay.setGeometry(0, 0, width, height)
        self.overlay.show()
        if (button := self._button()) is not None:  # the fiducials' corners are the
            button.hide()                           # display's own
        self.calibration_frames = 0
        self.worker.tracking = False
        self.worker.box = None  # the camera may have moved: look at the whole frame
        tell(self.window, "Camera: calibrating; keep the table display clear of hands and "
             "minis for a moment")

    def bind_selected(self) -> None:
        selected = [t for t in self.window.state.encounter.tokens
                    if t.id in self.window.interaction.selection]
        if len(selected) != 1:
            tell(self.window, "Camera: select one token to bind to a mini")
            return
        if self.session.calibration is None:
            tell(self.window, "Camera: calibrate the camera before binding minis")
            return
        self.binding = selected[0].id
        tell(self.window, f"Camera: show {selected[0].name}'s mini to the camera (put it on "
             "the table display, its marker up)")

    def set_paused(self, paused: bool) -> None:
        """Pause or resume following (the GM's key and menu, or the table's button): told,
        and shown on both windows."""
        if paused != self.session.follower.paused:
            tell(self.window, self.session.follower.set_paused(paused))
        if paused:
            self._show_carried(None)
        self._show_paused()

    def _show_paused(self) -> None:
        paused = self.session.follower.paused
        text = PAUSED_TEXT if paused else FOLLOWING_TEXT
        self.status.setText(text)
        action = getattr(self.window, "actions_by_name", {}).get("camera_pause")
        if action is not None:
            action.setChecked(paused)
        button = self._button()
        if button is not None:
            button.setChecked(paused)
            button.setText(text + (" (touch to follow)" if paused else " (touch to pause)"))
            button.adjustSize()
            self._place_pause_button()

    def _button(self) -> QPushButton | None:
        """The pause button, None once its player view is closed (deleted with it)."""
        if self.pause_button is not None and not shiboken6.isValid(self.pause_button):
            self.pause_button = None
        return self.pause_button

    def show_pause_button(self) -> None:
        """Put the pause button on the player view, if it is open and has none yet."""
        player = self.window.player_window
        if player is None:
            return
        found = self._button()
        if found is not None and found.parentWidget() is player.view:
            return
        button = self.pause_button = QPushButton(player.view)
        player.view.installEventFilter(self._follow)
        button.setObjectName("camera_pause_button")
        button.setCheckable(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the table's keys stay the view's
        button.setStyleSheet("QPushButton { background: rgba(20, 20, 20, 200); color: white; "
                             "border: 1px solid #888; border-radius: 6px; padding: 8px 14px; "
                             "font-size: 14pt; } QPushButton:checked { background: "
                             "rgba(150, 40, 20, 220); }")
        button.clicked.connect(lambda checked: self.set_paused(checked))
        button.setVisible(self.overlay is None)
        self._show_paused()
        button.raise_()

    def _place_pause_button(self) -> None:
        button = self._button()
        parent = button.parentWidget() if button is not None else None
        if button is None or not isinstance(parent, QWidget):
            return
        margin = 12
        button.move(parent.width() - button.width() - margin, margin)

    def _hide_overlay(self) -> None:
        if self.overlay is not None:
            self.overlay.hide()
            self.overlay.deleteLater()
            self.overlay = None
        if (button := self._button()) is not None:
            button.show()

    def _set_box(self) -> None:
        player = self.window.player_window
        calibration = self.session.calibration
        if self.worker is None or calibration is None or player is None:
            return
        self.worker.tracking = True
        if self.frame_size is not None:
            viewport = player.view.viewport()
            self.worker.box = calibration.display_box((viewport.width(), viewport.height()),
                                                      self.frame_size)

    def view_transform(self) -> Any:
        """The player view's map cells -> display px now (None: no player view)."""
        from battlemap.desktop.camera.calibration import ViewTransform
        from battlemap.desktop.gui.style import CELL

        player = self.window.player_window
        if player is None or not player.isVisible():
            return None
        t = player.view.viewportTransform()
        return ViewTransform.from_qt((t.m11(), t.m12(), t.m13(), t.m21(), t.m22(), t.m23(),
                                      t.m31(), t.m32(), t.m33()), CELL)

    def _ppi(self) -> float | None:
        from battlemap.desktop.gui.screens import screen_of
        from battlemap.desktop.gui.settings import screen_ppi

        player = self.window.player_window
        return screen_ppi(screen_of(player).name()) if player is not None else None

    def _dragging(self) -> frozenset[str]:
        """Tokens the GM (or a player at the table) is dragging now: their drag wins."""
        from battlemap.desktop.core.tools import DragPreview

        interactions = [self.window.interaction]
        if self.window.player_window is not None:
            interactions.append(self.window.player_window.interaction)
        return frozenset(tid for i in interactions if isinstance(i.tool.preview, DragPreview)
                         for tid, _ in i.tool.preview.positions)

    def _on_frame(self, result: Any) -> None:
        self.frame_size = result.size
        self.show_pause_button()  # a player view opened since the camera started
        if self.overlay is not None:
            self._calibration_frame(result)
            return
        view = self.view_transform()
        if self.session.calibration is None:
            return
        if view is None:
            if not self.waiting_for_view:  # said once, not every frame
                tell(self.window, "Camera: the player view is closed; the minis are not "
                     "followed until it is open again (F5)")
            self.waiting_for_view = True
            return
        self.waiting_for_view = False
        if self.binding is not None:
            self._binding_frame(result, view)
            return
        if self.asking:
            return  # the GM is answering a move through a wall: frames wait for the answer
        state = self.window.state
        dragging = self._dragging()
        for move in self.session.frame(result.markers, view, state.encounter, dragging):
            tell(self.window, move.message)
            commit = move.commit
            if commit is not None and commit.confirm is not None:
                self._show_carried(None)
                self.asking = True  # put to the GM as the GM's own drag through it is
                try:
                    commit = self.window.interaction.allow(commit)
                finally:
                    self.asking = False
            if commit is not None:
                state.apply(commit.label, commit.encounter)
                self.moves_applied += 1
        self._show_carried(self.session.follower.carried(state.encounter, dragging))

    def _show_carried(self, preview: Any) -> None:
        """The carried mini's ruler and ghost on both windows, as a drag's (None: none)."""
        self.window.interaction.show_carried(preview)
        if self.window.player_window is not None:
            self.window.player_window.interaction.show_carried(preview)

    def _calibration_frame(self, result: Any) -> None:
        from battlemap.desktop.camera.calibration import CalibrationError

        self.calibration_frames += 1
        try:
            words = self.session.calibrate(result.markers, self.layout, self._ppi())
        except CalibrationError as error:
            if self.calibration_frames >= CALIBRATION_FRAMES:
                self._hide_overlay()
                tell(self.window, f"Camera: not calibrated: {error}")
            return
        self._hide_overlay()
        self._set_box()
        tell(self.window, words)

    def _binding_frame(self, result: Any, view: Any) -> None:
        token_id = self.binding
        assert token_id is not None
        encounter = self.window.state.encounter
        if not any(t.id == token_id for t in encounter.tokens):
            self.binding = None
            tell(self.window, "Camera: the token to bind is gone from the map")
            return
        token = encounter.token(token_id)
        bound = self.session.follower.bindings
        free = {m: p for m, p in self.session.sightings(result.markers, view).items()
                if m not in bound}
        if not free:
            return
        nearest = min(free, key=lambda m: (free[m][0] - token.x) ** 2 + (free[m][1] - token.y)
                      ** 2)
        self.binding = None
        tell(self.window, "Camera: " + self.session.follower.bind(nearest, token_id, encounter))

    def _on_ended(self, number: int, reason: str) -> None:
        if number != self.started:
            return  # replaced by the camera started since: that one runs on
        self.worker = None
        self._show_carried(None)
        self._hide_overlay()
        tell(self.window, reason)


def controller_of(window: GMWindow) -> CameraController | None:
    """The window's camera controller, made (and the camera package imported) at first use;
    None, told, when OpenCV is not installed."""
    found: CameraController | None = getattr(window, "_camera", None)
    if found is None:
        try:
            found = CameraController(window)
        except ImportError as error:
            tell(window, f"Camera: OpenCV is not installed ({error}); install the camera extra: "
                 "pip install 'battlemap[camera]'")
            return None
        window._camera = found  # type: ignore[attr-defined]
    return found


def start_camera(window: GMWindow, spec: str) -> bool:
    """Start reading ``spec`` (``--camera-source``); False when it cannot be."""
    controller = controller_of(window)
    return controller is not None and controller.start(spec)


def _ask_source(window: GMWindow) -> None:
    spec, ok = QInputDialog.getText(window, "Start Camera", "Camera number (0 = the first), or "
                                    "a video file or folder of images:", text="0")
    if ok and spec.strip():
        start_camera(window, spec.strip())


def _calibrate(window: GMWindow) -> None:
    controller = controller_of(window)
    if controller is not None:
        controller.calibrate()


def _bind(window: GMWindow) -> None:
    controller = controller_of(window)
    if controller is not None:
        controller.bind_selected()


def _pause(window: GMWindow, action: QAction) -> None:
    controller = controller_of(window)
    if controller is not None:
        controller.set_paused(action.isChecked())
    else:
        action.setChecked(False)


def _print_markers(window: GMWindow) -> None:
    try:
        from battlemap.desktop.camera.markers import sheet_png
    except ImportError as error:
        tell(window, f"Camera: OpenCV is not installed ({error}); install the camera extra: "
             "pip install 'battlemap[camera]'")
        return
    path, _ = QFileDialog.getSaveFileName(window, "Save Base Markers", "base-markers.png",
                                          "PNG images (*.png)")
    if path:
        save_markers(window, Path(path), sheet_png())


def save_markers(window: GMWindow, path: Path, data: bytes) -> None:
    """Write the sheet; told where, and to print it at 100 % (or why it was not written)."""
    try:
        path.write_bytes(data)
    except OSError as error:
        tell(window, f"Camera: base markers not saved to {path}: {error.strerror or error}")
        return
    tell(window, f"Camera: base markers saved to {path}; print at 100 % (actual size): each "
         "square is a 25 mm base")


def build_camera_menu(window: GMWindow, menu: QMenu, actions: dict[str, QAction]) -> None:
    """Fill the Camera menu; its actions go in ``actions`` under ``camera_*`` names."""
    entries = [("camera_start", "&Start Camera…", partial(_ask_source, window)),
               ("camera_calibrate", "&Calibrate", partial(_calibrate, window)),
               ("camera_markers", "&Print Base Markers…", partial(_print_markers, window)),
               ("camera_bind", "&Bind Selected Token to a Mini", partial(_bind, window))]
    for name, text, slot in entries:
        action = QAction(text, window)
        action.triggered.connect(lambda _checked=False, slot=slot: slot())
        menu.addAction(action)
        actions[name] = action
    pause = QAction("&Pause Tracking", window)
    pause.setCheckable(True)
    pause.setShortcut(QKeySequence(PAUSE_KEY))
    pause.triggered.connect(lambda _checked=False: _pause(window, pause))
    menu.addAction(pause)
    actions["camera_pause"] = pause
