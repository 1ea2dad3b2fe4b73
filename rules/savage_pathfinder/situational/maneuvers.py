"""Combat maneuvers: The Drop and Knockout Blows, Defend, Gang Up, Prone, Ranged Weapons in
Melee, Vulnerable targets and Multi-Actions.

Wild Attack and Desperate Attack modifiers come from the engine (``AttackContext.wild_attack``
and ``desperate_attack``); the Vulnerable state a Wild Attack leaves behind is
:func:`battlemap.rules.savage_pathfinder.situational.states.make_vulnerable`.

Examples
--------
>>> the_drop_modifiers()
(Modifier(value=4, reason='The Drop'), Modifier(value=4, reason='The Drop'))
>>> gang_up_bonus(allies=2, defender_allies=0)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, Outcome, StatusAdded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.situational.opposed import roll_trait_of
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

__all__ = [
    "GANG_UP_MAXIMUM", "STAND_UP_COST", "DeclaredAction", "RangedInMelee",
    "counts_for_gang_up", "defend_modifier", "gang_up_bonus", "knockout_blow",
    "multi_action_count", "parry_caught_in_melee", "prone_melee_modifiers", "ranged_in_melee",
    "the_drop_modifiers", "vulnerable_target_modifier",
]

GANG_UP_MAXIMUM = 4
STAND_UP_COST = 2
"""Standing from prone is a free action that costs 2" of movement."""


def the_drop_modifiers() -> tuple[Modifier, Modifier]:
    """The Drop: +4 to the attack and +4 to its damage, for one action.

    Examples
    --------
    >>> [m.value for m in the_drop_modifiers()]
    [4, 4]
    """
    return Modifier(4, "The Drop"), Modifier(4, "The Drop")


def vulnerable_target_modifier(target: Condition, the_drop: bool) -> Modifier | None:
    """+2 to actions and attacks against a Vulnerable target; it does not stack with The Drop.

    Examples
    --------
    >>> vulnerable_target_modifier(Condition(vulnerable=True), the_drop=False)
    Modifier(value=2, reason='target Vulnerable')
    >>> vulnerable_target_modifier(Condition(vulnerable=True), the_drop=True) is None
    True
    """
    return Modifier(2, "target Vulnerable") if target.vulnerable and not the_drop else None


def knockout_blow(
    dice: DiceSource, victim: Combatant, to_the_head: bool
) -> Outcome[Combatant]:
    """Knockout Blow: Shaken or worse from an attacker with The Drop; Vigor (-2 head) or out.

    Dice: the victim's Vigor die, then its Wild Die if a Wild Card. A failure leaves the victim
    knocked unconscious (Incapacitated for the engine).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> out = knockout_blow(ScriptedDice([5]), Combatant(id="g1"), to_the_head=True)
    >>> out.events[0].total, out.states[0].condition.incapacitated
    (3, True)
    """
    head = (Modifier(-2, "Knockout Blow to the head"),) if to_the_head else ()
    roll = roll_trait_of(dice, victim, "vigor", "Vigor (Knockout Blow)", head)
    if roll.result.succeeded:
        return Outcome((roll.event,), (victim,))
    knocked = replace(victim, condition=replace(victim.condition, incapacitated=True))
    return Outcome((roll.event, StatusAdded(victim.id, "knocked out")), (knocked,))


def defend_modifier(actions: int, running: bool) -> Modifier:
    """Defend: +4 Parry, shown as -4 on attacks against the defender; a whole-turn action.

    Examples
    --------
    >>> defend_modifier(actions=1, running=False)
    Modifier(value=-4, reason='target Defends (+4 Parry)')
    """
    if actions > 1 or running:
        raise RulesError("defend: takes the whole turn (no Multi-Actions) and forbids running")
    return Modifier(-4, "target Defends (+4 Parry)")


