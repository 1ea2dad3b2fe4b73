"""Fatigue: Fatigued -1, Exhausted -2, then Incapacitated; recovery and mixed sources.

The combatant's ``condition.fatigue`` counts levels: 0 fresh, 1 Fatigued, 2 Exhausted, 3
Incapacitated. Fatigue stacks until the victim is Incapacitated. Fatigue and Exhaustion improve
one level per hour; a Healing roll with treatment brings an Incapacitated victim to Exhausted.
Mixed Fatigue: with sources of different recovery times, one level goes when the shortest
expires and another when the longest does.

Examples
--------
>>> fatigue_modifier(2)
Modifier(value=-2, reason='Exhausted')
>>> fatigue_level(add_fatigue(1, 2))
<FatigueLevel.INCAPACITATED: 'Incapacitated'>
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from battlemap.rules.events import Modifier

__all__ = ["FatigueLevel", "add_fatigue", "fatigue_level", "fatigue_modifier",
           "levels_after_mixed_recovery", "recover_fatigue", "treat_incapacitation"]


class FatigueLevel(StrEnum):
    FRESH = "fresh"
    FATIGUED = "Fatigued"
    EXHAUSTED = "Exhausted"
    INCAPACITATED = "Incapacitated"


_LEVELS = tuple(FatigueLevel)
_INCAPACITATED = 3


def fatigue_level(levels: int) -> FatigueLevel:
    """The named state for a number of Fatigue levels (capped at Incapacitated).

    Examples
    --------
    >>> fatigue_level(0), fatigue_level(1)
    (<FatigueLevel.FRESH: 'fresh'>, <FatigueLevel.FATIGUED: 'Fatigued'>)
    """
    if levels < 0:
        raise ValueError(f"Fatigue levels cannot be negative ({levels})")
    return _LEVELS[min(levels, _INCAPACITATED)]


def fatigue_modifier(levels: int) -> Modifier | None:
    """The Trait roll penalty: Fatigued -1, Exhausted -2 (an Incapacitated victim cannot act).

    Examples
    --------
    >>> fatigue_modifier(0) is None, fatigue_modifier(1)
    (True, Modifier(value=-1, reason='Fatigued'))
    """
    level = fatigue_level(levels)
    if level is FatigueLevel.FRESH:
        return None
    return Modifier(-min(levels, 2), level.value)


def add_fatigue(levels: int, more: int = 1) -> int:
    """Fatigue after ``more`` levels: it stacks until Incapacitated and goes no further.

    Examples
    --------
    >>> add_fatigue(0), add_fatigue(2, 5)
    (1, 3)
    """
    return min(levels + more, _INCAPACITATED)


def recover_fatigue(levels: int, hours: int) -> int:
    """Fatigue after ``hours`` of rest: one level per hour for Fatigued and Exhausted.

    An Incapacitated victim does not recover by the hour (2d6 hours helpless, or treatment);
    see :func:`treat_incapacitation`.

    Examples
    --------
    >>> recover_fatigue(2, 1), recover_fatigue(2, 5), recover_fatigue(3, 5)
    (1, 0, 3)
    """
    if levels >= _INCAPACITATED:
        return levels
    return max(0, levels - hours)


def treat_incapacitation(levels: int, healing_succeeded: bool) -> int:
    """A treated victim Incapacitated by Fatigue improves to Exhausted on a Healing success.

    Examples
    --------
    >>> treat_incapacitation(3, True), treat_incapacitation(3, False)
    (2, 3)
    """
    if levels >= _INCAPACITATED and healing_succeeded:
        return 2
    return levels


def levels_after_mixed_recovery(
    levels: int, source_durations: Sequence[float], elapsed: float
) -> int:
    """Mixed Fatigue: one level off when the shortest source expires, another at the longest.

    Examples
    --------
    >>> [levels_after_mixed_recovery(2, (1.0, 8.0), t) for t in (0.5, 1.0, 8.0)]
    [2, 1, 0]
    """
    if not source_durations:
        return levels
    expiries = {min(source_durations), max(source_durations)}
    return max(0, levels - sum(elapsed >= expiry for expiry in expiries))
