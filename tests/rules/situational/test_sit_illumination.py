"""Illumination: the table, the visibility limits and the rolls it never penalizes."""

import pytest

from battlemap.rules.events import Modifier
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.situational.illumination import (
    RollKind,
    illumination_at,
    illumination_modifier,
)


@pytest.mark.parametrize(("light", "penalty"), [
    (Illumination.DIM, -2), (Illumination.DARK, -4), (Illumination.PITCH, -6),
])
def test_illumination_table(light: Illumination, penalty: int) -> None:
    # "Penalty Lighting: -2 Dim, -4 Dark, -6 Pitch Darkness", on a Notice roll 5" away.
    modifier = illumination_modifier(light, 5, RollKind.NOTICE)
    assert modifier is not None and modifier.value == penalty


def test_dark_targets_are_not_visible_beyond_ten_inches() -> None:
    # Dark: "Targets aren't visible outside of 10"" -> hidden, as Pitch Darkness (-6).
    assert illumination_at(Illumination.DARK, 10) is Illumination.DARK
    assert illumination_at(Illumination.DARK, 10.5) is Illumination.PITCH
    # Dim: "Visibility is generally limited to 25"".
    assert illumination_at(Illumination.DIM, 30) is Illumination.PITCH
    assert illumination_at(Illumination.BRIGHT, 100) is Illumination.BRIGHT


@pytest.mark.parametrize("roll", [
    RollKind.RESIST_POWER, RollKind.RESIST_GRAPPLE, RollKind.RECOVERY,
    RollKind.VERBAL_SUPPORT, RollKind.VERBAL_TEST, RollKind.ADJACENT_FRIENDLY,
])
def test_rolls_that_should_not_be_penalized(roll: RollKind) -> None:
    # "here are a few examples of rolls that should not be penalized: Resisting powers,
    # Resisting grappling attempts, Recovering from a negative status, Verbal Support rolls,
    # Verbal Tests, A friendly, cooperative, adjacent character in Pitch Darkness".
    assert illumination_modifier(Illumination.PITCH, 1, roll) is None


def test_attack_in_dim_light() -> None:
    assert illumination_modifier(Illumination.DIM, 12) == Modifier(-2, "dim light")