def counts_for_gang_up(condition: Condition) -> bool:
    """Stunned (or Incapacitated) characters don't count toward the Gang Up bonus.

    Examples
    --------
    >>> counts_for_gang_up(Condition()), counts_for_gang_up(Condition(stunned=True))
    (True, False)
    """
    return not (condition.stunned or condition.incapacitated)


def gang_up_bonus(allies: int, defender_allies: int) -> int:
    """Gang Up: +1 per additional adjacent ally (at most +4), less 1 per defender's ally.

    ``allies`` are the attacker's other non-Stunned allies adjacent to the defender;
    ``defender_allies`` the defender's allies adjacent to both, each cancelling one point.

    Examples
    --------
    >>> gang_up_bonus(6, 1), gang_up_bonus(2, 3)
    (3, 0)
    """
    return max(0, min(allies, GANG_UP_MAXIMUM) - defender_allies)


def prone_melee_modifiers(attacker_prone: bool) -> tuple[Modifier, ...]:
    """Prone in melee: the prone fighter "must subtract 2 from his Fighting rolls" (S133); his
    Parry is :func:`parry_caught_in_melee`.

    Examples
    --------
    >>> [str(m) for m in prone_melee_modifiers(attacker_prone=True)]
    ['-2 attacker prone']
    """
    return (Modifier(-2, "attacker prone"),) if attacker_prone else ()


PRONE_PARRY = -2
"""S133: "If a prone defender is caught in melee, his Parry is reduced by 2"."""


def parry_caught_in_melee(defender: Combatant) -> int:
    """The Parry of ``defender`` caught in melee - the TN of a melee attack and of a shot in
    melee at him (S133 with S143): his Parry, 2 less while prone.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> parry_caught_in_melee(Combatant("d", condition=Condition(prone=True)))
    0
    """
    return defender.parry + PRONE_PARRY * defender.condition.prone


@dataclass(frozen=True, slots=True)
class RangedInMelee:
    """A ranged attack while in melee: its target number, and whether the shooter turns
    Vulnerable (for shooting a target that is not adjacent)."""

    target_number: int
    attacker_vulnerable: bool


def ranged_in_melee(weapon: Weapon, target_parry: int, target_adjacent: bool) -> RangedInMelee:
    """Ranged Weapons in Melee: one-handed only; the TN is the Parry of an adjacent defender.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> dagger = Weapon("Dagger", DamageDice(True, (4,)), range=(3, 6, 12), thrown=True)
    >>> ranged_in_melee(dagger, target_parry=6, target_adjacent=True)
    RangedInMelee(target_number=6, attacker_vulnerable=False)
    >>> ranged_in_melee(dagger, target_parry=6, target_adjacent=False)
    RangedInMelee(target_number=4, attacker_vulnerable=True)
    """
    if weapon.two_handed:
        raise RulesError(f"weapon: {weapon.name} is two-handed and cannot be used in melee")
    if target_adjacent:
        return RangedInMelee(target_parry, attacker_vulnerable=False)
    return RangedInMelee(4, attacker_vulnerable=True)


@dataclass(frozen=True, slots=True)
class DeclaredAction:
    """One action declared at the start of a turn; free actions carry no Multi-Action penalty."""

    name: str
    limited: bool = False
    free: bool = False


def multi_action_count(actions: Sequence[DeclaredAction]) -> int:
    """The number of actions the Multi-Action penalty counts (``AttackContext.actions``).

    At most three actions, one of them limited; free actions don't count.

    Examples
    --------
    >>> multi_action_count([DeclaredAction("Shooting"), DeclaredAction("reload"),
    ...                     DeclaredAction("move", free=True)])
    2
    """
    counted = [a for a in actions if not a.free]
    if len(counted) > 3:
        raise RulesError(f"actions: {len(counted)} declared; at most three a turn")
    if sum(a.limited for a in actions) > 1:
        raise RulesError("actions: only one limited action a turn")
    return max(1, len(counted))
