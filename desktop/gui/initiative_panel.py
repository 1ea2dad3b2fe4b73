"""The turn-order panel: whatever the game system's turn order is, as it declares it.

The list shows the system's rows in order (:class:`battlemap.rules.interface.TurnRow`: a card face,
a roll or a place, the label, a status), the acting row highlighted in bold, rows that have
acted greyed, a row tinted red or gold where the system says so (a red suit, a Joker). Above
the buttons stand the system's settings (:attr:`battlemap.rules.interface.TurnOrderView.inputs`: for
Savage Pathfinder the cards dealt at the table, Large Groups, Surprise and an interrupt with a
weapon set against a charge); the buttons are its
controls (Deal, Next turn with its shortcut, Hold, ...), disabled with the reason as a tooltip
when they cannot be pressed. A control that needs a row acts on the selected one.

Every press goes through :func:`battlemap.desktop.core.table_pipeline.turn_step` and is applied to
the :class:`~battlemap.desktop.core.state.BattleState` as one undoable edit (its log entry
included); a step the rules refuse leaves the encounter alone and shows why under the buttons.

:attr:`InitiativePanel.acting_changed` carries the first acting token's id ("" when nobody
acts) so the map can highlight it; :meth:`InitiativePanel.acting_tokens` lists them all.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.table_pipeline import turn_order, turn_step
from battlemap.desktop.core.wording import with_names
from battlemap.rules.dice import DiceSource, RandomDice
from battlemap.rules.interface import Control, FieldKind, StatField, TurnOrderView, TurnRow
from battlemap.rules.registry import RulesError

JOKER_BACK = QColor("#ffd54f")
ACTING_BACK = QColor("#00e5ff")
RED_SUIT = QColor("#c62828")
DONE_TEXT = QColor("#9e9e9e")

Input = QLineEdit | QCheckBox | QComboBox


class InitiativePanel(QWidget):
    """The turn tracker for ``state``; ``dice`` shuffles, deals and rolls what the turn order
    asks for (interrupts, Notice)."""

    acting_changed = Signal(str)

    def __init__(self, state: BattleState, dice: DiceSource | None = None) -> None:
        super().__init__()
        self.state = state
        self.dice: DiceSource = dice if dice is not None else RandomDice()
        self._acting = ""
        self.header = QLabel(wordWrap=True)
        self.countdown = QListWidget()
        self.countdown.setFont(QFont(self.font().family(), 12))
        self.countdown.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # N is not a list search
        self.inputs: dict[str, Input] = {}
        self.buttons: dict[str, QPushButton] = {}
        self.message = QLabel(wordWrap=True)
        self.message.setStyleSheet("color: #c62828")
        self._inputs_box = QVBoxLayout()
        self._grid = QGridLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.countdown)
        layout.addLayout(self._inputs_box)
        layout.addLayout(self._grid)
        layout.addWidget(self.message)
        self._system = ""
        self.on_refusal: Callable[[str], None] = lambda _text: None
        """Told, in words, why a button did nothing (the GM window's status bar and log)."""
        state.changed.connect(self._on_state_change)
        self._show(state.encounter)

    def acting_tokens(self) -> tuple[str, ...]:
        """Ids of every token whose turn it is."""
        view = self._view(self.state.encounter)
        return tuple(m for row in view.rows if row.acting for m in (row.members or (row.token,)))

    def selected_row(self) -> str | None:
        """The key of the selected row (a token id or a group's key), or None."""
        item = self.countdown.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def press(self, control: str) -> None:
        """Press the system's ``control`` as the GM would (with the panel's settings)."""
        try:
            done = turn_step(self.state.encounter, control, self.dice, self.selected_row(),
                             self.settings())
        except (RulesError, ValueError, KeyError) as error:
            self.message.setText(with_names(str(error).strip("'\""), self.state.encounter))
            self.on_refusal(f"{self.buttons[control].text().replace('&', '')}: "
                            f"{self.message.text()}" if control in self.buttons
                            else self.message.text())
            return
        self.message.clear()
        for widget in self.inputs.values():
            if isinstance(widget, QLineEdit):
                widget.clear()  # typed cards are used once
        step = str(done.resolution.data.get("step") or self.buttons[control].text())
        self.state.apply(f"{step}: {done.resolution.title}", done.encounter)

    def settings(self) -> dict[str, str]:
        """The panel's inputs as the system's ``params`` (flags ``"yes"``/``"no"``)."""
        found = {}
        for key, widget in self.inputs.items():
            if isinstance(widget, QLineEdit):
                found[key] = widget.text()
            elif isinstance(widget, QCheckBox):
                found[key] = "yes" if widget.isChecked() else "no"
            else:
                found[key] = str(widget.currentData())
        return found

    def _view(self, encounter: Encounter) -> TurnOrderView:
        try:
            return turn_order(encounter)
        except (RulesError, ValueError) as error:
            self.message.setText(f"The turn order cannot be read: {error}")
            return TurnOrderView(0, (), ())

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        if old.combat != new.combat or old.tokens != new.tokens or old.system != new.system:
            self._show(new)

    def _show(self, encounter: Encounter) -> None:
        view = self._view(encounter)
        if encounter.system != self._system:
            self._system = encounter.system
            self._build_inputs(view.inputs)
            self._build_buttons(view.controls)
        selected = self.selected_row()
        self.countdown.clear()
        for row in view.rows:
            self.countdown.addItem(_row_item(row))
            if row.token == selected:
                self.countdown.setCurrentRow(self.countdown.count() - 1)
        self.header.setText(view.header)
        for control in view.controls:
            _show_control(self.buttons.get(control.id), control)
        acting = tuple(m for row in view.rows if row.acting for m in (row.members or (row.token,)))
        self._announce(acting if view.round else ())

    def _build_inputs(self, inputs: tuple[StatField, ...]) -> None:
        for widget in self.inputs.values():
            widget.deleteLater()
        self.inputs = {item.key: _input(item) for item in inputs}
        for widget in self.inputs.values():
            self._inputs_box.addWidget(widget)

    def _build_buttons(self, controls: tuple[Control, ...]) -> None:
        for button in self.buttons.values():
            button.deleteLater()
        self.buttons = {}
        for index, control in enumerate(controls):
            button = QPushButton(control.label)
            if control.shortcut:
                button.setShortcut(QKeySequence(control.shortcut))
            button.clicked.connect(lambda _on=False, c=control.id: self.press(c))
            self.buttons[control.id] = button
            self._grid.addWidget(button, index // 2, index % 2)

    def _announce(self, acting: tuple[str, ...]) -> None:
        first = acting[0] if acting else ""
        if first != self._acting:
            self._acting = first
            self.acting_changed.emit(first)


def _input(item: StatField) -> Input:
    """The widget of one of the system's turn-order settings."""
    if item.kind is FieldKind.FLAG:
        box = QCheckBox(item.label)
        box.setChecked(bool(item.default))
        box.setToolTip(item.help)
        return box
    if item.kind is FieldKind.CHOICE:
        combo = QComboBox()
        for choice in item.choices:
            combo.addItem(f"{item.label}: {choice}" if choice else f"No {item.label.lower()}",
                          choice)
        combo.setToolTip(item.help)
        return combo
    line = QLineEdit(placeholderText=f"{item.label}" + (f", {item.help}" if item.help else ""))
    line.setToolTip(item.help)
    return line


def _show_control(button: QPushButton | None, control: Control) -> None:
    if button is None:
        return
    shortcut = button.shortcut()
    button.setText(control.label)
    button.setShortcut(shortcut)
    button.setEnabled(control.enabled)
    button.setToolTip(control.why_not or "")


def _row_item(row: TurnRow) -> QListWidgetItem:
    item = QListWidgetItem(f"{row.detail:>6}   {row.label}" +
                           (f"   ({row.status})" if row.status else ""))
    item.setData(Qt.ItemDataRole.UserRole, row.token)
    if row.tint == "red":
        item.setForeground(QBrush(RED_SUIT))
    if row.tint == "gold":
        item.setBackground(QBrush(JOKER_BACK))
    if row.done:
        item.setForeground(QBrush(DONE_TEXT))
    if row.acting:
        item.setBackground(QBrush(ACTING_BACK))
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    return item
