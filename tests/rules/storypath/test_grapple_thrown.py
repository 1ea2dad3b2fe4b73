"""Grapple and Thrown attacks and their stunts; the Grappled escape.

Ada (Might 3, Athletics 2: a grapple pool of 5) holds Brute (Defense 1, Armor 1, Dodge 1,
Might 2, Athletics 1, Close Combat 3, Dexterity 2) in a grapple she established with 2
successes. Paragraphs: *GRAPPLE* and its *STUNTS*, *GRAPPLED*, *THROWN ATTACK* and its
*STUNTS*.
"""

from dataclasses import replace

import pytest
from storypath_table import HATCHET, KNIFE, PISTOL, attack, board_of, person

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import GrappleEnded, GrappleStarted, TokenPushed
from battlemap.rules.interface import ActionRequest, AttackRequest, Resolution
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import Board, Side

SP = find_system("storypath")
HIT_3_LEFT = [8, 9, 10, 8, 1]  # 4 successes vs Defense 1: 3 left
HELD = {"grapples": [{"control": "ada", "other": "brute", "established": 2}]}


def _board(combat: dict | None = None) -> Board:
    ada = person("ada", 0.5, 0.5, attributes={"might": 3}, defense=1,
                 skills={"athletics": 2, "close_combat": 1}, weapons=[KNIFE, PISTOL])
    brute = person("brute", 1.5, 0.5, Side.VILLAIN, defense=1, armor=1, dodge=1,
                   attributes={"might": 2, "dexterity": 2},
                   skills={"athletics": 1, "close_combat": 3})
    cara = person("cara", 0.5, 3.5, skills={"firearms": 2}, weapons=[PISTOL])
    return board_of(ada, brute, cara, combat=HELD if combat is None else combat)


def _menu(board: Board, attacker: str, target: str, dice: list[int]) -> dict:
    decision = SP.resolve_attack(board, attack(attacker, target), ScriptedDice(dice)).decision
    assert decision is not None
    return {c.id: c for c in decision.choices}


def _grapple(board: Board, *stunts: str, dice: list[int] = HIT_3_LEFT) -> Resolution:
    return SP.resolve_attack(board, attack("ada", "brute", stunts=stunts), ScriptedDice(dice))


def test_grapple_pool_is_athletics_plus_might() -> None:
    card = SP.preview_attack(_board(), attack("ada", "brute"))
    assert (card.data["kind"], card.data["pool"]) == ("grapple", {"athletics": 2, "might": 3})


def test_only_grapple_tagged_weapons_in_a_grapple() -> None:
    assert SP.preview_attack(_board(), attack("ada", "brute", "Knife")).problem is None
    problem = SP.preview_attack(_board(), attack("ada", "brute", "Pistol")).problem
    assert problem == "Ada is in a grapple with Brute: only grappling attacks until someone " \
                      "breaks free"


def test_the_grapple_action_needs_a_grapple() -> None:
    card = SP.preview_attack(_board({}), AttackRequest("ada", "brute", options=("grapple",)))
    assert card.problem is not None and card.problem.startswith("the grapple action is only")


def test_break_free_and_gain_control_cost_the_successes_that_established_it() -> None:
    # in control: Break Free 0s; not in control: 2 (established); Gain Control 2
    assert _menu(_board(), "ada", "brute", HIT_3_LEFT)["break-free"].cost == 0
    assert _menu(_board(), "ada", "brute", HIT_3_LEFT)["gain-control"].why_not == \
        "already in control"
    # Brute: Athletics 1 + Might 2 = 3 dice, 8, 9, 10 = 3 vs Ada's Defense 1: 2 left
    brute_menu = _menu(_board(), "brute", "ada", [8, 9, 10])
    assert (brute_menu["break-free"].cost, brute_menu["gain-control"].cost) == (2, 2)
    assert brute_menu["pin"].why_not == "must be in control of the grapple"


def test_gain_control_swaps_who_is_in_control() -> None:
    result = SP.resolve_attack(_board(), attack("brute", "ada", stunts=["gain-control"]),
                               ScriptedDice([8, 9, 10]))
    assert GrappleStarted("brute", "ada", 2) in result.events
    assert result.board.combat["grapples"][0]["control"] == "brute"


def test_break_free_ends_the_grapple() -> None:
    result = SP.resolve_attack(_board(), attack("brute", "ada", stunts=["break-free"]),
                               ScriptedDice([8, 9, 10]))
    assert GrappleEnded("ada", "brute", "Brute breaks free") in result.events
    assert result.board.combat["grapples"] == []


