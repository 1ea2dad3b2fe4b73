"""The list parts of the stat-block form: choosers, name-value tables (skills) and record tables
(weapons), shaped by the game system's field declarations.

Cells hold what the GM typed; the rules engine parses the result, so a bad value is reported
by the engine with its field path (``weapons[0].damage``), never judged here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from battlemap.rules.interface import FieldKind, StatField


def choice_combo(value: str, choices: tuple[str, ...]) -> QComboBox:
    """A combo box of ``choices`` showing ``value`` (added at the end when it is not one).

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> combo = choice_combo("d8", ("d4", "d6", "d8", "d10", "d12"))
    >>> combo.currentText(), combo.count()
    ('d8', 5)
    >>> choice_combo("d6-1", ("d4", "d6")).currentText()
    'd6-1'
    """
    combo = QComboBox()
    combo.addItems(list(choices))
    if combo.findText(value) < 0:
        combo.addItem(value)
    combo.setCurrentText(value)
    return combo


def cell_number(text: str, default: int) -> int | str:
    """A number cell's value: the whole number typed, ``default`` when empty, else the text.

    Examples
    --------
    >>> cell_number("2", 0), cell_number(" ", 1), cell_number("two", 0)
    (2, 1, 'two')
    """
    text = text.strip()
    if not text:
        return default
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def range_cell(text: str) -> list[int | str] | str | None:
    """A range cell ``12/24/48`` as the stat block's list; empty is no range.

    Examples
    --------
    >>> range_cell("12/24/48"), range_cell(""), range_cell("far")
    ([12, 24, 48], None, ['far'])
    """
    if not text.strip():
        return None
    return [cell_number(part, 0) for part in text.split("/")]


class EditableTable(QWidget):
    """A table with Add and Remove buttons; ``edited`` fires on every change."""

    edited = Signal()
    append: Callable[[Any], None]
    """Add one row showing a stat-block entry (``{}`` adds a blank row); each table defines it."""

    def __init__(self, columns: tuple[str, ...], noun: str) -> None:
        super().__init__()
        self.table = QTableWidget(0, len(columns))
        self.table.setHorizontalHeaderLabels(list(columns))
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemChanged.connect(self.edited)
        add, remove = QPushButton(f"Add {noun}"), QPushButton(f"Remove {noun}")
        add.clicked.connect(self.add_row)
        remove.clicked.connect(self.remove_selected)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def add_row(self) -> None:
        """Append an empty row and start editing its first cell."""
        self.append({})
        self.fit_rows()
        self.table.editItem(self.cell(self.table.rowCount() - 1, 0))
        self.edited.emit()

    def cell(self, row: int, column: int) -> QTableWidgetItem:
        """The item at ``row``, ``column`` (an empty one is put there if it has none)."""
        item = self.table.item(row, column)
        if item is None:
            item = QTableWidgetItem("")
            self.table.setItem(row, column, item)
        return item

    def remove_selected(self) -> None:
        for row in sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True):
            self.table.removeRow(row)
        self.fit_rows()
        self.edited.emit()

    def load(self, rows: list[Any]) -> None:
        """Show ``rows`` (one stat-block entry each)."""
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for row in rows:
            self.append(row)
        self.table.blockSignals(False)
        self.fit_rows()

    def fit_rows(self) -> None:
        """Be as tall as every row (the form scrolls, not each table)."""
        header = self.table.horizontalHeader().sizeHint().height()
        rows = sum(self.table.rowHeight(r) for r in range(self.table.rowCount()))
        always_off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        scroll_bar = 0 if self.table.horizontalScrollBarPolicy() == always_off else \
            self.table.horizontalScrollBar().sizeHint().height()
        self.table.setFixedHeight(header + rows + scroll_bar + 2 * self.table.frameWidth())



class MappingTable(EditableTable):
    """Names with a value each (skills with a die): the first column the name, the second a
    chooser of the value field's choices (or typed text)."""

    def __init__(self, name: StatField, value: StatField, noun: str) -> None:
        super().__init__((name.label, value.label), noun)
        self.value_field = value
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def append(self, row: Any) -> None:
        """Add one ``(name, value)`` row (``{}`` adds a blank one with the default value)."""
        name, value = row if row else ("", str(self.value_field.default or ""))
        at = self.table.rowCount()
        self.table.insertRow(at)
        self.table.setItem(at, 0, QTableWidgetItem(name))
        if self.value_field.choices:
            combo = choice_combo(str(value), self.value_field.choices)
            combo.currentTextChanged.connect(self.edited)
            self.table.setCellWidget(at, 1, combo)
        else:
            self.table.setItem(at, 1, QTableWidgetItem(str(value)))

    def mapping(self) -> dict[str, str]:
        """The rows as the stat block writes them (rows without a name are left out)."""
        found: dict[str, str] = {}
        for row in range(self.table.rowCount()):
            name = self.cell(row, 0).text().strip().lower()
            combo = self.table.cellWidget(row, 1)
            value = combo.currentText() if isinstance(combo, QComboBox) else \
                self.cell(row, 1).text()
            if name:
                found[name] = value
        return found


class RecordsTable(EditableTable):
    """One row per record (weapons), one column per field; keys the table does not show
    (min_str, shots, ...) are kept."""

    def __init__(self, columns: tuple[StatField, ...], noun: str) -> None:
        super().__init__(tuple(c.label for c in columns), noun)
        self.columns = columns

    def append(self, row: Any) -> None:
        """Add one record (a stat-block object; ``{}`` adds a blank one)."""
        record: Mapping[str, Any] = row
        at = self.table.rowCount()
        self.table.insertRow(at)
        for column, item in enumerate(self.columns):
            value = record.get(item.key, item.default)
            if item.kind is FieldKind.FLAG:
                cell = QTableWidgetItem()
                cell.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
                cell.setCheckState(Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)
            elif item.kind is FieldKind.NUMBERS:
                cell = QTableWidgetItem("/".join(map(str, value)) if value else "")
            else:
                cell = QTableWidgetItem("" if value is None else str(value))
            if column == 0:
                cell.setData(Qt.ItemDataRole.UserRole, dict(record))
            self.table.setItem(at, column, cell)

    def records(self) -> list[dict[str, Any]]:
        """The records as stat-block objects, in table order."""
        return [self._record(row) for row in range(self.table.rowCount())]

    def _record(self, row: int) -> dict[str, Any]:
        kept = self.cell(row, 0).data(Qt.ItemDataRole.UserRole) or {}
        record: dict[str, Any] = dict(kept)
        for column, item in enumerate(self.columns):
            cell = self.cell(row, column)
            if item.kind is FieldKind.FLAG:
                record[item.key] = cell.checkState() == Qt.CheckState.Checked
            elif item.kind is FieldKind.NUMBERS:
                record[item.key] = range_cell(cell.text())
            elif item.kind is FieldKind.INTEGER:
                record[item.key] = cell_number(cell.text(), int(item.default or 0))
            else:
                record[item.key] = cell.text()
        return record
