"""Obstacles: half the Hardness as Armor (rounded up), creatures' Toughness, area effects."""

from battlemap.rules.events import Modifier
from battlemap.rules.savage_pathfinder.situational.obstacles import (
    area_obstacle_modifier,
    obstacle_armor,
    through_creature_modifier,
    through_obstacle_modifier,
)


def test_half_hardness_rounded_up() -> None:
    # "add an Armor bonus equal to half the obstacle's Hardness to the target beyond (round up
    # if necessary)": Hardness 8 -> +4, Hardness 9 -> +5.
    assert obstacle_armor(8) == 4
    assert obstacle_armor(9) == 5


def test_obstacle_armor_as_damage_and_ap() -> None:
    # Thin wooden door (Hardness 8) -> Armor +4. Without AP the damage drops by 4.
    assert through_obstacle_modifier([8], ap=0, target_armor=2) == Modifier(
        -4, "through an obstacle (Armor +4)")
    # AP 4 against a target with Armor 2: 2 points of AP ignore his own Armor, the other 2 the
    # obstacle's, so only 4 - 2 = 2 points remain.
    assert through_obstacle_modifier([8], ap=4, target_armor=2) == Modifier(
        -2, "through an obstacle (Armor +4, AP 4)")
    assert through_obstacle_modifier([8], ap=6, target_armor=2) is None
    assert through_obstacle_modifier([], ap=0, target_armor=0) is None


def test_through_a_creature_subtracts_its_toughness() -> None:
    # "If the obstacle is a person or creature, subtract its Toughness from the attack instead."
    assert through_creature_modifier("g2", 5) == Modifier(-5, "through g2 (Toughness 5)")


def test_area_effect_behind_solid_obstacle() -> None:
    # Area effect attacks: "Reduce the damage by half the object's hardness" - a thick wooden
    # wall (Hardness 10) takes 5 off.
    assert area_obstacle_modifier([10]) == Modifier(-5, "behind an obstacle (Hardness 10)")
    assert area_obstacle_modifier([]) is None
