"""Dice sources: every roll in ``rules`` goes through one, never through the global ``random``.

A dice source answers ``roll(sides, purpose)`` with a value from 1 to ``sides``. Three kinds:

- :class:`RandomDice` - a seeded :class:`random.Random`, for play and simulation;
- :class:`ScriptedDice` - a list of values consumed in order, for tests and for a GM who rolls
  physical dice and types the results in;
- :class:`AskingDice` - asks a callback for each die as the engine needs it (the GUI's
  "enter your dice" dialog).

``purpose`` is a short text saying what the die is for ("Shooting die", "Wild Die", "damage
d8"); it shows in prompts and in error messages.

Examples
--------
>>> dice = ScriptedDice([6, 3])
>>> dice.roll(6, "Wild Die"), dice.roll(8, "Fighting die")
(6, 3)
>>> ScriptedDice([7]).roll(6, "Wild Die")
Traceback (most recent call last):
...
battlemap.rules.dice.DiceError: scripted die 1 is 7, but the Wild Die is a d6 (1 to 6)
>>> RandomDice(seed=1).roll(20) == RandomDice(seed=1).roll(20)
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

__all__ = ["AskingDice", "DiceError", "DiceSource", "NamedDice", "RandomDice", "RecordingDice",
           "ScriptedDice", "faces_of", "with_faces"]


class DiceError(ValueError):
    """A die value that cannot come from the die asked for, or a script that ran out."""


class DiceSource(Protocol):
    """Anything that can roll one die."""

    def roll(self, sides: int, purpose: str = "") -> int:
        """A value from 1 to ``sides``."""
        ...


class RandomDice:
    """Pseudo-random dice from a seeded :class:`random.Random` (or one you pass in)."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)

    def roll(self, sides: int, purpose: str = "") -> int:
        _check_sides(sides, purpose)
        return self._rng.randint(1, sides)


class ScriptedDice:
    """Dice that answer with the given values, in order; each is checked against its die."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._next = 0

    @property
    def remaining(self) -> tuple[int, ...]:
        """The values not consumed yet."""
        return tuple(self._values[self._next :])

    @property
    def used(self) -> int:
        return self._next

    def roll(self, sides: int, purpose: str = "") -> int:
        _check_sides(sides, purpose)
        what = _describe(sides, purpose)
        if self._next >= len(self._values):
            raise DiceError(f"the dice script ran out after {self._next} dice; {what} is needed")
        value = self._values[self._next]
        self._next += 1
        if not 1 <= value <= sides:
            raise DiceError(
                f"scripted die {self._next} is {value}, but {what} is a d{sides} (1 to {sides})"
            )
        return value


class NamedDice:
    """Dice typed in by what they are for: ``{"fighting": [5], "wild": [3], "damage": [4, 4]}``
    answers a die whose purpose names a key (``Fighting die``, ``Wild Die``, ``damage d6``) with
    that key's next value; the first key found in the purpose wins.

    Examples
    --------
    >>> dice = NamedDice({"fighting": [5], "wild": [3]})
    >>> dice.roll(8, "Fighting die"), dice.roll(6, "Wild Die")
    (5, 3)
    >>> dice.roll(6, "damage d6")
    Traceback (most recent call last):
    ...
    battlemap.rules.dice.DiceError: no die named for the damage d6 (named: fighting, wild)
    """

    def __init__(self, values: Mapping[str, Iterable[int]]) -> None:
        self._values = {name.lower(): ScriptedDice(faces) for name, faces in values.items()}

    @property
    def remaining(self) -> tuple[int, ...]:
        """The values not consumed yet, in the order the names were given."""
        return tuple(v for dice in self._values.values() for v in dice.remaining)

    def roll(self, sides: int, purpose: str = "") -> int:
        _check_sides(sides, purpose)
        wanted = purpose.lower()
        for name, dice in self._values.items():
            if name in wanted and dice.remaining:
                return dice.roll(sides, purpose)
        named = ", ".join(self._values)
        raise DiceError(f"no die named for {_describe(sides, purpose)} (named: {named})")


class RecordingDice:
    """Passes every request to ``source`` and remembers each die asked for, in order."""

    def __init__(self, source: DiceSource) -> None:
        self._source = source
        self.asked: list[tuple[int, str, int]] = []

    def roll(self, sides: int, purpose: str = "") -> int:
        value = self._source.roll(sides, purpose)
        self.asked.append((sides, purpose, value))
        return value


class AskingDice:
    """Dice whose values come from ``ask(sides, purpose)`` - a person at the table."""

    def __init__(self, ask: Callable[[int, str], int]) -> None:
        self._ask = ask

    def roll(self, sides: int, purpose: str = "") -> int:
        _check_sides(sides, purpose)
        value = self._ask(sides, purpose)
        if not 1 <= value <= sides:
            raise DiceError(f"{value} cannot come from {_describe(sides, purpose)} (d{sides})")
        return value


def with_faces(purpose: str, faces: Sequence[str]) -> str:
    """``purpose`` naming what each face of a die shows, so a person entering the die he rolled
    can pick the face (a Fudge die's -, blank, +) instead of its number.

    Examples
    --------
    >>> with_faces("Fudge die 1", ("-", "blank", "+"))
    'Fudge die 1 (1 = -, 2 = blank, 3 = +)'
    """
    return f"{purpose} (" + ", ".join(f"{n} = {face}" for n, face in enumerate(faces, 1)) + ")"


def faces_of(purpose: str) -> tuple[str, ...]:
    """The faces :func:`with_faces` named in ``purpose``, in order (empty if it named none).

    Examples
    --------
    >>> faces_of("Fudge die 1 for the attack (1 = -, 2 = blank, 3 = +)")
    ('-', 'blank', '+')
    >>> faces_of("the damage d6")
    ()
    """
    found = _FACES.search(purpose)
    if found is None:
        return ()
    pairs = [part.split(" = ", 1) for part in found.group(1).split(", ")]
    if [number for number, _ in pairs] != [str(n) for n in range(1, len(pairs) + 1)]:
        return ()
    return tuple(face for _, face in pairs)


_FACES = re.compile(r"\((\d+ = [^,()=]+(?:, \d+ = [^,()=]+)*)\)$")


def _describe(sides: int, purpose: str) -> str:
    return f"the {purpose}" if purpose else f"a d{sides}"


def _check_sides(sides: int, purpose: str) -> None:
    if sides < 2:
        raise DiceError(f"a die needs at least 2 sides, not {sides} ({purpose or 'unnamed die'})")
