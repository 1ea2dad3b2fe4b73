"""Recovery that takes days or hours rather than a turn: the daily Vigor roll of an
Incapacitated character.

Each function takes the board, an :class:`~.action_steps.ActionRequest` and the dice, and
returns an :class:`~.action_steps.ActionResult` (one undoable edit with its log entry), as the
other actions of :mod:`.actions` do.

Examples
--------
>>> from rules.dice import ScriptedDice
>>> from rules.table import Piece
>>> from rules.testing import open_board
>>> down = Piece("h", "Hero", 1.5, 1.5, stats={"wild_card": True, "attributes": {
...     "vigor": "d8"}, "condition": {"incapacitated": True}})
>>> result = daily_vigor(open_board((down,)), ActionRequest("daily-vigor", "h"),
...                      ScriptedDice([5, 1]))
>>> result.entry.title
'Hero recovers: no longer Incapacitated (daily Vigor)'
"""

from __future__ import annotations

from rules.dice import DiceSource
from rules.savage_pathfinder.incapacitation import daily_recovery_roll
from rules.savage_pathfinder.table.action_steps import (
    ActionRequest,
    ActionResult,
    fighter_of,
    finish,
)
from rules.table import Board

__all__ = ["daily_vigor"]


def daily_vigor(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Incapacitation: "The victim makes a Vigor roll each day thereafter and is no longer
    Incapacitated ... if successful" (dice: the Vigor die, the Wild Die)."""
    victim = fighter_of(board, request.actor)
    outcome = daily_recovery_roll(dice, victim)
    name = board.token(victim.id).name
    word = ("stays Incapacitated" if outcome.states[0].condition.incapacitated
            else "recovers: no longer Incapacitated")
    return finish(board, request, f"{name} {word} (daily Vigor)", outcome.events,
                  outcome.states)
