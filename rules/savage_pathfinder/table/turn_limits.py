"""How many actions a token has taken this turn, and which it may still take.

"A character may only perform one limited action on their turn" (C25) and "only one limited
free action per turn" (C26); Multi-Actions: "up to three actions on their turn", each beyond
the first -2 to all (S118), free actions not counted. In combat every action but a plain free
one is noted as the token takes it (:func:`note_taken`, ``Board.combat["taken"]``):

- :func:`limit_problem` refuses a fourth action, a second limited action or a second limited
  free action (the rules' :func:`~battlemap.rules.savage_pathfinder.situational.maneuvers.
  multi_action_count` and :func:`~battlemap.rules.savage_pathfinder.movement.check_turn` say why);
- :func:`actions_counted` is the Multi-Action count of an attack: the actions taken this turn
  with this one, so a second attack takes -2 without the GM declaring it (a count declared up
  front, ``Declared.actions``, still applies when it is higher).

What is limited the GM declares (the attack bar's *Declare > Limited*, ``--limited action`` /
``--limited free-action``): no action of the registry is limited by itself.

Examples
--------
>>> from battlemap.rules.table import Piece
>>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
>>> from battlemap.rules.savage_pathfinder.table.turns import begin_combat
>>> from battlemap.rules.testing import open_board
>>> enc = begin_combat(open_board((Piece("a", "Ann", 0.5, 0.5, stats={"wild_card": True}),)),
...                    PhysicalCards(["KS"]))[0]
>>> enc = note_taken(enc, "a", ActionKind.LIMITED_FREE)
>>> limit_problem(enc, "a", ActionKind.LIMITED_FREE)
'Ann has taken a limited free action this turn: one a turn (limited free)'
>>> actions_counted(note_taken(enc, "a", ActionKind.REGULAR), "a", ActionKind.REGULAR)
2
"""

from __future__ import annotations

from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.movement import ActionKind, check_turn
from battlemap.rules.savage_pathfinder.situational.maneuvers import (
    DeclaredAction,
    multi_action_count,
)
from battlemap.rules.savage_pathfinder.table.timed_states import defending, mark_taken, taken
from battlemap.rules.savage_pathfinder.table.turns import initiative
from battlemap.rules.table import Board

__all__ = ["LIMITED_CHOICES", "ActionKind", "actions_counted", "kind_of", "limit_problem",
           "note_taken"]

LIMITED_CHOICES = ("", "action", "free-action")
"""What the GM may declare an action to be: not limited, a limited action, a limited free
action (the attack bar's *Declare > Limited*)."""
_FREE = (ActionKind.FREE, ActionKind.LIMITED_FREE)


def kind_of(free: bool, limited: str = "") -> ActionKind:
    """The kind of an action that is ``free`` or not, declared ``limited`` (see
    :data:`LIMITED_CHOICES`); ``RulesError`` for another declaration.

    Examples
    --------
    >>> kind_of(False, "action"), kind_of(True), kind_of(False, "free-action")
    (<ActionKind.LIMITED: 'limited'>, <ActionKind.FREE: 'free'>, \
<ActionKind.LIMITED_FREE: 'limited free'>)
    """
    if limited not in LIMITED_CHOICES:
        raise RulesError(f"limited: {limited!r} is not one of action, free-action")
    if limited:
        return ActionKind.LIMITED if limited == "action" else ActionKind.LIMITED_FREE
    return ActionKind.FREE if free else ActionKind.REGULAR


def _declared(kinds: list[ActionKind]) -> list[DeclaredAction]:
    return [DeclaredAction(k.value, limited=k is ActionKind.LIMITED, free=k in _FREE)
            for k in kinds]


def _with(board: Board, token_id: str, kind: ActionKind) -> list[ActionKind]:
    return [*(ActionKind(k) for k in taken(board, token_id)), kind]


def limit_problem(board: Board, token_id: str, kind: ActionKind) -> str | None:
    """Why ``token_id`` may not take an action of ``kind`` now (in combat), or None: a fourth
    action, a second limited one, or any action after Defend (S46: it "takes her entire turn
    - she cannot perform Multi-Actions")."""
    if initiative(board).round == 0 or kind is ActionKind.FREE:
        return None
    if defending(board, token_id) and kind is not ActionKind.LIMITED_FREE:
        return (f"{board.token(token_id).name} Defends: Defend takes his entire turn, no "
                "other action until his next turn")
    kinds = _with(board, token_id, kind)
    try:
        multi_action_count(_declared(kinds))
        check_turn(kinds)
    except RulesError as error:
        done = ", ".join(taken(board, token_id))
        return f"{board.token(token_id).name} {_why(str(error))} ({done})"
    return None


def _why(rules_says: str) -> str:
    """The rules' complaint as what the token has done this turn."""
    if "limited free" in rules_says:
        return "has taken a limited free action this turn: one a turn"
    if "limited" in rules_says:
        return "has taken a limited action this turn: one a turn"
    return "has taken three actions this turn: at most three"


def actions_counted(board: Board, token_id: str, kind: ActionKind) -> int:
    """The Multi-Action count of an action of ``kind`` taken now: with those taken this turn
    (1 out of combat)."""
    if initiative(board).round == 0:
        return 1
    return multi_action_count(_declared(_with(board, token_id, kind)))


def note_taken(board: Board, token_id: str, kind: ActionKind) -> Board:
    """``board`` noting the action (in combat; a plain free action is not noted)."""
    if initiative(board).round == 0 or kind is ActionKind.FREE:
        return board
    return mark_taken(board, token_id, kind.value)
