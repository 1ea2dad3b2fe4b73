"""Exact odds: hand-worked cases, properties, and agreement with simulated attacks.

The cross-check from issue 4: a Wild Card with d6 against TN 4 succeeds 75 %, d8 81.25 %, d4
62.5 %. The attack case below is worked out by hand from the Acing-die sums.
"""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spf_people import goblin, hero

from battlemap.rules.dice import RandomDice
from battlemap.rules.events import DamageRolled, Hit, Modifier, Wounded
from battlemap.rules.savage_pathfinder import (
    AttackContext,
    TraitDie,
    acing_at_least,
    attack_odds,
    combatant_from_dict,
    resolve_attack,
    trait_odds,
)


@pytest.mark.parametrize(("sides", "chance"), [(6, "3/4"), (8, "13/16"), (4, "5/8")])
def test_wild_card_against_four(sides: int, chance: str) -> None:
    # d6: fail only if both dice show 1-3: 1 - 1/2 * 1/2 = 75 %; d8: 1 - 3/8 * 1/2 = 81.25 %;
    # d4: 1 - 3/4 * 1/2 = 62.5 %
    assert trait_odds(TraitDie(sides), wild_card=True).success_or_better == Fraction(chance)


def test_acing_closed_form_matches_counting() -> None:
    # d6 >= 8 needs a 6 then 2+: 1/6 * 5/6; d4 >= 9 needs 4, 4, then anything: 1/16
    assert acing_at_least(6, 8) == Fraction(5, 36)
    assert acing_at_least(4, 9) == Fraction(1, 16)


def test_critical_failure_and_unskilled() -> None:
    # Wild Card d8: both 1s = 1/48. Unskilled d4 - 2 needs 6 = 4 then 2+: 1/4 * 3/4
    assert trait_odds(TraitDie(8), wild_card=True).critical_failure == Fraction(1, 48)
    assert trait_odds(None, wild_card=False).success_or_better == Fraction(3, 16)


def test_attack_odds_worked_by_hand() -> None:
    # An Extra with Fighting d4 punches a goblin (Parry 5, Toughness 5) with Strength d4.
    # Hit: d4 >= 5 = 1/4; raise: d4 >= 9 = 1/16, so a plain hit 3/16.
    # Plain hit: d4 >= 5 Shakes (1/4), d4 >= 9 Wounds (1/16).
    # Raise: d4 + d6 < 5 only for (1,1..3), (2,1..2), (3,1): 6/24, so Shaken 3/4;
    # d4 + d6 <= 8 = 91/144 + 1/32 + 1/48 + 1/96 = 25/36, so a Wound 11/36.
    # Shaken = 3/16 * 1/4 + 1/16 * 3/4 = 3/32; Incapacitated = 3/16 * 1/16 + 1/16 * 11/36
    # = 71/2304.
    brute = combatant_from_dict({"skills": {"fighting": "d4"},
                                 "attributes": {"strength": "d4"}}, "b", "b1")
    odds = attack_odds(brute, goblin(), None, AttackContext())
    assert odds.hit == pytest.approx(1 / 4, abs=1e-12)
    assert odds.raise_ == pytest.approx(1 / 16, abs=1e-12)
    assert odds.shaken == pytest.approx(3 / 32, abs=1e-12)
    assert odds.incapacitated == pytest.approx(71 / 2304, abs=1e-12)
    assert odds.wounds[0] == pytest.approx(1 - 71 / 2304, abs=1e-12)


def test_already_shaken_target_turns_a_success_into_a_wound() -> None:
    calm = attack_odds(hero(), goblin(), "Longsword", AttackContext())
    shaken = attack_odds(hero(), goblin(condition={"shaken": True}), "Longsword",
                         AttackContext())
    assert shaken.shaken_only == 0.0
    assert shaken.wounds[1] == pytest.approx(calm.wounds[1] + calm.shaken_only, abs=1e-12)


DICE = st.sampled_from([4, 6, 8, 10, 12])


