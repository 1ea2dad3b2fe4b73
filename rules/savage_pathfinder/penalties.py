"""The penalties a combatant's own condition puts on every Trait roll he makes, and the Joker.

- Wound Penalties: "Each Wound ... causes a -1 cumulative penalty to his Pace ... and all Trait
  rolls - up to a maximum penalty of -3."
- Fatigue: "Fatigued: The victim subtracts 1 from all Trait rolls"; Exhausted 2.
- Distracted: "The hero subtracts 2 from all Trait rolls until the end of his next turn."
- Jokers: "They also add +2 to all Trait and damage rolls this round!"

Every rules function that rolls a trait for a combatant (attack, Soak, Spirit to recover,
Vigor when Incapacitated or Bleeding Out, grappling, breaking free, Tests, Support, Notice)
takes :func:`condition_modifiers` from the combatant itself; the Joker is dealt by the deck, so
callers say ``joker=True`` and the function adds :func:`joker_modifier`.

Examples
--------
>>> from rules.savage_pathfinder.statblock import Combatant, Condition
>>> tired = Combatant("h1", condition=Condition(wounds=4, fatigue=2, distracted=True))
>>> [str(m) for m in condition_modifiers(tired) + joker_modifier(True)]
['-3 4 Wounds', '-2 Exhausted', '-2 Distracted', '+2 Joker']
"""

from __future__ import annotations

from rules.events import Modifier
from rules.savage_pathfinder.situational.fatigue import fatigue_modifier
from rules.savage_pathfinder.statblock import Combatant

__all__ = ["JOKER_BONUS", "condition_modifiers", "joker_modifier", "status_modifiers",
           "wound_penalty"]

JOKER_BONUS = 2
"""A character with a Joker adds +2 to all Trait and damage rolls this round."""


def wound_penalty(combatant: Combatant) -> tuple[Modifier, ...]:
    """-1 per Wound, at most -3.

    Examples
    --------
    >>> from rules.savage_pathfinder.statblock import Condition
    >>> wound_penalty(Combatant("h1", condition=Condition(wounds=4)))
    (Modifier(value=-3, reason='4 Wounds'),)
    """
    wounds = combatant.condition.wounds
    if not combatant.wound_penalty:
        return ()
    return (Modifier(combatant.wound_penalty, f"{wounds} Wound{'s' * (wounds != 1)}"),)


def status_modifiers(combatant: Combatant) -> tuple[Modifier, ...]:
    """Fatigue (-1 Fatigued, -2 Exhausted) and Distracted (-2).

    Examples
    --------
    >>> from rules.savage_pathfinder.statblock import Condition
    >>> status_modifiers(Combatant(id="x", condition=Condition(fatigue=1, distracted=True)))
    (Modifier(value=-1, reason='Fatigued'), Modifier(value=-2, reason='Distracted'))
    """
    condition = combatant.condition
    found = (fatigue_modifier(condition.fatigue),
             Modifier(-2, "Distracted") if condition.distracted else None)
    return tuple(m for m in found if m is not None)


def condition_modifiers(combatant: Combatant) -> tuple[Modifier, ...]:
    """Wound penalties, Fatigue and Distracted, as every Trait roll takes them.

    Examples
    --------
    >>> from rules.savage_pathfinder.statblock import Condition
    >>> hurt = Combatant(id="x", condition=Condition(wounds=2, fatigue=1, distracted=True))
    >>> [m.value for m in condition_modifiers(hurt)]
    [-2, -1, -2]
    """
    return wound_penalty(combatant) + status_modifiers(combatant)


def joker_modifier(joker: bool) -> tuple[Modifier, ...]:
    """+2 for a character (or group) holding a Joker this round; nothing otherwise.

    Examples
    --------
    >>> joker_modifier(True), joker_modifier(False)
    ((Modifier(value=2, reason='Joker'),), ())
    """
    return (Modifier(JOKER_BONUS, "Joker"),) if joker else ()
