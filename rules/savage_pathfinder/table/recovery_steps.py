"""Recovery that takes days or hours rather than a turn: the daily Vigor roll of an
Incapacitated character, and Fatigue that wears off by its sources.

Mixed Fatigue: "If a hero suffers Fatigue from different sources with different recovery
times, remove one level when the effect with the shortest duration expires, then another level
when the longest expires." *Gain a Fatigue level* may name its source and the hours it takes
to wear off (``request.source``, ``request.hours``); the board keeps them in
``combat["fatigue_sources"]`` (``{token: [{"source": ..., "hours": hours left}]}``). *Time
passes* (``request.hours`` elapsed) then takes the levels off by
:func:`~battlemap.rules.savage_pathfinder.situational.fatigue.levels_after_mixed_recovery` and keeps
the sources that have not expired, with their hours left; a token with no source recorded
recovers a level an hour (Fatigue).

Each function takes the board, an :class:`~.action_steps.ActionRequest` and the dice, and
returns an :class:`~.action_steps.ActionResult` (one undoable edit with its log entry), as the
other actions of :mod:`.actions` do.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Piece
>>> from battlemap.rules.testing import open_board
>>> down = Piece("h", "Hero", 1.5, 1.5, stats={"wild_card": True, "attributes": {
...     "vigor": "d8"}, "condition": {"incapacitated": True}})
>>> result = daily_vigor(open_board((down,)), ActionRequest("daily-vigor", "h"),
...                      ScriptedDice([5, 1]))
>>> result.entry.title
'Hero recovers: no longer Incapacitated (daily Vigor)'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.savage_pathfinder.incapacitation import daily_recovery_roll
from battlemap.rules.savage_pathfinder.situational.fatigue import (
    fatigue_level,
    levels_after_mixed_recovery,
    recover_fatigue,
)
from battlemap.rules.savage_pathfinder.table.action_steps import (
    ActionRequest,
    ActionResult,
    fighter_of,
    finish,
    gain_fatigue,
)
from battlemap.rules.savage_pathfinder.table.pipeline import AttackError
from battlemap.rules.table import Board

__all__ = ["SOURCES", "daily_vigor", "fatigue_sources", "gain_fatigue_from", "time_passes"]

SOURCES = "fatigue_sources"
"""The key of ``Board.combat`` holding each token's Fatigue sources and their hours left."""


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


def fatigue_sources(board: Board, token: str) -> tuple[tuple[str, float], ...]:
    """The token's recorded Fatigue sources: (what, hours left), in the order gained.

    >>> from battlemap.rules.testing import open_board
    >>> board = open_board()
    >>> fatigue_sources(replace(board, combat={SOURCES: {"a": [{"source": "cold",
    ...     "hours": 1}]}}), "a")
    (('cold', 1.0),)
    """
    raw = board.combat.get(SOURCES)
    listed = raw.get(token) if isinstance(raw, Mapping) else None
    if not isinstance(listed, list):
        return ()
    return tuple((str(s.get("source", "")), float(s.get("hours", 0))) for s in listed
                 if isinstance(s, Mapping) and isinstance(s.get("hours"), (int, float)))


def _with_sources(board: Board, token: str, sources: tuple[tuple[str, float], ...]) -> Board:
    raw = board.combat.get(SOURCES)
    every: dict[str, Any] = dict(raw) if isinstance(raw, Mapping) else {}
    every[token] = [{"source": what, "hours": hours} for what, hours in sources]
    if not sources:
        del every[token]
    return replace(board, combat={**board.combat, SOURCES: every})


def _hours(hours: float) -> float:
    if not (math.isfinite(hours) and hours >= 0):
        raise AttackError(f"hours: {hours!r} is not a number of hours")
    return hours


def gain_fatigue_from(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """One more Fatigue level; with ``request.hours``, its source is kept until it wears off."""
    hours = _hours(request.hours)
    result = gain_fatigue(board, request, dice)
    if not hours:
        return result
    what = request.source.strip() or "unnamed"
    sources = (*fatigue_sources(board, request.actor), (what, hours))
    entry = replace(result.entry, lines=(*result.entry.lines,
                                         f"from {what}: wears off in {hours:g} h"))
    after = _with_sources(result.board, request.actor, sources)
    return replace(result, entry=entry,
                   board=replace(after, log=(*after.log[:-1], entry)))


def time_passes(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """``request.hours`` go by: Fatigue wears off by its sources (Mixed Fatigue), or a level an
    hour for a token with none recorded."""
    actor = fighter_of(board, request.actor)
    elapsed = _hours(request.hours)
    before, sources = actor.condition.fatigue, fatigue_sources(board, actor.id)
    if sources:
        after = levels_after_mixed_recovery(before, [h for _, h in sources], elapsed)
        left = tuple((what, hours - elapsed) for what, hours in sources if hours > elapsed)
        gone = [what for what, hours in sources if hours <= elapsed]
        notes = [f"worn off: {', '.join(gone) or 'nothing'}"] + \
            ([f"still: {', '.join(f'{w} ({h:g} h)' for w, h in left)}"] if left else [])
    else:
        after, left = recover_fatigue(before, int(elapsed)), ()
        notes = ["a level an hour (no source recorded)"]
    state = replace(actor, condition=replace(actor.condition, fatigue=after))
    name = board.token(actor.id).name
    title = (f"{elapsed:g} h pass: {name}'s Fatigue {fatigue_level(before).value} → "
             f"{fatigue_level(after).value}")
    result = finish(board, request, title, (), (state,), notes)
    return replace(result, board=_with_sources(result.board, actor.id, left))
