"""The initiative panel: Savage Pathfinder Action Cards, the countdown, and the turn buttons.

The list shows every hand in countdown order with its card face (rank and suit symbol, red
suits in red, Jokers on gold), the acting hand highlighted, hands on Hold marked "Hold" and
hands that have acted greyed. Before the first deal the GM may pick Large Groups mode and
Surprise (one side ambushes: it starts on Hold, the others roll Notice).

Buttons: Deal (begin combat, or start the next round), Next turn (shortcut N; at the end of a
round it deals the next one), Hold (the acting hand), Act now and Interrupt (the selected hand
on Hold or holding a Joker; the interrupt's opposed Athletics is rolled with the panel's dice),
End combat. Cards typed into "Cards dealt at the table" (e.g. ``KS 10H RJ``) are used for the
next deal instead of the program's shuffled deck.

Every step goes through :mod:`desktop.core.turns` and is applied to the
:class:`~desktop.core.state.BattleState` as one undoable edit (its log entry included); a step
the rules refuse leaves the encounter alone and shows why under the buttons.

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

from desktop.core import turn_rolls, turns
from desktop.core.model import Encounter, LogEntry, Side
from desktop.core.state import BattleState
from rules.dice import DiceSource, RandomDice
from rules.savage_pathfinder.cards import (
    CardSource,
    PhysicalCards,
    ShuffledCards,
    card_face,
    is_joker,
)
from rules.savage_pathfinder.initiative import Hand, Initiative, countdown

JOKER_BACK = QColor("#ffd54f")
ACTING_BACK = QColor("#00e5ff")
RED_SUIT = QColor("#c62828")
DONE_TEXT = QColor("#9e9e9e")


class InitiativePanel(QWidget):
    """The turn tracker for ``state``; ``dice`` shuffles the deck and rolls interrupts."""

    acting_changed = Signal(str)

    def __init__(self, state: BattleState, dice: DiceSource | None = None) -> None:
        super().__init__()
        self.state = state
        self.dice: DiceSource = dice if dice is not None else RandomDice()
        self._acting = ""
        self.header = QLabel()
        self.countdown = QListWidget()
        self.countdown.setFont(QFont(self.font().family(), 12))
        self.countdown.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # N is not a list search
        self.typed_cards = QLineEdit(placeholderText="Cards dealt at the table, e.g. KS 10H RJ")
        self.large_groups = QCheckBox("Large groups: one card per side")
        self.surprise = QComboBox()
        self.surprise.addItem("No surprise", None)
        for side in (Side.HERO, Side.VILLAIN):
            self.surprise.addItem(f"Surprise: the {side.value}es ambush", side)
        self.message = QLabel(wordWrap=True)
        self.message.setStyleSheet("color: #c62828")
        self._build_buttons()
        layout = QVBoxLayout(self)
        for widget in (self.header, self.countdown, self.typed_cards, self.large_groups,
                       self.surprise):
            layout.addWidget(widget)
        layout.addLayout(self._button_grid())
        layout.addWidget(self.message)
        state.changed.connect(self._on_state_change)
        self._show(state.encounter)

    def acting_tokens(self) -> tuple[str, ...]:
        """Ids of every token whose turn it is."""
        return turns.acting_tokens(self.state.encounter)

    def selected_hand(self) -> str | None:
        """The hand key of the selected row, or None."""
        item = self.countdown.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def _build_buttons(self) -> None:
        self.deal_button = QPushButton("Deal")
        self.next_button = QPushButton("Next turn (N)")
        self.next_button.setShortcut(QKeySequence("N"))
        self.hold_button = QPushButton("Hold")
        self.act_button = QPushButton("Act now")
        self.interrupt_button = QPushButton("Interrupt")
        self.end_button = QPushButton("End combat")
        self.deal_button.clicked.connect(self.deal)
        self.next_button.clicked.connect(self.next_turn)
        self.hold_button.clicked.connect(self.hold)
        self.act_button.clicked.connect(self.act_now)
        self.interrupt_button.clicked.connect(self.interrupt)
        self.end_button.clicked.connect(self.end_combat)

    def _button_grid(self) -> QGridLayout:
        grid = QGridLayout()
        buttons = (self.deal_button, self.next_button, self.hold_button, self.act_button,
                   self.interrupt_button, self.end_button)
        for index, button in enumerate(buttons):
            grid.addWidget(button, index // 2, index % 2)
        return grid

    def deal(self) -> None:
        """Begin combat, or start the next round if one is running."""
        if turns.initiative(self.state.encounter).round == 0:
            self._step("Begin combat", self._begin)
        else:
            self._step("Deal a round", lambda enc: turns.deal_round(enc, self._card_source()))

    def _begin(self, encounter: Encounter) -> tuple[Encounter, LogEntry]:
        """Round one; with Surprise the other side rolls Notice with the panel's dice."""
        ambushers = self.surprise.currentData()
        large = self.large_groups.isChecked()
        if ambushers is None:
            return turns.begin_combat(encounter, self._card_source(), large_groups=large)
        return turn_rolls.begin_ambush(encounter, self._card_source(), Side(ambushers), self.dice,
                                  large_groups=large)

    def next_turn(self) -> None:
        """Next in the countdown; when the round is over, deal the next round."""
        state = turns.initiative(self.state.encounter)
        if state.round and not state.acting:
            self.deal()
        else:
            self._step("Next turn", turns.next_turn)

    def hold(self) -> None:
        """The acting hand (the selected one, after a tied interrupt) goes on Hold."""
        self._step("Go on Hold", lambda enc: turns.go_on_hold(enc, self._acting_choice(enc)))

    def act_now(self) -> None:
        self._step("Act from Hold", lambda enc: turns.act_now(enc, self._chosen()))

    def interrupt(self) -> None:
        self._step("Interrupt",
                   lambda enc: turn_rolls.roll_interrupt(enc, self._chosen(), self.dice))

    def end_combat(self) -> None:
        self._step("End combat", turns.end_combat)

    def _acting_choice(self, encounter: Encounter) -> str:
        acting = turns.initiative(encounter).acting
        if not acting:
            raise ValueError("nobody is acting now, so nobody can go on Hold")
        chosen = self.selected_hand()
        return chosen if chosen in acting else acting[0]

    def _chosen(self) -> str:
        hand = self.selected_hand()
        if hand is None:
            raise ValueError("select a hand on Hold (or holding a Joker) in the list first")
        return hand

    def _card_source(self) -> CardSource:
        codes = self.typed_cards.text().replace(",", " ").split()
        return PhysicalCards(codes) if codes else ShuffledCards(self.dice)

    def _step(self, label: str, step: Callable[[Encounter], tuple[Encounter, LogEntry]]) -> None:
        try:
            encounter, entry = step(self.state.encounter)
        except (ValueError, KeyError) as error:
            self.message.setText(str(error).strip("'\""))
            return
        self.message.clear()
        if label in ("Begin combat", "Deal a round"):
            self.typed_cards.clear()
        self.state.apply(f"{label}: {entry.title}", encounter)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        if old.combat != new.combat or old.tokens != new.tokens:
            self._show(new)

    def _show(self, encounter: Encounter) -> None:
        try:
            state = turns.initiative(encounter)
        except ValueError as error:
            self.message.setText(f"The stored initiative cannot be read: {error}")
            state = Initiative()
        selected = self.selected_hand()
        self.countdown.clear()
        for hand in _rows(state):
            self.countdown.addItem(_row_item(state, hand))
            if hand.key == selected:
                self.countdown.setCurrentRow(self.countdown.count() - 1)
        self.header.setText(_header(state))
        self.deal_button.setText("Deal" if state.round == 0 else "Start next round")
        for button in (self.next_button, self.hold_button, self.act_button,
                       self.interrupt_button, self.end_button):
            button.setEnabled(state.round > 0)
        self._announce(turns.acting_tokens(encounter) if state.round else ())

    def _announce(self, acting: tuple[str, ...]) -> None:
        first = acting[0] if acting else ""
        if first != self._acting:
            self._acting = first
            self.acting_changed.emit(first)


