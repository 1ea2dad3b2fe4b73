"""Qt-free edit helpers: find what is under a point, and build the next encounter snapshot.

Each function returns a new :class:`~battlemap.desktop.core.model.Encounter` (or a found item); the
GUI hands the result to :meth:`battlemap.desktop.core.state.BattleState.apply` as one undoable edit.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token, Wall, WallKind
>>> door = Wall(id="d1", points=((0, 0), (1, 0)), kind=WallKind.DOOR)
>>> enc = Encounter(tokens=(Token(id="a", name="A", x=0.5, y=1.5),), walls=(door,))
>>> token_at(enc, 0.7, 1.2).id
'a'
>>> toggle_door(enc, "d1").wall("d1").is_open
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from battlemap.desktop.core.board import board_of, encounter_after
from battlemap.desktop.core.model import (
    Encounter,
    GridKind,
    Point,
    Region,
    RegionKind,
    Token,
    Wall,
    WallKind,
)
from battlemap.rules.registry import find_system

WALL_PICK_TOLERANCE = 0.25
"""How close (in cells) a click must come to a wall to pick it."""


def token_at(encounter: Encounter, x: float, y: float, *, include_hidden: bool = True) -> (
    Token | None
):
    """The topmost token whose disc contains ``(x, y)``, or None.

    Examples
    --------
    >>> enc = Encounter(tokens=(Token(id="h", name="H", x=1.5, y=1.5, hidden=True),))
    >>> token_at(enc, 1.5, 1.5, include_hidden=False) is None
    True
    """
    for token in reversed(encounter.tokens):
        if token.hidden and not include_hidden:
            continue
        if math.hypot(token.x - x, token.y - y) <= token.radius:
            return token
    return None


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    """Distance from point ``p`` to segment ``ab``.

    Examples
    --------
    >>> distance_to_segment((1, 1), (0, 0), (2, 0))
    1.0
    """
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


LIGHT_PICK_RADIUS = 0.3
"""How close (cells) to a light's centre a press picks it (its flame mark is 0.15 wide)."""


def light_at(encounter: Encounter, x: float, y: float) -> str | None:
    """The id of the topmost light whose centre is within :data:`LIGHT_PICK_RADIUS`, or None.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Light
    >>> enc = Encounter(lights=(Light("torch", 2.0, 2.0, 2.0, 4.0),))
    >>> light_at(enc, 2.1, 1.9), light_at(enc, 3.0, 2.0)
    ('torch', None)
    """
    for light in reversed(encounter.lights):
        if math.hypot(light.x - x, light.y - y) <= LIGHT_PICK_RADIUS:
            return light.id
    return None


def move_light(encounter: Encounter, light_id: str, at: Point) -> Encounter:
    """``encounter`` with the light ``light_id`` at ``at``.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Light
    >>> enc = Encounter(lights=(Light("torch", 2.0, 2.0, 2.0, 4.0),))
    >>> move_light(enc, "torch", (5.0, 1.0)).lights[0].x
    5.0
    """
    lights = tuple(replace(lt, x=at[0], y=at[1]) if lt.id == light_id else lt
                   for lt in encounter.lights)
    return replace(encounter, lights=lights)


def wall_at(encounter: Encounter, x: float, y: float, tolerance: float = WALL_PICK_TOLERANCE) -> (
    Wall | None
):
    """The wall nearest to ``(x, y)`` within ``tolerance`` cells (doors win ties), or None.

    Examples
    --------
    >>> enc = Encounter(walls=(Wall(id="w1", points=((0, 0), (4, 0))),))
    >>> wall_at(enc, 2, 0.2).id, wall_at(enc, 2, 1.0)
    ('w1', None)
    """
    best: tuple[float, int, Wall] | None = None
    for wall in encounter.walls:
        gap = _distance_to_polyline((x, y), wall.points)
        key = (gap, 0 if wall.kind is WallKind.DOOR else 1, wall)
        if gap <= tolerance and (best is None or key[:2] < best[:2]):
            best = key
    return best[2] if best else None


