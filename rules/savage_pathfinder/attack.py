"""Attacks: Fighting against Parry, Shooting and throwing against 4, Rate of Fire, damage.

:func:`plan_attack` checks the attack and works out the skill, target number and modifiers
(also used by the odds); :func:`resolve_attack` rolls one attack (with ``context.shots``
Shooting dice at one target) and :func:`resolve_shots` assigns several dice to several
targets, best die to the first target.

Physical dice entry - the engine asks for dice in exactly this order, each with a ``purpose``:

1. the attack's skill die (``"Fighting die"``, ``"Shooting die 2"`` ...) and its Aces, one
   per shot, in order;
2. the Wild Die (Wild Cards only) and its Aces;
3. for each hit, in target order: the Strength die (hand weapons and unarmed), the weapon's
   damage dice left to right, a Brawler d4 (unarmed), the raise bonus d6 - each with its Aces;
4. then for that hit, if the victim Soaks: the Vigor die and Wild Die of each Soak roll;
5. then, if the hit Incapacitates a Wild Card: the Vigor die and Wild Die, the two Injury
   Table d6s, and the Injury sub-table d6 where the table has one.

Innocent Bystanders are a situational rule: their dice (which bystander a stray shot hits, and
its damage) are asked for after these, by
:mod:`battlemap.rules.savage_pathfinder.situational.bystanders`.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.events import describe
>>> from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict
>>> hero = combatant_from_dict({"wild_card": True, "skills": {"fighting": "d8"},
...     "weapons": [{"name": "Longsword", "damage": "str+d8"}]}, "hero", "h1")
>>> goblin = combatant_from_dict({"skills": {"fighting": "d6"}}, "goblin", "g1")
>>> outcome = resolve_attack(hero, goblin, "Longsword", AttackContext(), ScriptedDice(
...     [7, 2, 4, 3]))
>>> for event in outcome.events: print(describe(event))
h1 Fighting: Fighting die d8 7, Wild Die d6 2 = 7 vs 5: success
h1 hits g1
h1 Longsword damage: Strength die (damage) d6 4, Longsword d8 (damage) d8 3 = 7
damage 7 vs Toughness 5 of g1: 0 raise(s)
g1 is Shaken
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Hit, Miss, Modifier, Outcome
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.acting import check_may_act
from battlemap.rules.savage_pathfinder.context import AttackContext, AttackKind, CalledShot
from battlemap.rules.savage_pathfinder.damage import roll_damage, take_damage
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.modifiers import attack_modifiers, damage_modifiers
from battlemap.rules.savage_pathfinder.statblock import Combatant, Edge, Weapon
from battlemap.rules.savage_pathfinder.traits import (
    RolledTrait,
    TraitResult,
    judge,
    roll_trait_dice,
)

__all__ = ["AttackPlan", "plan_attack", "resolve_attack", "resolve_shots"]


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """What an attack rolls: the weapon, the kind, the skill die, TN and every modifier."""

    weapon: Weapon
    kind: AttackKind
    skill: TraitDie | None
    target_number: int
    attack_modifiers: tuple[Modifier, ...]
    damage_modifiers: tuple[Modifier, ...]


def plan_attack(attacker: Combatant, defender: Combatant, weapon_name: str | None,
                context: AttackContext) -> AttackPlan:
    """Check the attack is allowed and work out what it rolls; ``RulesError`` if not allowed."""
    check_may_act(attacker, "attack")
    try:
        weapon = attacker.weapon(weapon_name)
    except KeyError as error:
        raise RulesError(error.args[0]) from None
    kind = context.attack_kind_for(weapon.fires)
    _check_weapon(attacker, weapon, kind, context)
    parry = defender.parry if context.parry is None else context.parry
    target_number = parry if kind is AttackKind.MELEE else 4
    return AttackPlan(
        weapon, kind, attacker.skill(kind.skill), target_number,
        attack_modifiers(attacker, defender, weapon, kind, context),
        damage_modifiers(attacker, defender, weapon, kind, context),
    )


def _check_weapon(attacker: Combatant, weapon: Weapon, kind: AttackKind,
                  context: AttackContext) -> None:
    shots = context.shots
    if kind is AttackKind.THROWN and not weapon.thrown:
        raise RulesError(f"{weapon.name} is not a thrown weapon")
    if kind is AttackKind.MELEE and weapon.fires:
        raise RulesError(f"{weapon.name} is a ranged weapon: attack with it as Shooting (the "
                        "situational rule Ranged Weapons in Melee sets the TN to Parry)")
    most = weapon.rof if kind is AttackKind.SHOOTING else 1
    if kind is AttackKind.MELEE and attacker.has_edge(Edge.FRENZY) and context.house.frenzy:
        most = 2
    if not 1 <= shots <= most:
        raise RulesError(f"shots: {shots}, but {weapon.name} allows 1 to {most} ({kind.value})")


def resolve_attack(attacker: Combatant, defender: Combatant, weapon_name: str | None,
                   context: AttackContext, dice: DiceSource, *,
                   soak_bennies: int = 0) -> Outcome[Combatant]:
    """One attack at ``defender`` with ``context.shots`` dice; see the module for dice order."""
    return resolve_shots(attacker, (defender,) * context.shots, weapon_name, context, dice,
                         soak_bennies=soak_bennies)


def resolve_shots(attacker: Combatant, targets: tuple[Combatant, ...], weapon_name: str | None,
                  context: AttackContext, dice: DiceSource, *, soak_bennies: int = 0,
                  contexts: tuple[AttackContext, ...] | None = None) -> Outcome[Combatant]:
    """Roll one die per target (plus the Wild Die) and resolve each hit in target order.

    ``targets`` may name the same combatant more than once; ``context.shots`` must equal its
    length. ``contexts`` (one per target) give each target its own situation - its Cover,
    range, Gang Up - so each die is totalled with that target's modifiers; by default they all
    share ``context``. ``soak_bennies`` is what each victim will spend on a Soak and its rerolls.
    """
    if len(targets) != context.shots:
        raise RulesError(f"shots: {context.shots} declared but {len(targets)} targets given")
    situations = contexts if contexts is not None else (context,) * len(targets)
    if len(situations) != len(targets):
        raise RulesError(f"shots: {len(situations)} situations for {len(targets)} targets")
    plans = [plan_attack(attacker, target, weapon_name, situation)
             for target, situation in zip(targets, situations, strict=True)]
    first = plans[0]
    rolls = roll_trait_dice(dice, first.skill, len(targets), wild_card=attacker.wild_card,
                            purpose=first.kind.value, actor=attacker.id, target=first.target_number)
    events: list[Event] = []
    hits: list[tuple[Combatant, AttackPlan, RolledTrait]] = []
    for target, plan, roll in zip(targets, plans, rolls, strict=True):
        roll = _against(roll, plan)
        events.append(roll.event)
        if roll.result.succeeded:
            events.append(Hit(attacker.id, target.id, roll.result is TraitResult.RAISE))
            hits.append((target, plan, roll))
        else:
            events.append(Miss(attacker.id, target.id,
                               roll.result is TraitResult.CRITICAL_FAILURE))
    return _damage_all(dice, attacker, targets, hits, events, context, soak_bennies)


def _against(roll: RolledTrait, plan: AttackPlan) -> RolledTrait:
    """The die as rolled, totalled with the plan's modifiers and judged against its TN."""
    critical = roll.result is TraitResult.CRITICAL_FAILURE
    total = roll.total + sum(m.value for m in plan.attack_modifiers)
    result, raises = judge(total, plan.target_number, critical)
    event = replace(roll.event, modifiers=(*roll.event.modifiers, *plan.attack_modifiers),
                    total=total, target=plan.target_number, result=result.value)
    return RolledTrait(event, result, total, raises)


def _arm(context: AttackContext) -> str | None:
    """The arm a hand or limb Called Shot targets (the Injury Table rolls no side for it)."""
    if context.arm is not None and context.called_shot not in (CalledShot.HAND, CalledShot.LIMB):
        raise RulesError(f"arm: {context.arm} given, but the attack is no hand or limb Called "
                         "Shot")
    return context.arm


def _damage_all(dice: DiceSource, attacker: Combatant, targets: tuple[Combatant, ...],
                hits: list[tuple[Combatant, AttackPlan, RolledTrait]], events: list[Event],
                context: AttackContext, soak_bennies: int) -> Outcome[Combatant]:
    states = {target.id: target for target in targets}
    for target, plan, roll in hits:
        damage = roll_damage(dice, attacker, plan.weapon, roll.result is TraitResult.RAISE,
                             plan.damage_modifiers, brawler=context.house.brawler)
        taken = take_damage(dice, states[target.id], damage.total, plan.weapon.ap,
                            catastrophic=context.catastrophic, soak_bennies=soak_bennies,
                            victim_joker=context.defender_joker, arm=_arm(context))
        events += (damage, *taken.events)
        states[target.id] = taken.states[0]
    return Outcome(tuple(events), tuple(states.values()))
