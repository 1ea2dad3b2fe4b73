"""The GURPS turn sequence: everyone acts in order of Basic Speed (ties: DX, then token id).

Combat state in ``board.combat``: ``{"round": 1, "order": [ids], "acting": 0}``. Ending a turn
(the ``next`` control) lets a stunned token roll HT to recover, clears its shock (shock lasts
until the end of the victim's next turn), and starts the next token's turn, which clears what
lasted "until your next turn": its parries, block, retreat, dodge and drop, sacrificial dodge,
Acrobatic Dodge, attacks made and maneuver.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Piece
>>> fast = Piece("f", "Fast", 0, 0, stats={"basic_speed": 6.5})
>>> slow = Piece("s", "Slow", 1, 0, stats={"basic_speed": 5.0})
>>> board = Board("gurps", (slow, fast))
>>> started = control(board, "start", ScriptedDice([]), None).board
>>> dict(started.combat)
{'round': 1, 'order': ['f', 's'], 'acting': 0}
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, StatusRemoved
from battlemap.rules.gurps.narration import log_lines
from battlemap.rules.gurps.roll import success_roll
from battlemap.rules.gurps.statblock import Character, character_from_dict, character_to_dict
from battlemap.rules.interface import Control, Resolution, TurnOrderView, TurnRow
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board, Piece

__all__ = ["control", "order_view"]

NEW_TURN = {"parries": {}, "blocked": False, "retreated_from": "", "dropped_from": "",
            "sacrificed": False, "acrobatic_dodged": False, "attacked_with": (),
            "maneuver": "", "sprinted": False, "moved": 0.0}


def _character(piece: Piece) -> Character:
    return character_from_dict(piece.stats, f"tokens[{piece.id}].stats")


def _speed_key(piece: Piece) -> tuple[float, int, str]:
    who = _character(piece)
    return (-who.basic_speed, -who.dx, piece.id)


def _state(board: Board) -> tuple[int, list[str], int]:
    combat = board.combat
    order = [t for t in combat.get("order", []) if isinstance(t, str)]
    return int(combat.get("round", 0)), order, int(combat.get("acting", 0))


def order_view(board: Board) -> TurnOrderView:
    """The panel: the order with the acting token, and the controls allowed now."""
    round_, order, acting = _state(board)
    names = {p.id: p for p in board.tokens}
    rows = tuple(TurnRow(t, names[t].name, f"Speed {_character(names[t]).basic_speed:g}",
                         acting=i == acting, done=i < acting)
                 for i, t in enumerate(order) if t in names)
    in_combat = round_ > 0
    controls = (
        Control("start", "Start combat", enabled=not in_combat and bool(board.tokens),
                why_not="combat is running" if in_combat else None),
        Control("next", "Next turn", enabled=in_combat, shortcut="N",
                why_not=None if in_combat else "no combat"),
        Control("end", "End combat", enabled=in_combat,
                why_not=None if in_combat else "no combat"),
    )
    return TurnOrderView(round_, rows, controls, model="list")


def control(board: Board, pressed: str, dice: DiceSource, token: str | None) -> Resolution:
    """Press ``start``, ``next`` or ``end``."""
    del token
    if pressed == "start":
        order = [p.id for p in sorted(board.tokens, key=_speed_key)]
        started = board.with_combat({"round": 1, "order": order, "acting": 0})
        if order:
            started = _begin_turn(started, order[0])
        return Resolution((), started, title="Combat starts: round 1")
    if pressed == "end":
        return Resolution((), board.with_combat({}), title="Combat ends")
    if pressed == "next":
        return _next(board, dice)
    raise RulesError(f"GURPS has no turn control {pressed!r} (start, next, end)")


def _update(board: Board, token: str, **changes: Any) -> Board:
    piece = board.token(token)
    who = _character(piece).with_condition(**changes)
    return board.with_token(replace(piece, stats=character_to_dict(who)))


def _begin_turn(board: Board, token: str) -> Board:
    return _update(board, token, **NEW_TURN)


def _next(board: Board, dice: DiceSource) -> Resolution:
    round_, order, acting = _state(board)
    if round_ == 0 or not order:
        raise RulesError("no combat is running: start it first")
    ending = order[acting % len(order)]
    events: list[Event] = []
    board = _end_turn(board, ending, dice, events)
    acting += 1
    if acting >= len(order):
        acting, round_ = 0, round_ + 1
    board = _begin_turn(board.with_combat({"round": round_, "order": order, "acting": acting}),
                        order[acting])
    name = board.token(order[acting]).name
    names = {p.id: p.name for p in board.tokens}
    return Resolution(tuple(events), board, title=f"Round {round_}: {name}'s turn",
                      notes=log_lines(events, names))


def _end_turn(board: Board, token: str, dice: DiceSource, events: list[Event]) -> Board:
    """Shock ends with the victim's next turn; a stunned token rolls HT to recover."""
    who = _character(board.token(token))
    changes: dict[str, Any] = {"shock": 0}
    if who.condition.stunned and not who.condition.unconscious and not who.condition.dead:
        made, result = success_roll(dice, token, "HT (recover from stun)", who.ht, ())
        events.append(made)
        if result.succeeded:
            changes["stunned"] = False
            events.append(StatusRemoved(token, "stunned"))
    return _update(board, token, **changes)

