"""Turn order for both models, kept in ``board.combat`` (text, "Combat", first paragraph).

``board.combat``: ``mode`` (``exchange`` or ``turns``), ``round`` (0 outside combat), and in
turn-based fights ``order`` (token ids) and ``turn`` (the index acting). Initiative: Alertness,
ties broken by Resolve, then by the combat skill (the skill of the weapon in hand), then by the
seat closest to the GM's right (stat block ``seat``, lower first; tokens without one in board
order after those with one). A group of tokens (``Piece.group``: a mob of mooks, which the
text has attack as one) takes one turn, on its best member's initiative, and shows as one
row with the members still fighting.

Controls: ``start``, ``next`` (the next turn, or the next exchange), ``end``,
``mode-exchange`` and ``mode-turns``. Full defense lasts until the defender's next turn; a
surprise lasts one exchange or the first round.

Examples
--------
>>> from battlemap.rules.table import Piece
>>> quick = Piece("q", "Quick", 0, 0, stats={"skills": {"alertness": 3}})
>>> steady = Piece("s", "Steady", 1, 0, stats={"skills": {"alertness": 3, "resolve": 2}})
>>> board = Board("fate", tokens=(quick, steady), combat={"mode": "turns"})
>>> initiative(board)
('s', 'q')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from battlemap.rules.events import Event, StatusRemoved
from battlemap.rules.fate.groups import GROUP, members
from battlemap.rules.fate.parsing import restat
from battlemap.rules.fate.plan import fighters_of, mode_of
from battlemap.rules.fate.statblock import Combatant
from battlemap.rules.interface import Control, Resolution, TurnOrderView, TurnRow
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board

__all__ = ["CONTROLS", "GROUP", "initiative", "members", "turn_control", "turn_order"]

CONTROLS = ("start", "next", "end", "mode-exchange", "mode-turns")

def initiative(board: Board) -> tuple[str, ...]:
    """The turn-based order of the entries still in the fight: token ids, and ``group:NAME``
    for a group of tokens (a mob of mooks) acting together on its best member's initiative.

    >>> from battlemap.rules.table import Piece
    >>> mooks = [Piece(f"w{i}", "W", 0, i, group="band", stats={"mook": True, "toughness": 2})
    ...          for i in (1, 2)]
    >>> initiative(Board("fate", tokens=(Piece("pc", "PC", 0, 5), *mooks)))
    ('group:band', 'pc')
    """
    fighters = fighters_of(board)
    index = {piece.id: n for n, piece in enumerate(board.tokens)}

    def key(token: str) -> tuple[int, int, int, int, int]:
        fighter = fighters[token]
        seat = fighter.seat if fighter.seat is not None else 10_000
        return (-fighter.rating("alertness"), -fighter.rating("resolve"),
                -fighter.rating(fighter.attack_skill), seat, index[token])

    entries = [e for e in _entries(board) if _active(board, fighters, e)]
    return tuple(sorted(entries, key=lambda e: min(
        key(t) for t in members(board, e) if not fighters[t].condition.taken_out)))


def _entries(board: Board) -> list[str]:
    """Every token, a group once (where its first member stands), in board order."""
    found: list[str] = []
    for piece in board.tokens:
        entry = GROUP + piece.group if piece.group else piece.id
        if entry not in found:
            found.append(entry)
    return found


def _active(board: Board, fighters: Mapping[str, Combatant], entry: str) -> bool:
    return any(t in fighters and not fighters[t].condition.taken_out
               for t in members(board, entry))


def turn_order(board: Board) -> TurnOrderView:
    """The panel: the initiative order (turn-based) or every fighter (exchange-based); a
    group is one row with its members still in the fight."""
    mode, fighters = mode_of(board), fighters_of(board)
    round_ = int(board.combat.get("round", 0))
    turns = mode == "turns" and round_ > 0
    order = list(board.combat.get("order", ())) if turns else _entries(board)
    turn = int(board.combat.get("turn", 0)) if turns else -1
    rows = tuple(_row(board, fighters, entry, mode, turns and n == turn, n < turn)
                 for n, entry in enumerate(order))
    return TurnOrderView(round_, rows, _controls(mode, round_),
                         model="initiative" if mode == "turns" else "exchange",
                         header=_header(mode, round_, rows))


def _header(mode: str, round_: int, rows: tuple[TurnRow, ...]) -> str:
    """Where the fight stands, in words (the panel's and ``battlemap turn``'s first line)."""
    if round_ == 0:
        return f"No fight going ({_model_words(mode)}): press Start combat"
    if mode == "exchange":
        return f"Exchange {round_}"
    acting = next((row.label for row in rows if row.acting), "nobody")
    return f"Round {round_}: {acting}'s turn"


def _row(board: Board, fighters: Mapping[str, Combatant], entry: str, mode: str,
         acting: bool, done: bool) -> TurnRow:
    group = members(board, entry)
    left = tuple(t for t in group if t in fighters and not fighters[t].condition.taken_out)
    first = fighters[(left or group)[0]]
    if entry.startswith(GROUP):
        label = f"{entry.removeprefix(GROUP)} ({len(left)} of {len(group)})"
        return TurnRow(entry, label, _detail(first, mode), acting, done=done, members=left,
                       status="acting" if acting else "")
    return TurnRow(entry, board.token(entry).name, _detail(first, mode), acting, done=done,
                   status="acting" if acting else "")


def turn_control(board: Board, control: str, token: str | None = None) -> Resolution:
    """Press ``control`` (see :data:`CONTROLS`)."""
    mode, round_ = mode_of(board), int(board.combat.get("round", 0))
    if control in ("mode-exchange", "mode-turns"):
        combat = {**board.combat, "mode": control.removeprefix("mode-")}
        changed = board.with_combat(combat)
        if round_ and combat["mode"] == "turns":
            changed = changed.with_combat({**combat, "order": list(initiative(changed)),
                                           "turn": 0})
        return Resolution((), changed, f"Fighting {_model_words(combat['mode'])}")
    if control == "start":
        return _start(board, mode)
    if round_ == 0:
        raise RulesError(f"{control!r} needs a fight going: press start first")
    if control == "next":
        return _next(board, mode, round_)
    if control == "end":
        return _end(board)
    raise RulesError(f"no turn control {control!r} (known: {', '.join(CONTROLS)})")


def _model_words(mode: str) -> str:
    return "exchange by exchange" if mode == "exchange" else "in turns (initiative)"


def _start(board: Board, mode: str) -> Resolution:
    combat: dict[str, Any] = {**board.combat, "mode": mode, "round": 1}
    if mode == "turns":
        combat.update(order=list(initiative(board)), turn=0)
    return Resolution((), board.with_combat(combat), f"Combat starts, {_model_words(mode)}")


def _next(board: Board, mode: str, round_: int) -> Resolution:
    if mode == "exchange":
        board, events = _expire(board, lambda f: True, ("surprised", "full_defense"))
        combat = {**board.combat, "round": round_ + 1}
        return Resolution(events, board.with_combat(combat), f"Exchange {round_ + 1}")
    order = [str(entry) for entry in board.combat.get("order", ())]
    fighters = fighters_of(board)
    if not any(_active(board, fighters, entry) for entry in order):
        raise RulesError("nobody in the turn order is still fighting")
    turn = int(board.combat.get("turn", 0))
    candidate = turn
    for step in range(1, len(order) + 1):
        candidate = (turn + step) % len(order)
        if _active(board, fighters, order[candidate]):
            break
    new_round = round_ + (candidate <= turn)
    actor = order[candidate]
    acting = members(board, actor)
    board, events = _expire(board, lambda f: f.id in acting, ("full_defense",))
    if new_round > round_:
        board, more = _expire(board, lambda f: True, ("surprised",))
        events = (*events, *more)
    combat = {**board.combat, "round": new_round, "turn": candidate}
    name = actor.removeprefix(GROUP) if actor.startswith(GROUP) else board.token(actor).name
    return Resolution(events, board.with_combat(combat), f"Round {new_round}: {name}'s turn")


def _end(board: Board) -> Resolution:
    board, events = _expire(board, lambda f: True, ("surprised", "full_defense", "spin"))
    combat = {k: v for k, v in board.combat.items() if k not in ("order", "turn")}
    return Resolution(events, board.with_combat({**combat, "round": 0}), "Combat ends")


_STATE_WORDS = {"full_defense": "on full defense", "spin": "on spin"}
"""How the log words a state that ends ("Aulus is no longer on full defense")."""


def _expire(board: Board, which: Callable[[Combatant], bool],
            states: tuple[str, ...]) -> tuple[Board, tuple[Event, ...]]:
    events: list[Event] = []
    for token, fighter in fighters_of(board).items():
        if not which(fighter):
            continue
        ended = [s for s in states if getattr(fighter.condition, s)]
        if ended:
            fighter = fighter.with_condition(**{s: False for s in ended})
            piece = board.token(token)
            board = board.with_token(restat(piece, fighter))
            events += [StatusRemoved(token, _STATE_WORDS.get(s, s)) for s in ended]
    return board, tuple(events)




def _detail(fighter: Combatant, mode: str) -> str:
    skill = fighter.attack_skill
    text = f"{skill.title()} {fighter.rating(skill):+d}"
    if mode == "turns":
        text = (f"Alertness {fighter.rating('alertness'):+d}, "
                f"Resolve {fighter.rating('resolve'):+d}, {text}")
    return text + " (taken out)" * fighter.condition.taken_out


def _controls(mode: str, round_: int) -> tuple[Control, ...]:
    going = round_ > 0
    why = None if going else "no fight going"
    return (
        Control("start", "Start combat", not going, "already fighting" if going else None),
        Control("next", "Next turn" if mode == "turns" else "Next exchange", going, why,
                shortcut="N"),
        Control("end", "End combat", going, why),
        Control("mode-exchange", "Exchange-based", mode != "exchange",
                "already exchange-based" if mode == "exchange" else None),
        Control("mode-turns", "Turn-based", mode != "turns",
                "already turn-based" if mode == "turns" else None),
    )
