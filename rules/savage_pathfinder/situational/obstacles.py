"""Attacking through obstacles and creatures, and solid obstacles against area effects.

Cover & Obstacles: attacking through an obstacle adds an Armor bonus of half its Hardness to
the target beyond (rounded up); the weapon's AP counts against that Armor as against any other.
Through a person or creature, its Toughness is subtracted instead. Area effect attacks: a solid
obstacle between the blast's centre and a victim reduces the damage by half its Hardness.

Both become damage modifiers, so the engine's damage roll shows them with their reasons. The
Armor bonus is worth ``extra - AP left over after the target's own Armor`` points of damage.

Examples
--------
>>> obstacle_armor(9)
5
>>> through_obstacle_modifier([8], ap=0, target_armor=2)
Modifier(value=-4, reason='through an obstacle (Armor +4)')
>>> through_obstacle_modifier([8], ap=4, target_armor=2)
Modifier(value=-2, reason='through an obstacle (Armor +4, AP 4)')
"""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.rules.events import Modifier

__all__ = ["area_obstacle_modifier", "obstacle_armor", "through_creature_modifier",
           "through_obstacle_modifier"]


def obstacle_armor(hardness: int) -> int:
    """Half the obstacle's Hardness, rounded up.

    Examples
    --------
    >>> obstacle_armor(4), obstacle_armor(10)
    (2, 5)
    """
    if hardness < 0:
        raise ValueError(f"an obstacle's Hardness cannot be negative ({hardness})")
    return -(-hardness // 2)


def through_obstacle_modifier(
    hardnesses: Sequence[int], ap: int, target_armor: int
) -> Modifier | None:
    """The Armor the obstacles add, as a damage modifier after the weapon's AP.

    Each obstacle passed through adds half its Hardness (rounded up). AP first ignores the
    target's own Armor (as the engine does), then the obstacles'.

    Examples
    --------
    >>> through_obstacle_modifier([4], ap=6, target_armor=0) is None
    True
    >>> through_obstacle_modifier([4, 9], ap=0, target_armor=0)
    Modifier(value=-7, reason='through an obstacle (Armor +7)')
    """
    extra = sum(obstacle_armor(h) for h in hardnesses)
    pierced = min(extra, max(0, ap - target_armor))
    if extra - pierced == 0:
        return None
    note = f", AP {ap}" if pierced else ""
    return Modifier(pierced - extra, f"through an obstacle (Armor +{extra}{note})")


def through_creature_modifier(name: str, toughness: int) -> Modifier:
    """Attacking through a person or creature subtracts its Toughness.

    Examples
    --------
    >>> through_creature_modifier("g2", 5)
    Modifier(value=-5, reason='through g2 (Toughness 5)')
    """
    return Modifier(-toughness, f"through {name} (Toughness {toughness})")


def area_obstacle_modifier(hardnesses: Sequence[int]) -> Modifier | None:
    """An area effect's damage less half the Hardness of the solid obstacle shielding a victim.

    With several obstacles between the centre and the victim, the sturdiest one counts.

    Examples
    --------
    >>> area_obstacle_modifier([8, 10])
    Modifier(value=-5, reason='behind an obstacle (Hardness 10)')
    >>> area_obstacle_modifier([]) is None
    True
    """
    if not hardnesses:
        return None
    hardest = max(hardnesses)
    return Modifier(-obstacle_armor(hardest), f"behind an obstacle (Hardness {hardest})")
