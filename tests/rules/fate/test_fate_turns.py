"""Turn order in both models (text, "Combat", first paragraph): the controls, what expires."""

from __future__ import annotations

import pytest
from fate_fakes import board, piece

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import StatusRemoved
from battlemap.rules.fate.system import Fate
from battlemap.rules.registry import RulesError

FATE = Fate()
NO_DICE = ScriptedDice([])


def test_exchange_model_counts_exchanges_and_ends_surprise() -> None:
    table = board(piece("a", {"condition": {"surprised": True}}), piece("b", {}))
    view = FATE.turn_order(table)
    assert view.model == "exchange" and view.round == 0
    assert {c.id: c.enabled for c in view.controls} == {
        "start": True, "next": False, "end": False, "mode-exchange": False, "mode-turns": True}
    started = FATE.turn_control(table, "start", NO_DICE).board
    following = FATE.turn_control(started, "next", NO_DICE)
    assert following.board.combat["round"] == 2
    assert StatusRemoved("a", "surprised") in following.events
    ended = FATE.turn_control(following.board, "end", NO_DICE).board
    assert ended.combat["round"] == 0


def test_switching_to_turns_mid_fight_rolls_initiative() -> None:
    table = board(piece("slow", {}), piece("fast", {"skills": {"alertness": 4}}))
    started = FATE.turn_control(table, "start", NO_DICE).board
    turns = FATE.turn_control(started, "mode-turns", NO_DICE).board
    assert turns.combat["mode"] == "turns" and turns.combat["order"] == ["fast", "slow"]
    view = FATE.turn_order(turns)
    assert view.model == "initiative" and [r.acting for r in view.rows] == [True, False]


def test_next_turn_skips_the_taken_out_and_wraps_to_a_new_round() -> None:
    table = board(piece("a", {"skills": {"alertness": 3}}),
                  piece("b", {"skills": {"alertness": 2}, "condition": {"taken_out": True}}),
                  piece("c", {"skills": {"alertness": 1}}), mode="turns")
    started = FATE.turn_control(table, "start", NO_DICE).board
    assert started.combat["order"] == ["a", "c"]
    second = FATE.turn_control(started, "next", NO_DICE).board
    assert second.combat["turn"] == 1 and second.combat["round"] == 1
    third = FATE.turn_control(second, "next", NO_DICE).board
    assert third.combat["turn"] == 0 and third.combat["round"] == 2


def test_controls_need_a_fight() -> None:
    with pytest.raises(RulesError, match="press start first"):
        FATE.turn_control(board(piece("a", {})), "next", NO_DICE)


def test_a_warband_takes_one_turn_and_its_row_loses_members() -> None:
    # The text's mob rolls once for all: the four warriors (Toughness 2, so Alertness 2 as
    # mooks roll Toughness for everything) act as one entry, after the Alertness 3 gladiator.
    warrior = {"mook": True, "toughness": 2}
    table = board(piece("pc", {"skills": {"alertness": 3}}),
                  *(piece(f"w{i}", warrior, group="warband") for i in range(1, 4)),
                  piece("w4", {**warrior, "condition": {"taken_out": True, "stress": [2]}},
                        group="warband"), mode="turns")
    started = FATE.turn_control(table, "start", NO_DICE).board
    assert started.combat["order"] == ["pc", "group:warband"]
    rows = FATE.turn_order(started).rows
    assert rows[1].label == "warband (3 of 4)" and rows[1].members == ("w1", "w2", "w3")
    following = FATE.turn_control(started, "next", NO_DICE)
    assert following.title == "Round 1: warband's turn"
    assert [r.acting for r in FATE.turn_order(following.board).rows] == [False, True]
    assert [r.done for r in FATE.turn_order(following.board).rows] == [True, False]


def test_a_characters_own_actions_wait_for_his_turn_the_gms_marks_do_not() -> None:
    # L1 "the players take turns based on initiative": on Quick's turn Slow cannot take
    # Full defense (refused with the reason) unless out of turn; the GM may still mark him.
    from battlemap.rules.dice import ScriptedDice
    from battlemap.rules.fate.system import Fate
    from battlemap.rules.interface import ActionRequest
    from battlemap.rules.registry import RulesError
    from battlemap.rules.table import Board, Piece

    quick = Piece("q", "Quick", 0, 0, stats={"skills": {"alertness": 3}})
    slow = Piece("s", "Slow", 1, 0, stats={"skills": {"alertness": 1}})
    fate = Fate()
    board = fate.turn_control(Board("fate", tokens=(quick, slow), combat={"mode": "turns"}),
                              "start", ScriptedDice([])).board
    with pytest.raises(RulesError, match="it is Quick's turn, not Slow's"):
        fate.perform_action(board, ActionRequest("full-defense", "s"), ScriptedDice([]))
    assert fate.perform_action(board, ActionRequest("full-defense", "s", gm_override=True),
                               ScriptedDice([])).board.token("s").stats["condition"][
        "full_defense"] is True
    assert fate.perform_action(board, ActionRequest("prone", "s"), ScriptedDice([])).title


def test_the_order_says_whose_turn_it_is_in_words() -> None:
    # L1 "the players take turns based on initiative (Alertness ...)": Quick (Alertness +3)
    # before Slow (+1). The panel's header and `battlemap turn` say whose turn it is and the
    # acting row says so too (the CLI prints no bold); before the fight, how to start it.
    table = board(piece("slow", {"skills": {"alertness": 1}}),
                  piece("quick", {"skills": {"alertness": 3}}), mode="turns")
    assert FATE.turn_order(table).header == ("No fight going (in turns (initiative)): press "
                                             "Start combat")
    started = FATE.turn_control(table, "start", NO_DICE).board
    view = FATE.turn_order(started)
    names = {t.id: t.name for t in started.tokens}
    assert view.header == f"Round 1: {names['quick']}'s turn"
    assert [(r.token, r.status) for r in view.rows] == [("quick", "acting"), ("slow", "")]
    exchange = FATE.turn_control(FATE.turn_control(table, "mode-exchange", NO_DICE).board,
                                 "start", NO_DICE).board
    assert FATE.turn_order(exchange).header == "Exchange 1"
