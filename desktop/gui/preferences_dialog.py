"""Preferences: the defaults a GM sets once."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from desktop.gui.motion import MotionPreferencesBox
from desktop.gui.settings import set_snap_by_default, snap_by_default


class PreferencesDialog(QDialog):
    """Snap tokens to the grid by default (the tool bar toggle overrides it for the session)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.snap = QCheckBox("Snap dragged tokens to the grid by default")
        self.snap.setChecked(snap_by_default())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.motion = MotionPreferencesBox()
        layout = QVBoxLayout(self)
        layout.addWidget(self.snap)
        layout.addWidget(self.motion)
        layout.addWidget(buttons)

    def accept(self) -> None:
        set_snap_by_default(self.snap.isChecked())
        self.motion.save()
        super().accept()

    @classmethod
    def ask(cls, parent: QWidget) -> None:
        cls(parent).exec()
