"""Grappling: opposed Athletics to hold a foe Entangled or Bound, and Crush.

- The attacker wins the opposed Athletics roll: the foe is Entangled; with a raise, Bound; a
  success on a foe who was already Entangled makes him Bound.
- While his foe is Bound the grappler is Vulnerable too.
- Gang Up applies to grappling. Size Matters: the grappler subtracts the difference in Scale
  (the defender gets no bonus or penalty); creatures may not grapple a foe more than two Sizes
  larger (unless the GM allows it for exceptional reach or Strength).
- Crush: as an action the grappler rolls his Strength as damage against a foe he has Entangled
  or Bound; it is a damage roll (it Aces, no Wild Die) so Scale modifiers are ignored.
- Resisting a grapple is never penalized by Illumination; the grappler's roll is (``light``).
- Vulnerable: "Actions and attacks against the target are made at +2" - grappling one too.
- Only a character who may act grapples or crushes (not Shaken, Stunned, Bound,
  Incapacitated: :mod:`~battlemap.rules.savage_pathfinder.acting`); the Joker's +2 reaches either
  roll.

Dice order of :func:`grapple`: the attacker's Athletics die and Wild Die, then the defender's.
:func:`crush`: the Strength die with its Aces, then the engine's Soak and Incapacitation dice.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
>>> ogre = Combatant(id="o1", skills=(("athletics", TraitDie(8)),))
>>> out = grapple(ScriptedDice([8, 3, 2]), ogre, Combatant(id="h1"))
>>> out.states[0].condition.bound, out.states[1].condition.vulnerable
(True, True)
"""

from __future__ import annotations

from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Modifier, Outcome, RollMade, StatusAdded, StatusRemoved
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.acting import check_may_act
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.damage import take_damage
from battlemap.rules.savage_pathfinder.expressions import roll_acing
from battlemap.rules.savage_pathfinder.penalties import holds_joker, joker_modifier
from battlemap.rules.savage_pathfinder.situational.illumination import illumination_modifier
from battlemap.rules.savage_pathfinder.situational.maneuvers import vulnerable_target_modifier
from battlemap.rules.savage_pathfinder.situational.opposed import roll_opposed
from battlemap.rules.savage_pathfinder.situational.scale import scale_difference, sizes_larger
from battlemap.rules.savage_pathfinder.situational.states import bind, entangle, release
from battlemap.rules.savage_pathfinder.statblock import Combatant

__all__ = ["MOST_SIZES_LARGER", "crush", "grapple", "grapple_modifiers", "let_go"]

MOST_SIZES_LARGER = 2
"""A creature may not grapple (or Push) a foe more than two Sizes larger than itself."""


def grapple_modifiers(
    attacker: Combatant, defender: Combatant, gang_up: int = 0, gm_allows_size: bool = False
) -> tuple[Modifier, ...]:
    """The grappler's modifiers: Gang Up and minus the Scale difference; checks Size.

    Examples
    --------
    >>> dragon, thief = Combatant(id="d", size=8), Combatant(id="t")
    >>> grapple_modifiers(dragon, thief)
    (Modifier(value=-4, reason='Scale difference'),)
    >>> grapple_modifiers(thief, dragon)
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: t cannot grapple d: 8 Sizes larger (at most 2 without the \
GM's leave)
    """
    larger = sizes_larger(attacker.size, defender.size)
    if larger > MOST_SIZES_LARGER and not gm_allows_size:
        raise RulesError(f"{attacker.id} cannot grapple {defender.id}: {larger} Sizes larger "
                         f"(at most {MOST_SIZES_LARGER} without the GM's leave)")
    difference = scale_difference(attacker.size, defender.size)
    found = (Modifier(gang_up, "Gang Up") if gang_up else None,
             Modifier(-difference, "Scale difference") if difference else None,
             vulnerable_target_modifier(defender.condition, the_drop=False))
    return tuple(m for m in found if m is not None)


