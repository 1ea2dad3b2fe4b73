"""Grappling: opposed Athletics, Entangled / Bound, Vulnerable grappler, Size Matters, Crush."""

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Incapacitated, Modifier, StatusAdded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.situational.grappling import (
    crush,
    grapple,
    grapple_modifiers,
    let_go,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition

ATHLETE = Combatant(id="a", skills=(("athletics", TraitDie(8)),), strength=TraitDie(8))
FOE = Combatant(id="d", skills=(("athletics", TraitDie(6)),))


def test_win_entangles() -> None:
    # "If the attacker wins, the foe is Entangled." Athletics 5 against 3.
    out = grapple(ScriptedDice([5, 3]), ATHLETE, FOE)
    defender, attacker = out.states
    assert (defender.condition.entangled, defender.condition.bound) == (True, False)
    assert attacker.condition.vulnerable is False


def test_raise_binds_and_grappler_is_vulnerable() -> None:
    # "With a raise, he's Bound." 8 (Ace) + 2 = 10 against 3: seven over, a raise.
    # "If a foe is Bound, the grappler is also Vulnerable while maintaining his hold."
    out = grapple(ScriptedDice([8, 2, 3]), ATHLETE, FOE)
    defender, attacker = out.states
    assert defender.condition.bound is True
    assert attacker.condition.vulnerable is True
    assert StatusAdded("a", "Vulnerable") in out.events


def test_success_on_entangled_foe_binds() -> None:
    # "(Success on a foe who was already Entangled makes him Bound.)" 5 against 3.
    held = Combatant(id="d", skills=FOE.skills, condition=Condition(entangled=True,
                                                                    vulnerable=True))
    out = grapple(ScriptedDice([5, 3]), ATHLETE, held)
    assert out.states[0].condition.bound is True


def test_defender_wins_a_tie() -> None:
    out = grapple(ScriptedDice([5, 5]), ATHLETE, FOE)
    assert out.states[0].condition.entangled is False


def test_gang_up_applies_to_grappling() -> None:
    # "The Gang Up bonus applies when grappling a defender": 3 + 2 = 5 beats 4.
    assert grapple_modifiers(ATHLETE, FOE, gang_up=2) == (Modifier(2, "Gang Up"),)
    out = grapple(ScriptedDice([3, 4]), ATHLETE, FOE, gang_up=2)
    assert out.states[0].condition.entangled is True


def test_dragon_subtracts_scale_difference() -> None:
    # Size Matters example: the Huge dragon "must subtract 4 from its Athletics roll".
    # Dragon Athletics d10 shows 9 - 4 = 5 against the thief's 4: Entangled, no raise.
    dragon = Combatant(id="dragon", size=8, skills=(("athletics", TraitDie(10)),))
    out = grapple(ScriptedDice([9, 4]), dragon, FOE)
    assert out.events[0].total == 5
    assert (out.states[0].condition.entangled, out.states[0].condition.bound) == (True, False)


def test_no_grappling_more_than_two_sizes_larger() -> None:
    # "Creatures may not generally grapple a foe more than two Sizes larger".
    ogre = Combatant(id="o", size=3, skills=FOE.skills)
    with pytest.raises(RulesError, match="3 Sizes larger"):
        grapple(ScriptedDice([]), ATHLETE, ogre)
    out = grapple(ScriptedDice([6, 3]), ATHLETE, ogre, gm_allows_size=True)
    assert out.states[0].condition.entangled is True


def test_crush_strength_as_damage() -> None:
    # "Crush: ... a Strength roll as damage": d8 shows 8 (Ace) + 3 = 11 against the goblin's
    # Toughness 5 (Vigor d6): 6 over - a raise, one Wound; an Extra is Incapacitated.
    held = Combatant(id="g", condition=Condition(entangled=True, vulnerable=True))
    out = crush(ScriptedDice([8, 3]), ATHLETE, held)
    assert out.events[0].total == 11
    assert Incapacitated("g") in out.events


def test_crush_needs_a_held_foe() -> None:
    with pytest.raises(RulesError, match="Entangled or Bound"):
        crush(ScriptedDice([]), ATHLETE, FOE)


def test_letting_go_ends_the_grapplers_vulnerability() -> None:
    # "If a foe is Bound, the grappler is also Vulnerable while maintaining his hold" - and no
    # longer once he lets go.
    defender, attacker = grapple(ScriptedDice([8, 2, 3]), ATHLETE, FOE).states
    out = let_go(attacker, defender)
    assert out.states[0].condition.bound is False
    assert out.states[0].condition.vulnerable is False
    assert out.states[1].condition.vulnerable is False
