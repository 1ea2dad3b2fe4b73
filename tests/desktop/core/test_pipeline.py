"""The attack pipeline on small hand-built maps: what geometry measures becomes the rules'
inputs, the dice resolve the attack, the new encounter holds the results and the log entry.

Every expected value is worked out below from the Savage Pathfinder text: Shooting against 4,
Cover -2/-4/-6, an obstacle adds half its Hardness as Armor, Gang Up +1 per extra adjacent ally
less the defender's adjacent allies, damage >= Toughness Shaken, each raise a Wound, an Extra
with a Wound is Incapacitated, Innocent Bystanders on a skill die of 1.
"""

import math
from dataclasses import replace

import pytest
from support.spf_on_map import (
    ActionRequest,
    AttackError,
    Declared,
    begin_combat,
    perform_action,
    preview_attack,
    resolve_attack,
    resolve_volley,
)

from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.desktop.core.template_attack import resolve_template
from battlemap.rules.dice import DiceError, ScriptedDice
from battlemap.rules.events import BystanderHit, Hit, Incapacitated, Shaken, Wounded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.cards import PhysicalCards
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.odds import trait_odds

HERO = {"wild_card": True, "attributes": {"strength": "d8", "vigor": "d8"},
        "skills": {"shooting": "d8", "fighting": "d8"},
        "weapons": [{"name": "Bow", "damage": "2d6", "range": [12, 24, 48]},
                    {"name": "Sword", "damage": "str+d8"}]}
ORC = {"attributes": {"vigor": "d6"}, "skills": {"fighting": "d6"},
       "weapons": [{"name": "Axe", "damage": "str+d6"}]}
"""An armed Extra: Parry 2 + 6/2 = 5, Toughness 2 + 6/2 = 5."""


def token(token_id: str, x: float, y: float, side: Side, stats: dict) -> Token:
    return Token(token_id, token_id.title(), x, y, side=side, stats=stats)


def open_field(*extra: Token, walls: tuple[Wall, ...] = ()) -> Encounter:
    """The hero at (1.5, 5.5) and the orc 7" east at (8.5, 5.5): Short range for a 12/24/48 bow."""
    tokens = (token("hero", 1.5, 5.5, Side.HERO, HERO), token("orc", 8.5, 5.5, Side.VILLAIN, ORC))
    return Encounter(tokens=tokens + extra, walls=walls)


HALF_WALL = Wall("post", ((6.0, 5.5), (6.0, 7.5)), hardness=10)
"""A full-height post covering the orc's silhouette from its centre line down: half hidden."""


def test_a_clean_shot_that_shakes() -> None:
    """Shooting d8 6 (Wild Die 2) vs 4: hit. 2d6 = 3 + 4 = 7 vs Toughness 5: Shaken."""
    result = resolve_attack(open_field(), "hero", "orc", ScriptedDice([6, 2, 3, 4]))
    assert result.entry.title == "Hero shoots Orc (Bow): hit; Orc is Shaken"
    assert result.entry.lines == ("Shooting d8 6, Wild d6 2 → 6 vs TN 4: hit",
                                  "Bow damage: Bow d6 3, Bow d6 4 → 7 vs Toughness 5: success",
                                  "Orc is Shaken")
    assert result.encounter.token("orc").stats["condition"]["shaken"] is True
    assert result.encounter.log == (result.entry,)


def test_half_cover_and_the_obstacle_behind_it() -> None:
    """The post hides half the orc: Medium Cover -4, and the line of fire crosses it: Armor +5.

    Shooting d8 8+5 (ace) = 13, Wild d6 3: 13 - 4 = 9 vs 4, a raise. Damage 2d6 6+1 (ace) and
    5, raise d6 4 = 16, -5 = 11 vs 5: one raise, one Wound: the Extra is Incapacitated."""
    enc = open_field(walls=(HALF_WALL,))
    preview = preview_attack(enc, "hero", "orc")
    assert preview.survey.cover_fraction == pytest.approx(0.5)
    assert [(m.value, m.reason) for m in preview.attack_modifiers] == [(-4, "medium Cover")]
    assert [m.value for m in preview.damage_modifiers] == [-5]
    result = resolve_attack(enc, "hero", "orc", ScriptedDice([8, 5, 3, 6, 1, 5, 4]))
    assert result.entry.lines[0] == ("Shooting d8 8+5, Wild d6 3 = 13; -4 medium Cover (50 %)"
                                     " → 9 vs TN 4: hit with a raise")
    assert result.entry.lines[1].endswith("= 16; -5 through an obstacle (Armor +5) → 11 vs "
                                          "Toughness 5: 1 raise")
    assert any(isinstance(e, Incapacitated) for e in result.events)
    assert result.encounter.token("orc").stats["condition"]["incapacitated"] is True


