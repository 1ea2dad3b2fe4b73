"""Push: opposed Strength (or Athletics) to shove a foe back, maybe knocking him prone.

- The attacker wins the opposed roll: the foe goes back 1" (2" with a raise), directly away
  from the attacker; double the distance if the attacker's Scale is larger than the foe's.
- The pushed foe rolls Athletics (-2 if the attacker got a raise) or is knocked prone.
- Running: +2 to the attacker's total if he ran at least 2" first. Shields: each side adds its
  shield's Parry bonus. Either side may roll Athletics instead of Strength.
- No pushing a foe more than two Sizes larger (unless the GM allows exceptional Strength).
- Pushing is an action (not while Shaken, Stunned, Bound or Incapacitated); against a
  Vulnerable foe it is at +2.

The pushed point is worked out along the line from the attacker's centre through the foe's;
the desktop checks it against walls with geometry before moving the token.

Dice order: attacker's trait die and Wild Die, defender's trait die and Wild Die, then (if the
push succeeds) the defender's Athletics die and Wild Die to stay standing.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
>>> brute = Combatant(id="b", strength=TraitDie(10))
>>> result = push(ScriptedDice([9, 2, 1]), brute, Combatant(id="g"), (0.0, 0.0), (1.0, 0.0))
>>> result.distance, [type(e).__name__ for e in result.outcome.events]
(2, ['RollMade', 'RollMade', 'TokenPushed', 'RollMade', 'StatusAdded'])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, Outcome, StatusAdded, TokenPushed
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.acting import check_may_act
from battlemap.rules.savage_pathfinder.situational.grappling import MOST_SIZES_LARGER
from battlemap.rules.savage_pathfinder.situational.maneuvers import vulnerable_target_modifier
from battlemap.rules.savage_pathfinder.situational.opposed import roll_opposed, roll_trait_of
from battlemap.rules.savage_pathfinder.situational.scale import scale_of_size, sizes_larger
from battlemap.rules.savage_pathfinder.statblock import Combatant

__all__ = ["PushResult", "push", "push_distance", "pushed_to", "shield_parry"]

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class PushResult:
    """The events and states ``(defender,)`` of a Push and how far, in inches, he went."""

    outcome: Outcome[Combatant]
    distance: int


def push_distance(raise_: bool, attacker_size: int, defender_size: int) -> int:
    """1" or 2" with a raise, doubled when the attacker's Scale is larger.

    Examples
    --------
    >>> push_distance(False, 0, 0), push_distance(True, 4, 0), push_distance(True, 3, 0)
    (1, 4, 2)
    """
    distance = 2 if raise_ else 1
    larger = scale_of_size(attacker_size).modifier > scale_of_size(defender_size).modifier
    return distance * 2 if larger else distance


def pushed_to(attacker_at: Point, defender_at: Point, distance: float) -> Point:
    """The point ``distance`` inches beyond ``defender_at``, directly away from the attacker.

    Examples
    --------
    >>> pushed_to((0.0, 0.0), (3.0, 4.0), 5)
    (6.0, 8.0)
    """
    dx, dy = defender_at[0] - attacker_at[0], defender_at[1] - attacker_at[1]
    length = math.hypot(dx, dy)
    if length == 0:
        raise ValueError("the attacker and the defender stand on the same point")
    return (defender_at[0] + dx / length * distance, defender_at[1] + dy / length * distance)


def shield_parry(combatant: Combatant) -> int:
    """The Parry bonus of the combatant's shield (the best one), 0 without a shield.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> from battlemap.rules.savage_pathfinder.statblock import Weapon
    >>> shield = Weapon("Medium shield", DamageDice(True, ()), parry=2, shield=True)
    >>> shield_parry(Combatant(id="s", weapons=(shield,))), shield_parry(Combatant(id="x"))
    (2, 0)
    """
    return max((w.parry for w in combatant.weapons if w.shield), default=0)


def _side_modifiers(shield_parry: int, ran: float = 0.0) -> tuple[Modifier, ...]:
    found = (Modifier(2, 'ran 2" before the Push') if ran >= 2 else None,
             Modifier(shield_parry, "shield") if shield_parry else None)
    return tuple(m for m in found if m is not None)


def push(
    dice: DiceSource, attacker: Combatant, defender: Combatant, attacker_at: Point,
    defender_at: Point, *, attacker_trait: str = "strength", defender_trait: str = "strength",
    ran: float = 0.0, attacker_shield: int | None = None, defender_shield: int | None = None,
    gm_allows_size: bool = False,
) -> PushResult:
    """Push ``defender`` away from ``attacker``; see the module docs for the rules and dice.

    A shield's Parry bonus comes from the stat block (a weapon with ``shield``) unless given.
    """
    check_may_act(attacker, "push")
    larger = sizes_larger(attacker.size, defender.size)
    if larger > MOST_SIZES_LARGER and not gm_allows_size:
        raise RulesError(f"{attacker.id} cannot push {defender.id}: {larger} Sizes larger")
    ours = shield_parry(attacker) if attacker_shield is None else attacker_shield
    theirs = shield_parry(defender) if defender_shield is None else defender_shield
    vulnerable = vulnerable_target_modifier(defender.condition, the_drop=False)
    contest = roll_opposed(dice, attacker, attacker_trait, defender, defender_trait,
                           (*_side_modifiers(ours, ran), *((vulnerable,) if vulnerable else ())),
                           _side_modifiers(theirs))
    if not contest.attacker_wins:
        return PushResult(Outcome(contest.events, (defender,)), 0)
    distance = push_distance(contest.attacker_raise, attacker.size, defender.size)
    moved = TokenPushed(defender.id, pushed_to(attacker_at, defender_at, distance))
    balance = _keep_footing(dice, defender, contest.attacker_raise)
    return PushResult(Outcome((*contest.events, moved, *balance.events), balance.states),
                      distance)


def _keep_footing(dice: DiceSource, defender: Combatant, raise_: bool) -> Outcome[Combatant]:
    penalty = (Modifier(-2, "pushed with a raise"),) if raise_ else ()
    balance = roll_trait_of(dice, defender, "athletics", "Athletics (stay standing)", penalty)
    if balance.result.succeeded or defender.condition.prone:
        return Outcome((balance.event,), (defender,))
    prone = replace(defender, condition=replace(defender.condition, prone=True))
    return Outcome((balance.event, StatusAdded(defender.id, "prone")), (prone,))
