"""The Fate ladder: ratings from Terrible (-2) to Legendary (+8) and their names.

A stat block may write a rating as a number or as its ladder name (any case).

Examples
--------
>>> ladder_name(3)
'Good (+3)'
>>> parse_rating("great", "stats.skills.weapons")
4
>>> try:
...     parse_rating("Awesome", "stats.skills.weapons")
... except ValueError as error:
...     print(str(error)[:69])
stats.skills.weapons: 'Awesome' is not a rating on the Fate ladder (a
"""

from __future__ import annotations

__all__ = ["LADDER", "ladder_name", "parse_rating"]

LADDER: dict[int, str] = {
    -2: "Terrible", -1: "Poor", 0: "Mediocre", 1: "Average", 2: "Fair", 3: "Good",
    4: "Great", 5: "Superb", 6: "Fantastic", 7: "Epic", 8: "Legendary",
}
"""Each rung's name by its value."""

_BY_NAME = {name.lower(): value for value, name in LADDER.items()}


def ladder_name(value: int) -> str:
    """The rung's name with its value; beyond the ladder, the nearest end's name and the value.

    >>> ladder_name(-1), ladder_name(10)
    ('Poor (-1)', 'Legendary (+10)')
    """
    rung = LADDER[max(-2, min(8, value))]
    return f"{rung} ({value:+d})"


def parse_rating(value: object, where: str) -> int:
    """A rating from an integer or a ladder name (``ValueError`` naming ``where``).

    >>> parse_rating(2, "x"), parse_rating(" Fair ", "x")
    (2, 2)
    """
    if isinstance(value, bool):
        raise ValueError(f"{where}: {value!r} is not a rating on the Fate ladder")
    if isinstance(value, int) and -10 <= value <= 20:
        return value
    if isinstance(value, str) and value.strip().lower() in _BY_NAME:
        return _BY_NAME[value.strip().lower()]
    names = ", ".join(LADDER.values())
    raise ValueError(
        f"{where}: {value!r} is not a rating on the Fate ladder (a number or {names})")