def test_the_preview_odds_are_the_trait_odds_with_the_modifiers() -> None:
    """No damage can miss a hit here, so P(hit) is a Wild Card d8's chance at -4 vs 4."""
    preview = preview_attack(open_field(walls=(HALF_WALL,)), "hero", "orc")
    expected = trait_odds(TraitDie(8), wild_card=True, modifier=-4).success_or_better
    assert preview.odds is not None
    assert preview.odds.hit == pytest.approx(float(expected))
    assert (preview.target_number, preview.total_modifier) == (4, -4)


def test_a_gm_override_replaces_the_cover_and_is_logged() -> None:
    """Heavy Cover by the GM's ruling: -6 instead of -4. Shooting 8+2, Wild 1: 10 - 6 = 4."""
    enc = open_field(walls=(HALF_WALL,))
    result = resolve_attack(enc, "hero", "orc", ScriptedDice([8, 2, 1, 1, 1]),
                            overrides={"cover": "heavy"})
    assert result.entry.lines[0].startswith("Shooting d8 8+2, Wild d6 1 = 10; -6 heavy Cover")
    assert result.entry.lines[0].endswith("→ 4 vs TN 4: hit")
    assert "GM override: cover heavy (measured medium)" in result.entry.lines


def test_gang_up_counts_allies_and_the_defenders_allies_cancel() -> None:
    """Fighting the orc next to it with one more ally adjacent: Gang Up +1; an orc ally next to
    both the hero and the orc cancels it."""
    ally = token("ally", 9.5, 5.5, Side.HERO, HERO)
    hero_next = replace(open_field().token("hero"), x=7.5)
    enc = open_field(ally).with_token(hero_next)
    assert [str(m) for m in preview_attack(enc, "hero", "orc").attack_modifiers] == ["+1 Gang Up"]
    guard = token("guard", 8.0, 6.5, Side.VILLAIN, ORC)
    guarded = enc.with_token(guard)
    assert preview_attack(guarded, "hero", "orc").attack_modifiers == ()


def test_a_stray_shot_hits_the_bystander_in_the_line_of_fire() -> None:
    """Shooting die 1, Wild Die 2: a miss (not a Critical Failure) whose 1 goes astray. The
    goblin in the line of fire is the only candidate (no die picks him): 2d6 4 + 2 = 6 vs his
    Toughness 5: Shaken."""
    goblin = token("goblin", 5.5, 5.5, Side.NEUTRAL, ORC)
    result = resolve_attack(open_field(goblin), "hero", "orc", ScriptedDice([1, 2, 4, 2]))
    assert BystanderHit("hero", "goblin") in result.events
    assert Shaken("goblin") in result.events
    assert result.entry.lines[0] == ("Shooting d8 1, Wild d6 2 → 2 vs TN 4: miss; bystander die"
                                     " 1 → Goblin")
    assert result.encounter.token("goblin").stats["condition"]["shaken"] is True


def test_out_of_reach_and_no_line_of_sight_are_problems_not_errors() -> None:
    enc = open_field()
    assert preview_attack(enc, "hero", "orc", weapon="Sword").problem == (
        'Orc is not within reach (7" away)')
    wall = Wall("wall", ((5.0, 0.0), (5.0, 10.0)))
    blocked = preview_attack(open_field(walls=(wall,)), "hero", "orc")
    assert blocked.problem == "Hero cannot see Orc (no line of sight)"
    with pytest.raises(AttackError, match="no line of sight"):
        resolve_attack(open_field(walls=(wall,)), "hero", "orc", ScriptedDice([6, 6]))


