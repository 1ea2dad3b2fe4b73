"""Attacks worked out by hand from the combat text.

Paragraphs: *Fighting* (TN = Parry), *Ranged Attacks* / range table (Short -, Medium -2,
Long -4, Extreme -8), *Extreme Range* (needs Aim; never thrown), *Rate of Fire*, *Damage*
(ranged fixed dice; Strength + weapon die; "Wild Cards don't add a Wild Die"; "All damage rolls
can Ace"; *Unarmed Damage*, Brawler), *Bonus Damage* (+1d6 on a raise, which Aces), *Jokers*
(+2 Trait and damage), *Running* (-2 to other actions), *Multi-Actions*, *Shaken* (only free
actions), *Wound Penalties*, *Timing* (each damage roll resolved before the next).
"""

import pytest
from spf_people import goblin, hero

from battlemap.rules.dice import AskingDice, ScriptedDice
from battlemap.rules.events import DamageRolled, Hit, Miss, Modifier, RollMade, Shaken, Wounded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder import (
    AttackContext,
    AttackKind,
    RangeBand,
    combatant_from_dict,
    plan_attack,
    resolve_attack,
    resolve_shots,
)

CROSSBOW = {"name": "Repeating crossbow", "damage": "2d6", "range": [12, 24, 48], "rof": 3}


PLAIN = AttackContext()


def _attack(attacker, defender, weapon, values, context=PLAIN, **kw):
    dice = ScriptedDice(values)
    outcome = resolve_attack(attacker, defender, weapon, context, dice, **kw)
    assert dice.remaining == ()  # the engine asked for exactly the dice worked out here
    return outcome


def _rolls(outcome) -> list[RollMade]:
    return [e for e in outcome.events if isinstance(e, RollMade)]


def test_fighting_against_parry_misses_below_it() -> None:
    # goblin Parry 2 + d6/2 = 5; Fighting d8 4, Wild Die 3 -> 4 < 5: a miss, no damage dice
    outcome = _attack(hero(), goblin(), "Longsword", [4, 3])
    assert outcome.events[1] == Miss("h1", "g1", critical_failure=False)
    assert outcome.states == (goblin(),)


def test_no_fighting_skill_means_parry_two() -> None:
    # Parry 2; Fighting 2 (Wild Die 1) hits; damage Str d6 1 + d8 1 = 2 < Toughness 5
    target = combatant_from_dict({}, "t", "t1")
    outcome = _attack(hero(), target, "Longsword", [2, 1, 1, 1])
    assert outcome.events[1] == Hit("h1", "t1", raise_=False)
    assert outcome.events[-1] == DamageRolled("t1", 2, 5, 0)


def test_melee_raise_adds_an_acing_d6_and_wounds_the_extra() -> None:
    # Fighting d8 8 + 1 = 9 (Wild Die 2) vs Parry 5: 1 raise. Damage Str d6 3 + d8 2 + raise d6
    # 6 + 1 = 12 vs Toughness 5: 7 over, 1 raise -> Shaken, a Wound, the Extra is out
    outcome = _attack(hero(), goblin(), "Longsword", [8, 1, 2, 3, 2, 6, 1])
    assert outcome.events[1] == Hit("h1", "g1", raise_=True)
    damage = _rolls(outcome)[1]
    assert [d.total for d in damage.dice] == [3, 2, 7] and damage.total == 12
    assert outcome.events[3:] == (DamageRolled("g1", 12, 5, 1), Shaken("g1"),
                                  Wounded("g1", 1, 1), outcome.events[-1])
    assert outcome.states[0].condition.incapacitated


def test_strength_die_plus_weapon_die_with_aces_and_no_wild_die() -> None:
    # "d12 Strength and a longsword (d8 damage) roll d12+d8": Str 12 + 5 = 17, d8 8 + 2 = 10
    barbarian = hero(attributes={"strength": "d12"})
    outcome = _attack(barbarian, goblin(), "Longsword", [5, 1, 12, 5, 8, 2])
    assert outcome.events[3] == DamageRolled("g1", 27, 5, 5)