def _rows(state: Initiative) -> list[Hand]:
    """Hands with a card in countdown order, then hands without one (on Hold, surprised)."""
    ordered = [state.hand(key) for key in countdown(state)]
    return ordered + [hand for hand in state.hands if hand.key not in state.cards]


def _header(state: Initiative) -> str:
    if state.round == 0:
        return "No combat: press Deal to shuffle and deal Action Cards."
    return f"Round {state.round} · {len(state.deck)} cards left in the deck"


def _row_item(state: Initiative, hand: Hand) -> QListWidgetItem:
    card = state.cards.get(hand.key)
    face = card_face(card) if card else "—"
    status = _status(state, hand.key)
    item = QListWidgetItem(f"{face:>6}   {hand.label}" + (f"   ({status})" if status else ""))
    item.setData(Qt.ItemDataRole.UserRole, hand.key)
    if card and card[-1] in "HD":
        item.setForeground(QBrush(RED_SUIT))
    if card and is_joker(card):
        item.setBackground(QBrush(JOKER_BACK))
    if hand.key in state.acted:
        item.setForeground(QBrush(DONE_TEXT))
    if hand.key in state.acting:
        item.setBackground(QBrush(ACTING_BACK))
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    return item


def _status(state: Initiative, key: str) -> str:
    if key in state.acting:
        return "acting"
    if key in state.on_hold:
        return "Hold"
    if key in state.queued:
        return "acts next"
    if key in state.acted:
        return "done"
    return "" if key in state.cards else "no card"
