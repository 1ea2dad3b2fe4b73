"""What lies on the line of fire: obstacles to shoot through and bystanders who might be hit.

- The *line of fire* runs from the attacker's eye to the middle of the target's height. The
  obstacles are the solid occluders it crosses below their top (a low wall it clears is not
  one), nearest first, each once, with its hardness.
- The *corridor* is the attacker's view of the target: the triangle from the attacker's centre
  to the target's silhouette (as wide as the target, across the sight line). Bystanders are
  the other bodies whose footprint meets it, nearest first, then those adjacent to the target.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body, Occluder
>>> field = Battlefield.build(
...     bodies=[Body("a", 0.5, 0.5), Body("t", 8.5, 0.5), Body("x", 4.5, 0.9), Body("y", 9.5, 0.5)],
...     occluders=[Occluder("door", 6, -1, 6, 2, hardness=8, blocks_sight=False)],
... )
>>> obstacles_between(field, "a", "t"), bystanders(field, "a", "t")
((Obstacle(id='door', hardness=8.0),), ('x', 'y'))
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from battlemap.geometry.cover import EYE_HEIGHT, eye_of
from battlemap.geometry.index import Battlefield
from battlemap.geometry.measure import ADJACENT_GAP, edge_gaps
from battlemap.geometry.shapes import Point
from battlemap.geometry.vectors import crossings_among

__all__ = [
    "Obstacle",
    "bodies_in_corridor",
    "bystanders",
    "bystanders_from",
    "crossings",
    "obstacles_between",
    "obstacles_crossed",
]

FloatArray = npt.NDArray[np.float64]
IndexArray = npt.NDArray[np.intp]


@dataclass(frozen=True, slots=True)
class Obstacle:
    """A solid occluder on the line of fire."""

    id: str
    hardness: float


def crossings(field: Battlefield, start: Point, end: Point) -> tuple[IndexArray, FloatArray]:
    """Occluders the segment ``start -> end`` crosses, and where (0..1 along it), in order.

    Touching an occluder's end counts; running along one (parallel) does not; walls crossed at
    the same point come by number.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Occluder
    >>> field = Battlefield.build(occluders=[Occluder("w", 2, -1, 2, 1), Occluder("v", 9, 0, 9, 1)])
    >>> walls, where = crossings(field, (0.0, 0.0), (4.0, 0.0))
    >>> walls.tolist(), where.tolist()
    ([0], [0.5])
    """
    slack = 1e-9 * (1.0 + max(map(abs, (*start, *end))))  # rounding may touch a wall beside
    return crossings_among(field, field.occluders_along(start, end, slack), start, end)


def obstacles_between(
    field: Battlefield, attacker_id: str, target_id: str, *, eye_height: float = EYE_HEIGHT
) -> tuple[Obstacle, ...]:
    """Solid occluders the line of fire crosses below their top, nearest first.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> low_wall = Occluder("low", 3, -1, 3, 1, top=0.5)
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 6, 0)], occluders=[low_wall])
    >>> obstacles_between(field, "a", "t")  # the line runs from 0.9 down to 0.5: clears it
    ()
    """
    ex, ey, ez = eye_of(field.body(attacker_id), eye_height)
    target = field.body(target_id)
    walls, t = crossings(field, (ex, ey), (target.x, target.y))
    return obstacles_crossed(field, walls, t, (ez, target.base_z + target.height / 2.0))


def obstacles_crossed(
    field: Battlefield, walls: IndexArray, where: FloatArray, heights: tuple[float, float]
) -> tuple[Obstacle, ...]:
    """The obstacles among the ``walls`` the line of fire crosses (nearest first, ``where``
    along it, from :func:`crossings`): the solid ones it crosses below their top, each once,
    the line rising or falling from the eye to the aim point (``heights``: their z).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Occluder
    >>> field = Battlefield.build(occluders=[Occluder("low", 3, -1, 3, 1, top=0.5)])
    >>> obstacles_crossed(field, np.array([0]), np.array([0.5]), (0.9, 0.0))
    (Obstacle(id='low', hardness=10.0),)
    """
    eye_z, aim_z = heights
    below_top = eye_z + where * (aim_z - eye_z) < field.wall_table[7, walls]  # -inf: not solid
    made: dict[int, Obstacle] = field.derived.setdefault("obstacles", {})
    found: dict[str, Obstacle] = {}
    for w in walls[below_top].tolist():
        if w not in made:
            made[w] = Obstacle(field.occluders[w].id, field.occluders[w].hardness)
        found.setdefault(made[w].id, made[w])
    return tuple(found.values())


def bystanders(field: Battlefield, attacker_id: str, target_id: str) -> tuple[str, ...]:
    """Other bodies in the corridor (nearest first), then those adjacent to the target.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 0, 0)])
    >>> bystanders(field, "a", "t")
    ()
    """
    a, t = field.index_of(attacker_id), field.index_of(target_id)
    return bystanders_from(field, a, t, edge_gaps(field, t))


def bystanders_from(
    field: Battlefield, attacker: int, target: int, target_gaps: FloatArray
) -> tuple[str, ...]:
    """:func:`bystanders` by body number, given the target's :func:`edge_gaps` (reused).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 4, 0), Body("x", 4, 1)])
    >>> bystanders_from(field, 0, 1, edge_gaps(field, 1))
    ('x',)
    """
    in_line = bodies_in_corridor(field, attacker, target)
    near_target = (target_gaps < ADJACENT_GAP).nonzero()[0]
    ordered = [*in_line.tolist(), *near_target.tolist()]
    chosen = dict.fromkeys(i for i in ordered if i not in (attacker, target))
    return tuple(field.bodies[i].id for i in chosen)


def bodies_in_corridor(field: Battlefield, a: int, t: int) -> IndexArray:
    """Numbers of the bodies whose footprint meets the corridor from body ``a`` to ``t``.

    Nearest the attacker first; both ends are included (their discs meet it).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 6, 0), Body("x", 3, 0.6)])
    >>> bodies_in_corridor(field, 0, 1).tolist()
    [0, 2, 1]
    """
    attacker, target = field.bodies[a], field.bodies[t]
    d = math.hypot(target.x - attacker.x, target.y - attacker.y)
    if d == 0.0:
        return np.zeros(0, dtype=np.intp)
    ux, uy = (target.x - attacker.x) / d, (target.y - attacker.y) / d
    dx, dy, r = field.body_x - attacker.x, field.body_y - attacker.y, field.body_radius
    along, across = dx * ux + dy * uy, np.abs(dy * ux - dx * uy)
    half = target.radius
    near = ((along > -r) & (along < d + r) & (across < half + r)).nonzero()[0]
    rows = zip(
        near.tolist(), along[near].tolist(), across[near].tolist(), r[near].tolist(), strict=True
    )
    met = sorted((x, i) for i, x, y, reach in rows if _meets_corridor(x, y, reach, d, half))
    return np.array([i for _, i in met], dtype=np.intp)


def _meets_corridor(x: float, y: float, reach: float, d: float, half: float) -> bool:
    """Whether a disc of radius ``reach`` at ``x`` along the corridor and ``y >= 0`` across it
    meets the triangle from (0, 0) to (d, -half), (d, half): inside it, or nearer than
    ``reach`` to its side from the apex or to its far end."""
    if 0.0 <= x <= d and y * d <= half * x:
        return True
    share = min(max((x * d + y * half) / (d * d + half * half), 0.0), 1.0)
    side = math.hypot(x - share * d, y - share * half)
    end = math.hypot(x - d, max(y - half, 0.0))
    return min(side, end) < reach