def test_ranged_weapons_do_fixed_damage() -> None:
    # Shortbow 2d6 at Short Range: Shooting 4 (Wild 1) hits TN 4; 2d6 = 3 + 4 = 7 vs 5: Shaken
    outcome = _attack(hero(), goblin(), "Shortbow", [4, 1, 3, 4])
    assert _rolls(outcome)[0].target == 4
    assert outcome.events[-2:] == (DamageRolled("g1", 7, 5, 0), Shaken("g1"))


def test_medium_range_is_minus_two() -> None:
    # Shooting 5 (Wild 2) - 2 = 3 < 4: miss
    outcome = _attack(hero(), goblin(), "Shortbow", [5, 2],
                      AttackContext(range_band=RangeBand.MEDIUM))
    assert _rolls(outcome)[0].modifiers == (Modifier(-2, "Medium Range"),)
    assert isinstance(outcome.events[1], Miss)


def test_long_range_and_dodge_against_ranged_attacks() -> None:
    # target has Dodge (-2 to ranged attacks): Shooting 6 + 4 = 10 (Wild 1) - 4 - 2 = 4: hit;
    # 2d6 = 2 + 3 = 5 vs Toughness 8: nothing
    outcome = _attack(hero(), hero("h2"), "Shortbow", [6, 4, 1, 2, 3],
                      AttackContext(range_band=RangeBand.LONG))
    roll = _rolls(outcome)[0]
    assert roll.modifiers == (Modifier(-4, "Long Range"), Modifier(-2, "h2 has Dodge"))
    assert roll.total == 4 and outcome.events[-1] == DamageRolled("h2", 5, 8, 0)


def test_extreme_range_needs_aim_and_aim_then_reduces_nothing() -> None:
    with pytest.raises(RulesError, match="Extreme Range requires the Aim option"):
        plan_attack(hero(), goblin(), "Shortbow", AttackContext(range_band=RangeBand.EXTREME))
    plan = plan_attack(hero(), goblin(), "Shortbow",
                       AttackContext(range_band=RangeBand.EXTREME, aim=True))
    assert plan.attack_modifiers == (Modifier(-8, "Extreme Range"),)


def test_weapons_cannot_be_thrown_at_extreme_range() -> None:
    context = AttackContext(kind=AttackKind.THROWN, range_band=RangeBand.EXTREME, aim=True)
    with pytest.raises(RulesError, match="cannot be thrown at Extreme Range"):
        plan_attack(hero(), goblin(), "Dagger", context)


def test_thrown_weapons_use_athletics_against_four() -> None:
    # Athletics d6 4 (Wild 2) vs 4: hit; Str d6 2 + d4 3 = 5 vs 5: Shaken
    outcome = _attack(hero(), goblin(), "Dagger", [4, 2, 2, 3],
                      AttackContext(kind=AttackKind.THROWN))
    assert _rolls(outcome)[0].purpose == "Athletics (throwing)"
    assert outcome.events[-1] == Shaken("g1")
    with pytest.raises(RulesError, match="not a thrown weapon"):
        plan_attack(hero(), goblin(), "Longsword", AttackContext(kind=AttackKind.THROWN))


def test_rate_of_fire_assigns_dice_to_targets_and_resolves_each_in_turn() -> None:
    # three Shooting dice 1, 5, 3 and the Wild Die 6 + 2 = 8 replacing the 1: 8 (raise) to g1,
    # 5 to g2, 3 (miss) to g3. Then g1: 2d6 1 + 2 + raise d6 3 = 6 vs 5 Shaken; g2: 4 + 4 = 8
    # vs 5 Shaken
    shooter = hero(weapons=[CROSSBOW])
    targets = (goblin("g1"), goblin("g2"), goblin("g3"))
    dice = ScriptedDice([1, 5, 3, 6, 2, 1, 2, 3, 4, 4])
    outcome = resolve_shots(shooter, targets, "Repeating crossbow", AttackContext(shots=3), dice)
    hits = [e for e in outcome.events if isinstance(e, Hit | Miss)]
    assert hits == [Hit("h1", "g1", True), Hit("h1", "g2", False), Miss("h1", "g3", False)]
    assert [e.total for e in outcome.events if isinstance(e, DamageRolled)] == [6, 8]
    assert [s.condition.shaken for s in outcome.states] == [True, True, False]
    assert dice.remaining == ()


