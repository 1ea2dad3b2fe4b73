"""From the attack's situation to the modifiers in its breakdown, each with its reason.

:data:`ATTACK_RULES` and :data:`DAMAGE_RULES` are tuples of small functions
``rule(attacker, defender, weapon, kind, context) -> tuple[Modifier, ...]``; the engine adds up
everything they return. A new situational rule is one more function in a tuple.

Modifiers from the combat text: Wound penalties (-1 per Wound, at most -3), Fatigue and
Distracted (:mod:`~battlemap.rules.savage_pathfinder.penalties`); range Short 0, Medium -2, Long -4,
Extreme -8 (only with Aim, never thrown); running -2 to other actions; Multi-Actions -2 per
extra action (at most three); the Joker +2 to Trait and damage rolls; Dodge -2 against ranged
attacks (not area effects; a house default, :class:`~.context.HouseRules`). From the situational
rules, as modifiers only: Cover, Illumination, Gang Up (at most +4), Aim, Wild Attack, Desperate
Attack and Called Shots (head and vitals +4 damage only on living creatures with vitals).

Examples
--------
>>> from battlemap.rules.savage_pathfinder.statblock import Combatant, UNARMED
>>> context = AttackContext(range_band=RangeBand.LONG, running=True, joker=True)
>>> found = attack_modifiers(Combatant("a"), Combatant("d"), UNARMED, AttackKind.SHOOTING, context)
>>> [str(m) for m in found]
['-4 Long Range', '-2 running', '+2 Joker']
"""

from __future__ import annotations

from collections.abc import Callable

from battlemap.rules.events import Modifier
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import (
    AttackContext,
    AttackKind,
    CalledShot,
    Cover,
    Illumination,
    RangeBand,
)
from battlemap.rules.savage_pathfinder.penalties import (
    holds_joker,
    multi_action_penalty,
    status_modifiers,
    turn_modifiers,
    wound_penalty,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Edge, Weapon

__all__ = ["ATTACK_RULES", "DAMAGE_RULES", "Rule", "attack_modifiers", "damage_modifiers",
           "multi_action_penalty", "wound_penalty"]

Rule = Callable[[Combatant, Combatant, Weapon, AttackKind, AttackContext], tuple[Modifier, ...]]

RANGE_PENALTY = {RangeBand.SHORT: 0, RangeBand.MEDIUM: -2, RangeBand.LONG: -4,
                 RangeBand.EXTREME: -8}
COVER_PENALTY = {Cover.NONE: 0, Cover.LIGHT: -2, Cover.MEDIUM: -4, Cover.HEAVY: -6,
                 Cover.NEAR_TOTAL: -8}
ILLUMINATION_PENALTY = {Illumination.BRIGHT: 0, Illumination.DIM: -2, Illumination.DARK: -4,
                        Illumination.PITCH: -6}
CALLED_SHOT_PENALTY = {CalledShot.HAND: -4, CalledShot.HEAD: -4, CalledShot.VITALS: -4,
                       CalledShot.LIMB: -2}


def _only(value: int, reason: str) -> tuple[Modifier, ...]:
    return (Modifier(value, reason),) if value else ()


def _range(kind: AttackKind, context: AttackContext) -> tuple[Modifier, ...]:
    band = context.range_band
    if kind is AttackKind.MELEE:
        return ()
    if band is RangeBand.EXTREME and kind is AttackKind.THROWN:
        raise RulesError("range: weapons cannot be thrown at Extreme Range")
    if band is RangeBand.EXTREME and not context.aim:
        raise RulesError("range: firing at Extreme Range requires the Aim option")
    return _only(RANGE_PENALTY[band], f"{band.value.title()} Range")


def _core(a: Combatant, d: Combatant, w: Weapon, kind: AttackKind,
          c: AttackContext) -> tuple[Modifier, ...]:
    dodge = (kind is not AttackKind.MELEE and d.has_edge(Edge.DODGE) and not c.area_effect
             and c.house.dodge)
    return (*wound_penalty(a), *status_modifiers(a), *_range(kind, c),
            *turn_modifiers(a, joker=c.joker, running=c.running, actions=c.actions),
            *_only(-2 * dodge, f"{d.id} has Dodge"))


def _situation(a: Combatant, d: Combatant, w: Weapon, kind: AttackKind,
               c: AttackContext) -> tuple[Modifier, ...]:
    if c.desperate_attack and (c.wild_attack or c.desperate_attack not in (2, 4)):
        raise RulesError("desperate_attack: +2 or +4, and never with Wild Attack")
    normal = CALLED_SHOT_PENALTY[c.called_shot] if c.called_shot else 0
    called = normal if c.called_shot_scale is None or not c.called_shot else c.called_shot_scale
    return (*_only(COVER_PENALTY[c.cover], f"{c.cover.value} Cover"),
            *_only(ILLUMINATION_PENALTY[c.illumination], f"{c.illumination.value} light"),
            *_only(min(c.gang_up, 4) * (kind is AttackKind.MELEE), "Gang Up"),
            *_only(called, f"Called Shot ({c.called_shot})"),
            *_only(c.scale, "Scale"),
            *_aim(kind, c, called),
            *_only(2 * c.wild_attack, "Wild Attack"),
            *_only(c.desperate_attack, "Desperate Attack"))


def _aim(kind: AttackKind, c: AttackContext, called: int) -> tuple[Modifier, ...]:
    """Aim ignores up to 4 points of Range, Cover, Called Shot or Scale penalties, or adds +2."""
    if not c.aim or kind is AttackKind.MELEE or c.range_band is RangeBand.EXTREME:
        return ()
    penalties = RANGE_PENALTY[c.range_band] + COVER_PENALTY[c.cover] + called + min(c.scale, 0)
    return (Modifier(max(2, min(4, -penalties)), "Aim"),)


def _damage(a: Combatant, d: Combatant, w: Weapon, kind: AttackKind,
            c: AttackContext) -> tuple[Modifier, ...]:
    vital = c.called_shot in (CalledShot.HEAD, CalledShot.VITALS) and d.has_vitals
    return (*_only(2 * holds_joker(a, c.joker), "Joker"), *_only(2 * c.wild_attack, "Wild Attack"),
            *_only(-c.desperate_attack, "Desperate Attack"),
            *_only(4 * vital, f"Called Shot ({c.called_shot})"))


ATTACK_RULES: tuple[Rule, ...] = (_core, _situation)
DAMAGE_RULES: tuple[Rule, ...] = (_damage,)


def attack_modifiers(attacker: Combatant, defender: Combatant, weapon: Weapon,
                     kind: AttackKind, context: AttackContext) -> tuple[Modifier, ...]:
    """Every modifier on the attack roll, then the context's own ``attack_modifiers``."""
    found = [m for rule in ATTACK_RULES for m in rule(attacker, defender, weapon, kind, context)]
    return (*found, *context.attack_modifiers)


def damage_modifiers(attacker: Combatant, defender: Combatant, weapon: Weapon,
                     kind: AttackKind, context: AttackContext) -> tuple[Modifier, ...]:
    """Every modifier on the damage roll, then the context's own ``damage_modifiers``."""
    found = [m for rule in DAMAGE_RULES for m in rule(attacker, defender, weapon, kind, context)]
    return (*found, *context.damage_modifiers)
