"""Issue 13: every paragraph right. Each test here failed before its fix (scripted dice, the
expected outcome worked out by hand in the comment, the paragraph quoted)."""

import pytest
from spf_people import goblin, hero

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Modifier, RollMade, StatusAdded, Wounded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder import (
    AttackContext,
    AttackKind,
    CalledShot,
    InjuryLasts,
    TraitDie,
    bleeding_out_roll,
    damage_modifiers,
    incapacitation_roll,
    recover_from_shaken,
    resolve_attack,
    stabilise,
    take_damage,
)
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.expressions import DamageDice
from battlemap.rules.savage_pathfinder.modifiers import attack_modifiers
from battlemap.rules.savage_pathfinder.situational.area import (
    AreaVictim,
    Template,
    resolve_area_attack,
)
from battlemap.rules.savage_pathfinder.situational.bystanders import stray_faces
from battlemap.rules.savage_pathfinder.situational.grappling import crush, grapple
from battlemap.rules.savage_pathfinder.situational.misc import finishing_move
from battlemap.rules.savage_pathfinder.situational.natural import spare_from_bleeding
from battlemap.rules.savage_pathfinder.situational.push import push
from battlemap.rules.savage_pathfinder.situational.situation import AttackFacts, situate
from battlemap.rules.savage_pathfinder.situational.states import (
    break_free,
    cut_free,
    stunned_recovery,
)
from battlemap.rules.savage_pathfinder.situational.support import perform_test, support_roll
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, TurnState, Weapon

ATHLETE = (("athletics", TraitDie(6)),)
DAGGER = Weapon("Dagger", DamageDice(True, (4,)))
FLASK = Weapon("Alchemist's fire", DamageDice(False, (6, 6)), range=(5, 10, 20), thrown=True)


# --- Bound & Entangled, Stunned, Shaken: states that forbid actions -------------------------

def test_bound_cannot_attack() -> None:
    # Bound: "cannot make physical actions other than trying to break free".
    bound = hero(condition={"bound": True, "distracted": True, "vulnerable": True})
    with pytest.raises(RulesError, match="h1 cannot attack: Bound"):
        resolve_attack(bound, goblin(), "Longsword", AttackContext(), ScriptedDice([]))


def test_stunned_cannot_attack_grapple_push_or_support() -> None:
    # Stunned: "Can't move or take any actions".
    stunned = Combatant("s1", skills=ATHLETE, condition=Condition(stunned=True, prone=True))
    other = Combatant("o1", skills=ATHLETE)
    with pytest.raises(RulesError, match="s1 cannot attack: Stunned"):
        resolve_attack(stunned, other, None, AttackContext(), ScriptedDice([]))
    with pytest.raises(RulesError, match="s1 cannot grapple: Stunned"):
        grapple(ScriptedDice([6, 1]), stunned, other)
    with pytest.raises(RulesError, match="s1 cannot push: Stunned"):
        push(ScriptedDice([6, 1, 4]), stunned, other, (0.0, 0.0), (1.0, 0.0))
    with pytest.raises(RulesError, match="s1 cannot support: Stunned"):
        support_roll(ScriptedDice([6, 1]), stunned, "athletics")


def test_bound_cannot_grapple_but_may_break_free_and_taunt() -> None:
    # Bound: no physical action "other than trying to break free". Breaking Free: "Strength at
    # -2 or Athletics": Athletics d6 6 + 1 = 7, -2 Distracted (Bound) = 5: free. A Taunt Test is
    # no physical action: Taunt (unskilled d4-2) 4 + 3 = 7 - 2 - 2 = 3, a failure, but allowed.
    bound = Combatant("b1", skills=ATHLETE, condition=Condition(bound=True, distracted=True,
                                                                  vulnerable=True))
    with pytest.raises(RulesError, match="b1 cannot grapple: Bound"):
        grapple(ScriptedDice([6, 1]), bound, Combatant("o1"))
    freed = break_free(ScriptedDice([6, 1]), bound, "athletics")
    assert freed.outcome.events[0].total == 5
    assert not freed.outcome.states[0].condition.bound
    tested, _ = perform_test(ScriptedDice([4, 3]), bound, "taunt", Combatant("o1"),
                             "Distracted", ())
    assert tested.events[0].total == 3
    with pytest.raises(RulesError, match=r"b1 cannot Test o1: Bound"):
        perform_test(ScriptedDice([4, 3]), bound, "athletics", Combatant("o1"), "Distracted", ())