def test_two_shots_at_one_target_resolve_one_after_the_other() -> None:
    # Timing: shots 5 and 4 (Wild 1 replaces nothing) both hit; first 2d6 3 + 3 = 6 Shakes,
    # the second 2 + 3 = 5 on a Shaken goblin is a Wound: Incapacitated
    outcome = _attack(hero(weapons=[CROSSBOW]), goblin(), "Repeating crossbow",
                      [5, 4, 1, 3, 3, 2, 3], AttackContext(shots=2))
    assert Shaken("g1") in outcome.events and Wounded("g1", 1, 1) in outcome.events
    assert len(outcome.states) == 1 and outcome.states[0].condition.incapacitated


def test_rate_of_fire_limits_the_shots() -> None:
    with pytest.raises(RulesError, match="allows 1 to 1"):
        plan_attack(hero(), goblin(), "Shortbow", AttackContext(shots=2))
    with pytest.raises(RulesError, match="2 declared but 1 targets"):
        resolve_shots(hero(weapons=[CROSSBOW]), (goblin(),), "Repeating crossbow",
                      AttackContext(shots=2), ScriptedDice([]))


def test_unarmed_rolls_strength_only_and_brawler_adds_a_d4() -> None:
    # Fighting 5 (Wild 1) vs 5 hits; unarmed: Str d6 4 < 5; with Brawler 4 + d4 1 = 5: Shaken
    assert _attack(hero(), goblin(), None, [5, 1, 4]).events[-1] == DamageRolled("g1", 4, 5, 0)
    brawler = hero(edges=["Brawler"])
    assert _attack(brawler, goblin(), None, [5, 1, 4, 1]).events[-1] == Shaken("g1")


def test_joker_adds_two_to_attack_and_damage() -> None:
    # Fighting 3 (Wild 1) + 2 = 5 vs Parry 5: hit; damage 1 + 1 + 2 = 4 < 5
    outcome = _attack(hero(), goblin(), "Longsword", [3, 1, 1, 1], AttackContext(joker=True))
    damage = _rolls(outcome)[1]
    assert (damage.total, damage.modifiers) == (4, (Modifier(2, "Joker"),))


def test_multi_action_running_and_wounds_penalise_the_attack() -> None:
    # 2 Wounds -2, running -2, two actions -2: Fighting 7 (Wild 1) - 6 = 1, a miss
    wounded = hero(condition={"wounds": 2})
    outcome = _attack(wounded, goblin(), "Longsword", [7, 1],
                      AttackContext(actions=2, running=True))
    assert [m.value for m in _rolls(outcome)[0].modifiers] == [-2, -2, -2]
    assert _rolls(outcome)[0].total == 1
    with pytest.raises(RulesError, match="one to three actions"):
        plan_attack(hero(), goblin(), "Longsword", AttackContext(actions=4))


def test_ap_reduces_armor_on_the_attack() -> None:
    # AP 2 against Armor 2: Toughness 8 -> 6; Fighting 6 (Wild 1) hits Parry 6; 3 + 3 = 6
    pick = {"name": "Pick", "damage": "str+d6", "ap": 2}
    outcome = _attack(hero("h2", weapons=[pick]), hero(), "Pick", [6, 1, 3, 3])
    assert outcome.events[3] == DamageRolled("h1", 6, 6, 0)


