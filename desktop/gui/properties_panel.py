"""The properties side panel: edit the selected wall (kind, height, hardness, open) or region
(kind, light level, name). Each change is one undoable edit.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QWidget,
)

from battlemap.desktop.core.model import Encounter, Illumination, Region, RegionKind, Wall, WallKind
from battlemap.desktop.core.state import BattleState


class WallForm(QWidget):
    def __init__(self, state: BattleState) -> None:
        super().__init__()
        self.state, self.wall_id = state, ""
        self.kind = QComboBox()
        self.kind.addItems([k.value for k in WallKind])
        self.full = QCheckBox("Full height")
        self.height_box = QDoubleSpinBox(minimum=0.0, maximum=100.0, singleStep=0.5)
        self.height_box.setSuffix(" cells")
        self.hardness = QDoubleSpinBox(minimum=0.0, maximum=100.0)
        self.is_open = QCheckBox("Open (doors, windows)")
        form = QFormLayout(self)
        for label, widget in (("Kind", self.kind), ("", self.full), ("Height", self.height_box),
                              ("Hardness", self.hardness), ("", self.is_open)):
            form.addRow(label, widget)
        self.kind.currentTextChanged.connect(self._commit)
        self.full.toggled.connect(self._commit)
        self.height_box.editingFinished.connect(self._commit)
        self.hardness.editingFinished.connect(self._commit)
        self.is_open.toggled.connect(self._commit)

    def load(self, wall: Wall) -> None:
        self.wall_id = wall.id
        for widget in (self.kind, self.full, self.height_box, self.hardness, self.is_open):
            widget.blockSignals(True)
        self.kind.setCurrentText(wall.kind.value)
        self.full.setChecked(wall.height is None)
        self.height_box.setValue(wall.height or 0.0)
        self.height_box.setEnabled(wall.height is not None)
        self.hardness.setValue(wall.hardness)
        self.is_open.setChecked(wall.is_open)
        for widget in (self.kind, self.full, self.height_box, self.hardness, self.is_open):
            widget.blockSignals(False)

    def _commit(self) -> None:
        wall = self.state.encounter.wall(self.wall_id)
        edited = replace(
            wall, kind=WallKind(self.kind.currentText()), hardness=self.hardness.value(),
            height=None if self.full.isChecked() else self.height_box.value(),
            is_open=self.is_open.isChecked(),
        )
        self.height_box.setEnabled(not self.full.isChecked())
        self.state.apply(f"Edit {edited.kind.value.replace('_', ' ')}",
                         self.state.encounter.with_wall(edited))


class RegionForm(QWidget):
    def __init__(self, state: BattleState) -> None:
        super().__init__()
        self.state, self.region_id = state, ""
        self.kind = QComboBox()
        self.kind.addItems([k.value for k in RegionKind])
        self.light = QComboBox()
        self.light.addItems([level.value for level in Illumination])
        self.name = QLineEdit()
        form = QFormLayout(self)
        form.addRow("Kind", self.kind)
        form.addRow("Light level", self.light)
        form.addRow("Name", self.name)
        self.kind.currentTextChanged.connect(self._commit)
        self.light.currentTextChanged.connect(self._commit)
        self.name.editingFinished.connect(self._commit)

    def load(self, region: Region) -> None:
        self.region_id = region.id
        for widget in (self.kind, self.light, self.name):
            widget.blockSignals(True)
        self.kind.setCurrentText(region.kind.value)
        self.light.setCurrentText((region.illumination or Illumination.DIM).value)
        self.name.setText(region.name)
        for widget in (self.kind, self.light, self.name):
            widget.blockSignals(False)

    def _commit(self) -> None:
        encounter = self.state.encounter
        region = next(r for r in encounter.regions if r.id == self.region_id)
        kind = RegionKind(self.kind.currentText())
        light = Illumination(self.light.currentText()) if kind is RegionKind.ILLUMINATION else None
        edited = replace(region, kind=kind, illumination=light, name=self.name.text())
        self.state.apply(f"Edit {kind.value} region", encounter.with_region(edited))


class PropertiesPanel(QStackedWidget):
    """Shows the form of the one selected wall or region; a hint otherwise."""

    def __init__(self, state: BattleState) -> None:
        super().__init__()
        self.state = state
        self.selection: frozenset[str] = frozenset()
        self.hint = QLabel("Select a wall, door or region\nto edit its properties.")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.wall_form, self.region_form = WallForm(state), RegionForm(state)
        for widget in (self.hint, self.wall_form, self.region_form):
            self.addWidget(widget)
        state.changed.connect(self._on_state_change)

    def show_selection(self, selection: frozenset[str]) -> None:
        self.selection = selection
        self._refresh(self.state.encounter)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        self._refresh(new)

    def _refresh(self, encounter: Encounter) -> None:
        walls = [w for w in encounter.walls if w.id in self.selection]
        regions = [r for r in encounter.regions if r.id in self.selection]
        if len(walls) == 1 and not regions:
            self.wall_form.load(walls[0])
            self.setCurrentWidget(self.wall_form)
        elif len(regions) == 1 and not walls:
            self.region_form.load(regions[0])
            self.setCurrentWidget(self.region_form)
        else:
            self.setCurrentWidget(self.hint)
