"""Stunned, worked by hand with scripted dice through the system's interface (what the token
HUD, the stat-block form, the turn panel, the Actions menu and ``battlemap turn`` call).

S152-158 Stunned characters "Are Distracted (this is removed at the end of a victim's next turn
as usual)", "Are Vulnerable (this remains until a victim recovers from being Stunned)", "Fall
prone (or to their knees, GM's call)". S159 "At the start of a Stunned character's turn, he
makes a Vigor roll as a free action. Success means he's no longer Stunned but remains
Vulnerable until the end of his next turn. With a raise, his Vulnerable state goes away at the
end of this turn." C23 such free actions "occur automatically at the beginning of a
character's turn and may only be tried once". Distracted "subtracts 2 from all Trait rolls", so
the Vigor roll made while still Distracted is at -2.

Ann (a Wild Card) is dealt the King of Spades, the Orc (an Extra, Vigor d6, Spirit d6) the Two
of Clubs: Ann acts first. The GM switches Stunned on for the Orc before combat, so he is
Distracted until the end of his first turn.
"""

from __future__ import annotations

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import ActionRequest
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import Board, Piece, Side
from battlemap.rules.testing import open_board

SYSTEM = find_system("savage-pathfinder")
ORC = {"attributes": {"vigor": "d6", "spirit": "d6"}}


def _board(cards: str = "", **condition: bool) -> Board:
    """Ann and the Orc, the Orc switched Stunned (plus ``condition``) by the GM; dealt
    ``cards`` (Ann's turn starts: no roll for the Orc yet)."""
    ann = Piece("ann", "Ann", 1.5, 1.5, side=Side.HERO, stats={"wild_card": True})
    orc = Piece("orc", "Orc", 2.5, 1.5, side=Side.VILLAIN,
                stats={**ORC, "condition": {**condition}})
    board = open_board((ann, orc))
    board = SYSTEM.statblock_edited(board, "orc", {
        **ORC, "condition": {**condition, "stunned": True}})
    if not cards:
        return board
    return SYSTEM.turn_control(board, "deal", ScriptedDice([]), params={"cards": cards}).board


def _condition(board: Board) -> dict[str, object]:
    condition = board.token("orc").stats["condition"]
    return {k: v for k, v in condition.items() if v is True}


def _next(board: Board, dice: list[int], cards: str = "") -> Board:
    """Next turn; ``cards`` for the new round it deals when the round is over."""
    return SYSTEM.turn_control(board, "next", ScriptedDice(dice), params={"cards": cards}).board


def test_switching_stunned_on_brings_distracted_vulnerable_and_prone() -> None:
    # S152-158: the GM's switch is the whole state, said in the log; Distracted is timed
    board = _board()
    assert _condition(board) == {"stunned": True, "distracted": True, "vulnerable": True,
                                 "prone": True}
    assert board.combat["timers"] == [{"token": "orc", "status": "Distracted", "turn_ends": 1}]
    assert board.log[-1].title == "Orc is Stunned"
    assert board.log[-1].lines[0] == "Distracted (-2 to Trait rolls) until the end of his next turn"


def test_stunned_during_his_own_turn_stays_distracted_through_the_next() -> None:
    # "If a hero becomes Distracted ... during her current turn, it lasts until the end of
    # her next turn": two turn-ends on the clock
    ann = Piece("ann", "Ann", 1.5, 1.5, side=Side.HERO, stats={"wild_card": True})
    orc = Piece("orc", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats=ORC)
    dealt = SYSTEM.turn_control(open_board((ann, orc)), "deal", ScriptedDice([]),
                                params={"cards": "2C KS"}).board
    stunned = SYSTEM.statblock_edited(dealt, "orc", {**ORC, "condition": {"stunned": True}})
    assert stunned.combat["timers"] == [{"token": "orc", "status": "Distracted",
                                         "turn_ends": 2}]


def test_switching_stunned_off_or_other_states_brings_nothing() -> None:
    board = _board()
    off = SYSTEM.statblock_edited(board, "orc", {
        **ORC, "condition": {**_condition(board), "stunned": False}})
    assert _condition(off) == {"distracted": True, "vulnerable": True, "prone": True}
    assert off.log == board.log and off.combat == board.combat
    shaken = SYSTEM.statblock_edited(open_board((Piece("orc", "Orc", 0.5, 0.5, stats=ORC),)),
                                     "orc", {**ORC, "condition": {"shaken": True}})
    assert (shaken.log, shaken.combat) == ((), {})