def _distance_to_polyline(p: Point, points: tuple[Point, ...]) -> float:
    pairs = itertools.pairwise(points)
    return min((distance_to_segment(p, a, b) for a, b in pairs), default=math.inf)


def point_in_polygon(p: Point, polygon: tuple[Point, ...]) -> bool:
    """True if ``p`` lies inside ``polygon`` (even-odd rule).

    Examples
    --------
    >>> square = ((0, 0), (2, 0), (2, 2), (0, 2))
    >>> point_in_polygon((1, 1), square), point_in_polygon((3, 1), square)
    (True, False)
    """
    x, y = p
    inside = False
    for (ax, ay), (bx, by) in itertools.pairwise((*polygon, polygon[0])):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def region_at(encounter: Encounter, x: float, y: float) -> Region | None:
    """The topmost region containing ``(x, y)``, or None.

    Examples
    --------
    >>> mud = Region(id="r1", points=((0, 0), (2, 0), (2, 2)))
    >>> region_at(Encounter(regions=(mud,)), 1.5, 0.5).id
    'r1'
    """
    for region in reversed(encounter.regions):
        if len(region.points) >= 3 and point_in_polygon((x, y), region.points):
            return region
    return None


def move_tokens(encounter: Encounter, positions: Mapping[str, Point]) -> Encounter:
    """A copy with each token named in ``positions`` moved to its new centre.

    Examples
    --------
    >>> enc = Encounter(tokens=(Token(id="a", name="A", x=0.5, y=0.5),))
    >>> move_tokens(enc, {"a": (3.5, 2.5)}).token("a").y
    2.5
    """
    tokens = tuple(
        t.moved_to(*positions[t.id]) if t.id in positions else t for t in encounter.tokens
    )
    return replace(encounter, tokens=tokens)


def with_stats(encounter: Encounter, token_id: str, stats: Mapping[str, Any]) -> Encounter:
    """A copy with the GM's stat block ``stats`` (already checked) given to the token, and what
    the encounter's game system says the change brings by its rules (the states a condition
    implies, their clocks, a log entry: :meth:`~battlemap.rules.registry.GameSystem.\
statblock_edited`).

    Examples
    --------
    >>> enc = Encounter(tokens=(Token(id="a", name="A", x=0.5, y=0.5),))
    >>> with_stats(enc, "a", {"pace": 5}).token("a").stats
    {'pace': 5}
    """
    board = find_system(encounter.system).statblock_edited(board_of(encounter), token_id, stats)
    return encounter_after(encounter, board)


def toggle_door(encounter: Encounter, wall_id: str) -> Encounter:
    """A copy with the door (or window) ``wall_id`` opened if closed, closed if open."""
    wall = encounter.wall(wall_id)
    return encounter.with_wall(replace(wall, is_open=not wall.is_open))


def set_hidden(encounter: Encounter, token_id: str, hidden: bool) -> Encounter:
    """A copy with the token hidden from (or shown to) the players.

    Examples
    --------
    >>> enc = Encounter(tokens=(Token(id="a", name="A", x=0.5, y=0.5),))
    >>> set_hidden(enc, "a", True).token("a").hidden
    True
    """
    return encounter.with_token(replace(encounter.token(token_id), hidden=hidden))


def without_ids(encounter: Encounter, ids: frozenset[str]) -> Encounter:
    """A copy without the tokens, walls and regions whose ids are in ``ids``.

    Examples
    --------
    >>> enc = Encounter(tokens=(Token(id="a", name="A", x=0.5, y=0.5),),
    ...                 walls=(Wall(id="w", points=((0, 0), (1, 0))),))
    >>> gone = without_ids(enc, frozenset({"a", "w"}))
    >>> (len(gone.tokens), len(gone.walls))
    (0, 0)
    """
    return replace(
        encounter,
        tokens=tuple(t for t in encounter.tokens if t.id not in ids),
        walls=tuple(w for w in encounter.walls if w.id not in ids),
        regions=tuple(r for r in encounter.regions if r.id not in ids),
    )


