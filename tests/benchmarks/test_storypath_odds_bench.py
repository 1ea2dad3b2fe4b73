"""Speed of the Storypath hover card's exact odds (one frame is 16 ms at 60 Hz).

:func:`battlemap.rules.storypath.odds.attack_odds` convolves whole-number die weights over one
common denominator; the naive reference convolves :class:`fractions.Fraction` values (normalising
after every product), measured in the same run on the same pools: 15 dice, Enhancement 2,
Defense 4, up to 6 left, for each ``tens`` setting. Each benchmark prints its median and the
ratio. Run with ``--benchmark-enable``.
"""

from fractions import Fraction
from typing import Any

import pytest

from battlemap.rules.storypath.odds import attack_odds, die_distribution

MEDIANS: dict[str, float] = {}


def _naive_odds(pool: int, tens: str, enhancement: int, required: int, max_left: int) -> Fraction:
    """The chance to hit by Fraction convolution (the reference)."""
    cap = required + max_left + 1
    one = die_distribution(tens, cap)
    total = [Fraction(1)] + [Fraction(0)] * cap
    for _ in range(pool):
        out = [Fraction(0)] * (cap + 1)
        for i, p in enumerate(total):
            for j, q in enumerate(one):
                out[min(i + j, cap)] += p * q
        total = out
    shifted = [Fraction(0)] * (cap + 1)
    for s, p in enumerate(total):
        shifted[min(s + enhancement, cap) if s >= 1 else 0] += p
    return sum(shifted[required + 1:], Fraction(0))


def _report(name: str, benchmark: Any, tens: str) -> None:
    stats = benchmark.stats
    MEDIANS[name] = float(stats.stats.median) if stats is not None else float("nan")
    print(f"\n{name}: median {MEDIANS[name] * 1e3:.3f} ms")
    fast, naive = f"odds {tens} (integers)", f"odds {tens} (fractions)"
    if {fast, naive} <= MEDIANS.keys():
        print(f"{tens}: whole-number weights are {MEDIANS[naive] / MEDIANS[fast]:.1f}x faster")


@pytest.mark.parametrize("tens", ["none", "double", "reroll"])
def test_odds_with_integer_weights(benchmark: Any, tens: str) -> None:
    odds = benchmark(attack_odds, 15, tens, 2, 4, 6)
    assert odds.hit == _naive_odds(15, tens, 2, 4, 6)
    _report(f"odds {tens} (integers)", benchmark, tens)


@pytest.mark.parametrize("tens", ["none", "double", "reroll"])
def test_odds_with_fractions_reference(benchmark: Any, tens: str) -> None:
    hit = benchmark(_naive_odds, 15, tens, 2, 4, 6)
    assert 0 < hit < 1
    _report(f"odds {tens} (fractions)", benchmark, tens)
