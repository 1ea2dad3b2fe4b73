"""Exact odds of an attack with a defense against brute force over all 6^3 x 6^3 dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from gurps_table import KNIGHT, ORC, FakeMap, board, facts, piece

from battlemap.rules.gurps.defense import DefensePlan
from battlemap.rules.gurps.odds import lands
from battlemap.rules.gurps.roll import success_chance
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import find_system


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


GUNNER = {"st": 10, "dx": 12, "ht": 10, "hp": 10, "basic_speed": 5.5, "dodge": 8,
          "attacks": [{"name": "SMG", "skill": 15, "damage": "2d pi", "kind": "firearm",
                       "range": [160, 1900], "rate_of_fire": 4, "recoil": 1}]}
TARGET = {"st": 10, "dx": 12, "ht": 10, "hp": 10, "basic_speed": 7.0, "dodge": 10,
          "skills": {"Broadsword": 14},
          "attacks": [{"name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "2d cut",
                       "parry": 10, "weight": 3, "skill_name": "Broadsword"}]}


def _rapid_fire_brute_force(skill: int, rof: int, recoil: int, dodge: int) -> Fraction:
    """All 6^3 x 6^3 dice: hits = min(RoF, 1 + margin // Recoil) (a critical hit: no
    defense); a Dodge success by m avoids 1 + m hits, a critical Dodge all (L53)."""
    landed = 0
    for attack in product(range(1, 7), repeat=3):
        a = sum(attack)
        critical = a <= 4 or (a == 5 and skill >= 15) or (a == 6 and skill >= 16)
        if not (critical or (a <= 16 and a <= skill)):
            continue
        if critical:
            landed += 216
            continue
        hits = min(rof, 1 + (skill - a) // recoil)
        for roll in product(range(1, 7), repeat=3):
            d = sum(roll)
            crit_dodge = d <= 4 or (d == 5 and dodge >= 15) or (d == 6 and dodge >= 16)
            ok = crit_dodge or (d <= 16 and d <= dodge)
            avoided = 10**6 if crit_dodge else (1 + dodge - d if ok else 0)
            landed += avoided < hits
    return Fraction(landed, 6**6)


def test_rapid_fire_odds_are_at_least_one_hit_through_the_dodge_l53() -> None:
    # L53: a successful Dodge avoids one hit "plus additional hits equal to your margin of
    # success". SMG-15, RoF 4, Recoil 1 against Dodge 10 (one yard: no range penalty). The card
    # showed 50 % (crit 16/216 + ordinary 145/216 x (1 - 1/2): every dodge taken to stop all);
    # the exact chance that at least one of the hits lands is 1325/1728 = 76.7 %.
    table = board(piece("gunner", GUNNER), piece("target", TARGET, x=1.0),
                  measurer=FakeMap({("gunner", "target"): facts(1.0)}))
    shown = find_system("gurps").preview_attack(table, AttackRequest("gunner", "target", "SMG"))
    odds = {c.label: c for c in shown.chances}
    assert odds["lands vs Dodge 10"].exact == "1325/1728"
    assert Fraction(1325, 1728) == _rapid_fire_brute_force(15, 4, 1, 10)
    assert odds["lands vs Dodge 10"].probability == pytest.approx(0.7668, abs=1e-4)


@pytest.mark.parametrize(("skill", "rof", "recoil", "dodge"),
                         [(15, 4, 1, 10), (12, 3, 2, 9), (18, 10, 1, 12), (9, 20, 1, 14)])
def test_rapid_fire_odds_equal_brute_force(skill: int, rof: int, recoil: int,
                                           dodge: int) -> None:
    gunner = {**GUNNER, "attacks": [{**GUNNER["attacks"][0], "skill": skill, "rate_of_fire": rof,
                                     "recoil": recoil}]}
    table = board(piece("gunner", gunner), piece("target", {**TARGET, "dodge": dodge}, x=1.0),
                  measurer=FakeMap({("gunner", "target"): facts(1.0)}))
    shown = find_system("gurps").preview_attack(table, AttackRequest("gunner", "target", "SMG"))
    exact = {c.label: c.exact for c in shown.chances}
    assert exact[f"lands vs Dodge {dodge}"] == str(_rapid_fire_brute_force(skill, rof, recoil,
                                                                            dodge))


def _double_defense_brute_force(skill: int, first: int, second: int) -> Fraction:
    """All 6^3 x 6^3 x 6^3 dice, folded to totals: the attack lands on a critical hit, or on
    a hit both defenses miss (L11: the second only after the first failed)."""
    totals = [sum(f) for f in product(range(1, 7), repeat=3)]
    def stops(d: int, score: int) -> bool:
        return d <= 4 or (d <= 16 and d <= score)
    misses = {score: sum(not stops(d, score) for d in totals) for score in (first, second)}
    landed = 0
    for a in totals:
        critical = a <= 4 or (a == 5 and skill >= 15) or (a == 6 and skill >= 16)
        if critical:
            landed += 216 * 216
        elif a <= 16 and a <= skill:
            landed += misses[first] * misses[second]
    return Fraction(landed, 6**9)


def test_all_out_defense_odds_include_the_second_defense_l11() -> None:
    # L11: All-Out Defense (Double Defense) "lets you attempt a second defense ... if your
    # first defense fails". The orc's Axe-13 against the knight (DB 2 from the front): Dodge
    # 9 + 2 = 11 first, then the best different defense, Parry 10 + 2 + 1 retreat = 13 (not
    # another dodge); a parry with a retreat first (13), then the Dodge keeps the retreat's +3
    # against this foe: 9 + 2 + 3 = 14.
    knight = {**KNIGHT, "condition": {"maneuver": "all-out-defense"}}
    table = board(piece("orc", ORC), piece("knight", knight, x=1.0),
                  measurer=FakeMap({("orc", "knight"): facts(1.0)}))
    shown = find_system("gurps").preview_attack(table, AttackRequest("orc", "knight", "Axe"))
    exact = {c.label: c.exact for c in shown.chances}
    assert exact["lands vs Dodge 11, then Parry (Broadsword) + Retreat 13"] == \
        str(_double_defense_brute_force(13, 11, 13)) == "2833/41472"
    assert exact["lands vs Parry (Broadsword) + Retreat 13, then Dodge 14"] == \
        str(_double_defense_brute_force(13, 13, 14))
    assert str(_brute_force(13, 11)) != "2833/41472"  # the single defense shown before
