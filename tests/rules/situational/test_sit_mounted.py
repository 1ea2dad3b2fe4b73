"""Mounted Combat: Horsemanship, Falling, Wounded Mounts, Charging, Setting Weapons."""

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Modifier, StatusAdded, Wounded
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.situational.mounted import (
    charge_modifier,
    fall_check,
    horsemanship,
    seat_at_risk,
    setting_weapon_modifiers,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition

RIDER = Combatant(id="r", skills=(("riding", TraitDie(6)),))


def test_horsemanship_uses_the_lower_skill() -> None:
    # "must use the lowest of their Fighting or Riding skills".
    knight = Combatant(id="k", skills=(("fighting", TraitDie(10)), ("riding", TraitDie(6))))
    assert horsemanship(knight).skill("fighting") == TraitDie(6)
    expert = Combatant(id="e", skills=(("fighting", TraitDie(6)), ("riding", TraitDie(10))))
    assert horsemanship(expert).skill("fighting") == TraitDie(6)
    # No Riding at all: he fights as unskilled.
    assert horsemanship(Combatant(id="x", skills=(("fighting", TraitDie(8)),))).skill(
        "fighting") is None


def test_when_the_seat_is_at_risk() -> None:
    # Falling: "If a character is Shaken, Stunned, or Wounded while mounted, or his mount is
    # Incapacitated"; Wounded Mounts: "When an animal is Shaken or Wounded, it rears".
    calm = Condition()
    assert seat_at_risk(calm, Condition(shaken=True), calm, calm) is True
    assert seat_at_risk(calm, Condition(stunned=True), calm, calm) is True
    assert seat_at_risk(calm, calm, calm, Condition(incapacitated=True)) is True
    assert seat_at_risk(calm, calm, calm, Condition(shaken=True)) is True
    assert seat_at_risk(calm, Condition(prone=True), calm, calm) is False


def test_riding_roll_keeps_him_mounted() -> None:
    out = fall_check(ScriptedDice([4]), RIDER, mount_running=True)
    assert out.states[0].condition.prone is False


def test_fall_from_a_walking_mount_no_damage() -> None:
    out = fall_check(ScriptedDice([2]), RIDER, mount_running=False)
    assert out.events[1] == StatusAdded("r", "fallen (prone)")
    assert len(out.events) == 2


def test_fall_from_running_mount_two_d4() -> None:
    # "If the mount was running, the rider suffers 2d4 damage": 3 + 2 = 5 >= Toughness 5.
    out = fall_check(ScriptedDice([2, 3, 2]), RIDER, mount_running=True)
    assert out.events[2].total == 5
    assert out.states[0].condition.shaken is True


def test_critical_failure_fall_two_d6() -> None:
    # "(2d6 with a Critical Failure)": Wild Card Riding 1, Wild Die 1; 2d6 show 6 (Ace) + 2 and
    # 3 = 11 against Toughness 5: 6 over, a raise - one Wound.
    wild = Combatant(id="w", wild_card=True, skills=RIDER.skills)
    out = fall_check(ScriptedDice([1, 1, 6, 2, 3]), wild, mount_running=True)
    assert out.events[2].total == 11
    assert Wounded("w", 1, 1) in out.events


def test_extra_dice_for_fast_mounts() -> None:
    # "Increase the damage by an additional die or two if the mount is particularly fast".
    out = fall_check(ScriptedDice([2, 1, 1, 1]), RIDER, mount_running=True, extra_dice=1)
    assert out.events[2].total == 3


def test_charge() -> None:
    # "adds +4 to his damage roll ... must have moved at least 5"".
    assert charge_modifier(5.0) == Modifier(4, "charging mount")
    assert charge_modifier(4.9) is None


def test_setting_weapons() -> None:
    # "Whoever has the most Reach adds +2 to his roll"; only Reach 1 or more can be set.
    assert setting_weapon_modifiers(2, 0) == (Modifier(2, "most Reach"), None)
    assert setting_weapon_modifiers(1, 1) == (None, None)
    with pytest.raises(ValueError, match="Reach 1"):
        setting_weapon_modifiers(0, 0)