def test_bad_ids_weapons_and_dice_name_what_is_wrong() -> None:
    enc = open_field()
    with pytest.raises(AttackError, match="target: no token with id 'ogre'"):
        preview_attack(enc, "hero", "ogre")
    with pytest.raises(AttackError, match="has no weapon 'Axe'"):
        preview_attack(enc, "hero", "orc", weapon="Axe")
    with pytest.raises(DiceError, match="d8"):
        resolve_attack(enc, "hero", "orc", ScriptedDice([9]))


def test_a_wounded_target_keeps_its_wounds_and_the_log_grows() -> None:
    """A Wild Card orc already Shaken: 2d6 = 6 vs Toughness 5 is Shaken again: a Wound."""
    orc = {**ORC, "wild_card": True, "condition": {"shaken": True}}
    enc = open_field().with_token(token("orc", 8.5, 5.5, Side.VILLAIN, orc))
    result = resolve_attack(enc, "hero", "orc", ScriptedDice([6, 2, 3, 3]))
    assert Wounded("orc", 1, 1) in result.events
    assert result.encounter.token("orc").stats["condition"]["wounds"] == 1
    assert Hit("hero", "orc", False) in result.events


def test_a_wild_attack_leaves_the_attacker_vulnerable() -> None:
    """Wild Attack: +2 Fighting and damage, then Vulnerable. Next to the orc with the sword:
    Fighting d8 4 (Wild Die 1) + 2 = 6 vs Parry 5, a hit; Strength d8 3 + Sword d8 2 + 2 = 7
    vs Toughness 5: Shaken."""
    enc = open_field().with_token(replace(open_field().token("hero"), x=7.5))
    result = resolve_attack(enc, "hero", "orc", ScriptedDice([4, 1, 3, 2]), weapon="Sword",
                            options=("wild-attack",))
    assert result.entry.lines[0] == "Fighting d8 4, Wild d6 1 = 4; +2 Wild Attack → 6 vs TN 5: hit"
    assert result.entry.lines[-1] == "Hero is now Vulnerable"
    assert result.encounter.token("hero").stats["condition"]["vulnerable"] is True
    assert result.encounter.token("orc").stats["condition"]["shaken"] is True


def test_the_joker_from_the_action_cards_adds_two_to_roll_and_damage() -> None:
    """Dealt the red Joker: +2 to the Shooting roll and the damage. Shooting 2 (Wild Die 1)
    + 2 = 4 vs 4: a hit; 2d6 1 + 2 + 2 = 5 vs 5: Shaken - both only thanks to the Joker. The
    log entry carries the round of the Action Cards (1)."""
    enc, _ = begin_combat(open_field(), PhysicalCards(["RJ", "2C"]))
    result = resolve_attack(enc, "hero", "orc", ScriptedDice([2, 1, 1, 2]))
    assert result.entry.lines[0] == "Shooting d8 2, Wild d6 1 = 2; +2 Joker → 4 vs TN 4: hit"
    assert result.entry.lines[1].endswith("= 3; +2 Joker → 5 vs Toughness 5: success")
    assert result.entry.round == 1
    assert result.preview.context.joker


def test_the_target_soaks_the_wound_with_a_benny() -> None:
    """Shooting d8 8+3 (Wild Die 2) = 11 vs 4: a raise. 2d6 4 + 5 and the raise d6 3 = 12 vs
    Toughness 5: one raise, a Wound. The Wild Card orc spends his one Benny: Vigor d6 4 (Wild
    Die 2) vs 4, a success soaks the Wound - and with it the Shaken it would have caused."""
    orc = {**ORC, "wild_card": True, "bennies": 1}
    enc = open_field().with_token(token("orc", 8.5, 5.5, Side.VILLAIN, orc))
    result = resolve_attack(enc, "hero", "orc", ScriptedDice([8, 3, 2, 4, 5, 3, 4, 2]),
                            soak_bennies=1)
    assert result.entry.lines[2:] == ("Orc spends a Benny: Soak",
                                      "Vigor (Soak) d6 4, Wild d6 2 → 4 vs TN 4: success",
                                      "Orc soaks 1 of 1 Wound")
    after = result.encounter.token("orc").stats
    assert (after["bennies"], after["condition"]["wounds"], after["condition"]["shaken"]) == (
        0, 0, False)


