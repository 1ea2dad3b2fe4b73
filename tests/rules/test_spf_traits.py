"""Trait rolls and Aces, worked out by hand.

Paragraphs: savage-pathfinder-situational-rules.txt opening paragraph ("roll a skill die (and a
Wild Die if a Wild Card). If the result is 4 or higher after all modifiers, you're successful")
and issue 4 *Trait rolls* (raises, Critical Failure, unskilled); combat text *All damage rolls
can Ace*, *Running dice never Ace*, *Rate of Fire*.
"""

import pytest

from battlemap.rules.dice import DiceError, ScriptedDice
from battlemap.rules.events import Modifier
from battlemap.rules.savage_pathfinder import (
    TraitDie,
    TraitResult,
    roll_acing,
    roll_plain,
    roll_trait,
    roll_trait_dice,
)


def _roll(values: list[int], die: TraitDie | None, wild: bool, *mods: Modifier):
    dice = ScriptedDice(values)
    result = roll_trait(dice, die, wild_card=wild, purpose="Notice", actor="x", modifiers=mods)
    assert dice.remaining == ()  # every scripted die was asked for, no more
    return result


def test_four_or_more_succeeds_below_four_fails() -> None:
    # opening paragraph: an Extra's d6 showing 4 succeeds, 3 fails
    assert _roll([4], TraitDie(6), False).result is TraitResult.SUCCESS
    assert _roll([3], TraitDie(6), False).result is TraitResult.FAILURE


def test_modifiers_count_before_comparing_to_four() -> None:
    # "4 or higher after all modifiers": 5 - 2 = 3 fails, 3 + 1 = 4 succeeds
    assert _roll([5], TraitDie(6), False, Modifier(-2, "cover")).total == 3
    assert _roll([3], TraitDie(6), False, Modifier(1, "support")).result is TraitResult.SUCCESS


def test_each_full_four_over_the_target_is_a_raise() -> None:
    # d8 shows 8 (Ace) then 4: 12 = 4 + 8, two raises; 11 is only one raise
    roll = _roll([8, 4], TraitDie(8), False)
    assert (roll.total, roll.result, roll.raises) == (12, TraitResult.RAISE, 2)
    assert _roll([8, 3], TraitDie(8), False).raises == 1


def test_wild_die_replaces_a_worse_trait_die() -> None:
    # Wild Card: Notice d6 shows 2, Wild Die 5 -> total 5 (the better), success
    roll = _roll([2, 5], TraitDie(6), True)
    assert (roll.total, roll.result) == (5, TraitResult.SUCCESS)
    assert [d.total for d in roll.event.dice] == [2, 5]  # both dice are in the breakdown


def test_wild_die_aces_too() -> None:
    # trait d4 shows 3, Wild Die 6, 6, 1 -> 13: two raises over 4
    roll = _roll([3, 6, 6, 1], TraitDie(4), True)
    assert (roll.total, roll.raises) == (13, 2)


def test_double_one_on_a_wild_card_is_critical_failure_whatever_the_modifiers() -> None:
    # trait die 1 and Wild Die 1, +4 would make 5, but it is a Critical Failure
    roll = _roll([1, 1], TraitDie(8), True, Modifier(4, "Gang Up"))
    assert roll.result is TraitResult.CRITICAL_FAILURE and roll.raises == 0


def test_an_extra_rolling_one_merely_fails() -> None:
    assert _roll([1], TraitDie(8), False).result is TraitResult.FAILURE


def test_unskilled_is_d4_minus_2() -> None:
    # no skill: d4 shows 4 (Ace) then 3 = 7, -2 unskilled = 5: success
    roll = _roll([4, 3], None, False)
    assert roll.total == 5
    assert roll.event.modifiers == (Modifier(-2, "unskilled"),)
    with pytest.raises(DiceError, match="d4"):
        _roll([5], None, False)  # a 5 cannot come from the unskilled d4


def test_die_bonus_is_added() -> None:
    # d12+1 showing 3 totals 4
    assert _roll([3], TraitDie(12, 1), False).total == 4


def test_aces_roll_again_and_add() -> None:
    # All damage rolls can Ace: a d6 showing 6, 6, 3 is 15
    dice = ScriptedDice([6, 6, 3, 6])
    assert roll_acing(dice, 6, "damage").total == 15
    assert dice.remaining == (6,)


def test_running_dice_never_ace() -> None:
    # Running: "Running dice never Ace" - a 6 on the running d6 stays 6, no further die
    dice = ScriptedDice([6, 6])
    assert roll_plain(dice, 6, "running die").total == 6
    assert dice.remaining == (6,)


def test_rate_of_fire_wild_die_replaces_one_shooting_die() -> None:
    # Rate of Fire: three Shooting d6 show 1, 5, 3 and the Wild Die 6+2 = 8: it replaces the
    # 1, so the three shots total 8, 5 and 3 (best first): raise, success, failure
    shots = roll_trait_dice(ScriptedDice([1, 5, 3, 6, 2]), TraitDie(6), 3, wild_card=True,
                            purpose="Shooting", actor="h1")
    assert [(s.total, s.result) for s in shots] == [
        (8, TraitResult.RAISE), (5, TraitResult.SUCCESS), (3, TraitResult.FAILURE)]


def test_rate_of_fire_critical_failure_needs_every_die_on_one() -> None:
    shots = roll_trait_dice(ScriptedDice([1, 1, 1]), TraitDie(6), 2, wild_card=True,
                            purpose="Shooting", actor="h1")
    assert {s.result for s in shots} == {TraitResult.CRITICAL_FAILURE}
    shots = roll_trait_dice(ScriptedDice([1, 2, 1]), TraitDie(6), 2, wild_card=True,
                            purpose="Shooting", actor="h1")
    assert TraitResult.CRITICAL_FAILURE not in {s.result for s in shots}
