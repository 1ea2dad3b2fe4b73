"""Tokens, name tags and wall tiles keep their bounds as rects Qt holds (no call into Python a
frame): everything they paint stays inside, and the bounds follow every change."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from battlemap.desktop.core.model import Side, Token, Wall, WallKind
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import Badge, Marks, TokenItem
from battlemap.desktop.gui.wall_items import PEN_MARGIN, WallBatchItem

SIDE = 600


@pytest.fixture(autouse=True)
def _app() -> None:
    ensure_app()  # fonts need the application


def painted_outside(item: QGraphicsItem) -> int:
    """How many pixels ``item`` paints outside its bounding rect (painted at one scene pixel a
    pixel, its origin in the middle of the image)."""
    image = QImage(SIDE, SIDE, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(SIDE / 2, SIDE / 2)
    item.paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    bounds = item.boundingRect().translated(SIDE / 2, SIDE / 2).toAlignedRect()
    return sum(
        1 for y in range(0, SIDE, 2) for x in range(0, SIDE, 2)
        if image.pixel(x, y) >> 24 and not bounds.contains(x, y)
    )


def goblin(**changes: object) -> Token:
    fields: dict[str, object] = {"id": "g", "name": "Goblin Chieftain", "x": 0.0, "y": 0.0,
                                 "side": Side.VILLAIN, "color": "#2e7d32"}
    return Token(**{**fields, **changes})  # type: ignore[arg-type]


MARKS = Marks((Badge("SHAKEN", "#fdd835"), Badge("WOUNDS 2", "#e53935")), harm=2)


def test_a_token_with_badges_and_its_turn_halo_paints_inside_its_bounds() -> None:
    item = TokenItem(goblin(), marks=MARKS, acting=True)
    assert item.boundingRect().contains(item.badge_box())
    assert painted_outside(item) == 0


def test_the_bounds_follow_the_badges_when_they_move_and_the_token_when_it_grows() -> None:
    item = TokenItem(goblin(), marks=MARKS)
    item.move_badges(QPointF(0, 2.5 * CELL))  # below the disc: a neighbour sat above
    assert item.boundingRect().contains(item.badge_box())
    assert item.badge_box() == item.badges_above().translated(0, 2.5 * CELL)
    assert painted_outside(item) == 0
    item.set_token(goblin(size=3.0), marks=MARKS)
    assert item.boundingRect().width() > 3 * CELL
    assert painted_outside(item) == 0


def test_a_name_tag_moved_aside_carries_its_bounds() -> None:
    label = TokenItem(goblin()).label
    width, height = label.box.width(), label.box.height()
    label.move_box(QPointF(1.5 * CELL, -CELL))
    assert label.boundingRect() == QRectF(1.5 * CELL - width / 2, -CELL - height / 2, width,
                                          height)
    assert painted_outside(label) == 0


def test_a_wall_tile_reaches_a_cell_past_its_walls() -> None:
    walls = (Wall("w", ((0.5, 0.5), (3.0, 0.5), (3.0, 2.0))),
             Wall("d", ((1.0, 2.0), (2.0, 2.0)), kind=WallKind.DOOR))
    item = WallBatchItem(walls)
    assert item.boundingRect() == QRectF(0.5 * CELL - PEN_MARGIN, 0.5 * CELL - PEN_MARGIN,
                                         2.5 * CELL + 2 * PEN_MARGIN, 1.5 * CELL + 2 * PEN_MARGIN)