KNIGHT = {"wild_card": True, "attributes": {"strength": "d8"},
          "skills": {"fighting": "d10", "riding": "d6"},
          "weapons": [{"name": "Lance", "damage": "str+d8"}]}


def _melee(attacker_stats: dict) -> Encounter:
    """The attacker at (1.5, 5.5) and the armed orc adjacent at (2.5, 5.5)."""
    return Encounter(tokens=(token("hero", 1.5, 5.5, Side.HERO, attacker_stats),
                             token("orc", 2.5, 5.5, Side.VILLAIN, ORC)))


def test_a_mounted_fighter_rolls_the_lower_of_fighting_and_riding() -> None:
    """Mounted Combat: "use the lower of Fighting and Riding" - d6, not d10. Fighting d6 5,
    Wild d6 2 vs Parry 5: hit. A charge after 6" straight: +4 damage. Str d8 2 + Lance d8 3
    + 4 = 9 vs Toughness 5: 4 over, one raise: a Wound, and the Extra is Incapacitated. The
    rider's own stat block keeps Fighting d10."""
    declared = Declared(mounted=True, straight_run=6.0)
    result = resolve_attack(_melee(KNIGHT), "hero", "orc", ScriptedDice([5, 2, 2, 3]),
                            declared=declared)
    assert result.entry.lines[0] == "Fighting d6 5, Wild d6 2 → 5 vs TN 5: hit"
    assert result.entry.lines[1] == ("Lance damage: Strength d8 2, Lance d8 3 = 5; +4 charging "
                                     "mount → 9 vs Toughness 5: 1 raise")
    assert result.encounter.token("orc").stats["condition"]["incapacitated"] is True
    assert "riding" in result.encounter.token("hero").stats["skills"]
    assert result.encounter.token("hero").stats["skills"]["fighting"] == "d10"


def test_the_drop_leaves_a_shaken_foe_to_a_knockout_blow() -> None:
    """The Drop: +4 attack and damage. Fighting d8 3, Wild 2: 3 + 4 = 7 vs Parry 5, hit.
    Sword d8 1 + Str d8 1 + 4 = 6 vs Toughness 5: Shaken. Knockout Blow: Vigor d6 3 < 4:
    knocked out (Incapacitated)."""
    result = resolve_attack(_melee(HERO), "hero", "orc", ScriptedDice([3, 2, 1, 1, 3]),
                            weapon="Sword", options=["the-drop"])
    assert result.entry.lines[2] == "Orc is Shaken"
    assert result.entry.lines[3] == "Vigor (Knockout Blow) d6 3 → 3 vs TN 4: failure"
    assert result.entry.lines[-1] == "Orc is now knocked out"
    assert result.encounter.token("orc").stats["condition"]["incapacitated"] is True


def test_a_wild_attack_vulnerability_is_timed_in_the_encounter() -> None:
    """Wild Attack: Vulnerable "until the end of his next turn": gained in his own turn, so
    two ends of his turns (states.Timer turn_ends=2)."""
    result = resolve_attack(_melee(HERO), "hero", "orc", ScriptedDice([1, 1]), weapon="Sword",
                            options=["wild-attack"])
    assert result.encounter.token("hero").stats["condition"]["vulnerable"] is True
    assert result.encounter.combat["timers"] == [
        {"token": "hero", "status": "Vulnerable", "turn_ends": 2}]


