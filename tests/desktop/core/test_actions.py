"""Non-attack actions and the timed states they leave, over scripted turns.

Every expected value is worked out from the Savage Pathfinder situational rules text; the
paragraph is named in each test. Tokens: the hero (a Wild Card) and an orc (an Extra) side by
side, so every melee action can reach.
"""

import pytest
from support.spf_on_map import (
    HANDLERS,
    ActionRequest,
    AttackError,
    begin_combat,
    deal_round,
    defending,
    end_combat,
    next_turn,
    perform_action,
    preview_attack,
    resolve_attack,
    timers_of,
)

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.table_pipeline import roll
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import RollRequest
from battlemap.rules.savage_pathfinder.cards import PhysicalCards
from battlemap.rules.savage_pathfinder.situational.options import ACTIONS
from battlemap.rules.savage_pathfinder.situational.states import Timer

HERO = {"wild_card": True, "attributes": {"strength": "d8", "vigor": "d8", "spirit": "d6"},
        "skills": {"fighting": "d8", "shooting": "d8", "athletics": "d8", "taunt": "d8"},
        "bennies": 2,
        "weapons": [{"name": "Sword", "damage": "str+d8"},
                    {"name": "Bow", "damage": "2d6", "range": [12, 24, 48]}]}
ORC = {"attributes": {"vigor": "d6", "smarts": "d4"}, "skills": {"fighting": "d6"},
       "weapons": [{"name": "Axe", "damage": "str+d6"}]}
"""Parry 5, Toughness 5; no Athletics (unskilled d4-2)."""


def side_by_side(*extra: Token, orc_x: float = 2.5) -> Encounter:
    return Encounter(tokens=(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO, stats=HERO),
                             Token("orc", "Orc", orc_x, 5.5, side=Side.VILLAIN, stats=ORC),
                             *extra))


def hero_first(enc: Encounter) -> Encounter:
    """Round 1: the hero is dealt the King, the orc the Two: the hero acts."""
    return begin_combat(enc, PhysicalCards(["KS", "2C"]))[0]


def test_every_registry_action_but_the_template_has_a_handler() -> None:
    assert set(ACTIONS) - set(HANDLERS) == {"area-attack"}
    with pytest.raises(AttackError, match="place a template"):
        perform_action(side_by_side(), ActionRequest("area-attack", "hero"), ScriptedDice([]))


def test_wild_attack_vulnerable_lasts_to_the_end_of_the_next_turn() -> None:
    """Distracted and Vulnerable: "until the end of the character's next turn"; gained in his
    own turn it survives that turn's end and goes at the end of the next (round 2)."""
    enc = hero_first(side_by_side())
    enc = resolve_attack(enc, "hero", "orc", ScriptedDice([1, 1]), weapon="Sword",
                         options=["wild-attack"]).encounter
    enc, entry = next_turn(enc)
    assert enc.token("hero").stats["condition"]["vulnerable"] is True
    assert timers_of(enc) == (Timer("hero", "Vulnerable", 1),)
    enc, _ = next_turn(enc)
    enc, _ = deal_round(enc, PhysicalCards(["QS", "3C"]))
    assert enc.token("hero").stats["condition"]["vulnerable"] is True
    enc, entry = next_turn(enc)
    assert enc.token("hero").stats["condition"]["vulnerable"] is False
    assert "Hero is no longer Vulnerable" in entry.lines
    assert timers_of(enc) == ()


def test_defend_adds_four_parry_until_the_defenders_next_turn() -> None:
    """Defend: "+4 Parry until the start of his next turn"; the attack shows it as -4."""
    enc = begin_combat(side_by_side(), PhysicalCards(["2C", "KS"]))[0]
    enc = perform_action(enc, ActionRequest("defend", "orc"), ScriptedDice([])).encounter
    enc, _ = next_turn(enc)
    mods = preview_attack(enc, "hero", "orc", "Sword").attack_modifiers
    assert [(m.value, m.reason) for m in mods] == [(-4, "target Defends (+4 Parry)")]
    enc, _ = next_turn(enc)
    enc, entry = deal_round(enc, PhysicalCards(["2D", "KD"]))
    assert "Orc stops Defending (+4 Parry)" in entry.lines
    assert preview_attack(enc, "hero", "orc", "Sword").attack_modifiers == ()


