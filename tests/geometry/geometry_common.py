"""Canonical shapes for the geometry tests: an archer and a target in a row, walls by name."""

from __future__ import annotations

import math

from battlemap.geometry.grid import GridKind
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body, Occluder

ARCHER = Body("archer", 0.0, 0.0, radius=0.5, height=1.0)
"""Eye at (0, 0, 0.9)."""
TARGET = Body("target", 5.0, 0.0, radius=0.5, height=1.0)
"""Silhouette: the segment x = 5, -0.5 <= y <= 0.5, from z = 0 to 1."""


def duel(
    *occluders: Occluder, target: Body = TARGET, grid: GridKind = GridKind.GRIDLESS
) -> Battlefield:
    """The archer facing ``target`` with the given occluders between or around them."""
    return Battlefield.build(bodies=[ARCHER, target], occluders=occluders, grid=grid)


def cross_wall(
    wall_id: str, x: float, y_from: float, y_to: float, top: float = math.inf
) -> Occluder:
    """A wall across the line of fire at ``x``, from ``y_from`` to ``y_to``."""
    return Occluder(wall_id, x, y_from, x, y_to, top=top)
