"""Natural Weapons and Nonlethal Damage."""

from rules.dice import ScriptedDice
from rules.events import Modifier, StatusAdded
from rules.savage_pathfinder.damage import take_damage
from rules.savage_pathfinder.situational.natural import (
    can_bite,
    claws_climbing_modifier,
    horns_damage_modifier,
    nonlethal_modifier,
    spare_from_bleeding,
)
from rules.savage_pathfinder.statblock import Combatant, Condition


def test_bite_needs_a_grappled_target() -> None:
    # "Bite: The creature may bite a target it's grappled".
    assert can_bite(Condition(bound=True), grappled_by_biter=True) is True
    assert can_bite(Condition(entangled=True), grappled_by_biter=False) is False
    assert can_bite(Condition(), grappled_by_biter=True) is False


def test_claws_and_horns() -> None:
    # "Claws: Add +2 to Athletics (climbing) rolls on any rough or soft surface";
    # "Horns: Add +4 damage ... if it runs and moves at least 5"".
    assert claws_climbing_modifier(True) == Modifier(2, "claws")
    assert claws_climbing_modifier(False) is None
    assert horns_damage_modifier(5).value == 4
    assert horns_damage_modifier(4) is None


def test_nonlethal_with_edged_weapon() -> None:
    # "Edged weapons may be used if they have a flat side, but this subtracts 1".
    assert nonlethal_modifier(edged=True) == Modifier(-1, "nonlethal with an edged weapon")
    assert nonlethal_modifier(edged=False) is None


def test_nonlethal_incapacitation_cannot_bleed_out() -> None:
    # "if a character is rendered Incapacitated he cannot Bleed Out". A Wild Card with three
    # Wounds takes 20 against Toughness 5: Incapacitated; Vigor d6 2, Wild Die 2, -3 Wounds:
    # a failure - the engine would make him Bleed Out (Injury 2d6 3 + 4 = 7 Guts, d6 1).
    hero = Combatant(id="h", wild_card=True, condition=Condition(wounds=3))
    out = take_damage(ScriptedDice([2, 2, 3, 4, 1]), hero, 20)
    assert out.states[0].condition.bleeding_out is True
    spared = spare_from_bleeding(out)
    assert spared.states[0].condition.bleeding_out is False
    assert spared.states[0].condition.incapacitated is True
    assert StatusAdded("h", "Bleeding Out") not in spared.events
