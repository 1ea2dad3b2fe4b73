"""The one error type of :mod:`geometry` and the checks that raise it.

Every bad input raises :class:`GeometryError`, a :class:`ValueError` whose message names the
field and the value that is wrong, so callers can catch one type and show the message as is.

Examples
--------
>>> require_finite("Body.x", float("nan"))
Traceback (most recent call last):
...
battlemap.geometry.errors.GeometryError: Body.x must be a finite number, got nan
>>> from battlemap.geometry.grid import GridKind
>>> parse_choice(GridKind, "HEX", "grid kind")
<GridKind.HEX: 'hex'>
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import TypeVar

__all__ = [
    "GeometryError",
    "parse_choice",
    "require_finite",
    "require_non_negative",
    "require_point",
]

ChoiceT = TypeVar("ChoiceT", bound=StrEnum)


class GeometryError(ValueError):
    """Bad input to a geometry function: the message names the field and the bad value."""


def require_finite(field: str, value: float) -> float:
    """``value`` as a float if it is a finite number; a :class:`GeometryError` naming ``field``.

    Examples
    --------
    >>> require_finite("Body.y", 2)
    2.0
    """
    number = float(value)
    if not math.isfinite(number):
        raise GeometryError(f"{field} must be a finite number, got {value!r}")
    return number


def require_non_negative(field: str, value: float) -> float:
    """``value`` as a float if it is finite and >= 0; a :class:`GeometryError` otherwise.

    Examples
    --------
    >>> require_non_negative("Body.radius", -1)
    Traceback (most recent call last):
    ...
    battlemap.geometry.errors.GeometryError: Body.radius must not be negative, got -1
    """
    number = require_finite(field, value)
    if number < 0:
        raise GeometryError(f"{field} must not be negative, got {value!r}")
    return number


def require_point(field: str, point: tuple[float, float]) -> tuple[float, float]:
    """``point`` as two floats if both are finite; a :class:`GeometryError` naming ``field``.

    Examples
    --------
    >>> require_point("at", (1, float("inf")))
    Traceback (most recent call last):
    ...
    battlemap.geometry.errors.GeometryError: at y must be a finite number, got inf
    """
    return (require_finite(f"{field} x", point[0]), require_finite(f"{field} y", point[1]))


def parse_choice(kind: type[ChoiceT], value: str, what: str) -> ChoiceT:
    """The member of the string enum ``kind`` spelled ``value`` (any case).

    The error names ``what`` was asked for and every valid spelling.

    Examples
    --------
    >>> from battlemap.geometry.grid import GridKind
    >>> parse_choice(GridKind, "triangle", "grid kind")
    Traceback (most recent call last):
    ...
    battlemap.geometry.errors.GeometryError: unknown grid kind 'triangle' (choose square, hex, \
gridless)
    """
    try:
        return kind(value.strip().lower())
    except ValueError:
        valid = ", ".join(member.value for member in kind)
        raise GeometryError(f"unknown {what} {value!r} (choose {valid})") from None
