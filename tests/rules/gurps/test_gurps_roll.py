"""The 3d6 success roll: "Active Defense Rolls" and the attack roll's criticals (issue 14)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Modifier
from battlemap.rules.gurps.roll import Grade, at_most, grade_chances, outcome, success_roll

# The Basic Set's table of P(3d6 <= n): ways out of 216, cumulated by hand from the number of
# ways to roll each total (1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1).
WAYS_AT_MOST = {3: 1, 4: 4, 5: 10, 6: 20, 7: 35, 8: 56, 9: 81, 10: 108, 11: 135, 12: 160,
                13: 181, 14: 196, 15: 206, 16: 212, 17: 215, 18: 216}


@pytest.mark.parametrize("n", range(3, 19))
def test_probability_of_rolling_n_or_less_is_the_table(n: int) -> None:
    assert at_most(n) == pytest.approx(WAYS_AT_MOST[n] / 216)


def test_ten_or_less_is_half_and_eight_or_less_is_25_93_percent() -> None:
    assert at_most(10) == 0.5
    assert round(at_most(8) * 100, 2) == 25.93


def test_three_and_four_always_succeed_seventeen_and_eighteen_always_fail() -> None:
    # "An active defense roll of 3 or 4 is always successful - even if your effective
    # defense score was only 1 or 2! A roll of 17 or 18 always fails."
    assert outcome(3, 1).succeeded and outcome(4, 2).succeeded
    assert not outcome(17, 20).succeeded and not outcome(18, 25).succeeded


@pytest.mark.parametrize(("total", "skill", "grade"), [
    (4, 3, Grade.CRITICAL_SUCCESS),   # 3-4 always critical
    (5, 15, Grade.CRITICAL_SUCCESS),  # 5 at effective skill 15+
    (5, 14, Grade.SUCCESS),
    (6, 16, Grade.CRITICAL_SUCCESS),  # 6 at 16+
    (6, 15, Grade.SUCCESS),
    (18, 30, Grade.CRITICAL_FAILURE),  # 18 always a critical failure
    (17, 15, Grade.CRITICAL_FAILURE),  # 17 at skill 15 or less
    (17, 16, Grade.FAILURE),           # 17 at 16+: an ordinary failure
    (15, 5, Grade.CRITICAL_FAILURE),   # 10 or more over the skill
    (15, 6, Grade.FAILURE),
    (12, 12, Grade.SUCCESS),
    (13, 12, Grade.FAILURE),
])
def test_grades(total: int, skill: int, grade: Grade) -> None:
    assert outcome(total, skill).kind is grade


def test_breakdown_carries_the_margin() -> None:
    # Broadsword-15 at -2: effective 13; dice 6+4+5 = 15 fails by 2, dice 2+2+3 = 7 by 6.
    made, result = success_roll(ScriptedDice([6, 4, 5]), "k", "Broadsword", 15,
                                (Modifier(-2, "range 5 yd"),))
    assert (made.total, made.target, made.result, result.margin) == (15, 13, "failure by 2", -2)
    made, _ = success_roll(ScriptedDice([2, 2, 3]), "k", "Broadsword", 15, ())
    assert made.result == "success by 8"


@pytest.mark.parametrize("skill", [1, 5, 9, 10, 14, 15, 16, 20])
def test_grade_chances_equal_enumeration(skill: int) -> None:
    counts = dict.fromkeys(Grade, 0)
    for faces in product(range(1, 7), repeat=3):
        counts[outcome(sum(faces), skill).kind] += 1
    assert grade_chances(skill) == {g: Fraction(n, 216) for g, n in counts.items()}
