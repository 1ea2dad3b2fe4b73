"""The token HUD's arrangements counted all at once on a crowded map (issue 28, the 8192 px
map's drop: 300 tokens zoomed out, the HUD's search 12 ms): the same counts, so the same
arrangement, as counted one by one, touching edges and empty rectangles included."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPointF, QRect, QRectF

from battlemap.desktop.gui.label_layout import Covered
from battlemap.desktop.gui.token_hud import MANY_COVERED, _every_hits, _hits, least_covering


def _crowd(rng: random.Random) -> Covered:
    discs = tuple((QPointF(rng.randrange(0, 400) + rng.choice([0, 0.5, 0.25]),
                           rng.randrange(0, 300)), float(rng.choice([4, 6.5, 10, 12])))
                  for _ in range(60))
    boxes = tuple(QRectF(rng.randrange(0, 400), rng.randrange(0, 300),
                         rng.choice([0, 8, 20.5, 31, -6]), rng.choice([0, 6, 12, -4]))
                  for _ in range(60))
    return Covered(discs, boxes)


def _layouts(rng: random.Random) -> list[list[QRect]]:
    return [[QRect(rng.randrange(-20, 420), rng.randrange(-20, 320), rng.randrange(0, 40),
                   rng.randrange(0, 24)) for _ in range(rng.randrange(1, 7))]
            for _ in range(40)]


@pytest.mark.parametrize("seed", range(6))
def test_the_hits_counted_at_once_are_those_counted_one_by_one(seed: int) -> None:
    rng = random.Random(seed)
    covered, layouts, area = _crowd(rng), _layouts(rng), QRect(0, 0, 400, 300)
    assert len(covered.discs) + len(covered.boxes) >= MANY_COVERED
    assert _every_hits(layouts, covered, area) == [_hits(lay, covered, area) for lay in layouts]
    one_by_one = Covered(covered.discs[:10], covered.boxes[:10])  # (under MANY_COVERED)
    fewest = min(range(len(layouts)), key=lambda n: _hits(layouts[n], covered, area))
    assert least_covering(layouts, covered, area)[0] == fewest
    assert least_covering(layouts, one_by_one, area)[0] == min(
        range(len(layouts)), key=lambda n: _hits(layouts[n], one_by_one, area))
