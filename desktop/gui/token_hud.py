"""The token HUD: on the one selected token of the GM map, a ring of the system's usual
switches (Shaken, Prone, Stunned, Bound ...) and counts (Wounds, hit points, Bennies) a click
away, instead of the right-click menu's forty entries.

It is a widget over the map's viewport (real buttons, not scene items, so the map's tools
never see its clicks), placed around the token's place on screen and following the camera.
Each click is one undoable edit checked by the system
(:func:`desktop.core.token_hud.with_control`); a refused one reaches the status bar and the
log. The controls come from :func:`desktop.core.token_hud.hud_controls`.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from desktop.core.model import Encounter
from desktop.core.token_hud import HudControl, hud_controls, with_control
from desktop.gui.notices import tell
from desktop.gui.style import CELL

if TYPE_CHECKING:
    from desktop.gui.main_window import GMWindow

CHIP_STYLE = ("QToolButton, QLabel { background: rgba(20, 20, 20, 215); color: white; "
              "border: 1px solid #888; border-radius: 8px; padding: 1px 5px; }"
              "QToolButton:checked { background: #fdd835; color: black; }")
GAP_PX = 14
"""Between the token's ring and the HUD's chips, screen pixels."""


class TokenHud(QWidget):
    """The HUD of ``window``'s GM map; :meth:`show_for` one token or none."""

    def __init__(self, window: GMWindow) -> None:
        super().__init__(window.view.viewport())
        self.window = window
        self.token_id: str | None = None
        self.chips: dict[str, QWidget] = {}
        self.setStyleSheet(CHIP_STYLE)
        self.hide()
        window.view.camera_changed.connect(self.place)
        window.state.changed.connect(self._on_state_change)
        window.interaction.selection_changed.append(self._on_selection)

    def _on_selection(self, selection: frozenset[str]) -> None:
        tokens = {t.id for t in self.window.state.encounter.tokens}
        chosen = [i for i in selection if i in tokens]
        self.show_for(chosen[0] if len(chosen) == 1 else None)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        present = self.token_id is not None and any(t.id == self.token_id for t in new.tokens)
        self.show_for(self.token_id if present else None)

    def show_for(self, token_id: str | None) -> None:
        """Show the HUD of ``token_id`` (None, or a token with none: hidden)."""
        self.token_id = token_id
        for chip in self.chips.values():
            chip.deleteLater()
        self.chips = {}
        controls = hud_controls(self.window.state.encounter, token_id) if token_id else ()
        for control in controls:
            chip = self._switch(control) if control.flag else self._counter(control)
            chip.show()
            self.chips[control.key] = chip
        self.setVisible(bool(self.chips))
        self.place()

    def _switch(self, control: HudControl) -> QToolButton:
        chip = QToolButton(self)
        chip.setText(control.label)
        chip.setCheckable(True)
        chip.setChecked(bool(control.value))
        chip.setToolTip(f"{control.label}: click to switch {'off' if control.value else 'on'}")
        chip.clicked.connect(partial(self.set_value, control, not control.value))
        return chip

    def _counter(self, control: HudControl) -> QWidget:
        chip = QWidget(self)
        row = QHBoxLayout(chip)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(1)
        less, more = QToolButton(chip), QToolButton(chip)
        less.setText("−")
        more.setText("+")
        less.setObjectName("less")
        more.setObjectName("more")
        less.setEnabled(int(control.value) > control.minimum)
        more.setEnabled(int(control.value) < control.maximum)
        less.clicked.connect(partial(self.set_value, control, int(control.value) - 1))
        more.clicked.connect(partial(self.set_value, control, int(control.value) + 1))
        row.addWidget(less)
        row.addWidget(QLabel(f"{control.label} {control.value}", chip))
        row.addWidget(more)
        chip.adjustSize()
        return chip

    def set_value(self, control: HudControl, value: int | bool) -> None:
        """One click: ``control`` to ``value``, one undoable edit (or why not, in words)."""
        if self.token_id is None:
            return
        encounter = self.window.state.encounter
        name = encounter.token(self.token_id).name
        try:
            after = with_control(encounter, self.token_id, control.key, value)
        except ValueError as error:
            tell(self.window, f"{name}: {error}")
            return
        shown = ("on" if value else "off") if control.flag else str(value)
        self.window.state.apply(f"{control.label} {shown}: {name}", after)

    def place(self) -> None:
        """The chips around the token: its switches down its right, its counts down its left,
        bowed like a ring, none over another."""
        if not self.chips or self.token_id is None:
            return
        view = self.window.view
        token = next((t for t in self.window.state.encounter.tokens if t.id == self.token_id),
                     None)
        if token is None:
            return
        centre = view.mapFromScene(token.x * CELL, token.y * CELL)
        ring = token.radius * CELL * view.zoom + GAP_PX
        switches = [c for c in self.chips.values() if isinstance(c, QToolButton)]
        counters = [c for c in self.chips.values() if not isinstance(c, QToolButton)]
        places: list[tuple[QWidget, QPoint]] = []  # in the viewport's pixels
        for side, column in ((1, switches), (-1, counters)):  # switches right, counts left
            for chip in column:
                chip.adjustSize()
            height = sum(c.height() + 2 for c in column) - 2
            top = centre.y() - height / 2
            for n, chip in enumerate(column):
                # along an arc around the token: the middle ones nearest, as on a ring
                middle = (n + 0.5) / len(column) - 0.5
                inward = round(ring * (1 - math.cos(middle * math.pi * 0.6)))
                x = (centre.x() + ring - inward if side > 0
                     else centre.x() - ring + inward - chip.width())
                # halves rounded up (not to even): a pan by whole pixels moves every chip alike
                places.append((chip, QPoint(math.floor(x + 0.5), math.floor(top + 0.5))))
                top += chip.height() + 2
        if self.size() == view.viewport().size() and all(
                self.pos() + chip.pos() == at for chip, at in places):
            return  # a pan: the viewport's scroll moved the HUD with the map (moving this
            # viewport-sized widget back would repaint the whole map, issue 28)
        self.resize(view.viewport().size())
        self.move(0, 0)
        for chip, at in places:
            chip.move(at)
        self.setMask(self._chips_region())
        self.raise_()

    def _chips_region(self) -> QRegion:
        """Only the chips take the mouse: the map between them stays the map's."""
        region = QRegion()
        for chip in self.chips.values():
            region = region.united(QRegion(chip.geometry()))
        return region
