"""What one token's move costs, as its game system counts it, and the encounter after it.

The drag's ruler (:class:`desktop.core.tools.SelectTool`) and ``battlemap move`` both ask
:func:`plan_move`: the path's length as :func:`geometry.movement.path_length` measures it
(difficult ground twice, unless the way of moving is not slowed by it), times the factor of the
way of moving the system declares (:class:`rules.interface.MoveMode`: climbing uses 2" of Pace
an inch in Savage Pathfinder), on top of what the token has moved this turn, and the band of
the turn's move it reaches. :func:`make_move` moves the tokens and lets the system note the
move (:meth:`rules.registry.GameSystem.moved`).

Examples
--------
>>> from desktop.core.model import Encounter, Token
>>> ann = Token(id="a", name="Ann", x=0.5, y=0.5, stats={"pace": 6})
>>> enc = Encounter(system="savage-pathfinder", tokens=(ann,))
>>> plan = plan_move(enc, "a", (3.5, 0.5), "climb")
>>> plan.distance, plan.cost, plan.band.value, plan.mode.name
(3.0, 6.0, 'pace', 'Climbing')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from desktop.core.board import board_of, encounter_after
from desktop.core.edits import move_tokens
from desktop.core.model import Encounter, Point
from desktop.core.movement import PaceBand, pace_band
from rules.interface import Movement, MoveMode
from rules.registry import find_system

if TYPE_CHECKING:
    from geometry.index import Battlefield

__all__ = ["MovePlan", "make_move", "mode_of", "movement_of", "plan_move"]

_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class MovePlan:
    """One token's move from ``start`` to ``end``: ``distance`` as the map counts it (in the
    encounter's unit), ``cost`` of the turn's move after the mode's factor, the ``band`` it
    reaches with what was ``movement.spent`` before, and ``problem``: why the system's rules
    refuse it (beyond the dash, farther than a jump goes), None when they allow it."""

    token_id: str
    start: Point
    end: Point
    distance: float
    cost: float
    movement: Movement | None
    mode: MoveMode | None
    band: PaceBand
    problem: str | None = None

    @property
    def spent(self) -> float:
        """What the token had moved this turn before this move."""
        return self.movement.spent if self.movement is not None else 0.0


def movement_of(encounter: Encounter, token_id: str) -> Movement | None:
    """How far the token moves in a turn, as the encounter's game system says (None: not
    known, the ruler shows the distance only)."""
    try:
        system = find_system(encounter.system)
        board = board_of(encounter)
        return system.movement(board.token(token_id), board)
    except ValueError:
        return None


def mode_of(movement: Movement | None, mode_id: str = "") -> MoveMode | None:
    """The way of moving ``mode_id`` (""): the one the system starts a move in); ValueError
    naming the modes when the system has no such mode.

    Examples
    --------
    >>> mode_of(Movement(6, 12, modes=(MoveMode("walk", "Walking"),)), "fly")
    Traceback (most recent call last):
    ...
    ValueError: mode 'fly': the ways of moving are walk
    """
    if movement is None or not movement.modes:
        if mode_id:
            raise ValueError(f"mode {mode_id!r}: this game system declares no ways of moving")
        return None
    found = movement.mode_named(mode_id or movement.mode) or movement.modes[0]
    if mode_id and found.id != mode_id:
        names = ", ".join(m.id for m in movement.modes)
        raise ValueError(f"mode {mode_id!r}: the ways of moving are {names}")
    return found


def plan_move(encounter: Encounter, token_id: str, end: Point, mode_id: str = "", *,
              field: Battlefield | None = None, movement: Movement | None = None,
              start: Point | None = None) -> MovePlan:
    """The move of ``token_id`` to ``end`` in ``mode_id`` (see :func:`mode_of`); ``field``
    and ``movement`` may be passed in when a drag already has them, ``start`` when the token
    is not where the encounter has it."""
    token = encounter.token(token_id)
    origin = start if start is not None else (token.x, token.y)
    move = movement if movement is not None else movement_of(encounter, token_id)
    mode = mode_of(move, mode_id)
    from desktop.core.battlefield import battlefield_of  # geometry: at the first drag
    from geometry.movement import path_length

    ground = field if field is not None else battlefield_of(encounter)
    counted = path_length(ground, [origin, end], crawling=mode is not None and not mode.rough)
    distance = counted * encounter.grid.distance_per_cell
    cost = distance * (mode.factor if mode is not None else 1)
    if move is None:
        return MovePlan(token_id, origin, end, distance, cost, None, mode, PaceBand.PACE)
    problem = _problem(encounter, token_id, distance, cost, move, mode)
    band = PaceBand.BEYOND if problem else pace_band(move.spent + cost, move)
    return MovePlan(token_id, origin, end, distance, cost, move, mode, band, problem)


def _problem(encounter: Encounter, token_id: str, distance: float, cost: float,
             move: Movement, mode: MoveMode | None) -> str | None:
    """Why the system's numbers refuse this move: farther than the mode goes, or beyond the
    turn's move with the extra effort."""
    name, unit = encounter.token(token_id).name, _unit(encounter.grid.unit)
    if move.held:
        return move.held
    if mode is not None and mode.limit is not None and distance > mode.limit + _EPS:
        return f"{name}: {mode.name} goes at most {mode.limit:g}{unit} ({distance:g}{unit} asked)"
    if pace_band(move.spent + cost, move) is not PaceBand.BEYOND:
        return None
    farthest, what = ((move.dash, move.dash_name or move.name) if move.dash > move.pace
                      else (move.pace, move.name))
    used = f", {move.spent:g}{unit} used already" if move.spent else ""
    return (f"{name} may move {farthest:g}{unit} this turn ({what}{used}); this move costs "
            f"{cost:g}{unit}")


def _unit(unit: str) -> str:
    return '"' if unit == "in" else f" {unit}"


def make_move(encounter: Encounter, positions: Mapping[str, Point],
              plans: Mapping[str, MovePlan]) -> Encounter:
    """``encounter`` with the tokens of ``positions`` moved there and each move in ``plans``
    noted by the game system for the rest of the turn.

    Examples
    --------
    >>> from desktop.core.model import Encounter, Token
    >>> enc = Encounter(tokens=(Token(id="a", name="Ann", x=0.5, y=0.5),))
    >>> plan = plan_move(enc, "a", (2.5, 0.5))
    >>> make_move(enc, {"a": plan.end}, {"a": plan}).token("a").x
    2.5
    """
    moved = move_tokens(encounter, positions)
    try:
        system = find_system(encounter.system)
    except ValueError:
        return moved
    board = board_of(moved)
    for plan in plans.values():
        board = system.moved(board, plan.token_id, plan.cost, plan.mode.id if plan.mode else "")
    return encounter_after(moved, board)
