"""The table display: a chrome-free window showing what the players may see.

It has its own :class:`MapScene` for the player audience, so hidden tokens, notes, selection
boxes and editing handles never exist in it. The camera follows the GM view (at the calibrated
physical scale when the screen was measured) or stays where the GM pinned it; blackout hides
the map during scene changes. Players can drag tokens on it with a finger or a mouse. With fog
of war on it shows only what the GM revealed and the heroes see; the GM can lift the fog for a
moment (:meth:`PlayerWindow.show_everything`).
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeyEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QStackedLayout, QWidget

from desktop.core.physical_scale import view_zoom
from desktop.core.state import BattleState
from desktop.gui.interaction import Interaction
from desktop.gui.map_view import MapView
from desktop.gui.scene import Audience, MapScene
from desktop.gui.screens import screen_of
from desktop.gui.settings import player_screen_name, screen_ppi, set_player_screen_name
from desktop.gui.style import CELL


class CameraMode(StrEnum):
    FOLLOW = "follow"
    PINNED = "pinned"


class PlayerWindow(QWidget):
    """The players' window; ``follow(gm_view)`` mirrors the GM camera while following."""

    def __init__(self, state: BattleState, gm_view: MapView) -> None:
        super().__init__(None, Qt.WindowType.Window | Qt.WindowType.FramelessWindowHint)
        self.setWindowTitle("Battlemap - players")
        self.scene = MapScene(state, Audience.PLAYER, gm_view.map_scene.base_dir)
        self.view = MapView(self.scene)
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.setBackgroundBrush(Qt.GlobalColor.black)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.interaction = Interaction(self.view, state, for_players=True)
        self.blackout_cover = QLabel("")  # a black page shown instead of the map
        self.blackout_cover.setStyleSheet("background: black;")
        self._stack = QStackedLayout(self)
        self._stack.addWidget(self.view)
        self._stack.addWidget(self.blackout_cover)
        self.gm_view = gm_view
        self.mode = CameraMode.FOLLOW
        gm_view.camera_changed.connect(self._on_gm_camera_change)
        self.resize(1280, 800)

    @property
    def is_blacked_out(self) -> bool:
        return self._stack.currentWidget() is self.blackout_cover

    def set_blackout(self, on: bool) -> None:
        self._stack.setCurrentWidget(self.blackout_cover if on else self.view)

    def show_everything(self, milliseconds: int) -> None:
        """Lift the fog (the GM's button) for ``milliseconds``, then bring it back."""
        self.scene.set_peek(True)
        QTimer.singleShot(milliseconds, self, lambda: self.scene.set_peek(False))

    def set_mode(self, mode: CameraMode) -> None:
        self.mode = mode
        self._on_gm_camera_change()

    def show_on_table(self) -> None:
        """Show full screen on the remembered table screen, else on a screen other than the
        GM window's; with a single screen, as a normal window beside the GM window."""
        screens = QGuiApplication.screens()
        remembered = player_screen_name()
        gm_screen = screen_of(self.gm_view)
        chosen = next((s for s in screens if s.name() == remembered), None)
        chosen = chosen or next((s for s in screens if s is not gm_screen), None)
        if chosen is None:
            self.show()
            return
        self.put_on(chosen)

    def put_on(self, screen: QScreen) -> None:
        """Full screen on ``screen``, remembered for next time."""
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()
        set_player_screen_name(screen.name())
        self._on_gm_camera_change()

    def physical_zoom(self) -> float | None:
        """The zoom that makes one cell one inch on this window's screen, if calibrated."""
        ppi = screen_ppi(screen_of(self).name())
        return view_zoom(ppi, CELL) if ppi else None

    def following_zoom(self, gm_zoom: float) -> float:
        """The zoom that shows (at least) what the GM window shows, filling the table display.

        A table TV has more pixels than the GM's view of the map: copying the GM's zoom would
        draw the map small in a corner of its screen.
        """
        gm_size, size = self.gm_view.viewport().size(), self.view.viewport().size()
        if gm_size.isEmpty() or size.isEmpty():
            return gm_zoom
        return gm_zoom * min(size.width() / gm_size.width(), size.height() / gm_size.height())

    def _on_gm_camera_change(self) -> None:
        if self.mode is not CameraMode.FOLLOW:
            return
        centre, zoom = self.gm_view.camera()
        self.view.set_camera(centre, self.physical_zoom() or self.following_zoom(zoom))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._on_gm_camera_change()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_B:
            self.set_blackout(not self.is_blacked_out)
        elif event.key() == Qt.Key.Key_F:
            self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.gm_view.camera_changed.disconnect(self._on_gm_camera_change)
        self.interaction.detach()
        self.scene.detach()
        super().closeEvent(event)
