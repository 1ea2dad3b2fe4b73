"""Exact odds of 4dF and of an exchange, as fractions of 81 and of 6561.

One Fudge die is -1, 0 or +1 with equal chance; four of them make the distribution
1, 4, 10, 16, 19, 16, 10, 4, 1 out of 81 for -4 to +4. An exchange (or an attack against a
defense roll) compares two such rolls; the margin ``(a + 4dF) - (d + 4dF)`` is distributed as
the difference of two 4dF plus ``a - d``, out of 81 x 81 = 6561.

Examples
--------
>>> [FOUR_DF[total] for total in range(-4, 5)]
[1, 4, 10, 16, 19, 16, 10, 4, 1]
>>> margin = margin_distribution(0)
>>> margin[0] * 6561, sum(margin.values())
(Fraction(1107, 1), Fraction(1, 1))
>>> str(win_by_at_least(2, 1))
'4850/6561'
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

__all__ = ["FOUR_DF", "margin_distribution", "win_by_at_least"]


def _four_df_counts() -> dict[int, int]:
    counts: dict[int, int] = {}
    for faces in product((-1, 0, 1), repeat=4):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    return counts


FOUR_DF: dict[int, int] = _four_df_counts()
"""How many of the 81 equally likely 4dF rolls give each total."""


def margin_distribution(bonus: int, opposed: bool = True) -> dict[int, Fraction]:
    """The exact chance of each margin (first side's total minus the second's), where the first
    side's rating and modifiers exceed the second's by ``bonus``; ``opposed=False``: the second
    side is a fixed difficulty that rolls no dice (a squeeze against armour and shield), so the
    margin is one 4dF plus ``bonus``.

    >>> str(margin_distribution(0)[8]), str(margin_distribution(0, opposed=False)[4])
    ('1/6561', '1/81')
    """
    if not opposed:
        return {total + bonus: Fraction(count, 81) for total, count in sorted(FOUR_DF.items())}
    return dict(_margins(bonus))


@cache
def _margins(bonus: int) -> tuple[tuple[int, Fraction], ...]:
    result: dict[int, Fraction] = {}
    for mine, my_count in FOUR_DF.items():
        for theirs, their_count in FOUR_DF.items():
            margin = mine - theirs + bonus
            result[margin] = result.get(margin, Fraction(0)) + Fraction(
                my_count * their_count, 6561)
    return tuple(sorted(result.items()))


def win_by_at_least(bonus: int, shifts: int, opposed: bool = True) -> Fraction:
    """The chance the first side wins by ``shifts`` or more (``shifts`` >= 1); ``opposed``
    as in :func:`margin_distribution`.

    >>> str(win_by_at_least(0, 1)), str(win_by_at_least(0, 1, opposed=False))
    ('101/243', '31/81')
    """
    return sum((p for margin, p in margin_distribution(bonus, opposed).items()
                if margin >= shifts), Fraction(0))
