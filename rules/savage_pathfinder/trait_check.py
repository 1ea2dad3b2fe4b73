"""Roll any attribute or skill of a combatant with every modifier that applies right now.

The table's **Roll** entry: the GM names a token and a trait (Notice, Vigor, Stealth...);
:func:`plan_check` works out what the roll carries and its exact odds, :func:`roll_check` rolls
it (the program's dice or physical ones, both a :class:`~battlemap.rules.dice.DiceSource`), and
:func:`group_check` rolls once for a group of Extras.

What a roll carries, from the texts:

- the combatant's own condition: Wounds (-1 each, at most -3), Fatigued -1 / Exhausted -2,
  Distracted -2 (:func:`~battlemap.rules.savage_pathfinder.penalties.condition_modifiers`); an
  unskilled roll is d4-2 and a die bonus (d12+1) is added;
- the Joker: "+2 to all Trait and damage rolls this round";
- Illumination on "active Trait rolls affected by illumination, such as attacks, arcane skill
  and Notice rolls" (not on the rolls the text exempts: resisting, recovering, verbal Support
  and Tests), with Dim and Dark limiting how far anyone sees
  (:func:`~battlemap.rules.savage_pathfinder.situational.illumination.illumination_modifier`);
- Support: "+1 to one skill total ..., a raise +2", Critical Failure -2, "The maximum bonus
  from all Support rolls is +4. Strength checks are an exception";
- running: "-2 penalty to all other actions that turn"; Multi-Actions -2 per extra action;
- anything else the GM rules (``extra``), each with its reason.

Group rolls: Extras of one group (who share an Action Card) may be rolled together: one trait
die for the whole group (Extras have no Wild Die), each member's own modifiers applied to it,
so each still has his own result. Members must have the same die for the trait.

Dice order: the trait die and its Aces, then the Wild Die (Wild Cards) and its Aces; a group
roll asks for its one die only.

Examples
--------
>>> from fractions import Fraction
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder.context import Illumination
>>> from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition
>>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
>>> scout = Combatant("s1", wild_card=True, skills=(("notice", TraitDie(8)),),
...                   condition=Condition(wounds=1))
>>> dark = Circumstances(joker=True, light=Illumination.DIM, roll=RollKind.NOTICE)
>>> check = plan_check(scout, "Notice", dark)
>>> [str(m) for m in check.modifiers], check.odds.success_or_better
(['-1 1 Wound', '+2 Joker', '-2 dim light'], Fraction(2, 3))
>>> rolled = roll_check(ScriptedDice([5, 2]), scout, "Notice", dark)
>>> rolled.total, rolled.result.value
(4, 'success')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, RollMade
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.odds import TraitOdds, trait_odds
from battlemap.rules.savage_pathfinder.penalties import condition_modifiers
from battlemap.rules.savage_pathfinder.situational.illumination import (
    RollKind,
    illumination_modifier,
)
from battlemap.rules.savage_pathfinder.situational.opposed import trait_die_of
from battlemap.rules.savage_pathfinder.situational.support import support_bonus
from battlemap.rules.savage_pathfinder.statblock import ATTRIBUTES, Combatant
from battlemap.rules.savage_pathfinder.traits import RolledTrait, judge, roll_trait, roll_trait_dice

__all__ = ["Circumstances", "GroupMember", "GroupRoll", "RollKind", "TraitCheck",
           "group_check", "plan_check", "roll_check"]


@dataclass(frozen=True, slots=True)
class Circumstances:
    """What the table says about this roll beyond the combatant's own condition.

    ``light`` is the light the roll is made in and ``distance`` how far away what it concerns is
    (Dim light lets anyone see 25", Dark 10"; beyond that it counts as Pitch Darkness);
    ``roll`` what kind of roll it is, for Illumination; ``support`` each Support roll's bonus
    (+1, +2 or -2); ``target`` the target number (4, or an opposed total).
    """

    joker: bool = False
    light: Illumination = Illumination.BRIGHT
    distance: float = 0.0
    roll: RollKind = RollKind.OTHER_ACTIVE
    support: tuple[int, ...] = ()
    running: bool = False
    actions: int = 1
    target: int = 4
    extra: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True)
class TraitCheck:
    """One trait roll worked out before the dice: the die (None = unskilled), every modifier
    with its reason, the target number and the exact odds of each result."""

    actor: str
    trait: str
    die: TraitDie | None
    wild_card: bool
    modifiers: tuple[Modifier, ...]
    target: int
    odds: TraitOdds


def _trait_name(trait: str) -> str:
    return trait.strip().lower()


def _modifiers(combatant: Combatant, trait: str, c: Circumstances) -> tuple[Modifier, ...]:
    light = illumination_modifier(c.light, c.distance, c.roll)
    support = support_bonus(c.support, strength=trait == "strength") if c.support else None
    found = (*condition_modifiers(combatant, joker=c.joker, running=c.running,
                                  actions=c.actions),
             *((light,) if light else ()), *((support,) if support else ()), *c.extra)
    return tuple(found)


def plan_check(combatant: Combatant, trait: str, circumstances: Circumstances) -> TraitCheck:
    """Everything about a roll of ``trait`` (an attribute or a skill) except the dice.

    ``RulesError`` for a name that is neither an attribute nor a skill name.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Combatant
    >>> check = plan_check(Combatant("g1"), "Stealth", Circumstances(support=(2, 1, 2)))
    >>> check.die, [str(m) for m in check.modifiers], check.odds.success_or_better
    (None, ['+4 Support'], Fraction(3, 4))
    """
    name = _trait_name(trait)
    if not name or not all(part.isalpha() for part in name.split()):
        raise RulesError(f"trait: {trait!r} is no attribute or skill name")
    die = trait_die_of(combatant, name)
    mods = _modifiers(combatant, name, circumstances)
    odds = trait_odds(die, wild_card=combatant.wild_card, modifier=sum(m.value for m in mods),
                      target=circumstances.target)
    return TraitCheck(combatant.id, name, die, combatant.wild_card, mods, circumstances.target,
                      odds)


def _purpose(trait: str) -> str:
    return trait.title() if trait in ATTRIBUTES else trait.capitalize()


def roll_check(dice: DiceSource, combatant: Combatant, trait: str,
               circumstances: Circumstances) -> RolledTrait:
    """Roll ``trait`` for ``combatant`` with everything :func:`plan_check` found."""
    check = plan_check(combatant, trait, circumstances)
    return roll_trait(dice, check.die, wild_card=check.wild_card, purpose=_purpose(check.trait),
                      actor=check.actor, modifiers=check.modifiers, target=check.target)


@dataclass(frozen=True, slots=True)
class GroupMember:
    """One Extra's share of a group roll: his modifiers, his total and his result."""

    check: TraitCheck
    roll: RolledTrait


