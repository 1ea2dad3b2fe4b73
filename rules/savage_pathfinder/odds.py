"""Exact odds: trait rolls and attacks, computed from the dice, never sampled.

An Acing die with ``s`` sides totals ``k*s + r`` (``k`` Aces, then ``r`` from 1 to ``s-1``)
with probability ``s**-(k+1)``, so ``P(total >= t)`` has a closed form (:func:`acing_at_least`)
and trait odds are exact fractions. Damage sums several Acing dice; its distribution is
built exactly for every total below the highest threshold that matters (four raises over
Toughness) and the rest is lumped into "that much or more", so no Ace chain is truncated and
the odds are exact up to float rounding (about 1e-15).

The attack odds ignore what the victim may still do (Soak) and a Wild Card's Vigor roll after
Incapacitation; they cover one die plus the Wild Die (``context.shots`` 1).

Examples
--------
>>> [str(trait_odds(TraitDie(s), wild_card=True).success_or_better) for s in (4, 6, 8)]
['5/8', '3/4', '13/16']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.attack import plan_attack
from battlemap.rules.savage_pathfinder.context import AttackContext
from battlemap.rules.savage_pathfinder.damage import WOUND_CAP
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.penalties import condition_modifiers
from battlemap.rules.savage_pathfinder.statblock import Combatant, Edge, Weapon
from battlemap.rules.savage_pathfinder.traits import trait_setup

__all__ = ["AttackOdds", "TraitOdds", "acing_at_least", "attack_odds", "trait_odds"]


@dataclass(frozen=True, slots=True)
class TraitOdds:
    """Chances of each result of a trait roll; the four sum to 1."""

    critical_failure: Fraction
    failure: Fraction
    success: Fraction
    raise_: Fraction

    @property
    def success_or_better(self) -> Fraction:
        return self.success + self.raise_


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Chances of an attack's results, after the Soak the defender will make.

    ``wounds[k]`` is the chance of exactly ``k`` Wounds kept (misses count as 0; the list sums
    to 1); ``shaken`` the chance the victim ends Shaken (the damage reached Toughness and not
    every Wound was soaked: soaking them all removes Shaken too); ``shaken_only`` Shaken
    without a Wound; ``incapacitated`` more Wounds than the victim can take; ``soaked_all`` the
    chance a Soak took every Wound; ``dies`` and ``bleeding_out`` the Incapacitation Vigor
    roll's Critical Failure and failure (a Wild Card's: an Extra makes none).
    """

    critical_failure: float
    hit: float
    raise_: float
    shaken: float
    shaken_only: float
    wounds: tuple[float, ...]
    incapacitated: float
    soaked_all: float = 0.0
    dies: float = 0.0
    bleeding_out: float = 0.0


def acing_at_least(sides: int, target: int) -> Fraction:
    """``P(total >= target)`` for one Acing die.

    Examples
    --------
    >>> acing_at_least(6, 4), acing_at_least(6, 7), acing_at_least(6, 6)
    (Fraction(1, 2), Fraction(1, 6), Fraction(1, 6))
    """
    if target <= 1:
        return Fraction(1)
    aces = (target - 1) // sides
    left = max(0, sides - (target - aces * sides))
    return Fraction(1 + left, sides ** (aces + 1))


def trait_odds(die: TraitDie | None, *, wild_card: bool, modifier: int = 0,
               target: int = 4) -> TraitOdds:
    """Exact odds of a trait roll (``die`` None = unskilled) with a total ``modifier``.

    Examples
    --------
    >>> odds = trait_odds(TraitDie(8), wild_card=False, modifier=-2)
    >>> odds.success_or_better, odds.raise_
    (Fraction(3, 8), Fraction(7, 64))
    """
    sides, own = trait_setup(die)
    need = target - modifier - sum(m.value for m in own)
    critical = Fraction(1, sides * 6) if wild_card else Fraction(0)

    def at_least(value: int) -> Fraction:
        miss = 1 - acing_at_least(sides, value)
        best = 1 - miss * (1 - acing_at_least(6, value)) if wild_card else 1 - miss
        return best - critical * (value <= 1)

    success_or_better, raise_ = at_least(need), at_least(need + 4)
    return TraitOdds(critical, 1 - critical - success_or_better,
                     success_or_better - raise_, raise_)


