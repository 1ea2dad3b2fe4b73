"""Preferences: the defaults a GM sets once."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from battlemap.desktop.gui.motion import MotionPreferencesBox
from battlemap.desktop.gui.settings import set_snap_by_default, snap_by_default
from battlemap.desktop.gui.table_preferences import TablePreferencesBox


class PreferencesDialog(QDialog):
    """Snap tokens to the grid by default (the tool bar toggle overrides it for the session),
    animations, the table's settings; ``applied`` is called after OK saved them."""

    def __init__(
        self, parent: QWidget | None = None, applied: Callable[[], None] = lambda: None
    ) -> None:
        super().__init__(parent)
        self.applied = applied
        self.setWindowTitle("Preferences")
        self.snap = QCheckBox("Snap dragged tokens to the grid by default")
        self.snap.setChecked(snap_by_default())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.motion = MotionPreferencesBox()
        self.table = TablePreferencesBox()
        layout = QVBoxLayout(self)
        layout.addWidget(self.snap)
        layout.addWidget(self.motion)
        layout.addWidget(self.table)
        layout.addWidget(buttons)

    def accept(self) -> None:
        set_snap_by_default(self.snap.isChecked())
        self.motion.save()
        self.table.save()
        super().accept()
        self.applied()

    @classmethod
    def ask(cls, parent: QWidget, applied: Callable[[], None] = lambda: None) -> None:
        cls(parent, applied).exec()
