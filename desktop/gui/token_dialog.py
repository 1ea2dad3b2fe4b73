"""Create or edit a token: name, side, colour, size, image, hidden flag, notes and sight
(darkvision range, low-light vision, a carried light: what the fog of war lets a hero see)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from battlemap.desktop.core.model import Side, Sight, Token


class TokenDialog(QDialog):
    """A form over one token; :meth:`token` is the edited copy."""

    def __init__(self, token: Token, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Token: {token.name}")
        self.original = token
        self.name = QLineEdit(token.name)
        self.side = QComboBox()
        self.side.addItems([s.value for s in Side])
        self.side.setCurrentText(token.side.value)
        self.color = QLineEdit(token.color)
        self.size_box = QDoubleSpinBox(minimum=0.25, maximum=10.0, singleStep=0.5, value=token.size)
        self.facing = QDoubleSpinBox(minimum=0.0, maximum=359.0, value=token.facing, suffix=" deg")
        self.image = QLineEdit(token.image or "")
        browse = QPushButton("Choose image...")
        browse.clicked.connect(self._choose_image)
        self.hidden = QCheckBox("Hidden from players")
        self.hidden.setChecked(token.hidden)
        self.notes = QLineEdit(token.notes)
        sight = token.sight
        self.darkvision = QDoubleSpinBox(minimum=0.0, maximum=100.0, singleStep=1.0,
                                         value=sight.darkvision, suffix=" cells")
        self.low_light = QCheckBox("Low-light vision")
        self.low_light.setChecked(sight.low_light)
        self.light = QDoubleSpinBox(minimum=0.0, maximum=100.0, singleStep=1.0,
                                    value=sight.light, suffix=" cells")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        for label, widget in (("Name", self.name), ("Side", self.side), ("Colour", self.color),
                              ("Size (cells)", self.size_box), ("Facing", self.facing),
                              ("Image", self.image), ("", browse), ("", self.hidden),
                              ("Darkvision", self.darkvision), ("", self.low_light),
                              ("Carried light", self.light), ("GM notes", self.notes)):
            form.addRow(label, widget)
        form.addRow(buttons)

    def _choose_image(self) -> None:
        images = "Images (*.png *.jpg *.jpeg *.webp)"
        name, _ = QFileDialog.getOpenFileName(self, "Token image", "", images)
        if name:
            self.image.setText(name)

    def token(self) -> Token:
        return replace(
            self.original, name=self.name.text().strip() or self.original.name,
            side=Side(self.side.currentText()), color=self._color(),
            size=self.size_box.value(), facing=self.facing.value(),
            image=self.image.text().strip() or None, hidden=self.hidden.isChecked(),
            notes=self.notes.text(),
            sight=Sight(self.darkvision.value(), self.low_light.isChecked(), self.light.value()),
        )

    def _color(self) -> str:
        text = self.color.text().strip()
        return text if QColor.isValidColorName(text) else self.original.color

    @classmethod
    def ask(cls, parent: QWidget, token: Token) -> Token | None:
        dialog = cls(token, parent)
        return dialog.token() if dialog.exec() else None