def test_support_helps_the_allys_next_roll_of_that_skill() -> None:
    """Support: success +1 to the ally's skill; the bonus goes once used (or at the end of his
    turn). Bard Fighting d6 (Extra) 5 vs 4: success, +1 on the hero's next Fighting; the bard
    next to the orc also gives Gang Up +1."""
    bard = Token("bard", "Bard", 2.5, 4.5, side=Side.HERO, stats={"skills": {"fighting": "d6"}})
    enc = side_by_side(bard)
    result = perform_action(enc, ActionRequest("support", "bard", "hero", skill="fighting"),
                            ScriptedDice([5]))
    assert result.entry.title == "Bard supports Hero (Fighting): +1"
    assert result.entry.lines[0] == "Fighting (Support) d6 5 → 5 vs TN 4: success"
    mods = preview_attack(result.encounter, "hero", "orc", "Sword").attack_modifiers
    assert [(m.value, m.reason) for m in mods] == [(1, "Gang Up"), (1, "Support")]


def test_a_bare_roll_of_the_skill_uses_the_support_up() -> None:
    """S161-162: Support grants "+1 to one skill total", for one roll; the table's Roll uses it
    as an attack does. Bard Fighting d6 5 vs 4: +1 on the hero's Fighting. The hero's Roll of
    Fighting: d8 3, Wild d6 2: 3 + 1 Support = 4 vs TN 4, success. Rolled again with the same
    dice: 3 vs 4, failure - the Support is gone. (Before: the Roll kept it for ever.)"""
    bard = Token("bard", "Bard", 2.5, 4.5, side=Side.HERO, stats={"skills": {"fighting": "d6"}})
    enc = perform_action(side_by_side(bard), ActionRequest("support", "bard", "hero",
                                                           skill="fighting"),
                         ScriptedDice([5])).encounter
    first = roll(enc, RollRequest(("hero",), "fighting"), ScriptedDice([3, 2]))
    assert first.resolution.title == "Hero rolls Fighting: 4, success"
    assert [(m.value, m.reason) for m in first.resolution.events[0].modifiers] == [
        (1, "Support")]
    again = roll(first.encounter, RollRequest(("hero",), "fighting"), ScriptedDice([3, 2]))
    assert again.resolution.title == "Hero rolls Fighting: 3, failure"
    mods = preview_attack(first.encounter, "hero", "orc", "Sword").attack_modifiers
    assert (1, "Support") not in [(m.value, m.reason) for m in mods]


def test_support_ends_at_the_end_of_the_recipients_turn() -> None:
    """Support: "bonuses are removed at the end of the recipient's turn"."""
    bard = Token("bard", "Bard", 5.5, 9.5, side=Side.HERO, stats={"skills": {"fighting": "d6"}})
    enc = begin_combat(side_by_side(bard), PhysicalCards(["KS", "2C", "3D"]))[0]
    enc = perform_action(enc, ActionRequest("support", "bard", "hero", skill="fighting",
                                            gm_override=True), ScriptedDice([5])).encounter
    enc, entry = next_turn(enc)
    assert "Hero: Support ends" in entry.lines
    assert preview_attack(enc, "hero", "orc", "Sword").attack_modifiers == ()


def test_aim_applies_to_the_first_action_of_the_next_turn_only() -> None:
    """Aim: next turn, +2 with no penalty to ignore (Short range, no cover); only the first
    action. The orc is 7" away: Short range for a 12/24/48 bow. An attack after another action
    of the same turn counts two actions (Multi-Action -2, C25/S118)."""
    enc = hero_first(side_by_side(orc_x=8.5))
    enc = perform_action(enc, ActionRequest("aim", "hero"), ScriptedDice([])).encounter
    same_turn = preview_attack(enc, "hero", "orc", "Bow").attack_modifiers  # no Aim bonus yet;
    assert [(m.value, m.reason) for m in same_turn] == [(-2, "Multi-Action (2 actions)")]
    enc, _ = next_turn(enc)
    enc, _ = deal_round(enc, PhysicalCards(["QS", "3C"]))
    preview = preview_attack(enc, "hero", "orc", "Bow")
    assert [(m.value, m.reason) for m in preview.attack_modifiers] == [(2, "Aim")]
    assert preview.notes == ("Aim: Hero aimed all last turn",)
    enc = resolve_attack(enc, "hero", "orc", ScriptedDice([1, 1]), "Bow").encounter
    second = preview_attack(enc, "hero", "orc", "Bow").attack_modifiers  # a second action
    assert [(m.value, m.reason) for m in second] == [(-2, "Multi-Action (2 actions)")]


