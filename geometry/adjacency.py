"""Adjacency: who stands next to whom, for Gang Up, Withdrawing and bystanders.

Two bodies are adjacent when the gap between their edges
(:func:`battlemap.geometry.measure.edge_gaps`: square footprints on a square grid, discs elsewhere,
vertical gaps included) is below one grid unit -- on a hex grid that is the neighbouring hex. Bodies
on top of each other are adjacent.

Examples
--------
>>> from battlemap.geometry.grid import GridKind
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body
>>> field = Battlefield.build(
...     bodies=[Body("hero", 1.5, 1.5), Body("g1", 2.5, 2.5), Body("g2", 3.5, 1.5)],
...     grid=GridKind.SQUARE,
... )
>>> adjacent(field, "hero"), adjacent(field, "g1")
(('g1',), ('hero', 'g2'))
"""

from __future__ import annotations

import numpy as np

from battlemap.geometry.index import Battlefield
from battlemap.geometry.measure import ADJACENT_GAP, edge_gaps

__all__ = ["adjacent", "are_adjacent"]


def adjacent(field: Battlefield, body_id: str) -> tuple[str, ...]:
    """The ids of the bodies adjacent to ``body_id``, in the battlefield's order.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> adjacent(Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 0, 0)]), "a")
    ('b',)
    """
    me = field.index_of(body_id)
    near = np.flatnonzero(edge_gaps(field, me) < ADJACENT_GAP)
    return tuple(field.bodies[i].id for i in near.tolist() if i != me)


def are_adjacent(field: Battlefield, a_id: str, b_id: str) -> bool:
    """Whether two different bodies are adjacent.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 2.1, 0)])
    >>> are_adjacent(field, "a", "b")
    False
    """
    a, b = field.index_of(a_id), field.index_of(b_id)
    return a != b and bool(edge_gaps(field, a)[b] < ADJACENT_GAP)
