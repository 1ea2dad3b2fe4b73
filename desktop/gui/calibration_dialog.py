"""The physical-scale dialog: drag a bar to a credit card's width, or type the diagonal."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop.core.physical_scale import (
    CARD_WIDTH_MM,
    ScaleError,
    pixels_per_inch_from_card,
    pixels_per_inch_from_diagonal,
)


class CardBar(QWidget):
    """A bar whose right end follows the mouse; hold a card against the screen to match it."""

    def __init__(self, length: float = 320.0) -> None:
        super().__init__()
        self.length = length
        self.setMinimumSize(700, 90)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._drag_to(event.position().x())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._drag_to(event.position().x())

    def _drag_to(self, x: float) -> None:
        self.length = max(20.0, min(x - 10.0, self.width() - 20.0))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(QRectF(10, 20, self.length, 50), QColor("#1e88ff"))
        painter.setPen(QColor("#ffffff"))
        painter.drawText(QRectF(10, 20, self.length, 50), Qt.AlignmentFlag.AlignCenter,
                         f"{self.length:.0f} px")
        painter.end()


class CalibrationDialog(QDialog):
    """Asks for a measurement; :attr:`pixels_per_inch` holds the result after ``accept``."""

    def __init__(self, screen_size: tuple[int, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Physical scale")
        self.screen_size = screen_size
        self.pixels_per_inch: float | None = None
        self.bar = CardBar()
        self.diagonal = QDoubleSpinBox(minimum=0.0, maximum=300.0, decimals=1, suffix=" in")
        self.diagonal.setSpecialValueText("use the bar")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Or the screen diagonal:", self.diagonal)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(
            f"Hold a credit card ({CARD_WIDTH_MM} mm wide) against this screen and drag the "
            "bar's end to the card's right edge."
        ))
        layout.addWidget(self.bar)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def accept(self) -> None:
        try:
            if self.diagonal.value() > 0:
                self.pixels_per_inch = pixels_per_inch_from_diagonal(
                    *self.screen_size, self.diagonal.value()
                )
            else:
                self.pixels_per_inch = pixels_per_inch_from_card(self.bar.length)
        except ScaleError:
            return
        super().accept()
