"""The GM window: the map in the middle, tools on a toolbar, side docks, menus.

Every edit goes through ``state.apply`` (one undo step each); the window owns the scene, the
view and its interaction, the optional player window and the file it was opened from.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow, QMessageBox, QToolBar

from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.app_icon import app_icon
from battlemap.desktop.gui.docks import CombatantsPanel, add_docks
from battlemap.desktop.gui.interaction import Interaction
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.menus import build_menus
from battlemap.desktop.gui.properties_panel import PropertiesPanel
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.settings import settings
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.table_frame import TableFrame
from battlemap.desktop.gui.token_image import watch_token_images
from battlemap.desktop.gui.token_menu import show_map_menu

if TYPE_CHECKING:
    from battlemap.desktop.gui.combat_tools import CombatTools
    from battlemap.desktop.gui.player_window import CameraMode, PlayerWindow

LAYOUT_VERSION = 3
"""Version of the saved dock and toolbar layout; a layout saved by an older version is ignored
(version 1 could put the attack bar on the Tools bar's row, hiding half of both; version 2 had
docks on both sides, leaving the map 58 % of a 1920 px window)."""


class GMWindow(QMainWindow):
    """The main window on ``state``; ``path`` is the encounter file, if any.

    ``combat_tools_later``: leave the attack and template tools (half a second of imports)
    to :meth:`install_combat_tools`, called after the first frame; using them earlier installs
    them then.
    """

    def __init__(
        self, state: BattleState, path: Path | None = None, *, combat_tools_later: bool = False
    ) -> None:
        super().__init__()
        self.setObjectName("GMWindow")
        self.setWindowIcon(app_icon())
        self.state, self.path = state, path
        self.scene = MapScene(state, Audience.GM, path.parent if path else None)
        self.view = MapView(self.scene)
        self.interaction = Interaction(self.view, state)
        self.interaction.tell = self.tell
        self.interaction.note = self.note
        self.player_window: PlayerWindow | None = None
        self.table_frame: TableFrame | None = None
        self.setCentralWidget(self.view)
        self.combatants = CombatantsPanel(self)
        self.properties = PropertiesPanel(state)
        self.docks = add_docks(self)
        self.actions_by_name = build_menus(self)
        self._combat_tools: CombatTools | None = None
        if not combat_tools_later:
            self.install_combat_tools()
        self.view.context_requested.connect(self._on_context_request)
        self.view.ping_requested.connect(self.ping)
        self.scene.image_refused.connect(self.tell)
        watch_token_images(self)  # a big token image's decode on the status bar
        for problem in self.scene.image_problems:  # said while the scene was made
            self.tell(problem)
        state.history_changed.connect(self.update_title)
        self.update_title()
        self.resize(1400, 900)
        self._restore_layout()

    @property
    def combat_tools(self) -> CombatTools:
        """The attack and template tools (installed now if they were left for later)."""
        return self._combat_tools or self.install_combat_tools()

    def install_combat_tools(self) -> CombatTools:
        """Add the attack and template tools, once; a window already shown puts the new
        toolbar where the saved layout has it."""
        if self._combat_tools is None:
            from battlemap.desktop.gui.combat_tools import (
                install_combat_tools,  # not for the 1st frame
            )

            self._combat_tools = install_combat_tools(self)
            if self.isVisible():
                layout = settings().value("gm/state")
                if layout is not None:
                    self.restoreState(layout, LAYOUT_VERSION)
                self._keep_bars_on_own_rows()
        return self._combat_tools

    def update_title(self) -> None:
        name = self.path.name if self.path else "untitled"
        self.setWindowTitle(f"{self.state.encounter.name} - {name}[*] - Battlemap")
        self.setWindowModified(self.state.dirty)

    def tell(self, message: str) -> None:
        """A refusal or no-op in words, on the status bar and the log (a refused move, from
        either window): :func:`battlemap.desktop.gui.notices.tell`."""
        from battlemap.desktop.gui.notices import tell

        tell(self, message)

    def note(self, message: str) -> None:
        """A passing word on the status bar only, not the log (the drag's "Finding the
        shortest way…"); "" takes it away when it is still shown."""
        if message:
            self.statusBar().showMessage(message)
        elif self.statusBar().currentMessage() == self.interaction.noted:
            self.statusBar().clearMessage()

    def show_error(self, title: str, message: str) -> None:
        """A message box with the error text; never a traceback."""
        QMessageBox.warning(self, title, message)

    def toggle_player_view(self) -> None:
        """Open the table display (or close it if open)."""
        if self.player_window is not None and self.player_window.isVisible():
            self.combat_tools.attack.animator.skip()  # it must not outlive the window's items
            self._close_player_window()
            return
        from battlemap.desktop.gui.player_window import PlayerWindow  # not for the 1st frame

        player = self.player_window = PlayerWindow(self.state, self.view)
        player.view.ping_requested.connect(self.ping)
        player.interaction.tell = self.tell
        player.interaction.note = self.note
        player.show_on_table()
        player.set_mode(self.camera_mode())
        self.table_frame = TableFrame(self.view, player.view, self._move_table)

    def _close_player_window(self) -> None:
        if self.table_frame is not None:
            self.table_frame.remove()
            self.table_frame = None
        if self.player_window is not None:
            self.player_window.close()
            self.player_window = None

    def camera_mode(self) -> CameraMode:
        """The table camera the View menu asks for: pinned, on whoever acts, or following."""
        from battlemap.desktop.gui.player_window import CameraMode

        if self.actions_by_name["pin"].isChecked():
            return CameraMode.PINNED
        if self.actions_by_name["centre_acting"].isChecked():
            return CameraMode.ACTING
        return CameraMode.FOLLOW

    def _move_table(self, centre: QPointF) -> None:
        """The GM dragged the table's frame: the table's camera pins there."""
        if self.player_window is not None:
            self.actions_by_name["pin"].setChecked(True)
            self.actions_by_name["centre_acting"].setChecked(False)
            self.player_window.move_camera_to(centre)

    def apply_table_preferences(self) -> None:
        """The GM changed the Preferences: the open table follows them at once."""
        if self.player_window is not None:
            self.player_window.apply_preferences()

    def ping(self, x: float, y: float) -> None:
        """Ring a ping at ``(x, y)`` (cells) on the GM map and on the table."""
        scenes = [self.scene]
        if self.player_window is not None and self.player_window.isVisible():
            scenes.append(self.player_window.scene)
        from battlemap.desktop.gui.ping import ring_out  # not for the 1st frame

        ring_out(scenes, QPointF(x * CELL, y * CELL), self)

    def _on_context_request(self, x: float, y: float, global_pos: QPoint) -> None:
        if self.interaction.tool is not self.interaction.select_tool:
            self.interaction.finish()  # a right click ends the wall or region being drawn
            return

        show_map_menu(self, x, y, global_pos)

    def _restore_layout(self) -> None:
        store = settings()
        geometry, layout = store.value("gm/geometry"), store.value("gm/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if layout is not None:
            self.restoreState(layout, LAYOUT_VERSION)
        self._keep_bars_on_own_rows()

    def _keep_bars_on_own_rows(self) -> None:
        """Start the attack bar on a row of its own (it fills its row); the tool bars by task
        share the first row."""
        bar = self.findChild(QToolBar, "AttackBar")
        if bar is not None and not self.toolBarBreak(bar):
            self.insertToolBarBreak(bar)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.state.dirty and not self.confirm_discard():
            event.ignore()
            return
        store = settings()
        store.setValue("gm/geometry", self.saveGeometry())
        store.setValue("gm/state", self.saveState(LAYOUT_VERSION))
        self._close_player_window()
        super().closeEvent(event)

    def confirm_discard(self) -> bool:
        answer = QMessageBox.question(
            self, "Unsaved changes", "The encounter has unsaved changes. Close anyway?",
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard
