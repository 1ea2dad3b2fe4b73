"""Movement and actions: Pace, running, terrain, jumping, prone, and how many actions a turn.

- A character moves up to his Pace in inches a turn, less 1 per Wound (at most -3, never below
  1"). Running (a free action, once per turn) adds the running die, which never Aces, and
  costs -2 on every other action that turn.
- Out of combat a character sprints at twice (Pace + the running die's maximum) for half his
  Vigor die type in minutes.
- Each inch climbed, crawled or swum costs 2" of Pace; so does each inch of Difficult Ground
  (crawling excepted).
- Hazardous movement may need an Athletics roll: success moves on, failure cannot move, a
  Critical Failure means Fatigue, a fall or drowning (the GM says which).
- Jumping: 1" across or 0.5" up as a free action, doubled after a 2" run-up; an Athletics
  roll (an action) adds 1" across (2" with a raise), or half that up.
- Falling prone is free; standing up is free but costs 2" of Pace.
- Who cannot move at all: the Entangled ("can't move"), the Bound ("may not move"), the
  Stunned ("Can't move or take any actions"), the Incapacitated ("cannot take actions of any
  kind") and the dead: their Pace this turn is 0.
- One regular action a turn without penalty; Multi-Actions: up to three, -2 per extra action,
  declared up front; at most one limited action and one limited free action a turn.

Examples
--------
>>> movement_cost(3, MoveMode.CLIMB, difficult=True)
12
>>> jump_distance(vertical=False, run_up=True, athletics=TraitResult.RAISE)
4.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, RollMade
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.expressions import roll_plain
from battlemap.rules.savage_pathfinder.penalties import condition_modifiers
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.savage_pathfinder.traits import TraitResult, roll_trait

__all__ = ["STAND_UP_COST", "ActionKind", "Hazard", "MoveMode", "TurnPlan", "check_turn",
           "hazard_roll", "jump_distance", "movement_cost", "pace_for_turn", "roll_running",
           "sprint"]

STAND_UP_COST = 2
"""Inches of Pace that standing up from prone costs."""


class MoveMode(StrEnum):
    WALK = "walk"
    CLIMB = "climb"
    CRAWL = "crawl"
    SWIM = "swim"


class ActionKind(StrEnum):
    """Regular actions, limited ones (at most one a turn) and free ones."""

    REGULAR = "regular"
    LIMITED = "limited"
    FREE = "free"
    LIMITED_FREE = "limited free"


def movement_cost(inches: float, mode: MoveMode = MoveMode.WALK, difficult: bool = False) -> float:
    """Inches of Pace spent to move ``inches``.

    Examples
    --------
    >>> movement_cost(2), movement_cost(2, difficult=True), movement_cost(2, MoveMode.CRAWL, True)
    (2, 4, 4)
    """
    factor = 1 if mode is MoveMode.WALK else 2
    if difficult and mode is not MoveMode.CRAWL:
        factor *= 2
    return inches * factor


def roll_running(dice: DiceSource, runner: Combatant) -> RollMade:
    """Roll the running die (it never Aces).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> roll_running(ScriptedDice([6, 6]), Combatant("h1")).total
    6
    """
    die = roll_plain(dice, runner.running_die, "running die")
    return RollMade(runner.id, "running", (die,), (), die.total, None, "")


def pace_for_turn(mover: Combatant, running: int = 0, stood_up: bool = False) -> int:
    """Inches the character may move this turn: Pace less Wounds (min 1), running die, standing;
    0 for one who cannot move (see the module docs).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> pace_for_turn(Combatant("h1", condition=Condition(wounds=2)), running=4, stood_up=True)
    6
    >>> pace_for_turn(Combatant("h1", condition=Condition(entangled=True)))
    0
    """
    state = mover.condition
    if state.entangled or state.bound or state.stunned or state.incapacitated or state.dead:
        return 0
    return max(0, max(1, mover.pace + mover.wound_penalty) + running - STAND_UP_COST * stood_up)


def sprint(runner: Combatant) -> tuple[int, float]:
    """Out of combat: ``(Pace, minutes)`` of a sprint.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> sprint(Combatant("h1", pace=8, running_die=8, vigor=TraitDie(6)))  # Fleet-Footed
    (32, 3.0)
    """
    return 2 * (runner.pace + runner.running_die), runner.attribute("vigor").sides / 2


class Hazard(StrEnum):
    """What a hazardous move's Athletics roll allows."""

    MOVES_ON = "moves on"
    CANNOT_MOVE = "cannot move"
    MISHAP = "Fatigue from Bumps & Bruises, a fall if climbing, or drowning if swimming"


def hazard_roll(dice: DiceSource, mover: Combatant, modifiers: tuple[Modifier, ...] = (), *,
                joker: bool = False) -> tuple[RollMade, Hazard]:
    """The Athletics roll a hazardous move asks for, and what it means (with the mover's
    Wounds, Fatigue, Distracted and, if ``joker``, the Joker's +2).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> climber = Combatant("g1", skills=(("athletics", TraitDie(6)),))
    >>> hazard_roll(ScriptedDice([3]), climber)[1]
    <Hazard.CANNOT_MOVE: 'cannot move'>
    """
    roll = roll_trait(dice, mover.skill("athletics"), wild_card=mover.wild_card,
                      purpose="Athletics (hazardous move)", actor=mover.id,
                      modifiers=(*condition_modifiers(mover, joker=joker, trait="athletics"),
                                 *modifiers))
    if roll.result is TraitResult.CRITICAL_FAILURE:
        return roll.event, Hazard.MISHAP
    return roll.event, Hazard.MOVES_ON if roll.result.succeeded else Hazard.CANNOT_MOVE


def jump_distance(vertical: bool, run_up: bool, athletics: TraitResult | None = None) -> float:
    """Inches jumped: 1 across / 0.5 up, x2 after a 2" run-up, +1 (+2 raise) with Athletics."""
    distance = 2.0 if run_up else 1.0
    if athletics is TraitResult.SUCCESS:
        distance += 1
    elif athletics is TraitResult.RAISE:
        distance += 2
    return distance / 2 if vertical else distance


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """The actions declared for a turn and the Multi-Action penalty each of them takes."""

    actions: tuple[ActionKind, ...]
    penalty: int


def check_turn(actions: Sequence[ActionKind]) -> TurnPlan:
    """Check the actions declared up front; ``RulesError`` naming what breaks the rules.

    Free actions cost nothing; one to three other actions, -2 for each beyond the first; at most
    one limited action and one limited free action.

    Examples
    --------
    >>> check_turn([ActionKind.REGULAR, ActionKind.LIMITED, ActionKind.FREE]).penalty
    -2
    >>> check_turn([ActionKind.LIMITED, ActionKind.LIMITED])
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: actions: only one limited action a turn (2 declared)
    """
    counted = [a for a in actions if a in (ActionKind.REGULAR, ActionKind.LIMITED)]
    if len(counted) > 3:
        raise RulesError(f"actions: at most three actions a turn ({len(counted)} declared)")
    for kind in (ActionKind.LIMITED, ActionKind.LIMITED_FREE):
        if (n := list(actions).count(kind)) > 1:
            raise RulesError(f"actions: only one {kind.value} action a turn ({n} declared)")
    return TurnPlan(tuple(actions), -2 * max(0, len(counted) - 1))
