"""The Drop and Knockout Blow, Defend, Gang Up, Prone in melee, Ranged Weapons in Melee,
Vulnerable targets and Multi-Actions."""

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Modifier, StatusAdded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.situational.maneuvers import (
    STAND_UP_COST,
    DeclaredAction,
    counts_for_gang_up,
    defend_modifier,
    gang_up_bonus,
    knockout_blow,
    multi_action_count,
    parry_caught_in_melee,
    prone_melee_modifiers,
    ranged_in_melee,
    the_drop_modifiers,
    vulnerable_target_modifier,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

BOW = Weapon("Shortbow", DamageDice(False, (6, 6)), range=(12, 24, 48), two_handed=True)
DAGGER = Weapon("Dagger", DamageDice(True, (4,)), range=(3, 6, 12), thrown=True)


def test_the_drop_adds_four_to_attack_and_damage() -> None:
    # "The Drop adds +4 to a character's attack and damage rolls against that target".
    assert the_drop_modifiers() == (Modifier(4, "The Drop"), Modifier(4, "The Drop"))


def test_vulnerable_does_not_stack_with_the_drop() -> None:
    # Vulnerable: "+2 ... This doesn't stack with The Drop".
    vulnerable = Condition(vulnerable=True)
    assert vulnerable_target_modifier(vulnerable, the_drop=False) == Modifier(
        2, "target Vulnerable")
    assert vulnerable_target_modifier(vulnerable, the_drop=True) is None
    assert vulnerable_target_modifier(Condition(), the_drop=False) is None


def test_knockout_blow_to_the_head_fails() -> None:
    # Knockout Blow: "Vigor roll (at -2 if the attack was to the head) or be knocked
    # unconscious". Goblin Vigor d6 shows 5: 5 - 2 = 3, a failure.
    out = knockout_blow(ScriptedDice([5]), Combatant(id="g1"), to_the_head=True)
    assert out.events[0].total == 3
    assert out.events[1] == StatusAdded("g1", "knocked out")
    assert out.states[0].condition.incapacitated is True


def test_knockout_blow_resisted() -> None:
    # Not to the head: the same 5 is a success and the victim stays up.
    out = knockout_blow(ScriptedDice([5]), Combatant(id="g1"), to_the_head=False)
    assert out.states[0].condition.incapacitated is False
    assert len(out.events) == 1


def test_defend() -> None:
    # Defend: "+4 ... takes her entire turn - she cannot perform Multi-Actions ... may not run".
    assert defend_modifier(actions=1, running=False).value == -4
    with pytest.raises(RulesError, match="whole turn"):
        defend_modifier(actions=2, running=False)
    with pytest.raises(RulesError, match="running"):
        defend_modifier(actions=1, running=True)


def test_gang_up_three_goblins() -> None:
    # Gang Up: "If three goblins attack a single hero, for example, each of the three goblins
    # adds +2": each has two additional adjacent allies.
    assert gang_up_bonus(allies=2, defender_allies=0) == 2
    # "up to a maximum of +4".
    assert gang_up_bonus(allies=6, defender_allies=0) == 4


def test_gang_up_cancelled_by_defenders_allies() -> None:
    # "troops in opposing lines ... three adjacent foes and two adjacent allies, don't get the
    # bonus": each attacker has two allies on the defender, cancelled by his two allies.
    assert gang_up_bonus(allies=2, defender_allies=2) == 0
    assert gang_up_bonus(allies=3, defender_allies=1) == 2


def test_stunned_allies_do_not_count() -> None:
    # Gang Up: "Each additional adjacent ally (who isn't Stunned)"; Stunned: "Don't count
    # toward the Gang Up bonus".
    assert counts_for_gang_up(Condition()) is True
    assert counts_for_gang_up(Condition(stunned=True)) is False


def test_prone_in_melee() -> None:
    # Prone: "If a prone defender is caught in melee, his Parry is reduced by 2 and he must
    # subtract 2 from his Fighting rolls."; standing costs 2".
    assert parry_caught_in_melee(Combatant("d", condition=Condition(prone=True))) == 0
    assert prone_melee_modifiers(False) == ()
    assert prone_melee_modifiers(True) == (Modifier(-2, "attacker prone"),)
    assert STAND_UP_COST == 2


def test_ranged_weapons_in_melee() -> None:
    # "He may not fire two-handed weapons such as a bow. The TN is the defender's Parry";
    # "If attacking a non-adjacent target ... the attacker instantly becomes Vulnerable."
    with pytest.raises(RulesError, match="two-handed"):
        ranged_in_melee(BOW, target_parry=6, target_adjacent=True)
    adjacent = ranged_in_melee(DAGGER, target_parry=6, target_adjacent=True)
    assert (adjacent.target_number, adjacent.attacker_vulnerable) == (6, False)
    assert ranged_in_melee(DAGGER, 6, target_adjacent=False).attacker_vulnerable is True


def test_multi_actions_reload_example() -> None:
    # Readying and Reload example: a heavy crossbow fired with two reload actions is three
    # actions (-4 on the Shooting roll, from the engine's Multi-Action penalty).
    actions = [DeclaredAction("Shooting"), DeclaredAction("reload"), DeclaredAction("reload"),
               DeclaredAction("move", free=True)]
    assert multi_action_count(actions) == 3


def test_multi_actions_limits() -> None:
    # "up to three actions on their turn (one of which may be a limited action)".
    with pytest.raises(RulesError, match="at most three"):
        multi_action_count([DeclaredAction("x")] * 4)
    with pytest.raises(RulesError, match="one limited"):
        multi_action_count([DeclaredAction("a", limited=True), DeclaredAction("b", limited=True)])
    assert multi_action_count([DeclaredAction("speak", free=True)]) == 1


def test_ranged_in_melee_tn_is_the_fighters_parry() -> None:
    # A hero with Fighting d8 has Parry 6 - the TN a dagger stabbed in melee must reach.
    hero = Combatant(id="h", skills=(("fighting", TraitDie(8)),))
    assert ranged_in_melee(DAGGER, hero.parry, True).target_number == 6
