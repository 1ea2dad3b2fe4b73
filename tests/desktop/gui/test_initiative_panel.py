"""The initiative panel, driven with pytest-qt (offscreen) and cards typed in as at the table."""

from PySide6.QtCore import Qt
from support import spf_on_map as turns

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.token_hud import with_control
from battlemap.desktop.gui.initiative_panel import ACTING_BACK, JOKER_BACK, InitiativePanel
from battlemap.rules.dice import ScriptedDice


def token(token_id: str, name: str, wild_card: bool, **options: object) -> Token:
    stats = {"wild_card": wild_card, "skills": {"athletics": "d6"},
             "condition": {"shaken": False, "on_hold": False}}
    return Token(token_id, name, 1.5, 1.5, stats=stats, **options)


def make_panel(qtbot, dice=None) -> tuple[BattleState, InitiativePanel]:
    state = BattleState(Encounter(tokens=(
        token("val", "Valeros", True, side=Side.HERO),
        token("kyra", "Kyra", True, side=Side.HERO),
        token("g1", "Goblin", False, side=Side.VILLAIN, group="Goblins"),
    )))
    panel = InitiativePanel(state, dice)
    qtbot.addWidget(panel)
    return state, panel


def deal(qtbot, panel: InitiativePanel, cards: str) -> None:
    panel.inputs["cards"].setText(cards)
    qtbot.mouseClick(panel.buttons["deal"], Qt.MouseButton.LeftButton)


def rows(panel: InitiativePanel) -> list[str]:
    return [panel.countdown.item(i).text().split("(")[0].strip()
            for i in range(panel.countdown.count())]


def test_deal_shows_the_countdown_with_faces_and_highlights(qtbot):
    state, panel = make_panel(qtbot)
    with qtbot.waitSignal(panel.acting_changed) as signal:
        deal(qtbot, panel, "5H, RJ 5S")
    # Joker first; ties by suit: 5♠ (Goblins) before 5♥ (Valeros).
    assert rows(panel) == ["Joker   Kyra", "5♠   Goblins", "5♥   Valeros"]
    assert signal.args == ["kyra"]
    assert panel.countdown.item(0).background().color() == ACTING_BACK
    assert panel.countdown.item(2).foreground().color().name() == "#c62828"
    assert panel.header.text() == "Round 1 · 51 cards left in the deck"
    assert (panel.inputs["cards"].text(), state.undo_label) == ("", "Begin combat: Round 1: Action "
                                                                "Cards dealt")


def test_next_turn_shortcut_and_a_new_round_with_the_joker_reshuffle(qtbot):
    state, panel = make_panel(qtbot)
    deal(qtbot, panel, "5H RJ 5S")
    assert panel.buttons["next"].shortcut().toString() == "N"
    with qtbot.waitActive(panel):
        panel.show()
        panel.activateWindow()
    qtbot.keyClick(panel, Qt.Key.Key_N)  # the button's shortcut clicks it after a short flash
    qtbot.waitUntil(lambda: panel.acting_tokens() == ("g1",))
    panel.press("next")
    panel.press("next")  # round over: nobody acts
    assert panel.acting_tokens() == ()
    panel.inputs["cards"].setText("RJ 2C 3C")  # the Joker may come again: the deck was shuffled
    panel.press("next")
    encounter = state.encounter
    assert turns.initiative(encounter).round == 2
    assert encounter.log[-1].lines[0] == "A Joker was dealt last round: the deck is shuffled."
    assert rows(panel) == ["Joker   Valeros", "3♣   Goblins", "2♣   Kyra"]
    panel.press("next")  # Valeros is done: his row keeps the Joker's gold, the Goblins are cyan
    assert panel.countdown.item(0).background().color() == JOKER_BACK
    assert panel.countdown.item(1).background().color() == ACTING_BACK


