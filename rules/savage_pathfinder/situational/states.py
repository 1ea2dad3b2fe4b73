"""Bound and Entangled, Stunned, and how long Distracted and Vulnerable last.

- Entangled: can't move, Vulnerable while Entangled. Bound: can't move, Distracted and
  Vulnerable while Bound, no physical actions but breaking free. Never both: effects don't stack.
- Breaking free is an action: Strength at -2, or Athletics. A victim of a device (net,
  manacles) who fails can't try again until the situation changes. Cutting free: the attack
  hits automatically, damage (the cutter's Strength and weapon) against the entanglement's
  Hardness (webs, ropes, nets: 4) without raises or Aces, +2 with a Wild Attack. Both are
  actions: a Shaken, Stunned or Incapacitated character does neither, and a Bound one cuts
  only himself free.
- Distracted and Vulnerable last until the end of the character's next turn; gained during his
  own turn, until the end of his next one. Like effects don't stack: applying one again only
  restarts its clock. :class:`Timer` counts the turn-ends still to pass.
- Stunned: Distracted (removed as usual), Vulnerable (until recovery), prone, no actions, no
  Gang Up. At the start of his turn the victim rolls Vigor (free, tried once a turn): success
  ends Stunned but he stays Vulnerable until the end of his next turn; with a raise, only
  until the end of this one.

Examples
--------
>>> from battlemap.rules.savage_pathfinder.statblock import Combatant
>>> bound = bind(Combatant(id="g1")).states[0].condition
>>> bound.bound, bound.entangled, bound.distracted, bound.vulnerable
(True, False, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Modifier, Outcome, StatusAdded, StatusRemoved
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.acting import action_problem, check_may_act
from battlemap.rules.savage_pathfinder.situational.breaking import roll_object_damage
from battlemap.rules.savage_pathfinder.situational.opposed import roll_trait_of
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

__all__ = ["ENTANGLEMENT_HARDNESS", "BreakFree", "Timer", "bind", "break_free", "cut_free",
           "end_turn", "entangle", "may_move", "may_take_physical_actions", "release", "set_timed",
           "stun", "stunned_recovery"]

ENTANGLEMENT_HARDNESS = 4
"""Webs, ropes, nets and the like are generally Hardness 4."""


def _with(combatant: Combatant, **changes: Any) -> Combatant:
    return replace(combatant, condition=replace(combatant.condition, **changes))


def entangle(victim: Combatant) -> Outcome[Combatant]:
    """Make ``victim`` Entangled (and Vulnerable); a Bound victim stays Bound.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Combatant
    >>> entangle(Combatant(id="g1")).states[0].condition.vulnerable
    True
    """
    if victim.condition.bound or victim.condition.entangled:
        return Outcome((), (victim,))
    return Outcome((StatusAdded(victim.id, "Entangled"),),
                   (_with(victim, entangled=True, vulnerable=True),))


def bind(victim: Combatant) -> Outcome[Combatant]:
    """Make ``victim`` Bound (Distracted and Vulnerable), replacing Entangled."""
    if victim.condition.bound:
        return Outcome((), (victim,))
    events: list[Event] = [StatusRemoved(victim.id, "Entangled")] * victim.condition.entangled
    events.append(StatusAdded(victim.id, "Bound"))
    bound = _with(victim, bound=True, entangled=False, distracted=True, vulnerable=True)
    return Outcome(tuple(events), (bound,))


def release(victim: Combatant) -> Outcome[Combatant]:
    """Free ``victim`` from being Bound or Entangled (and the Distracted / Vulnerable it caused).

    Examples
    --------
    >>> freed = release(bind(Combatant(id="g1")).states[0])
    >>> freed.states[0].condition.bound, freed.states[0].condition.vulnerable
    (False, False)
    """
    state = victim.condition
    if not (state.bound or state.entangled):
        return Outcome((), (victim,))
    gone = "Bound" if state.bound else "Entangled"
    freed = _with(victim, bound=False, entangled=False, vulnerable=state.stunned,
                  distracted=state.distracted and not state.bound)
    return Outcome((StatusRemoved(victim.id, gone),), (freed,))


def may_move(condition: Condition) -> bool:
    """Neither Bound, Entangled nor Stunned characters can move.

    Examples
    --------
    >>> may_move(Condition(entangled=True)), may_move(Condition())
    (False, True)
    """
    return not (condition.bound or condition.entangled or condition.stunned)


def may_take_physical_actions(condition: Condition) -> bool:
    """Bound characters take no physical action but breaking free; Stunned ones no action."""
    return not (condition.bound or condition.stunned)


@dataclass(frozen=True, slots=True)
class BreakFree:
    """A breaking-free attempt; ``may_retry`` is False after failing against a device."""

    outcome: Outcome[Combatant]
    may_retry: bool


def break_free(
    dice: DiceSource, victim: Combatant, trait: str = "strength", device: bool = False, *,
    joker: bool = False, modifiers: tuple[Modifier, ...] = (),
) -> BreakFree:
    """Try to break free with Strength at -2 or with Athletics (``trait="athletics"``).

    ``joker``: the victim holds a Joker (+2); ``modifiers``: anything else (Support).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> g1 = entangle(Combatant(id="g1")).states[0]
    >>> tried = break_free(ScriptedDice([5]), g1, device=True)
    >>> tried.outcome.events[0].total, tried.may_retry
    (3, False)
    """
    check_may_act(victim, "break free", breaking_free=True)
    penalty = (Modifier(-2, "breaking free with Strength"),) if trait == "strength" else ()
    roll = roll_trait_of(dice, victim, trait, f"{trait.capitalize()} (break free)",
                         penalty + modifiers, joker=joker)
    if not roll.result.succeeded:
        return BreakFree(Outcome((roll.event,), (victim,)), may_retry=not device)
    freed = release(victim)
    return BreakFree(Outcome((roll.event, *freed.events), freed.states), may_retry=True)


def cut_free(
    dice: DiceSource, victim: Combatant, weapon: Weapon, wild_attack: bool = False,
    hardness: int = ENTANGLEMENT_HARDNESS, *, cutter: Combatant | None = None,
) -> Outcome[Combatant]:
    """Destroy the entanglement with a weapon: an automatic hit, damage vs its Hardness.

    ``cutter`` wields the weapon (his Strength is rolled); None: the victim cuts himself free.
    The wielder's Joker (his ``turn``) adds +2 to the damage (C18).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> knife = Weapon("Dagger", DamageDice(True, (4,)))
    >>> g1 = entangle(Combatant(id="g1")).states[0]
    >>> cut_free(ScriptedDice([1, 1]), g1, knife, wild_attack=True).states[0].condition.entangled
    False
    """
    wielder = victim if cutter is None else cutter
    problem = action_problem(wielder, f"cut {victim.id} free", breaking_free=wielder is victim)
    if problem is not None:
        raise RulesError(problem)
    bonus = (Modifier(2, "Wild Attack"),) if wild_attack else ()
    damage = roll_object_damage(dice, wielder, weapon, hardness, bonus)
    if not damage.broken:
        return Outcome((damage.roll,), (victim,))
    freed = release(victim)
    return Outcome((damage.roll, *freed.events), freed.states)


@dataclass(frozen=True, slots=True)
class Timer:
    """``status`` ("Distracted" or "Vulnerable") on ``token`` ends after ``turn_ends`` more
    ends of that token's turns."""

    token: str
    status: str
    turn_ends: int


