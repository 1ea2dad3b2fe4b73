"""Non-attack actions on the map, by the ids of the rules' ``ACTIONS`` registry.

:func:`perform_action` resolves one :class:`~.action_steps.ActionRequest` with the
given dice and returns one :class:`~.action_steps.ActionResult` (one undoable edit
whose log entry shows every roll's breakdown). The GUI's action menu and ``battlemap attack
--action ID`` list the registry and call this; an action aimed at a token
(``ACTIONS[id].targets``) needs ``request.target``. Actions a token takes alone (Defend, Aim,
prone, recovery, Fatigue, ...) are in :mod:`.action_steps`; those at another token
in :mod:`.foe_actions`. ``area-attack`` is the Template tool / ``--template``.
:func:`action_problem` says why a token cannot take an action now (the menu greys it out).

Bad requests raise :class:`~.pipeline.AttackError` with a message for the GM; the
board is then unchanged.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Board, Side, Piece
>>> bard = Piece("b", "Bard", 1.5, 1.5, side=Side.HERO, stats={"skills": {"taunt": "d8"}})
>>> orc = Piece("o", "Orc", 4.5, 1.5, side=Side.VILLAIN, stats={})
>>> request = ActionRequest("test", "b", "o", skill="taunt")
>>> from battlemap.rules.testing import open_board
>>> result = perform_action(open_board((bard, orc)), request, ScriptedDice([8, 1, 2]))
>>> result.entry.title
'Bard Tests Orc (Taunt): Orc is Distracted and Shaken'
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, RollMade
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.situational.options import ACTIONS
from battlemap.rules.savage_pathfinder.table import action_steps as steps
from battlemap.rules.savage_pathfinder.table import devices, mounts, recovery_steps
from battlemap.rules.savage_pathfinder.table import foe_actions as foes
from battlemap.rules.savage_pathfinder.table.action_steps import (
    ActionRequest,
    ActionResult,
    fighter_of,
)
from battlemap.rules.savage_pathfinder.table.moving import aim_problem
from battlemap.rules.savage_pathfinder.table.pipeline import AttackError
from battlemap.rules.savage_pathfinder.table.timed_states import (
    ran,
    spend_support,
    with_acting,
    without_acting,
)
from battlemap.rules.savage_pathfinder.table.turn_limits import (
    ActionKind,
    actions_counted,
    kind_of,
    limit_problem,
    note_taken,
)
from battlemap.rules.savage_pathfinder.table.turn_order import (
    defend_problem,
    override_note,
    turn_problem,
)
from battlemap.rules.table import Board

__all__ = ["HANDLERS", "ActionRequest", "ActionResult", "action_card_lines", "action_problem",
           "is_free", "perform_action"]

CARD_WIDTH = 42
"""Characters per line of an action's description on the card beside the target."""

Handler = Callable[[Board, ActionRequest, DiceSource], ActionResult]


HANDLERS: Mapping[str, Handler] = MappingProxyType({
    "grapple": foes.grapple_foe, "let-go": foes.let_go_of, "crush": foes.crush_foe,
    "push": foes.push_foe, "break-free": devices.break_free_of, "cut-free": foes.cut_loose,
    "cut-self-free": foes.cut_self_loose,
    "break-object": steps.break_object, "break-held": foes.break_held,
    "test": foes.put_to_the_test, "support": foes.support_ally,
    "defend": steps.defend, "aim": steps.aim, "finishing-move": foes.finish_foe,
    "withdraw": foes.withdraw, "ready": steps.ready_items, "reload": steps.reload,
    "rest": steps.rest_all, "stand-up": steps.stand_up, "disarm": foes.disarm_foe,
    "go-prone": steps.go_prone, "recover-shaken": steps.recover_shaken,
    "spend-benny": steps.spend_benny, "recover-stunned": steps.recover_stunned,
    "bleeding-out": steps.bleed, "stabilise": foes.stabilise_ally,
    "treat-fatigue": foes.treat_ally,
    "gain-fatigue": recovery_steps.gain_fatigue_from, "recover-fatigue": steps.lose_fatigue,
    "evasion": steps.evade, "climb": steps.climb,
    "daily-vigor": recovery_steps.daily_vigor,
    "mount": mounts.mount_up, "dismount": mounts.dismount,
    "device-retry": devices.allow_retry, "time-passes": recovery_steps.time_passes,
    "apply-damage": steps.apply_damage,
})
"""The function resolving each ``ACTIONS`` id (``area-attack`` is the Template tool)."""


