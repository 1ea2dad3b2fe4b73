"""Riders and their mounts on the map: Mount, Dismount, the link the map draws, and the Riding
roll to stay mounted after harm.

The board's ``combat["mounts"]`` maps each rider's token id to his mount's. *Mount…* (the
rider's action, then a click on the adjacent mount) adds the pair and *Dismount* removes it;
the map draws the pair as a :class:`~battlemap.rules.interface.Link` whose tokens move together. An
attack by a rider is a mounted attack (Horsemanship, Unstable Platform); a missed shot at a
rider whose die shows 1 hits the mount (:func:`.pipeline.strays`).

Falling (situational rules, Mounted Combat): after every attack, area attack or action,
:func:`keep_seat` compares each pair before and after. A rider newly Shaken, Stunned or
Wounded, or whose mount is newly Shaken or Wounded (it rears or bucks) or Incapacitated, rolls
Riding; on a failure he falls, lands prone and is no longer mounted, and if the mount was
running (the rider or the mount declared Running this turn) he takes 2d4 damage, 2d6 on a
Critical Failure. Its dice come after everything else the attack or action rolled: for each
pair, the Riding die and Wild Die, then the falling dice, Soak and Incapacitation.

Examples
--------
>>> from battlemap.rules.table import Piece
>>> from battlemap.rules.testing import open_board
>>> board = open_board((Piece("k", "Knight", 0.5, 0.5), Piece("h", "Horse", 2.0, 0.5, 2.0)))
>>> board = with_mount(board, "k", "h")
>>> mount_of(board, "k"), rider_of(board, "h"), mount_links(board)[0].label
('h', 'k', 'Knight rides Horse')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Outcome, StatusAdded
from battlemap.rules.interface import Choice, Decision, Link, Resolution
from battlemap.rules.narration import attack_lines
from battlemap.rules.savage_pathfinder.situational.mounted import fall_check, seat_at_risk
from battlemap.rules.savage_pathfinder.situational.states import may_move
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.savage_pathfinder.table.action_steps import (
    ActionRequest,
    ActionResult,
    fighter_of,
    finish,
)
from battlemap.rules.savage_pathfinder.table.pipeline import (
    AttackError,
    apply_outcome,
    combatant_of,
)
from battlemap.rules.savage_pathfinder.table.riders import mount_of, pairs, rider_of, with_mount
from battlemap.rules.savage_pathfinder.table.timed_states import ran
from battlemap.rules.table import Board

__all__ = ["FALL_CHOICES", "dismount", "keep_seat", "mount_links", "mount_of", "mount_up",
           "rider_of", "rider_problem", "with_mount"]

def mount_links(board: Board) -> tuple[Link, ...]:
    """One link per rider and mount, drawn between them; the two tokens move together."""
    names = {t.id: t.name for t in board.tokens}
    return tuple(Link(mount, rider, f"{names[rider]} rides {names[mount]}", together=True)
                 for rider, mount in pairs(board).items())


def _name(board: Board, token: str) -> str:
    return board.token(token).name


def rider_problem(board: Board, rider: str) -> str | None:
    """Why ``rider`` cannot mount anything now (before the mount is picked), or None."""
    held = fighter_of(board, rider)
    return (
        f"{_name(board, rider)} already rides {_name(board, mount_of(board, rider) or '')}"
        if mount_of(board, rider) else
        f"{_name(board, rider)} carries a rider" if rider_of(board, rider) else
        f"{_name(board, rider)} cannot move" if not may_move(held.condition) else None)


def mount_up(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """*Mount…*: the actor climbs onto the adjacent token ``request.target``."""
    rider, mount = request.actor, request.target or ""
    fighter_of(board, mount, "mount")
    problem = rider_problem(board, rider) or (
        f"{_name(board, mount)} already carries {_name(board, rider_of(board, mount) or '')}"
        if rider_of(board, mount) else
        f"{_name(board, mount)} rides another token" if mount_of(board, mount) else
        f"{_name(board, mount)} is not next to {_name(board, rider)}"
        if not board.map().adjacent(rider, mount) else None)
    if problem is not None:
        raise AttackError(problem)
    result = finish(board, request, f"{_name(board, rider)} mounts {_name(board, mount)}", (),
                    (), ["they move together; attacks are mounted (the lower of Fighting and "
                         "Riding, -2 Unstable Platform to shoot)"])
    return replace(result, board=with_mount(result.board, rider, mount))


def dismount(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """*Dismount*: the actor is on foot again."""
    mount = mount_of(board, request.actor)
    if mount is None:
        raise AttackError(f"{_name(board, request.actor)} rides nothing")
    result = finish(board, request, f"{_name(board, request.actor)} dismounts "
                    f"{_name(board, mount)}", (), ())
    return replace(result, board=with_mount(result.board, request.actor, None))


def _fighters(board: Board, rider: str, mount: str) -> tuple[Combatant, Combatant]:
    return combatant_of(board, board.token(rider)), combatant_of(board, board.token(mount))


FALLEN = "fallen (prone)"
"""The status :func:`~battlemap.rules.savage_pathfinder.situational.mounted.fall_check` adds on a
fall."""

FALL_CHOICES = (
    Choice("standing", "The mount was not running: no damage"),
    Choice("running", "The mount was running: 2d4 (2d6 on a Critical Failure)"),
    Choice("running-fast", "Running, and fast, flying or rough ground: one more die"),
    Choice("running-faster", "Running, and very fast or dangerous ground: two more dice"),
)
"""The answers to a fall's question: was the mount running, and how much worse the fall is."""
_EXTRA = {"running": 0, "running-fast": 1, "running-faster": 2}

