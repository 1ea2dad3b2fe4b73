"""The GM window's side docks: combatants (with their stat blocks), properties, initiative and
the combat log. Dock positions are saved with the window layout.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.core.model import Encounter, Token
from desktop.gui.combat_log import CombatLogPanel
from desktop.gui.initiative_panel import InitiativePanel
from desktop.gui.token_item import token_condition

if TYPE_CHECKING:
    from desktop.gui.main_window import GMWindow

COLUMNS = ["Name", "Side", "Pace", "Wounds", "Fatigue", "Shaken"]
TABLE_MAX_WIDTH = 480
"""The widest the combatants table asks to be, in pixels."""


def combatant_row(token: Token) -> list[str]:
    """The table cells of one combatant.

    Examples
    --------
    >>> combatant_row(Token(id="a", name="A", x=0, y=0, stats={"pace": 5}))
    ['A', 'neutral', '5', '0', '0', '']
    """
    c = token_condition(token)
    return [token.name, token.side.value, str(token.stats.get("pace", 6)),
            str(c.get("wounds", 0)), str(c.get("fatigue", 0)), "yes" if c.get("shaken") else ""]


class CombatantsPanel(QWidget):
    """Every token in a table; the selected token's stat block as editable JSON."""

    def __init__(self, window: GMWindow) -> None:
        super().__init__()
        self.gm, self.state = window, window.state
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()  # every column as wide as its longest text
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._on_row_select)
        self.stats = QPlainTextEdit()
        self.apply_button = QPushButton("Apply stat block")
        self.apply_button.clicked.connect(self.apply_stats)
        self.message = QLabel("")
        layout = QVBoxLayout(self)
        for widget in (self.table, self.stats, self.apply_button, self.message):
            layout.addWidget(widget)
        self._ids: list[str] = []
        self._shown: str | None = None
        self.state.changed.connect(self._on_state_change)
        self._fill(self.state.encounter)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        if old.tokens != new.tokens:
            self._fill(new)

    def _fit_table_width(self) -> None:
        """Ask for room to show every column (the dock widens up to ``TABLE_MAX_WIDTH``)."""
        scroll_bar = self.table.verticalScrollBar().sizeHint().width()
        wanted = self.table.horizontalHeader().length() + 2 * self.table.frameWidth() + scroll_bar
        self.table.setMinimumWidth(min(wanted, TABLE_MAX_WIDTH))

    def _fill(self, encounter: Encounter) -> None:
        self._ids = [t.id for t in encounter.tokens]
        self.table.blockSignals(True)
        self.table.setRowCount(len(encounter.tokens))
        for row, token in enumerate(encounter.tokens):
            for col, text in enumerate(combatant_row(token)):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.table.blockSignals(False)
        self._fit_table_width()
        self.show_token(self._shown)

    def _on_row_select(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedItems()})
        ids = frozenset(self._ids[r] for r in rows)
        self.gm.interaction.set_selection(ids)
        self.show_token(self._ids[rows[0]] if len(rows) == 1 else None)

    def show_selected(self, selection: frozenset[str]) -> None:
        """Show the stat block of the one selected token (the map's selection changed)."""
        tokens = [tid for tid in self._ids if tid in selection]
        self.show_token(tokens[0] if len(tokens) == 1 else None)

    def show_token(self, token_id: str | None) -> None:
        """Show the stat block of ``token_id`` (None clears it)."""
        tokens = {t.id: t for t in self.state.encounter.tokens}
        self._shown = token_id if token_id in tokens else None
        text = json.dumps(tokens[self._shown].stats, indent=1) if self._shown else ""
        self.stats.setPlainText(text)
        self.message.setText("")

    def apply_stats(self) -> None:
        """Store the edited JSON as the token's stat block, or say what is wrong with it."""
        if self._shown is None:
            return
        try:
            stats = json.loads(self.stats.toPlainText() or "{}")
        except json.JSONDecodeError as error:
            self.message.setText(f"Not valid JSON: line {error.lineno}: {error.msg}")
            return
        if not isinstance(stats, dict):
            self.message.setText("A stat block must be a JSON object { ... }")
            return
        token = self.state.encounter.token(self._shown)
        self.state.apply(f"Edit stats of {token.name}",
                         self.state.encounter.with_token(replace(token, stats=stats)))


def _dock(window: GMWindow, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(f"dock_{title.lower()}")
    # keep the width the panel needs at the start, so the map does not jump sideways when a
    # panel's content changes (the initiative panel needs less room once cards are dealt)
    widget.setMinimumWidth(widget.minimumSizeHint().width())
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
    return dock


def add_docks(window: GMWindow) -> list[QDockWidget]:
    """Dock the window's panels; the properties and combatants panels follow the selection."""
    right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
    window.interaction.selection_changed.append(window.properties.show_selection)
    window.interaction.selection_changed.append(window.combatants.show_selected)
    return [
        _dock(window, "Combatants", window.combatants, right),
        _dock(window, "Properties", window.properties, right),
        _dock(window, "Log", CombatLogPanel(window.state), left),
        _dock(window, "Initiative", InitiativePanel(window.state), left),
    ]
