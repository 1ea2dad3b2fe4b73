"""Defense scores: "Dodging", "Blocking", "Parrying", "Parrying Unarmed", "Shields and Defense
Bonus", "Retreat" - each paragraph's modifier worked out by hand."""

from __future__ import annotations

from typing import Any

import pytest
from gurps_table import KNIGHT, ORC

from battlemap.rules.gurps.defense import (
    DefensePlan,
    Threat,
    defense_plans,
    no_defense_reason,
    parry_breakage_odds,
)
from battlemap.rules.gurps.statblock import Character, character_from_dict


def _who(stats: dict[str, Any], **changes: Any) -> Character:
    return character_from_dict({**stats, **changes}, "t")


def _threat(attack: dict[str, Any] | None = None, arc: str = "front",
            distance: float = 1.0, st: int = 12) -> Threat:
    foe = _who({"st": st, "attacks": [attack or {"name": "Axe", "usage": "Swung", "skill": 13,
                                                 "damage": "2d+2 cut", "weight": 4}]})
    return Threat("foe", foe, foe.attacks[0], arc, distance)


def _plans(defender: Character, threat: Threat) -> dict[str, DefensePlan]:
    return {p.id: p for p in defense_plans(defender, threat)}


def test_dodge_is_basic_speed_plus_3_less_encumbrance() -> None:
    # "Your Dodge active defense is Basic Speed + 3, dropping all fractions, less a penalty
    # equal to your encumbrance level": 6.25 -> 6 + 3 - 1 = 8.
    assert _who({"basic_speed": 6.25, "encumbrance": 1}).dodge == 8


def test_block_is_3_plus_half_shield_skill() -> None:
    # "Shield-11 would give a Block of 3 + (11/2) = 8.5, which rounds down to 8."
    who = _who({"skills": {"Shield": 11}, "shield": {"name": "Buckler", "db": 1}})
    assert who.shield is not None and who.shield.block == 8
    cloak = _who({"skills": {"Cloak": 13}, "shield": {"name": "Cloak", "db": 1, "cloak": True}})
    assert cloak.shield is not None and cloak.shield.block == 9


def test_parry_is_3_plus_half_weapon_skill() -> None:
    # "Broadsword-13 would give a Parry of 9."
    who = _who({"attacks": [{"name": "Broadsword", "skill": 13, "damage": "2d cut",
                             "parry": True}]})
    assert who.attacks[0].parry == 9
    # "A few long, well-balanced weapons (e.g., the quarterstaff) get a +1 or +2 bonus":
    # Staff-12 with +2: 3 + 6 + 2 = 11.
    staff = _who({"attacks": [{"name": "Quarterstaff", "skill": 12, "damage": "1d+2 cr",
                               "parry": True, "parry_bonus": 2}]})
    assert staff.attacks[0].parry == 11


@pytest.mark.parametrize(("arc", "kind", "db"), [
    ("front", "melee", 2),    # from in front
    ("left", "melee", 2),     # from the shield side (the shield on the left arm by default)
    ("right", "melee", 0),    # the other side: no DB
    ("back", "melee", 0),
    ("front", "missile", 2),  # muscle-powered missiles
    ("front", "thrown", 2),
    ("front", "firearm", 0),  # "not against firearms"
])
def test_shield_db_adds_from_front_or_shield_side_not_against_firearms(
        arc: str, kind: str, db: int) -> None:
    # "Shields and Defense Bonus": the DB adds to Dodge, Parry and Block.
    attack = {"name": "X", "skill": 12, "damage": "1d cr", "kind": kind,
              **({} if kind == "melee" else {"range": [10, 20]})}
    plans = _plans(_who(KNIGHT), _threat(attack, arc))
    assert plans["dodge"].score == 9 + db
    assert plans["block"].score == 9 + db


def test_a_shield_on_the_right_arm_guards_the_right() -> None:
    # A left-handed fighter carries the shield on the right: the DB counts from the front and
    # the right, not from the left. Dodge 9 + 2 / 9.
    lefty = _who(KNIGHT, shield={"name": "Medium Shield", "db": 2, "block": 9, "side": "right"})
    assert [_plans(lefty, _threat(arc=arc))["dodge"].score for arc in ("front", "right", "left")] \
        == [11, 11, 9]


def test_retreat_bonuses_and_fencing() -> None:
    # "Retreating gives +3 to Dodge, or +1 to Block or Parry ... Boxing, Judo, Karate, or any
    # fencing skill ... +3 to Parry." Knight: Dodge 9+2+3 = 14, Block 9+2+1 = 12,
    # Broadsword Parry 10+2+1 = 13; a fencer's Rapier (Parry 11F, no shield): 11+3 = 14.
    plans = _plans(_who(KNIGHT), _threat())
    assert (plans["dodge+retreat"].score, plans["block+retreat"].score,
            plans["parry:Broadsword+retreat"].score) == (14, 12, 13)
    fencer = _who({"attacks": [{"name": "Rapier", "skill": 16, "damage": "1d+1 imp",
                                "parry": 11, "fencing": True}]})
    assert _plans(fencer, _threat())["parry:Rapier+retreat"].score == 14
    judoka = _who({"attacks": [{"name": "Judo", "skill": 14, "damage": "1d-1 cr", "reach": "C",
                                "parry": 10, "unarmed": True, "skill_name": "Judo"}]})
    assert _plans(judoka, _threat())["parry:Judo+retreat"].score == 13


