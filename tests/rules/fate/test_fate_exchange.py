"""Exchanges and turn-based attacks with scripted dice (text, "Combat", first paragraph, and
the stress tables). A Fudge die is scripted as 1 = -, 2 = blank, 3 = +; the attacker's four
dice come first, then the defender's."""

from __future__ import annotations

from fractions import Fraction

import pytest
from fate_fakes import FakeMap, board, piece

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import ConsequenceTaken, ExchangeWon, StressMarked, TakenOut
from battlemap.rules.fate.odds import margin_distribution
from battlemap.rules.fate.system import Fate
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError
from battlemap.rules.table import MapFacts, Side

FATE = Fate()
AULUS = {"skills": {"weapons": 3, "might": 2}, "weapon": {"name": "Gladius", "type": "sword"}}
BRENNUS = {"skills": {"weapons": 2}, "weapon": {"name": "Spear", "type": "spear"},
           "armour": "leather"}


def duel(mode: str = "exchange", **extra: object) -> object:
    return board(piece("aulus", AULUS, Side.HERO), piece("brennus", {**BRENNUS, **extra}),
                 mode=mode)


def test_exchange_waits_for_the_other_sides_stance_before_any_die() -> None:
    table = duel()
    paused = FATE.resolve_attack(table, AttackRequest("aulus", "brennus"), ScriptedDice([]))
    assert paused.decision is not None and paused.decision.id == "stance"
    assert paused.decision.who == "brennus" and paused.board is table
    assert [c.id for c in paused.decision.choices][:2] == ["attack", "full-defense"]
    # Brennus (+2) attacking back against +3 wins when the margin is >= 1 with bonus -1.
    assert paused.decision.choices[0].probability == pytest.approx(
        float(sum(p for m, p in margin_distribution(-1).items() if m > 0)))


def test_winner_inflicts_shifts_plus_weapon_armour_and_half_might() -> None:
    # Aulus +3 rolls + 0 0 0 = 4; Brennus +2 rolls 0 0 0 0 = 2: Aulus wins by 2.
    # Stress 2 shifts + 2 sword - 1 leather + 1 half Might (2 // 2) = 4: box 4.
    done = FATE.resolve_attack(duel(), AttackRequest("aulus", "brennus",
                                                     answers={"stance": ("attack",)}),
                               ScriptedDice([3, 2, 2, 2, 2, 2, 2, 2]))
    assert ExchangeWon("aulus", "brennus", 2) in done.events
    assert StressMarked("brennus", 4, "Health", box=4) in done.events
    assert done.board.token("brennus").stats["condition"]["stress"] == [4]
    assert done.data["stress"]["stress"] == 4 and done.data["hit"] is True


def test_the_defender_wins_an_exchange_and_strikes_back() -> None:
    # Aulus 0 - - - = 0; Brennus + + 0 0 = 4: Brennus wins by 4.
    # Stress 4 + 2 spear + 0 (no armour) + 0 (no Might) = 6 > 5 boxes: a consequence is asked.
    request = AttackRequest("aulus", "brennus", answers={"stance": ("attack",)})
    dice = [2, 1, 1, 1, 3, 3, 2, 2]
    paused = FATE.resolve_attack(duel(), request, ScriptedDice(dice))
    assert paused.decision is not None and paused.decision.id == "consequence"
    assert paused.decision.who == "aulus"
    assert [c.id for c in paused.decision.choices] == ["mild", "moderate", "severe",
                                                       "taken-out"]
    mild = AttackRequest("aulus", "brennus", answers={"stance": ("attack",),
                                                      "consequence": ("mild",)})
    done = FATE.resolve_attack(duel(), mild, ScriptedDice(dice))
    assert ConsequenceTaken("aulus", "mild", "Battered") in done.events
    out = AttackRequest("aulus", "brennus", answers={"stance": ("attack",),
                                                     "consequence": ("taken-out",)})
    done = FATE.resolve_attack(duel(), out, ScriptedDice(dice))
    assert TakenOut("aulus") in done.events
    assert done.board.token("aulus").stats["condition"]["taken_out"] is True


def test_a_tie_does_nothing() -> None:
    # Aulus 0 0 0 - = 2; Brennus 0 0 0 0 = 2.
    done = FATE.resolve_attack(duel(), AttackRequest("aulus", "brennus",
                                                     answers={"stance": ("attack",)}),
                               ScriptedDice([2, 2, 2, 1, 2, 2, 2, 2]))
    assert ExchangeWon("aulus", "brennus", 0) in done.events
    assert done.board == duel()


