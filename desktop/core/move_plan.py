"""What one token's move costs, as its game system counts it, and the encounter after it.

The drag's ruler (:class:`battlemap.desktop.core.tools.SelectTool`) and ``battlemap move`` both ask
:func:`plan_move`: the length of the path (from the start through the waypoints ``via`` to the
end) as :func:`battlemap.geometry.movement.path_length` measures it, leg by leg on the grid
(difficult ground twice, unless the way of moving is not slowed by it), times the factor of the
way of moving the system declares (:class:`battlemap.rules.interface.MoveMode`: climbing uses 2" of
Pace an inch in Savage Pathfinder), on top of what the token has moved this turn, and the band of
the turn's move it reaches. The plan also names each wall the path goes through that stops a
move (:func:`battlemap.desktop.core.movement.blocks_movement`: a solid wall, a closed door), where
it is in words; :func:`shortest_way` finds the path round them
(:mod:`battlemap.geometry.pathfinding`). :func:`make_move` moves the tokens and lets the system note
the move (:meth:`battlemap.rules.registry.GameSystem.moved`).

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> ann = Token(id="a", name="Ann", x=0.5, y=0.5, stats={"pace": 6})
>>> enc = Encounter(system="savage-pathfinder", tokens=(ann,))
>>> plan = plan_move(enc, "a", (3.5, 0.5), "climb")
>>> plan.distance, plan.cost, plan.band.value, plan.mode.name
(3.0, 6.0, 'pace', 'Climbing')
>>> from battlemap.desktop.core.model import Wall, WallKind
>>> shut = Encounter(tokens=(ann,), walls=(Wall("d", ((2, 0), (2, 1)), WallKind.DOOR),))
>>> print(plan_move(shut, "a", (3.5, 0.5)).through)
Ann's path goes through a closed door 1.5" east of where Ann stood
>>> plan_move(shut, "a", (3.5, 0.5), via=[(1.5, 1.5), (2.5, 1.5)]).distance
3.0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from battlemap.desktop.core.board import board_of, encounter_after
from battlemap.desktop.core.edits import move_tokens
from battlemap.desktop.core.model import Encounter, GridKind, LogEntry, Point, Token, Wall, WallKind
from battlemap.desktop.core.movement import PaceBand, blocks_movement, pace_band
from battlemap.desktop.core.wording import COMPASS
from battlemap.rules.interface import Movement, MoveMode
from battlemap.rules.registry import find_system

if TYPE_CHECKING:
    from battlemap.geometry.index import Battlefield
    from battlemap.geometry.pathfinding import Barriers

__all__ = ["Crossing", "MovePlan", "MoveWalls", "allowed_through", "body_of", "make_move",
           "mode_of",
           "movement_of", "plan_move", "refused_through", "shortest_way", "walls_of"]

_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Crossing:
    """A wall a move goes through: the wall's id, the leg of the path (0: the first),
    ``words``: what and where for the GM ("a closed door 2" east of where Ann stood") and
    ``what`` alone ("a closed door")."""

    wall_id: str
    leg: int
    words: str
    what: str = "a wall"
    squeeze: bool = False
    """The path goes by the wall, but the mover is too big for the gap there: ``words`` say
    which gap ("for the gap between two walls 2" east of where Ogre stood")."""


@dataclass(frozen=True, slots=True, eq=False)
class MoveWalls:
    """The walls of one snapshot that stop a move, as :mod:`battlemap.geometry.pathfinding`
    barriers: barrier ``i`` is a piece of the wall ``wall_ids[i]``."""

    barriers: Barriers
    wall_ids: tuple[str, ...]


_WALLS: dict[int, tuple[Encounter, MoveWalls]] = {}


def walls_of(encounter: Encounter) -> MoveWalls:
    """The walls of ``encounter`` that stop a move, built once per snapshot.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Wall, WallKind
    >>> enc = Encounter(walls=(Wall("w", ((0, 0), (4, 0), (4, 4))),
    ...                        Wall("d", ((0, 1), (0, 2)), WallKind.DOOR, is_open=True)))
    >>> walls_of(enc).wall_ids
    ('w', 'w')
    """
    cached = _WALLS.get(id(encounter))
    if cached is not None and cached[0] is encounter:
        return cached[1]
    from battlemap.geometry.pathfinding import Barriers  # numpy and shapely: at the first drag

    pieces = [(wall.id, (*a, *b)) for wall in encounter.walls if blocks_movement(wall)
              for a, b in pairwise(wall.points) if a != b]
    walls = MoveWalls(Barriers.of([row for _, row in pieces]), tuple(w for w, _ in pieces))
    if len(_WALLS) >= 8:
        del _WALLS[next(iter(_WALLS))]
    _WALLS[id(encounter)] = (encounter, walls)
    return walls


@dataclass(frozen=True, slots=True)
class MovePlan:
    """One token's move from ``start`` to ``end`` along ``path`` (the start, the waypoints,
    the end): ``distance`` as the map counts it (in the encounter's unit), ``cost`` of the
    turn's move after the mode's factor, the ``band`` it reaches with what was
    ``movement.spent`` before, and ``problem``: why the system's rules refuse it (beyond the
    dash, farther than a jump goes), None when they allow it; ``crossings``: the walls the
    path goes through that stop a move (the GM may still allow it)."""

    token_id: str
    start: Point
    end: Point
    distance: float
    cost: float
    movement: Movement | None
    mode: MoveMode | None
    band: PaceBand
    problem: str | None = None
    path: tuple[Point, ...] = ()
    crossings: tuple[Crossing, ...] = ()
    name: str = ""
    """The mover's name, for the words."""

    @property
    def spent(self) -> float:
        """What the token had moved this turn before this move."""
        return self.movement.spent if self.movement is not None else 0.0

    @property
    def through(self) -> str | None:
        """The walls the path goes through, in words (None: it goes through none)."""
        if not self.crossings:
            return None
        words = [c.words for c in self.crossings if not c.squeeze]
        parts = [f"{self.name}'s path goes through {_listed(words)}"] if words else []
        parts += [f"{self.name} is too big {c.words}" for c in self.crossings if c.squeeze]
        return "; ".join(parts)


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


ZONES = "zones"
"""``Movement.counted_in`` of a system whose moves count zones, not distance."""


def distance_text(value: float, unit: str) -> str:
    """A move's distance as the ruler and ``battlemap move`` write it: ``7"``, ``7.5 ft``, or
    counted zones (``unit`` ``"zones"``).

    >>> distance_text(7.0, "in"), distance_text(7.5, "ft"), distance_text(1, "zones")
    ('7"', '7.5 ft', '1 zone')
    """
    if unit == ZONES:  # counted, not measured: "1 zone", "2 zones"
        return f"{value:g} zone" + "s" * (value != 1)
    return f"{value:.1f}".removesuffix(".0") + _unit(unit)


def unit_of(plan: MovePlan, unit: str) -> str:
    """The unit ``plan``'s distance is counted in: ``"zones"`` where its system counts zones,
    else the encounter's ``unit``."""
    return ZONES if plan.movement is not None and plan.movement.counted_in == ZONES else unit


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
              start: Point | None = None, via: Sequence[Point] = (),
              walls: MoveWalls | None = None) -> MovePlan:
    """The move of ``token_id`` to ``end`` through the waypoints ``via`` in ``mode_id`` (see
    :func:`mode_of`); ``field``, ``movement`` and ``walls`` may be passed in when a drag
    already has them, ``start`` when the token is not where the encounter has it."""
    token = encounter.token(token_id)
    origin = start if start is not None else (token.x, token.y)
    move = movement if movement is not None else movement_of(encounter, token_id)
    mode = mode_of(move, mode_id)
    from battlemap.desktop.core.battlefield import battlefield_of  # geometry: at the first drag
    from battlemap.geometry.movement import path_length

    ground = field if field is not None else battlefield_of(encounter)
    path = _path(origin, via, end)
    if move is not None and move.counted_in == ZONES:
        from battlemap.geometry.zones import zones_along

        distance = float(zones_along(ground, path))
    else:
        counted = path_length(ground, path, crawling=mode is not None and not mode.rough)
        distance = counted * encounter.grid.distance_per_cell
    cost = distance * (mode.factor if mode is not None else 1)
    crossings = _crossings(encounter, token.name, path, walls or walls_of(encounter),
                           body_of(token, encounter))
    if move is None:
        return MovePlan(token_id, origin, end, distance, cost, None, mode, PaceBand.PACE,
                        path=path, crossings=crossings, name=token.name)
    problem = _problem(encounter, token_id, distance, cost, move, mode)
    band = PaceBand.BEYOND if problem else pace_band(move.spent + cost, move)
    return MovePlan(token_id, origin, end, distance, cost, move, mode, band, problem, path,
                    crossings, token.name)


def _path(origin: Point, via: Sequence[Point], end: Point) -> tuple[Point, ...]:
    """The path's points without repeats of the point before."""
    points = [origin]
    for point in (*via, end):
        if point != points[-1]:
            points.append(point)
    return tuple(points) if len(points) > 1 else (origin, end)


def body_of(token: Token, encounter: Encounter) -> float:
    """How wide (cells) a token's move must find the way: its size when it is larger than a
    cell (an Ogre of size 2 does not squeeze through a door), else 0 (its centre line: a
    creature of one cell goes through any door)."""
    return token.size if token.size > 1 + _EPS else 0.0


def _crossings(encounter: Encounter, name: str, path: Sequence[Point],
               walls: MoveWalls, body: float = 0.0) -> tuple[Crossing, ...]:
    """Each wall the path goes through, once, with where it is in words; for a ``body`` over
    0, each gap along a leg it is too big for (walls it already touches where it stands
    left out)."""
    found: list[Crossing] = []
    seen: set[str] = set()
    by_id = {w.id: w for w in encounter.walls}
    square = encounter.grid.kind is GridKind.SQUARE
    touching = set(walls.barriers.swept(path[0], path[0], body, square).tolist()) if body \
        else set()
    for leg, (a, b) in enumerate(pairwise(path)):
        through = walls.barriers.crossed_at(a, b)
        for index, at in through:
            wall_id = walls.wall_ids[index]
            if wall_id not in seen:
                seen.add(wall_id)
                wall = by_id[wall_id]
                found.append(Crossing(wall_id, leg, _where(encounter, wall, at, path[0], name),
                                      _what(wall)))
        if not body:
            continue
        crossed = {index for index, _ in through}
        squeezed = [int(i) for i in walls.barriers.swept(a, b, body, square)
                    if int(i) not in crossed and int(i) not in touching]
        ids = list(dict.fromkeys(walls.wall_ids[i] for i in squeezed))
        if squeezed and not through and not any(w in seen for w in ids):
            seen.update(ids)
            at = walls.barriers.nearest_on(a, b, squeezed[0])
            around = walls.barriers.swept(at, at, 2 * body, False).tolist()  # the gap's side
            ids += [w for w in dict.fromkeys(walls.wall_ids[i] for i in around
                                             if i not in touching) if w not in ids]
            found.append(Crossing(ids[0], leg, _gap(encounter, [by_id[w] for w in ids[:2]], at,
                                                    path[0], name), f"a gap too narrow for {name}",
                                  squeeze=True))
    return tuple(found)


def _gap(encounter: Encounter, walls: Sequence[Wall], at: Point, origin: Point,
         name: str) -> str:
    """Why a body is too big, the gap between ``walls`` (one: past it) in words, and where:
    "for the gap between a wall and a closed door 2" east of where Ogre stood"."""
    place = _place(encounter, at, origin, name)
    if len(walls) == 1:
        return f"to get past {_what(walls[0])} {place}"
    first, second = _what(walls[0]), _what(walls[1])
    pair = f"two {first.split(' ', 1)[1]}s" if first == second else f"{first} and {second}"
    return f"for the gap between {pair} {place}"


def _where(encounter: Encounter, wall: Wall, at: Point, origin: Point, name: str) -> str:
    """``wall`` in words, and where the path meets it from where ``name`` stood: "a closed
    door 2" east of where Ann stood" (up the screen is north)."""
    return f"{_what(wall)} {_place(encounter, at, origin, name)}"


def _place(encounter: Encounter, at: Point, origin: Point, name: str) -> str:
    """Where ``at`` is from where ``name`` stood: "2" east of where Ann stood"."""
    dx, dy = at[0] - origin[0], at[1] - origin[1]
    far = math.hypot(dx, dy) * encounter.grid.distance_per_cell
    if far < 0.5 * encounter.grid.distance_per_cell:
        return f"right where {name} stood"
    heading = COMPASS[round(math.degrees(math.atan2(dy, dx)) / 45.0) % 8]
    amount = f"{far:.1f}".removesuffix(".0") + _unit(encounter.grid.unit)
    return f"{amount} {heading} of where {name} stood"


def _what(wall: Wall) -> str:
    return {WallKind.DOOR: "a closed door", WallKind.WINDOW: "a closed window",
            WallKind.OBJECT: "an object"}.get(wall.kind, "a wall")


def shortest_way(encounter: Encounter, token_id: str, start: Point, end: Point,
                 mode_id: str = "", *, field: Battlefield | None = None,
                 movement: Movement | None = None, walls: MoveWalls | None = None,
                 stop: Callable[[], bool] | None = None) -> tuple[Point, ...] | None:
    """The cheapest path from ``start`` to ``end`` round every wall that stops a move, as the
    token's move counts it (difficult ground twice unless its way of moving is not slowed),
    wide enough for the token (:func:`body_of`: a large one goes round a gap narrower than
    itself); None when there is no way there. The path keeps to the map. ``stop`` is asked as
    the search goes (:class:`battlemap.geometry.pathfinding.SearchAbandoned` when it says True): the
    drag's search gives up when its time is spent or the hand has moved on.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Token, Wall
    >>> enc = Encounter(tokens=(Token("a", "Ann", 0.5, 0.5),), walls=(Wall("w", ((2, 0),
    ...                                                                      (2, 2))),))
    >>> shortest_way(enc, "a", (0.5, 0.5), (3.5, 0.5))
    ((0.5, 0.5), (1.5, 1.5), (1.5, 2.5), (2.5, 1.5), (3.5, 0.5))
    """
    from battlemap.desktop.core.battlefield import battlefield_of
    from battlemap.geometry.pathfinding import shortest_path

    move = movement if movement is not None else movement_of(encounter, token_id)
    mode = mode_of(move, mode_id)
    ground = field if field is not None else battlefield_of(encounter)
    box = (min(0.0, start[0], end[0]), min(0.0, start[1], end[1]),
           max(encounter.width, start[0], end[0]), max(encounter.height, start[1], end[1]))
    barriers = (walls or walls_of(encounter)).barriers
    body = body_of(encounter.token(token_id), encounter)
    if body:  # the walls it stands against already are no bar to its leaving
        barriers = _leaving(barriers, start, body, encounter.grid.kind is GridKind.SQUARE)
    return shortest_path(ground, barriers, start, end, box, body=body, stop=stop,
                         crawling=mode is not None and not mode.rough)


_LEAVING: dict[tuple[int, tuple[int, ...]], tuple[Barriers, Barriers]] = {}


def _leaving(barriers: Barriers, start: Point, body: float, square: bool) -> Barriers:
    """``barriers`` without those a body ``body`` cells across already touches at ``start``
    (kept per set of barriers left out: the search's graph is kept with them)."""
    touching = tuple(sorted(barriers.swept(start, start, body, square).tolist()))
    if not touching:
        return barriers
    key = (id(barriers), touching)
    cached = _LEAVING.get(key)
    if cached is not None and cached[0] is barriers:
        return cached[1]
    from battlemap.geometry.pathfinding import Barriers

    gone = set(touching)
    left = Barriers.of([row for n, row in enumerate(barriers.segments.tolist()) if n not in gone])
    while len(_LEAVING) >= 8:
        del _LEAVING[next(iter(_LEAVING))]
    _LEAVING[key] = (barriers, left)
    return left


def _problem(encounter: Encounter, token_id: str, distance: float, cost: float,
             move: Movement, mode: MoveMode | None) -> str | None:
    """Why the system's numbers refuse this move: farther than the mode goes, or beyond the
    turn's move with the extra effort."""
    name = encounter.token(token_id).name
    unit = " zones" if move.counted_in == ZONES else _unit(encounter.grid.unit)
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
    >>> from battlemap.desktop.core.model import Encounter, Token
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


def allowed_through(moved: Encounter, through: str) -> Encounter:
    """``moved`` with the log noting that the GM let the move go through walls.

    Examples
    --------
    >>> allowed_through(Encounter(), "Ann's path goes through a wall").log[-1].title
    "Ann's path goes through a wall: the GM allowed the move"
    """
    return moved.with_log(LogEntry(f"{through}: the GM allowed the move"))


def refused_through(encounter: Encounter, through: str) -> tuple[str, Encounter]:
    """Why a move from the table through walls is refused, and ``encounter`` (nobody moved)
    with that in the log.

    Examples
    --------
    >>> text, after = refused_through(Encounter(), "Ann's path goes through a closed door")
    >>> print(text)
    Move refused: Ann's path goes through a closed door (go round, or ask the GM)
    >>> after.log[-1].title == text
    True
    """
    text = f"Move refused: {through} (go round, or ask the GM)"
    return text, encounter.with_log(LogEntry(text))