def test_shaken_or_stunned_cannot_break_free() -> None:
    # Breaking Free "is an action": Shaken "may only take free actions"; Stunned takes none.
    for condition in (Condition(entangled=True, shaken=True),
                      Condition(entangled=True, stunned=True)):
        with pytest.raises(RulesError, match="cannot break free"):
            break_free(ScriptedDice([6, 1]), Combatant("e1", condition=condition), "athletics")


def test_stunned_cannot_finish_a_helpless_foe() -> None:
    # Finishing Move: "dispatched with a lethal weapon of some sort as an action".
    stunned = Combatant("s1", weapons=(DAGGER,), condition=Condition(stunned=True))
    helpless = Combatant("v1", condition=Condition(incapacitated=True))
    with pytest.raises(RulesError, match="s1 cannot finish"):
        finishing_move(stunned, helpless, DAGGER, adjacent=True)


def test_stunned_recovery_is_still_rolled() -> None:
    # Stunned Recovery: "he makes a Vigor roll as a free action" - not refused. d6 4: success.
    stunned = Combatant("s1", condition=Condition(stunned=True, prone=True, vulnerable=True))
    out, _ = stunned_recovery(ScriptedDice([4]), stunned, ())
    assert not out.states[0].condition.stunned


# --- penalties that reach every Trait roll ---------------------------------------------------

def test_fatigue_and_distracted_reach_the_spirit_roll_to_recover() -> None:
    # Fatigued "subtracts 1 from all Trait rolls", Distracted "subtracts 2 from all Trait
    # rolls": Spirit d6 5, Wild Die 2: 5 - 1 - 2 = 2, a failure: still Shaken.
    h = hero(condition={"shaken": True, "fatigue": 1, "distracted": True})
    outcome = recover_from_shaken(ScriptedDice([5, 2]), h)
    assert outcome.events[0].total == 2
    assert outcome.states[0].condition.shaken


def test_joker_reaches_the_spirit_roll_to_recover() -> None:
    # Jokers "add +2 to all Trait and damage rolls this round": Spirit 2, Wild 2: 2 + 2 = 4.
    outcome = recover_from_shaken(ScriptedDice([2, 2]), hero(condition={"shaken": True}),
                                  joker=True)
    assert Modifier(2, "Joker") in outcome.events[0].modifiers
    assert not outcome.states[0].condition.shaken


def test_recover_from_shaken_may_only_be_tried_once_a_turn() -> None:
    # Free actions at the start of a turn "may only be tried once, such as recovering from
    # being Shaken or Stunned".
    with pytest.raises(RulesError, match="once"):
        recover_from_shaken(ScriptedDice([6, 6]), hero(condition={"shaken": True}),
                            tried_this_turn=True)
    with pytest.raises(RulesError, match="once"):
        stunned_recovery(ScriptedDice([6]), Combatant("s1", condition=Condition(stunned=True)),
                         (), tried_this_turn=True)


def test_distracted_reaches_the_soak_roll() -> None:
    # Hero Toughness 8 (2). Damage 12: 4 over, one raise: 1 Wound and Shaken. Soak: Vigor d8 5,
    # Wild Die 1, -2 Distracted = 3: a failure, the Wound stays.
    h = hero(condition={"distracted": True})
    taken = take_damage(ScriptedDice([5, 1]), h, 12, soak_bennies=1)
    assert [e.total for e in taken.events if isinstance(e, RollMade)] == [3]
    assert taken.states[0].condition.wounds == 1


