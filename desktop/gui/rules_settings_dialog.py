"""*Tools > Rules Settings…*: the encounter's rules settings, built from what its game system
declares (:meth:`battlemap.rules.registry.GameSystem.settings_schema`), kept as one undoable edit.

One section per group of fields, one editor per field by its kind (a list of choices, a whole
number, a number, a tick box, a text), each showing the value now with the field's help as
its tooltip. OK keeps only what changed, through :func:`battlemap.desktop.core.rules_settings.
with_settings`, so a value the system refuses (range bands out of order) is named in the
dialog and nothing changes; the dialog stays open to correct it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.rules_settings import current_values, settings_fields, with_settings
from battlemap.rules.interface import FieldKind, StatField
from battlemap.rules.registry import find_system

__all__ = ["RulesSettingsDialog"]


class RulesSettingsDialog(QDialog):
    """The settings of ``encounter``; after OK, :attr:`chosen` is the encounter with them."""

    def __init__(self, encounter: Encounter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.encounter = encounter
        self.chosen: Encounter | None = None
        self.setWindowTitle(f"Rules Settings ({find_system(encounter.system).title})")
        self.fields = settings_fields(encounter)
        self.before = current_values(encounter)
        self.editors: dict[str, QWidget] = {}
        inner = QWidget()
        column = QVBoxLayout(inner)
        forms: dict[str, QFormLayout] = {}
        for item in self.fields:
            if item.group not in forms:
                box = QGroupBox(item.group or "Settings")
                forms[item.group] = QFormLayout(box)
                column.addWidget(box)
            editor = _editor(item, self.before[item.key])
            editor.setToolTip(item.help)
            self.editors[item.key] = editor
            forms[item.group].addRow(item.label, editor)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        self.error = QLabel()
        self.error.setStyleSheet("color: #c62828")
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(480, 640)

    def values(self) -> dict[str, Any]:
        """Each setting as its editor shows it now."""
        return {item.key: _value(item, self.editors[item.key]) for item in self.fields}

    def changed(self) -> dict[str, Any]:
        """The settings whose editor differs from the value the dialog opened with."""
        return {key: value for key, value in self.values().items()
                if value != self.before[key]}

    def accept(self) -> None:
        changed = self.changed()
        if not changed:
            super().accept()
            return
        try:
            self.chosen = with_settings(self.encounter, changed)
        except ValueError as error:
            self.error.setText(str(error).strip("'"))
            return
        super().accept()


def _editor(item: StatField, value: Any) -> QWidget:
    if item.kind is FieldKind.CHOICE:
        combo = QComboBox()
        combo.addItems(list(item.choices))
        combo.setCurrentText(str(value))
        return combo
    if item.kind is FieldKind.FLAG:
        tick = QCheckBox()
        tick.setChecked(bool(value))
        return tick
    if item.kind is FieldKind.INTEGER:
        box = QSpinBox()
        box.setRange(int(item.minimum if item.minimum is not None else -10**6),
                     int(item.maximum if item.maximum is not None else 10**6))
        box.setValue(int(value))
        return box
    if item.kind is FieldKind.NUMBER:
        number = QDoubleSpinBox()
        number.setDecimals(1)
        number.setRange(item.minimum if item.minimum is not None else -1e6,
                        item.maximum if item.maximum is not None else 1e6)
        number.setValue(float(value))
        return number
    return QLineEdit("" if value is None else str(value))


def _value(item: StatField, editor: QWidget) -> Any:
    if isinstance(editor, QComboBox):
        return editor.currentText()
    if isinstance(editor, QCheckBox):
        return editor.isChecked()
    if isinstance(editor, QSpinBox):
        return editor.value()
    if isinstance(editor, QDoubleSpinBox):
        return editor.value()
    assert isinstance(editor, QLineEdit)
    return editor.text()