def test_a_test_with_a_raise_distracts_and_shakes_until_the_orcs_turn_ends() -> None:
    """Test: Taunt d8 7 (Wild d6 1) vs the orc's Smarts d4 2: a raise (7 >= 2 + 4): Distracted
    and Shaken. Made outside the orc's turn, Distracted lasts to the end of his next turn."""
    enc = hero_first(side_by_side())
    result = perform_action(enc, ActionRequest("test", "hero", "orc", skill="taunt"),
                            ScriptedDice([7, 1, 2]))
    assert result.entry.title == "Hero Tests Orc (Taunt): Orc is Distracted and Shaken"
    assert result.entry.lines[:2] == ("Taunt (Test) d8 7, Wild d6 1 → 7 vs TN 4: success",
                                      "Smarts (resist Test) d4 2 → 2 vs TN 7: failure")
    enc, _ = next_turn(result.encounter)
    assert enc.token("orc").stats["condition"]["distracted"] is True
    enc, entry = next_turn(enc)
    assert enc.token("orc").stats["condition"]["distracted"] is False
    assert "Orc is no longer Distracted" in entry.lines


def test_grapple_with_a_raise_binds_and_leaves_the_grappler_vulnerable() -> None:
    """Grappling: opposed Athletics; Athletics d8 6 (Wild 2) vs unskilled d4 3 - 2 = 1: a raise
    (6 >= 1 + 4): Bound; holding a Bound foe makes the grappler Vulnerable."""
    result = perform_action(side_by_side(), ActionRequest("grapple", "hero", "orc"),
                            ScriptedDice([6, 2, 3]))
    assert result.entry.title == "Hero grapples Orc: Orc is Bound"
    orc = result.encounter.token("orc").stats["condition"]
    assert (orc["bound"], orc["distracted"], orc["vulnerable"]) == (True, True, True)
    assert result.encounter.token("hero").stats["condition"]["vulnerable"] is True


def test_withdrawing_draws_a_free_attack_from_each_able_adjacent_foe() -> None:
    """Withdrawing from Melee: every adjacent non-Shaken, non-Stunned foe attacks once (the
    neutral stray dog is no foe). The
    Shaken goblin does not, but still counts for the orc's Gang Up (only Stunned allies don't):
    Fighting d6 2 + 1 = 3 vs the hero's Parry 6 misses."""
    goblin = Token("gob", "Goblin", 1.5, 6.5, side=Side.VILLAIN,
                   stats={"condition": {"shaken": True}})
    dog = Token("dog", "Stray dog", 0.5, 5.5, side=Side.NEUTRAL, stats={"pace": 8})
    result = perform_action(side_by_side(goblin, dog), ActionRequest("withdraw", "hero"),
                            ScriptedDice([2]))
    assert result.entry.title == "Hero withdraws from melee: 1 free attack"
    assert result.entry.lines == ("free attack: Orc attacks Hero (Axe): miss",
                                  "Fighting d6 2 = 2; +1 Gang Up → 3 vs TN 6: miss")
    assert len(result.encounter.log) == 1