def test_success_vigor_at_the_start_of_his_turn_vulnerable_until_the_end_of_the_next() -> None:
    # Vigor d6 6 aces + 1 = 7, -2 Distracted = 5 vs 4: a success, not a raise
    turn = SYSTEM.turn_control(_board("KS 2C"), "next", ScriptedDice([6, 1]))
    assert turn.notes == ("Orc (2♣) acts.", "Orc recovers from Stunned (Vigor 5 vs 4)",
                          "Vigor (recover from Stunned) d6 6+1 = 7; -2 Distracted → 5 vs TN 4: "
                          "success",
                          "Orc is no longer Stunned", "Vulnerable until the end of his next turn")
    assert turn.board.log[-1].title == "Orc recovers from Stunned (Vigor 5 vs 4)"
    assert _condition(turn.board) == {"distracted": True, "vulnerable": True, "prone": True}
    first_over = _next(turn.board, [])  # his turn ends: Distracted goes, Vulnerable stays
    assert _condition(first_over) == {"vulnerable": True, "prone": True}
    second = _next(_next(first_over, [], "QS 3C"), [])  # round 2: Ann's turn, then his
    assert "Orc (3♣) acts." in second.log[-1].lines  # no roll: he is not Stunned
    assert _condition(second) == {"vulnerable": True, "prone": True}
    assert _condition(_next(second, [])) == {"prone": True}  # it ends: no longer Vulnerable


def test_a_raise_ends_vulnerable_at_the_end_of_this_turn() -> None:
    # Vigor d6 6 aces + 4 = 10, -2 = 8 vs 4: a raise
    turn = SYSTEM.turn_control(_board("KS 2C"), "next", ScriptedDice([6, 4]))
    assert "Vulnerable until the end of this turn (a raise)" in turn.notes
    assert _condition(_next(turn.board, [])) == {"prone": True}


def test_a_failure_stays_stunned_and_is_not_tried_again_that_turn() -> None:
    # Vigor d6 5, -2 = 3 vs 4: still Stunned; the Recover action is refused ("tried once")
    turn = SYSTEM.turn_control(_board("KS 2C"), "next", ScriptedDice([5]))
    assert "Orc stays Stunned (Vigor 3 vs 4)" in turn.notes
    assert _condition(turn.board)["stunned"] is True
    with pytest.raises(RulesError, match="Orc already tried to recover from Stunned this turn"):
        SYSTEM.perform_action(turn.board, ActionRequest("recover-stunned", "orc"),
                              ScriptedDice([6, 6]))
    # his turn ends: Distracted goes "as usual"; Vulnerable and Stunned stay until he recovers
    over = _next(turn.board, [])
    assert _condition(over) == {"stunned": True, "vulnerable": True, "prone": True}
    # his next turn: Vigor d6 4, no longer Distracted: 4 vs 4, he recovers
    again = _next(_next(over, [], "QS 3C"), [4])
    assert again.log[-1].title == "Orc recovers from Stunned (Vigor 4 vs 4)"


def test_the_jokers_plus_two_reaches_the_vigor_roll() -> None:
    # the Orc holds the red Joker: the deal starts his turn; d6 4, -2 Distracted, +2 Joker = 4
    dealt = SYSTEM.turn_control(_board(), "deal", ScriptedDice([4]),
                                params={"cards": "KS RJ"})
    assert "Orc recovers from Stunned (Vigor 4 vs 4)" in dealt.notes
    assert "stunned" not in _condition(dealt.board)


def test_stunned_and_shaken_vigor_first_then_spirit() -> None:
    # Vigor d6 6+1 -2 = 5: recovers; then Spirit d6 5 -2 Distracted = 3: stays Shaken. The
    # other order would give Spirit 5 (recovers) and Vigor 3 (stays Stunned).
    turn = SYSTEM.turn_control(_board("KS 2C", shaken=True), "next", ScriptedDice([6, 1, 5]))
    titles = [n for n in turn.notes if n.startswith("Orc ") and "(" in n]
    assert titles == ["Orc (2♣) acts.", "Orc recovers from Stunned (Vigor 5 vs 4)",
                      "Orc stays Shaken (Spirit)"]
    assert _condition(turn.board) == {"shaken": True, "distracted": True, "vulnerable": True,
                                      "prone": True}


def test_no_vigor_roll_out_of_his_own_turn_but_out_of_combat_at_any_time() -> None:
    # in Ann's turn the Recover from Stunned action is refused in words (the GM may override)
    with pytest.raises(RulesError) as refused:
        SYSTEM.perform_action(_board("KS 2C"), ActionRequest("recover-stunned", "orc"),
                              ScriptedDice([6, 1]))
    assert str(refused.value) == ("Recover from Stunned: only at the start of Orc's own turn; "
                                  "it is Ann's turn, not Orc's (the GM may override)")
    # out of combat no turn starts, so nothing rolls by itself; the action is the GM's
    out = SYSTEM.perform_action(_board(), ActionRequest("recover-stunned", "orc"),
                                ScriptedDice([6, 1]))
    assert out.title == "Orc recovers from Stunned (Vigor 5 vs 4)"
    assert "stunned" not in _condition(out.board)


def test_an_incapacitated_token_rolls_no_recovery_at_the_start_of_his_turn() -> None:
    # C71 Incapacitated characters "may not perform actions" (C77 "of any kind"): no Vigor, no
    # Spirit roll by itself; the die scripted for him stays unused
    board = _board("KS 2C", shaken=True, incapacitated=True)
    turn = SYSTEM.turn_control(board, "next", ScriptedDice([6, 1]))
    # said in words: the GM sees why no roll was made
    assert turn.notes == ("Orc (2♣) acts.",
                          "Orc is Incapacitated: no recovery roll from Stunned or Shaken (C71)")
    assert {"stunned", "shaken"} <= set(_condition(turn.board))
