"""situate(): map facts and options into the engine's attack, resolved end to end."""

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import DamageRolled, Hit, Modifier, RollMade, Shaken, StatusAdded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.attack import plan_attack, resolve_attack
from battlemap.rules.savage_pathfinder.context import (
    AttackContext,
    AttackKind,
    CalledShot,
    Cover,
    Illumination,
    RangeBand,
)
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.situational.maneuvers import knockout_blow
from battlemap.rules.savage_pathfinder.situational.scale import Scale
from battlemap.rules.savage_pathfinder.situational.situation import AttackFacts, follow_up, situate
from battlemap.rules.savage_pathfinder.situational.states import Timer
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

SWORD = Weapon("Short sword", DamageDice(True, (6,)))
BOW = Weapon("Shortbow", DamageDice(False, (6, 6)), range=(12, 24, 48), two_handed=True)
DAGGER = Weapon("Dagger", DamageDice(True, (4,)), range=(3, 6, 12), thrown=True)
GOBLIN = Combatant(id="g1", skills=(("fighting", TraitDie(6)), ("shooting", TraitDie(6)),
                                    ("athletics", TraitDie(6))), weapons=(SWORD, BOW, DAGGER))
HERO = Combatant(id="h1", wild_card=True, skills=(("fighting", TraitDie(8)),), vigor=TraitDie(8),
                 armor=2, weapons=(Weapon("Longsword", DamageDice(True, (8,))),))


def attack(options: list[str], facts: AttackFacts, weapon: Weapon = SWORD,
           context: AttackContext | None = None, defender: Combatant = HERO,
           attacker: Combatant = GOBLIN) -> tuple[AttackContext, bool]:
    situated = situate(attacker, defender, weapon, context or AttackContext(), facts, options)
    return situated.context, situated.attacker_becomes_vulnerable


def test_three_goblins_wild_attack_end_to_end() -> None:
    # Gang Up: three goblins on one hero, each +2; Wild Attack +2 Fighting and damage, and the
    # goblin is Vulnerable afterwards. Fighting d6 shows 3 + 2 + 2 = 7 against Parry 6: a hit.
    # Damage Str d6 4 + short sword d6 3 + 2 = 9 against Toughness 8 (2 + 4 + Armor 2): Shaken.
    context, vulnerable = attack(["wild-attack"], AttackFacts(allies_adjacent=2))
    assert (context.gang_up, context.wild_attack, vulnerable) == (2, True, True)
    out = resolve_attack(GOBLIN, HERO, "Short sword", context, ScriptedDice([3, 4, 3]))
    roll = out.events[0]
    assert isinstance(roll, RollMade) and roll.total == 7
    assert Hit("g1", "h1", False) in out.events
    assert DamageRolled("h1", 9, 8, 0) in out.events
    assert Shaken("h1") in out.events


def test_the_drop_and_knockout_blow_end_to_end() -> None:
    # The Drop: +4 attack and damage; Unarmed Defender (+2) "doesn't stack with The Drop".
    # Fighting 2 + 4 = 6 vs the unarmed guard's Parry 2: hit with a raise (two raises).
    # Damage 3 + 2 + raise d6 1 + 4 = 10 vs Toughness 5: one raise - a Wound, Incapacitated.
    guard = Combatant(id="guard")
    situated = situate(GOBLIN, guard, SWORD, AttackContext(), AttackFacts(), ["the-drop"])
    assert situated.context.attack_modifiers == (Modifier(4, "The Drop"),)
    assert situated.knockout_blow is True
    out = resolve_attack(GOBLIN, guard, "Short sword", situated.context,
                         ScriptedDice([2, 3, 2, 1]))
    assert DamageRolled("guard", 10, 5, 1) in out.events
    # Knockout Blow on a Shaken-or-worse victim: Vigor d6 shows 4, fine unless to the head.
    assert knockout_blow(ScriptedDice([4]), guard, to_the_head=False).states[0] == guard


def test_unarmed_defender_and_vulnerable_target() -> None:
    # An unarmed, Vulnerable foe: +2 Unarmed Defender and +2 Vulnerable.
    guard = Combatant(id="guard", condition=Condition(vulnerable=True))
    context, _ = attack([], AttackFacts(), defender=guard)
    assert context.attack_modifiers == (Modifier(2, "target Vulnerable"),
                                        Modifier(2, "Unarmed Defender"))


def test_prone_target_cover_from_fraction() -> None:
    # A quarter hidden is Light Cover, but the target is prone and 5" away: -4 (Medium).
    prone = Combatant(id="p", condition=Condition(prone=True))
    context, _ = attack([], AttackFacts(distance=5, cover_fraction=0.3), weapon=BOW,
                        defender=prone)
    assert context.cover is Cover.MEDIUM
    context, _ = attack([], AttackFacts(distance=5, cover_fraction=0.3, cover=Cover.NONE),
                        weapon=BOW)
    assert context.cover is Cover.NONE