def test_fatigue_and_recovery_from_shaken() -> None:
    """Fatigue: one level is Fatigued (-1). Shaken: Spirit d6 4 (Wild 1) recovers."""
    enc = side_by_side()
    enc = perform_action(enc, ActionRequest("gain-fatigue", "hero"), ScriptedDice([])).encounter
    assert enc.log[-1].title == "Hero: Fatigue fresh → Fatigued"
    mods = preview_attack(enc, "hero", "orc", "Sword").attack_modifiers
    assert [(m.value, m.reason) for m in mods] == [(-1, "Fatigued")]
    shaken = enc.with_token(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO, stats={
        **HERO, "condition": {"shaken": True}}))
    result = perform_action(shaken, ActionRequest("recover-shaken", "hero"),
                            ScriptedDice([4, 1]))
    assert result.entry.title == "Hero recovers (Spirit)"
    assert result.encounter.token("hero").stats["condition"]["shaken"] is False


def test_a_shaken_actor_may_only_take_free_actions() -> None:
    shaken = {**HERO, "condition": {"shaken": True}}
    enc = side_by_side().with_token(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO,
                                          stats=shaken))
    with pytest.raises(AttackError, match="Hero is Shaken and may only take free actions"):
        perform_action(enc, ActionRequest("defend", "hero"), ScriptedDice([]))
    spent = perform_action(enc, ActionRequest("spend-benny", "hero"), ScriptedDice([]))
    assert spent.entry.title == "Hero spends a Benny: no longer Shaken (1 left)"


def test_bad_requests_name_the_problem() -> None:
    enc = side_by_side()
    with pytest.raises(AttackError, match="unknown action 'dance'"):
        perform_action(enc, ActionRequest("dance", "hero"), ScriptedDice([]))
    with pytest.raises(AttackError, match="target: no token given"):
        perform_action(enc, ActionRequest("grapple", "hero"), ScriptedDice([]))
    with pytest.raises(AttackError, match="Orc is neither Bound nor Entangled"):
        perform_action(enc, ActionRequest("cut-free", "hero", "orc"), ScriptedDice([]))


def test_bleeding_out_roll_with_a_raise_stabilises() -> None:
    """Bleeding Out: Vigor at the start of the turn; a raise stabilises. Vigor d8 5, Wild d6
    6 + 3 (Ace) = 9 vs 4: a raise (8+)."""
    dying = {**HERO, "condition": {"incapacitated": True, "bleeding_out": True}}
    enc = side_by_side().with_token(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO,
                                          stats=dying))
    result = perform_action(enc, ActionRequest("bleeding-out", "hero"), ScriptedDice([5, 6, 3]))
    assert result.entry.title == "Hero stabilises (Bleeding Out)"
    assert result.entry.lines[0] == "Vigor (Bleeding Out) d8 5, Wild d6 6+3 → 9 vs TN 4: raise"
    assert result.encounter.token("hero").stats["condition"]["bleeding_out"] is False
    with pytest.raises(AttackError, match="Hero is not bleeding out"):
        perform_action(result.encounter, ActionRequest("bleeding-out", "hero"),
                       ScriptedDice([]))


def test_ending_combat_ends_every_timed_state() -> None:
    """With no turns left to count, a Wild Attack's Vulnerable and a Defend end with combat."""
    enc = hero_first(side_by_side())
    enc = resolve_attack(enc, "hero", "orc", ScriptedDice([1, 1]), weapon="Sword",
                         options=["wild-attack"]).encounter
    enc, _ = next_turn(enc)
    enc = perform_action(enc, ActionRequest("defend", "orc"), ScriptedDice([])).encounter
    enc, entry = end_combat(enc)
    assert entry.lines == ("Hero is no longer Vulnerable",)
    assert enc.token("hero").stats["condition"]["vulnerable"] is False
    assert not defending(enc, "orc") and timers_of(enc) == ()


def test_a_test_with_a_rate_of_fire_keeps_the_best_die() -> None:
    """Test: "Rate of Fire takes the best die". Suppressing fire, Shooting d8 RoF 2: dice 2 and
    6, Wild d6 1: the best is 6 vs 4; the orc's Agility d6 3 resists: 6 > 3, Vulnerable."""
    result = perform_action(side_by_side(), ActionRequest(
        "test", "hero", "orc", skill="shooting", effect="Vulnerable", dice_count=2),
        ScriptedDice([2, 6, 1, 3]))
    assert result.entry.title == "Hero Tests Orc (Shooting): Orc is Vulnerable"
    assert result.entry.lines[:2] == ("Shooting (Test) 2 d8 6 → 6 vs TN 4: success",
                                      "Agility (resist Test) d6 3 → 3 vs TN 6: failure")


