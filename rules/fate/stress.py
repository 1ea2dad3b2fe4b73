"""Stress: the shifts of a won exchange plus the weapon, armour and situational lines, marked on
the Health track (or a mook's Toughness) and what overflows it.

The text ("Combat", first paragraph, and its tables): the winner inflicts Health stress equal
to his shifts, plus the winner's weapon and the loser's armour, plus the situational lines:
half the winner's Might rounded down; -1 when the loser uses a shield and the winner no axe;
+1 for an axe or great axe against a shield; +1 for a mace against chain mail; +1 for height
(mounted against foot included); +1 fighting from cover; -1 attacking while getting up from a
knockdown or while rearming; -1 surprised; -2 immobilized. The last three are the winner's own
state, like the others.

The Health track has ``health`` boxes (5 by default). A hit of N stress checks box N, or the
next empty box above it; with none left the hit overflows (a consequence or taken out, see
:mod:`battlemap.rules.fate.exchange`). A hit of 0 or less does nothing.

Examples
--------
>>> from battlemap.rules.fate.statblock import Combatant, Weapon
>>> chief = Combatant("c", skills={"weapons": 4, "might": 3}, weapon=Weapon("Axe", "great-axe"))
>>> gladiator = Combatant("g", armour="leather", shield=True)
>>> [str(m) for m in stress_modifiers(chief, gladiator, higher=True, from_cover=False)]
['+3 great-axe', '-1 leather armour', '+1 half Might', '+1 axe against a shield', '+1 height']
>>> track_box(gladiator.with_condition(stress=(2, 3)), 2)
4
"""

from __future__ import annotations

from battlemap.rules.events import Modifier
from battlemap.rules.fate.statblock import ARMOUR_STRESS, Combatant

__all__ = ["mook_capacity", "stress_modifiers", "track_box"]


def stress_modifiers(winner: Combatant, loser: Combatant, *, higher: bool,
                     from_cover: bool) -> tuple[Modifier, ...]:
    """Every line of the stress tables that applies, in the text's order."""
    weapon = winner.wielded
    lines = [
        (weapon.stress, weapon.type),
        (ARMOUR_STRESS[loser.armour], f"{loser.armour} armour"),
        (winner.skills.get("might", 0) // 2, "half Might"),
        (-1 if loser.has_shield and not weapon.is_axe else 0, "shield"),
        (1 if loser.has_shield and weapon.is_axe else 0, "axe against a shield"),
        (1 if weapon.type == "mace" and loser.armour == "chain" else 0, "mace against chain"),
        (1 if higher else 0, "height"),
        (1 if from_cover else 0, "from cover"),
        (-1 if winner.condition.prone or winner.condition.rearming else 0,
         "getting up" if winner.condition.prone else "rearming"),
        (-1 if winner.condition.surprised else 0, "surprised"),
        (-2 if winner.condition.immobilized else 0, "immobilized"),
    ]
    return tuple(Modifier(value, reason) for value, reason in lines if value)


def track_box(combatant: Combatant, stress: int) -> int | None:
    """The Health box a hit of ``stress`` checks: box ``stress`` or the next empty one above;
    None when it overflows the track.

    >>> track_box(Combatant("g", health=3), 4) is None
    True
    """
    for box in range(max(stress, 1), combatant.health + 1):
        if box not in combatant.condition.stress:
            return box
    return None


def mook_capacity(mook: Combatant) -> int:
    """The stress a mook can still take before it is out: its Toughness (at least 1, so a
    Mediocre peasant goes down to any hit) less the stress already taken.

    >>> mook_capacity(Combatant("w", mook=True, toughness=2).with_condition(stress=(1,)))
    1
    """
    return max(mook.toughness, 1) - sum(mook.condition.stress)
