"""The Storypath turn order: a list by the ``initiative`` stat, highest first (the text gives
no initiative roll, so the GM enters each character's initiative in the stat block).

State in ``board.combat``: ``round`` (0 outside combat), ``acting`` (token id). Controls:
``start`` (round 1, the first acts), ``next`` (the next token acts; after the last a new round
begins), ``end`` (combat over). Expiring here: Blinding ("on their next action") ends with the
blinded token's turn; Withdraw lasts until the withdrawing token's next turn begins.

Examples
--------
>>> from battlemap.rules.table import Piece
>>> board = Board("storypath", (Piece("a", "Ada", 0, 0, stats={"initiative": 2}),
...                             Piece("b", "Brute", 1, 0, stats={"initiative": 5})))
>>> [row.token for row in turn_view(board).rows]
['b', 'a']
>>> press(board, "start").board.combat["acting"]
'b'
"""

from __future__ import annotations

from battlemap.rules.events import Event, StatusRemoved
from battlemap.rules.interface import Control, Resolution, TurnOrderView, TurnRow
from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.setup import combatant_of, restat
from battlemap.rules.storypath.statblock import Combatant
from battlemap.rules.table import Board

__all__ = ["order", "press", "turn_view"]


def order(board: Board) -> tuple[str, ...]:
    """Token ids by initiative, highest first, then by name; Taken Out tokens left out."""
    people = [(p, combatant_of(p)) for p in board.tokens]
    alive = [(p, c) for p, c in people if not c.taken_out]
    return tuple(p.id for p, c in sorted(alive, key=lambda pc: (-pc[1].initiative, pc[0].name)))


def turn_view(board: Board) -> TurnOrderView:
    """The panel: rows in order, the acting one marked, and the three controls."""
    round_ = int(board.combat.get("round", 0))
    acting = board.combat.get("acting")
    tokens = order(board)
    now = tokens.index(acting) if acting in tokens else -1
    rows = tuple(TurnRow(t, board.token(t).name,
                         detail=f"initiative {combatant_of(board.token(t)).initiative}",
                         acting=i == now, done=i < now) for i, t in enumerate(tokens))
    controls = (
        Control("start", "Start combat", enabled=round_ == 0,
                why_not=None if round_ == 0 else "combat is on"),
        Control("next", "Next turn", enabled=round_ > 0,
                why_not=None if round_ > 0 else "start combat first", shortcut="N"),
        Control("end", "End combat", enabled=round_ > 0,
                why_not=None if round_ > 0 else "no combat to end"),
    )
    return TurnOrderView(round_, rows, controls, model="list")


def press(board: Board, name: str) -> Resolution:
    """Press ``start``, ``next`` or ``end``."""
    tokens = order(board)
    if not tokens:
        raise RulesError("no token can act")
    round_ = int(board.combat.get("round", 0))
    if name == "start" and round_ == 0:
        return _act(board, tokens[0], 1, [], "Round 1")
    if name == "next" and round_ > 0:
        return _next(board, tokens, round_)
    if name == "end" and round_ > 0:
        events: list[Event] = []
        board = _expire(board, [p.id for p in board.tokens], events, withdraw=True)
        return Resolution(tuple(events), board.with_combat(
            {**board.combat, "round": 0, "acting": None}), title="Combat ends")
    raise RulesError(f"turn control {name!r} is not available now (round {round_})")


def _next(board: Board, tokens: tuple[str, ...], round_: int) -> Resolution:
    acting = board.combat.get("acting")
    events: list[Event] = []
    if isinstance(acting, str) and acting in {p.id for p in board.tokens}:
        board = _expire(board, [acting], events, withdraw=False)
    index = tokens.index(acting) + 1 if acting in tokens else 0
    if index >= len(tokens):
        return _act(board, tokens[0], round_ + 1, events, f"Round {round_ + 1}")
    return _act(board, tokens[index], round_, events, "")


def _act(board: Board, token: str, round_: int, events: list[Event],
         title: str) -> Resolution:
    board = _expire(board, [token], events, withdraw=True, blinded=False)
    board = board.with_combat({**board.combat, "round": round_, "acting": token})
    name = board.token(token).name
    return Resolution(tuple(events), board, title=f"{title + ': ' if title else ''}{name} acts")


def _expire(board: Board, tokens: list[str], events: list[Event], withdraw: bool,
            blinded: bool = True) -> Board:
    for token in tokens:
        person = combatant_of(board.token(token))
        changed = _expired(person, events, withdraw, blinded)
        if changed != person:
            board = board.with_token(restat(board.token(token), changed))
    return board


def _expired(person: Combatant, events: list[Event], withdraw: bool,
             blinded: bool) -> Combatant:
    if withdraw and person.condition.withdrawing:
        person = person.with_condition(withdrawing=False)
        events.append(StatusRemoved(person.id, "withdrawing"))
    if blinded and person.condition.blinded:
        person = person.with_condition(blinded=False)
        events.append(StatusRemoved(person.id, "Blinded"))
    return person
