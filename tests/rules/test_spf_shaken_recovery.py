"""Recovering from Shaken, worked by hand with scripted dice through the system's interface
(what the turn panel, the Actions menu and ``battlemap turn`` / ``attack --action`` call).

C23 "Some free actions occur automatically at the beginning of a character's turn and may
only be tried once, such as recovering from being Shaken"; C60 "At the start of their turn,
Shaken characters must attempt to recover from being Shaken by making a Spirit roll"; C63
"A player may spend a Benny at any time to remove her Shaken status (even when it's not her
turn)". Ann (a Wild Card) is dealt the King of Spades, the Shaken Orc (an Extra, Spirit d6,
one Benny) the Two of Clubs: Ann acts first.
"""

from __future__ import annotations

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import ActionRequest
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import Board, Piece, Side
from battlemap.rules.testing import open_board

SYSTEM = find_system("savage-pathfinder")


def _dealt() -> Board:
    ann = Piece("ann", "Ann", 1.5, 1.5, side=Side.HERO, stats={"wild_card": True})
    orc = Piece("orc", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={
        "attributes": {"spirit": "d6"}, "bennies": 1, "condition": {"shaken": True}})
    deal = SYSTEM.turn_control(open_board((ann, orc)), "deal", ScriptedDice([]),
                               params={"cards": "KS 2C"})
    return deal.board


def _shaken(board: Board) -> bool:
    return bool(board.token("orc").stats["condition"].get("shaken", False))


def test_the_spirit_roll_comes_by_itself_at_the_start_of_the_shaken_ones_turn() -> None:
    # the deal starts Ann's turn: no roll for the Orc; Next turn starts his: Spirit d6 4 vs 4
    dealt = _dealt()
    assert _shaken(dealt)
    turn = SYSTEM.turn_control(dealt, "next", ScriptedDice([4]))
    assert turn.notes == ("Orc (2♣) acts.", "Orc recovers (Spirit)",
                          "Spirit (recover from Shaken) d6 4 → 4 vs TN 4: success",
                          "Orc is no longer Shaken")
    assert [e.title for e in turn.board.log[-2:]] == ["Orc (2♣) acts.", "Orc recovers (Spirit)"]
    assert not _shaken(turn.board)


def test_a_failed_spirit_roll_is_not_tried_again_that_turn() -> None:
    # Spirit d6 3 vs 4: he stays Shaken; the Recover action then is refused ("tried once")
    turn = SYSTEM.turn_control(_dealt(), "next", ScriptedDice([3]))
    assert "Orc stays Shaken (Spirit)" in turn.notes and _shaken(turn.board)
    with pytest.raises(RulesError, match="Orc already tried to recover from Shaken this turn"):
        SYSTEM.perform_action(turn.board, ActionRequest("recover-shaken", "orc"),
                              ScriptedDice([6, 1]))


def test_no_spirit_roll_out_of_the_characters_own_turn() -> None:
    # during Ann's turn the Orc's Recover from Shaken is refused in words; the GM may override
    with pytest.raises(RulesError) as refused:
        SYSTEM.perform_action(_dealt(), ActionRequest("recover-shaken", "orc"),
                              ScriptedDice([6]))
    assert str(refused.value) == ("Recover from Shaken: only at the start of Orc's own turn; "
                                  "it is Ann's turn, not Orc's (the GM may override)")


def test_a_benny_removes_shaken_at_any_time() -> None:
    # C63 "even when it's not her turn": during Ann's turn the Orc spends his one Benny
    spent = SYSTEM.perform_action(_dealt(), ActionRequest("spend-benny", "orc"),
                                  ScriptedDice([]))
    assert not _shaken(spent.board)
    assert spent.board.token("orc").stats["bennies"] == 0
