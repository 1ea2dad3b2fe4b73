"""Cover: how much of a target's silhouette the attacker cannot see, and its category.

The model (docs/geometry.md, "Cover"): the attacker's eye is at its centre, ``eye_height`` of
its height above its base (0.9 by default); the target's silhouette is the upright rectangle
through its centre, across the sight line, as wide as the token and as tall as its height. The
cover fraction is the hidden share of that rectangle; only occluders between eye and
silhouette count, full-height ones hide everything behind them, low ones only what lies below
the sight line over their top. Open doors and windows hide nothing.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body, Occluder
>>> field = Battlefield.build(
...     bodies=[Body("archer", 0.5, 0.5), Body("orc", 8.5, 0.5)],
...     occluders=[Occluder("post", 6.0, 0.5, 6.0, 2.0)],
... )
>>> cover_fraction(field, "archer", "orc")
0.5
>>> CoverThresholds().category(0.5)
<CoverCategory.MEDIUM: 'medium'>
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from battlemap.geometry.errors import GeometryError
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body
from battlemap.geometry.sightlines import Eye, least_hidden_fractions

__all__ = [
    "DEFAULT_THRESHOLDS",
    "EYE_HEIGHT",
    "CoverCategory",
    "CoverThresholds",
    "TargetCover",
    "cover_fraction",
    "cover_from",
    "eye_of",
    "least_hidden",
    "viewpoints",
]

EYE_HEIGHT = 0.9
"""Eye height as a share of the body's height, measured from its base."""
TOLERANCE = 1e-9
"""Fractions this close to a threshold count as reaching it (a quarter is a quarter)."""


class CoverCategory(StrEnum):
    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    NEAR_TOTAL = "near_total"
    TOTAL = "total"


ORDERED = tuple(CoverCategory)
"""The categories from none to total."""


@dataclass(frozen=True, slots=True)
class CoverThresholds:
    """The least hidden fraction for each category; total cover is reserved for 1 (no sight).

    Examples
    --------
    >>> CoverThresholds(light=0.5, medium=0.25)
    Traceback (most recent call last):
    ...
    battlemap.geometry.errors.GeometryError: CoverThresholds must rise: light 0.5, medium 0.25, ...
    """

    light: float = 0.25
    medium: float = 0.5
    heavy: float = 0.75
    near_total: float = 0.875

    def __post_init__(self) -> None:
        steps = (0.0, self.light, self.medium, self.heavy, self.near_total, 1.0)
        if not all(a < b for a, b in pairwise(steps)):
            raise GeometryError(
                f"CoverThresholds must rise: light {self.light}, medium {self.medium}, "
                f"heavy {self.heavy}, near_total {self.near_total}, all within (0, 1)"
            )

    def category(self, fraction: float) -> CoverCategory:
        """The category of a hidden ``fraction``.

        Examples
        --------
        >>> [CoverThresholds().category(f).value for f in (0.2, 0.25, 0.9, 1.0)]
        ['none', 'light', 'near_total', 'total']
        """
        if fraction >= 1.0 - TOLERANCE:
            return CoverCategory.TOTAL
        levels = (
            (self.near_total, CoverCategory.NEAR_TOTAL),
            (self.heavy, CoverCategory.HEAVY),
            (self.medium, CoverCategory.MEDIUM),
            (self.light, CoverCategory.LIGHT),
        )
        return next((c for t, c in levels if fraction >= t - TOLERANCE), CoverCategory.NONE)

    def categories(self, fractions: npt.NDArray[np.float64]) -> list[CoverCategory]:
        """:meth:`category` of each fraction, in one sorted lookup.

        Examples
        --------
        >>> [c.value for c in CoverThresholds().categories(np.array([0.2, 0.25, 0.9, 1.0]))]
        ['none', 'light', 'near_total', 'total']
        """
        steps = (self.light, self.medium, self.heavy, self.near_total, 1.0)
        edges = np.array(steps) - TOLERANCE
        return [ORDERED[k] for k in np.searchsorted(edges, fractions, "right").tolist()]


DEFAULT_THRESHOLDS = CoverThresholds()
"""Light >= 1/4, medium >= 1/2, heavy >= 3/4, near-total >= 7/8."""


@dataclass(frozen=True, slots=True)
class TargetCover:
    """One target's cover as seen by one attacker."""

    id: str
    fraction: float
    cover: CoverCategory

    @property
    def line_of_sight(self) -> bool:
        return self.cover is not CoverCategory.TOTAL


