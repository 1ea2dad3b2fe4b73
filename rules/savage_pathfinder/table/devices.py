"""Breaking free, and the device that allows no second try.

Bound and Entangled: "Breaking Free from a Device: A character bound by a physical device (such
as a net, manacles, or handcuffs) who fails to break free can't try again until the situation
changes in some way (GM's call)." The GM says the victim is held by a device when he picks
*Break free* (its device entries, or ``device`` in the request); a failed try then puts the
token in ``combat["device_held"]``, and *Break free* is refused (the menu greys it, with why)
while he stays Bound or Entangled - until the GM rules that the situation changed (*Situation
changed: may try again*), or he is freed another way.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Piece
>>> from battlemap.rules.testing import open_board
>>> netted = Piece("h", "Hero", 1.5, 1.5, stats={"attributes": {"strength": "d6"},
...                "condition": {"entangled": True, "vulnerable": True}})
>>> tried = break_free_of(open_board((netted,)), ActionRequest("break-free", "h", device=True),
...                       ScriptedDice([3]))
>>> retry_problem(tried.board, "h")
'Hero failed to break free of a device: no new try until the situation changes'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.savage_pathfinder.situational.states import break_free
from battlemap.rules.savage_pathfinder.table.action_steps import (
    ActionRequest,
    ActionResult,
    fighter_of,
    finish,
)
from battlemap.rules.savage_pathfinder.table.pipeline import AttackError
from battlemap.rules.savage_pathfinder.table.timed_states import use_effects
from battlemap.rules.table import Board

__all__ = ["HELD", "allow_retry", "break_free_of", "retry_problem"]

HELD = "device_held"
"""The key of ``Board.combat`` listing the tokens that failed against a device."""


def _held(board: Board) -> list[str]:
    raw = board.combat.get(HELD)
    return [str(t) for t in raw] if isinstance(raw, list) else []


def _still_held(board: Board, token: str) -> bool:
    raw = board.token(token).stats.get("condition")
    condition = raw if isinstance(raw, Mapping) else {}
    return bool(condition.get("bound") or condition.get("entangled"))


def _with_held(board: Board, held: list[str]) -> Board:
    return replace(board, combat={**board.combat, HELD: held})


def retry_problem(board: Board, token: str) -> str | None:
    """Why ``token`` may not try to break free again (a device held him), or None."""
    if token not in _held(board) or not _still_held(board, token):
        return None
    return (f"{board.token(token).name} failed to break free of a device: no new try until "
            "the situation changes")


def break_free_of(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Break free of Bound or Entangled: Strength -2, or Athletics (``request.trait``); held by
    a device (``request.device``), a failure allows no retry (see the module)."""
    actor = fighter_of(board, request.actor)
    trait = request.trait or "strength"
    attempt = break_free(dice, actor, trait, request.device)
    word = "breaks free" if attempt.outcome.states[0] != actor else "is still held"
    notes = () if attempt.may_retry else ("a device: no new try until the situation changes",)
    result = finish(board, request, f"{board.token(actor.id).name} {word}",
                    attempt.outcome.events, attempt.outcome.states, notes)
    result = replace(result, board=use_effects(result.board, actor.id, trait))
    held = [t for t in _held(result.board) if t != actor.id]
    if not attempt.may_retry:
        held.append(actor.id)
    return replace(result, board=_with_held(result.board, held))


def allow_retry(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """The GM's call that the situation changed: the token may try to break free again."""
    if retry_problem(board, request.actor) is None:
        raise AttackError(f"{board.token(request.actor).name} may already try to break free")
    result = finish(board, request, f"The situation changed: {board.token(request.actor).name}"
                    " may try to break free again", (), ())
    held = [t for t in _held(result.board) if t != request.actor]
    return replace(result, board=_with_held(result.board, held))
