"""*GRAPPLED* (storypath-attacks-and-stunts.txt L101): "You cannot move from the spot. Your
grappler may drag or throw you with an opposed Might + Athletics roll, and automatically wins
ties." And Break Free (L36), which ends the grapple the stunts that keep it need.

Ada (Might 3, Athletics 2: 5 dice) holds Brute (Might 2, Athletics 1: 3 dice), established
with 2 successes; Brute stands one cell east of Ada.
"""

from dataclasses import replace

import pytest
from storypath_table import KNIFE, attack, board_of, person

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import TokenPushed
from battlemap.rules.interface import ActionRequest
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import Board, Side

SP = find_system("storypath")
HELD = {"grapples": [{"control": "ada", "other": "brute", "established": 2}]}


def _board() -> Board:
    ada = person("ada", 0.5, 0.5, attributes={"might": 3}, defense=1,
                 skills={"athletics": 2, "close_combat": 1}, weapons=[KNIFE])
    brute = person("brute", 1.5, 0.5, Side.VILLAIN, defense=1, attributes={"might": 2},
                   skills={"athletics": 1, "close_combat": 3})
    return board_of(ada, brute, combat=HELD)


def test_the_held_one_cannot_move_from_the_spot_nor_the_grappler_walk_away() -> None:
    # L101 "You cannot move from the spot"; L59 "Both you and they can only make grappling
    # physical actions until someone breaks free": Ada's walk would leave Brute 1 m behind,
    # still "held". She moves him with Drag grappled (below) or lets go first.
    board = _board()
    held = SP.movement(board.token("brute"), board)
    assert held is not None and held.held.startswith(
        "Brute is held in Ada's grapple and cannot move from the spot")
    holding = SP.movement(board.token("ada"), board)
    assert holding is not None and holding.held == (
        "Ada holds Brute in a grapple: only grappling actions until someone breaks free "
        "(Drag grappled to move with Brute, or Release grapple)")
    released = SP.perform_action(board, ActionRequest("release", "ada"), ScriptedDice([]))
    assert SP.movement(released.board.token("ada"), released.board) is None


def test_a_won_drag_lets_the_grappler_carry_both_once() -> None:
    # Ada 8, 9, 1, 1, 1 = 2 successes; Brute 8, 9, 1 = 2: a tie, and the grappler wins ties
    done = SP.perform_action(_board(), ActionRequest("drag", "ada"),
                             ScriptedDice([8, 9, 1, 1, 1, 8, 9, 1]))
    after = done.board
    assert after.combat["grapples"][0]["dragging"] is True
    assert SP.movement(after.token("brute"), after) is None  # dragged along
    assert [link.together for link in SP.links(after)] == [True]
    spent = SP.moved(after, "ada", 3.0, "")
    assert "dragging" not in spent.combat["grapples"][0]
    assert SP.movement(spent.token("brute"), spent) is not None


def test_a_lost_drag_changes_nothing() -> None:
    # Ada 8, 1, 1, 1, 1 = 1 against Brute 8, 9, 1 = 2: Brute resists
    done = SP.perform_action(_board(), ActionRequest("drag", "ada"),
                             ScriptedDice([8, 1, 1, 1, 1, 8, 9, 1]))
    assert done.board.combat == _board().combat
    assert done.title == "Ada fails to drag Brute"


def test_a_won_throw_hurls_might_metres_and_ends_the_grapple() -> None:
    # Ada 8, 9, 10, 1, 1 = 3 against Brute 8, 1, 1 = 1: thrown Might 3 m east, 1.5 -> 4.5
    done = SP.perform_action(_board(), ActionRequest("grapple-throw", "ada"),
                             ScriptedDice([8, 9, 10, 1, 1, 8, 1, 1]))
    assert TokenPushed("brute", (4.5, 0.5)) in done.events
    assert done.board.combat["grapples"] == []


def test_only_the_grappler_drags() -> None:
    with pytest.raises(RulesError, match="only the grappler drags or throws"):
        SP.perform_action(_board(), ActionRequest("drag", "brute"), ScriptedDice([8] * 8))


