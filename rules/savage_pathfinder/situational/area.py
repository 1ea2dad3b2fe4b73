"""Area effect attacks: Blast, Cone and Stream Templates, per-victim damage and Deviation.

- The attack targets a location: Shooting, or Athletics for thrown weapons and breath attacks,
  against 4 with the usual range and situation modifiers; defensive bonuses such as Dodge are
  ignored. Geometry says who is even partially beneath the template.
- Success: every victim is hit; damage is rolled for each separately, with the raise bonus d6
  if the attack got a raise. A prone victim subtracts 4; a solid obstacle between the centre of
  a blast and a victim reduces its damage by half the obstacle's Hardness.
- Failure: a Cone or Stream attack simply does not happen. A blast deviates: 1d6" if thrown,
  2d6" if fired, times 2 at Medium Range, 3 at Long, 4 at Extreme; a d12 read as a clock face
  gives the direction (12 straight on along the throw, 3 to its right, 6 back towards the
  thrower: :func:`battlemap.geometry.deviation.deviate`); never more than half the distance to the
  target. The desktop moves the
  template by that much and calls :func:`area_damage` for whoever is beneath it there.
- The attacker's Wounds, Fatigue and Distraction count once (the engine's modifiers add them),
  whether or not the context was built by ``situate``. Only a character who may act attacks.
- Victims of an attack that may be Evaded roll Agility -2 first
  (:func:`~battlemap.rules.savage_pathfinder.situational.misc.evasion_roll`); success takes no
  damage.

Dice order of :func:`resolve_area_attack`: the skill die and Wild Die; then on a hit, for each
victim in order, the Evasion roll (if any), the damage dice (Strength die, weapon dice, raise
d6 - each with Aces) and that victim's Soak and Incapacitation dice; on a missed blast, the
deviation d6s (no Aces) and then the d12.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder.context import RangeBand
>>> drift = deviate(ScriptedDice([3, 4, 7]), thrown=False, band=RangeBand.MEDIUM,
...                 distance_to_target=30)
>>> drift.inches, drift.clock
(14.0, 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Hit, Miss, Modifier, Outcome, RollMade
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.acting import check_may_act
from battlemap.rules.savage_pathfinder.context import AttackContext, AttackKind, RangeBand
from battlemap.rules.savage_pathfinder.damage import roll_damage, take_damage
from battlemap.rules.savage_pathfinder.expressions import roll_plain
from battlemap.rules.savage_pathfinder.modifiers import attack_modifiers, damage_modifiers
from battlemap.rules.savage_pathfinder.situational.misc import evasion_roll
from battlemap.rules.savage_pathfinder.situational.obstacles import area_obstacle_modifier
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon
from battlemap.rules.savage_pathfinder.traits import TraitResult, roll_trait

__all__ = ["AreaAttack", "AreaVictim", "Deviation", "Template", "area_damage", "deviate",
           "resolve_area_attack"]


class Template(StrEnum):
    SMALL_BLAST = "sbt"
    MEDIUM_BLAST = "mbt"
    LARGE_BLAST = "lbt"
    CONE = "cone"
    SMALL_CONE = "small cone"
    STREAM = "stream"

    @property
    def deviates(self) -> bool:
        """Blasts deviate when they miss; Cones and Streams simply don't happen."""
        return self in (Template.SMALL_BLAST, Template.MEDIUM_BLAST, Template.LARGE_BLAST)


_BAND_MULTIPLIER = {RangeBand.SHORT: 1, RangeBand.MEDIUM: 2, RangeBand.LONG: 3,
                    RangeBand.EXTREME: 4}


@dataclass(frozen=True, slots=True)
class Deviation:
    """Where a missed blast goes: ``inches`` in the ``clock`` direction (12 = straight on)."""

    inches: float
    clock: int
    events: tuple[RollMade, ...]


def deviate(dice: DiceSource, thrown: bool, band: RangeBand, distance_to_target: float,
            actor: str = "") -> Deviation:
    """Roll a missed blast's deviation, capped at half the distance to the target.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> deviate(ScriptedDice([6, 3]), thrown=True, band=RangeBand.SHORT,
    ...         distance_to_target=8).inches
    4.0
    """
    count, multiplier = (1 if thrown else 2), _BAND_MULTIPLIER[band]
    rolled = tuple(roll_plain(dice, 6, "deviation d6") for _ in range(count))
    raw = sum(d.total for d in rolled) * multiplier
    inches = min(float(raw), distance_to_target / 2)
    clock = roll_plain(dice, 12, "deviation direction (clock)")
    mods = (Modifier(multiplier, f"x{multiplier} at {band.value} range"),)
    distance = RollMade(actor, "deviation", rolled, mods, raw, None, f'{inches:g}"')
    direction = RollMade(actor, "deviation direction", (clock,), (), clock.total, None,
                         f"{clock.total} o'clock")
    return Deviation(inches, clock.total, (distance, direction))


