"""Damage results, the Wound cap, Soak, worked out by hand from the combat text.

Paragraphs: *Damage* ("less than Toughness ... no game effect", "equal to or greater ...
Shaken", "Each raise ... a Wound"), the Shaken/Wounds table and its *Examples*, *Wounds*
(Extras Incapacitated by one Wound; Wild Cards take three), *Wound Cap* and *Large Creatures*,
*Soak* ("each success and raise reducing the number of Wounds", "Soaks all of the Wounds ...
removes his Shaken condition too", "can't Soak more than once per attack, but may spend
Bennies ... to reroll", "Don't count the Wound modifiers he's about to suffer").
"""

import pytest
from spf_people import goblin, hero

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import (
    BennySpent,
    DamageRolled,
    Incapacitated,
    InjuryRolled,
    RollMade,
    Shaken,
    Soaked,
    StatusAdded,
    StatusRemoved,
    Wounded,
)
from battlemap.rules.savage_pathfinder import combatant_from_dict, damage_result, take_damage

NO_DICE = ScriptedDice([])


def _kinds(outcome) -> list[str]:
    return [type(e).__name__ for e in outcome.events]


@pytest.mark.parametrize(("total", "shaken_before", "expected"), [
    (7, False, (0, 0)),    # below Toughness 8: no effect
    (8, False, (0, 0)),    # success (0 over): Shaken only
    (11, False, (0, 0)),   # 3 over: still a success
    (12, False, (1, 1)),   # 4 over: 1 raise, 1 Wound
    (19, False, (2, 2)),   # 11 over: 2 raises
    (20, False, (3, 3)),   # 12 over: 3 raises
    (8, True, (0, 1)),     # already Shaken + success: 1 Wound
    (12, True, (1, 1)),    # already Shaken + 1 raise: 1 Wound (not 2)
    (16, True, (2, 2)),
])
def test_the_shaken_and_wounds_table(total: int, shaken_before: bool,
                                     expected: tuple[int, int]) -> None:
    assert damage_result(total, 8, shaken_before) == expected


def test_below_toughness_changes_nothing() -> None:
    h = hero()
    outcome = take_damage(NO_DICE, h, 7)
    assert outcome.events == (DamageRolled("h1", 7, 8, 0),) and outcome.states == (h,)


def test_success_shakes() -> None:
    outcome = take_damage(NO_DICE, hero(), 11)
    assert outcome.events == (DamageRolled("h1", 11, 8, 0), Shaken("h1"))
    assert outcome.states[0].condition.shaken and outcome.states[0].condition.wounds == 0


def test_examples_a_wound_also_shakes() -> None:
    # "A character takes a Wound. She's also Shaken."
    outcome = take_damage(NO_DICE, hero(), 12)
    assert outcome.events[1:] == (Shaken("h1"), Wounded("h1", 1, 1))
    assert (outcome.states[0].condition.shaken, outcome.states[0].condition.wounds) == (True, 1)


def test_examples_shaken_then_shaken_again_is_a_wound() -> None:
    # "already Shaken, then Shaken again (without a Wound). She now has one Wound and remains
    # Shaken." - no new Shaken event
    outcome = take_damage(NO_DICE, hero(condition={"shaken": True}), 9)
    assert outcome.events[1:] == (Wounded("h1", 1, 1),)
    assert outcome.states[0].condition.shaken


def test_examples_two_wounds_and_shaken_takes_a_third() -> None:
    # "two Wounds and is Shaken. She takes another Wound, so she has three Wounds and remains
    # Shaken" - a Wild Card still functions with three
    outcome = take_damage(NO_DICE, hero(condition={"shaken": True, "wounds": 2}), 12)
    state = outcome.states[0].condition
    assert (state.wounds, state.shaken, state.incapacitated) == (3, True, False)


def test_an_extra_is_incapacitated_by_one_wound_without_a_vigor_roll() -> None:
    # goblin Toughness 5; 9 is one raise -> a Wound -> Incapacitated ("out of the fight")
    outcome = take_damage(NO_DICE, goblin(), 9)
    assert _kinds(outcome) == ["DamageRolled", "Shaken", "Wounded", "Incapacitated"]
    assert outcome.states[0].condition.incapacitated


def test_a_wild_card_beyond_three_wounds_is_incapacitated_and_rolls_vigor() -> None:
    # 2 Wounds + 2 more = 4 > 3: Incapacitated, Wounds stay 3. Vigor d8 at -3: 5 (Wild Die 4)
    # - 3 = 2, a failure: permanent Injury and Bleeding Out; Injury 2d6 = 1 + 1 = 2,
    # Unmentionables.
    dice = ScriptedDice([5, 4, 1, 1])
    outcome = take_damage(dice, hero(condition={"wounds": 2}), 16)
    events = outcome.events
    assert events[2:4] == (Wounded("h1", 2, 3), Incapacitated("h1"))
    assert isinstance(events[4], RollMade) and events[4].total == 2
    assert events[-2:] == (InjuryRolled("h1", "Unmentionables", "permanent"),
                           StatusAdded("h1", "Bleeding Out"))
    state = outcome.states[0].condition
    assert (state.wounds, state.incapacitated, state.bleeding_out) == (3, True, True)
    assert dice.remaining == ()


