"""The dice pool and its exact odds, checked against brute-force enumeration.

Paragraphs: *Attacking* ("If you roll enough successes to exceed their Defense, your attack
succeeds. After succeeding, you may spend additional successes"); issue 15 *The system*
(a success on 8+; 10s double or rerolled as a setting, default neither; Enhancement adds
successes when at least one success is rolled).
"""

from fractions import Fraction
from itertools import product

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.storypath.odds import attack_odds, die_distribution, success_distribution
from battlemap.rules.storypath.pool import face_successes, roll_pool


def test_a_success_is_eight_or_more() -> None:
    # faces 7, 8, 9, 10 -> 0 + 1 + 1 + 1 = 3 successes (10s count once by default)
    assert roll_pool(4, "none", 0, ScriptedDice([7, 8, 9, 10]), "pool").successes == 3


def test_enhancement_needs_one_rolled_success() -> None:
    # Enhancement 2: with one success rolled 1 + 2 = 3; with none it adds nothing
    assert roll_pool(3, "none", 2, ScriptedDice([8, 1, 1]), "pool").successes == 3
    assert roll_pool(3, "none", 2, ScriptedDice([7, 1, 1]), "pool").successes == 0


def test_double_tens_count_two() -> None:
    # 10, 10, 8 with tens doubled: 2 + 2 + 1 = 5
    assert roll_pool(3, "double", 0, ScriptedDice([10, 10, 8]), "pool").successes == 5


def test_rerolled_tens_roll_another_die_at_once() -> None:
    # die 1: 10 -> reroll 10 -> reroll 3 (2 successes); die 2: 9 (1) = 3; 4 dice consumed
    dice = ScriptedDice([10, 10, 3, 9])
    roll = roll_pool(2, "reroll", 0, dice, "pool")
    assert roll.successes == 3 and dice.used == 4
    assert [d.faces for d in roll.dice] == [(10, 10, 3), (9,)]


def _enumerated(pool: int, tens: str, enhancement: int) -> dict[int, Fraction]:
    """Every face combination of ``pool`` d10 (no rerolls), counted."""
    counts: dict[int, Fraction] = {}
    for faces in product(range(1, 11), repeat=pool):
        rolled = sum(face_successes(f, tens) for f in faces)
        total = rolled + (enhancement if rolled else 0)
        counts[total] = counts.get(total, Fraction(0)) + Fraction(1, 10 ** pool)
    return counts


@pytest.mark.parametrize("tens", ["none", "double"])
@pytest.mark.parametrize("pool", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("enhancement", [0, 2])
def test_distribution_matches_enumeration(pool: int, tens: str, enhancement: int) -> None:
    exact = _enumerated(pool, tens, enhancement)
    dist = success_distribution(pool, tens, enhancement)
    assert {s: p for s, p in enumerate(dist) if p} == exact


def _reroll_die_enumerated(depth: int) -> dict[int, Fraction]:
    """One die with 10s rerolled: every chain of faces (tens, then a face that is not a 10) of
    up to ``depth`` dice, enumerated face by face. A count k < depth comes only from chains
    of k or k + 1 dice, so those counts are complete."""
    counts: dict[int, Fraction] = {}
    for length in range(1, depth + 1):
        for faces in product(range(1, 11), repeat=length):
            if faces[-1] == 10 or any(f != 10 for f in faces[:-1]):
                continue
            s = sum(f >= 8 for f in faces)
            counts[s] = counts.get(s, Fraction(0)) + Fraction(1, 10 ** length)
    return {k: p for k, p in counts.items() if k < depth}


def test_rerolled_die_matches_enumeration_below_the_cap() -> None:
    exact = _reroll_die_enumerated(4)
    dist = die_distribution("reroll", 4)
    assert [dist[k] for k in range(4)] == [exact.get(k, Fraction(0)) for k in range(4)]
    assert dist[4] == 1 - sum(exact.values())  # the ">= 4" tail


def test_rerolled_pool_of_two_by_enumeration() -> None:
    # two dice, each a chain: convolve the enumerated single-die chances by hand
    one = _reroll_die_enumerated(5)
    two: dict[int, Fraction] = {}
    for a, pa in one.items():
        for b, pb in one.items():
            two[a + b] = two.get(a + b, Fraction(0)) + pa * pb
    dist = success_distribution(2, "reroll", 0, cap=4)
    assert [dist[k] for k in range(4)] == [two.get(k, Fraction(0)) for k in range(4)]


@pytest.mark.parametrize("tens", ["none", "double"])
def test_attack_odds_against_enumeration(tens: str) -> None:
    # 4 dice, Enhancement 1, Defense 2: hit = P(S > 2), k left = P(S = 2 + k)
    exact = _enumerated(4, tens, 1)
    odds = attack_odds(4, tens, 1, required=2, max_left=3)
    assert odds.hit == sum(p for s, p in exact.items() if s > 2)
    assert list(odds.left) == [exact.get(2 + k, Fraction(0)) for k in (1, 2, 3)]
    assert odds.more == sum(p for s, p in exact.items() if s > 5)


def test_binomial_pool_worked_by_hand() -> None:
    # 3 dice vs Defense 1: hit = P(2) + P(3) = 3 x 0.3^2 x 0.7 + 0.3^3 = 0.189 + 0.027 = 0.216
    odds = attack_odds(3, "none", 0, required=1, max_left=2)
    assert odds.hit == Fraction(216, 1000)
    assert odds.left == (Fraction(189, 1000), Fraction(27, 1000))
