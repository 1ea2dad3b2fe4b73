"""Who may act now: the Action Cards' turn order and the Defend / running clash.

While combat is running (round 1 or later) a token acts on its own hand's turn
(:func:`.turns.acting_tokens`), or when it is on Hold, or when its hand holds a
Joker (it may act when it likes). Free actions and reactions (a free attack, Evasion, ...) are
taken out of turn; the caller says so. The GM may override the order: the action goes ahead
and :func:`override_note` is the line its log entry gets.

Defend (situational rules, paragraph "Defend"): the character may move but not run, so a token
that declared Running this turn cannot Defend, and one that Defends cannot run.

Examples
--------
>>> from battlemap.rules.table import Board, Piece
>>> from battlemap.rules.testing import open_board
>>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={}),))
>>> turn_problem(enc, "a") is None  # no combat: anyone acts
True
"""

from __future__ import annotations

from battlemap.rules.savage_pathfinder.initiative_json import has_joker
from battlemap.rules.savage_pathfinder.table.timed_states import defending, ran, taken
from battlemap.rules.savage_pathfinder.table.turns import acting_tokens, initiative
from battlemap.rules.table import Board

__all__ = ["defend_problem", "override_note", "running_problem", "turn_problem"]


def _names(board: Board, token_ids: tuple[str, ...]) -> str:
    names = [t.name for t in board.tokens if t.id in token_ids]
    return " and ".join(names) if names else "nobody's (deal the next card)"


def _on_hold(board: Board, token_id: str) -> bool:
    state = initiative(board)
    return any(token_id in state.hand(key).members for key in state.on_hold)


def turn_problem(board: Board, token_id: str) -> str | None:
    """Why ``token_id`` may not act now (not his turn, not on Hold, no Joker), or None.

    Examples
    --------
    >>> from battlemap.rules.table import Board, Piece
    >>> from battlemap.rules.savage_pathfinder.table.turns import begin_combat
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"pace": 6}),
    ...                         Piece("b", "Bo", 2.5, 0.5, stats={"pace": 6})))
    >>> enc = begin_combat(enc, PhysicalCards(["KS", "2C"]))[0]
    >>> turn_problem(enc, "a"), turn_problem(enc, "b")
    (None, "it is Ann's turn, not Bo's (the GM may override)")
    """
    if not initiative(board).round:
        return None
    acting = acting_tokens(board)
    if token_id in acting or _on_hold(board, token_id) or has_joker(board.combat,
                                                                         token_id):
        return None
    name = board.token(token_id).name
    whose = _names(board, acting)
    return f"it is {whose}'s turn, not {name}'s (the GM may override)"


def override_note(board: Board, token_id: str) -> str:
    """The log line of a GM override of the turn order."""
    whose = _names(board, acting_tokens(board))
    return f"GM override: {board.token(token_id).name} acts out of turn ({whose}'s turn)"


def defend_problem(board: Board, token_id: str) -> str | None:
    """Why ``token_id`` cannot Defend: he declared Running this turn, or took an action this
    turn (S46: Defend "takes her entire turn - she cannot perform Multi-Actions")."""
    name = board.token(token_id).name
    if ran(board, token_id):
        return f"{name} ran this turn: Defend allows moving but not running"
    done = [kind for kind in taken(board, token_id) if kind != "limited free"]
    if done:
        return (f"{name} has taken an action this turn: Defend takes his entire turn "
                f"({', '.join(done)})")
    return None


def running_problem(board: Board, token_id: str) -> str | None:
    """Why ``token_id`` cannot declare Running: he Defends (may move but not run).

    Examples
    --------
    >>> from battlemap.rules.table import Board, Piece
    >>> from battlemap.rules.savage_pathfinder.table.timed_states import Effect, add_effect
    >>> from battlemap.rules.testing import open_board
    >>> enc = add_effect(open_board((Piece("a", "Ann", 0.5, 0.5),)), Effect("a", "defend"))
    >>> running_problem(enc, "a")
    'Ann Defends: he may move but not run until his next turn'
    """
    if not defending(board, token_id):
        return None
    return (f"{board.token(token_id).name} Defends: he may move but not run until his "
            "next turn")
