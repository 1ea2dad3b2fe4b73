"""3d6 roll-under: success, criticals, margins and their exact odds.

A GURPS success roll is 3d6 against an effective skill: equal or under succeeds. A 3 or 4
always succeeds, a 17 or 18 always fails. A critical success is a 3 or 4, a 5 at effective
skill 15+, a 6 at 16+; a critical failure an 18, a 17 at effective skill 15 or less, or any
roll 10 or more over the effective skill. The margin is effective skill minus the roll.

Examples
--------
>>> outcome(10, 10).kind, outcome(10, 10).margin
(<Grade.SUCCESS: 'success'>, 0)
>>> [outcome(total, skill).kind.value for total, skill in ((5, 15), (17, 20), (13, 3))]
['critical success', 'failure', 'critical failure']
>>> round(at_most(10), 4), round(at_most(8), 4)
(0.5, 0.2593)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from itertools import product

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import DieRoll, Modifier, RollMade

__all__ = [
    "Grade", "RollOutcome", "at_most", "distribution", "grade_chances", "outcome", "roll_3d6",
    "success_chance", "success_roll",
]


class Grade(StrEnum):
    """What a 3d6 success roll achieved."""

    CRITICAL_SUCCESS = "critical success"
    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical failure"

    @property
    def succeeded(self) -> bool:
        return self in (Grade.CRITICAL_SUCCESS, Grade.SUCCESS)


@dataclass(frozen=True, slots=True)
class RollOutcome:
    """A 3d6 total against an effective skill: the grade and the margin (skill - total)."""

    total: int
    skill: int
    kind: Grade

    @property
    def margin(self) -> int:
        return self.skill - self.total

    @property
    def succeeded(self) -> bool:
        return self.kind.succeeded

    def text(self) -> str:
        """``success by 3``, ``failure by 2``, ``critical success by 7``."""
        by = abs(self.margin)
        return f"{self.kind.value} by {by}"


def outcome(total: int, skill: int) -> RollOutcome:
    """Grade a 3d6 ``total`` against effective ``skill``.

    >>> outcome(17, 16).kind.value, outcome(6, 16).kind.value, outcome(4, 1).kind.value
    ('failure', 'critical success', 'critical success')
    """
    return RollOutcome(total, skill, _grade(total, skill))


def _grade(total: int, skill: int) -> Grade:
    if total <= 4 or (total == 5 and skill >= 15) or (total == 6 and skill >= 16):
        return Grade.CRITICAL_SUCCESS
    if total == 18 or (total == 17 and skill <= 15) or total - skill >= 10:
        return Grade.CRITICAL_FAILURE
    if total <= 16 and total <= skill:
        return Grade.SUCCESS
    return Grade.FAILURE


@cache
def distribution() -> dict[int, Fraction]:
    """The exact chance of each 3d6 total (3 to 18).

    >>> distribution()[10]
    Fraction(1, 8)
    """
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=3):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    return {total: Fraction(n, 216) for total, n in sorted(counts.items())}


def at_most(n: int) -> float:
    """P(3d6 <= n), the table of the Basic Set (``at_most(10)`` is 0.5)."""
    return float(sum(p for total, p in distribution().items() if total <= n))


@cache
def grade_chances(skill: int) -> dict[Grade, Fraction]:
    """The exact chance of each grade of a success roll against ``skill``.

    >>> grade_chances(10)[Grade.CRITICAL_SUCCESS]
    Fraction(1, 54)
    """
    chances = dict.fromkeys(Grade, Fraction(0))
    for total, p in distribution().items():
        chances[_grade(total, skill)] += p
    return chances


def success_chance(skill: int) -> Fraction:
    """The exact chance a success roll against ``skill`` succeeds (criticals included)."""
    chances = grade_chances(skill)
    return chances[Grade.CRITICAL_SUCCESS] + chances[Grade.SUCCESS]


def roll_3d6(dice: DiceSource, purpose: str) -> tuple[DieRoll, ...]:
    """Three d6, each with ``purpose``, in the order rolled."""
    return tuple(DieRoll(6, (dice.roll(6, purpose),), purpose) for _ in range(3))


def success_roll(dice: DiceSource, actor: str, purpose: str, base: int,
                 modifiers: tuple[Modifier, ...]) -> tuple[RollMade, RollOutcome]:
    """Roll 3d6 against ``base`` plus ``modifiers``; the breakdown carries the margin.

    >>> from battlemap.rules.dice import ScriptedDice
    >>> made, result = success_roll(ScriptedDice([3, 4, 2]), "h", "Broadsword", 15,
    ...                             (Modifier(-2, "range 5 yd"),))
    >>> made.total, made.target, made.result
    (9, 13, 'success by 4')
    """
    dies = roll_3d6(dice, f"{purpose} 3d6")
    skill = base + sum(m.value for m in modifiers)
    result = outcome(sum(d.total for d in dies), skill)
    made = RollMade(actor=actor, purpose=purpose, dice=dies,
                    modifiers=modifiers,
                    total=result.total, target=skill, result=result.text())
    return made, result
