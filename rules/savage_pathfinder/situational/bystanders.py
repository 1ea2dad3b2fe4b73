"""Innocent Bystanders: missed shots that hit someone else in the line of fire.

When a Shooting or Athletics (throwing) attack misses, each skill die showing 1 hits a random
victim adjacent to or directly in the line of fire (geometry lists them, in a fixed order). With
Rate of Fire 2 or more, or a spread, each skill die showing 1 or 2 does. Wild Dice never hit
bystanders: a Wild Card at RoF 1 must also miss with his Wild Die, which a missed shot did. A
missed shot at a rider whose die shows 1 hits the mount instead.

Dice order: for each stray shot in order, one die with as many sides as there are candidates
(none when there is only one, or for a shot that hits the mount).

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> miss = RollMade("h1", "Shooting", (DieRoll(6, (1,), "Shooting die"),
...                 DieRoll(6, (2,), "Wild Die")), (), 2, 4, "failure")
>>> stray_shots([miss], rof=1)
1
>>> bystanders_hit(ScriptedDice([2]), "h1", [miss], 1, ["g2", "g3", "g4"])[-1]
BystanderHit(attacker='h1', bystander='g3')
"""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import BystanderHit, DieRoll, Event, Outcome, RollMade
from battlemap.rules.savage_pathfinder.context import AttackContext
from battlemap.rules.savage_pathfinder.damage import roll_damage, take_damage
from battlemap.rules.savage_pathfinder.modifiers import damage_modifiers
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon

RateOfFire = int | Weapon
"""The weapon's Rate of Fire: the weapon itself (preferred: its ``rof`` is read), or a number.
It is the weapon's RoF, not the number of dice fired this time."""

__all__ = ["RateOfFire", "bystander_damage", "bystanders_hit", "stray_faces", "stray_shots"]

_MISSED = ("failure", "critical failure")


def _rof(rof: RateOfFire) -> int:
    return rof.rof if isinstance(rof, Weapon) else rof


def stray_faces(shots: Sequence[RollMade], rof: RateOfFire) -> tuple[int, ...]:
    """The skill-die faces of missed shots that go astray (1, or 1-2 at RoF 2+), in order.

    ``rof`` is the weapon (or its Rate of Fire): a RoF 3 weapon firing one die strays on a 2.

    Examples
    --------
    >>> from battlemap.rules.events import DieRoll
    >>> shots = [RollMade("h", "Shooting", (DieRoll(6, (f,), "Shooting die"),), (), f, 4,
    ...                   "failure") for f in (1, 2, 3)]
    >>> stray_faces(shots, rof=1), stray_faces(shots, rof=3)
    ((1,), (1, 2))
    """
    highest = 2 if _rof(rof) >= 2 else 1
    faces = []
    for shot in shots:
        skill = [d for d in shot.dice if d.purpose != "Wild Die"]
        if shot.result in _MISSED and skill and skill[0].faces[0] <= highest:
            faces.append(skill[0].faces[0])
    return tuple(faces)


def stray_shots(shots: Sequence[RollMade], rof: RateOfFire) -> int:
    """How many bystanders the missed shots hit."""
    return len(stray_faces(shots, rof))


def bystanders_hit(
    dice: DiceSource, attacker: str, shots: Sequence[RollMade], rof: RateOfFire,
    candidates: Sequence[str], mount: str | None = None,
) -> tuple[Event, ...]:
    """The bystanders the stray shots hit: a random candidate each, or the rider's mount."""
    events: list[Event] = []
    for face in stray_faces(shots, rof):
        if mount is not None and face == 1:
            events.append(BystanderHit(attacker, mount))
        elif len(candidates) == 1:
            events.append(BystanderHit(attacker, candidates[0]))
        elif candidates:
            pick = dice.roll(len(candidates), "random bystander")
            die = DieRoll(len(candidates), (pick,), "random bystander")
            events.append(RollMade(attacker, "random bystander", (die,), (), pick, None,
                                   candidates[pick - 1]))
            events.append(BystanderHit(attacker, candidates[pick - 1]))
    return tuple(events)


def bystander_damage(
    dice: DiceSource, attacker: Combatant, weapon: Weapon, bystander: Combatant,
    context: AttackContext, soak_bennies: int = 0,
) -> Outcome[Combatant]:
    """Damage to a bystander hit by a stray shot: the weapon's damage, no raise bonus.

    Situational damage bonuses meant for the intended target (a Called Shot) don't apply; the
    context's general ones (Joker, Wild Attack) do through the engine's damage modifiers.
    """
    kind = context.attack_kind_for(weapon.fires)
    plain = AttackContext(kind=context.kind, joker=context.joker, wild_attack=context.wild_attack)
    damage = roll_damage(dice, attacker, weapon, False,
                         damage_modifiers(attacker, bystander, weapon, kind, plain))
    taken = take_damage(dice, bystander, damage.total, weapon.ap, soak_bennies=soak_bennies)
    return Outcome((damage, *taken.events), taken.states)
