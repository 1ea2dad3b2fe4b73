"""Moving on the map: the ways of moving the drag's ruler offers and what each costs.

- Walking costs an inch of Pace an inch; climbing, crawling and swimming 2" an inch
  (:func:`~battlemap.rules.savage_pathfinder.movement.movement_cost`); difficult ground doubles it
  again, but not for a crawler.
- Jumping: 1" across as a free action, 2" after a run-up of at least 2" this turn
  (:func:`~battlemap.rules.savage_pathfinder.movement.jump_distance`); the jump still counts against
  Pace ("Jumping does not allow a character to exceed her total Pace"). The Athletics roll for a
  longer jump is an action the GM rolls with the Roll tool.
- The dash: in combat (Action Cards dealt) running, Pace plus the running die's highest roll;
  out of combat the sprint, twice that (:func:`~battlemap.rules.savage_pathfinder.movement.sprint`).
- A prone token starts its drag crawling; one who stood up this turn has 2" less Pace (C34:
  "Standing is a free action but reduces total Pace for the turn by 2").
- In combat each move is noted for the rest of the turn
  (:func:`~.timed_states.mark_moved`): the next drag counts on from there, and a token that
  has moved beyond his Pace has run (:func:`~.timed_states.mark_ran`: he may not Defend, and
  reloading asks for Agility). Aim needs a
  shooter "relatively stationary" who "can't walk, run, ride a horse": a token that has moved
  or run this turn cannot Aim (:func:`aim_problem`), and a move loses an Aim taken or
  waiting.

Examples
--------
>>> from battlemap.rules.table import Piece
>>> from battlemap.rules.testing import open_board
>>> ann = Piece("a", "Ann", 0.5, 0.5, stats={"pace": 6, "condition": {"prone": True}})
>>> move = movement_of(ann, open_board((ann,)))
>>> move.mode, move.mode_named("crawl").factor, move.dash, move.dash_name
('crawl', 2, 24, 'Sprint (3 min)')
"""

from __future__ import annotations

from battlemap.rules.interface import Movement
from battlemap.rules.interface import MoveMode as Mode
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.movement import (
    MoveMode,
    jump_distance,
    movement_cost,
    pace_for_turn,
    sprint,
)
from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict
from battlemap.rules.savage_pathfinder.situational.modifiers import check_aiming
from battlemap.rules.savage_pathfinder.table.timed_states import (
    drop_effects,
    mark_moved,
    mark_ran,
    moved,
    ran,
    stood,
)
from battlemap.rules.savage_pathfinder.table.turns import initiative
from battlemap.rules.table import Board, Piece

__all__ = ["JUMP", "RUN_UP", "aim_problem", "move_modes", "movement_of", "note_move"]

JUMP = "jump"
"""The id of the jumping mode."""
RUN_UP = 2.0
"""Inches moved this turn before a jump that double its distance."""
_NAMES = {MoveMode.WALK: "Walking", MoveMode.CLIMB: "Climbing", MoveMode.CRAWL: "Crawling",
          MoveMode.SWIM: "Swimming"}


def move_modes(spent: float) -> tuple[Mode, ...]:
    """Walking, climbing, crawling, swimming and jumping, for a token that has moved ``spent``
    inches this turn (a run-up doubles the jump).

    Examples
    --------
    >>> [(m.id, m.factor, m.rough, m.limit) for m in move_modes(2.0)][2:]
    [('crawl', 2, False, None), ('swim', 2, True, None), ('jump', 1, False, 2.0)]
    """
    modes = tuple(Mode(mode.value, _NAMES[mode], movement_cost(1, mode),
                       rough=movement_cost(1, mode, difficult=True) > movement_cost(1, mode))
                  for mode in MoveMode)
    jump = jump_distance(vertical=False, run_up=spent >= RUN_UP)
    return (*modes, Mode(JUMP, "Jumping", 1, rough=False, limit=jump))


def movement_of(piece: Piece, board: Board | None) -> Movement | None:
    """Pace this turn (Wounds; 0 for who cannot move), the dash (running in combat, the
    sprint out of it), the ways of moving and what the token has moved this turn; None when
    the stat block does not parse.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> from battlemap.rules.savage_pathfinder.table.turns import begin_combat
    >>> from battlemap.rules.testing import open_board
    >>> ann = Piece("a", "Ann", 0.5, 0.5, stats={"pace": 6, "wild_card": True})
    >>> board = note_move(begin_combat(open_board((ann,)), PhysicalCards(["KS"]))[0], "a", 2)
    >>> move = movement_of(ann, board)
    >>> move.dash, move.dash_name, move.spent, move.mode_named("jump").limit
    (12, 'Running', 2.0, 2.0)
    """
    try:
        mover = combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)
    except RulesError:
        return None
    pace = pace_for_turn(mover, stood_up=board is not None and stood(board, piece.id))
    spent = moved(board, piece.id) if board is not None else 0.0
    if board is not None and initiative(board).round > 0:
        dash, dash_name = pace + mover.running_die, "Running"
    else:
        sprinting, minutes = sprint(mover)
        dash, dash_name = max(pace, sprinting), f"Sprint ({minutes:g} min)"
    walk = MoveMode.CRAWL if mover.condition.prone else MoveMode.WALK
    return Movement(pace, dash if pace else 0, modes=move_modes(spent), mode=walk.value,
                    spent=spent, dash_name=dash_name)


def note_move(board: Board, token_id: str, cost: float) -> Board:
    """``board`` noting that ``token_id`` used ``cost`` inches of Pace (in combat only: out of
    it no turn ends to forget it).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> note_move(open_board(), "a", 3).combat
    {}
    """
    if initiative(board).round == 0:
        return board
    after = drop_effects(mark_moved(board, token_id, cost), token_id, "aim")
    move = movement_of(after.token(token_id), after)
    running = move is not None and moved(after, token_id) > move.pace + 1e-9
    return mark_ran(after, token_id) if running else after


def aim_problem(board: Board, token_id: str, *, running: bool = False,
                riding: bool = False) -> str | None:
    """Why ``token_id`` cannot Aim now: he moved or ran this turn (or is ``running`` or
    ``riding`` as declared for the attack); None when he stands still.

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> from battlemap.rules.savage_pathfinder.table.timed_states import mark_moved
    >>> aim_problem(mark_moved(open_board(), "a", 2), "a")
    'aim: the shooter must be stationary, but walked (2" this turn)'
    """
    walked = moved(board, token_id)
    try:
        check_aiming(walked=walked > 0, ran=running or ran(board, token_id), riding=riding,
                     jostled=False)
    except RulesError as error:
        return str(error).replace("walked", f'walked ({walked:g}" this turn)')
    return None
