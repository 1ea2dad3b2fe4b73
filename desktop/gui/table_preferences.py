"""The Preferences dialog's table settings: the camera lock, who may touch what, label size,
the ring-only token style."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QFormLayout, QGroupBox

from battlemap.desktop.core.table_rules import TablePermissions
from battlemap.desktop.gui.settings import (
    LABEL_MM_RANGE,
    set_table_camera_locked,
    set_table_label_mm,
    set_table_permissions,
    set_table_rings_only,
    table_camera_locked,
    table_label_mm,
    table_permissions,
    table_rings_only,
)


class TablePreferencesBox(QGroupBox):
    """What the players' table allows and how it draws tokens."""

    def __init__(self) -> None:
        super().__init__("The table (player view)")
        permissions = table_permissions()
        self.locked = QCheckBox("Lock pan and zoom (a pinch, the wheel or a resting mini "
                                "never breaks the scale)")
        self.locked.setChecked(table_camera_locked())
        self.heroes_only = QCheckBox("Players move heroes only (villains and neutrals are yours)")
        self.heroes_only.setChecked(permissions.heroes_only)
        self.on_turn_only = QCheckBox("In combat, a hero moves only on its turn")
        self.on_turn_only.setChecked(permissions.on_turn_only)
        self.doors = QCheckBox("Players may open and close doors")
        self.doors.setChecked(permissions.doors)
        self.label_mm = QDoubleSpinBox()
        self.label_mm.setRange(*LABEL_MM_RANGE)
        self.label_mm.setSingleStep(0.5)
        self.label_mm.setSuffix(" mm")
        self.label_mm.setValue(table_label_mm())
        self.label_mm.setToolTip("The height of a capital letter of names and badges on the "
                                 "table, at one cell per inch")
        self.rings_only = QCheckBox("Ring only: tokens are a ring around a physical miniature")
        self.rings_only.setChecked(table_rings_only())
        layout = QFormLayout(self)
        for box in (self.locked, self.heroes_only, self.on_turn_only, self.doors):
            layout.addRow(box)
        layout.addRow("Name and badge capitals", self.label_mm)
        layout.addRow(self.rings_only)

    def save(self) -> None:
        set_table_camera_locked(self.locked.isChecked())
        set_table_permissions(TablePermissions(
            heroes_only=self.heroes_only.isChecked(),
            on_turn_only=self.on_turn_only.isChecked(),
            doors=self.doors.isChecked(),
        ))
        set_table_label_mm(self.label_mm.value())
        set_table_rings_only(self.rings_only.isChecked())