def test_never_more_than_four_wounds_from_one_hit() -> None:
    # Large Creatures: a dragon that takes five Wounds; 40 vs Toughness 8 is 8 raises, capped
    # at 4, so it still stands
    dragon = combatant_from_dict({"wild_card": True, "max_wounds": 5,
                                  "attributes": {"vigor": "d12"}}, "d", "d1")
    outcome = take_damage(NO_DICE, dragon, 40)
    state = outcome.states[0].condition
    assert (state.wounds, state.incapacitated) == (4, False)


def test_catastrophic_damage_ignores_the_cap() -> None:
    # the same 40 as catastrophic: 8 Wounds > 5 -> Incapacitated; Vigor d12 10, Wild Die 3,
    # -3 Wounds = 7: success, Injury until healed; 2d6 6 + 6 = 12 Head, d6 6 Brain Damage
    dragon = combatant_from_dict({"wild_card": True, "max_wounds": 5,
                                  "attributes": {"vigor": "d12"}}, "d", "d1")
    outcome = take_damage(ScriptedDice([10, 3, 6, 6, 6]), dragon, 40, catastrophic=True)
    assert Wounded("d1", 8, 5) in outcome.events
    assert InjuryRolled("d1", "Head: Brain Damage (Smarts -1 die type)",
                        "until all Wounds are healed") in outcome.events
    assert outcome.states[0].attribute("smarts").sides == 4


def test_ap_ignores_armor_only() -> None:
    # Toughness 8 includes Armor 2: AP 1 -> 7 (Shaken at 7), AP 5 -> 6 (never below 8 - 2)
    assert take_damage(NO_DICE, hero(), 7, ap=1).events[-1] == Shaken("h1")
    assert take_damage(NO_DICE, hero(), 6, ap=5).events[0] == DamageRolled("h1", 6, 6, 0)


def test_soaking_every_wound_leaves_no_wound_and_no_shaken() -> None:
    # 12 vs 8: 1 Wound. Benny, Vigor d8 4 (Wild Die 2) = success: soaks 1 of 1
    outcome = take_damage(ScriptedDice([4, 2]), hero(), 12, soak_bennies=1)
    assert _kinds(outcome) == ["DamageRolled", "BennySpent", "RollMade", "Soaked"]
    state = outcome.states[0]
    assert (state.bennies, state.condition.wounds, state.condition.shaken) == (2, 0, False)


def test_soaking_all_removes_an_earlier_shaken_too() -> None:
    # already Shaken + success (8 vs 8) = 1 Wound; Soak 5 (Wild Die 1) soaks it: Shaken goes
    outcome = take_damage(ScriptedDice([5, 1]), hero(condition={"shaken": True}), 8,
                          soak_bennies=1)
    assert outcome.events[-2:] == (Soaked("h1", 1, 1), StatusRemoved("h1", "Shaken"))
    assert not outcome.states[0].condition.shaken


def test_each_success_and_raise_soaks_a_wound() -> None:
    # 20 vs 8: 3 Wounds. Vigor d8 8 + 3 = 11 (Wild Die 2): success and 1 raise -> 2 soaked,
    # 1 Wound taken and Shaken
    outcome = take_damage(ScriptedDice([8, 3, 2]), hero(), 20, soak_bennies=1)
    assert outcome.events[3:] == (Soaked("h1", 2, 3), Shaken("h1"), Wounded("h1", 1, 1))


def test_one_soak_per_attack_but_bennies_reroll_it_keeping_the_best() -> None:
    # 16 vs 8: 2 Wounds. Soak 2 (Wild 3) fails; reroll 4 (Wild 1) soaks 1; 1 Wound remains
    outcome = take_damage(ScriptedDice([2, 3, 4, 1]), hero(), 16, soak_bennies=2)
    assert [e for e in outcome.events if isinstance(e, BennySpent)] == [
        BennySpent("h1", "Soak"), BennySpent("h1", "reroll the Soak")]
    assert Soaked("h1", 1, 2) in outcome.events
    assert (outcome.states[0].bennies, outcome.states[0].condition.wounds) == (1, 1)


def test_rerolls_stop_once_everything_is_soaked() -> None:
    # 1 Wound; the first Soak (6, Wild Die 1) soaks it: no reroll, one Benny spent
    dice = ScriptedDice([6, 1, 2, 3])
    outcome = take_damage(dice, hero(), 12, soak_bennies=3)
    assert outcome.states[0].bennies == 2 and dice.remaining == (2, 3)


def test_soak_counts_wounds_already_taken_not_the_coming_ones() -> None:
    # 1 Wound already (-1): Vigor 4 (Wild 3) - 1 = 3 fails; the coming Wound does not count
    outcome = take_damage(ScriptedDice([4, 3]), hero(condition={"wounds": 1}), 12,
                          soak_bennies=1)
    assert outcome.events[2].total == 3
    assert outcome.states[0].condition.wounds == 2


def test_no_bennies_no_soak() -> None:
    outcome = take_damage(NO_DICE, hero(bennies=0), 12, soak_bennies=1)
    assert _kinds(outcome) == ["DamageRolled", "Shaken", "Wounded"]
