"""Evasion, Finishing Move, Free Attacks, Withdrawing from Melee, Readying and Reload, Rest.

Examples
--------
>>> from battlemap.rules.savage_pathfinder.statblock import Condition
>>> shaken = Combatant(id="b2", condition=Condition(shaken=True))
>>> withdrawal_attackers([Combatant(id="b1"), shaken])
('b1',)
>>> items_ready_actions(3)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Died, Modifier, Outcome
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.acting import action_problem, check_may_act
from battlemap.rules.savage_pathfinder.context import AttackContext
from battlemap.rules.savage_pathfinder.situational.opposed import roll_trait_of
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon
from battlemap.rules.savage_pathfinder.traits import RolledTrait

__all__ = ["EVASION", "FREE_READY_ITEMS", "evasion_roll", "finishing_move", "free_attack_context",
           "items_ready_actions", "reload_actions", "rest", "running_reload_roll",
           "withdrawal_attackers"]

FREE_READY_ITEMS = 2
"""Characters may ready up to two items per turn as a free action."""


EVASION = "Agility (Evasion)"
"""The purpose of the Evasion roll's event."""


def evasion_roll(dice: DiceSource, victim: Combatant) -> RolledTrait:
    """Evasion: an aware victim of an attack that may be Evaded rolls Agility at -2.

    Success avoids the attack and its damage; after an area effect the desktop places the
    figure to the side or rear of the template.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> evasion_roll(ScriptedDice([6, 1]), Combatant(id="h1")).total
    5
    """
    return roll_trait_of(dice, victim, "agility", EVASION,
                         (Modifier(-2, "Evasion"),))


def finishing_move(killer: Combatant, victim: Combatant, weapon: Weapon,
                   adjacent: bool, gm_allows: bool = False) -> Outcome[Combatant]:
    """A completely helpless victim dispatched with a lethal weapon as an action: automatic.

    Helpless means Incapacitated or Bound. Up close unless the GM allows it at range; the GM
    may also rule a special situation (``gm_allows`` covers both).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> knife = Weapon("Dagger", DamageDice(True, (4,)))
    >>> out = finishing_move(Combatant(id="a"), Combatant(id="g", condition=Condition(
    ...     incapacitated=True)), knife, adjacent=True)
    >>> out.events, out.states[0].condition.dead
    ((Died(token='g'),), True)
    """
    check_may_act(killer, f"finish {victim.id}")
    helpless = victim.condition.incapacitated or victim.condition.bound
    if not helpless:
        raise RulesError(f"{killer.id} cannot finish {victim.id}: not helpless")
    if not adjacent and not gm_allows:
        raise RulesError(f"{killer.id} must be adjacent to finish {victim.id} (or the GM allows)")
    if weapon.damage.strength and not weapon.damage.dice and not gm_allows:
        raise RulesError(f"{killer.id} needs a lethal weapon for a Finishing Move")
    dead = replace(victim, condition=replace(victim.condition, dead=True, incapacitated=True))
    return Outcome((Died(victim.id),), (dead,))


def free_attack_context(context: AttackContext) -> AttackContext:
    """A free attack is a single attack unaltered by Edges or combat options.

    The situation (range, cover, light, Gang Up) stays; the options and extra actions go.

    Examples
    --------
    >>> free = free_attack_context(AttackContext(wild_attack=True, actions=2, gang_up=2))
    >>> free.wild_attack, free.actions, free.gang_up
    (False, 1, 2)
    """
    return replace(context, aim=False, wild_attack=False, desperate_attack=0, called_shot=None,
                   actions=1, shots=1, attack_modifiers=(), damage_modifiers=())


def withdrawal_attackers(adjacent_foes: Sequence[Combatant]) -> tuple[str, ...]:
    """Withdrawing from Melee: every adjacent non-Shaken, non-Stunned foe gets a free attack.

    The free attack is an attack: foes who may not attack at all (Incapacitated, dead, Bound:
    :func:`~battlemap.rules.savage_pathfinder.acting.action_problem`) make none either.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> withdrawal_attackers([Combatant("a"), Combatant("b", condition=Condition(bound=True))])
    ('a',)
    """
    return tuple(foe.id for foe in adjacent_foes if action_problem(foe, "attack") is None)


def items_ready_actions(items: int, hard_to_reach: int = 0) -> int:
    """Actions spent readying ``items``: two are free, each more is an action, as is each
    item recovered from a difficult place (an ankle sheath, the floor after a Disarm).

    Examples
    --------
    >>> items_ready_actions(2), items_ready_actions(2, hard_to_reach=1)
    (0, 1)
    """
    return max(0, items - hard_to_reach - FREE_READY_ITEMS) + hard_to_reach


def reload_actions(weapon: Weapon, hands_free: int) -> int:
    """Actions to reload: ``Reload X`` weapons take X; nocking an arrow is free (0).

    Reloading any ranged weapon needs two hands; thrown weapons are readied instead.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> crossbow = Weapon("Heavy crossbow", DamageDice(False, (6, 6)), range=(15, 30, 60),
    ...                   reload=2)
    >>> reload_actions(crossbow, hands_free=2)
    2
    """
    if weapon.thrown or weapon.range is None:
        raise RulesError(f"{weapon.name} is not reloaded (thrown weapons are readied)")
    if hands_free < 2:
        raise RulesError(f"reloading {weapon.name} needs two hands")
    return weapon.reload


def running_reload_roll(dice: DiceSource, shooter: Combatant, *,
                        joker: bool = False) -> RolledTrait:
    """Running and loading: Agility at the usual -2 for running (with the shooter's condition
    penalties and, if ``joker``, the Joker's +2); failure makes no progress.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> running_reload_roll(ScriptedDice([5]), Combatant(id="r")).result.succeeded
    False
    """
    return roll_trait_of(dice, shooter, "agility", "Agility (reload while running)",
                         joker=joker, running=True)


def rest(party: Sequence[Combatant], gm_bennies: int) -> tuple[tuple[Combatant, ...], int]:
    """Eight hours' rest: each Wild Card regains a Benny, and so does the GM.

    Examples
    --------
    >>> heroes, gm = rest([Combatant(id="h", wild_card=True, bennies=1), Combatant(id="x")], 2)
    >>> [c.bennies for c in heroes], gm
    ([2, 0], 3)
    """
    rested = tuple(replace(c, bennies=c.bennies + 1) if c.wild_card else c for c in party)
    return rested, gm_bennies + 1
