"""The Storypath dice pool: Skill + Attribute d10s, a success on 8 or more.

Whether a 10 counts double or is rerolled is the encounter's ``tens`` setting (default
neither). Enhancement adds its successes only when at least one die succeeded.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> roll = roll_pool(4, "none", 2, ScriptedDice([8, 3, 10, 1]), "Close Combat + Might")
>>> roll.rolled_successes, roll.successes
(2, 4)
>>> roll_pool(2, "none", 2, ScriptedDice([7, 3]), "Firearms").successes
0
>>> roll_pool(2, "double", 0, ScriptedDice([10, 9]), "Firearms").successes
3
>>> roll_pool(1, "reroll", 0, ScriptedDice([10, 10, 4]), "Firearms").successes
2
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import DieRoll

__all__ = ["SUCCESS", "PoolRoll", "face_successes", "roll_pool"]

SUCCESS = 8
"""The lowest face that is a success."""


def face_successes(face: int, tens: str) -> int:
    """The successes one face gives: 8 and 9 one, 10 one (two when ``tens`` is double)."""
    if face < SUCCESS:
        return 0
    return 2 if face == 10 and tens == "double" else 1


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """A rolled pool: each die with its rerolls (``DieRoll.faces``), the tens rule, the
    Enhancement offered."""

    dice: tuple[DieRoll, ...]
    tens: str
    enhancement: int = 0

    @property
    def rolled_successes(self) -> int:
        return sum(face_successes(f, self.tens) for die in self.dice for f in die.faces)

    @property
    def enhancement_applied(self) -> int:
        """The Enhancement that counts: all of it with one success rolled, else none."""
        return self.enhancement if self.rolled_successes >= 1 else 0

    @property
    def successes(self) -> int:
        return self.rolled_successes + self.enhancement_applied


def roll_pool(size: int, tens: str, enhancement: int, dice: DiceSource,
              purpose: str) -> PoolRoll:
    """Roll ``size`` d10 in order (with ``tens`` "reroll", each 10 is followed at once by its
    extra die)."""
    return PoolRoll(tuple(_roll_die(tens, dice, f"{purpose} die {i + 1}")
                          for i in range(size)), tens, enhancement)


def _roll_die(tens: str, dice: DiceSource, purpose: str) -> DieRoll:
    faces = [dice.roll(10, purpose)]
    while tens == "reroll" and faces[-1] == 10:
        faces.append(dice.roll(10, f"{purpose} (reroll of a 10)"))
    return DieRoll(10, tuple(faces), purpose)