def initials(name: str) -> str:
    """Up to two capital letters for a token disc: the first letters of the first two words.

    Examples
    --------
    >>> initials("Goblin archer"), initials("valeros"), initials("  ")
    ('GA', 'VA', '?')
    """
    words = name.split()
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].upper()
    return (words[0][0] + words[1][0]).upper()


def label_for_move(encounter: Encounter, token_ids: list[str]) -> str:
    """The undo label of a move: ``"Move Goblin"`` or ``"Move 3 tokens"``.

    Examples
    --------
    >>> enc = Encounter(tokens=(Token(id="a", name="Goblin", x=0.5, y=0.5),))
    >>> label_for_move(enc, ["a"])
    'Move Goblin'
    """
    if len(token_ids) == 1:
        return f"Move {encounter.token(token_ids[0]).name}"
    return f"Move {len(token_ids)} tokens"


def turn_facing(facing: float, steps: int, kind: GridKind) -> float:
    """``facing`` turned ``steps`` sides clockwise: a hex side (60°) on a hex grid, an eighth
    (45°) elsewhere, snapped first to the grid's sides (on the pointy-top hexes the sides face
    30°, 90°, ... 330°, so a facing always points at a hex side, never at a corner).

    Examples
    --------
    >>> turn_facing(0.0, 1, GridKind.HEX), turn_facing(10.0, -1, GridKind.SQUARE)
    (90.0, 315.0)
    >>> turn_facing(0.0, -1, GridKind.HEX), turn_facing(30.0, 6, GridKind.HEX)
    (330.0, 30.0)
    """
    from battlemap.geometry.facing import grid_facing, grid_facing_step

    # gridless maps turn by eighths too, snapped like squares
    grid = kind if kind is GridKind.HEX else GridKind.SQUARE
    return (grid_facing(facing, grid) + steps * grid_facing_step(grid)) % 360.0


def faced_on_grid(token: Token, kind: GridKind) -> Token:
    """``token`` with its facing as the rules read it on a ``kind`` grid (a hex side on
    hexes, an eighth on squares; see :func:`battlemap.geometry.facing.grid_facing`), so the facing
    mark drawn is the facing measured.

    Examples
    --------
    >>> faced_on_grid(Token("g", "Guard", 0.5, 0.5), GridKind.HEX).facing
    30.0
    """
    from battlemap.geometry.facing import grid_facing

    facing = grid_facing(token.facing, kind)
    return token if facing == token.facing else replace(token, facing=facing)


ROOM_WALLS = (WallKind.WALL, WallKind.DOOR, WallKind.WINDOW)
"""The walls that close a room (a door or a window closes it too; low walls and objects not)."""


def zones_from_rooms(encounter: Encounter) -> tuple[Encounter, int]:
    """A zone for each room the walls enclose that no zone covers yet, named Room 1, Room 2 ...
    in reading order; the new encounter and how many zones it gained.

    Examples
    --------
    >>> box = Wall(id="w", points=((0, 0), (6, 0), (6, 4), (0, 4), (0, 0)))
    >>> split = Wall(id="d", points=((3, 0), (3, 4)), kind=WallKind.DOOR)
    >>> enc, made = zones_from_rooms(Encounter(walls=(box, split)))
    >>> made, [(r.name, r.kind.value) for r in enc.regions]
    (2, [('Room 1', 'zone'), ('Room 2', 'zone')])
    >>> zones_from_rooms(enc)[1]  # each room has its zone already
    0
    """
    zones = [r.points for r in encounter.regions if r.kind is RegionKind.ZONE]
    from battlemap.geometry.zones import rooms  # shapely: not for a window's start

    found = rooms([w.points for w in encounter.walls if w.kind in ROOM_WALLS])
    fresh = [room for room in found
             if not any(point_in_polygon(room.inside, zone) for zone in zones)]
    names = {r.name for r in encounter.regions}
    numbers = (n for n in itertools.count(1) if f"Room {n}" not in names)
    for room in fresh:
        region = Region(id=encounter.new_id("zone"), points=room.outline, kind=RegionKind.ZONE,
                        name=f"Room {next(numbers)}")
        encounter = encounter.with_region(region)
    return encounter, len(fresh)