def test_a_volley_gives_each_target_its_own_cover() -> None:
    """Rate of Fire 2 at two orcs: one Shooting die each plus one Wild Die, best die to the
    first target. Dice d8 5 and 4, Wild d6 3 (it stands beside the lowest die and is lower:
    the 4 stays). The orc behind the post takes the 5: -4 medium Cover → 1 vs 4, miss. The orc
    in the open takes the 4: 4 vs 4, hit; 2d6 2 + 3 = 5 vs Toughness 5: Shaken. Each target's
    cover is named in the log."""
    repeater = {**HERO, "weapons": [{"name": "Repeater", "damage": "2d6",
                                     "range": [12, 24, 48], "rof": 2}]}
    enc = Encounter(tokens=(token("hero", 1.5, 5.5, Side.HERO, repeater),
                            token("orc", 8.5, 5.5, Side.VILLAIN, ORC),
                            token("orc2", 8.5, 1.5, Side.VILLAIN, ORC)), walls=(HALF_WALL,))
    result = resolve_volley(enc, "hero", ["orc", "orc2"], ScriptedDice([5, 4, 3, 2, 3]))
    assert result.entry.title == ("Hero shoots Orc, Orc2 (Repeater, 2 shots): Orc miss, Orc2 hit; "
                                  "Orc2 is Shaken")
    assert result.entry.lines[:3] == (
        "Shooting 1 d8 5 = 5; -4 medium Cover → 1 vs TN 4: miss",
        "Shooting 2 d8 4, Wild d6 3 → 4 vs TN 4: hit",
        "Repeater damage: Repeater d6 2, Repeater d6 3 → 5 vs Toughness 5: success")
    assert "Orc: cover medium (50 %)" in result.entry.lines
    assert "Orc2: cover none (0 %)" in result.entry.lines
    assert result.encounter.token("orc2").stats["condition"]["shaken"] is True
    assert "shaken" not in result.encounter.token("orc").stats.get("condition", {})


def test_an_evaded_blast_moves_the_victim_clear() -> None:
    """Evasion: an attack that may be Evaded lets an aware victim roll Agility -2; success
    takes no damage and the GM places him beside the template. Athletics d8 6 (Wild 2) vs 4
    at 4" (Short range): a hit. The orc's Agility d6 6, Aces, 1: 7 - 2 = 5 vs 4: evaded; he
    stands just clear of the Small Blast centred on him: 1" + his 0.5" + 0.1" from its centre.
    The log says where in words: from (5.5, 5.5) to (5.0, 7.0) is 0.5" west and 1.5" south,
    sqrt(0.25 + 2.25) = 1.58, nearest of the eight points south (issue 27: no raw
    coordinates; before, the line read "to (5.0, 7.0)")."""
    flask = {"wild_card": True, "skills": {"athletics": "d8"},
             "weapons": [{"name": "Flask", "damage": "2d6", "range": [4, 8, 16], "thrown": True}]}
    enc = Encounter(tokens=(token("hero", 1.5, 5.5, Side.HERO, flask),
                            token("orc", 5.5, 5.5, Side.VILLAIN, ORC)))
    result = resolve_template(enc, "hero", "sbt", (5.5, 5.5), ScriptedDice([6, 2, 6, 1]),
                              params={"evadable": "yes"})
    orc = result.encounter.token("orc")
    assert math.dist((orc.x, orc.y), (5.5, 5.5)) == pytest.approx(1.6, abs=0.02)
    assert result.entry.title == "Hero throws a Small Blast on Orc (Flask): no effect"
    assert result.entry.lines[:3] == (
        "Athletics (throwing) (sbt) d8 6, Wild d6 2 → 6 vs TN 4: success",
        "Agility (Evasion) d6 6+1 = 7; -2 Evasion → 5 vs TN 4: success",
        'Orc evades and is moved clear of the template, 1.6" south')
    assert (round(orc.x, 1), round(orc.y, 1)) == (5.0, 7.0)
    assert "shaken" not in orc.stats.get("condition", {})