def test_turn_based_defender_who_wins_inflicts_stress() -> None:
    # L1 "In either case, the winner inflicts ... stress": turn-based, no stance decision;
    # Brennus defends with Weapons +2 and rolls + + + + = 6 against Aulus 0 0 0 0 = 3. He
    # wins by 3: 3 shifts + 2 spear (Aulus unarmoured, Brennus no Might) = 5 stress, box 5.
    table = duel("turns")
    done = FATE.resolve_attack(table, AttackRequest("aulus", "brennus"),
                               ScriptedDice([2, 2, 2, 2, 3, 3, 3, 3]))
    assert ExchangeWon("brennus", "aulus", 3) in done.events
    assert StressMarked("aulus", 5, "Health", box=5) in done.events
    assert done.data["stress"]["token"] == "aulus"


def test_the_usual_fate_reading_is_a_setting_a_defense_only_stops_the_attack() -> None:
    # The same roll with the GM's setting defender_wins = no-stress: nothing changes.
    assert "defender_wins" in [f.key for f in FATE.settings_schema()]
    table = duel("turns").with_combat({"mode": "turns",
                                       "settings": {"defender_wins": "no-stress"}})
    done = FATE.resolve_attack(table, AttackRequest("aulus", "brennus"),
                               ScriptedDice([2, 2, 2, 2, 3, 3, 3, 3]))
    assert ExchangeWon("brennus", "aulus", 3) in done.events
    assert done.data["stress"] is None and done.board == table


def test_turn_order_is_enforced_unless_out_of_turn() -> None:
    # L1 "the players take turns based on initiative": no Alertness or Resolve on either, so
    # the combat skill decides: Aulus Weapons +3 before Brennus +2. On Aulus's turn Brennus's
    # attack is refused with the reason, before any die; Out of turn lets him: all dice
    # blank, his +2 against Aulus's defense +3, and Aulus, who wins by 1, strikes (L1):
    # 1 shift + 2 sword + 1 half Might - 1 leather = 3 stress on Brennus.
    started = FATE.turn_control(duel("turns"), "start", ScriptedDice([])).board
    assert started.combat["order"] == ["aulus", "brennus"]
    why = "it is Aulus's turn, not Brennus's (tick Out of turn to let Brennus act now)"
    assert FATE.preview_attack(started, AttackRequest("brennus", "aulus")).problem == why
    with pytest.raises(RulesError, match="it is Aulus's turn"):
        FATE.resolve_attack(started, AttackRequest("brennus", "aulus"), ScriptedDice([]))
    done = FATE.resolve_attack(started, AttackRequest("brennus", "aulus", gm_override=True),
                               ScriptedDice([2] * 8))
    assert ExchangeWon("aulus", "brennus", 1) in done.events
    assert StressMarked("brennus", 3, "Health", box=3) in done.events
    nxt = FATE.turn_control(started, "next", ScriptedDice([])).board
    assert FATE.preview_attack(nxt, AttackRequest("brennus", "aulus")).problem is None


def test_full_defense_adds_2_deals_nothing_and_spins_on_3_shifts() -> None:
    # Exchange: Brennus on full defense +2 +2 = 4, rolls + 0 0 0 = 5; Aulus - - 0 0 = 1.
    # Brennus wins by 4 (>= 3): spin, no stress on Aulus.
    done = FATE.resolve_attack(duel(), AttackRequest("aulus", "brennus",
                                                     answers={"stance": ("full-defense",)}),
                               ScriptedDice([1, 1, 2, 2, 3, 2, 2, 2]))
    assert ExchangeWon("brennus", "aulus", 4) in done.events
    assert done.board.token("brennus").stats["condition"]["spin"] is True
    assert done.board.token("aulus") == duel().token("aulus")
    # The spin is +1 on Brennus's next roll and then spent: he attacks Aulus, 0 0 0 0 = 2 + 1
    # spin = 3 against Aulus defending (turn-based) 0 0 0 0 = 3: a tie.
    then = done.board.with_combat({"mode": "turns"})
    again = FATE.resolve_attack(then, AttackRequest("brennus", "aulus"), ScriptedDice([2] * 8))
    assert ExchangeWon("brennus", "aulus", 0) in again.events
    assert again.board.token("brennus").stats["condition"]["spin"] is False


