"""Stat blocks and the registry: parsing the agreed JSON, derived statistics, clear errors.

Paragraphs: combat text *Fighting* ("Parry (2 plus half his Fighting die type; 2 if he has no
Fighting skill)"), *Wound Penalties*, the Injury Table (die types reduced, minimum d4); issue 4
*Stat blocks* (Toughness = 2 + half Vigor + Armor).
"""

import pytest
from spf_people import HERO_STATS, goblin, hero

from battlemap.rules.registry import SYSTEMS, RulesError, find_system
from battlemap.rules.savage_pathfinder import (
    Combatant,
    Condition,
    Edge,
    Injury,
    InjuryLasts,
    TraitDie,
    combatant_from_dict,
    combatant_to_dict,
)


def test_agreed_example_parses_with_its_derived_statistics() -> None:
    h = hero()
    # Parry 2 + d8/2 = 6; Toughness 2 + d8/2 + Armor 2 = 8
    assert (h.parry, h.toughness, h.max_wounds, h.pace, h.running_die) == (6, 8, 3, 6, 6)
    assert h.has_edge(Edge.QUICK) and h.has_edge(Edge.DODGE) and not h.has_edge(Edge.FRENZY)
    bow = h.weapon("shortbow")
    assert (bow.range, bow.rof, bow.fires, bow.two_handed) == ((12, 24, 48), 1, True, True)
    dagger = h.weapon("Dagger")
    assert dagger.thrown and not dagger.fires and str(dagger.damage) == "str+d4"
    assert h.weapon("Longsword").min_str == TraitDie(8)


def test_round_trip_through_json_keeps_everything() -> None:
    h = hero(condition={"shaken": True, "wounds": 2,
                        "injuries": [{"name": "Guts: Battered", "lasts": "permanent",
                                      "lowers": "vigor"}]})
    again = combatant_from_dict(combatant_to_dict(h), "again", "h1")
    assert again == h


def test_missing_keys_take_defaults() -> None:
    bare = combatant_from_dict({}, "tokens[x].stats", "x")
    assert bare == Combatant("x")
    # no Fighting skill: Parry 2; Vigor d6: Toughness 2 + 3 = 5; an Extra
    assert (bare.parry, bare.toughness, bare.wild_card, bare.max_wounds) == (2, 5, False, 0)
    assert bare.skill("fighting") is None


def test_d12_plus_one_counts_half_the_bonus() -> None:
    strong = combatant_from_dict({"skills": {"fighting": "d12+1"}}, "s", "s")
    assert strong.parry == 2 + 6  # half of +1 rounds down


def test_weapon_and_edge_parry_bonuses_add() -> None:
    shielded = combatant_from_dict(
        {"skills": {"fighting": "d6"}, "parry_bonus": 1,
         "weapons": [{"name": "Medium shield", "damage": "str+d4", "parry": 2, "shield": True}]},
        "s", "s")
    assert shielded.parry == 2 + 3 + 1 + 2


def test_wound_penalty_is_at_most_minus_three() -> None:
    assert [hero(condition={"wounds": w}).wound_penalty for w in (0, 1, 3)] == [0, -1, -3]
    assert Combatant("x", condition=Condition(wounds=5)).wound_penalty == -3


def test_injury_lowers_an_attribute_a_die_type_to_at_least_d4() -> None:
    # Guts 3-4 Battered: Vigor reduced a die type -> d8 to d6, Toughness 8 - 1 = 7
    battered = Injury("Guts: Battered", InjuryLasts.PERMANENT, "vigor")
    h = hero(condition={"injuries": [{"name": battered.name, "lasts": "permanent",
                                      "lowers": "vigor"}]})
    assert (h.attribute("vigor"), h.toughness) == (TraitDie(6), 7)
    twice = Combatant("x", vigor=TraitDie(4), condition=Condition(injuries=(battered,) * 2))
    assert twice.attribute("vigor") == TraitDie(4)


@pytest.mark.parametrize(("change", "message"), [
    ({"skills": {"fighting": "d7"}},
     "tokens[g1].stats.skills.fighting: 'd7' is not a die like d8 or d12+1"),
    ({"wildcard": True}, "tokens[g1].stats: unknown key 'wildcard'"),
    ({"bennies": "3"}, "tokens[g1].stats.bennies: expected a whole number of at least 0, got '3'"),
    ({"wild_card": 1}, "tokens[g1].stats.wild_card: expected true or false, got 1"),
    ({"weapons": [{"name": "Bow", "damage": "2d6", "range": [24, 12, 48]}]},
     r"tokens[g1].stats.weapons[0].range: expected [short, medium, long] in inches"),
    ({"weapons": [{"name": "Axe", "damage": "str+dd"}]},
     "tokens[g1].stats.weapons[0].damage: 'dd' in 'str+dd' is not str, NdS (at most d100) or "
     "a number from -1000 to 1000"),
    # issue 31: a billion dice took gigabytes and hung; a billion-point skill bonus was rolled
    ({"weapons": [{"name": "Axe", "damage": "999999999d6"}]},
     "tokens[g1].stats.weapons[0].damage: '999999999d6' rolls 999999999 dice: at most 100"),
    ({"weapons": [{"name": "Axe", "damage": "str+60d6+50d6"}]},
     "tokens[g1].stats.weapons[0].damage: 'str+60d6+50d6' rolls 110 dice: at most 100"),
    ({"weapons": [{"name": "Axe", "damage": "d6+999999999999"}]},
     "tokens[g1].stats.weapons[0].damage: '999999999999' in 'd6+999999999999' is not str"),
    ({"skills": {"fighting": "d4+1000000000"}},
     "tokens[g1].stats.skills.fighting: bonus +1000000000 of 'd4+1000000000' is outside the "
     "allowed range -20 to +20"),
    ({"condition": {"wounds": -1}}, "tokens[g1].stats.condition.wounds: expected a whole"),
    ({"attributes": {"strenght": "d6"}}, "tokens[g1].stats.attributes: unknown key 'strenght'"),
])
def test_bad_stat_blocks_name_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError) as error:
        goblin(**change)
    assert str(error.value).startswith(message)


def test_registry_finds_the_system_by_name_or_alias() -> None:
    system = find_system("Savage Pathfinder")
    assert system is find_system("spf") is find_system("savage-pathfinder")
    assert SYSTEMS["savage-pathfinder"] is system
    assert system.combatant_to_dict(system.combatant_from_dict(HERO_STATS, "h", "h1")) \
        == combatant_to_dict(hero())


def test_unknown_system_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown game system 'chess'; known systems: "
                                         r".*savage-pathfinder"):
        find_system("chess")