def test_a_victims_evasion_takes_his_agility_support_and_uses_it_up() -> None:
    """S160-162: a Support is "+1 to one skill total" for the ally's next roll of it, an
    Evasion roll (Agility -2) included. The goblin 3" south of the orc (clear of the blast)
    Supports his Agility: d6 5 vs 4, success, +1. The hero's flask at him (Evadable):
    Athletics d8 6 (Wild 2) vs 4, a hit; the orc's Evasion d6 5 - 2 + 1 Support = 4 vs 4:
    evaded (without the +1, 3: hit). The roll used the Support up. (Before: the victim's
    Support stayed on the board.)"""
    flask = {"wild_card": True, "skills": {"athletics": "d8"},
             "weapons": [{"name": "Flask", "damage": "2d6", "range": [4, 8, 16], "thrown": True}]}
    enc = Encounter(tokens=(token("hero", 1.5, 5.5, Side.HERO, flask),
                            token("orc", 5.5, 5.5, Side.VILLAIN, ORC),
                            token("goblin", 5.5, 8.5, Side.VILLAIN, ORC)))
    enc = perform_action(enc, ActionRequest("support", "goblin", "orc", skill="agility"),
                         ScriptedDice([5])).encounter
    assert enc.combat["effects"] == [{"token": "orc", "kind": "support", "value": 1,
                                      "skill": "agility", "turn_ends": 1}]
    result = resolve_template(enc, "hero", "sbt", (5.5, 5.5), ScriptedDice([6, 2, 5]),
                              params={"evadable": "yes"})
    assert result.entry.lines[1] == ("Agility (Evasion) d6 5 = 5; -2 Evasion; +1 Support → 4 "
                                     "vs TN 4: success")
    assert not result.encounter.combat.get("effects")


def test_shooting_through_a_creature_subtracts_its_toughness() -> None:
    """Obstacles: "attacking through a creature, subtract its Toughness". The goblin stands in
    the line of fire (geometry's bystanders): Toughness 2 + d4/2 = 4. Shooting d8 6 (Wild 2):
    a hit; 2d6 5 + 5 = 10 - 4 = 6 vs the orc's Toughness 5: Shaken."""
    goblin = token("goblin", 5.0, 5.5, Side.VILLAIN, {"attributes": {"vigor": "d4"}})
    result = resolve_attack(open_field(goblin), "hero", "orc", ScriptedDice([6, 2, 5, 5]),
                            "Bow", declared=Declared(through_creatures=True))
    assert result.entry.lines[1] == ("Bow damage: Bow d6 5, Bow d6 5 = 10; -4 through Goblin "
                                     "(Toughness 4) → 6 vs Toughness 5: success")
    assert result.encounter.token("orc").stats["condition"]["shaken"] is True


BULL = {"attributes": {"strength": "d12"}, "skills": {"fighting": "d6"},
        "weapons": [{"name": "Horns", "damage": "str+d6", "natural": True}]}
"""An Extra with horns (a natural weapon in its stat block)."""


def test_horns_after_a_run_and_no_two_weapons_bonus_against_natural_weapons() -> None:
    """Natural Weapons: horns +4 damage after running 5"; a creature with natural weapons is
    always armed, so Two Weapons gains nothing against it (S180: declared, it is refused in
    words before the roll) - against the same foe with a plain one-handed weapon it is +1 (Two
    Weapons: "a single-weapon foe without a shield"). The hero holds two melee weapons (issue
    13: Two Weapons needs them; the bow is no melee weapon)."""
    two = {**HERO, "weapons": [*HERO["weapons"], {"name": "Dagger", "damage": "str+d4"}]}
    enc = Encounter(tokens=(token("hero", 1.5, 5.5, Side.HERO, two),
                            token("bull", 2.5, 5.5, Side.VILLAIN, BULL)))
    with pytest.raises((AttackError, RulesError), match="fights with natural weapons"):
        preview_attack(enc, "hero", "bull", "Sword", ["two-weapons"])
    clubbed = {**BULL, "weapons": [{"name": "Club", "damage": "str+d6"}]}
    plain = enc.with_token(token("bull", 2.5, 5.5, Side.VILLAIN, clubbed))
    mods = preview_attack(plain, "hero", "bull", "Sword", ["two-weapons"]).attack_modifiers
    assert [m.value for m in mods] == [1]
    charge = preview_attack(enc, "bull", "hero", declared=Declared(straight_run=5.0))
    assert [(m.value, m.reason) for m in charge.damage_modifiers] == [
        (4, 'horns after a 5" run')]
