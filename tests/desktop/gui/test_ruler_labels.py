"""The drag ruler's words measured once per text and size, and placed where the first place
that covers fewest puts them (issue 28: the ruler's layer redid both at every drag step)."""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.movement import PaceBand
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.label_layout import Covered
from battlemap.desktop.gui.overlay_item import (
    ToolOverlayItem,
    _least_covering,
    label_width,
    readout_text,
)
from battlemap.desktop.gui.style import CELL, label_font


def measured(text: str, size: float) -> float:
    return QFontMetricsF(label_font(size)).horizontalAdvance(text) + 20


def test_each_text_and_size_has_its_own_width(qtbot: QtBot) -> None:
    texts = ['7" (Pace 6)', '12" (Pace 6) · Running 18"', "Through a wall · W: the way round",
             '7" (Pace 6)', "i"]
    for text in texts:
        for size in (0.3, 0.4):
            assert label_width(text, size) == measured(text, size), (text, size)
    assert label_width(texts[1], 0.4) > label_width(texts[0], 0.4) > label_width("i", 0.4)


def test_the_ruler_boxes_have_the_widths_of_their_words(qtbot: QtBot) -> None:
    overlay = ToolOverlayItem()
    for end in range(3, 12):
        preview = DragPreview("a", (), (1.5, 1.5), (end + 0.5, 1.5), float(end), 6.0,
                              PaceBand.PACE if end <= 6 else PaceBand.RUNNING, dash=12.0,
                              pace_name="Pace", dash_name="Running")
        boxes = overlay.label_boxes(preview, QRectF(0, 0, 40 * CELL, 30 * CELL))
        text = readout_text(preview, overlay.encounter.grid.unit)
        assert boxes[-1].width() == measured(text, 0.4), text


def test_the_place_is_the_first_that_covers_fewest() -> None:
    """As ``min`` over the places by their count: the first of the least, zero or not."""
    rng = random.Random(28)
    for _ in range(300):
        discs = tuple((QPointF(rng.uniform(0, 400), rng.uniform(0, 400)), rng.uniform(5, 60))
                      for _ in range(rng.randrange(0, 8)))
        boxes = tuple(QRectF(rng.uniform(0, 400), rng.uniform(0, 400), rng.uniform(5, 120),
                             rng.uniform(5, 40)) for _ in range(rng.randrange(0, 6)))
        covered = Covered(discs, boxes)
        places = [(rng.uniform(0, 400), rng.uniform(0, 400)) for _ in range(rng.randrange(1, 9))]
        width, height = rng.uniform(20, 200), rng.uniform(10, 60)
        expected = min(places, key=lambda p: covered.count_meeting(QRectF(*p, width, height)))
        assert _least_covering(places, width, height, covered) == expected