def test_pin_denies_defense_against_other_attacks() -> None:
    after = _grapple(_board(), "pin").board
    assert after.combat["grapples"][0]["pinned"] is True
    # Cara's shot: Defense 0 (more than 0 to hit); Ada's own grapple attack: Defense 1
    assert SP.preview_attack(after, attack("cara", "brute", "Pistol")).data["required"] == 0
    assert SP.preview_attack(after, attack("ada", "brute")).data["required"] == 1


def test_position_gives_enhancement_less_the_dodge() -> None:
    # Position 3 against Dodge 1: +2 on Ada's next grappling attack on Brute
    after = _grapple(_board(), "position:3").board
    card = SP.preview_attack(after, attack("ada", "brute"))
    assert card.data["enhancement"] == [{"value": 2, "reason": "Position"}]


def test_takedown_leaves_both_prone_and_keeps_the_grapple() -> None:
    after = _grapple(_board(), "takedown", "inflict-damage").board
    assert after.token("ada").stats["condition"]["prone"] is True
    assert after.token("brute").stats["condition"]["prone"] is True
    assert after.token("brute").stats["condition"]["injuries"] == ["bruised"]
    assert len(after.combat["grapples"]) == 1


def test_throw_hurls_might_metres_plus_one_per_extra_success_and_ends_the_grapple() -> None:
    # Throw with 2 successes: Might 3 + 1 = 4 m east: (1.5, 0.5) -> (5.5, 0.5)
    result = _grapple(_board(), "throw:2")
    assert TokenPushed("brute", (5.5, 0.5)) in result.events
    assert GrappleEnded("ada", "brute", "Ada throws Brute") in result.events
    assert result.board.combat["grapples"] == []


def test_throw_needs_control() -> None:
    with pytest.raises(RulesError, match="throw: must be in control"):
        SP.resolve_attack(_board(), attack("brute", "ada", stunts=["throw"]),
                          ScriptedDice([8, 9, 10]))


def test_escape_is_an_opposed_roll_that_may_reverse_the_grapple() -> None:
    # GRAPPLED: Brute rolls Close Combat 3 + the better of Dexterity/Might 2 = 5 dice (3
    # successes) against Ada's Might 3 + Athletics 2 = 5 dice (1 success): escapes by 2
    dice = [8, 9, 10, 1, 1, 8, 1, 1, 1, 1]
    paused = SP.perform_action(_board(), ActionRequest("escape", "brute"), ScriptedDice(dice))
    assert paused.decision is not None and paused.decision.id == "escape"
    done = SP.perform_action(_board(), ActionRequest("escape", "brute",
                                                     answers={"escape": ("reverse",)}),
                             ScriptedDice(dice))
    assert done.board.combat["grapples"] == [{"control": "brute", "other": "ada",
                                              "established": 2, "pinned": False}]


def test_the_grappler_wins_ties() -> None:
    dice = [8, 1, 1, 1, 1, 8, 1, 1, 1, 1]
    done = SP.perform_action(_board(), ActionRequest("escape", "brute"), ScriptedDice(dice))
    assert done.decision is None and len(done.board.combat["grapples"]) == 1


# -- Thrown -------------------------------------------------------------------------------

def _thrown_board(distance: float = 5.0) -> Board:
    tom = person("tom", 0.5, 0.5, attributes={"might": 3}, skills={"athletics": 2},
                 weapons=[HATCHET, KNIFE])
    brute = person("brute", 0.5 + distance, 0.5, Side.VILLAIN, defense=1, armor=1,
                   attributes={"might": 2}, skills={"close_combat": 3}, weapons=[KNIFE])
    gina = person("gina", 0.5, 4.5, Side.VILLAIN, skills={"firearms": 2}, weapons=[PISTOL])
    return board_of(tom, brute, gina)


def _throw(board: Board, *stunts: str) -> Resolution:
    return SP.resolve_attack(board, attack("tom", "brute", "Hatchet", stunts=stunts or None),
                             ScriptedDice(HIT_3_LEFT))


def test_thrown_pool_is_athletics_plus_might_at_short_range() -> None:
    card = SP.preview_attack(_thrown_board(), attack("tom", "brute", "Hatchet"))
    assert (card.data["band"], card.data["pool"]) == ("short", {"athletics": 2, "might": 3})
    far = SP.preview_attack(_thrown_board(15.0), attack("tom", "brute", "Hatchet"))
    assert far.problem == "Brute is at 15 m (medium); thrown with Hatchet reaches short"


