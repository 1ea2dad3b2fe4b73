"""Natural Weapons and Nonlethal Damage.

Natural weapons (fangs, claws, horns) attack with Fighting; a creature with them is always
armed, so it is no Unarmed Defender and Two Weapons gain nothing against it. Bite: the creature
may bite a target it has grappled. Claws: +2 to Athletics (climbing) on rough or soft surfaces.
Horns: +4 damage after running and moving at least 5".

Nonlethal Damage needs fists or a blunt weapon; an edged weapon's flat side costs -1 Fighting.
It causes Wounds as usual, but a victim it Incapacitates cannot Bleed Out.

Examples
--------
>>> claws_climbing_modifier(rough_surface=True), horns_damage_modifier(ran=6)
(Modifier(value=2, reason='claws'), Modifier(value=4, reason='horns after a 5" run'))
>>> nonlethal_modifier(edged=True)
Modifier(value=-1, reason='nonlethal with an edged weapon')
"""

from __future__ import annotations

from dataclasses import replace

from rules.events import Modifier, Outcome, StatusAdded
from rules.savage_pathfinder.statblock import Combatant, Condition

__all__ = ["can_bite", "claws_climbing_modifier", "horns_damage_modifier",
           "nonlethal_modifier", "spare_from_bleeding"]


def can_bite(target: Condition, grappled_by_biter: bool) -> bool:
    """A creature may bite a target it has grappled (Entangled or Bound).

    Examples
    --------
    >>> can_bite(Condition(entangled=True), grappled_by_biter=True), can_bite(Condition(), True)
    (True, False)
    """
    return grappled_by_biter and (target.entangled or target.bound)


def claws_climbing_modifier(rough_surface: bool) -> Modifier | None:
    """+2 to Athletics (climbing) on any rough or soft surface (not sheer steel or glass)."""
    return Modifier(2, "claws") if rough_surface else None


def horns_damage_modifier(ran: float) -> Modifier | None:
    """+4 damage from horns when the creature runs and moves at least 5"."""
    return Modifier(4, 'horns after a 5" run') if ran >= 5 else None


def nonlethal_modifier(edged: bool) -> Modifier | None:
    """Nonlethal with an edged weapon's flat side: -1 Fighting; fists and blunt: nothing."""
    return Modifier(-1, "nonlethal with an edged weapon") if edged else None


def spare_from_bleeding(outcome: Outcome[Combatant]) -> Outcome[Combatant]:
    """The outcome of a nonlethal attack: nobody it Incapacitated is Bleeding Out.

    Examples
    --------
    >>> bleeding = Combatant(id="g", condition=Condition(incapacitated=True, bleeding_out=True))
    >>> spared = spare_from_bleeding(Outcome((StatusAdded("g", "Bleeding Out"),), (bleeding,)))
    >>> spared.events, spared.states[0].condition.bleeding_out
    ((), False)
    """
    events = tuple(e for e in outcome.events
                   if not (isinstance(e, StatusAdded) and e.status == "Bleeding Out"))
    states = tuple(replace(c, condition=replace(c.condition, bleeding_out=False))
                   for c in outcome.states)
    return Outcome(events, states)
