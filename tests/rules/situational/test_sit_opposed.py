"""Opposed rolls and the condition penalties on situational rolls."""

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.situational.opposed import (
    condition_modifiers,
    roll_opposed,
    roll_trait_of,
    trait_die_of,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition

STRONG = Combatant(id="a", strength=TraitDie(10))
AVERAGE = Combatant(id="d", strength=TraitDie(6))


def test_trait_die_by_name() -> None:
    fighter = Combatant(id="f", skills=(("athletics", TraitDie(8)),), vigor=TraitDie(10))
    assert trait_die_of(fighter, "Athletics") == TraitDie(8)
    assert trait_die_of(fighter, "vigor") == TraitDie(10)
    assert trait_die_of(fighter, "riding") is None


def test_condition_penalties() -> None:
    # Wounds -1 each (max -3), Fatigued -1, Distracted "subtracts 2 from all Trait rolls".
    hurt = Combatant(id="x", condition=Condition(wounds=4, fatigue=2, distracted=True))
    assert [m.value for m in condition_modifiers(hurt)] == [-3, -2, -2]
    assert condition_modifiers(Combatant(id="y")) == ()


def test_unskilled_roll_is_d4_minus_two() -> None:
    assert roll_trait_of(ScriptedDice([3]), Combatant(id="x"), "athletics", "Athletics").total == 1


def test_attacker_wins_by_beating_defender() -> None:
    # Attacker d10 shows 7, defender d6 shows 5: 7 beats 5 by 2 - a win without a raise.
    contest = roll_opposed(ScriptedDice([7, 5]), STRONG, "strength", AVERAGE, "strength")
    assert (contest.attacker_wins, contest.attacker_raise) == (True, False)


def test_tie_goes_to_the_defender() -> None:
    contest = roll_opposed(ScriptedDice([5, 5]), STRONG, "strength", AVERAGE, "strength")
    assert contest.attacker_wins is False


def test_raise_is_four_over_the_defender() -> None:
    # 9 against 5: four over, a raise.
    contest = roll_opposed(ScriptedDice([9, 5]), STRONG, "strength", AVERAGE, "strength")
    assert (contest.attacker_wins, contest.attacker_raise) == (True, True)


def test_attacker_below_four_fails_without_a_defender_roll() -> None:
    dice = ScriptedDice([3, 6])
    contest = roll_opposed(dice, STRONG, "strength", AVERAGE, "strength")
    assert (contest.attacker_wins, contest.defender, dice.remaining) == (False, None, (6,))
