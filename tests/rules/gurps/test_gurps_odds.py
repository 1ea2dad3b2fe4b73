"""Exact odds of an attack with a defense against brute force over all 6^3 x 6^3 dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from gurps_table import KNIGHT, ORC, FakeMap, board, facts, piece

from rules.gurps.defense import DefensePlan
from rules.gurps.odds import lands
from rules.gurps.roll import success_chance
from rules.interface import AttackRequest
from rules.registry import find_system


def _brute_force(skill: int, defense: int) -> Fraction:
    """Count the 6^6 dice: the attack lands on a critical hit, or a hit the defense misses."""
    landed = 0
    for attack in product(range(1, 7), repeat=3):
        a = sum(attack)
        critical = a <= 4 or (a == 5 and skill >= 15) or (a == 6 and skill >= 16)
        hit = critical or (a <= 16 and a <= skill)
        if not hit:
            continue
        if critical:
            landed += 216
            continue
        for dodge in product(range(1, 7), repeat=3):
            d = sum(dodge)
            defended = d <= 4 or (d <= 16 and d <= defense)
            landed += not defended
    return Fraction(landed, 6**6)


@pytest.mark.parametrize(("skill", "defense"), [(10, 8), (15, 12), (16, 3), (4, 16), (12, 10)])
def test_lands_equals_brute_force(skill: int, defense: int) -> None:
    assert lands(skill, success_chance(defense)) == _brute_force(skill, defense)


def test_preview_odds_for_each_defense_equal_brute_force() -> None:
    # The orc (Axe-13) swings at the knight from the front: Dodge 9 + DB 2 = 11,
    # Parry 10 + 2 = 12, Block 9 + 2 = 11; with a retreat 14, 13, 12.
    table = board(piece("orc", ORC), piece("knight", KNIGHT, x=1.0),
                  measurer=FakeMap({("orc", "knight"): facts(1.0)}))
    shown = find_system("gurps").preview_attack(table, AttackRequest("orc", "knight", "Axe"))
    odds = {c.label: c.probability for c in shown.chances}
    for label, score in [("Dodge 11", 11), ("Dodge + Retreat 14", 14),
                         ("Parry (Broadsword) 12", 12), ("Parry (Broadsword) + Retreat 13", 13),
                         ("Block (Medium Shield) 11", 11)]:
        assert odds[f"lands vs {label}"] == pytest.approx(float(_brute_force(13, score)))
    assert odds["lands vs No defense"] == pytest.approx(at_most_13 := 181 / 216)
    assert at_most_13 == odds["hit"]


@pytest.mark.parametrize(("acrobatics", "dodge"), [(12, 9), (16, 4), (6, 14)])
def test_acrobatic_dodge_odds_equal_brute_force(acrobatics: int, dodge: int) -> None:
    # Acrobatics roll first (+2 on a success, -2 on a failure), then the Dodge: all 6^3 x 6^3.
    plan = DefensePlan("dodge+acrobatic", "Dodge + Acrobatic", "dodge", None,
                       frozenset({"acrobatic"}), dodge, (), acrobatics=acrobatics)
    wins = 0
    for acro in product(range(1, 7), repeat=3):
        a = sum(acro)
        score = dodge + (2 if a <= 4 or (a <= 16 and a <= acrobatics) else -2)
        for roll in product(range(1, 7), repeat=3):
            d = sum(roll)
            wins += d <= 4 or (d <= 16 and d <= score)
    assert plan.probability == Fraction(wins, 6**6)