def test_stress_that_finds_its_box_taken_rolls_up() -> None:
    # Brennus already has boxes 4 and 5 checked; a hit of 4 finds no box left: consequence.
    table = duel(condition={"stress": [4]})
    done = FATE.resolve_attack(table, AttackRequest("aulus", "brennus",
                                                    answers={"stance": ("attack",)}),
                               ScriptedDice([3, 2, 2, 2, 2, 2, 2, 2]))
    assert StressMarked("brennus", 4, "Health", box=5) in done.events


def test_melee_needs_the_same_zone() -> None:
    far = MapFacts(distance=9, range_band="out_of_range", cover_fraction=0, cover="none",
                   edge_gap=5.0)
    fake = FakeMap(pairs={("aulus", "brennus"): far}, zones={"aulus": "Sand",
                                                               "brennus": "Platform"})
    table = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS), fake=fake)
    card = FATE.preview_attack(table, AttackRequest("aulus", "brennus"))
    assert card.problem is not None and "same zone" in card.problem
    with pytest.raises(RulesError, match="same zone"):
        FATE.resolve_attack(table, AttackRequest("aulus", "brennus"), ScriptedDice([]))
    same = FakeMap(pairs={("aulus", "brennus"): far}, zones={"aulus": "Sand",
                                                               "brennus": "Sand"})
    table = board(piece("aulus", AULUS, Side.HERO), piece("brennus", BRENNUS), fake=same)
    assert FATE.preview_attack(table, AttackRequest("aulus", "brennus")).problem is None


def test_preview_chances_are_the_exact_margin_odds() -> None:
    card = FATE.preview_attack(duel(), AttackRequest("aulus", "brennus"))
    odds = card.data["odds"]
    # Aulus +3 against Brennus +2: bonus +1; a tie needs the dice margin to be -1:
    # sum of c[i] * c[i+1] = 4+40+160+304+304+160+40+4 = 1016 of 6561.
    assert odds["tie"]["fraction"] == str(Fraction(1016, 6561))
    assert sum(c.probability for c in card.chances[:3]) == pytest.approx(1.0)


def test_consequences_are_used_up_then_taken_out() -> None:
    # Brennus's track is full and his mild and moderate consequences are taken: the hit
    # offers only severe or taken out; with severe also taken he is simply taken out.
    full = {"stress": [1, 2, 3, 4, 5], "consequences": {"mild": "Cut", "moderate": "Gash"}}
    request = AttackRequest("aulus", "brennus", answers={"stance": ("attack",)})
    dice = [3, 2, 2, 2, 2, 2, 2, 2]
    paused = FATE.resolve_attack(duel(condition=full), request, ScriptedDice(dice))
    assert paused.decision is not None
    assert [c.id for c in paused.decision.choices] == ["severe", "taken-out"]
    spent = {**full, "consequences": {**full["consequences"], "severe": "Broken"}}
    done = FATE.resolve_attack(duel(condition=spent), request, ScriptedDice(dice))
    assert TakenOut("brennus") in done.events


def test_a_mediocre_mook_goes_down_to_any_hit() -> None:
    # Mooks table: Mediocre (0) peasants. Aulus 0 0 0 0 = 3 against Toughness 0, - 0 0 0 = -1:
    # 4 shifts: the peasant (needing 1 stress) is out.
    table = board(piece("aulus", AULUS, Side.HERO),
                  piece("peasant", {"mook": True, "toughness": 0}))
    done = FATE.resolve_attack(table, AttackRequest("aulus", "peasant",
                                                    answers={"stance": ("attack",)}),
                               ScriptedDice([2, 2, 2, 2, 1, 2, 2, 2]))
    assert TakenOut("peasant") in done.events


def test_a_stance_that_is_not_a_reply_is_refused() -> None:
    with pytest.raises(RulesError, match=r"answers\.stance: 'grapple' is not one of"):
        FATE.resolve_attack(duel(), AttackRequest("aulus", "brennus",
                                                  answers={"stance": ("grapple",)}),
                            ScriptedDice([]))


def test_only_the_weapon_in_hand_can_be_named() -> None:
    card = FATE.preview_attack(duel(), AttackRequest("aulus", "brennus", weapon="Pilum"))
    assert card.problem == "Aulus has Gladius in hand, not Pilum"
    assert FATE.preview_attack(duel(), AttackRequest("aulus", "brennus",
                                                     weapon="gladius")).problem is None
