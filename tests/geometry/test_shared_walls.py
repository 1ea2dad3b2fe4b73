"""Battlefields built over the same occluders tuple share the walls' index (a move, the heroes'
crowd): the same arrays and tree, read-only, and the same answers as a battlefield of its own."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body, Occluder

WALLS = (Occluder("w", 3, -2, 3, 3), Occluder("door", 6, 0, 6, 2, top=1.5, blocks_sight=False),
         Occluder("open", 8, 0, 9, 0, is_solid=False))
SHARED = ("wall_x1", "wall_y1", "wall_x2", "wall_y2", "wall_dx", "wall_dy", "wall_top",
          "wall_hardness", "wall_blocks_sight", "wall_is_solid", "wall_tree", "wall_table")


def _fields() -> tuple[Battlefield, Battlefield]:
    before = Battlefield.build(bodies=[Body("a", 0.5, 0.5)], occluders=WALLS)
    after = Battlefield.build(bodies=[Body("a", 4.5, 0.5), Body("b", 1, 1)], occluders=WALLS)
    return before, after


def test_a_move_over_the_same_walls_shares_their_index() -> None:
    before, after = _fields()
    assert all(getattr(after, name) is getattr(before, name) for name in SHARED)
    assert after.body_x.tolist() == [4.5, 1.0] and before.body_x.tolist() == [0.5]


def test_the_shared_arrays_refuse_a_write() -> None:
    _, after = _fields()
    with pytest.raises(ValueError, match="read-only"):
        after.wall_x1[0] = 1.0


def test_equal_walls_in_another_tuple_give_an_equal_index_of_their_own() -> None:
    _, after = _fields()
    own = Battlefield.build(bodies=after.bodies, occluders=tuple(list(WALLS)))
    assert own.wall_tree is not after.wall_tree
    for name in SHARED[:-2]:
        assert np.array_equal(getattr(own, name), getattr(after, name), equal_nan=True)
    assert np.array_equal(own.wall_table, after.wall_table, equal_nan=True)
    box = shapely.box(2, 0, 7, 1)
    assert sorted(own.occluders_near(box)) == sorted(after.occluders_near(box)) == [0, 1]


def test_other_walls_get_their_own_index() -> None:
    _, after = _fields()
    other = Battlefield.build(occluders=WALLS[:1])
    assert other.wall_x1.tolist() == [3.0] and after.wall_x1.tolist() == [3.0, 6.0, 8.0]