def test_the_defenders_joker_reaches_his_soak() -> None:
    # A goblin (Fighting d6) attacks the hero (Parry 6): d6 6 (Ace) + 4 = 10: a raise. Damage:
    # Strength d6 5 + short sword d6 5 + raise d6 2 = 12 vs Toughness 8: 1 Wound. The hero holds
    # a Joker: Soak Vigor d8 2, Wild 2, +2 Joker = 4: success, the Wound is soaked.
    context = AttackContext(defender_joker=True)
    outcome = resolve_attack(goblin(), hero(), "Short sword", context,
                             ScriptedDice([6, 4, 5, 5, 2, 2, 2]), soak_bennies=1)
    assert not any(isinstance(e, Wounded) for e in outcome.events)
    assert outcome.states[0].condition.wounds == 0


def test_fatigue_reaches_the_incapacitation_vigor_roll() -> None:
    # 3 Wounds (-3) and Fatigued (-1): Vigor d8 7, Wild 1 = 3: failure: a permanent Injury and
    # Bleeding Out. Injury Table 3 + 4 = 7: Guts; d6 1: Broken.
    h = hero(condition={"wounds": 3, "fatigue": 1, "incapacitated": True})
    outcome = incapacitation_roll(ScriptedDice([7, 1, 3, 4, 1]), h)
    assert outcome.events[0].total == 3
    after = outcome.states[0].condition
    assert after.bleeding_out and after.injuries[0].lasts is InjuryLasts.PERMANENT


def test_distracted_and_joker_reach_the_bleeding_out_roll() -> None:
    # 3 Wounds, Distracted: Vigor d8 7, Wild 2: 7 - 3 - 2 = 2: he perishes.
    h = hero(condition={"wounds": 3, "distracted": True, "incapacitated": True,
                        "bleeding_out": True})
    assert bleeding_out_roll(ScriptedDice([7, 2]), h).states[0].condition.dead
    # Not Distracted, a Joker: Vigor 5, Wild 1: 5 - 3 + 2 = 4: he holds on.
    h = hero(condition={"wounds": 3, "incapacitated": True, "bleeding_out": True})
    held = bleeding_out_roll(ScriptedDice([5, 1]), h, joker=True).states[0].condition
    assert not held.dead and held.bleeding_out


def test_fatigue_reaches_the_healers_roll() -> None:
    # Exhausted healer (-2), Healing d6 5, Wild 3: 3, a failure: still Bleeding Out.
    healer = hero("h2", skills={"healing": "d6"}, condition={"fatigue": 2})
    victim = hero(condition={"wounds": 3, "incapacitated": True, "bleeding_out": True})
    assert stabilise(ScriptedDice([5, 3]), healer, victim).states[0].condition.bleeding_out


def test_vulnerable_gives_plus_two_to_a_grapple() -> None:
    # Vulnerable: "Actions and attacks against the target are made at +2". Athletics d6 3 + 2
    # = 5; the defender's Athletics d6 4 does not reach it: Entangled.
    target = Combatant("d1", skills=ATHLETE, condition=Condition(vulnerable=True))
    outcome = grapple(ScriptedDice([3, 4]), Combatant("a1", skills=ATHLETE), target)
    assert outcome.states[0].condition.entangled


def test_vulnerable_gives_plus_two_to_a_test_and_a_push() -> None:
    # Taunt d6 3 + 2 = 5 against Smarts d6 4: Distracted.
    target = Combatant("d1", condition=Condition(vulnerable=True))
    tester = Combatant("a1", skills=(("taunt", TraitDie(6)),))
    outcome, _ = perform_test(ScriptedDice([3, 4]), tester, "taunt", target, "Distracted", ())
    assert outcome.states[0].condition.distracted
    # Push, Strength d6 3 + 2 = 5 against Strength d6 4: pushed 1"; Athletics (unskilled) d4 3
    # - 2 = 1: knocked prone.
    pushed = push(ScriptedDice([3, 4, 3]), Combatant("a1"), target, (0.0, 0.0), (1.0, 0.0))
    assert pushed.distance == 1


