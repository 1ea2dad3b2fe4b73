"""The GM window: the map in the middle, tools on a toolbar, side docks, menus.

Every edit goes through ``state.apply`` (one undo step each); the window owns the scene, the
view and its interaction, the optional player window and the file it was opened from.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow, QMessageBox, QToolBar

from desktop.core.state import BattleState
from desktop.gui.docks import CombatantsPanel, add_docks
from desktop.gui.interaction import Interaction
from desktop.gui.map_view import MapView
from desktop.gui.menus import build_menus
from desktop.gui.player_window import PlayerWindow
from desktop.gui.properties_panel import PropertiesPanel
from desktop.gui.scene import Audience, MapScene
from desktop.gui.settings import settings

if TYPE_CHECKING:
    from desktop.gui.combat_tools import CombatTools

LAYOUT_VERSION = 2
"""Version of the saved dock and toolbar layout; a layout saved by an older version is ignored
(version 1 could put the attack bar on the Tools bar's row, hiding half of both)."""


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
        self.state, self.path = state, path
        self.scene = MapScene(state, Audience.GM, path.parent if path else None)
        self.view = MapView(self.scene)
        self.interaction = Interaction(self.view, state)
        self.player_window: PlayerWindow | None = None
        self.setCentralWidget(self.view)
        self.combatants = CombatantsPanel(self)
        self.properties = PropertiesPanel(state)
        self.docks = add_docks(self)
        self.actions_by_name = build_menus(self)
        self._combat_tools: CombatTools | None = None
        if not combat_tools_later:
            self.install_combat_tools()
        self.view.context_requested.connect(self._on_context_request)
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
            from desktop.gui.combat_tools import install_combat_tools  # not for the 1st frame

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

    def show_error(self, title: str, message: str) -> None:
        """A message box with the error text; never a traceback."""
        QMessageBox.warning(self, title, message)

    def toggle_player_view(self) -> None:
        """Open the table display (or close it if open)."""
        if self.player_window is not None and self.player_window.isVisible():
            self.combat_tools.attack.animator.skip()  # it must not outlive the window's items
            self.player_window.close()
            self.player_window = None
            return
        self.player_window = PlayerWindow(self.state, self.view)
        self.player_window.show_on_table()
        self.player_window.set_mode(self.player_window.mode)

    def _on_context_request(self, x: float, y: float, global_pos: QPoint) -> None:
        if self.interaction.tool is not self.interaction.select_tool:
            self.interaction.finish()  # a right click ends the wall or region being drawn
            return
        from desktop.gui.token_menu import show_map_menu  # with the combat tools: not at start

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
        """Start every toolbar after the first on a row of its own (each fills its row)."""
        bars = self.findChildren(QToolBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        for bar in bars[1:]:
            if not self.toolBarBreak(bar):
                self.insertToolBarBreak(bar)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.state.dirty and not self.confirm_discard():
            event.ignore()
            return
        store = settings()
        store.setValue("gm/geometry", self.saveGeometry())
        store.setValue("gm/state", self.saveState(LAYOUT_VERSION))
        if self.player_window is not None:
            self.player_window.close()
        super().closeEvent(event)

    def confirm_discard(self) -> bool:
        answer = QMessageBox.question(
            self, "Unsaved changes", "The encounter has unsaved changes. Close anyway?",
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard
