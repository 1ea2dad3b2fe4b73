"""The label layout's wall index on big maps (issue 31): one wall across the widest map is not
filed in billions of squares, and a map past the filed limit answers the same from its
STRtree."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from battlemap.desktop.core.model import Wall
from battlemap.desktop.gui.label_layout import WallIndex
from battlemap.desktop.gui.style import CELL


def box(x: float, y: float) -> QRectF:
    """A tag-sized box at (x, y) cells."""
    return QRectF(x * CELL, y * CELL, 2 * CELL, CELL)


def test_a_wall_across_the_widest_map_is_found_without_filing_it_by_square() -> None:
    index = WallIndex([Wall("diagonal", ((0.0, 0.0), (100_000.0, 100_000.0)))])
    assert index.crosses(box(50_000.0, 49_999.5)) == 1
    assert index.crosses(box(50_000.0, 10.0)) == 0


def test_a_map_past_the_filed_limit_answers_as_the_filed_one() -> None:
    walls = [Wall(f"w{k}", ((k * 0.5, 0.0), (k * 0.5, 3.0)))  # vertical, half a cell apart
             for k in range(WallIndex.TREE_FROM + 1)]
    big, small = WallIndex(walls), WallIndex(walls[:400])
    for x in (0.0, 10.2, 150.7):
        assert big.crosses(box(x, 1.0)) == small.crosses(box(x, 1.0))
    assert big.crosses(box(10.2, 1.0)) == 4  # x 10.5, 11, 11.5 and 12 within 10.2 to 12.2