def eye_of(body: Body, eye_height: float = EYE_HEIGHT) -> Eye:
    """The body's eye: its centre, ``eye_height`` of its height above its base.

    Examples
    --------
    >>> eye_of(Body("a", 1.0, 2.0, base_z=3.0, height=2.0))
    (1.0, 2.0, 4.8)
    """
    return (body.x, body.y, body.base_z + eye_height * body.height)


def viewpoints(body: Body, eye_height: float = EYE_HEIGHT) -> list[Eye]:
    """The eyes tried when leaning: the centre and 8 points at 0.9 of the radius around it.

    Examples
    --------
    >>> len(viewpoints(Body("a", 0, 0))), viewpoints(Body("a", 0, 0))[1]
    (9, (0.0, -0.45, 0.9))
    """
    x, y, z = eye_of(body, eye_height)
    reach = 0.9 * body.radius
    ring = [math.radians(45.0 * k) for k in range(8)]
    return [(x, y, z)] + [(x + reach * math.sin(a), y - reach * math.cos(a), z) for a in ring]


def cover_from(
    field: Battlefield,
    attacker_id: str,
    target_ids: Iterable[str] | None = None,
    *,
    lean: bool = False,
    eye_height: float = EYE_HEIGHT,
    thresholds: CoverThresholds | None = None,
    creatures_hide: bool = False,
) -> tuple[TargetCover, ...]:
    """Cover of every target (default: every other body) from one attacker, all at once.

    With ``lean`` the attacker may look from any of :func:`viewpoints`; each target gets the
    least cover over them (leaning round a corner). With ``creatures_hide`` other bodies on the
    ground hide like low walls of their height (off by default: Savage Pathfinder treats
    creatures in the line of fire as bystanders instead).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Occluder
    >>> field = Battlefield.build(
    ...     bodies=[Body("a", 0.5, 0.5), Body("b", 4.5, 0.5), Body("c", 0.5, 4.5)],
    ...     occluders=[Occluder("w", 2.0, -1.0, 2.0, 2.0)],
    ... )
    >>> [(c.id, c.cover.value) for c in cover_from(field, "a")]
    [('b', 'total'), ('c', 'none')]
    """
    attacker = field.body(attacker_id)
    if target_ids is None:
        targets = np.delete(np.arange(len(field.bodies)), field.index_of(attacker_id))
    else:
        targets = np.array([field.index_of(i) for i in target_ids], dtype=np.intp)
    fractions = least_hidden(
        field, attacker, targets, lean=lean, eye_height=eye_height, creatures_hide=creatures_hide
    )
    categories = (thresholds or DEFAULT_THRESHOLDS).categories(fractions)
    bodies = field.bodies
    rows = zip(targets.tolist(), fractions.tolist(), categories, strict=True)
    return tuple(TargetCover(bodies[t].id, f, c) for t, f, c in rows)


def least_hidden(
    field: Battlefield,
    attacker: Body,
    targets: npt.NDArray[np.intp],
    *,
    lean: bool = False,
    eye_height: float = EYE_HEIGHT,
    creatures_hide: bool = False,
) -> npt.NDArray[np.float64]:
    """Hidden fraction of each target (by body number) from the attacker's eye, or from its
    best viewpoint when leaning; with ``creatures_hide`` the other bodies standing on the ground
    hide what is behind them too (see :func:`battlemap.geometry.sightlines.hidden_fractions`).

    Examples
    --------
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 3, 0)])
    >>> least_hidden(field, field.body("a"), np.array([1])).tolist()
    [0.0]
    """
    eyes = viewpoints(attacker, eye_height) if lean else [eye_of(attacker, eye_height)]
    me = field.index_of(attacker.id)
    blockers = np.delete(np.arange(len(field.bodies)), me) if creatures_hide else None
    return least_hidden_fractions(field, eyes, targets, blockers)


def cover_fraction(
    field: Battlefield,
    attacker_id: str,
    target_id: str,
    *,
    lean: bool = False,
    eye_height: float = EYE_HEIGHT,
    creatures_hide: bool = False,
) -> float:
    """The hidden share of ``target_id``'s silhouette as seen by ``attacker_id``, in [0, 1].

    Examples
    --------
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 0, 0)])
    >>> cover_fraction(field, "a", "b")  # on top of each other: nothing in between
    0.0
    """
    (reading,) = cover_from(
        field,
        attacker_id,
        [target_id],
        lean=lean,
        eye_height=eye_height,
        creatures_hide=creatures_hide,
    )
    return reading.fraction