@settings(max_examples=200, deadline=None)
@given(DICE, st.booleans(), st.integers(-10, 10), st.integers(1, 12))
def test_trait_odds_are_a_distribution(sides: int, wild: bool, mod: int, tn: int) -> None:
    odds = trait_odds(TraitDie(sides), wild_card=wild, modifier=mod, target=tn)
    parts = (odds.critical_failure, odds.failure, odds.success, odds.raise_)
    assert all(0 <= p <= 1 for p in parts) and sum(parts) == 1


@settings(max_examples=150, deadline=None)
@given(fighting=DICE, strength=DICE, weapon=DICE, vigor=DICE, armor=st.integers(0, 6),
       wild=st.booleans(), shaken=st.booleans(), wounds=st.integers(0, 3),
       bonus=st.integers(-4, 4))
def test_attack_odds_are_probabilities(fighting: int, strength: int, weapon: int, vigor: int,
                                       armor: int, wild: bool, shaken: bool, wounds: int,
                                       bonus: int) -> None:
    attacker = combatant_from_dict({
        "wild_card": wild, "skills": {"fighting": f"d{fighting}"},
        "attributes": {"strength": f"d{strength}"},
        "weapons": [{"name": "W", "damage": f"str+d{weapon}"}]}, "a", "a1")
    defender = combatant_from_dict({
        "wild_card": True, "attributes": {"vigor": f"d{vigor}"}, "armor": armor,
        "condition": {"shaken": shaken, "wounds": wounds}}, "d", "d1")
    context = AttackContext(attack_modifiers=(Modifier(bonus, "test"),))
    odds = attack_odds(attacker, defender, "W", context)
    assert sum(odds.wounds) == pytest.approx(1.0, abs=1e-12)
    values = (odds.critical_failure, odds.hit, odds.raise_, odds.shaken, odds.shaken_only,
              odds.incapacitated, *odds.wounds)
    assert all(-1e-12 <= v <= 1 + 1e-12 for v in values)
    assert odds.raise_ <= odds.hit and odds.shaken <= odds.hit + 1e-12
    assert odds.incapacitated <= odds.shaken + 1e-12


def _acing(rng: random.Random, sides: int) -> int:
    total = roll = rng.randint(1, sides)
    while roll == sides:
        roll = rng.randint(1, sides)
        total += roll
    return total


