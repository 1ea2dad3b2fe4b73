"""Area effect attacks: per-victim damage, raise bonus, prone -4, obstacles, failed Cones and
Streams, Deviation (1d6"/2d6", x2/x3/x4, d12 clock, half-distance cap) and Evasion."""

from dataclasses import replace

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import DamageRolled, Incapacitated, Miss, Modifier, RollMade, Shaken
from battlemap.rules.savage_pathfinder.context import AttackContext, AttackKind, RangeBand
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.modifiers import attack_modifiers
from battlemap.rules.savage_pathfinder.situational.area import (
    AreaVictim,
    Template,
    area_damage,
    deviate,
    resolve_area_attack,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon

FLASK = Weapon("Alchemist's fire", DamageDice(False, (6, 6)), range=(5, 10, 20), thrown=True)
BREATH = Weapon("Fire breath", DamageDice(False, (6, 6)), range=(9, 9, 9))
THROWER = Combatant(id="h1", wild_card=True, skills=(("athletics", TraitDie(8)),),
                    weapons=(FLASK,))
DRAKE = Combatant(id="d1", skills=(("shooting", TraitDie(6)),), weapons=(BREATH, FLASK))
THROWN = AttackContext(kind=AttackKind.THROWN)


def goblin(token_id: str) -> Combatant:
    return Combatant(id=token_id, edges=("Dodge",))  # Toughness 5


def test_blast_hits_every_victim_with_raise_prone_and_obstacle() -> None:
    # Athletics d8 shows 8 (Ace) + 3 = 11, Wild Die 2: 11 against 4, a raise - "Attacks that
    # hit with a raise cause bonus damage as usual"; "roll for each victim separately".
    # g1 prone: 3 + 4 + raise d6 2 = 9, -4 prone = 5 >= Toughness 5: Shaken.
    # g2 behind a thick wall (Hardness 10): 5 + 5 + 1 = 11 - 5 = 6: Shaken.
    # g3: 6 (Ace) + 1 + 4 + 3 = 14: 9 over, two raises: an Extra is Incapacitated.
    victims = [AreaVictim(goblin("g1"), prone=True), AreaVictim(goblin("g2"), obstacles=(10,)),
               AreaVictim(goblin("g3"))]
    dice = ScriptedDice([8, 3, 2, 3, 4, 2, 5, 5, 1, 6, 1, 4, 3])
    result = resolve_area_attack(dice, THROWER, "Alchemist's fire", Template.MEDIUM_BLAST,
                                 victims, THROWN, distance_to_target=4)
    events = result.outcome.events
    assert events[0].total == 11 and events[0].result == "raise"
    damage = [e for e in events if isinstance(e, DamageRolled)]
    assert [(d.target, d.total) for d in damage] == [("g1", 5), ("g2", 6), ("g3", 14)]
    assert Shaken("g1") in events and Shaken("g2") in events
    assert Incapacitated("g3") in events
    assert dice.remaining == ()


def test_dodge_is_ignored() -> None:
    # "ignore defensive bonuses for targets covered by the template, such as the Dodge Edge".
    # Issue 13: the old test's victims had Dodge but the roll never looked at them, so it could
    # not fail. Now: the same throw at the Dodge goblin directly is -2 (the house default
    # Dodge); as an area effect the engine drops it, and the template roll carries nothing.
    dodger = goblin("g1")
    direct = attack_modifiers(THROWER, dodger, FLASK, AttackKind.THROWN, THROWN)
    assert direct == (Modifier(-2, "g1 has Dodge"),)
    area = replace(THROWN, area_effect=True)
    assert attack_modifiers(THROWER, dodger, FLASK, AttackKind.THROWN, area) == ()
    dice = ScriptedDice([4, 1, 1, 1])
    result = resolve_area_attack(dice, THROWER, "Alchemist's fire", Template.SMALL_BLAST,
                                 [AreaVictim(dodger)], THROWN, distance_to_target=3)
    roll = result.outcome.events[0]
    assert isinstance(roll, RollMade) and roll.modifiers == ()


def test_failed_cone_does_not_happen() -> None:
    # Cone: "Failure means the attack didn't occur for some reason" - no deviation dice.
    dice = ScriptedDice([2, 6])
    result = resolve_area_attack(dice, DRAKE, "Fire breath", Template.CONE,
                                 [AreaVictim(goblin("g1"))], AttackContext(), distance_to_target=3)
    assert result.deviation is None
    assert result.outcome.events[1] == Miss("d1", "cone template", False)
    assert dice.remaining == (6,)


def test_missed_blast_deviates_capped_at_half_distance() -> None:
    # Fired at Medium Range (-2): Shooting 2 - 2 = 0, a miss. "Fired projectiles deviate 2d6"":
    # 3 + 4 = 7, "Multiply by 2 if the attack was made at Medium Range" = 14; d12 shows 7
    # (seven o'clock). "never deviate more than half the distance to the original target": 20"
    # away, so 10".
    shooter = Combatant(id="d1", skills=(("shooting", TraitDie(6)),),
                        weapons=(Weapon("Bomb launcher", DamageDice(False, (6, 6)),
                                        range=(12, 24, 48)),))
    medium = AttackContext(range_band=RangeBand.MEDIUM)
    result = resolve_area_attack(ScriptedDice([2, 3, 4, 7]), shooter, "Bomb launcher",
                                 Template.LARGE_BLAST, [], medium, distance_to_target=20)
    assert result.deviation is not None
    assert (result.deviation.inches, result.deviation.clock) == (10.0, 7)


def test_deviation_multipliers() -> None:
    # Thrown 1d6 at Short: 4". Fired 2d6 at Long (x3): (2 + 3) x 3 = 15". Fired at Extreme
    # (x4): (1 + 1) x 4 = 8". Deviation dice do not Ace: a 6 is just 6.
    assert deviate(ScriptedDice([4, 9]), True, RangeBand.SHORT, 100).inches == 4
    assert deviate(ScriptedDice([2, 3, 1]), False, RangeBand.LONG, 100).inches == 15
    assert deviate(ScriptedDice([1, 1, 12]), False, RangeBand.EXTREME, 100).inches == 8
    dice = ScriptedDice([6, 6, 3])
    assert deviate(dice, False, RangeBand.SHORT, 100).inches == 12
    assert dice.remaining == ()


def test_deviated_blast_lands_without_raise() -> None:
    # Whoever is beneath the template where it lands takes the damage: 2 + 2 = 4 < 5.
    result = area_damage(ScriptedDice([2, 2]), THROWER, FLASK, [AreaVictim(goblin("g9"))],
                         raise_=False, context=THROWN)
    damage = [e for e in result.outcome.events if isinstance(e, DamageRolled)]
    assert [(d.target, d.total, d.toughness) for d in damage] == [("g9", 4, 5)]


def test_evasion_avoids_the_damage() -> None:
    # Evasion: "makes an Agility roll at -2. Those who are successful ... take no damage."
    # Agility d6 shows 6 (Ace) + 2 = 8 - 2 = 6: evaded; no damage dice are rolled for him.
    dice = ScriptedDice([6, 2])
    result = area_damage(dice, DRAKE, BREATH, [AreaVictim(goblin("g1"), evades=True)], False,
                         AttackContext())
    assert result.evaded == ("g1",)
    assert Miss("d1", "g1", False) in result.outcome.events
    assert dice.remaining == ()


def test_failed_evasion_takes_damage() -> None:
    # Agility 3 - 2 = 1 fails; breath damage 4 + 3 = 7 >= 5: Shaken.
    result = area_damage(ScriptedDice([3, 4, 3]), DRAKE, BREATH,
                         [AreaVictim(goblin("g1"), evades=True)], False, AttackContext())
    assert result.evaded == ()
    assert Shaken("g1") in result.outcome.events
