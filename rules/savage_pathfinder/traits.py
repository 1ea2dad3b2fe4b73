"""Trait rolls: a skill or attribute die, the Wild Die for Wild Cards, modifiers, the result.

Roll the trait die (and a d6 Wild Die for Wild Cards, keeping the better), both Acing; add the
modifiers; 4 or more (the target number) is a success and each full 4 over it a raise. When a
Wild Card's trait die and Wild Die both show 1 it is a Critical Failure, whatever the
modifiers. A skill the character lacks is rolled as d4 at -2 ("unskilled"). A die bonus such
as d12+1 is added as a modifier.

Dice are asked for in this order: the trait die (with its Aces), then the Wild Die (with its
Aces). With several trait dice (Rate of Fire, :func:`roll_trait_dice`) all trait dice come
first, in order, then the one Wild Die.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.events import describe
>>> roll = roll_trait(ScriptedDice([3, 6, 2]), TraitDie(8), wild_card=True, purpose="Fighting",
...                   actor="h1", modifiers=(Modifier(-1, "1 Wound"),), target=4)
>>> roll.result.value, roll.total
('success', 7)
>>> describe(roll.event)
'h1 Fighting: Fighting die d8 3, Wild Die d6 6+2 (ace), -1 1 Wound = 7 vs 4: success'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import DieRoll, Modifier, RollMade
from battlemap.rules.savage_pathfinder.expressions import TraitDie, roll_acing

__all__ = ["RolledTrait", "TraitResult", "judge", "roll_trait", "roll_trait_dice", "trait_setup"]

UNSKILLED_DIE = TraitDie(4)


class TraitResult(StrEnum):
    CRITICAL_FAILURE = "critical failure"
    FAILURE = "failure"
    SUCCESS = "success"
    RAISE = "raise"

    @property
    def succeeded(self) -> bool:
        return self in (TraitResult.SUCCESS, TraitResult.RAISE)


@dataclass(frozen=True, slots=True)
class RolledTrait:
    """One trait roll's outcome: the log event, the result, the total and the raises."""

    event: RollMade
    result: TraitResult
    total: int
    raises: int


def judge(total: int, target: int, critical_failure: bool = False) -> tuple[TraitResult, int]:
    """The result and number of raises of a total against a target number.

    Examples
    --------
    >>> [(r.value, n) for r, n in (judge(11, 4), judge(3, 4), judge(7, 4, True))]
    [('raise', 1), ('failure', 0), ('critical failure', 0)]
    """
    if critical_failure:
        return TraitResult.CRITICAL_FAILURE, 0
    if total < target:
        return TraitResult.FAILURE, 0
    raises = (total - target) // 4
    return (TraitResult.RAISE if raises else TraitResult.SUCCESS), raises


def trait_setup(die: TraitDie | None) -> tuple[int, tuple[Modifier, ...]]:
    """The die to roll and the modifiers it brings: unskilled d4 -2, a die bonus like +1.

    Examples
    --------
    >>> trait_setup(None)
    (4, (Modifier(value=-2, reason='unskilled'),))
    >>> trait_setup(TraitDie(12, 1))
    (12, (Modifier(value=1, reason='d12+1'),))
    """
    if die is None:
        return UNSKILLED_DIE.sides, (Modifier(-2, "unskilled"),)
    return die.sides, ((Modifier(die.bonus, str(die)),) if die.bonus else ())


def roll_trait(
    dice: DiceSource, die: TraitDie | None, *, wild_card: bool, purpose: str, actor: str,
    modifiers: tuple[Modifier, ...] = (), target: int = 4,
) -> RolledTrait:
    """Roll one trait (``die`` None = unskilled) against ``target``; see the module docs."""
    return roll_trait_dice(dice, die, 1, wild_card=wild_card, purpose=purpose, actor=actor,
                           modifiers=modifiers, target=target)[0]


def roll_trait_dice(
    dice: DiceSource, die: TraitDie | None, count: int, *, wild_card: bool, purpose: str,
    actor: str, modifiers: tuple[Modifier, ...] = (), target: int = 4,
) -> tuple[RolledTrait, ...]:
    """Roll ``count`` trait dice and one Wild Die, which replaces the lowest trait die if higher.

    The rolls come back best first. Critical Failure: every trait die and the Wild Die show 1.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> shots = roll_trait_dice(ScriptedDice([2, 5, 1, 4]), TraitDie(6), 3, wild_card=True,
    ...                         purpose="Shooting", actor="h1")
    >>> [(s.total, s.result.value) for s in shots]
    [(5, 'success'), (4, 'success'), (2, 'failure')]
    """
    sides, own = trait_setup(die)
    mods = own + modifiers
    rolled: list[tuple[DieRoll, ...]] = [
        (roll_acing(dice, sides, f"{purpose} die" + f" {n + 1}" * (count > 1)),)
        for n in range(count)]
    critical = False
    if wild_card:
        wild = roll_acing(dice, 6, "Wild Die")
        critical = wild.faces[0] == 1 and all(r[0].faces[0] == 1 for r in rolled)
        lowest = min(range(count), key=lambda n: rolled[n][0].total)
        rolled[lowest] = (rolled[lowest][0], wild)
    results = [_rolled(shown, mods, target, critical, purpose, actor) for shown in rolled]
    return tuple(sorted(results, key=lambda r: r.total, reverse=True))


def _rolled(
    shown: tuple[DieRoll, ...], modifiers: tuple[Modifier, ...], target: int, critical: bool,
    purpose: str, actor: str,
) -> RolledTrait:
    kept = max(die.total for die in shown)
    total = kept + sum(m.value for m in modifiers)
    result, raises = judge(total, target, critical)
    event = RollMade(actor, purpose, shown, modifiers, total, target, result.value)
    return RolledTrait(event, result, total, raises)
