"""The combat log dock: every entry with its breakdown, filterable, copyable, exportable.

The log lives in the encounter snapshot (``Encounter.log``), so the panel only mirrors it: an
undone attack takes its entry with it. Each entry is a top-level row (``R2  Valeros shoots
Goblin 1: miss``) with its breakdown lines beneath; the filter keeps entries whose title or
lines contain the text; Ctrl+C or *Copy* puts the selected entries (all shown ones when none is
selected) on the clipboard as plain text; *Export…* writes the whole log as Markdown.

Beside the entries the panel shows the GM's *notices* (:meth:`CombatLogPanel.add_notice`):
what a tool refused or found nothing to do, in words, where it happened in the log. They are
the GM's alone, not part of the encounter (an undo keeps them, a save does not write them).
Every row carries its whole text as a tooltip, so nothing is lost at a narrow dock.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop.core.atomic import atomic_write_bytes
from battlemap.desktop.core.model import Encounter, LogEntry
from battlemap.desktop.core.state import BattleState
from battlemap.rules.narration import log_markdown

NOTICE = QColor("#b26a00")
"""The colour of a notice row (a refusal or a no-op), apart from the battle's entries."""
NOTICE_MARK = "⚠ "


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


@dataclass(frozen=True, slots=True)
class Row:
    """A top-level row of the log: an ``entry``, or (None) the ``notice`` text."""

    entry: LogEntry | None
    notice: str


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their text wrapped at the width the tree gives them now (Qt's own
    size hint measures one line, and the wrapped rest is cut off)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        depth, parent = 1 if self.tree.rootIsDecorated() else 0, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        width = max(60, self.tree.viewport().width() - depth * self.tree.indentation() - 12)
        text = str(index.data() or "")
        box = option.fontMetrics.boundingRect(QRect(0, 0, width, 100_000),
                                              int(Qt.TextFlag.TextWordWrap), text)
        return QSize(min(hint.width(), width), max(hint.height(), box.height() + 4))


class CombatLogPanel(QWidget):
    """The log of ``state``'s encounter, newest last, following every change (undo included)."""

    def __init__(self, state: BattleState) -> None:
        super().__init__()
        self.state = state
        self.filter = QLineEdit(placeholderText="Filter the log (name, Shaken, round ...)")
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setSelectionMode(QTreeWidget.SelectionMode.ExtendedSelection)
        self.tree.setWordWrap(True)  # long lines wrap at the dock's width, never elided
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.setItemDelegate(WrappingDelegate(self.tree))
        self.tree.viewport().installEventFilter(self)
        self.copy_button = QPushButton("Copy")
        self.export_button = QPushButton("Export Markdown…")
        self._layout()
        self.filter.textChanged.connect(lambda _text: self._fill(self.state.encounter))
        self.copy_button.clicked.connect(self.copy)
        self.export_button.clicked.connect(self._ask_export)
        QShortcut(QKeySequence.StandardKey.Copy, self.tree, self.copy)
        self._shown: list[LogEntry] = []
        self._rows: list[Row] = []
        """What each top-level row of the tree shows, in order."""
        self._notices: list[tuple[int, str]] = []
        """Each notice with the number of log entries before it when it was told."""
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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A wider or narrower dock wraps the lines again."""
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self.tree.doItemsLayout()
        return False

    @property
    def shown_entries(self) -> tuple[LogEntry, ...]:
        """The entries the filter lets through, in log order."""
        return tuple(self._shown)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        if old.log != new.log:
            self._fill(new)

    @property
    def notices(self) -> tuple[str, ...]:
        """The notices told so far, oldest first."""
        return tuple(text for _at, text in self._notices)

    def add_notice(self, text: str) -> None:
        """Show ``text`` (a refusal, a no-op) as a row after the entries logged so far; the
        same words told again in a row are not repeated."""
        at = len(self.state.encounter.log)
        if self._notices and self._notices[-1] == (at, text):
            return
        self._notices.append((at, text))
        self._fill(self.state.encounter)

    def _fill(self, encounter: Encounter) -> None:
        """Show the entries and notices the filter lets through: the rows that are already
        shown in that order stay, the rest go and the new ones are added (an attack adds its
        entry, an undo takes the last away, rather than every row being made again)."""
        wanted = self.filter.text().strip().lower()
        notices = [(at, t) for at, t in self._notices if wanted in t.lower()]
        rows: list[Row] = []
        for n, entry in enumerate(encounter.log):
            rows += [Row(None, t) for at, t in notices if at == n]
            if matches(entry, wanted):
                rows.append(Row(entry, ""))
        rows += [Row(None, t) for at, t in notices if at >= len(encounter.log)]
        kept = 0
        while kept < min(len(rows), len(self._rows)) and rows[kept] == self._rows[kept]:
            kept += 1
        for index in range(len(self._rows) - 1, kept - 1, -1):
            self.tree.takeTopLevelItem(index)
        self._shown = [row.entry for row in rows[:kept] if row.entry is not None]
        self._rows = rows[:kept]
        for row in rows[kept:]:
            if row.entry is not None:
                self._add_entry(row.entry)
            else:
                self._add_notices([row.notice])
            self._rows.append(row)
        self.tree.scrollToBottom()

    def _add_entry(self, entry: LogEntry) -> None:
        self._shown.append(entry)
        item = _row(f"{round_tag(entry.round)}{entry.title}")
        item.setData(0, Qt.ItemDataRole.UserRole, len(self._shown) - 1)
        item.addChildren([_row(line) for line in entry.lines])
        self.tree.addTopLevelItem(item)
        item.setExpanded(True)

    def _add_notices(self, texts: list[str]) -> None:
        for text in texts:
            item = _row(NOTICE_MARK + text)
            item.setForeground(0, QBrush(NOTICE))
            self.tree.addTopLevelItem(item)

    def selected_entries(self) -> tuple[LogEntry, ...]:
        """The entries with a selected row (their title or one of their lines)."""
        rows = set()
        for item in self.tree.selectedItems():
            row = (item.parent() or item).data(0, Qt.ItemDataRole.UserRole)
            if row is not None:  # a notice is no entry
                rows.add(int(row))
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


def _row(text: str) -> QTreeWidgetItem:
    """A row of the log, its whole text also as its tooltip (a narrow dock cuts it off)."""
    item = QTreeWidgetItem([text])
    item.setToolTip(0, text)
    return item