def _simulate(rng: random.Random) -> tuple[bool, bool, bool, int]:
    """A naive, independent simulation of the hero's Longsword against the goblin Extra:
    Fighting d8 + Wild Die vs Parry 5, damage d6 + d8 (+ d6 on a raise) vs Toughness 5."""
    skill, wild = _acing(rng, 8), _acing(rng, 6)
    if (skill == 1 and wild == 1) or max(skill, wild) < 5:
        return False, False, False, 0
    raised = max(skill, wild) >= 9
    damage = _acing(rng, 6) + _acing(rng, 8) + (_acing(rng, 6) if raised else 0)
    if damage < 5:
        return True, raised, False, 0
    return True, raised, True, min((damage - 5) // 4, 4)


def test_odds_agree_with_200000_simulated_attacks() -> None:
    rng = random.Random(20261130)
    n = 200_000
    counts = {"hit": 0, "raise": 0, "shaken": 0}
    wounds = [0] * 5
    for _ in range(n):
        hit, raised, shaken, wound = _simulate(rng)
        counts["hit"] += hit
        counts["raise"] += raised
        counts["shaken"] += shaken
        wounds[wound] += 1
    odds = attack_odds(hero(), goblin(), "Longsword", AttackContext())
    assert abs(counts["hit"] / n - odds.hit) < 0.005
    assert abs(counts["raise"] / n - odds.raise_) < 0.005
    assert abs(counts["shaken"] / n - odds.shaken) < 0.005
    for k in range(5):
        assert abs(wounds[k] / n - odds.wounds[k]) < 0.005


def test_odds_agree_with_the_engine_itself() -> None:
    # 10,000 attacks through resolve_attack (the engine, seeded): within 0.02 (4 sigma)
    dice = RandomDice(seed=7)
    attacker, defender, context = hero(), hero("h2"), AttackContext()
    n = 10_000
    hits = shaken = wounded = 0
    for _ in range(n):
        events = resolve_attack(attacker, defender, "Longsword", context, dice).events
        hits += any(isinstance(e, Hit) for e in events)
        shaken += any(isinstance(e, DamageRolled) and e.total >= e.toughness for e in events)
        wounded += any(isinstance(e, Wounded) for e in events)
    odds = attack_odds(attacker, defender, "Longsword", context)
    assert abs(hits / n - odds.hit) < 0.02
    assert abs(shaken / n - odds.shaken) < 0.02
    assert abs(wounded / n - sum(odds.wounds[1:])) < 0.02


def test_incapacitation_counts_the_wounds_already_taken() -> None:
    # a Wild Card with 2 Wounds goes down with 2 or more new ones; an Extra with any Wound
    odds = attack_odds(hero(), hero("h2", condition={"wounds": 2}), "Longsword", AttackContext())
    assert odds.incapacitated == pytest.approx(sum(odds.wounds[2:]), abs=1e-15)
    extra = attack_odds(hero(), goblin(), "Longsword", AttackContext())
    assert extra.incapacitated == pytest.approx(sum(extra.wounds[1:]), abs=1e-15)


def test_odds_count_the_soak_the_gm_set_and_the_incapacitation_vigor_roll() -> None:
    """Soak: "each success and raise reducing the number of Wounds suffered from that attack
    by one", one Benny for one Vigor roll: d6 and the Wild Die at 4 (1 - 1/2 x 1/2 = 3/4), at
    8 (1 - (31/36)^2), at 12 (1 - (35/36)^2), at 16 (1 - (71/72)^2). Every Wound count k the
    attack leaves is soaked whole with P(soaked >= k), which also removes Shaken.
    "If Incapacitated by damage ... he must make an immediate Vigor roll": with three Wounds
    kept (-3), d6 and Wild d6 need 7: success 1 - (5/6)^2 = 11/36, Critical Failure 1/36
    (dies), failure 24/36 (Bleeding Out)."""
    from battlemap.rules.savage_pathfinder.context import AttackContext, AttackKind
    from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
    from battlemap.rules.savage_pathfinder.odds import attack_odds
    from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

    brute = Combatant("b", skills=(("fighting", TraitDie(10)),), strength=TraitDie(12),
                      weapons=(Weapon("Maul", DamageDice(True, (10,))),))
    hero = Combatant("h", wild_card=True, bennies=1, condition=Condition(wounds=0))
    context = AttackContext(kind=AttackKind.MELEE)
    plain = attack_odds(brute, hero, "Maul", context)
    soaked = attack_odds(brute, hero, "Maul", context, soak_bennies=1)
    at_least = [1.0, 3 / 4, 1 - (31 / 36) ** 2, 1 - (35 / 36) ** 2, 1 - (71 / 72) ** 2]
    all_gone = sum(plain.wounds[k] * at_least[k] for k in range(1, 5))
    assert soaked.soaked_all == pytest.approx(all_gone)
    assert soaked.wounds[0] == pytest.approx(plain.wounds[0] + all_gone)
    assert soaked.shaken == pytest.approx(plain.shaken - all_gone)
    assert soaked.incapacitated < plain.incapacitated
    assert attack_odds(brute, hero, "Maul", context, soak_bennies=0) == plain
    beaten = Combatant("h", wild_card=True, condition=Condition(wounds=3))
    odds = attack_odds(brute, beaten, "Maul", context)
    assert odds.dies == pytest.approx(odds.incapacitated / 36)
    assert odds.bleeding_out == pytest.approx(odds.incapacitated * 24 / 36)
    extra = attack_odds(brute, Combatant("e"), "Maul", context)
    assert (extra.dies, extra.bleeding_out) == (0.0, 0.0)  # an Extra makes no Vigor roll