def test_joker_support_and_light_reach_the_grapplers_roll() -> None:
    # Athletics d6 3, +2 Joker, +1 Support = 6 against the defender's 5: Entangled.
    outcome = grapple(ScriptedDice([3, 5]), Combatant("a1", skills=ATHLETE),
                      Combatant("d1", skills=ATHLETE), joker=True,
                      modifiers=(Modifier(1, "Support"),))
    assert outcome.states[0].condition.entangled
    # In the dark (-4, an active roll affected by light): 5 - 4 = 1, a failure.
    dark = grapple(ScriptedDice([5]), Combatant("a1", skills=ATHLETE),
                   Combatant("d1", skills=ATHLETE), light=Illumination.DARK)
    assert dark.events[0].total == 1 and not dark.states[0].condition.entangled


def test_template_attack_counts_distracted_and_fatigue_once() -> None:
    # A Distracted, Fatigued thrower: -2 and -1, each once, whether or not the context came
    # from ``situate`` (the desktop builds it so).
    thrower = Combatant("h1", skills=ATHLETE, weapons=(FLASK,),
                        condition=Condition(distracted=True, fatigue=1))
    base = AttackContext(kind=AttackKind.THROWN)
    context = situate(thrower, Combatant("location"), FLASK, base, AttackFacts()).context
    # Athletics d6 1 - 3 = -2: a miss; the flask deviates d6 3" (capped at 1"), d12 5.
    attack = resolve_area_attack(ScriptedDice([1, 3, 5]), thrower, FLASK.name, Template.SMALL_BLAST,
                                 [AreaVictim(Combatant("g1"))], context, distance_to_target=2)
    reasons = [m.reason for m in attack.outcome.events[0].modifiers]
    assert reasons.count("Distracted") == 1 and reasons.count("Fatigued") == 1


# --- wrong actor, wrong count ----------------------------------------------------------------

def test_cutting_a_friend_free_rolls_the_cutters_strength() -> None:
    # Bound & Entangled: weapon attacks on the entanglement hit automatically; Hardness 4. The
    # cutter's Strength d12 shows 10 (no Aces against objects) + dagger d4 1 = 11: cut free.
    cutter = Combatant("c1", strength=TraitDie(12), weapons=(DAGGER,))
    held = Combatant("v1", condition=Condition(entangled=True, vulnerable=True))
    outcome = cut_free(ScriptedDice([10, 1]), held, DAGGER, cutter=cutter)
    assert outcome.events[0].actor == "c1" and outcome.events[0].total == 11
    assert not outcome.states[0].condition.entangled


def test_a_stunned_friend_cannot_cut_free_and_a_bound_one_only_himself() -> None:
    held = Combatant("v1", condition=Condition(entangled=True, vulnerable=True))
    for condition in (Condition(stunned=True), Condition(bound=True)):
        with pytest.raises(RulesError, match="c1 cannot cut v1 free"):
            cut_free(ScriptedDice([4, 4]), held, DAGGER,
                     cutter=Combatant("c1", weapons=(DAGGER,), condition=condition))


def test_two_weapons_needs_two_melee_weapons() -> None:
    # Two Weapons: "A character armed with two melee weapons adds +1". The hero holds a
    # longsword, a bow and a throwing dagger: two melee weapons (the dagger counts); with the
    # bow and the longsword only, the option is refused.
    facts = AttackFacts()
    context = AttackContext()
    armed = situate(hero(), goblin(), hero().weapon("Longsword"), context, facts,
                    ["two-weapons"]).context
    assert Modifier(1, "Two Weapons") in armed.attack_modifiers
    one = hero(weapons=[{"name": "Longsword", "damage": "str+d8"},
                        {"name": "Shortbow", "damage": "2d6", "range": [12, 24, 48]}])
    with pytest.raises(RulesError, match="two-weapons: h1 holds 1 melee weapon"):
        situate(one, goblin(), one.weapon("Longsword"), context, facts, ["two-weapons"])


def test_crush_only_a_foe_the_grappler_holds() -> None:
    # Crush: "a Strength roll as damage against a target he has Entangled or Bound".
    held = Combatant("d1", condition=Condition(entangled=True))
    with pytest.raises(RulesError, match="a1 can only crush a foe he has Entangled or Bound"):
        crush(ScriptedDice([6, 1]), Combatant("a1"), held, grappled=False)
    assert crush(ScriptedDice([4]), Combatant("a1"), held, grappled=True).events[0].total == 4


