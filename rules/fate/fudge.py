"""Fudge dice: 4dF, each die -1, 0 or +1, rolled through a
:class:`~battlemap.rules.dice.DiceSource`.

A Fudge die is asked of the dice source as a d3 (1 = minus, 2 = blank, 3 = plus): a d6 with
two faces of each is the same die, and a GM typing physical Fudge dice types 1, 2 or 3.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> roll = roll_4df(ScriptedDice([3, 3, 2, 1]), "Weapons of Marcus")
>>> [die.faces[0] for die in roll], sum(die.faces[0] for die in roll)
([1, 1, 0, -1], 1)
"""

from __future__ import annotations

from battlemap.rules.dice import DiceSource, with_faces
from battlemap.rules.events import DieRoll

__all__ = ["FUDGE_DICE", "fudge_text", "roll_4df"]

FUDGE_DICE = 4
"""Dice in one Fate roll."""
FACES = ("-", "blank", "+")
"""What a Fudge die shows, for the die values 1, 2 and 3 (a GM entering physical dice picks
the face)."""


def roll_4df(dice: DiceSource, purpose: str) -> tuple[DieRoll, ...]:
    """Four Fudge dice; each :class:`DieRoll` has ``sides`` 3 and one face of -1, 0 or +1."""
    rolled = []
    for number in range(1, FUDGE_DICE + 1):
        face = dice.roll(3, with_faces(f"Fudge die {number} for {purpose}", FACES)) - 2
        rolled.append(DieRoll(3, (face,), "dF"))
    return tuple(rolled)


def fudge_text(dice: tuple[DieRoll, ...]) -> str:
    """The faces as a player reads them.

    >>> fudge_text(tuple(DieRoll(3, (f,), "dF") for f in (1, 0, -1, 1)))
    '+ 0 - +'
    """
    return " ".join({-1: "-", 0: "0", 1: "+"}[die.faces[0]] for die in dice)
