"""Slow, obviously correct references for checking and benchmarking the fast paths.

- :func:`cover_by_rays`: dense ray sampling of the target's silhouette against every
  occluder in 3D -- the oracle the exact engine is tested against (error about
  ``1 / columns + 1 / rows``);
- :func:`assert_cover_matches_rays`: the assertion the tests use.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body, Occluder
>>> field = Battlefield.build(
...     bodies=[Body("a", 0, 0), Body("t", 10, 0)], occluders=[Occluder("w", 5, -1, 5, 0)]
... )
>>> round(cover_by_rays(field, (0.0, 0.0, 0.9), "t"), 3)
0.5
"""

from __future__ import annotations

import math

import numpy as np

from battlemap.geometry.index import Battlefield
from battlemap.geometry.sightlines import THIN, Eye, hidden_fractions

__all__ = ["assert_cover_matches_rays", "cover_by_rays"]


def cover_by_rays(
    field: Battlefield, eye: Eye, target_id: str, columns: int = 1000, rows: int = 200
) -> float:
    """The share of ``columns x rows`` silhouette points hidden from ``eye`` (brute force).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("t", 3, 4)])
    >>> cover_by_rays(field, (0.0, 0.0, 0.9), "t")
    0.0
    """
    ex, ey, ez = eye
    target = field.body(target_id)
    d = math.hypot(target.x - ex, target.y - ey)
    if d == 0.0:
        return 0.0
    ux, uy = (target.x - ex) / d, (target.y - ey) / d
    radius, height = max(target.radius, THIN), max(target.height, THIN)
    s = ((np.arange(columns) + 0.5) / columns * 2.0 - 1.0) * radius
    z = target.base_z + (np.arange(rows) + 0.5) / rows * height
    px, py = target.x - uy * s - ex, target.y + ux * s - ey
    hidden = np.zeros((columns, rows), dtype=bool)
    for w in np.flatnonzero(field.wall_blocks_sight):
        ax, ay = field.wall_x1[w] - ex, field.wall_y1[w] - ey
        bx, by = field.wall_x2[w] - field.wall_x1[w], field.wall_y2[w] - field.wall_y1[w]
        denom = px * by - py * bx
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (ax * by - ay * bx) / denom
            along = (ax * py - ay * px) / denom
        crossing = (denom != 0) & (t > 0) & (t < 1) & (along >= 0) & (along <= 1)
        below_top = ez + t[:, None] * (z[None, :] - ez) < field.wall_top[w]
        hidden |= crossing[:, None] & below_top
    return float(hidden.mean())


def assert_cover_matches_rays(
    field: Battlefield, eye: Eye, target_id: str, tolerance: float = 0.01
) -> None:
    """Fail unless the exact engine and the ray sampler agree within ``tolerance``.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> field = Battlefield.build(bodies=[Body("t", 4, 0)], occluders=[Occluder("w", 2, 0, 2, 3)])
    >>> assert_cover_matches_rays(field, (0.0, 0.0, 0.9), "t")
    """
    exact = float(hidden_fractions(field, eye, np.array([field.index_of(target_id)]))[0])
    sampled = cover_by_rays(field, eye, target_id)
    assert abs(exact - sampled) <= tolerance, f"exact {exact:.4f} vs rays {sampled:.4f}"