@dataclass(frozen=True, slots=True)
class AreaVictim:
    """Someone beneath the template: prone or not, the Hardness of solid obstacles between the
    blast's centre and him, and whether he may Evade this attack (it allows it, he's aware)."""

    combatant: Combatant
    prone: bool = False
    obstacles: tuple[int, ...] = ()
    evades: bool = False


@dataclass(frozen=True, slots=True)
class AreaAttack:
    """The attack's events and changed states, and where a missed blast went (or None)."""

    outcome: Outcome[Combatant]
    deviation: Deviation | None = None
    evaded: tuple[str, ...] = field(default=())


def _victim_modifiers(victim: AreaVictim) -> tuple[Modifier, ...]:
    found = (Modifier(-4, "prone under an area effect") if victim.prone else None,
             area_obstacle_modifier(victim.obstacles))
    return tuple(m for m in found if m is not None)


def _evaded(dice: DiceSource, attacker: Combatant, victim: AreaVictim,
            events: list[Event]) -> bool:
    if not victim.evades:
        return False
    dodge = evasion_roll(dice, victim.combatant)
    events.append(dodge.event)
    if dodge.result.succeeded:
        events.append(Miss(attacker.id, victim.combatant.id, False))
    return dodge.result.succeeded


def _damage_one(dice: DiceSource, attacker: Combatant, weapon: Weapon, victim: AreaVictim,
                raise_: bool, context: AttackContext, soak_bennies: int) -> Outcome[Combatant]:
    target = victim.combatant
    kind = context.attack_kind_for(weapon.fires)
    mods = damage_modifiers(attacker, target, weapon, kind, context) + _victim_modifiers(victim)
    damage = roll_damage(dice, attacker, weapon, raise_, mods, brawler=context.house.brawler)
    taken = take_damage(dice, target, damage.total, weapon.ap, catastrophic=context.catastrophic,
                        soak_bennies=soak_bennies)
    return Outcome((Hit(attacker.id, target.id, raise_), damage, *taken.events), taken.states)


def area_damage(
    dice: DiceSource, attacker: Combatant, weapon: Weapon, victims: Sequence[AreaVictim],
    raise_: bool, context: AttackContext, soak_bennies: int = 0,
) -> AreaAttack:
    """Damage for each victim separately (the raise bonus d6 for each if ``raise_``)."""
    events: list[Event] = []
    states: list[Combatant] = []
    evaded: list[str] = []
    for victim in victims:
        if _evaded(dice, attacker, victim, events):
            evaded.append(victim.combatant.id)
            continue
        hit = _damage_one(dice, attacker, weapon, victim, raise_, context, soak_bennies)
        events += hit.events
        states += hit.states
    return AreaAttack(Outcome(tuple(events), tuple(states)), None, tuple(evaded))


def _area_weapon(attacker: Combatant, weapon_name: str | None,
                 context: AttackContext) -> tuple[Weapon, AttackKind]:
    try:
        weapon = attacker.weapon(weapon_name)
    except KeyError as error:
        raise RulesError(error.args[0]) from None
    kind = context.attack_kind_for(weapon.fires)
    if kind is AttackKind.MELEE:
        raise RulesError(f"{weapon.name}: area effects use Shooting or Athletics, not Fighting")
    return weapon, kind


def resolve_area_attack(
    dice: DiceSource, attacker: Combatant, weapon_name: str | None, template: Template,
    victims: Sequence[AreaVictim], context: AttackContext, *, distance_to_target: float,
    soak_bennies: int = 0,
) -> AreaAttack:
    """Roll an area effect attack at a location; see the module docs for rules and dice."""
    check_may_act(attacker, "attack")
    context = replace(context, area_effect=True)
    weapon, kind = _area_weapon(attacker, weapon_name, context)
    location = Combatant(id=f"{template.value} template")
    roll = roll_trait(dice, attacker.skill(kind.skill), wild_card=attacker.wild_card,
                      purpose=f"{kind.value} ({template.value})", actor=attacker.id,
                      modifiers=attack_modifiers(attacker, location, weapon, kind, context))
    if roll.result.succeeded:
        hit = area_damage(dice, attacker, weapon, victims, roll.result is TraitResult.RAISE,
                          context, soak_bennies)
        return replace(hit, outcome=Outcome((roll.event, *hit.outcome.events), hit.outcome.states))
    missed = Miss(attacker.id, location.id, roll.result is TraitResult.CRITICAL_FAILURE)
    if not template.deviates:
        return AreaAttack(Outcome((roll.event, missed), ()))
    drift = deviate(dice, kind is AttackKind.THROWN, context.range_band, distance_to_target,
                    attacker.id)
    return AreaAttack(Outcome((roll.event, missed, *drift.events), ()), drift)
