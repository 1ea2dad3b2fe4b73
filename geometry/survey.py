"""The survey of one attack: every measurement the rules need, in one call.

:func:`survey` is what the attack pipeline calls; the fields of :class:`Survey` are the keys
of ``battlemap survey --json`` (see :meth:`Survey.to_json`).

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body, Occluder
>>> field = Battlefield.build(
...     bodies=[Body("archer", 0.5, 0.5), Body("orc", 8.5, 0.5), Body("wolf", 8.5, 1.5)],
...     occluders=[Occluder("post", 6.0, 0.5, 6.0, 2.0, hardness=10)],
... )
>>> report = survey(field, "archer", "orc", weapon_ranges=(12, 24, 48))
>>> report.range_band, report.cover, report.bystanders, report.adjacent_to_target
(<RangeBand.SHORT: 'short'>, <CoverCategory.MEDIUM: 'medium'>, ('wolf',), ('wolf',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from battlemap.geometry.cover import (
    DEFAULT_THRESHOLDS,
    EYE_HEIGHT,
    CoverCategory,
    CoverThresholds,
    eye_of,
    least_hidden,
    viewpoints,
)
from battlemap.geometry.facing import Arc, grid_arc
from battlemap.geometry.illumination import illumination_at
from battlemap.geometry.index import Battlefield
from battlemap.geometry.line_of_fire import Obstacle, bystanders_from, obstacles_crossed
from battlemap.geometry.measure import (
    ADJACENT_GAP,
    RangeBand,
    distance_between,
    edge_gap_rows,
    range_band,
)
from battlemap.geometry.shapes import LightLevel
from battlemap.geometry.sightlines import least_hidden_of_one, walls_near_sight
from battlemap.geometry.vectors import crossings_among

__all__ = ["Survey", "survey"]


@dataclass(frozen=True, slots=True)
class Survey:
    """What the attacker sees of the target.

    ``distance`` is centre to centre on the grid (elevation by Pythagoras);
    ``elevation_difference`` is the target's base minus the attacker's (positive: the target
    is higher); ``attacker_arc`` is the arc of the *target* the attacker stands in, by the grid's
    diagram (:func:`battlemap.geometry.facing.grid_arc`: hex sides on hexes);
    ``illumination`` is the light at the target.
    """

    distance: float
    range_band: RangeBand
    cover_fraction: float
    cover: CoverCategory
    line_of_sight: bool
    obstacles: tuple[Obstacle, ...]
    bystanders: tuple[str, ...]
    adjacent_to_attacker: tuple[str, ...]
    adjacent_to_target: tuple[str, ...]
    elevation_difference: float
    attacker_arc: Arc
    illumination: LightLevel

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data under the CLI's key names.

        Examples
        --------
        >>> from battlemap.geometry.shapes import Body
        >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 1, 0)])
        >>> data = survey(field, "a", "b").to_json()
        >>> data["obstacles"], data["cover"], data["range_band"]
        ([], 'none', 'melee')
        """
        return {
            "distance": self.distance,
            "range_band": self.range_band.value,
            "cover_fraction": self.cover_fraction,
            "cover": self.cover.value,
            "line_of_sight": self.line_of_sight,
            "obstacles": [{"id": o.id, "hardness": o.hardness} for o in self.obstacles],
            "bystanders": list(self.bystanders),
            "adjacent_to_attacker": list(self.adjacent_to_attacker),
            "adjacent_to_target": list(self.adjacent_to_target),
            "elevation_difference": self.elevation_difference,
            "attacker_arc": self.attacker_arc.value,
            "illumination": self.illumination.value,
        }


def survey(
    field: Battlefield,
    attacker_id: str,
    target_id: str,
    *,
    weapon_ranges: tuple[float, float, float] | None = None,
    reach: float = 0.0,
    lean: bool = False,
    eye_height: float = EYE_HEIGHT,
    thresholds: CoverThresholds | None = None,
    creatures_hide: bool = False,
) -> Survey:
    """Measure one attack of ``attacker_id`` on ``target_id``.

    ``weapon_ranges`` are the weapon's Short/Medium/Long ranges (None: a melee weapon with
    ``reach``); ``lean`` lets the attacker look from the best point of its footprint;
    ``creatures_hide`` lets other bodies on the ground give cover (see :func:`cover_from`).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 1, 0, facing=90)])
    >>> report = survey(field, "a", "b")  # b looks right, away from a
    >>> report.range_band, report.adjacent_to_attacker, report.attacker_arc
    (<RangeBand.MELEE: 'melee'>, ('b',), <Arc.BACK: 'back'>)
    """
    a, t = field.index_of(attacker_id), field.index_of(target_id)
    attacker, target = field.bodies[a], field.bodies[t]
    gaps_a, gaps_t = edge_gap_rows(field, [a, t])
    distance = distance_between(field, attacker_id, target_id)
    band = range_band(distance, float(gaps_a[t]), weapon_ranges=weapon_ranges, reach=reach)
    eyes = viewpoints(attacker, eye_height) if lean else [eye_of(attacker, eye_height)]
    near = walls_near_sight(field, eyes, t)  # every wall on the line of fire too
    ex, ey, ez = eyes[0]
    crossed, where = crossings_among(field, near, (ex, ey), (target.x, target.y))
    if creatures_hide:
        hidden = least_hidden(field, attacker, np.array([t]), lean=lean, eye_height=eye_height,
                              creatures_hide=True)
        fraction = float(hidden[0])
    else:
        fraction = least_hidden_of_one(field, eyes, t, near, crossed)
    cover = (thresholds or DEFAULT_THRESHOLDS).category(fraction)
    aim_z = target.base_z + target.height / 2.0
    return Survey(
        distance=distance,
        range_band=band,
        cover_fraction=fraction,
        cover=cover,
        line_of_sight=cover is not CoverCategory.TOTAL,
        obstacles=obstacles_crossed(field, crossed, where, (ez, aim_z)),
        bystanders=bystanders_from(field, a, t, gaps_t),
        adjacent_to_attacker=_adjacent(field, gaps_a, a),
        adjacent_to_target=_adjacent(field, gaps_t, t),
        elevation_difference=target.base_z - attacker.base_z,
        attacker_arc=grid_arc(target, (attacker.x, attacker.y), field.grid).arc,
        illumination=illumination_at(field, (target.x, target.y)),
    )


def _adjacent(field: Battlefield, gaps: np.ndarray[Any, Any], me: int) -> tuple[str, ...]:
    near = (gaps < ADJACENT_GAP).nonzero()[0].tolist()
    return tuple(field.bodies[i].id for i in near if i != me)