def test_rof_two_or_more_counts_the_weapons_rate_of_fire() -> None:
    # "weapons with a Rate of Fire of 2 or more ... Each skill die that rolls a 1 or a 2 hits a
    # bystander": one die fired from a RoF 3 weapon, showing 2, strays.
    from battlemap.rules.events import DieRoll
    shot = RollMade("h1", "Shooting", (DieRoll(6, (2,), "Shooting die"),), (), 2, 4, "failure")
    gun = Weapon("Repeater", DamageDice(False, (8,)), range=(12, 24, 48), rof=3)
    assert stray_faces([shot], gun) == (2,)
    assert stray_faces([shot], Weapon("Bow", DamageDice(False, (6,)), range=(12, 24, 48))) == ()


# --- consequences lost -----------------------------------------------------------------------

def test_a_nonlethal_hit_on_someone_bleeding_out_does_not_stabilise_him() -> None:
    # Nonlethal: "if a character is rendered Incapacitated he cannot Bleed Out" - it says
    # nothing of one already Bleeding Out: he still is.
    from battlemap.rules.events import Outcome
    dying = hero(condition={"wounds": 3, "incapacitated": True, "bleeding_out": True})
    spared = spare_from_bleeding(Outcome((), (dying,)))
    assert spared.states[0].condition.bleeding_out
    fresh = hero("h2", condition={"wounds": 3, "incapacitated": True, "bleeding_out": True})
    newly = spare_from_bleeding(Outcome((StatusAdded("h2", "Bleeding Out"),), (fresh,)))
    assert not newly.states[0].condition.bleeding_out and newly.events == ()


def test_the_face_called_shot_bypasses_the_helmets_armor() -> None:
    # Head or Vitals: "-5 if attempting to target the face of someone wearing an open-faced
    # helmet (thus bypassing the helmet's Armor)": +4 damage and the hero's Armor 2 ignored.
    s = situate(goblin(), hero(), goblin().weapon("Short sword"), AttackContext(), AttackFacts(),
                ["called-shot-face"])
    assert Modifier(-5, "Called Shot: face in an open helmet") in s.context.attack_modifiers
    assert Modifier(2, "face: bypasses Armor 2") in s.context.damage_modifiers


def test_head_and_vitals_add_nothing_to_things_without_vitals() -> None:
    # "Hitting the head or vital organs of living creatures adds +4 damage".
    skeleton = Combatant("s1", edges=("Undead",))
    context = AttackContext(called_shot=CalledShot.HEAD)
    assert damage_modifiers(hero(), skeleton, hero().weapon("Longsword"), AttackKind.MELEE,
                            context) == ()
    assert damage_modifiers(hero(), goblin(), hero().weapon("Longsword"), AttackKind.MELEE,
                            context) == (Modifier(4, "Called Shot (head)"),)


def test_a_called_shot_at_an_arm_does_not_roll_the_arm_at_random() -> None:
    # Injury Table 3-4 Arm: "rolled randomly if not targeted". Vigor d8 2, Wild 3, -3 Wounds:
    # 0, a failure; 2d6 1 + 2 = 3: Arm - the left one, as targeted: no side d6 is rolled.
    h = hero(condition={"wounds": 3, "incapacitated": True})
    dice = ScriptedDice([2, 3, 1, 2])
    outcome = incapacitation_roll(dice, h, arm="left")
    assert outcome.states[0].condition.injuries[0].name == "Arm: left arm unusable"
    assert dice.remaining == ()


def test_a_limb_called_shot_carries_the_arm_to_the_injury() -> None:
    # The hero (Fighting d8, Wild Card) strikes a Wild Card goblin's left arm (Called Shot limb
    # -2): d8 8 (Ace) + 8 (Ace) + 2 = 18 - 2 = 16 vs Parry 5: 2 raises. Damage: Strength d6 6 +
    # 1 = 7, longsword d8 8 + 4 = 12, raise d6 5: 24 vs Toughness 5: 4 raises, Incapacitated
    # (at most four Wounds). Vigor d6 1, Wild 3: failure; Injury Table 2 + 2 = 4: Arm, the left.
    target = goblin(wild_card=True)
    context = AttackContext(called_shot=CalledShot.LIMB, arm="left")
    dice = ScriptedDice([8, 8, 2, 1, 6, 1, 8, 4, 5, 1, 3, 2, 2])
    outcome = resolve_attack(hero(), target, "Longsword", context, dice)
    assert outcome.states[0].condition.injuries[0].name == "Arm: left arm unusable"
    assert dice.remaining == ()