def set_timed(
    victim: Combatant, status: str, timers: tuple[Timer, ...], during_own_turn: bool
) -> tuple[Outcome[Combatant], tuple[Timer, ...]]:
    """Make ``victim`` Distracted or Vulnerable until the end of his next turn (no stacking).

    Examples
    --------
    >>> out, timers = set_timed(Combatant(id="h1"), "Vulnerable", (), during_own_turn=True)
    >>> out.states[0].condition.vulnerable, timers
    (True, (Timer(token='h1', status='Vulnerable', turn_ends=2),))
    """
    flag = status.lower()
    if flag not in ("distracted", "vulnerable"):
        raise ValueError(f"only Distracted and Vulnerable are timed, not {status!r}")
    kept = tuple(t for t in timers if (t.token, t.status) != (victim.id, status))
    new = Timer(victim.id, status, 2 if during_own_turn else 1)
    already = getattr(victim.condition, flag)
    events = () if already else (StatusAdded(victim.id, status),)
    return Outcome(events, (_with(victim, **{flag: True}),)), (*kept, new)


def end_turn(
    combatant: Combatant, timers: tuple[Timer, ...]
) -> tuple[Outcome[Combatant], tuple[Timer, ...]]:
    """The end of ``combatant``'s turn: count his timers down and remove what expired.

    Vulnerable from being Stunned or held fast stays while the cause lasts.

    Examples
    --------
    >>> out, timers = set_timed(Combatant(id="h1"), "Distracted", (), during_own_turn=False)
    >>> out, timers = end_turn(out.states[0], timers)
    >>> out.states[0].condition.distracted, timers
    (False, ())
    """
    state, events, kept = combatant.condition, [], []
    for timer in timers:
        left = timer.turn_ends - (timer.token == combatant.id)
        if left > 0:
            kept.append(replace(timer, turn_ends=left))
        elif not _held_by_cause(state, timer.status):
            events.append(StatusRemoved(combatant.id, timer.status))
            state = (replace(state, vulnerable=False) if timer.status == "Vulnerable"
                     else replace(state, distracted=False))
    return Outcome(tuple(events), (replace(combatant, condition=state),)), tuple(kept)


