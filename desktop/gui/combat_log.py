"""The combat log dock: every entry with its breakdown, filterable, copyable, exportable.

The log lives in the encounter snapshot (``Encounter.log``), so the panel only mirrors it: an
undone attack takes its entry with it. Each entry is a top-level row (``R2  Valeros shoots
Goblin 1: miss``) with its breakdown lines beneath; the filter keeps entries whose title or
lines contain the text; Ctrl+C or *Copy* puts the selected entries (all shown ones when none is
selected) on the clipboard as plain text; *Export…* writes the whole log as Markdown.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.core.atomic import atomic_write_bytes
from desktop.core.model import Encounter, LogEntry
from desktop.core.state import BattleState
from rules.narration import log_markdown


def round_tag(round_number: int) -> str:
    """The prefix of a log line in the panel: ``"R2  "`` in round 2, nothing outside combat.

    Examples
    --------
    >>> round_tag(2) + "Valeros moves", round_tag(0) + "Open door"
    ('R2  Valeros moves', 'Open door')
    """
    return f"R{round_number}  " if round_number > 0 else ""


def entry_text(entry: LogEntry) -> str:
    """An entry as plain text: the title, then each line indented.

    Examples
    --------
    >>> print(entry_text(LogEntry("Valeros shoots Goblin 1: miss", ("Shooting d8 2 → 2 vs TN 4: "
    ...                            "miss",), round=1)))
    R1  Valeros shoots Goblin 1: miss
        Shooting d8 2 → 2 vs TN 4: miss
    """
    return "\n".join([f"{round_tag(entry.round)}{entry.title}",
                      *(f"    {line}" for line in entry.lines)])


def matches(entry: LogEntry, text: str) -> bool:
    """True when ``text`` (case ignored) occurs in the entry's title or one of its lines."""
    wanted = text.strip().lower()
    return not wanted or any(wanted in part.lower() for part in (entry.title, *entry.lines))


class CombatLogPanel(QWidget):
    """The log of ``state``'s encounter, newest last, following every change (undo included)."""

    def __init__(self, state: BattleState) -> None:
        super().__init__()
        self.state = state
        self.filter = QLineEdit(placeholderText="Filter the log (name, Shaken, round ...)")
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setSelectionMode(QTreeWidget.SelectionMode.ExtendedSelection)
        self.tree.setWordWrap(True)
        self.copy_button = QPushButton("Copy")
        self.export_button = QPushButton("Export Markdown…")
        self._layout()
        self.filter.textChanged.connect(lambda _text: self._fill(self.state.encounter))
        self.copy_button.clicked.connect(self.copy)
        self.export_button.clicked.connect(self._ask_export)
        QShortcut(QKeySequence.StandardKey.Copy, self.tree, self.copy)
        self._shown: list[LogEntry] = []
        state.changed.connect(self._on_state_change)
        self._fill(state.encounter)

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.tree)
        layout.addLayout(buttons)

    def detach(self) -> None:
        self.state.changed.disconnect(self._on_state_change)

    @property
    def shown_entries(self) -> tuple[LogEntry, ...]:
        """The entries the filter lets through, in log order."""
        return tuple(self._shown)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        if old.log != new.log:
            self._fill(new)

    def _fill(self, encounter: Encounter) -> None:
        self._shown = [e for e in encounter.log if matches(e, self.filter.text())]
        self.tree.clear()
        for entry in self._shown:
            item = QTreeWidgetItem([f"{round_tag(entry.round)}{entry.title}"])
            item.addChildren([QTreeWidgetItem([line]) for line in entry.lines])
            self.tree.addTopLevelItem(item)
            item.setExpanded(True)
        self.tree.scrollToBottom()

    def selected_entries(self) -> tuple[LogEntry, ...]:
        """The entries with a selected row (their title or one of their lines)."""
        rows = set()
        for item in self.tree.selectedItems():
            top = item.parent() or item
            rows.add(self.tree.indexOfTopLevelItem(top))
        return tuple(self._shown[row] for row in sorted(rows))

    def copy_text(self) -> str:
        """The selected entries (or every shown one) as plain text."""
        entries = self.selected_entries() or self.shown_entries
        return "\n".join(entry_text(entry) for entry in entries)

    def copy(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.copy_text())

    def export_markdown(self, path: str | Path) -> None:
        """Write the whole log (unfiltered) as Markdown to ``path``, atomically."""
        encounter = self.state.encounter
        text = log_markdown(encounter.log, f"Combat log: {encounter.name}")
        atomic_write_bytes(path, text.encode("utf-8"))

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the combat log", "combat-log.md",
                                              "Markdown (*.md)")
        if not path:
            return
        try:
            self.export_markdown(path)
        except OSError as error:
            QMessageBox.warning(self, "Export failed", f"Could not write {path}: {error}")