# --- house defaults the text does not state ---------------------------------------------------

def test_house_defaults_can_be_switched_off() -> None:
    # The text never gives Dodge a value, Brawler a die or Frenzy a second Fighting die: they
    # are house defaults (Savage Worlds), on by default, off with ``HouseRules``.
    from battlemap.rules.savage_pathfinder.context import HouseRules
    dodger = hero("h2")  # the example hero has Dodge
    shooting = AttackContext(kind=AttackKind.SHOOTING)
    bow = hero().weapon("Shortbow")
    assert Modifier(-2, "h2 has Dodge") in attack_modifiers(hero(), dodger, bow,
                                                            AttackKind.SHOOTING, shooting)
    off = AttackContext(kind=AttackKind.SHOOTING, house=HouseRules(dodge=False))
    assert attack_modifiers(hero(), dodger, bow, AttackKind.SHOOTING, off) == ()


# --- Deviation: the clock is read along the throw ---------------------------------------------

def test_deviation_twelve_is_straight_on_along_the_throw() -> None:
    # "roll a d12 and read it like a clock facing": 12 is the direction of the throw, 3 to its
    # right, 6 back towards the thrower. Thrown to the right (+x) from (0, 0) at (10, 0), 3":
    # 12 lands at (13, 0), 3 o'clock at (10, 3) (right of the throw is down the screen, +y),
    # 6 o'clock at (7, 0).
    from battlemap.geometry.deviation import deviate
    landings = [deviate((0.0, 0.0), (10.0, 0.0), 3.0, hour) for hour in (12, 3, 6, 9)]
    assert [(round(p.x, 9), round(p.y, 9)) for p in landings] == [
        (13.0, 0.0), (10.0, 3.0), (7.0, 0.0), (10.0, -3.0)]


def test_brawler_frenzy_and_ambidextrous_house_defaults_switch_off() -> None:
    from battlemap.rules.savage_pathfinder import plan_attack, roll_damage
    from battlemap.rules.savage_pathfinder.context import HouseRules
    from battlemap.rules.savage_pathfinder.statblock import UNARMED
    brawler = Combatant("b1", edges=("Brawler",))
    # Unarmed Damage: "roll only his Strength die unless he has an Edge like Brawler that
    # grants him a damage die": d6 3 + Brawler d4 2 = 5; with the d4 switched off, 3.
    assert roll_damage(ScriptedDice([3, 2]), brawler, UNARMED, False).total == 5
    assert roll_damage(ScriptedDice([3]), brawler, UNARMED, False, brawler=False).total == 3
    frenzied = hero(edges=["Frenzy"])
    plan_attack(frenzied, goblin(), "Longsword", AttackContext(shots=2))
    with pytest.raises(RulesError, match="allows 1 to 1"):
        plan_attack(frenzied, goblin(), "Longsword",
                    AttackContext(shots=2, house=HouseRules(frenzy=False)))
    ambidextrous = hero(edges=["Ambidextrous"])
    sword = ambidextrous.weapon("Longsword")
    waived = situate(ambidextrous, goblin(), sword, AttackContext(), AttackFacts(), ["off-hand"])
    assert Modifier(-2, "off-hand") not in waived.context.attack_modifiers
    strict = situate(ambidextrous, goblin(), sword,
                     AttackContext(house=HouseRules(ambidextrous=False)), AttackFacts(),
                     ["off-hand"])
    assert Modifier(-2, "off-hand") in strict.context.attack_modifiers


# --- movement ----------------------------------------------------------------------------------