def test_dark_beyond_ten_inches_is_pitch() -> None:
    context, _ = attack([], AttackFacts(distance=12, light=Illumination.DARK), weapon=BOW)
    assert context.illumination is Illumination.PITCH


def test_gang_up_only_in_melee() -> None:
    context, _ = attack([], AttackFacts(allies_adjacent=3), weapon=BOW)
    assert context.gang_up == 0


def test_dagger_thrown_in_melee_at_adjacent_target() -> None:
    # Ranged Weapons in Melee: "The TN is the defender's Parry": Parry 6 shown as -2 vs TN 4.
    context, vulnerable = attack([], AttackFacts(attacker_in_melee=True, adjacent=True),
                                 weapon=DAGGER, context=AttackContext(kind=AttackKind.THROWN))
    assert context.attack_modifiers == (Modifier(-2, "in melee: TN is Parry 6"),)
    assert vulnerable is False
    _, vulnerable = attack([], AttackFacts(attacker_in_melee=True, adjacent=False),
                           weapon=DAGGER, context=AttackContext(kind=AttackKind.THROWN))
    assert vulnerable is True
    with pytest.raises(RulesError, match="two-handed"):
        attack([], AttackFacts(attacker_in_melee=True), weapon=BOW)


def test_through_a_door_and_a_creature() -> None:
    # Obstacles: a thin door (Hardness 8) adds Armor 4; a goblin in the way subtracts its 5.
    context, _ = attack([], AttackFacts(obstacles=(8,), creatures_between=(("g2", 5),)),
                        weapon=BOW)
    assert [m.value for m in context.damage_modifiers] == [-4, -5]


def test_called_shots() -> None:
    context, _ = attack(["called-shot-head"], AttackFacts())
    assert context.called_shot is CalledShot.HEAD
    context, _ = attack(["called-shot-face"], AttackFacts())
    assert context.attack_modifiers[0] == Modifier(-5, "Called Shot: face in an open helmet")
    # Issue 13: the face shot also bypasses the helmet's Armor (the hero's Armor 2).
    assert context.damage_modifiers == (Modifier(4, "Called Shot: face in an open helmet"),
                                        Modifier(2, "face: bypasses Armor 2"))


def test_a_called_shot_takes_the_scale_of_the_part_aimed_at() -> None:
    # "The modifier to the attack roll depends on the Scale of the target itself (not the
    # creature it's part of)": -4 for a man's head; a Huge dragon's head the GM calls Normal
    # Scale: 0 (the +4 damage of a head shot stays); a Large ogre's hand, Small: -2.
    dragon = Combatant(id="d", size=8, weapons=(SWORD,))
    normal = plan_attack(GOBLIN, dragon, SWORD.name, attack(["called-shot-head"], AttackFacts(),
                                                          defender=dragon)[0])
    assert Modifier(-4, "Called Shot (head)") in normal.attack_modifiers
    facts = AttackFacts(part_scale=Scale.NORMAL)
    huge = plan_attack(GOBLIN, dragon, SWORD.name,
                       attack(["called-shot-head"], facts, defender=dragon)[0])
    assert not [m for m in huge.attack_modifiers if m.reason.startswith("Called Shot")]
    assert Modifier(4, "Called Shot (head)") in huge.damage_modifiers
    hand = attack(["called-shot-hand"], AttackFacts(part_scale=Scale.SMALL))[0]
    assert hand.called_shot_scale == -2


def test_charging_rider() -> None:
    context, _ = attack([], AttackFacts(mounted=True, straight_run=6))
    assert context.damage_modifiers == (Modifier(4, "charging mount"),)


def test_attacker_states() -> None:
    # Distracted -2 and Exhausted -2 on the attacker's roll; prone attacker -2 in melee.
    tired = Combatant(id="t", condition=Condition(fatigue=2, distracted=True, prone=True),
                      weapons=(SWORD,))
    context, _ = attack([], AttackFacts(), attacker=tired)
    # Issue 13: Distracted and Fatigue are the engine's (so a template attack counts them once);
    # the roll's modifiers are the same three.
    plan = plan_attack(tired, HERO, SWORD.name, context)
    assert [m.value for m in plan.attack_modifiers] == [-2, -2, -2]


def test_option_errors() -> None:
    with pytest.raises(RulesError, match="unknown option 'feint'"):
        attack(["feint"], AttackFacts())
    with pytest.raises(RulesError, match="cannot be combined"):
        attack(["wild-attack", "desperate-attack-4"], AttackFacts())
    with pytest.raises(RulesError, match="not for a Shooting attack"):
        attack(["wild-attack"], AttackFacts(), weapon=BOW)
    with pytest.raises(RulesError, match="first action"):
        attack(["aim"], AttackFacts(first_action=False), weapon=BOW)
    with pytest.raises(RulesError, match="free attack"):
        attack(["touch-attack"], AttackFacts(free_attack=True))