def test_break_free_cannot_go_with_a_stunt_that_keeps_the_grapple() -> None:
    # Ada (in control) 8, 9, 10, 8, 1 = 4 vs Brute's Defense 1: 3 left. Break Free (0s in
    # control) with Pin (2s) would end the grapple and then pin, making it again: the menu
    # refuses the pair, the rules too; Break Free alone ends it.
    board, dice = _board(), [8, 9, 10, 8, 1]
    menu = SP.resolve_attack(board, attack("ada", "brute"), ScriptedDice(dice)).decision
    assert menu is not None
    assert menu.refusal(("break-free", "pin")) is not None
    assert menu.refusal(("break-free",)) is None
    with pytest.raises(RulesError, match="break-free cannot be bought with pin"):
        SP.resolve_attack(board, attack("ada", "brute", stunts=["break-free", "pin"]),
                          ScriptedDice(dice))
    freed = SP.resolve_attack(board, attack("ada", "brute", stunts=["break-free"]),
                              ScriptedDice(dice))
    assert freed.board.combat["grapples"] == []


def test_grapple_pin_is_bought_once() -> None:
    # L26 Pin (2s), not Variable: with 3 left (8, 9, 10, 8, 1 = 4 vs Defense 1) pin twice
    # (4s) would pay 2 successes for nothing; the menu marks it once only (most 1).
    board, dice = _board(), [8, 9, 10, 8, 1]
    menu = SP.resolve_attack(board, attack("ada", "brute"), ScriptedDice(dice)).decision
    assert menu is not None
    assert {c.id: c.most for c in menu.choices}["pin"] == 1
    assert menu.refusal(("pin", "pin")) is not None
    with pytest.raises(RulesError, match="pin can be bought only once"):
        SP.resolve_attack(board, attack("ada", "brute", stunts=["pin:2"]), ScriptedDice(dice))


def test_throw_cannot_go_with_pin_or_position() -> None:
    # L29 "Throwing counts as breaking free, thus ending the grapple": Pin (2s) or Position
    # (1s) bought with a Throw (1s) would be spent on a grapple that is over. 3 left: the menu
    # refuses either pair; Takedown + Throw (L28 "in conjunction") stays allowed.
    board, dice = _board(), [8, 9, 10, 8, 1]
    menu = SP.resolve_attack(board, attack("ada", "brute"), ScriptedDice(dice)).decision
    assert menu is not None
    assert menu.refusal(("pin", "throw")) is not None
    assert menu.refusal(("position", "throw")) is not None
    assert menu.refusal(("takedown", "throw")) is None
    with pytest.raises(RulesError, match="pin cannot be bought with throw"):
        SP.resolve_attack(board, attack("ada", "brute", stunts=["pin", "throw"]),
                          ScriptedDice(dice))


def test_no_reload_or_picking_up_in_a_grapple() -> None:
    # L59 "Both you and they can only make grappling physical actions until someone breaks
    # free": Ada (in control) cannot pick up her dropped Knife, Brute (held) cannot reload,
    # each told the way out; once released, Ada picks it up.
    board = _board()
    ada = board.token("ada")
    board = board.with_token(replace(ada, stats={**ada.stats, "condition": {
        "dropped": ["Knife"]}})).with_combat({**HELD, "items": [
            {"id": "item-1", "name": "Knife", "owner": "ada", "x": 0.5, "y": 0.5}]})
    with pytest.raises(RulesError, match=r"^Ada is in a grapple with Brute: only grappling "
                                         r"actions until someone breaks free \(Release "
                                         r"grapple first\)$"):
        SP.perform_action(board, ActionRequest("pick-up", "ada"), ScriptedDice([]))
    with pytest.raises(RulesError, match=r"\(Escape grapple first\)$"):
        SP.perform_action(board, ActionRequest("reload", "brute"), ScriptedDice([]))
    released = SP.perform_action(board, ActionRequest("release", "ada"), ScriptedDice([]))
    picked = SP.perform_action(released.board, ActionRequest("pick-up", "ada"),
                               ScriptedDice([]))
    assert picked.board.token("ada").stats["condition"]["dropped"] == []
