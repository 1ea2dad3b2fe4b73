"""The GM's own edit of a stat block (a click in the token HUD, the stat-block form) and what
it brings by the rules.

S152-158 Stunned: a Stunned character is Distracted ("this is removed at the end of a victim's
next turn as usual"), Vulnerable ("this remains until a victim recovers from being Stunned")
and falls prone ("or to their knees, GM's call"). When the GM switches Stunned on, the edit
switches those on too, starts the Distracted clock
(:func:`~battlemap.rules.savage_pathfinder.situational.states.stun`: the end of his next turn;
Stunned during his own turn, the end of the one after) and logs what it set; the GM may then
switch Prone off (to his knees). Switching Stunned off sets nothing else: recovering is the
Vigor roll (at the start of his turn, or *Recover from Stunned*).

Examples
--------
>>> from battlemap.rules.table import Piece
>>> from battlemap.rules.testing import open_board
>>> enc = open_board((Piece("o", "Orc", 0.5, 0.5, stats={}),))
>>> after = statblock_edited(enc, "o", {"condition": {"stunned": True}})
>>> sorted(k for k, v in after.token("o").stats["condition"].items() if v is True)
['distracted', 'prone', 'stunned', 'vulnerable']
>>> after.log[-1].title, after.combat["timers"]
('Orc is Stunned', [{'token': 'o', 'status': 'Distracted', 'turn_ends': 1}])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict, combatant_to_dict
from battlemap.rules.savage_pathfinder.situational.states import stun
from battlemap.rules.savage_pathfinder.table import turns
from battlemap.rules.savage_pathfinder.table.timed_states import timers_of, with_timers
from battlemap.rules.table import Board, LogEntry

__all__ = ["statblock_edited"]

STUNNED_LINES = (
    "Distracted (-2 to Trait rolls) until the end of his next turn",
    "Vulnerable (+2 to actions and attacks against him) until he recovers from Stunned",
    "prone (or to his knees, the GM's call: switch Prone off)",
    "no move, no action, no Gang Up; Vigor at the start of his turn to recover",
)
"""What switching Stunned on brings, as the log says it (S152-159)."""


def statblock_edited(board: Board, token_id: str, stats: Mapping[str, Any]) -> Board:
    """``board`` with ``token_id``'s stat block set to ``stats`` by the GM and, when that
    switches Stunned on, Distracted (timed), Vulnerable and prone with it, logged."""
    token = board.token(token_id)
    edited = board.with_token(replace(token, stats=dict(stats)))
    if _stunned(token.stats) or not _stunned(stats):
        return edited
    victim = combatant_from_dict(stats, f"tokens[{token_id}].stats", token_id)
    own_turn = token_id in turns.acting_tokens(board)
    outcome, timers = stun(victim, timers_of(board), during_own_turn=own_turn)
    condition = combatant_to_dict(outcome.states[0]).get("condition", {})
    stunned = edited.with_token(replace(token, stats={**stats, "condition": condition}))
    entry = LogEntry(f"{token.name} is Stunned", STUNNED_LINES, turns.initiative(board).round)
    return with_timers(stunned, timers).with_log(entry)


def _stunned(stats: Mapping[str, Any]) -> bool:
    condition = stats.get("condition")
    return isinstance(condition, Mapping) and bool(condition.get("stunned"))
