"""Push on the map: opposed Strength, the foe shoved back, stopped by walls, maybe prone.

The rules (:func:`battlemap.rules.savage_pathfinder.situational.push.push`) decide whether the Push
works and the point 1" (2" with a raise) beyond the foe, directly away from the attacker; here
geometry checks that path against solid walls, and a foe shoved into a wall stops against it.
The token then moves - one undoable edit with its log entry - and the GUI slides it.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Board, Side, Piece
>>> brute = Piece("b", "Brute", 1.5, 1.5, side=Side.HERO, stats={"attributes":
...               {"strength": "d10"}})
>>> orc = Piece("o", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={})
>>> from battlemap.rules.testing import open_board
>>> result = resolve_push(open_board((brute, orc)), "b", "o", ScriptedDice([5, 2, 3]))
>>> result.entry.title, result.board.token("o").x, result.entry.lines[-1]
('Brute pushes Orc: 1" back', 3.5, 'Orc is now prone')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, TokenPushed
from battlemap.rules.narration import attack_lines
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.situational.push import push
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.savage_pathfinder.table.pipeline import (
    AttackError,
    apply_outcome,
    combatant_of,
)
from battlemap.rules.savage_pathfinder.table.timed_states import moved as moved_this_turn
from battlemap.rules.savage_pathfinder.table.turns import initiative
from battlemap.rules.table import Board, LogEntry

__all__ = ["PushAttack", "push_card_lines", "push_problem", "resolve_push"]


@dataclass(frozen=True, slots=True)
class PushAttack:
    """A resolved Push: the events, the board after it and its log entry."""

    events: tuple[Event, ...]
    board: Board
    entry: LogEntry


def _walled(board: Board, events: tuple[Event, ...]) -> tuple[list[Event], list[str]]:
    """The events with every push stopped by walls, and a note for each wall hit."""
    found: list[Event] = []
    notes: list[str] = []
    for event in events:
        if isinstance(event, TokenPushed):
            stop, wall = board.map().slide(event.token, event.to)
            event = replace(event, to=stop)
            if wall is not None:
                notes.append(f"{board.token(event.token).name} is stopped by {wall}")
        found.append(event)
    return found, notes


def push_problem(board: Board, attacker_id: str, target_id: str) -> str | None:
    """Why ``attacker_id`` cannot push ``target_id`` from where they stand, or None."""
    if not board.map().adjacent(attacker_id, target_id):
        attacker, target = board.token(attacker_id), board.token(target_id)
        return f"{attacker.name} must stand next to {target.name} to push"
    return None


def push_card_lines(board: Board, attacker_id: str, target_id: str) -> list[str]:
    """The preview card of a Push: what it rolls and does, or why it cannot be made."""
    problem = push_problem(board, attacker_id, target_id)
    lines = [f"Push {board.token(target_id).name}", "opposed Strength: 1\" back,",
             "2\" with a raise; Athletics or prone"]
    return [*lines, f"Cannot push: {problem}"] if problem else lines


def _better_trait(defender: Combatant) -> str:
    """The defender's choice (S140): Athletics instead of Strength when its die is higher."""
    athletics = defender.skill("athletics")
    strength = defender.attribute("strength")
    if athletics is None or (athletics.sides, athletics.bonus) <= (strength.sides,
                                                                   strength.bonus):
        return "strength"
    return "athletics"


def resolve_push(board: Board, attacker_id: str, target_id: str,
                 dice: DiceSource, trait: str = "strength") -> PushAttack:
    """Push ``target_id`` away from the adjacent ``attacker_id``; ``AttackError`` otherwise.

    Dice: the attacker's Strength die and Wild Die, the defender's, then (if pushed) the
    defender's Athletics die and Wild Die to stay standing. A pusher who runs (declared for
    the action) and has moved 2" or more this turn adds +2 (S138). The attacker rolls
    ``trait`` (Strength or Athletics, S140), the defender the better of the two.
    """
    try:
        attacker, target = board.token(attacker_id), board.token(target_id)
    except KeyError as error:
        raise AttackError(error.args[0]) from None
    problem = push_problem(board, attacker_id, target_id)
    if problem is not None:
        raise AttackError(problem)
    pusher, pushed = combatant_of(board, attacker), combatant_of(board, target)
    run = moved_this_turn(board, attacker_id) if pusher.turn.running else 0.0
    if trait not in ("strength", "athletics"):
        raise AttackError(f"push: roll strength or athletics, not {trait!r}")
    try:
        result = push(dice, pusher, pushed, (attacker.x, attacker.y), (target.x, target.y),
                      ran=run, attacker_trait=trait, defender_trait=_better_trait(pushed))
    except RulesError as error:
        raise AttackError(str(error)) from None
    events, notes = _walled(board, result.outcome.events)
    moved = f'{result.distance}" back' if result.distance else "holds"
    lines = attack_lines(events, {t.id: t.name for t in board.tokens})
    entry = LogEntry(f"{attacker.name} pushes {target.name}: {moved}", (*lines, *notes),
                     initiative(board).round)
    after = apply_outcome(board, result.outcome.states, events).with_log(entry)
    return PushAttack(tuple(events), after, entry)
