"""Fatigue: Fatigued -1, Exhausted -2, Incapacitated; recovery; Mixed Fatigue."""

import pytest

from battlemap.rules.events import Modifier
from battlemap.rules.savage_pathfinder.situational.fatigue import (
    FatigueLevel,
    add_fatigue,
    fatigue_level,
    fatigue_modifier,
    levels_after_mixed_recovery,
    recover_fatigue,
    treat_incapacitation,
)


def test_levels_and_penalties() -> None:
    # "Fatigued: The victim subtracts 1 from all Trait rolls. ... Exhausted: ... subtracts 2".
    assert fatigue_modifier(0) is None
    assert fatigue_modifier(1) == Modifier(-1, "Fatigued")
    assert fatigue_modifier(2) == Modifier(-2, "Exhausted")
    assert fatigue_level(3) is FatigueLevel.INCAPACITATED


def test_fatigue_stacks_until_incapacitated() -> None:
    # "Fatigue stacks until the victim is Incapacitated."
    assert add_fatigue(0) == 1
    assert add_fatigue(1) == 2
    assert add_fatigue(2) == 3
    assert add_fatigue(3) == 3


def test_recovery_one_level_per_hour() -> None:
    # "Fatigue and Exhaustion improve one level per hour."
    assert recover_fatigue(2, hours=1) == 1
    assert recover_fatigue(2, hours=2) == 0
    # Incapacitated from Fatigue: helpless 2d6 hours, or Healing with treatment -> Exhausted.
    assert recover_fatigue(3, hours=1) == 3
    assert treat_incapacitation(3, healing_succeeded=True) == 2
    assert treat_incapacitation(3, healing_succeeded=False) == 3


def test_mixed_fatigue() -> None:
    # "remove one level when the effect with the shortest duration expires, then another level
    # when the longest expires." Sources lasting 1 and 8 hours, Exhausted:
    assert levels_after_mixed_recovery(2, (1.0, 8.0), 0.5) == 2
    assert levels_after_mixed_recovery(2, (1.0, 8.0), 1.0) == 1
    assert levels_after_mixed_recovery(2, (1.0, 8.0), 8.0) == 0
    assert levels_after_mixed_recovery(1, (4.0,), 4.0) == 0


def test_negative_levels_are_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        fatigue_level(-1)