@dataclass(frozen=True, slots=True)
class GroupRoll:
    """A group's one die (its log event) and each member's result from it."""

    die: RollMade
    members: tuple[GroupMember, ...]


def group_check(dice: DiceSource, group: Sequence[Combatant], trait: str,
                circumstances: Circumstances) -> GroupRoll:
    """One die for a group of Extras; each member totals it with his own modifiers.

    ``RulesError`` for an empty group, a Wild Card in it (he rolls his own Wild Die) or members
    whose dice for ``trait`` differ.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition
    >>> wolves = [Combatant("w1"), Combatant("w2", condition=Condition(wounds=1))]
    >>> rolled = group_check(ScriptedDice([4]), wolves, "Vigor", Circumstances())
    >>> [(m.roll.total, m.roll.result.value) for m in rolled.members]
    [(4, 'success'), (3, 'failure')]
    """
    if not group:
        raise RulesError("group roll: no members")
    checks = [plan_check(member, trait, circumstances) for member in group]
    if any(c.wild_card for c in checks):
        wild = ", ".join(c.actor for c in checks if c.wild_card)
        raise RulesError(f"group roll: {wild} is a Wild Card and rolls his own Wild Die")
    dice_of = {(c.die.sides, c.die.bonus) if c.die else None for c in checks}
    if len(dice_of) > 1:
        listed = ", ".join(f"{c.actor} {c.die or 'unskilled'}" for c in checks)
        raise RulesError(f"group roll: the members' {checks[0].trait} dice differ ({listed})")
    one = roll_trait_dice(dice, checks[0].die, 1, wild_card=False,
                          purpose=f"{_purpose(checks[0].trait)} (group)",
                          actor=",".join(c.actor for c in checks), target=checks[0].target)[0]
    members = tuple(GroupMember(c, _member_roll(one, c)) for c in checks)
    return GroupRoll(one.event, members)


def _member_roll(one: RolledTrait, check: TraitCheck) -> RolledTrait:
    """The group's die totalled with one member's modifiers (the die's own -2 unskilled or
    die bonus are already in ``one``)."""
    total = one.total + sum(m.value for m in check.modifiers)
    result, raises = judge(total, check.target)
    event = RollMade(check.actor, one.event.purpose, one.event.dice,
                     (*one.event.modifiers, *check.modifiers), total, check.target, result.value)
    return RolledTrait(event, result, total, raises)
