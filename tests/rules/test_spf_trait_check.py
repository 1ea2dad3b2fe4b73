"""The Roll tool: any attribute or skill with every modifier that applies, its exact odds, and
group rolls for Extras. Paragraphs: Wound Penalties, Fatigue, Distracted, Jokers, Illumination,
Support, Running, Multi-Actions; expected values worked out by hand."""

from fractions import Fraction

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Modifier
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition
from battlemap.rules.savage_pathfinder.trait_check import (
    Circumstances,
    RollKind,
    group_check,
    plan_check,
    roll_check,
)

SCOUT = Combatant("s1", wild_card=True, skills=(("notice", TraitDie(8)),),
                  strength=TraitDie(10),
                  condition=Condition(wounds=2, fatigue=1, distracted=True))


def test_every_modifier_that_applies_reaches_a_notice_roll() -> None:
    # Wounds -2, Fatigued -1, Distracted -2, Joker +2, Dark -4 (Notice is affected by light),
    # Support +1, running -2, two actions -2: -10 in all. Notice d8 8+8+3 = 19, Wild 2: 9.
    circumstances = Circumstances(joker=True, light=Illumination.DARK, distance=5,
                                  roll=RollKind.NOTICE, support=(1,), running=True, actions=2)
    check = plan_check(SCOUT, "Notice", circumstances)
    assert check.modifiers == (
        Modifier(-2, "2 Wounds"), Modifier(-1, "Fatigued"), Modifier(-2, "Distracted"),
        Modifier(-2, "running"), Modifier(-2, "Multi-Action (2 actions)"), Modifier(2, "Joker"),
        Modifier(-4, "dark light"), Modifier(1, "Support"))
    rolled = roll_check(ScriptedDice([8, 8, 3, 2]), SCOUT, "Notice", circumstances)
    assert (rolled.total, rolled.result.value) == (9, "raise")
    assert rolled.event.purpose == "Notice"


def test_light_beyond_sight_is_pitch_and_recovery_ignores_it() -> None:
    # Dim light: visibility 25"; a target 30" away counts as Pitch Darkness (-6). Recovering
    # from Shaken or Stunned "should not be penalized".
    far = Circumstances(light=Illumination.DIM, distance=30, roll=RollKind.NOTICE)
    assert Modifier(-6, "pitch light") in plan_check(SCOUT, "notice", far).modifiers
    recover = Circumstances(light=Illumination.PITCH, roll=RollKind.RECOVERY)
    assert all("light" not in m.reason for m in plan_check(SCOUT, "Spirit", recover).modifiers)


def test_support_is_capped_at_four_except_for_strength() -> None:
    # "The maximum bonus from all Support rolls is +4. Strength checks are an exception."
    helped = Circumstances(support=(2, 2, 2))
    assert Modifier(4, "Support") in plan_check(SCOUT, "Notice", helped).modifiers
    assert Modifier(6, "Support") in plan_check(SCOUT, "Strength", helped).modifiers


def test_exact_odds() -> None:
    # An Extra's d6 against 4: 3/6 = 1/2; a raise needs 8: a 6 then 2+ on the Ace, 1/6 * 5/6.
    check = plan_check(Combatant("g1"), "Vigor", Circumstances())
    assert check.odds.success_or_better == Fraction(1, 2)
    assert check.odds.raise_ == Fraction(5, 36)
    # Unskilled: d4 - 2 and a Wild Card's Wild Die. Needs 6: d4 4 then 2+ (3/16); the Wild Die
    # 6 (1/6); either: 1 - (13/16)(5/6) = 31/96, less nothing (a Critical Failure is 1-1).
    check = plan_check(Combatant("h1", wild_card=True), "Stealth", Circumstances())
    assert check.die is None and check.odds.success_or_better == Fraction(31, 96)


def test_a_group_of_extras_rolls_one_die() -> None:
    # Three wolves (Vigor d6); one Wounded (-1), one Exhausted (-2). One die: 5.
    wolves = [Combatant("w1"), Combatant("w2", condition=Condition(wounds=1)),
              Combatant("w3", condition=Condition(fatigue=2))]
    dice = ScriptedDice([5])
    rolled = group_check(dice, wolves, "vigor", Circumstances())
    assert [(m.roll.event.actor, m.roll.total, m.roll.result.value) for m in rolled.members] == [
        ("w1", 5, "success"), ("w2", 4, "success"), ("w3", 3, "failure")]
    assert dice.remaining == ()
    assert rolled.members[2].check.odds.success_or_better == Fraction(1, 6)


def test_group_rolls_refuse_wild_cards_and_mixed_dice() -> None:
    with pytest.raises(RulesError, match="s1 is a Wild Card"):
        group_check(ScriptedDice([5]), [SCOUT, Combatant("g1")], "notice", Circumstances())
    with pytest.raises(RulesError, match="dice differ"):
        group_check(ScriptedDice([5]), [Combatant("g1"), Combatant("g2", vigor=TraitDie(8))],
                    "vigor", Circumstances())
    with pytest.raises(RulesError, match="no attribute or skill"):
        plan_check(SCOUT, "d8+2", Circumstances())
