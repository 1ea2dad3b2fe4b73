"""Push on the map: opposed Strength, the foe shoved back, stopped by walls, maybe prone.

The rules (:func:`rules.savage_pathfinder.situational.push.push`) decide whether the Push works
and the point 1" (2" with a raise) beyond the foe, directly away from the attacker; here
geometry checks that path against solid walls, and a foe shoved into a wall stops against it.
The token then moves - one undoable edit with its log entry - and the GUI slides it.

Examples
--------
>>> from rules.dice import ScriptedDice
>>> from desktop.core.model import Encounter, Side, Token
>>> brute = Token("b", "Brute", 1.5, 1.5, side=Side.HERO, stats={"attributes":
...               {"strength": "d10"}})
>>> orc = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={})
>>> result = resolve_push(Encounter(tokens=(brute, orc)), "b", "o", ScriptedDice([5, 2, 3]))
>>> result.entry.title, result.encounter.token("o").x, result.entry.lines[-1]
('Brute pushes Orc: 1" back', 3.5, 'Orc is now prone')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from desktop.core.log_text import attack_lines
from desktop.core.model import Encounter, LogEntry, Point
from desktop.core.pipeline import AttackError, apply_outcome, combatant_of, field_of
from desktop.core.turns import initiative
from geometry.line_of_fire import crossings
from geometry.measure import ADJACENT_GAP, edge_gap
from rules.dice import DiceSource
from rules.events import Event, TokenPushed
from rules.registry import RulesError
from rules.savage_pathfinder.situational.push import push

__all__ = ["PushAttack", "push_card_lines", "push_problem", "resolve_push"]


@dataclass(frozen=True, slots=True)
class PushAttack:
    """A resolved Push: the events, the encounter after it and its log entry."""

    events: tuple[Event, ...]
    encounter: Encounter
    entry: LogEntry


def _stopped(encounter: Encounter, token_id: str, to: Point) -> tuple[Point, str | None]:
    """Where the token ends up going towards ``to``: against the first solid wall, if any."""
    token = encounter.token(token_id)
    field = field_of(encounter)
    walls, where = crossings(field, (token.x, token.y), to)
    solid = [(t, w) for w, t in zip(walls.tolist(), where.tolist(), strict=True)
             if field.wall_is_solid[w]]
    if not solid:
        return to, None
    t, wall = min(solid)
    length = math.dist((token.x, token.y), to)
    keep = max(0.0, t * length - token.radius) / length if length else 0.0
    stop = (token.x + (to[0] - token.x) * keep, token.y + (to[1] - token.y) * keep)
    return stop, field.occluders[wall].id


def _walled(encounter: Encounter, events: tuple[Event, ...]) -> tuple[list[Event], list[str]]:
    """The events with every push stopped by walls, and a note for each wall hit."""
    found: list[Event] = []
    notes: list[str] = []
    for event in events:
        if isinstance(event, TokenPushed):
            stop, wall = _stopped(encounter, event.token, event.to)
            event = replace(event, to=stop)
            if wall is not None:
                notes.append(f"{encounter.token(event.token).name} is stopped by {wall}")
        found.append(event)
    return found, notes


def push_problem(encounter: Encounter, attacker_id: str, target_id: str) -> str | None:
    """Why ``attacker_id`` cannot push ``target_id`` from where they stand, or None."""
    if edge_gap(field_of(encounter), attacker_id, target_id) >= ADJACENT_GAP:
        attacker, target = encounter.token(attacker_id), encounter.token(target_id)
        return f"{attacker.name} must stand next to {target.name} to push"
    return None


def push_card_lines(encounter: Encounter, attacker_id: str, target_id: str) -> list[str]:
    """The preview card of a Push: what it rolls and does, or why it cannot be made."""
    problem = push_problem(encounter, attacker_id, target_id)
    lines = [f"Push {encounter.token(target_id).name}", "opposed Strength: 1\" back,",
             "2\" with a raise; Athletics or prone"]
    return [*lines, f"Cannot push: {problem}"] if problem else lines


def resolve_push(encounter: Encounter, attacker_id: str, target_id: str,
                 dice: DiceSource) -> PushAttack:
    """Push ``target_id`` away from the adjacent ``attacker_id``; ``AttackError`` otherwise.

    Dice: the attacker's Strength die and Wild Die, the defender's, then (if pushed) the
    defender's Athletics die and Wild Die to stay standing.
    """
    try:
        attacker, target = encounter.token(attacker_id), encounter.token(target_id)
    except KeyError as error:
        raise AttackError(error.args[0]) from None
    problem = push_problem(encounter, attacker_id, target_id)
    if problem is not None:
        raise AttackError(problem)
    try:
        result = push(dice, combatant_of(encounter, attacker), combatant_of(encounter, target),
                      (attacker.x, attacker.y), (target.x, target.y))
    except RulesError as error:
        raise AttackError(str(error)) from None
    events, notes = _walled(encounter, result.outcome.events)
    moved = f'{result.distance}" back' if result.distance else "holds"
    lines = attack_lines(events, {t.id: t.name for t in encounter.tokens})
    entry = LogEntry(f"{attacker.name} pushes {target.name}: {moved}", (*lines, *notes),
                     initiative(encounter).round)
    after = apply_outcome(encounter, result.outcome.states, events).with_log(entry)
    return PushAttack(tuple(events), after, entry)
