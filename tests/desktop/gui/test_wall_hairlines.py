"""Walls far zoomed out are hairlines (rel3, issue 31: a legal map of 50,000 walls took 2.6 s a
paint at its fit-to-map zoom, its halos wider than the cells; now a hundredth of that)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from battlemap.desktop.core.model import Wall
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.wall_items import HAIRLINE_CELL_PX, WallBatchItem

SIDE = 200


@pytest.fixture(autouse=True)
def _app() -> None:
    ensure_app()


def painted_rows(cell_px: float) -> int:
    """How many pixel rows a level wall paints, a cell ``cell_px`` screen pixels wide."""
    cells = SIDE / 2 / cell_px
    item = WallBatchItem((Wall("w", ((cells / 2, cells), (cells * 1.5, cells))),))
    image = QImage(SIDE, SIDE, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.scale(cell_px / CELL, cell_px / CELL)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    return sum(1 for y in range(SIDE) if any(image.pixel(x, y) >> 24 for x in range(SIDE)))


def test_far_out_a_wall_is_a_hairline_and_near_it_keeps_its_halo() -> None:
    assert painted_rows(HAIRLINE_CELL_PX * 0.8) <= 2
    assert painted_rows(HAIRLINE_CELL_PX) >= 9  # the halo, 10 px wide
    assert painted_rows(64.0) >= 9
