"""Scale, as the situational rules use it (Called Shots, Grappling "Size Matters", Push)."""

import pytest

from battlemap.rules.savage_pathfinder.situational.scale import (
    Scale,
    scale_difference,
    scale_of_size,
    sizes_larger,
)


@pytest.mark.parametrize(("size", "scale", "modifier"), [
    (-4, Scale.TINY, -6), (-3, Scale.VERY_SMALL, -4), (-2, Scale.SMALL, -2),
    (-1, Scale.NORMAL, 0), (3, Scale.NORMAL, 0), (4, Scale.LARGE, 2), (8, Scale.HUGE, 4),
    (12, Scale.GARGANTUAN, 6),
])
def test_scale_of_size(size: int, scale: Scale, modifier: int) -> None:
    assert scale_of_size(size) is scale
    assert scale.modifier == modifier


def test_dragon_example_scale_difference_is_four() -> None:
    # Grappling, "Example: A dragon (Huge +4) tries to pin a humanoid thief (Normal). The
    # difference between Huge and Normal Scales is 4".
    assert scale_difference(attacker_size=8, defender_size=0) == 4


def test_same_scale_has_no_difference_even_with_different_sizes() -> None:
    # Size 0 and Size 3 are both Normal Scale.
    assert scale_difference(0, 3) == 0
    assert sizes_larger(0, 3) == 3