@lru_cache(maxsize=256)
def _acing_pmf(sides: int, below: int) -> tuple[float, ...]:
    """``pmf[v]`` for totals ``v < below`` of one Acing die."""
    pmf = [0.0] * max(below, 1)
    for value in range(1, below):
        if value % sides:
            pmf[value] = float(sides) ** -(value // sides + 1)
    return tuple(pmf)


def _sum_pmf(dice: tuple[int, ...], below: int) -> list[float]:
    """Exact ``pmf[v]`` for ``v < below`` of the sum of Acing dice."""
    total = [1.0] + [0.0] * (below - 1)
    for sides in dice:
        die = _acing_pmf(sides, below)
        mixed = [0.0] * below
        for value, chance in enumerate(total):
            if chance:
                for face in range(1, below - value):
                    mixed[value + face] += chance * die[face]
        total = mixed
    return total


def attack_odds(attacker: Combatant, defender: Combatant, weapon_name: str | None,
                context: AttackContext, soak_bennies: int = 0) -> AttackOdds:
    """Exact odds of one attack with the modifiers ``context`` brings (see the module), with
    the defender spending up to ``soak_bennies`` of his Bennies on a Soak and its rerolls, and
    a Wild Card's Vigor roll when Incapacitated."""
    if context.shots != 1:
        raise RulesError("odds: one shot at a time (shots must be 1)")
    plan = plan_attack(attacker, defender, weapon_name, context)
    roll = trait_odds(plan.skill, wild_card=attacker.wild_card, target=plan.target_number,
                      modifier=sum(m.value for m in plan.attack_modifiers))
    dice, fixed = _damage_dice(attacker, plan.weapon, context.house.brawler)
    fixed += sum(m.value for m in plan.damage_modifiers)
    toughness = defender.toughness - min(plan.weapon.ap, defender.armor)
    wounds = [float(1 - roll.success_or_better)] + [0.0] * WOUND_CAP
    shaken = 0.0
    for chance, bonus in ((float(roll.success), ()), (float(roll.raise_), (6,))):
        shaken += _add_damage(wounds, chance, dice + bonus, toughness - fixed, defender)
    soak = soak_at_least(defender, context, min(soak_bennies, defender.bennies))
    kept, soaked_all = after_soak(wounds, soak)
    shaken -= soaked_all
    limit = defender.max_wounds - defender.condition.wounds
    incapacitated = sum(kept[k] for k in range(WOUND_CAP + 1) if k > limit)
    vigor = incapacitation_vigor(defender, context)
    return AttackOdds(
        float(roll.critical_failure), float(roll.success_or_better), float(roll.raise_),
        shaken, shaken - sum(kept[1:]) if not defender.condition.shaken else 0.0,
        tuple(kept), incapacitated, soaked_all,
        incapacitated * float(vigor.critical_failure) if vigor else 0.0,
        incapacitated * float(vigor.failure) if vigor else 0.0,
    )


def soak_at_least(defender: Combatant, context: AttackContext, bennies: int) -> list[float]:
    """``P(Wounds soaked >= k)`` for k = 0 .. the cap: the best of ``bennies`` Vigor rolls, each
    soaking one Wound per success and raise (with the defender's own penalties and Joker).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> hero = Combatant("h", wild_card=True, bennies=3, vigor=TraitDie(6))
    >>> [round(p, 4) for p in soak_at_least(hero, AttackContext(), 1)]  # Vigor d6 + Wild d6
    [1.0, 0.75, 0.2585, 0.0548, 0.0276]
    """
    if bennies <= 0:
        return [1.0] + [0.0] * WOUND_CAP
    modifier = sum(m.value for m in condition_modifiers(defender,
                                                         joker=context.defender_joker))
    vigor = defender.attribute("vigor")
    chances = [1.0]
    for k in range(1, WOUND_CAP + 1):
        one = float(trait_odds(vigor, wild_card=defender.wild_card, modifier=modifier,
                               target=4 + 4 * (k - 1)).success_or_better)
        chances.append(1.0 - (1.0 - one) ** bennies)
    return chances


def after_soak(wounds: list[float], soak: list[float]) -> tuple[list[float], float]:
    """The Wound distribution after a Soak whose results are ``soak`` (``P(soaked >= k)``),
    and the chance every Wound was soaked (at least one to soak).

    >>> after_soak([0.5, 0.5, 0.0, 0.0, 0.0], [1.0, 0.6, 0.2, 0.0, 0.0])
    ([0.8, 0.2, 0.0, 0.0, 0.0], 0.3)
    """
    kept = [wounds[0]] + [0.0] * WOUND_CAP
    soaked_all = 0.0
    for taken in range(1, WOUND_CAP + 1):
        for left in range(taken + 1):
            gone = taken - left
            chance = soak[gone] - (soak[gone + 1] if gone < taken else 0.0)
            kept[left] += wounds[taken] * chance
        soaked_all += wounds[taken] * soak[taken]
    return [round(k, 15) for k in kept], soaked_all


def incapacitation_vigor(defender: Combatant, context: AttackContext) -> TraitOdds | None:
    """The odds of a Wild Card's Vigor roll when Incapacitated (his Wounds at the most he
    takes, his Fatigue and Distraction, his Joker); None for an Extra, who makes none."""
    if not defender.wild_card:
        return None
    wounded = replace(defender, condition=replace(defender.condition,
                                                  wounds=max(defender.max_wounds, 1)))
    modifier = sum(m.value for m in condition_modifiers(wounded,
                                                         joker=context.defender_joker))
    return trait_odds(defender.attribute("vigor"), wild_card=True, modifier=modifier)


def _damage_dice(attacker: Combatant, weapon: Weapon,
                 brawler: bool) -> tuple[tuple[int, ...], int]:
    dice, fixed = weapon.damage.dice, weapon.damage.bonus
    if weapon.damage.strength:
        strength = attacker.attribute("strength")
        dice, fixed = (strength.sides, *dice), fixed + strength.bonus
    if brawler and not weapon.damage.dice and weapon.range is None and \
            attacker.has_edge(Edge.BRAWLER):
        dice = (*dice, 4)
    return dice, fixed


def _add_damage(wounds: list[float], chance: float, dice: tuple[int, ...], needed: int,
                defender: Combatant) -> float:
    """Add ``chance`` x the Wound distribution of rolling ``needed`` or more; the Shaken part."""
    if not chance:
        return 0.0
    top = max(needed + 4 * WOUND_CAP, 1)
    pmf = _sum_pmf(dice, top)
    below = [sum(pmf[: max(needed + 4 * k, 0)]) for k in range(WOUND_CAP + 1)]
    reached = [1.0 - b for b in below]
    first = 1 if defender.condition.shaken else 0
    wounds[0] += chance * (1.0 - reached[0] if first else 1.0 - reached[1])
    wounds[1] += chance * (reached[0] - reached[2] if first else reached[1] - reached[2])
    for k in range(2, WOUND_CAP):
        wounds[k] += chance * (reached[k] - reached[k + 1])
    wounds[WOUND_CAP] += chance * reached[WOUND_CAP]
    return chance * reached[0]
