"""Savage Pathfinder's table functions called on a desktop encounter, for the tests.

The functions of :mod:`battlemap.rules.savage_pathfinder.table` take a
:class:`battlemap.rules.table.Board`; these tests set battles up as
:class:`battlemap.desktop.core.model.Encounter` values with real walls, so each wrapper hands the
function ``board_of(encounter)`` (the desktop's measurer included) and turns what comes back into
encounters: a board becomes the encounter after it, a result's ``board`` is read as
``result.encounter``. The assertions stay those of the functions themselves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any

from battlemap.desktop.core.board import board_of, encounter_after
from battlemap.desktop.core.model import Encounter
from battlemap.rules.savage_pathfinder.table import (
    action_steps,
    actions,
    pipeline,
    push_action,
    savage_context,
    timed_states,
    turn_order,
    turn_rolls,
    turns,
    volley,
)
from battlemap.rules.savage_pathfinder.table import template_attack as rules_template
from battlemap.rules.table import Board


class OnMap:
    """A table result whose ``board`` is read back as ``encounter`` (other fields as they are)."""

    def __init__(self, result: Any, encounter: Encounter) -> None:
        self._result, self.encounter = result, encounter

    def __getattr__(self, name: str) -> Any:
        return getattr(self._result, name)


def _back(before: Encounter, value: Any) -> Any:
    if isinstance(value, Board):
        return encounter_after(before, value)
    if isinstance(value, tuple) and value and isinstance(value[0], Board):
        return (encounter_after(before, value[0]), *value[1:])
    if is_dataclass(value) and "board" in {f.name for f in fields(value)}:
        return OnMap(value, encounter_after(before, value.board))
    return value


def on_map(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` of a board, called with an encounter (see the module)."""
    @functools.wraps(function)
    def called(encounter: Encounter, *args: Any, **kwargs: Any) -> Any:
        return _back(encounter, function(board_of(encounter), *args, **kwargs))
    return called


AttackError = pipeline.AttackError
Declared = savage_context.Declared
ActionRequest = action_steps.ActionRequest
HANDLERS = actions.HANDLERS
preview_attack = on_map(pipeline.preview_attack)
resolve_attack = on_map(pipeline.resolve_attack)
resolve_volley = on_map(volley.resolve_volley)
resolve_push = on_map(push_action.resolve_push)
push_problem = on_map(push_action.push_problem)
perform_action = on_map(actions.perform_action)
resolve_template = on_map(rules_template.resolve_template)
defending = on_map(timed_states.defending)
timers_of = on_map(timed_states.timers_of)
acting_tokens = on_map(turns.acting_tokens)
initiative = on_map(turns.initiative)
begin_combat = on_map(turns.begin_combat)
deal_round = on_map(turns.deal_round)
next_turn = on_map(turns.next_turn)
go_on_hold = on_map(turns.go_on_hold)
act_now = on_map(turns.act_now)
interrupt = on_map(turns.interrupt)
end_combat = on_map(turns.end_combat)
begin_ambush = on_map(turn_rolls.begin_ambush)
roll_interrupt = on_map(turn_rolls.roll_interrupt)
turn_problem = on_map(turn_order.turn_problem)
defend_problem = on_map(turn_order.defend_problem)
running_problem = on_map(turn_order.running_problem)
