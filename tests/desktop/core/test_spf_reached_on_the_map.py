"""Issue 13: Savage Pathfinder paragraphs the GM reaches through the table modules, played on
a real map (the desktop's measurer) with scripted dice, each outcome worked out by hand from
the rule text named in the docstring (savage-pathfinder-situational-rules.txt "S" lines,
savage-pathfinder-combat.txt "C" lines)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from support.spf_on_map import (
    ActionRequest,
    AttackError,
    Declared,
    perform_action,
    resolve_attack,
)

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Illumination, Side, Token
from battlemap.desktop.core.table_pipeline import acting_tokens, turn_step, weapon_names
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.registry import RulesError, find_system

HERO = {"wild_card": True,
        "attributes": {"strength": "d8", "vigor": "d8", "spirit": "d6", "smarts": "d6"},
        "skills": {"fighting": "d8", "athletics": "d10", "taunt": "d8"},
        "weapons": [{"name": "Sword", "damage": "str+d8"}]}
ORC = {"attributes": {"vigor": "d6"}, "skills": {"fighting": "d6"},
       "weapons": [{"name": "Axe", "damage": "str+d6"}]}


def battle(hero: dict | None = None, orc: dict | None = None, *extra: Token,
           light: Illumination = Illumination.BRIGHT) -> Encounter:
    """The hero at (1.5, 5.5), the orc next to him; ``light`` everywhere."""
    return Encounter(ambient=light, tokens=(
        Token("hero", "Hero", 1.5, 5.5, side=Side.HERO, stats=hero or HERO),
        Token("orc", "Orc", 2.5, 5.5, side=Side.VILLAIN, stats=orc or ORC), *extra))


def condition(encounter: Encounter, token: str) -> dict:
    return dict(encounter.token(token).stats.get("condition", {}))


def test_the_dark_reaches_the_grapplers_roll() -> None:
    """S84-86 / S73: "Subtract the Illumination penalties ... from active Trait rolls", Dark -4;
    resisting the grapple is not penalized. Athletics d10 8, Wild Die 1, -4 = 4: the orc's
    unskilled d4 3 - 2 = 1; 4 beats 1 by 3: Entangled, not Bound (in bright light 8 vs 1 would
    be a raise: Bound)."""
    after = perform_action(battle(light=Illumination.DARK),
                           ActionRequest("grapple", "hero", "orc"),
                           ScriptedDice([8, 1, 3])).encounter
    assert condition(after, "orc")["entangled"] is True
    assert condition(after, "orc").get("bound", False) is False
    assert any("-4 dark light" in line for line in after.log[-1].lines)


def test_the_dark_and_telling_details_reach_a_physical_test() -> None:
    """S170-174: a trip is Athletics against Agility; Dark -4 ("Shooting ... should include
    ... Illumination"), telling details +2: Athletics d10 6, Wild 1, -4 + 2 = 4; the orc's
    Agility d6 3: the hero wins by 1: Distracted, no raise so not Shaken (bright light and
    details: 8, a raise; dark without details: 2, a failure)."""
    request = ActionRequest("test", "hero", "orc", skill="athletics", details=True)
    after = perform_action(battle(light=Illumination.DARK), request,
                           ScriptedDice([6, 1, 3])).encounter
    assert condition(after, "orc")["distracted"] is True
    assert condition(after, "orc").get("shaken", False) is False
    assert "+2 telling details" in after.log[-1].lines[0]


def test_a_verbal_test_ignores_the_dark() -> None:
    """S87-92: "Verbal Tests" should not be penalized by light. Taunt d8 5, Wild 1 = 5 in the
    dark against the orc's Smarts d6 4: Distracted."""
    after = perform_action(battle(light=Illumination.DARK),
                           ActionRequest("test", "hero", "orc", skill="taunt"),
                           ScriptedDice([5, 1, 4])).encounter
    assert condition(after, "orc")["distracted"] is True


def test_the_dark_reaches_a_fighting_support_roll_unless_the_ally_is_adjacent() -> None:
    """S84-86 / S160: a Fighting Support roll to an ally 3" away is an active roll in the
    light: Fighting d8 5, Wild 1, -4 (Dark) = 1: no help (in bright light 5: +1). S87-92: to an
    adjacent ally "touch and communication overcome lack of sight": 5, +1."""
    far = Token("ally", "Ally", 1.5, 8.5, side=Side.HERO, stats=HERO)
    after = perform_action(battle(None, None, far, light=Illumination.DARK),
                           ActionRequest("support", "hero", "ally", skill="fighting"),
                           ScriptedDice([5, 1])).encounter
    assert after.log[-1].title == "Hero supports Ally (Fighting): no help"
    near = replace(far, y=6.5)
    after = perform_action(battle(None, None, near, light=Illumination.DARK),
                           ActionRequest("support", "hero", "ally", skill="fighting"),
                           ScriptedDice([5, 1])).encounter
    assert after.log[-1].title == "Hero supports Ally (Fighting): +1"


def test_breaking_free_in_the_dark_takes_no_light_penalty() -> None:
    """S87-92: "Resisting grappling attempts" is not penalized by light; breaking a hold is
    resisting it (the GM's call the text leaves open). Athletics d10 4, Wild 1 = 4 in the dark:
    the hero breaks free (with -4 it would be 0)."""
    held = {**HERO, "condition": {"entangled": True}}
    after = perform_action(battle(held, light=Illumination.DARK),
                           ActionRequest("break-free", "hero", trait="athletics"),
                           ScriptedDice([4, 1])).encounter
    assert condition(after, "hero")["entangled"] is False


def test_any_token_may_swing_an_improvised_weapon() -> None:
    """S98-103: improvised weapons "count as armed but subtract 2 from attack rolls"; Medium
    (a wooden chair) is Str+d6. The attack bar lists the three profiles after the stat block's
    weapons. Fighting d8 7, Wild 2, -2 = 5 vs the orc's Parry 5: a hit; Strength d8 5 + d6 4 =
    9 vs Toughness 5: a raise, one Wound: the Extra is Incapacitated. The stat block keeps its
    own weapons."""
    enc = battle()
    assert weapon_names(enc, "hero") == ("Sword", "Improvised (Light)", "Improvised (Medium)",
                                         "Improvised (Heavy)")
    result = resolve_attack(enc, "hero", "orc", ScriptedDice([7, 2, 5, 4]),
                            weapon="Improvised (Medium)")
    assert result.entry.lines[0] == ("Fighting d8 7, Wild d6 2 = 7; -2 improvised weapon → 5 "
                                     "vs TN 5: hit")
    assert condition(result.encounter, "orc")["incapacitated"] is True
    assert result.encounter.token("hero").stats["weapons"] == HERO["weapons"]


def test_a_light_improvised_weapon_is_thrown_at_its_own_range() -> None:
    """S100: Light (a beer stein) is Range 3/6/12, Str+d4: at 5" it is Medium Range (-2), and
    -2 improvised. Athletics d10 8, Wild 1 = 8 - 4 = 4 vs 4: a hit; Strength d8 3 + d4 2 = 5 vs
    Toughness 5: Shaken."""
    enc = replace(battle(), tokens=(battle().token("hero"),
                                    replace(battle().token("orc"), x=6.5)))
    result = resolve_attack(enc, "hero", "orc", ScriptedDice([8, 1, 3, 2]),
                            weapon="Improvised (Light)")
    assert result.entry.lines[0] == ("Athletics (throwing) d10 8, Wild d6 1 = 8; -2 Medium "
                                     "Range; -2 improvised weapon → 4 vs TN 4: hit")
    assert condition(result.encounter, "orc")["shaken"] is True


def lava(catastrophic: bool) -> Encounter:
    """4d10 dealt to the hero (one Benny, Soak with it): 9 + 9 + 9 + 1 = 28 vs Toughness 6;
    his Soak: Vigor d8 5, Wild 1; then, if Incapacitated, Vigor 5, Wild 1 and the Injury
    Table."""
    request = ActionRequest("apply-damage", "hero", damage="4d10", catastrophic=catastrophic,
                            soak=1)
    return perform_action(battle({**HERO, "bennies": 1}), request,
                          ScriptedDice([9, 9, 9, 1, 5, 1, 5, 1, 4, 3, 6])).encounter


def test_capped_damage_that_is_no_attack_leaves_four_wounds_to_soak() -> None:
    """C67-68: "characters can never suffer more than four Wounds in a single hit": 28 - 6 =
    22, five raises, capped at 4; Soak takes one: 3 Wounds, the hero still stands."""
    after = lava(catastrophic=False)
    assert "Hero soaks 1 of 4 Wounds" in after.log[-1].lines
    assert condition(after, "hero")["wounds"] == 3
    assert condition(after, "hero")["incapacitated"] is False


def test_catastrophic_damage_ignores_the_wound_cap() -> None:
    """C69: "Ignore the cap for catastrophic damage such as falls from great heights, extreme
    environments such as lava": the same 28 is five Wounds; Soak takes one, four remain: the
    Wild Card is Incapacitated (C70-72). The token menu offers both under *Apply damage*."""
    after = lava(catastrophic=True)
    assert after.log[-1].title == "Hero takes 4d10 damage (catastrophic: no Wound cap)"
    assert "Hero soaks 1 of 5 Wounds" in after.log[-1].lines
    assert condition(after, "hero")["incapacitated"] is True
    menu = find_system("spf").action_menu(board_of(battle()), "hero")
    entry = next(e for e in menu if e.label == "Apply damage")
    assert [(c.label, c.action, dict(c.params).get("catastrophic")) for c in entry.children] \
        == [("Capped (at most 4 Wounds)", "apply-damage", None),
            ("Catastrophic (no cap: a great fall, lava)", "apply-damage", "yes")]


WOUNDED_ORC = {**ORC, "wild_card": True, "condition": {"wounds": 3}}
"""A Wild Card orc (Parry 5, Toughness 5) with three Wounds: the next Wound Incapacitates."""


def test_a_called_shot_at_the_left_arm_is_the_injurys_arm() -> None:
    """C83 / S35: "3-4 Arm: ... his left or right arm (rolled randomly if not targeted)". A
    limb Called Shot (-2) at the orc's left arm: Fighting d8 7, Wild 1 - 2 = 5 vs Parry 5: a
    hit; Strength d8 5 + Sword d8 4 = 9 vs 5: a raise, a Wound beyond three: Incapacitated.
    Vigor d6 1, Wild 3 - 3 (Wounds) = 0: a failure; Injury Table 2 + 2 = 4: Arm - the left,
    with no side die rolled (the scripted dice would run out)."""
    dice = ScriptedDice([7, 1, 5, 4, 1, 3, 2, 2])
    result = resolve_attack(battle(orc=WOUNDED_ORC), "hero", "orc", dice,
                            options=["called-shot-limb"], declared=Declared(arm="left"))
    assert condition(result.encounter, "orc")["injuries"][0]["name"] == "Arm: left arm unusable"
    assert dice.remaining == ()


def test_an_arm_needs_a_hand_or_limb_called_shot() -> None:
    """An arm declared for a head shot cannot be: the preview says why, nothing is rolled."""
    with pytest.raises(AttackError, match="no hand or limb Called Shot"):
        resolve_attack(battle(), "hero", "orc", ScriptedDice([]),
                       options=["called-shot-head"], declared=Declared(arm="left"))


def test_a_disarm_at_the_hand_strikes_the_right_arm() -> None:
    """S32 / S130: a hand Disarm (-4) strikes the weapon hand, "assumed to be right-handed":
    Fighting d8 8 (Ace) + 1, Wild 1 = 9 - 4 = 5 vs Parry 5: a hit; Strength d8 5 + Sword d8 4
    = 9 vs 5: a raise, a Wound: Incapacitated; Vigor d6 1, Wild 3 - 3 = 0; Injury 2 + 2 = 4:
    the right arm (no side die); then his Strength d6 2, Wild 1 to keep the axe."""
    dice = ScriptedDice([8, 1, 1, 5, 4, 1, 3, 2, 2, 2, 1])
    after = perform_action(battle(orc=WOUNDED_ORC), ActionRequest("disarm", "hero", "orc",
                                                                  part="hand"), dice).encounter
    assert condition(after, "orc")["injuries"][0]["name"] == "Arm: right arm unusable"


def test_a_club_cannot_cut_a_rope() -> None:
    """S30: "Certain types of attacks can't break certain types of objects. A club can't cut a
    rope": a blunt strike at the rope (Hardness 4) is refused before any die is rolled, and
    the menu greys it with the reason; a cutting one hits the motionless rope (S20: TN 2,
    Fighting d8 4, Wild 1) and rolls Strength d8 3 + Sword d8 2 = 5 (no Aces, no raise bonus:
    S29) against Hardness 4: the rope breaks. Fighting 1 and Wild 1 miss it: no damage."""
    with pytest.raises(AttackError, match="a blunt weapon can't break the rope"):
        perform_action(battle(), ActionRequest("break-object", "hero", thing="rope",
                                               damage_type="blunt"), ScriptedDice([]))
    after = perform_action(battle(), ActionRequest("break-object", "hero", thing="rope",
                                                   damage_type="cutting"),
                           ScriptedDice([4, 1, 3, 2])).encounter
    assert after.log[-1].title == "Hero strikes the rope (Hardness 4): breaks it"
    assert after.log[-1].lines[0] == "Fighting at the object d8 4, Wild d6 1 → 4 vs TN 2: success"
    missed = perform_action(battle(), ActionRequest("break-object", "hero", thing="rope",
                                                    damage_type="cutting"),
                            ScriptedDice([1, 1])).encounter
    assert missed.log[-1].title == "Hero misses the rope"
    menu = find_system("spf").action_menu(board_of(battle()), "hero")
    rope = next(e for e in next(e for e in menu if e.label == "Break an object").children
                if e.label == "Rope (4)")
    assert [(c.label, c.problem) for c in rope.children] == [
        ("Cutting", None), ("Piercing", "a piercing weapon can't break the rope (only cutting)"),
        ("Blunt", "a blunt weapon can't break the rope (only cutting)")]


FENCER = {**HERO, "weapons": [
    {"name": "Rapier", "damage": "str+d4", "parry": 1},
    {"name": "Main-gauche", "damage": "str+d4", "parry": 1, "off_hand": True}]}
"""Fighting d8 (Parry 2 + 4), a rapier (+1) in the right hand and a main-gauche (+1) in the
left."""


def test_an_off_hand_weapon_adds_no_parry() -> None:
    """S131: "Off-hand weapons don't add their Parry bonus unless the hero is Ambidextrous":
    the fencer's Parry is 2 + 4 + 1 = 7 (8 with Ambidextrous), in the stat block's derived text
    and in the orc's attack: Fighting d8 7 vs Parry 7, a hit (it would miss Parry 8); Strength
    d6 1 + Axe d6 1 = 2 vs Toughness 6: no effect."""
    spf = find_system("spf")
    fencer = spf.combatant_from_dict(FENCER, "fencer", "hero")
    assert spf.derived_text(fencer).startswith("Parry 7 ")
    ambidextrous = spf.combatant_from_dict({**FENCER, "edges": ["Ambidextrous"]}, "f", "hero")
    assert spf.derived_text(ambidextrous).startswith("Parry 8 ")
    orc = {**ORC, "skills": {"fighting": "d8"}}
    result = resolve_attack(battle(FENCER, orc), "orc", "hero", ScriptedDice([7, 1, 1]))
    assert result.entry.lines[0] == "Fighting d8 7 → 7 vs TN 7: hit"


def test_an_attack_with_the_off_hand_weapon_is_at_minus_two() -> None:
    """S130: "Fighting or Shooting, suffer a -2 penalty when done solely with the off-hand":
    the main-gauche (flagged Off-hand): Fighting d8 7, Wild 1, -2 = 5 vs the orc's Parry 5: a
    hit; Strength d8 1 + d4 1 = 2 vs Toughness 5: no effect."""
    result = resolve_attack(battle(FENCER), "hero", "orc", ScriptedDice([7, 1, 1, 1]),
                            weapon="Main-gauche")
    assert result.entry.lines[0] == "Fighting d8 7, Wild d6 1 = 7; -2 off-hand → 5 vs TN 5: hit"


PIKEMAN = {**HERO, "skills": {**HERO["skills"], "athletics": "d8"},
           "weapons": [{"name": "Pike", "damage": "str+d8", "reach": 2, "two_handed": True}]}
RIDER = {**ORC, "skills": {"fighting": "d6", "athletics": "d6"}}


def pikeman_on_hold(pikeman: dict = PIKEMAN) -> Encounter:
    """The pikeman (KS) goes on Hold; the orc rider (2C) is acting."""
    enc = turn_step(battle(pikeman, RIDER), "deal", ScriptedDice([]),
                    params={"cards": "KS 2C"}).encounter
    return turn_step(enc, "hold", ScriptedDice([]), "hero").encounter


def test_a_pike_set_against_a_charge_wins_the_interrupt_with_its_reach() -> None:
    """S116: "the attacker must be on Hold and win an opposed Athletics roll to interrupt as
    usual. Whoever has the most Reach adds +2": the pike (Reach 2) against the orc's axe
    (Reach 0): Athletics d8 4, Wild 1, +2 = 6 against the orc's d6 5: the pikeman interrupts
    (without the +2, 4 loses to 5)."""
    enc = pikeman_on_hold()
    step = turn_step(enc, "interrupt", ScriptedDice([4, 1, 5]), "hero", {"set_weapon": "yes"})
    assert "+2 most Reach" in step.resolution.notes[0]
    assert acting_tokens(step.encounter)[0] == "hero"
    plain = turn_step(enc, "interrupt", ScriptedDice([4, 1, 5]), "hero")
    assert acting_tokens(plain.encounter) == ("orc",)


def test_a_weapon_set_against_a_charge_adds_four_damage() -> None:
    """S117: "The winner attacks first. If successful, he adds the +4 charge bonus to his damage
    (whether he's the rider or not)": Fighting d8 6, Wild 1 vs Parry 5: a hit; Strength d8 2 +
    Pike d8 1 + 4 = 7 vs Toughness 5: the orc is Shaken (3 without the bonus: no effect)."""
    result = resolve_attack(battle(PIKEMAN, RIDER), "hero", "orc", ScriptedDice([6, 1, 2, 1]),
                            declared=Declared(set_weapon=True))
    assert result.entry.lines[1].endswith("+4 set against the charge → 7 vs Toughness 5: "
                                          "success")
    assert condition(result.encounter, "orc")["shaken"] is True


def test_only_a_reach_weapon_can_be_set() -> None:
    """S116: "A weapon with a Reach of 1 or greater can be set": a sword cannot; the interrupt
    and the attack say why and nothing changes."""
    with pytest.raises(AttackError, match="Reach 1 or more"):
        resolve_attack(battle(), "hero", "orc", ScriptedDice([]),
                       declared=Declared(set_weapon=True))
    enc = pikeman_on_hold(HERO)
    with pytest.raises(RulesError, match="no weapon of Reach 1 or more"):
        turn_step(enc, "interrupt", ScriptedDice([4, 1, 5]), "hero", {"set_weapon": "yes"})