Answers = Mapping[str, tuple[str, ...]] | None
"""The answers given so far; None where the caller cannot ask (then a mount that ran this
turn counts as running, with no extra dice)."""


def _fall_question(board: Board, rider: str, mount: str) -> Decision:
    ran_now = ran(board, rider) or ran(board, mount)
    note = " (it ran this turn)" if ran_now else ""
    return Decision(f"fall-{rider}", f"{_name(board, rider)} falls from "
                    f"{_name(board, mount)}: was it running?{note}", rider, FALL_CHOICES)


def _seat_roll(before: Board, after: Board, rider: str, mount: str, dice: DiceSource,
               answers: Answers) -> tuple[Board, tuple[Event, ...], Decision | None]:
    """One rider's Riding roll if his seat is at risk (see the module): the board after it,
    its events, or the question a fall waits for."""
    was_rider, was_mount = _fighters(before, rider, mount)
    now_rider, now_mount = _fighters(after, rider, mount)
    if now_rider.condition.dead:
        return with_mount(after, rider, None), (), None
    if not seat_at_risk(was_rider.condition, now_rider.condition, was_mount.condition,
                        now_mount.condition):
        return after, (), None
    answer = (answers or {}).get(f"fall-{rider}")
    if answers is not None and answer is None:
        fall = fall_check(dice, now_rider, mount_running=False)
        if _fell(fall):
            return after, (), _fall_question(after, rider, mount)
    else:
        running = ran(after, rider) or ran(after, mount) if answer is None else \
            answer[0] in _EXTRA
        extra = _EXTRA.get(answer[0], 0) if answer else 0
        fall = fall_check(dice, now_rider, mount_running=running, extra_dice=extra)
    board = apply_outcome(after, fall.states, fall.events)
    if _fell(fall):
        board = with_mount(board, rider, None)
    return board, fall.events, None


def _fell(fall: Outcome[Combatant]) -> bool:
    return any(isinstance(e, StatusAdded) and e.status == FALLEN for e in fall.events)


def keep_seat(before: Board, resolution: Resolution, dice: DiceSource,
              answers: Answers = None) -> Resolution:
    """``resolution`` with the Riding roll of each rider whose seat it put at risk: the events,
    the stat blocks, the pair dismounted on a fall, and the lines in its log entry. With
    ``answers`` (an attack), a fall waits for the question of :data:`FALL_CHOICES` (the
    resolution then carries it, and the board before).

    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.table import Piece
    >>> from battlemap.rules.testing import open_board
    >>> both = with_mount(open_board((Piece("k", "Knight", 0.5, 0.5, stats={"skills": {
    ...     "riding": "d6"}}), Piece("h", "Horse", 2.0, 0.5, 2.0))), "k", "h")
    >>> bucked = both.with_token(replace(both.token("h"), stats={"condition": {"shaken": True}}))
    >>> after = keep_seat(both, Resolution((), bucked, "Horse is Shaken"), ScriptedDice([2]))
    >>> after.notes, mount_of(after.board, "k")
    (('Riding (stay mounted) d6 2 → 2 vs TN 4: failure', 'Knight is now fallen (prone)'), None)
    >>> keep_seat(both, Resolution((), bucked, ""), ScriptedDice([2]), {}).decision.id
    'fall-k'
    """
    if resolution.decision is not None:
        return resolution
    board, events, riders = resolution.board, list[Event](), set[str]()
    for rider, mount in pairs(before).items():
        if mount_of(board, rider) == mount:
            board, fell, question = _seat_roll(before, board, rider, mount, dice, answers)
            if question is not None:
                return replace(resolution, board=before, decision=question)
            events += fell
            riders |= {rider} if fell else set()
    if not events and board == resolution.board:
        return resolution
    lines = attack_lines(events, {t.id: t.name for t in board.tokens})
    if board.log and board.log != before.log:
        last = board.log[-1]
        board = replace(board, log=(*board.log[:-1], replace(last, lines=(*last.lines,
                                                                          *lines))))
    return replace(resolution, events=(*resolution.events, *events), board=board,
                   notes=(*resolution.notes, *lines), data=_data(resolution, board, riders))


def _data(resolution: Resolution, board: Board, riders: set[str]) -> Mapping[str, Any]:
    """The resolution's JSON with the conditions it lists, and the riders', as they are now."""
    listed = resolution.data.get("conditions")
    if not isinstance(listed, Mapping):
        return resolution.data
    ids = set(listed) | riders
    return {**resolution.data, "conditions": {t.id: t.stats.get("condition", {})
                                              for t in board.tokens if t.id in ids}}
