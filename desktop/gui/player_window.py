"""The table display: a chrome-free window showing what the players may see.

It has its own :class:`MapScene` for the player audience, so hidden tokens, notes, selection
boxes and editing handles never exist in it. The camera follows the GM view (at the calibrated
physical scale when the screen was measured), stays where the GM pinned it, or centres on
whoever acts; blackout hides the map during scene changes.

The table is a touch surface with miniatures on it, so by default its pan and zoom are locked
(a pinch, a wheel or a mini resting on an infrared frame never breaks one cell per inch), only
heroes move and only on their turn in combat, and a long press pings. The view turns 90, 180
or 270 degrees for players on another side of the table: the map and its text face them. When the
table's screen is unplugged and plugged back, the window goes back to it at the same scale.
With fog of war on it shows only what the GM revealed and the heroes see; the GM can lift the
fog for a moment (:meth:`PlayerWindow.show_everything`).
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeyEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QStackedLayout, QWidget

from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.physical_scale import view_zoom
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.table_rules import acting_in_combat
from battlemap.desktop.gui.app_icon import app_icon
from battlemap.desktop.gui.interaction import Interaction
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.screens import screen_of
from battlemap.desktop.gui.settings import (
    player_screen_name,
    screen_ppi,
    set_player_screen_name,
    table_camera_locked,
    table_label_mm,
    table_permissions,
    table_rings_only,
    table_rotation,
)
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.table_frame import EDGE_PX
from battlemap.desktop.gui.table_insight import TableInsight
from battlemap.desktop.gui.table_view import TableView
from battlemap.desktop.gui.token_item import TokenStyle

FOLLOW_RIM_PX = EDGE_PX / 2 + 5
"""GM screen pixels the following table shows beyond each edge of the GM's view. The TABLE
frame's lines (half their width and a pixel of antialiasing from the edge) and the two views'
rounding of their centres to whole pixels (a pixel or two of the GM's, with a table screen of
about the GM view's pixels or more) then lie off the GM's view. Else, with the table showing
exactly the GM's height (or width), the frame lay on the GM's first and last rows: Qt
scrolled its pixels with the map at each pan step, so a second strip of every item (the
fog's clip among them) was repainted along the GM's far edge, 3-4 ms a step."""


class CameraMode(StrEnum):
    FOLLOW = "follow"
    PINNED = "pinned"
    ACTING = "acting"
    """Centred on the token (or the tokens) whose turn it is."""


class PlayerWindow(QWidget):
    """The players' window; ``follow(gm_view)`` mirrors the GM camera while following."""

    def __init__(self, state: BattleState, gm_view: MapView) -> None:
        super().__init__(None, Qt.WindowType.Window | Qt.WindowType.FramelessWindowHint)
        self.setWindowTitle("Battlemap - players")
        self.setWindowIcon(app_icon())
        self.scene = MapScene(state, Audience.PLAYER, gm_view.map_scene.base_dir)
        self.view = TableView(self.scene)
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.setBackgroundBrush(Qt.GlobalColor.black)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.interaction = Interaction(self.view, state, for_players=True)
        self.view.long_press_pings = True
        self.insight = TableInsight(self.view, self.interaction)
        self.blackout_cover = QLabel("")  # a black page shown instead of the map
        self.blackout_cover.setStyleSheet("background: black;")
        self._stack = QStackedLayout(self)
        self._stack.addWidget(self.view)
        self._stack.addWidget(self.blackout_cover)
        self.gm_view = gm_view
        self.mode = CameraMode.FOLLOW
        self._acting: frozenset[str] = frozenset()
        self._screen_name: str | None = None
        """The name of the screen the GM put the window on (full screen), if any."""
        self._fit_first = False
        """Fitting the whole map until the GM moves the camera (the window just opened)."""
        self._followed: tuple[tuple[object, ...], float] | None = None
        """What the table's zoom following the GM's was worked out from, and that zoom."""
        self._calibration: tuple[str, float | None] | None = None
        """The screen :meth:`physical_zoom` last read the calibration of, and what it read."""
        gm_view.camera_changed.connect(self._on_gm_camera_moved)
        state.changed.connect(self._on_state_change)
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        app.screenAdded.connect(self._on_screen_added)
        app.screenRemoved.connect(self._on_screen_removed)
        self.apply_preferences()
        self.resize(1280, 800)

    def apply_preferences(self) -> None:
        """Read the table's preferences again: camera lock, permissions, labels, rotation."""
        self.view.camera_locked = table_camera_locked()
        permissions = table_permissions()
        tool = self.interaction.select_tool
        tool.doors = permissions.doors

        def movable(token: Token, encounter: Encounter) -> bool:
            return permissions.may_move(token, acting_in_combat(encounter))

        tool.movable = movable
        self.set_rotation(table_rotation())

    @property
    def rotation(self) -> int:
        """Degrees clockwise the table view is turned (0, 90, 180, 270)."""
        return self.view.rotation

    def set_rotation(self, degrees: int) -> None:
        """Turn the view (clockwise) to face players on another side of the table: the map's
        text turns with it, upright for them."""
        style = TokenStyle.for_table(table_label_mm(), table_rings_only())
        self.scene.set_token_style(style)
        self.view.set_rotation(degrees)
        self._on_gm_camera_change()

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
        self._followed = None
        self._calibration = None
        self._acting = frozenset()
        self._on_gm_camera_change()
        self._centre_on_acting(self.state.encounter)

    @property
    def state(self) -> BattleState:
        return self.scene.state

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        self._centre_on_acting(new)

    def _centre_on_acting(self, encounter: Encounter) -> None:
        """In ACTING mode, centre on the acting tokens when the turn passes to others."""
        acting = acting_in_combat(encounter) or frozenset()
        if self.mode is not CameraMode.ACTING or acting == self._acting:
            return
        self._acting = acting
        shown = [t for t in encounter.tokens if t.id in acting and not t.hidden]
        if shown:
            x = sum(t.x for t in shown) / len(shown)
            y = sum(t.y for t in shown) / len(shown)
            zoom = self.physical_zoom() or self.view.zoom
            self.view.set_camera(QPointF(x * CELL, y * CELL), zoom)

    def move_camera_to(self, centre: QPointF) -> None:
        """Centre the table on a scene point (the GM dragged its frame): the camera pins."""
        self.mode = CameraMode.PINNED
        self.view.set_camera(centre, self.view.zoom)

    def show_on_table(self) -> None:
        """Show full screen on the remembered table screen, else on a screen other than the
        GM window's (never on the GM window's own: it would cover it); with a single screen,
        as a normal window beside the GM window. The whole map (and the names along its edge)
        fits the window at first."""
        self._fit_first = True
        screens = QGuiApplication.screens()
        remembered = player_screen_name()
        gm_screen = screen_of(self.gm_view)
        others = [s for s in screens if s is not gm_screen]
        chosen = next((s for s in others if s.name() == remembered), None)
        chosen = chosen or next(iter(others), None)
        if chosen is None:
            self.show()
        else:
            self.put_on(chosen)
        self.fit_map()

    def fit_map(self) -> None:
        """The whole map in the window, a margin around it for the names along its edges (at
        the calibrated scale, if measured: then only centred); following, the camera follows
        the GM again from the GM's next move."""
        area = self.scene.map_rect().adjusted(-0.75 * CELL, -0.75 * CELL, 0.75 * CELL,
                                              0.75 * CELL)
        physical = self.physical_zoom()
        if physical is not None:
            self.view.set_camera(area.center(), physical)
            return
        size = self.view.viewport().size()
        if self.rotation in (90, 270):
            size.transpose()
        if size.isEmpty() or area.isEmpty():
            return
        zoom = min(size.width() / area.width(), size.height() / area.height())
        self.view.set_camera(area.center(), zoom)

    def put_on(self, screen: QScreen) -> None:
        """Full screen on ``screen``, remembered for next time."""
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()
        self._screen_name = screen.name()
        set_player_screen_name(screen.name())
        self._rescale()

    def _on_screen_added(self, screen: QScreen) -> None:
        """The table's screen plugged back: go back to it (its calibration comes along)."""
        if self.isVisible() and screen.name() == self._screen_name:
            self.put_on(screen)

    def _on_screen_removed(self, screen: QScreen) -> None:
        """The table's screen unplugged: leave full screen, a window the GM can see and move,
        until the screen comes back."""
        if self.isVisible() and screen.name() == self._screen_name:
            self.showNormal()
            self.resize(960, 600)

    def _rescale(self) -> None:
        """Keep the scale right for the screen the window is on now."""
        self._followed = None
        self._calibration = None
        physical = self.physical_zoom()
        if self.mode is CameraMode.FOLLOW:
            self._on_gm_camera_change()
        elif physical is not None:
            self.view.set_camera(self.view.camera()[0], physical)

    def physical_zoom(self) -> float | None:
        """The zoom that makes one cell one inch on this window's screen, if calibrated.

        The calibration is read from the settings file once per screen (a ``QSettings`` made
        and read, 0.1-0.2 ms, at every wheel notch and pinch step the table followed), again
        after :meth:`set_mode` (which the calibration dialog's end calls) and :meth:`_rescale`
        (a resize, a new screen)."""
        name = screen_of(self).name()
        if self._calibration is None or self._calibration[0] != name:
            self._calibration = (name, screen_ppi(name))
        ppi = self._calibration[1]
        return view_zoom(ppi, CELL) if ppi else None

    def following_zoom(self, gm_zoom: float) -> float:
        """The zoom that shows (at least) what the GM window shows, and :data:`FOLLOW_RIM_PX`
        around it, filling the table display.

        A table TV has more pixels than the GM's view of the map: copying the GM's zoom would
        draw the map small in a corner of its screen.
        """
        gm_size, size = self.gm_view.viewport().size(), self.view.viewport().size()
        if gm_size.isEmpty() or size.isEmpty():
            return gm_zoom
        if self.rotation in (90, 270):
            size.transpose()
        width, height = (gm_size.width() + 2 * FOLLOW_RIM_PX,
                         gm_size.height() + 2 * FOLLOW_RIM_PX)
        return gm_zoom * min(size.width() / width, size.height() / height)

    def _on_gm_camera_moved(self) -> None:
        """The GM panned or zoomed: from now on the table follows (no more fitting)."""
        self._fit_first = False
        self._on_gm_camera_change()

    def _on_gm_camera_change(self) -> None:
        if self.mode is not CameraMode.FOLLOW:
            return
        if self._fit_first:
            self.fit_map()
            return
        centre, zoom = self.gm_view.camera()
        if self.gm_view.coarse:  # the GM's zoom burst: the table's frames coarse with it
            self.view.begin_coarse()
        self.view.set_camera(centre, self._zoom_following(zoom))

    def _zoom_following(self, gm_zoom: float) -> float:
        """The table's zoom following ``gm_zoom``: :meth:`physical_zoom` or
        :meth:`following_zoom`, kept while the GM's zoom, both views' sizes, the turn and the
        table's screen stay (a pan step worked it out again, 0.2-0.3 ms; :meth:`set_mode`,
        which a calibration calls, and :meth:`_rescale` forget it)."""
        key = (gm_zoom, self.gm_view.viewport().size().toTuple(),
               self.view.viewport().size().toTuple(), self.rotation, screen_of(self).name())
        if self._followed is None or self._followed[0] != key:
            self._followed = (key, self.physical_zoom() or self.following_zoom(gm_zoom))
        return self._followed[1]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._rescale()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_B:
            self.set_blackout(not self.is_blacked_out)
        elif event.key() == Qt.Key.Key_F:
            self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.gm_view.camera_changed.disconnect(self._on_gm_camera_moved)
        self.state.changed.disconnect(self._on_state_change)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.disconnect(self._on_screen_added)
            app.screenRemoved.disconnect(self._on_screen_removed)
        self.interaction.detach()
        self.view.detach()
        self.scene.detach()
        super().closeEvent(event)