def test_hold_and_a_rolled_interrupt_from_the_selected_row(qtbot):
    # Valeros (K♠) holds; the Goblins (Q♥) act; he interrupts: Valeros d6 5, Wild Die 2 = 5
    # against the Goblin (Extra) d6 3: he wins and the Goblins finish after him.
    state, panel = make_panel(qtbot, ScriptedDice([5, 2, 3]))
    deal(qtbot, panel, "KS 2D QH")
    qtbot.mouseClick(panel.buttons["hold"], Qt.MouseButton.LeftButton)
    assert panel.countdown.item(0).text().split() == ["K♠", "Valeros", "(Hold)"]
    assert panel.acting_tokens() == ("g1",)
    panel.countdown.setCurrentRow(rows(panel).index("K♠   Valeros"))
    qtbot.mouseClick(panel.buttons["interrupt"], Qt.MouseButton.LeftButton)
    assert state.encounter.log[-1].title == ("Valeros interrupts Goblins: Athletics 5 vs 3. "
                                             "Valeros acts first; Goblins finishes after.")
    assert panel.acting_tokens() == ("val",)


def test_refusals_show_a_message_and_change_nothing(qtbot):
    state, panel = make_panel(qtbot)
    deal(qtbot, panel, "KS QH KS")
    assert panel.message.text() == ("KS (King of Spades), dealt to Goblins, was already dealt "
                                    "this round")
    assert state.encounter.combat == {}
    deal(qtbot, panel, "KS QH 2D")
    panel.countdown.setCurrentRow(2)
    qtbot.mouseClick(panel.buttons["act-now"], Qt.MouseButton.LeftButton)
    assert panel.message.text() == ("Goblins is not on Hold and holds no Joker, so it waits for "
                                    "its card")
    qtbot.mouseClick(panel.buttons["end"], Qt.MouseButton.LeftButton)
    assert (state.encounter.combat, panel.message.text()) == ({}, "")
    assert panel.buttons["deal"].text() == "Deal" and not panel.buttons["next"].isEnabled()


def test_surprise_from_the_panel_rolls_notice_with_its_dice(qtbot):
    # The villains ambush. The heroes have no Notice skill, so they roll unskilled d4-2:
    # Valeros d4 2, Wild Die 5: 5 - 2 = 3, fails; Kyra d4 1, Wild Die 3: 3 - 2 = 1, fails.
    # Neither gets a card; the Goblins are dealt in and wait on Hold.
    state, panel = make_panel(qtbot, ScriptedDice([2, 5, 1, 3]))
    panel.inputs["surprise"].setCurrentIndex(2)
    deal(qtbot, panel, "7S")
    encounter = state.encounter
    assert turns.initiative(encounter).cards == {"group:Goblins": "7S"}
    assert rows(panel) == ["7♠   Goblins", "—   Valeros", "—   Kyra"]
    assert encounter.log[-1].lines[-1] == ("Round 1: the countdown is done; on Hold and free to "
                                           "act: Goblins.")


def test_next_turn_rolls_vigor_for_a_stunned_token(qtbot):
    """S159 "At the start of a Stunned character's turn, he makes a Vigor roll as a free
    action": the GM switches Stunned on for the Goblin (Vigor d6) at the token HUD's edit, so he
    is also Distracted (-2); Valeros (K♠) acts first, then Next turn starts the Goblin's (2♣)
    and rolls by itself: d6 6 aces + 1 = 7, -2 = 5 vs 4. He recovers, Vulnerable still."""
    goblin = Token("g1", "Goblin", 2.5, 1.5, side=Side.VILLAIN,
                   stats={"attributes": {"vigor": "d6"}})
    state = BattleState(Encounter(tokens=(token("val", "Valeros", True, side=Side.HERO),
                                          goblin)))
    state.apply("Stunned on: Goblin",
                with_control(state.encounter, "g1", "condition.stunned", True))
    panel = InitiativePanel(state, ScriptedDice([6, 1]))
    qtbot.addWidget(panel)
    deal(qtbot, panel, "KS 2C")
    qtbot.mouseClick(panel.buttons["next"], Qt.MouseButton.LeftButton)
    assert state.encounter.log[-1].title == "Goblin recovers from Stunned (Vigor 5 vs 4)"
    condition = state.encounter.token("g1").stats["condition"]
    assert (condition["stunned"], condition["vulnerable"]) == (False, True)