def test_a_shaken_or_incapacitated_character_cannot_attack() -> None:
    with pytest.raises(RulesError, match="h1 cannot attack: Shaken"):
        plan_attack(hero(condition={"shaken": True}), goblin(), "Longsword", AttackContext())
    with pytest.raises(RulesError, match="Incapacitated"):
        plan_attack(hero(condition={"incapacitated": True}), goblin(), None, AttackContext())


def test_unknown_weapon_names_the_known_ones() -> None:
    with pytest.raises(RulesError, match=r"h1 has no weapon 'Axe' \(weapons: Longsword, Shortbow"):
        plan_attack(hero(), goblin(), "Axe", AttackContext())


def test_soak_during_an_attack() -> None:
    # goblin (Wild Card here, Str d6) hits the hero with a raise: Fighting 6 + 3 = 9 (Wild 1)
    # vs Parry 6 -> 3 over, success only; damage 6 + 5 = 11 + short sword d6 6 + 1 = 7 -> 18
    # vs 8: 10 over, 2 Wounds. Soak: Vigor 8 + 1 = 9 (Wild 2): raise, both soaked, no Shaken
    boss = goblin("boss", wild_card=True)
    outcome = _attack(boss, hero(), "Short sword", [6, 3, 1, 6, 5, 6, 1, 8, 1, 2],
                      soak_bennies=1)
    assert outcome.events[3] == DamageRolled("h1", 18, 8, 2)
    state = outcome.states[0]
    assert (state.condition.wounds, state.condition.shaken, state.bennies) == (0, False, 2)


def test_physical_dice_are_asked_for_in_the_documented_order() -> None:
    # A GM types the dice in: the boss (Wild Card) hits the hero with a raise (Fighting 6 + 5
    # = 11 vs Parry 6), damage Str 6 + 2 = 8, short sword 3, raise d6 4 = 15 vs 8: 1 Wound.
    # The hero Soaks: Vigor 2, Wild Die 1 - 0 Wounds (fails: 2 < 4); the Wound stands.
    asked: list[tuple[int, str]] = []
    answers = iter([6, 5, 2, 6, 2, 3, 4, 2, 1])

    def ask(sides: int, purpose: str) -> int:
        asked.append((sides, purpose))
        return next(answers)

    boss = goblin("boss", wild_card=True)
    resolve_attack(boss, hero(), "Short sword", PLAIN, AskingDice(ask), soak_bennies=1)
    assert asked == [
        (6, "Fighting die"), (6, "Fighting die (Ace 1)"), (6, "Wild Die"),
        (6, "Strength die (damage)"), (6, "Strength die (damage) (Ace 1)"),
        (6, "Short sword d6 (damage)"), (6, "raise bonus d6 (damage)"),
        (8, "Vigor (Soak) die"), (6, "Wild Die"),
    ]


def test_frenzy_rolls_a_second_fighting_die() -> None:
    # Frenzy: two Fighting dice 5 and 2 plus the Wild Die 3, which replaces the 2: 5 hits g1
    # (Parry 5), 3 misses g2; damage Str d6 1 + d8 1 = 2 < 5
    berserker = hero(edges=["Frenzy"])
    dice = ScriptedDice([5, 2, 3, 1, 1])
    outcome = resolve_shots(berserker, (goblin("g1"), goblin("g2")), "Longsword",
                            AttackContext(shots=2), dice)
    assert [e for e in outcome.events if isinstance(e, Hit | Miss)] == [
        Hit("h1", "g1", False), Miss("h1", "g2", False)]
    assert dice.remaining == ()
    with pytest.raises(RulesError, match=r"allows 1 to 1 \(Fighting\)"):
        plan_attack(hero(), goblin(), "Longsword", AttackContext(shots=2))


def test_area_effects_ignore_dodge() -> None:
    plan = plan_attack(hero(), hero("h2"), "Shortbow", AttackContext(area_effect=True))
    assert plan.attack_modifiers == ()
