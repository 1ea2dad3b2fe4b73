"""Innocent Bystanders: 1s (1-2 at RoF 2+) on missed skill dice; Wild Dice never; mounts."""

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import BystanderHit, DieRoll, RollMade, Shaken
from battlemap.rules.savage_pathfinder.attack import resolve_attack
from battlemap.rules.savage_pathfinder.context import AttackContext
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.situational.bystanders import (
    bystander_damage,
    bystanders_hit,
    stray_shots,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon

BOW = Weapon("Shortbow", DamageDice(False, (6, 6)), range=(12, 24, 48), two_handed=True)
ARCHER = Combatant(id="a", skills=(("shooting", TraitDie(6)),), weapons=(BOW,))


def shot(face: int, result: str, wild: int | None = None) -> RollMade:
    dice = (DieRoll(6, (face,), "Shooting die"),)
    if wild is not None:
        dice += (DieRoll(6, (wild,), "Wild Die"),)
    return RollMade("a", "Shooting", dice, (), max(face, wild or 0), 4, result)


def test_engine_miss_with_a_one_hits_the_only_bystander() -> None:
    # "Each skill die that's a 1 hits a random victim adjacent to or directly in the line of
    # fire": the engine's missed shot (Shooting d6 shows 1) hits g2, the only candidate, with
    # no die rolled to choose.
    missed = resolve_attack(ARCHER, Combatant(id="t"), "Shortbow", AttackContext(),
                            ScriptedDice([1]))
    shots = [e for e in missed.events if isinstance(e, RollMade)]
    assert bystanders_hit(ScriptedDice([]), "a", shots, 1, ["g2"]) == (BystanderHit("a", "g2"),)


def test_wild_die_never_hits_bystanders() -> None:
    # "A Wild Card must miss with his Wild Die ... Wild Dice never hit innocent bystanders":
    # skill die 1 and Wild Die 3 missed - a bystander is hit; Wild Die 1 with skill 3 is not.
    assert stray_shots([shot(1, "failure", wild=3)], rof=1) == 1
    assert stray_shots([shot(3, "failure", wild=1)], rof=1) == 0
    # A skill die of 1 whose Wild Die hit is no miss at all.
    assert stray_shots([shot(1, "success", wild=5)], rof=1) == 0


def test_rof_two_plus_ones_and_twos() -> None:
    # "ROF 2+: ... Each skill die that rolls a 1 or a 2 hits a bystander." Missed dice 1, 2, 3:
    # two strays; a d3 picks among g2, g3, g4: 1 -> g2, 3 -> g4.
    shots = [shot(1, "failure"), shot(2, "failure"), shot(3, "failure")]
    assert stray_shots(shots, rof=1) == 1
    events = bystanders_hit(ScriptedDice([1, 3]), "a", shots, 3, ["g2", "g3", "g4"])
    hits = [e for e in events if isinstance(e, BystanderHit)]
    assert hits == [BystanderHit("a", "g2"), BystanderHit("a", "g4")]


def test_missed_shot_at_rider_hits_the_mount() -> None:
    # Mounted Combat: "If a shot intended at a rider rolls a 1, it hits the mount instead."
    assert bystanders_hit(ScriptedDice([]), "a", [shot(1, "failure")], 1, ["g2", "g3"],
                          mount="horse") == (BystanderHit("a", "horse"),)


def test_no_candidates_no_hit() -> None:
    assert bystanders_hit(ScriptedDice([]), "a", [shot(1, "failure")], 1, []) == ()


def test_bystander_damage_has_no_raise_bonus() -> None:
    # The bystander takes the bow's 2d6: 3 + 4 = 7 against Toughness 5 - Shaken; no raise d6.
    dice = ScriptedDice([3, 4])
    out = bystander_damage(dice, ARCHER, BOW, Combatant(id="g2"), AttackContext())
    assert out.events[0].total == 7
    assert Shaken("g2") in out.events
    assert dice.remaining == ()
