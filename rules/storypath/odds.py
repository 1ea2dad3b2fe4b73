"""Exact odds of a Storypath pool: the chance to exceed a Defense and to have k successes left.

Each die is an independent d10, so the pool's successes are the convolution of one die's
distribution: 0 with 7/10 and 1 with 3/10 (the binomial pool); with 10s doubled 1 with 2/10 and
2 with 1/10; with 10s rerolled 1 with 27/100 and k with 27/100 x (1/10)^(k-1) (a 10 is one
success and one more die). Rerolls make the count unbounded, so distributions stop at a
``cap`` whose last entry is the exact chance of ``cap`` successes or more. Enhancement moves every
outcome with at least one success up by its value. All arithmetic is in fractions.

Examples
--------
>>> [str(p) for p in success_distribution(2, "none")]
['49/100', '21/50', '9/100']
>>> odds = attack_odds(pool=2, tens="none", enhancement=0, required=0, max_left=2)
>>> str(odds.hit), [str(p) for p in odds.left]
('51/100', ['21/50', '9/100'])
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["AttackOdds", "attack_odds", "die_distribution", "success_distribution"]

def die_distribution(tens: str, cap: int) -> tuple[Fraction, ...]:
    """One die's successes 0..cap-1, and the chance of ``cap`` or more last."""
    weights, denominator = _die_weights(tens, cap)
    return tuple(Fraction(w, denominator) for w in weights)


def success_distribution(pool: int, tens: str, enhancement: int = 0,
                         cap: int | None = None) -> tuple[Fraction, ...]:
    """P(successes = s) for s < cap and P(successes >= cap) last, Enhancement included.

    Without ``cap`` it is the largest count the pool can reach without rerolls. The sums run
    on whole numbers over one common denominator (exact, and fast for a hover card).
    """
    top = cap if cap is not None else pool * (2 if tens == "double" else 1) + enhancement
    one_die, denominator = _die_weights(tens, top)
    total = [1] + [0] * top
    for _ in range(pool):
        total = _convolve(total, one_die, top)
    shifted = [0] * (top + 1)
    for s, weight in enumerate(total):
        shifted[min(s + enhancement, top) if s >= 1 else 0] += weight
    return tuple(Fraction(w, denominator ** pool) for w in shifted)


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """``hit``: successes exceed the Difficulty; ``left[k-1]``: exactly k left after it
    (k = 1..max_left); ``more``: more than ``max_left`` left."""

    hit: Fraction
    left: tuple[Fraction, ...]
    more: Fraction


def attack_odds(pool: int, tens: str, enhancement: int, required: int,
                max_left: int) -> AttackOdds:
    """The exact odds of an attack whose successes must exceed ``required``.

    Examples
    --------
    >>> str(attack_odds(1, "reroll", 0, 1, 1).hit)  # a 10 then an 8+: 1/10 x 3/10
    '3/100'
    """
    cap = required + max_left + 1
    dist = success_distribution(pool, tens, enhancement, cap)
    left = tuple(dist[required + k] for k in range(1, max_left + 1))
    return AttackOdds(hit=sum(dist[required + 1:], Fraction(0)), left=left, more=dist[cap])


def _die_weights(tens: str, cap: int) -> tuple[list[int], int]:
    """One die's chances as whole numbers over a denominator, the last entry ">= cap"."""
    if tens == "none":
        exact, denominator = [7, 3], 10
    elif tens == "double":
        exact, denominator = [7, 2, 1], 10
    else:  # P(0) = 7/10, P(k) = 27 / 10^(k+1): over 10^(cap+1)
        denominator = 10 ** (cap + 1)
        exact = [7 * 10 ** cap] + [27 * 10 ** (cap - k) for k in range(1, cap)]
    head = exact[:cap] + [0] * (cap - len(exact[:cap]))
    return [*head, denominator - sum(head)], denominator


def _convolve(first: list[int], second: list[int], cap: int) -> list[int]:
    out = [0] * (cap + 1)
    for i, p in enumerate(first):
        if p:
            for j, q in enumerate(second):
                out[min(i + j, cap)] += p * q
    return out