@pytest.mark.parametrize(("condition", "why"), [
    ({"posture": "kneeling"}, "cannot retreat while kneeling"),
    ({"stunned": True}, "cannot retreat while stunned"),
    ({"sprinted": True}, "moved faster than Basic Move last turn"),
    ({"retreated_from": "other"}, "retreated already since the last turn"),
    ({"sacrificed": True}, "made a sacrificial dodge (moved) since the last turn"),
])
def test_when_no_retreat(condition: dict[str, Any], why: str) -> None:
    # "You cannot retreat while in a sitting or kneeling posture, or while stunned ... if you
    # moved faster than your Basic Move"; "You can retreat only once"; sacrificial dodge.
    plans = _plans(_who(KNIGHT, condition=condition), _threat())
    assert plans["dodge+retreat"].why_not == why


def test_a_retreat_keeps_its_bonus_against_the_same_attacker() -> None:
    # "you get your retreating bonus on all active defense rolls against all of his attacks
    # until your next turn": no second step, the +3 stays on Dodge (9 + 2 + 3 = 14).
    plans = _plans(_who(KNIGHT, condition={"retreated_from": "foe"}), _threat())
    assert plans["dodge"].score == 14 and "dodge+retreat" not in plans


def test_retreat_only_against_melee() -> None:
    bow = {"name": "Bow", "skill": 13, "damage": "1d imp", "kind": "missile", "range": [100, 150]}
    plans = _plans(_who(KNIGHT), _threat(bow, distance=10))
    assert plans["dodge+retreat"].why_not == "a retreat is only against melee attacks"


def test_unbalanced_weapon_cannot_parry_after_attacking() -> None:
    # "Some hefty weapons (e.g., axes) are unbalanced: you cannot use them to parry if you've
    # already used them to attack on your turn."
    orc = _who(ORC, condition={"attacked_with": ["Axe"]})
    plans = _plans(orc, _threat())
    assert plans["parry:Axe"].why_not == "Axe is unbalanced and attacked this turn"
    assert _plans(_who(ORC), _threat())["parry:Axe"].allowed


@pytest.mark.parametrize(("earlier", "fencing", "traits", "penalty"), [
    (1, False, [], -4), (2, False, [], -8),
    (1, True, [], -2), (1, False, ["Weapon Master (Sword)"], -2),
    (1, False, ["Trained By A Master"], -2), (2, True, ["Weapon Master"], -2),
])
def test_cumulative_parry_penalty(earlier: int, fencing: bool, traits: list[str],
                                  penalty: int) -> None:
    # "Number of Parries": -4 per parry after the first, -2 with a fencing weapon or Weapon
    # Master / Trained By A Master, -1 with both.
    who = _who({"traits": traits, "condition": {"parries": {"Sword": earlier}},
                "attacks": [{"name": "Sword", "skill": 14, "damage": "1d cut", "parry": 10,
                             "fencing": fencing}]})
    assert _plans(who, _threat())["parry:Sword"].score == 10 + penalty


def test_off_hand_parry_and_ambidexterity() -> None:
    # "Parrying with the Off Hand": -2 to Parry, ignored with Ambidexterity.
    dagger = {"name": "Dagger", "skill": 12, "damage": "1d-2 imp", "parry": 9, "hand": "off"}
    assert _plans(_who({"attacks": [dagger]}), _threat())["parry:Dagger"].score == 7
    ambi = _who({"attacks": [dagger], "traits": ["Ambidexterity"]})
    assert _plans(ambi, _threat())["parry:Dagger"].score == 9


@pytest.mark.parametrize(("weight", "score"), [(2.0, 9), (1.0, 8)])
def test_parrying_thrown_weapons(weight: float, score: int) -> None:
    # "Parrying Thrown Weapons": -1, or -2 for weapons of 1 lb. or less. Parry 10 - 1 / - 2.
    axe = {"name": "Hatchet", "skill": 12, "damage": "1d cut", "kind": "thrown",
           "range": [10, 15], "weight": weight}
    plans = _plans(_who(KNIGHT, shield=None), _threat(axe, distance=3))
    assert plans["parry:Broadsword"].score == score


@pytest.mark.parametrize(("distance", "allowed"), [(1.0, True), (4.0, False)])
def test_missiles_are_parried_only_within_reach(distance: float, allowed: bool) -> None:
    # "If a foe attacks you with a missile weapon and he is within reach of your melee weapon,
    # you may parry."
    pistol = {"name": "Pistol", "skill": 12, "damage": "2d pi", "kind": "firearm",
              "range": [150, 1500]}
    plans = _plans(_who(KNIGHT), _threat(pistol, distance=distance))
    assert plans["parry:Broadsword"].allowed is allowed