def test_an_ally_stabilises_a_bleeding_hero() -> None:
    """Bleeding Out: an ally's Healing roll stabilises on a success. The cleric's Healing d8 5
    (an Extra: no Wild Die) vs 4: the hero stops Bleeding Out."""
    dying = {**HERO, "condition": {"incapacitated": True, "bleeding_out": True}}
    cleric = Token("cleric", "Cleric", 1.5, 4.5, side=Side.HERO,
                   stats={"skills": {"healing": "d8"}})
    enc = side_by_side(cleric).with_token(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO,
                                                stats=dying))
    result = perform_action(enc, ActionRequest("stabilise", "cleric", "hero"), ScriptedDice([5]))
    assert result.entry.title == "Cleric stabilises Hero"
    assert result.entry.lines[0] == "Healing (stop the Bleeding Out) d8 5 → 5 vs TN 4: success"
    assert result.encounter.token("hero").stats["condition"]["bleeding_out"] is False


def test_support_reaches_the_grapple_and_is_used_by_it() -> None:
    """Support (S160-163) reaches the grapple, an Athletics roll (S73): the
    bard's Athletics d6 5 vs 4 gives +1 to the hero's next Athletics roll. The hero grapples
    the orc: Athletics d8 2, Wild 1 = 2, +1 Gang Up (the bard stands by the orc), +1 Support
    = 4 vs TN 4: success; the orc's unskilled d4 2 - 2 = 0 vs 4: he fails by 4, so he is
    Bound. The bonus is then spent: the same dice without it (3 vs 4) fail."""
    bard = Token("bard", "Bard", 2.5, 4.5, side=Side.HERO, stats={"skills": {"athletics": "d6"}})
    enc = perform_action(side_by_side(bard), ActionRequest("support", "bard", "hero",
                                                           skill="athletics"),
                         ScriptedDice([5])).encounter
    held = perform_action(enc, ActionRequest("grapple", "hero", "orc"), ScriptedDice([2, 1, 2]))
    assert held.entry.lines[0] == ("Athletics d8 2, Wild d6 1 = 2; +1 Gang Up; +1 Support → 4 "
                                   "vs TN 4: success")
    assert held.entry.title == "Hero grapples Orc: Orc is Bound"
    freed = perform_action(held.encounter, ActionRequest("let-go", "hero", "orc"),
                           ScriptedDice([])).encounter
    again = perform_action(freed, ActionRequest("grapple", "hero", "orc", gm_override=True),
                           ScriptedDice([2, 1, 2]))
    assert again.entry.title == "Hero grapples Orc: fails"


def test_support_reaches_breaking_free() -> None:
    """Support (S160-163) on breaking free (S17, an Athletics roll): the hero Binds the orc
    (Athletics d8 6 vs TN 4; the orc's unskilled d4 1 - 2 = -1 vs 6). His friend's Athletics
    d6 6 + 2 = 8 vs 4 is a raise: +2 on the orc's next Athletics roll. The orc tries: d4 4,
    Aced, 2 = 6, -2 unskilled, -2 Distracted (Bound), +2 Support = 4 vs TN 4: he breaks free;
    without the Support, 2 would fail."""
    friend = Token("gob", "Goblin", 3.5, 5.5, side=Side.VILLAIN,
                   stats={"skills": {"athletics": "d6"}})
    enc = perform_action(side_by_side(friend), ActionRequest("grapple", "hero", "orc"),
                         ScriptedDice([6, 1, 1])).encounter
    enc = perform_action(enc, ActionRequest("support", "gob", "orc", skill="athletics"),
                         ScriptedDice([6, 2])).encounter
    tried = perform_action(enc, ActionRequest("break-free", "orc", trait="athletics"),
                           ScriptedDice([4, 2]))
    assert tried.entry.title == "Orc breaks free"
    assert tried.entry.lines[0].endswith("-2 unskilled; -2 Distracted; +2 Support → 4 vs TN 4: "
                                         "success")