def is_free(action: str) -> bool:
    """True for a free action or reaction (a Shaken character may still take it)."""
    return action in steps.FREE_ACTIONS


def action_card_lines(board: Board, action: str, actor: str, target: str,
                      title: str = "") -> list[str]:
    """The card beside a hovered target while an action waits for its click; ``title`` names
    the action with its choices (default: the action's name).

    Examples
    --------
    >>> from battlemap.rules.table import Piece
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5), Piece("b", "Bo", 3.5, 0.5)))
    >>> for line in action_card_lines(enc, "grapple", "a", "b"): print(line)
    Grapple: Bo
    opposed Athletics: Entangled, Bound with a
    raise
    click: resolve · Esc: cancel
    """
    option = ACTIONS[action]
    return [f"{title or option.name}: {board.token(target).name}",
            *textwrap.wrap(option.description, CARD_WIDTH), "click: resolve · Esc: cancel"]


BOUND_MAY = frozenset({"break-free", "cut-self-free", "test", "support"})
"""What a Bound character may still try (S16: "cannot make physical actions other than trying
to break free"): breaking free, destroying the entanglement himself (S19), and a Test or
Support with a verbal skill (the rules refuse a physical one, naming it)."""

_NEEDS_STATE = {"stand-up": ("prone",), "go-prone": (), "recover-shaken": ("shaken",),
                "spend-benny": ("shaken",), "recover-stunned": ("stunned",),
                "bleeding-out": ("bleeding_out",),
                "break-free": ("bound", "entangled"), "cut-self-free": ("bound", "entangled"),
                "daily-vigor": ("incapacitated",)}
"""Actions that only make sense in one of these states (``go-prone``: when not prone)."""


def action_problem(board: Board, actor: str, action: str) -> str | None:
    """Why ``actor`` cannot take ``action`` now (before any target is picked), or None.

    Examples
    --------
    >>> from battlemap.rules.table import Piece
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"condition": {
    ...     "shaken": True}}),))
    >>> action_problem(enc, "a", "defend"), action_problem(enc, "a", "spend-benny")
    ('Ann is Shaken and may only take free actions', None)
    >>> action_problem(enc, "a", "stand-up")
    'Ann is not prone'
    """
    state = fighter_of(board, actor).condition
    name = board.token(actor).name
    needs = _NEEDS_STATE.get(action)
    if action == "go-prone" and state.prone:
        return f"{name} is already prone"
    if needs and not any(getattr(state, flag) for flag in needs):
        return f"{name} is not {' or '.join(n.replace('_', ' ') for n in needs)}"
    if action in ("break-free", "device-retry"):
        blocked = devices.retry_problem(board, actor)
        if (blocked is None) == (action == "device-retry"):
            return blocked or f"{name} may try to break free already"
    if action == "dismount" and mounts.mount_of(board, actor) is None:
        return f"{name} rides nothing"
    if action == "mount":
        return mounts.rider_problem(board, actor)
    if action == "daily-vigor" and state.bleeding_out:
        return f"{name} is Bleeding Out: the daily roll begins once he is stable"
    if action == "daily-vigor" and state.fatigue >= 3:
        return f"{name} is Incapacitated by Fatigue: 2d6 hours, or treatment"
    if action in steps.FREE_ACTIONS:
        return None
    if state.incapacitated or state.stunned:
        return f"{name} is {'Stunned' if state.stunned else 'Incapacitated'} and cannot act"
    if state.shaken:
        return f"{name} is Shaken and may only take free actions"
    if state.bound and action not in BOUND_MAY:
        return f"{name} is Bound: no physical action but breaking free"
    if (limit := limit_problem(board, actor, ActionKind.REGULAR)) is not None:
        return limit
    if action == "aim":
        return aim_problem(board, actor)
    return defend_problem(board, actor) if action == "defend" else None


