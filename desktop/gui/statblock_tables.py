"""The list parts of the stat-block form: die choosers, the skills table and the weapons table.

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

DIE_CHOICES = ("d4", "d6", "d8", "d10", "d12", "d12+1", "d12+2")
"""The trait dice a GM picks from."""

WEAPON_COLUMNS = ("Name", "Damage", "AP", "Range S/M/L", "RoF", "Reach", "Thrown", "2-hand",
                  "Parry")
_NUMBER_DEFAULTS = {"ap": 0, "rof": 1, "reach": 0, "parry": 0}
_NUMBER_COLUMNS = {"ap": 2, "rof": 4, "reach": 5, "parry": 8}
_CHECK_COLUMNS = {"thrown": 6, "two_handed": 7}


def die_combo(die: str, choices: tuple[str, ...] = DIE_CHOICES) -> QComboBox:
    """A combo box of ``choices`` showing ``die`` (added at the end when it is not a choice).

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> combo = die_combo("d8")
    >>> combo.currentText(), combo.count()
    ('d8', 7)
    >>> die_combo("d6-1").currentText()
    'd6-1'
    """
    combo = QComboBox()
    combo.addItems(list(choices))
    if combo.findText(die) < 0:
        combo.addItem(die)
    combo.setCurrentText(die)
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



class SkillsTable(EditableTable):
    """Skill names with a die chooser each."""

    def __init__(self) -> None:
        super().__init__(("Skill", "Die"), "skill")
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def append(self, row: Any) -> None:
        """Add one ``(name, die)`` row (``{}`` adds a blank d4 skill)."""
        name, die = row if row else ("", "d4")
        at = self.table.rowCount()
        self.table.insertRow(at)
        self.table.setItem(at, 0, QTableWidgetItem(name))
        combo = die_combo(die)
        combo.currentTextChanged.connect(self.edited)
        self.table.setCellWidget(at, 1, combo)

    def skills(self) -> dict[str, str]:
        """The skills as the stat block writes them (rows without a name are left out)."""
        found: dict[str, str] = {}
        for row in range(self.table.rowCount()):
            name = self.cell(row, 0).text().strip().lower()
            combo = self.table.cellWidget(row, 1)
            if name and isinstance(combo, QComboBox):
                found[name] = combo.currentText()
        return found


class WeaponsTable(EditableTable):
    """One row per weapon; keys the table does not show (min_str, shots, ...) are kept."""

    def __init__(self) -> None:
        super().__init__(WEAPON_COLUMNS, "weapon")

    def append(self, row: Any) -> None:
        """Add one weapon (a stat-block weapon object; ``{}`` adds a blank one)."""
        weapon: Mapping[str, Any] = row
        at = self.table.rowCount()
        self.table.insertRow(at)
        name = QTableWidgetItem(str(weapon.get("name", "")))
        name.setData(Qt.ItemDataRole.UserRole, dict(weapon))
        self.table.setItem(at, 0, name)
        self.table.setItem(at, 1, QTableWidgetItem(str(weapon.get("damage", "str"))))
        bands = weapon.get("range")
        self.table.setItem(at, 3, QTableWidgetItem("/".join(map(str, bands)) if bands else ""))
        for key, column in _NUMBER_COLUMNS.items():
            text = str(weapon.get(key, _NUMBER_DEFAULTS[key]))
            self.table.setItem(at, column, QTableWidgetItem(text))
        for key, column in _CHECK_COLUMNS.items():
            check = QTableWidgetItem()
            check.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            check.setCheckState(Qt.CheckState.Checked if weapon.get(key) else
                                Qt.CheckState.Unchecked)
            self.table.setItem(at, column, check)

    def weapons(self) -> list[dict[str, Any]]:
        """The weapons as stat-block objects, in table order."""
        return [self._weapon(row) for row in range(self.table.rowCount())]

    def _weapon(self, row: int) -> dict[str, Any]:
        def text(column: int) -> str:
            return self.cell(row, column).text()

        kept = self.cell(row, 0).data(Qt.ItemDataRole.UserRole) or {}
        weapon: dict[str, Any] = {**kept, "name": text(0), "damage": text(1),
                                  "range": range_cell(text(3))}
        for key, column in _NUMBER_COLUMNS.items():
            weapon[key] = cell_number(text(column), _NUMBER_DEFAULTS[key])
        for key, column in _CHECK_COLUMNS.items():
            checked = self.cell(row, column).checkState() == Qt.CheckState.Checked
            weapon[key] = checked
        return weapon