def test_a_close_weapon_tagged_thrown_can_be_thrown() -> None:
    request = AttackRequest("tom", "brute", "Knife", options=("thrown",))
    assert SP.preview_attack(_thrown_board(), request).problem is None
    close = SP.preview_attack(_thrown_board(), attack("tom", "brute", "Knife"))
    assert close.problem == "Brute is at 5 m (short); close-combat with Knife reaches close"


def test_thrown_stunt_costs() -> None:
    # Inflict Damage 0s (no Armor), Blind 2, Critical 4, Disarm = Close Combat 3 (Knife),
    # Line Drive = Might 2
    decision = _throw(_thrown_board()).decision
    assert decision is not None
    menu = {c.id: c.cost for c in decision.choices if c.allowed or c.why_not.startswith("costs")}
    assert menu == {"inflict-damage": 0, "blind": 2, "critical": 4, "disarm:knife": 3,
                    "disarm-far": 1, "line-drive": 2}


def test_blind_lasts_beyond_the_next_attack() -> None:
    after = _throw(_thrown_board(), "blind").board
    assert after.token("brute").stats["condition"]["blind"] is True
    # Brute throws his Knife at Tom twice over: +1 Difficulty each time (Blind stays)
    request = AttackRequest("brute", "tom", "Knife", options=("thrown",))
    assert SP.preview_attack(after, request).data["difficulty"] == [{"value": 1,
                                                                     "reason": "Blind"}]


def test_line_drive_and_blind_on_who_already_is_so_are_greyed() -> None:
    # L98 Line Drive "knock your opponent prone", L95 Blind: Brute is prone and Blind
    # already, so neither would buy anything; the thrown menu greys both with the reason.
    board = _thrown_board()
    brute = board.token("brute")
    board = board.with_token(replace(brute, stats={**brute.stats, "condition": {
        "prone": True, "blind": True}}))
    decision = _throw(board).decision
    assert decision is not None
    menu = {c.id: c.why_not for c in decision.choices}
    assert menu["line-drive"] == "Brute is already prone"
    assert menu["blind"] == "Brute is already Blind"


def test_takedown_when_both_lie_prone_is_greyed() -> None:
    # L28 Takedown (1s) "You render both yourself and your opponent prone": both lie prone
    # already, so it would buy nothing (3 left: 8, 9, 10, 8, 1 vs Defense 1).
    board = _board()
    for who in ("ada", "brute"):
        piece = board.token(who)
        board = board.with_token(replace(piece, stats={**piece.stats,
                                                       "condition": {"prone": True}}))
    assert _menu(board, "ada", "brute", HIT_3_LEFT)["takedown"].why_not == \
        "both are already prone"


def test_line_drive_knocks_prone_and_disarm_drops_the_item() -> None:
    result = _throw(_thrown_board(), "line-drive")
    assert result.board.token("brute").stats["condition"]["prone"] is True
    disarmed = _throw(_thrown_board(), "disarm:knife")
    assert disarmed.board.token("brute").stats["condition"]["dropped"] == ["Knife"]


def test_thrown_inflict_damage_ignores_armor_and_critical_adds_one() -> None:
    # Inflict Damage 0 + Critical 4 = 4: 4 rolled + Enhancement 1 = 5 successes, 4 left
    request = AttackRequest("tom", "brute", "Hatchet", params={"enhancement": "1"},
                            answers={"stunts": ("inflict-damage", "critical")})
    result = SP.resolve_attack(_thrown_board(), request, ScriptedDice(HIT_3_LEFT))
    assert result.board.token("brute").stats["condition"]["injuries"] == ["bruised", "injured"]


def test_position_that_cannot_beat_the_dodge_is_greyed_with_the_reason() -> None:
    # L27 Position (per success; Difficulty equal to Opponent's Dodge): Brute's Dodge 1 takes
    # the first success. With 1 success left (3 dice 8, 9, 1 = 2 vs Defense 1) Position buys
    # nothing and is greyed; with 3 left, one Position alone buys nothing either.
    menu = _menu(_board(), "ada", "brute", [8, 9, 1, 1, 1])
    assert (menu["position"].allowed, menu["position"].why_not) == (
        False, "buys nothing: Brute's Dodge 1 takes the first 1 success, 1 left")
    with pytest.raises(RulesError, match="position:1 buys nothing: Brute's Dodge 1"):
        _grapple(_board(), "position")
    decision = SP.resolve_attack(_board(), attack("ada", "brute"),
                                 ScriptedDice(HIT_3_LEFT)).decision
    assert decision is not None and decision.refusal(("position",)) == (
        "Position (1s each: +1 Enhancement each on your next grapple attack beyond the first 1 "
        "(Dodge)) buys nothing taken fewer than 2 times")
    assert decision.refusal(("position", "position")) is None