def _turn_problem(board: Board, request: ActionRequest) -> str | None:
    """Why the action is out of turn: a free action never is, but a recovery is tried at the
    start of the character's own turn only (C23)."""
    if request.action in steps.AT_TURN_START:
        why = turn_problem(board, request.actor)
        return None if why is None else \
            f"only at the start of {board.token(request.actor).name}'s own turn; {why}"
    return None if is_free(request.action) else turn_problem(board, request.actor)


def perform_action(board: Board, request: ActionRequest,
                   dice: DiceSource) -> ActionResult:
    """Resolve ``request`` with ``dice``; ``AttackError`` (nothing changed) when it cannot be.

    In combat an action that is not free, or a recovery from Shaken or Stunned (C23), is
    refused when it is not the actor's turn (see :func:`.turn_order.turn_problem`) unless
    ``request.gm_override``; the log
    entry of an overridden action says so.
    """
    handler = HANDLERS.get(request.action)
    if request.action == "area-attack":
        raise AttackError("area-attack: place a template (the Template tool, or "
                          "battlemap attack --template SHAPE --at X,Y)")
    if handler is None:
        raise AttackError(f"unknown action {request.action!r}; actions: {', '.join(HANDLERS)}")
    option = ACTIONS[request.action]
    fighter_of(board, request.actor)
    if option.targets:
        fighter_of(board, request.target, "target")
        if request.target == request.actor:
            raise AttackError(f"{option.name}: pick another token than the actor")
    problem = action_problem(board, request.actor, request.action)
    try:
        kind = kind_of(is_free(request.action), request.limited)
    except RulesError as error:
        raise AttackError(str(error)) from None
    problem = problem or limit_problem(board, request.actor, kind)
    if problem is not None:
        raise AttackError(problem)
    out_of_turn = _turn_problem(board, request)
    if out_of_turn is not None and not request.gm_override:
        raise AttackError(f"{option.name}: {out_of_turn}")
    try:
        result = handler(_acting(board, request, kind), request, dice)
    except RulesError as error:
        raise AttackError(str(error)) from None
    after = _spend_supports(without_acting(result.board), result.events)
    result = replace(result, board=note_taken(after, request.actor, kind))
    return result if out_of_turn is None else _noted(result, override_note(board,
                                                                           request.actor))


def _acting(board: Board, request: ActionRequest, kind: ActionKind) -> Board:
    """``board`` while ``request.actor`` takes an action of ``kind``: every roll he makes in it
    takes running -2 (declared, or run this turn: C29 "-2 penalty to all other actions that
    turn") and the Multi-Action penalty of the actions taken this turn with this one (S118);
    neither applies to a free action (S122: "Multi-Action penalties do not apply to free (or
    limited free) actions"; running is "to all other actions")."""
    if kind in (ActionKind.FREE, ActionKind.LIMITED_FREE):
        return board
    running = request.running or ran(board, request.actor)
    return with_acting(board, request.actor, running,
                       actions_counted(board, request.actor, kind))


def _spend_supports(board: Board, events: Sequence[Event]) -> Board:
    """``board`` with each Support a roll among ``events`` took used up (S162: the bonus is
    for one roll of the skill): the skill is the first word of the roll's purpose."""
    for event in events:
        if isinstance(event, RollMade) and any(m.reason == "Support" for m in event.modifiers):
            board = spend_support(board, event.actor, event.purpose.split(" ")[0])
    return board


def _noted(result: ActionResult, note: str) -> ActionResult:
    """``result`` with ``note`` added to its log entry (in the board's log too)."""
    entry = replace(result.entry, lines=(*result.entry.lines, note))
    log = (*result.board.log[:-1], entry)
    return replace(result, entry=entry, board=replace(result.board, log=log))
