"""Improvised Weapons: the three weights and the -2 to attack."""

import pytest

from battlemap.rules.savage_pathfinder.situational.improvised import (
    IMPROVISED_MODIFIER,
    ImprovisedWeight,
    improvised_weapon,
)


@pytest.mark.parametrize(("weight", "ranges", "damage", "min_str"), [
    # Light: "Range 3/6/12, Damage Str+d4, Min Str d4"
    (ImprovisedWeight.LIGHT, (3, 6, 12), "str+d4", "d4"),
    # Medium: "Range 2/4/8, Damage Str+d6, Min Str d6"
    (ImprovisedWeight.MEDIUM, (2, 4, 8), "str+d6", "d6"),
    # Heavy: "Range 1/2/4, Damage Str+d8, Min Str d8"
    (ImprovisedWeight.HEAVY, (1, 2, 4), "str+d8", "d8"),
])
def test_improvised_profiles(weight: ImprovisedWeight, ranges: tuple[int, int, int],
                             damage: str, min_str: str) -> None:
    weapon = improvised_weapon(weight, "thing")
    assert weapon.range == ranges
    assert str(weapon.damage) == damage
    assert str(weapon.min_str) == min_str


def test_improvised_weapons_count_as_armed_at_minus_two() -> None:
    # "Characters with improvised weapons count as armed but subtract 2 from attack rolls."
    assert IMPROVISED_MODIFIER.value == -2
    assert improvised_weapon(ImprovisedWeight.LIGHT, "stein").damage.dice == (4,)