def _held_by_cause(state: Condition, status: str) -> bool:
    if status == "Vulnerable":
        return state.stunned or state.bound or state.entangled
    return state.bound


def stun(
    victim: Combatant, timers: tuple[Timer, ...], during_own_turn: bool = False
) -> tuple[Outcome[Combatant], tuple[Timer, ...]]:
    """Stunned: Distracted (timed as usual), Vulnerable, prone, no actions; again restarts it.

    Examples
    --------
    >>> out, timers = stun(Combatant(id="g1"), ())
    >>> c = out.states[0].condition
    >>> c.stunned, c.distracted, c.vulnerable, c.prone, timers[0].status
    (True, True, True, True, 'Distracted')
    """
    stunned = _with(victim, stunned=True, vulnerable=True, prone=True)
    distracted, timers = set_timed(stunned, "Distracted", timers, during_own_turn)
    events = (StatusAdded(victim.id, "Stunned"), *distracted.events)
    return Outcome(events, distracted.states), timers


def stunned_recovery(
    dice: DiceSource, victim: Combatant, timers: tuple[Timer, ...], *, joker: bool = False,
    tried_this_turn: bool = False,
) -> tuple[Outcome[Combatant], tuple[Timer, ...]]:
    """The Vigor roll at the start of a Stunned character's turn (free action, tried once).

    Success: no longer Stunned "but remains Vulnerable" until the end of his next turn; raise:
    until the end of this turn (Vulnerable is set if his block lacked it).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> g1 = stun(Combatant(id="g1"), ())[0].states[0]
    >>> out, timers = stunned_recovery(ScriptedDice([6, 6, 2]), g1, ())
    >>> out.states[0].condition.stunned, timers
    (False, (Timer(token='g1', status='Vulnerable', turn_ends=1),))
    """
    if not victim.condition.stunned:
        return Outcome((), (victim,)), timers
    if tried_this_turn:
        raise RulesError(f"{victim.id} already tried to recover from Stunned this turn (it may "
                         "only be tried once)")
    roll = roll_trait_of(dice, victim, "vigor", "Vigor (recover from Stunned)", joker=joker)
    if not roll.result.succeeded:
        return Outcome((roll.event,), (victim,)), timers
    recovered = _with(victim, stunned=False, vulnerable=True)
    kept = tuple(t for t in timers if (t.token, t.status) != (victim.id, "Vulnerable"))
    ends = 1 if roll.raises else 2
    vulnerable = () if victim.condition.vulnerable else (StatusAdded(victim.id, "Vulnerable"),)
    events = (roll.event, StatusRemoved(victim.id, "Stunned"), *vulnerable)
    return Outcome(events, (recovered,)), (*kept, Timer(victim.id, "Vulnerable", ends))
