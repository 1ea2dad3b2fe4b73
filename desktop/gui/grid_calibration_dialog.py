"""Calibrate the grid to the map image: image pixels per cell and where cell (0, 0) starts."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QWidget

from battlemap.desktop.core.model import Background, Encounter


class GridCalibrationDialog(QDialog):
    """Edits a background's ``pixels_per_cell`` and offset; :meth:`encounter` applies them."""

    def __init__(self, background: Background, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Calibrate the grid to the map")
        self.background = background
        self.pixels = QDoubleSpinBox(minimum=4.0, maximum=2000.0, decimals=2)
        self.pixels.setValue(background.pixels_per_cell)
        self.offset_x = QDoubleSpinBox(minimum=-2000.0, maximum=2000.0, decimals=1)
        self.offset_x.setValue(background.offset_x)
        self.offset_y = QDoubleSpinBox(minimum=-2000.0, maximum=2000.0, decimals=1)
        self.offset_y.setValue(background.offset_y)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Image pixels per grid cell", self.pixels)
        form.addRow("Image x where the grid starts", self.offset_x)
        form.addRow("Image y where the grid starts", self.offset_y)
        form.addRow(buttons)

    def encounter(self, encounter: Encounter, image_size: tuple[int, int]) -> Encounter:
        """``encounter`` with the calibrated background, the map sized to the image."""
        ppc = self.pixels.value()
        background = replace(self.background, pixels_per_cell=ppc,
                             offset_x=self.offset_x.value(), offset_y=self.offset_y.value())
        width = (image_size[0] - background.offset_x) / ppc
        height = (image_size[1] - background.offset_y) / ppc
        return replace(encounter, background=background, width=round(width, 3),
                       height=round(height, 3))
