"""Dice as Savage Pathfinder writes them, and rolling them with Aces.

Trait dice are ``"d4"`` to ``"d12"``, optionally with a bonus (``"d12+1"``). Damage is a sum of
terms joined by ``+``: ``"str"`` (the attacker's Strength die), ``"NdS"`` dice and plain numbers,
e.g. ``"str+d8"``, ``"2d6"``, ``"2d6+1"``.

Aces: a die that rolls its maximum is rolled again and the rolls are added, as often as it keeps
showing its maximum. Running dice never Ace (:func:`roll_plain`).

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> parse_trait_die("d12+1", "skills.fighting")
TraitDie(sides=12, bonus=1)
>>> parse_damage("str+d8", "weapons[0].damage")
DamageDice(strength=True, dice=(8,), bonus=0)
>>> str(parse_damage("2d6-1", "weapons[1].damage"))
'2d6-1'
>>> roll_acing(ScriptedDice([6, 6, 2]), 6, "damage d6").total
14
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import DieRoll
from battlemap.rules.registry import RulesError

__all__ = ["DIE_SIDES", "DamageDice", "TraitDie", "parse_damage", "parse_trait_die",
           "roll_acing", "roll_plain"]

DIE_SIDES = (4, 6, 8, 10, 12)
"""The die types a trait can have."""

MAX_TRAIT_BONUS = 20
"""The largest bonus (either sign) of a trait die: the biggest printed creatures stop near
d12+10."""
MAX_DAMAGE_DICE = 100
"""Most dice in one damage expression (the biggest printed attacks roll under ten)."""
MAX_DAMAGE_SIDES = 100
"""Most sides of a damage die."""
MAX_DAMAGE_BONUS = 1_000
"""The largest fixed part (either sign) of a damage expression."""

_TRAIT_DIE = re.compile(r"d(\d{1,2})([+-]\d{1,12})?")
_DICE_TERM = re.compile(r"(\d{0,9})d(\d{1,9})")


@dataclass(frozen=True, slots=True)
class TraitDie:
    """An attribute or skill die with its bonus: ``d12+1`` is ``TraitDie(12, 1)``."""

    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        return f"d{self.sides}" + (f"{self.bonus:+d}" if self.bonus else "")

    @property
    def half(self) -> int:
        """Half the die type, as Parry and Toughness use it (d12+1 counts 6 + 1 // 2 = 6)."""
        return self.sides // 2 + self.bonus // 2


@dataclass(frozen=True, slots=True)
class DamageDice:
    """A damage expression: the Strength die or not, weapon dice (sides each), a fixed bonus."""

    strength: bool
    dice: tuple[int, ...]
    bonus: int = 0

    def __str__(self) -> str:
        """The expression as written: ``DamageDice(False, (6, 6), 1)`` is ``"2d6+1"``."""
        counts = {sides: self.dice.count(sides) for sides in self.dice}
        terms = ["str"] * self.strength + [
            f"{count if count > 1 else ''}d{sides}" for sides, count in counts.items()]
        if self.bonus:
            terms.append(str(self.bonus))
        return "+".join(terms).replace("+-", "-") or "0"


def parse_trait_die(text: object, where: str) -> TraitDie:
    """A trait die from ``"d8"`` or ``"d12+1"``; ``RulesError`` naming ``where`` otherwise.

    Examples
    --------
    >>> parse_trait_die("d7", "tokens[g1].stats.skills.fighting")
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: tokens[g1].stats.skills.fighting: 'd7' is not a die like \
d8 or d12+1
    >>> try:
    ...     parse_trait_die("d4+1000000000", "skills.fighting")
    ... except RulesError as refused:
    ...     print(refused)
    skills.fighting: bonus +1000000000 of 'd4+1000000000' is outside the allowed range -20 to +20
    """
    match = _TRAIT_DIE.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if match is None or int(match[1]) not in DIE_SIDES:
        raise RulesError(
            f"{where}: {text!r} is not a die like d8 or d12+1"
        )
    bonus = int(match[2] or 0)
    if abs(bonus) > MAX_TRAIT_BONUS:
        raise RulesError(f"{where}: bonus {match[2]} of {text!r} is outside the allowed range "
                         f"-{MAX_TRAIT_BONUS} to +{MAX_TRAIT_BONUS}")
    return TraitDie(int(match[1]), bonus)


def parse_damage(text: object, where: str) -> DamageDice:
    """A damage expression such as ``"str+d8"``, ``"2d6+1"`` or ``"str"``.

    Examples
    --------
    >>> parse_damage("2d6+1", "weapons[1].damage")
    DamageDice(strength=False, dice=(6, 6), bonus=1)
    >>> parse_damage("str+x", "weapons[1].damage")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: weapons[1].damage: 'x' in 'str+x' is not str, NdS (at \
most d100) ...
    >>> parse_damage("999999999d6", "weapons[0].damage")
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: weapons[0].damage: '999999999d6' rolls 999999999 dice: at \
most 100
    """
    if not isinstance(text, str) or not text.strip():
        raise RulesError(f"{where}: {text!r} is not a damage expression like 'str+d8' or '2d6'")
    strength, bonus = False, 0
    dice: list[int] = []
    for term in text.strip().lower().replace("-", "+-").split("+"):
        if term == "str":
            strength = True
        elif (match := _DICE_TERM.fullmatch(term)) and 2 <= int(match[2]) <= MAX_DAMAGE_SIDES:
            count = int(match[1] or 1)
            if len(dice) + count > MAX_DAMAGE_DICE:
                raise RulesError(f"{where}: {text!r} rolls {len(dice) + count} dice: at most "
                                 f"{MAX_DAMAGE_DICE}")
            dice += [int(match[2])] * count
        elif re.fullmatch(r"-?\d{1,9}", term) and abs(bonus + int(term)) <= MAX_DAMAGE_BONUS:
            bonus += int(term)
        else:
            raise RulesError(f"{where}: {term!r} in {text!r} is not str, NdS (at most "
                             f"d{MAX_DAMAGE_SIDES}) or a number from -{MAX_DAMAGE_BONUS} to "
                             f"{MAX_DAMAGE_BONUS}")
    return DamageDice(strength, tuple(dice), bonus)


def roll_acing(dice: DiceSource, sides: int, purpose: str) -> DieRoll:
    """Roll one die and keep rolling while it shows its maximum (an Ace), adding the rolls.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> roll_acing(ScriptedDice([8, 8, 1]), 8, "Fighting die")
    DieRoll(sides=8, faces=(8, 8, 1), purpose='Fighting die')
    """
    faces = [dice.roll(sides, purpose)]
    while faces[-1] == sides:
        faces.append(dice.roll(sides, f"{purpose} (Ace {len(faces)})"))
    return DieRoll(sides, tuple(faces), purpose)


def roll_plain(dice: DiceSource, sides: int, purpose: str) -> DieRoll:
    """Roll one die that never Aces (running dice, the Injury Table).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> roll_plain(ScriptedDice([6, 6]), 6, "running die").total
    6
    """
    return DieRoll(sides, (dice.roll(sides, purpose),), purpose)
