"""The Universal VTT import options: what the file holds, its warnings, and the GM's choices.

Shown by File > Import Universal VTT once the file has been read: the map size, image, walls,
objects, doors and lights in the file, then two choices -- objects full height or low, and
outline simplification with a tolerance in cells, whose effect on the point count is shown
live (the file's JSON is imported again in memory, never re-read from disk; a big image
decoded into a file when the file was read is not decoded again).
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop.core.images import image_size
from battlemap.desktop.core.model import Encounter, WallKind
from battlemap.desktop.core.uvtt import UvttImport, parse_uvtt

LOW_OBJECT_HEIGHT = 0.5
"""A low object's height in cells: a low wall's (half a Normal-scale creature, which is 1 cell
tall with its eye at 0.9), so it hides the lower part of a creature behind it and gives cover,
and an eye looks over it."""
MAX_TOLERANCE = 2.0
"""The largest simplification tolerance offered, in cells."""


def outline_points(encounter: Encounter) -> int:
    """The points of the walls' and objects' outlines (what simplification thins; doors are
    always two points)."""
    kinds = (WallKind.WALL, WallKind.OBJECT)
    return sum(len(w.points) for w in encounter.walls if w.kind in kinds)


def contents(imported: UvttImport) -> list[tuple[str, str]]:
    """Rows of (label, text) saying what an imported file holds, e.g. ``("Doors", "3 (3
    closed)")``."""
    enc = imported.encounter
    walls = [w for w in enc.walls if w.kind is WallKind.WALL]
    objects = [w for w in enc.walls if w.kind is WallKind.OBJECT]
    doors = [w for w in enc.walls if w.kind is WallKind.DOOR]
    opened = sum(d.is_open for d in doors)
    return [
        ("Map", f"{enc.width:g} x {enc.height:g} cells"),
        ("Image", _image_text(imported)),
        ("Walls", f"{len(walls)} ({sum(len(w.points) for w in walls)} points)"),
        ("Objects", f"{len(objects)} ({sum(len(w.points) for w in objects)} points)"),
        ("Doors", f"{len(doors)} ({opened} open, {len(doors) - opened} closed)"),
        ("Lights", str(len(enc.lights))),
    ]


def _image_text(imported: UvttImport) -> str:
    if imported.streamed is not None:
        streamed = imported.streamed
        kind, width, height = streamed.kind, streamed.width, streamed.height
    elif imported.image:
        kind, width, height = image_size(imported.image)
    else:
        return "none"
    return f"{width} x {height} px ({kind.upper()})"


class UvttImportDialog(QDialog):
    """Shows a Universal VTT file's contents and warnings; the GM picks the object height and
    the outline tolerance. :meth:`imported` gives the import with those choices.

    ``imported`` is ``data`` imported with the defaults (full height, every point kept);
    ``object_height`` (None: full height) and ``tolerance`` are the choices it starts from.
    """

    def __init__(
        self, path: Path, data: bytes, imported: UvttImport,
        object_height: float | None = None, tolerance: float = 0.0,
        parent: QWidget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.setWindowTitle("Import Universal VTT")
        self.path, self.data, self.streamed = path, data, imported.streamed
        self.all_points = outline_points(imported.encounter)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{html.escape(path.name)}</b>"))
        layout.addWidget(self._contents_box(imported))
        for warning in imported.warnings:
            layout.addWidget(self._warning_label(warning))
        layout.addWidget(self._objects_box(object_height))
        layout.addWidget(self._outlines_box(tolerance))
        layout.addWidget(self._buttons())
        self._show_points()

    def _contents_box(self, imported: UvttImport) -> QGroupBox:
        box = QGroupBox("In the file")
        form = QFormLayout(box)
        self.contents_labels: dict[str, QLabel] = {}
        for label, text in contents(imported):
            self.contents_labels[label] = QLabel(text)
            form.addRow(f"{label}:", self.contents_labels[label])
        return box

    def _warning_label(self, warning: str) -> QLabel:
        label = QLabel(f"Warning: {warning[:1].upper()}{warning[1:]}.")
        label.setWordWrap(True)
        label.setStyleSheet("color: #a05a00;")
        label.setObjectName("warning")
        return label

    def _objects_box(self, object_height: float | None) -> QGroupBox:
        box = QGroupBox("Objects (pillars, trees, furniture)")
        self.full_height = QRadioButton("Full height (block sight and lines of fire)")
        self.low = QRadioButton("Low (give cover, can be seen over)")
        group = QButtonGroup(box)
        group.addButton(self.full_height)
        group.addButton(self.low)
        self.low_height = QDoubleSpinBox(minimum=0.1, maximum=5.0, singleStep=0.1, decimals=2)
        self.low_height.setSuffix(" cells high")
        self.low_height.setValue(LOW_OBJECT_HEIGHT if object_height is None else object_height)
        (self.full_height if object_height is None else self.low).setChecked(True)
        self.low_height.setEnabled(self.low.isChecked())
        self.low.toggled.connect(self.low_height.setEnabled)
        row = QHBoxLayout()
        row.addWidget(self.low)
        row.addWidget(self.low_height)
        row.addStretch()
        column = QVBoxLayout(box)
        column.addWidget(self.full_height)
        column.addLayout(row)
        return box

    def _outlines_box(self, tolerance: float) -> QGroupBox:
        box = QGroupBox("Simplify outlines")
        self.tolerance_box = QDoubleSpinBox(
            minimum=0.0, maximum=MAX_TOLERANCE, singleStep=0.05, decimals=2
        )
        self.tolerance_box.setSuffix(" cells")
        self.tolerance_box.setSpecialValueText("0 (keep every point)")
        self.tolerance_box.setValue(tolerance)
        self.tolerance_box.setToolTip(
            "Points closer than this to a straighter line are dropped: long cave outlines "
            "draw and compute faster. 0 keeps every point."
        )
        self.tolerance_box.valueChanged.connect(self._show_points)
        self.points_label = QLabel()
        form = QFormLayout(box)
        form.addRow("Tolerance:", self.tolerance_box)
        form.addRow("Wall and object outlines:", self.points_label)
        return box

    def _buttons(self) -> QDialogButtonBox:
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        return buttons

    def _show_points(self) -> None:
        kept = outline_points(self._import(None, self.tolerance()).encounter)
        self.points_label.setText(f"{self.all_points} points -> {kept} points")

    def object_height(self) -> float | None:
        """The chosen height of object walls in cells; None for full height."""
        return self.low_height.value() if self.low.isChecked() else None

    def tolerance(self) -> float:
        """The chosen simplification tolerance in cells (0: keep every point)."""
        return self.tolerance_box.value()

    def imported(self) -> UvttImport:
        """The file imported with the chosen object height and tolerance."""
        return self._import(self.object_height(), self.tolerance())

    def _import(self, object_height: float | None, tolerance: float) -> UvttImport:
        return parse_uvtt(
            self.data, where=str(self.path), name=self.path.stem,
            object_height=object_height, simplify_tolerance=tolerance,
            base_dir=self.path.resolve().parent, streamed=self.streamed,
        )  # fmt: skip