def test_desperate_attack_goes_to_the_engine() -> None:
    context, _ = attack(["desperate-attack-4"], AttackFacts())
    assert context.desperate_attack == 4


def test_two_weapons_declared() -> None:
    # Two Weapons: +1 "if his foe has a single weapon or is unarmed, and has no shield"; the
    # hero holds one longsword. Not against creatures with Natural Weapons.
    context, _ = attack(["two-weapons"], AttackFacts())
    assert Modifier(1, "Two Weapons") in context.attack_modifiers
    # S180 "It adds no bonus against creatures with Natural Weapons", nor against a shield or
    # a foe with two weapons: declared there, the option is refused in words before the roll
    # (it used to add nothing and say nothing).
    with pytest.raises(RulesError, match="h1 fights with natural weapons: Two Weapons adds "
                                         "no bonus against them"):
        attack(["two-weapons"], AttackFacts(defender_natural_weapons=True))
    shielded = Combatant(id="h2", weapons=(Weapon("Longsword", DamageDice(True, (8,))),
                                           Weapon("Shield", DamageDice(True, ()), parry=1,
                                                  shield=True)))
    with pytest.raises(RulesError, match=r"h2 has a shield \(the \+1 is only against a "
                                         r"single weapon or none, and no shield\)"):
        attack(["two-weapons"], AttackFacts(), defender=shielded)
    with pytest.raises(RulesError, match="g1 holds two weapons"):
        attack(["two-weapons"], AttackFacts(), defender=GOBLIN, attacker=GOBLIN)


def test_follow_up_knockout_blow_and_wild_attack() -> None:
    # The Drop: Fighting 2 + 4 = 6 vs the guard's Parry 2: a raise. Damage 1 + 1 + raise d6 1
    # + 4 = 7 vs Toughness 5: Shaken - so the Knockout Blow: Vigor d6 shows 3, a failure,
    # "knocked unconscious".
    guard = Combatant(id="guard")
    situated = situate(GOBLIN, guard, SWORD, AttackContext(), AttackFacts(), ["the-drop"])
    dice = ScriptedDice([2, 1, 1, 1, 3])
    out = resolve_attack(GOBLIN, guard, "Short sword", situated.context, dice)
    after, timers = follow_up(dice, situated, GOBLIN, "guard", out, ())
    assert StatusAdded("guard", "knocked out") in after.events
    assert after.states[0].condition.incapacitated is True
    assert timers == ()


def test_follow_up_wild_attack_leaves_attacker_vulnerable() -> None:
    # Wild Attack: "he is Vulnerable until the end of his next turn (not this one)". A miss
    # (Fighting 1 + 2 = 3 vs 6) still leaves him Vulnerable.
    situated = situate(GOBLIN, HERO, SWORD, AttackContext(), AttackFacts(), ["wild-attack"])
    out = resolve_attack(GOBLIN, HERO, "Short sword", situated.context, ScriptedDice([1]))
    after, timers = follow_up(ScriptedDice([]), situated, GOBLIN, "h1", out, ())
    assert after.states[-1].id == "g1" and after.states[-1].condition.vulnerable is True
    assert timers == (Timer("g1", "Vulnerable", 2),)


def test_mounted_fighter_and_mounted_shooter() -> None:
    # Horsemanship: "must use the lowest of their Fighting or Riding skills"; Unstable
    # Platform: "from the back of a horse ... subtracts 2".
    knight = Combatant(id="k", skills=(("fighting", TraitDie(10)), ("riding", TraitDie(6)),
                                       ("shooting", TraitDie(8))), weapons=(SWORD, BOW))
    situated = situate(knight, HERO, SWORD, AttackContext(), AttackFacts(mounted=True), [])
    assert situated.attacker.skill("fighting") == TraitDie(6)
    shooting = situate(knight, HERO, BOW, AttackContext(), AttackFacts(mounted=True), [])
    assert shooting.attacker == knight
    assert Modifier(-2, "Unstable Platform") in shooting.context.attack_modifiers


def test_aim_also_ignores_a_face_shot_penalty() -> None:
    # Aim: "ignore up to 4 points of Range, Cover, Called Shot, or Scale penalties". Medium Range
    # -2 and a face shot -5 = -7: Aim cancels 4. The engine's Aim sees only the -2 (+2), so the
    # situational rules add the missing +2; the roll's net modifier is -7 + 4 = -3.
    context, _ = attack(["aim", "called-shot-face"], AttackFacts(distance=20), weapon=BOW,
                        context=AttackContext(range_band=RangeBand.MEDIUM))
    assert Modifier(2, "Aim (Called Shot)") in context.attack_modifiers
    plan = plan_attack(GOBLIN, HERO, "Shortbow", context)
    assert sum(m.value for m in plan.attack_modifiers) == -3
