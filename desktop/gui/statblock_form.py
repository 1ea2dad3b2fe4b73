"""A token's stat block as a form, built from the game system's field declarations.

:meth:`battlemap.rules.registry.GameSystem.statblock_schema` lists the fields; the form gives each
the widget of its kind (a chooser, a check box, a number box, a check list, a name-value table, a
record table) in a group box per section, in the system's order. It shows the system's own
reading of a stat block (``combatant_to_dict`` of the parsed combatant) and writes back a
stat-block dict; keys the form does not show are kept as they were. The system parses what the
form writes, so the line above the form (:meth:`~battlemap.rules.registry.GameSystem.derived_text`:
Parry and Toughness for Savage Pathfinder) is the system's, bounds that depend on the block
(:meth:`~battlemap.rules.registry.GameSystem.field_limits`: a Wild Card's Wounds) follow every edit,
and a bad value is the system's message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop.gui.statblock_tables import MappingTable, RecordsTable, choice_combo
from battlemap.rules.interface import FieldKind, StatField
from battlemap.rules.registry import GameSystem, RulesError

Editor = QCheckBox | QComboBox | QSpinBox | QLineEdit | QListWidget | MappingTable | RecordsTable
GRID_COLUMNS = 3
"""Small fields (choosers, numbers, check boxes) side by side in a group, this many a row."""


def value_at(block: Mapping[str, Any], key: str) -> Any:
    """The value at the dotted ``key`` of ``block`` (None when absent).

    >>> value_at({"condition": {"wounds": 2}}, "condition.wounds")
    2
    """
    found: Any = block
    for part in key.split("."):
        if not isinstance(found, Mapping):
            return None
        found = found.get(part)
    return found


def with_value(block: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    """``block`` with ``value`` at the dotted ``key`` (the levels above copied, not changed).

    >>> with_value({"condition": {"wounds": 2, "shaken": True}}, "condition.wounds", 0)
    {'condition': {'wounds': 0, 'shaken': True}}
    """
    head, _, rest = key.partition(".")
    inner = block.get(head)
    return {**block, head: with_value(inner if isinstance(inner, Mapping) else {}, rest, value)
            if rest else value}


def _spin_box(item: StatField) -> QSpinBox:
    box = QSpinBox()
    box.setRange(int(item.minimum if item.minimum is not None else -999),
                 int(item.maximum if item.maximum is not None else 999))
    return box


def editor(item: StatField) -> Editor:
    """The widget of one field, by its kind."""
    if item.kind is FieldKind.FLAG:
        return QCheckBox(item.label)
    if item.kind is FieldKind.CHOICE:
        return choice_combo(str(item.default or ""), item.choices)
    if item.kind in (FieldKind.INTEGER, FieldKind.NUMBER):
        return _spin_box(item)
    if item.kind is FieldKind.LIST:
        return QListWidget()
    if item.kind is FieldKind.MAPPING:
        return MappingTable(item.columns[0], item.columns[1], item.label.lower().rstrip("s"))
    if item.kind is FieldKind.TABLE:
        return RecordsTable(item.columns, item.label.lower().rstrip("s"))
    return QLineEdit()


class StatBlockForm(QWidget):
    """The stat block of one combatant, editable; ``edited`` fires on every change.

    Call :meth:`load` to show a token's stats and :meth:`stats` to read the edited block;
    :attr:`widgets` holds each field's widget by its key.
    """

    edited = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.derived = QLabel("")
        self.derived.setStyleSheet("font-weight: bold; font-size: 14pt")
        self.derived.setToolTip("Worked out by the rules engine from the block below")
        self.widgets: dict[str, Editor] = {}
        self.fields: dict[str, StatField] = {}
        self._layout = QVBoxLayout(self)
        self._layout.addWidget(self.derived)
        self._boxes: list[QWidget] = []
        self._base: dict[str, Any] = {}
        self._system: GameSystem | None = None
        self._token_id = ""
        self._loading = False

    def load(self, stats: Mapping[str, Any], system: GameSystem, token_id: str) -> None:
        """Show ``stats`` as the system reads them (``RulesError`` if it cannot read them)."""
        combatant = system.combatant_from_dict(stats, "stats", token_id)
        if system is not self._system:
            self._build(system.statblock_schema())
        self._system, self._token_id = system, token_id
        self._base = system.combatant_to_dict(combatant)
        self._loading = True
        for key, widget in self.widgets.items():
            _fill(widget, self.fields[key], value_at(self._base, key))
        self._loading = False
        self._show_derived(combatant)

    def _build(self, schema: tuple[StatField, ...]) -> None:
        for box in self._boxes:
            box.deleteLater()
        self._boxes, self.widgets, self.fields = [], {}, {}
        groups: dict[str, list[StatField]] = {}
        for item in schema:
            groups.setdefault(item.group, []).append(item)
        for title, items in groups.items():
            box = self._group(title, items)
            self._boxes.append(box)
            self._layout.addWidget(box)

    def _group(self, title: str, items: list[StatField]) -> QWidget:
        box = QGroupBox(title) if title else QWidget()
        grid = QGridLayout(box)
        small = 0
        for item in items:
            widget = editor(item)
            self.widgets[item.key], self.fields[item.key] = widget, item
            self._watch(widget)
            if isinstance(widget, QListWidget | MappingTable | RecordsTable):
                grid.addWidget(widget, grid.rowCount(), 0, 1, 2 * GRID_COLUMNS)
                continue
            row, column = divmod(small, GRID_COLUMNS)
            if isinstance(widget, QCheckBox):
                grid.addWidget(widget, row, 2 * column, 1, 2)
            else:
                grid.addWidget(QLabel(item.label), row, 2 * column)
                grid.addWidget(widget, row, 2 * column + 1)
            small += 1
        return box

    def _watch(self, widget: Editor) -> None:
        if isinstance(widget, QCheckBox):
            widget.toggled.connect(self._on_edit)
        elif isinstance(widget, QComboBox):
            widget.currentTextChanged.connect(self._on_edit)
        elif isinstance(widget, QSpinBox):
            widget.valueChanged.connect(self._on_edit)
        elif isinstance(widget, QLineEdit):
            widget.textEdited.connect(self._on_edit)
        elif isinstance(widget, QListWidget):
            widget.itemChanged.connect(self._on_edit)
        else:
            widget.edited.connect(self._on_edit)

    def stats(self) -> dict[str, Any]:
        """The edited stat block (the loaded one with the form's fields written over it)."""
        block = dict(self._base)
        for key, widget in self.widgets.items():
            block = with_value(block, key, _read(widget))
        return block

    def parse(self) -> Any:
        """The system's combatant for the edited block (``RulesError`` naming a bad field)."""
        if self._system is None:
            raise RulesError("stats: no stat block is shown")
        return self._system.combatant_from_dict(self.stats(), "stats", self._token_id)

    def _on_edit(self) -> None:
        if self._loading:
            return
        try:
            self._show_derived(self.parse())
        except RulesError:
            self.derived.setText(_unknown(self.derived.text()))
        self.edited.emit()

    def _show_derived(self, combatant: Any) -> None:
        """The system's derived line; bounds that depend on the block follow it."""
        if self._system is None:
            return
        for key, (low, high) in self._system.field_limits(combatant).items():
            widget = self.widgets.get(key)
            if isinstance(widget, QSpinBox):
                widget.setMaximum(max(int(high), widget.value()))
                widget.setMinimum(min(int(low), widget.value()))
        self.derived.setText(self._system.derived_text(combatant))
        self.derived.setMinimumWidth(self.derived.sizeHint().width())  # never clipped


def _unknown(text: str) -> str:
    """The derived line with its numbers replaced by ``?`` (the block does not parse).

    >>> _unknown("Parry 6  Toughness 8 (2)")
    'Parry ?  Toughness ?'
    """
    words = [w for w in text.split() if not w.strip("()").lstrip("-").isdigit()]
    return "  ".join(f"{w} ?" for w in words)


def _fill(widget: Editor, item: StatField, value: Any) -> None:
    shown = item.default if value is None else value
    if isinstance(widget, QCheckBox):
        widget.setChecked(bool(shown))
    elif isinstance(widget, QComboBox):
        if widget.findText(str(shown)) < 0:
            widget.addItem(str(shown))
        widget.setCurrentText(str(shown))
    elif isinstance(widget, QSpinBox):
        number = int(shown or 0)
        widget.setMaximum(max(widget.maximum(), number))
        widget.setValue(number)
    elif isinstance(widget, QLineEdit):
        widget.setText("" if shown is None else str(shown))
    elif isinstance(widget, QListWidget):
        _fill_checklist(widget, item.choices, list(shown or []))
    elif isinstance(widget, MappingTable):
        widget.load(list((shown or {}).items()))
    else:
        widget.load(list(shown or []))


def _fill_checklist(widget: QListWidget, known: tuple[str, ...], chosen: list[str]) -> None:
    widget.clear()
    wanted = {name.lower() for name in chosen}
    lowered = {name.lower() for name in known}
    for name in [*known, *(c for c in chosen if c.lower() not in lowered)]:
        entry = QListWidgetItem(name, widget)
        entry.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
        entry.setCheckState(Qt.CheckState.Checked if name.lower() in wanted else
                            Qt.CheckState.Unchecked)
    rows = sum(widget.sizeHintForRow(n) for n in range(widget.count()))
    widget.setFixedHeight(rows + 2 * widget.frameWidth())


def _read(widget: Editor) -> Any:
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QSpinBox):
        return widget.value()
    if isinstance(widget, QLineEdit):
        return widget.text()
    if isinstance(widget, QListWidget):
        items = [widget.item(n) for n in range(widget.count())]
        return [i.text() for i in items if i.checkState() == Qt.CheckState.Checked]
    if isinstance(widget, MappingTable):
        return widget.mapping()
    return widget.records()
