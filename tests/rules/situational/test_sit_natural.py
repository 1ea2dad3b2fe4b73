"""Natural Weapons and Nonlethal Damage."""

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Modifier, StatusAdded
from battlemap.rules.savage_pathfinder.context import AttackContext, AttackKind
from battlemap.rules.savage_pathfinder.damage import take_damage
from battlemap.rules.savage_pathfinder.expressions import TraitDie, parse_damage
from battlemap.rules.savage_pathfinder.movement import Hazard
from battlemap.rules.savage_pathfinder.situational.natural import (
    bite_problem,
    can_bite,
    claws_climbing_modifier,
    climbing_roll,
    horns_damage_modifier,
    nonlethal_modifier,
    spare_from_bleeding,
)
from battlemap.rules.savage_pathfinder.situational.situation import AttackFacts, situate
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon


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


WOLF = Combatant("wolf", skills=(("athletics", TraitDie(6)), ("fighting", TraitDie(8))),
                 weapons=(Weapon("Bite", parse_damage("str+d6", "wolf"), natural=True),))
CAT = Combatant("cat", skills=(("athletics", TraitDie(6)),),
                weapons=(Weapon("Claws", parse_damage("str+d4", "cat"), natural=True),))


def test_a_bite_at_a_target_the_biter_does_not_hold_is_refused() -> None:
    # Natural Weapons, "Bite: The creature may bite a target it's grappled": the victim is
    # Entangled, but by somebody else (not held by the wolf) - no bite.
    victim = Combatant("v", condition=Condition(entangled=True))
    assert bite_problem(WOLF.weapons[0], victim, grappled_by_biter=False) == (
        "Bite: a creature may only bite a target it has grappled (v is not Entangled or Bound "
        "by it)")


def test_a_bite_at_a_target_the_biter_holds_is_a_fighting_attack() -> None:
    # "This is a Fighting attack": held by the wolf and Entangled, the bite goes ahead as
    # melee. The victim carries no weapon and the bite is a weapon (Natural Weapons: "always
    # considered armed"), so Unarmed Defender gives +2 and nothing else applies.
    victim = Combatant("v", condition=Condition(entangled=True))
    assert bite_problem(WOLF.weapons[0], victim, grappled_by_biter=True) is None
    held = AttackFacts(defender_held_by_attacker=True)
    situated = situate(WOLF, victim, WOLF.weapons[0], AttackContext(), held)
    assert situated.context.attack_kind_for(WOLF.weapons[0].fires) is AttackKind.MELEE
    assert situated.context.attack_modifiers == (Modifier(2, "Unarmed Defender"),)


def test_claws_add_two_to_a_climbing_roll() -> None:
    # "Claws: Add +2 to Athletics (climbing) rolls on any rough or soft surface". Athletics d6
    # rolls 2 (an Extra, no Wild Die): 2 + 2 = 4, success, the cat climbs on. Without claws,
    # or on sheer glass, 2 < 4: it cannot move.
    roll, hazard = climbing_roll(ScriptedDice([2]), CAT)
    assert (roll.total, hazard) == (4, Hazard.MOVES_ON)
    assert [(m.value, m.reason) for m in roll.modifiers] == [(2, "claws")]
    assert climbing_roll(ScriptedDice([2]), CAT, rough_surface=False)[1] is Hazard.CANNOT_MOVE
    assert climbing_roll(ScriptedDice([2]), WOLF)[1] is Hazard.CANNOT_MOVE