def test_those_who_cannot_move_have_no_pace() -> None:
    # Entangled "can't move", Bound "may not move", Stunned "Can't move"; Incapacitated "cannot
    # take actions of any kind". A Shaken character moves ("free actions, such as moving").
    from battlemap.rules.savage_pathfinder.movement import pace_for_turn
    for condition in (Condition(entangled=True), Condition(bound=True), Condition(stunned=True),
                      Condition(incapacitated=True)):
        assert pace_for_turn(Combatant("m1", condition=condition), running=3) == 0
    assert pace_for_turn(Combatant("m1", condition=Condition(shaken=True, wounds=1))) == 5


def test_distracted_reaches_the_hazard_roll() -> None:
    # Hazards: "an Athletics roll to move". Athletics d6 5, Distracted -2 = 3: he can't move.
    from battlemap.rules.savage_pathfinder.movement import Hazard, hazard_roll
    mover = Combatant("m1", skills=ATHLETE, condition=Condition(distracted=True))
    event, hazard = hazard_roll(ScriptedDice([5]), mover)
    assert (event.total, hazard) == (3, Hazard.CANNOT_MOVE)


def test_a_bound_or_dead_foe_gets_no_free_attack_on_a_withdrawal() -> None:
    # Withdrawing: "all adjacent non-Shaken and non-Stunned opponents get an immediate free
    # attack" - an attack, which a Bound foe ("no physical actions other than trying to break
    # free") or a dead one cannot make; the Entangled can still swing.
    from battlemap.rules.savage_pathfinder.situational.misc import withdrawal_attackers
    foes = [Combatant("f1"), Combatant("f2", condition=Condition(bound=True)),
            Combatant("f3", condition=Condition(entangled=True)),
            Combatant("f4", condition=Condition(dead=True))]
    assert withdrawal_attackers(foes) == ("f1", "f3")


def test_the_jokers_plus_two_reaches_crush_and_cutting_free_damage() -> None:
    # Jokers "add +2 to all Trait and damage rolls": Crush (Strength d6 4) + 2 = 6 vs the
    # held goblin's Toughness 5: Shaken. Cutting free: Strength d6 1 + dagger d4 1 + 2 = 4,
    # Hardness 4: cut.
    held = Combatant("d1", condition=Condition(entangled=True))
    crushed = crush(ScriptedDice([4]), Combatant("a1"), held, grappled=True, joker=True)
    assert crushed.events[0].total == 6 and crushed.states[0].condition.shaken
    cut = cut_free(ScriptedDice([1, 1]), held, DAGGER,
                   cutter=Combatant("c1", turn=TurnState(joker=True)))
    assert cut.events[0].total == 4 and not cut.states[0].condition.entangled


def test_the_odds_follow_the_brawler_house_default() -> None:
    # Fighting d12 (an Extra) against Parry 2: a success only on 2-5 (4/12), a raise on 6+
    # (7/12). Unarmed damage against Toughness 4 (Vigor d4):
    # - Strength d4 alone: 4+ on an Acing d4 is 1/4; with the raise d6, d4 + d6 <= 3 only for
    #   (1,1), (1,2), (2,1): 3/24, so 7/8. Shaken or worse: 1/3 * 1/4 + 7/12 * 7/8 = 57/96.
    # - With the Brawler d4 (the house default): 2d4 <= 3 for 3/16, so 13/16; 2d4 + d6 <= 3
    #   only for (1,1,1): 95/96. 1/3 * 13/16 + 7/12 * 95/96 = 977/1152.
    from battlemap.rules.savage_pathfinder.context import HouseRules
    from battlemap.rules.savage_pathfinder.odds import attack_odds
    brawler = Combatant("b1", strength=TraitDie(4), edges=("Brawler",),
                        skills=(("fighting", TraitDie(12)),))
    target = Combatant("t1", vigor=TraitDie(4))
    with_d4 = attack_odds(brawler, target, None, AttackContext())
    without = attack_odds(brawler, target, None, AttackContext(house=HouseRules(brawler=False)))
    assert with_d4.shaken == pytest.approx(977 / 1152, abs=1e-12)
    assert without.shaken == pytest.approx(57 / 96, abs=1e-12)