def grapple(
    dice: DiceSource, attacker: Combatant, defender: Combatant, gang_up: int = 0,
    gm_allows_size: bool = False, *, joker: bool = False, defender_joker: bool = False,
    light: Illumination = Illumination.BRIGHT, modifiers: tuple[Modifier, ...] = (),
) -> Outcome[Combatant]:
    """Grapple ``defender``: the new states are ``(defender, attacker)``.

    ``joker`` / ``defender_joker``: who holds a Joker; ``light``: the Illumination the
    grappler acts in; ``modifiers``: anything else on the grappler's roll (Support).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> athlete = (("athletics", TraitDie(6)),)
    >>> a, d = Combatant(id="a", skills=athlete), Combatant(id="d", skills=athlete)
    >>> out = grapple(ScriptedDice([5, 3]), a, d)
    >>> out.states[0].condition.entangled, out.states[0].condition.bound
    (True, False)
    """
    check_may_act(attacker, "grapple")
    dark = illumination_modifier(light, 1.0)
    mods = (*grapple_modifiers(attacker, defender, gang_up, gm_allows_size),
            *((dark,) if dark else ()), *modifiers)
    contest = roll_opposed(dice, attacker, "athletics", defender, "athletics", mods,
                           attacker_joker=joker, defender_joker=defender_joker)
    if not contest.attacker_wins:
        return Outcome(contest.events, (defender, attacker))
    held = defender.condition.entangled or contest.attacker_raise
    caught = bind(defender) if held else entangle(defender)
    events: list[Event] = [*contest.events, *caught.events]
    if caught.states[0].condition.bound and not attacker.condition.vulnerable:
        events.append(StatusAdded(attacker.id, "Vulnerable"))
        attacker = replace(attacker, condition=replace(attacker.condition, vulnerable=True))
    return Outcome(tuple(events), (caught.states[0], attacker))


def let_go(grappler: Combatant, victim: Combatant) -> Outcome[Combatant]:
    """The grappler releases his hold: the victim is free and the grappler no longer Vulnerable
    for holding a Bound foe. New states: ``(victim, grappler)``.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> held = Combatant(id="d", condition=Condition(bound=True, distracted=True, vulnerable=True))
    >>> out = let_go(Combatant(id="a", condition=Condition(vulnerable=True)), held)
    >>> out.states[0].condition.bound, out.states[1].condition.vulnerable
    (False, False)
    """
    freed = release(victim)
    events: list[Event] = list(freed.events)
    if victim.condition.bound and grappler.condition.vulnerable:
        events.append(StatusRemoved(grappler.id, "Vulnerable"))
        grappler = replace(grappler, condition=replace(grappler.condition, vulnerable=False))
    return Outcome(tuple(events), (freed.states[0], grappler))


def crush(
    dice: DiceSource, grappler: Combatant, victim: Combatant, soak_bennies: int = 0, *,
    grappled: bool | None = None, joker: bool = False,
) -> Outcome[Combatant]:
    """Crush a foe the grappler holds: Strength as damage (Aces, no Wild Die, no Scale).

    ``grappled``: whether it was ``grappler`` who Entangled or Bound ``victim`` (False refuses
    the Crush; None trusts the victim's state alone, for callers that do not track holds).
    ``joker``: the grappler holds a Joker (+2 damage).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> held = Combatant(id="d", condition=Condition(entangled=True))
    >>> out = crush(ScriptedDice([6, 1]), Combatant(id="a"), held)
    >>> out.events[0].total, out.states[0].condition.shaken
    (7, True)
    """
    check_may_act(grappler, "crush")
    held = victim.condition.entangled or victim.condition.bound
    if not held or grappled is False:
        raise RulesError(f"{grappler.id} can only crush a foe he has Entangled or Bound")
    strength = grappler.strength
    die = roll_acing(dice, strength.sides, "Strength die (Crush)")
    mods = ((Modifier(strength.bonus, f"Strength {strength}"),) if strength.bonus else ()) + \
        joker_modifier(holds_joker(grappler, joker))
    total = die.total + sum(m.value for m in mods)
    roll = RollMade(grappler.id, "Crush damage", (die,), mods, total, None, str(total))
    taken = take_damage(dice, victim, total, soak_bennies=soak_bennies)
    return Outcome((roll, *taken.events), taken.states)
