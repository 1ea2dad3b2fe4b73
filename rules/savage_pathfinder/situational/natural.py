"""Natural Weapons and Nonlethal Damage.

Natural weapons (fangs, claws, horns) attack with Fighting; a creature with them is always
armed, so it is no Unarmed Defender and Two Weapons gain nothing against it. Bite: the creature
may bite a target it has grappled. Claws: +2 to Athletics (climbing) on rough or soft surfaces.
Horns: +4 damage after running and moving at least 5". :func:`bite_problem` says why a bite at
a target the biter does not hold is refused; :func:`climbing_roll` is the Athletics (climbing)
roll with the claws' bonus.

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

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, Outcome, RollMade, StatusAdded
from battlemap.rules.savage_pathfinder.movement import Hazard, hazard_roll
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

__all__ = [
    "bite_problem",
    "can_bite",
    "claws_climbing_modifier",
    "climbing_roll",
    "has_claws",
    "horns_damage_modifier",
    "is_bite",
    "nonlethal_modifier",
    "spare_from_bleeding",
]

BITE_WORDS = ("bite", "fang", "jaw")
"""A natural weapon whose name holds one of these is a bite."""


def can_bite(target: Condition, grappled_by_biter: bool) -> bool:
    """A creature may bite a target it has grappled (Entangled or Bound).

    Examples
    --------
    >>> can_bite(Condition(entangled=True), grappled_by_biter=True), can_bite(Condition(), True)
    (True, False)
    """
    return grappled_by_biter and (target.entangled or target.bound)


def is_bite(weapon: Weapon) -> bool:
    """True for a natural weapon named as a bite (fangs, jaws).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import UNARMED
    >>> is_bite(replace(UNARMED, name="Bite", natural=True)), is_bite(UNARMED)
    (True, False)
    """
    return weapon.natural and any(word in weapon.name.lower() for word in BITE_WORDS)


def bite_problem(weapon: Weapon, target: Combatant, grappled_by_biter: bool) -> str | None:
    """Why ``weapon`` cannot strike ``target``: a bite at a target the biter does not hold.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import UNARMED
    >>> bite = replace(UNARMED, name="Bite", natural=True)
    >>> bite_problem(bite, Combatant("v"), False)
    'Bite: a creature may only bite a target it has grappled (v is not Entangled or Bound by it)'
    >>> bite_problem(bite, Combatant("v", condition=Condition(bound=True)), True) is None
    True
    """
    if not is_bite(weapon) or can_bite(target.condition, grappled_by_biter):
        return None
    return (f"{weapon.name}: a creature may only bite a target it has grappled "
            f"({target.id} is not Entangled or Bound by it)")


def has_claws(combatant: Combatant) -> bool:
    """True when ``combatant`` has a natural weapon named claws (or talons)."""
    return any(w.natural and ("claw" in w.name.lower() or "talon" in w.name.lower())
               for w in combatant.weapons)


def climbing_roll(dice: DiceSource, climber: Combatant,
                  rough_surface: bool = True) -> tuple[RollMade, Hazard]:
    """The Athletics (climbing) roll of a hazardous climb; claws add +2 on a rough surface.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> from battlemap.rules.savage_pathfinder.statblock import UNARMED
    >>> cat = Combatant("c", skills=(("athletics", TraitDie(6)),),
    ...                 weapons=(replace(UNARMED, name="Claws", natural=True),))
    >>> climbing_roll(ScriptedDice([2]), cat)[1]
    <Hazard.MOVES_ON: 'moves on'>
    """
    claws = claws_climbing_modifier(rough_surface) if has_claws(climber) else None
    return hazard_roll(dice, climber, (claws,) if claws else ())


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

    Only the victims this attack set Bleeding Out (a ``StatusAdded`` event) are spared; one who
    was already Bleeding Out still is ("if a character is rendered Incapacitated he cannot
    Bleed Out" says nothing of him).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Combatant
    >>> hit = Outcome((StatusAdded("g1", "Bleeding Out"),),
    ...               (Combatant("g1", condition=Condition(bleeding_out=True)),))
    >>> spared = spare_from_bleeding(hit)
    >>> spared.events, spared.states[0].condition.bleeding_out
    ((), False)
    """
    started = {e.token for e in outcome.events
               if isinstance(e, StatusAdded) and e.status == "Bleeding Out"}
    events = tuple(e for e in outcome.events
                   if not (isinstance(e, StatusAdded) and e.status == "Bleeding Out"))
    states = tuple(replace(c, condition=replace(c.condition, bleeding_out=False))
                   if c.id in started else c for c in outcome.states)
    return Outcome(events, states)