@pytest.mark.parametrize(("usage", "damage", "skill_name", "score"), [
    ("Swung", "2d cut", "Brawling", 6),   # -3 against a weapon
    ("Thrust", "1d+2 imp", "Brawling", 9),  # "unless the attack is a thrust"
    ("Swung", "2d cut", "Karate", 9),     # "or you are using Judo or Karate"
    # L127 "-3 ... unless the attack is a thrust": a swung pick impales but is not a thrust
    # (9 - 3 = 6); an impaling attack with no usage named is read as a thrust (9)
    ("Swung", "2d imp", "Brawling", 6),
    ("", "1d+2 imp", "Brawling", 9),
])
def test_bare_hands_against_weapons(usage: str, damage: str, skill_name: str,
                                    score: int) -> None:
    # "Parrying Unarmed": "You are at -3 to parry weapons, unless the attack is a thrust or you
    # are using Judo or Karate." Punch Parry 9.
    brawler = _who({"attacks": [{"name": "Punch", "skill": 12, "damage": "1d-1 cr",
                                 "reach": "C", "parry": 9, "unarmed": True,
                                 "skill_name": skill_name}]})
    sword = {"name": "Sword", "usage": usage, "skill": 13, "damage": damage}
    assert _plans(brawler, _threat(sword))["parry:Punch"].score == score


def test_parrying_heavy_weapons_breakage_odds() -> None:
    # "Parrying Heavy Weapons": three times its weight: 2 in 6, +1 per multiple past 3; cheap +2,
    # fine -1, very fine -2. A 2.75 lb rapier parrying a 14 lb club: 5 times -> 4 in 6; cheap
    # 6; fine 3; a 3 lb sword against a 4 lb axe: 0.
    def odds(weight: float, quality: str, attack_weight: float) -> int:
        who = _who({"attacks": [{"name": "Blade", "skill": 14, "damage": "1d imp", "parry": 10,
                                 "weight": weight, "quality": quality}]})
        club = {"name": "Club", "skill": 12, "damage": "3d cr", "weight": attack_weight}
        return parry_breakage_odds(who.attacks[0], _threat(club))
    assert (odds(2.75, "good", 14), odds(2.75, "cheap", 14), odds(2.75, "fine", 14),
            odds(3, "good", 4), odds(1, "very fine", 9)) == (4, 6, 3, 0, 6)


def test_unarmed_attacks_weigh_a_tenth_of_st_and_a_slam_full_st() -> None:
    # "treat a punch ... as a weapon with an effective weight of 1/10 the attacker's ST. Use his
    # full ST if he made a slam": ST 30 punch = 3 lb against a 1 lb knife: 3 times -> 2 in 6;
    # a ST 12 slam = 12 lb: 12 times -> 11 in 6 (and beyond Basic Lift 10: automatic failure).
    knife = _who({"basic_lift": 10, "attacks": [{"name": "Knife", "skill": 12,
                                                 "damage": "1d-2 cut", "parry": 8, "weight": 1}]})
    punch = {"name": "Punch", "skill": 12, "damage": "1d cr", "unarmed": True, "reach": "C"}
    assert parry_breakage_odds(knife.attacks[0], _threat(punch, st=30)) == 2
    slam = {**punch, "usage": "Slam"}
    plan = _plans(knife, _threat(slam, st=12))["parry:Knife"]
    assert plan.breakage == 11 and plan.probability == 0
    assert plan.automatic_failure == "the attack is heavier than Basic Lift"


@pytest.mark.parametrize(("name", "usage"), [
    ("Pounce", ""), ("Flying Tackle", ""), ("Bite", "Pounce"), ("Slam", ""),
    ("Shield", "Shield Rush"),
])
def test_a_pounce_or_flying_tackle_weighs_full_st_l89(name: str, usage: str) -> None:
    # L89: "Use his full ST if he made a slam, flying tackle, pounce, or shield rush!" A ST 12
    # pounce weighs 12 lb: against a 1 lb knife 12 times -> 2 + 9 = 11 in 6, and beyond the
    # knife-fighter's Basic Lift 10 the parry fails outright (before: 1.2 lb, a fair parry).
    knife = _who({"basic_lift": 10, "attacks": [{"name": "Knife", "skill": 12,
                                                 "damage": "1d-2 cut", "parry": 8, "weight": 1}]})
    leap = {"name": name, "usage": usage, "skill": 12, "damage": "1d cr", "unarmed": True,
            "reach": "C"}
    plan = _plans(knife, _threat(leap, st=12))["parry:Knife"]
    assert plan.breakage == 11
    assert plan.automatic_failure == "the attack is heavier than Basic Lift"
    assert plan.probability == 0


def test_no_defense_reasons() -> None:
    assert no_defense_reason(_who(KNIGHT), _threat(arc="back")) == "attacked from behind"
    assert no_defense_reason(_who(KNIGHT), _threat()) is None
