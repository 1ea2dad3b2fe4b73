"""The label placement's shortcuts say what its full count says: a place is free exactly where
it covers nothing, a count cut short at a limit is the full count wherever it is under the
limit, and a badge row's near places are the first of all its places."""

from __future__ import annotations

import random

from PySide6.QtCore import QRectF

from battlemap.desktop.core.model import Side, Token, Wall
from battlemap.desktop.gui.label_layout import (
    RectIndex,
    Taken,
    _badge_boxes,
    badge_places,
    wall_index_of,
)
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.token_item import Badge, Marks, TokenItem


def crowd(rng: random.Random) -> tuple[Taken, list[QRectF]]:
    walls = tuple(Wall(f"w{n}", ((rng.uniform(0, 8), rng.uniform(0, 6)),
                                 (rng.uniform(0, 8), rng.uniform(0, 6)))) for n in range(5))
    taken = Taken(RectIndex(round=True), RectIndex(), wall_index_of(walls),
                  QRectF(0, 0, 512, 384) if rng.random() < 0.5 else None)
    discs = [QRectF(rng.uniform(0, 500), rng.uniform(0, 380), 60, 60) for _ in range(12)]
    for disc in discs:
        taken.discs.add(disc)
    for _ in range(10):
        taken.marks.add(QRectF(rng.uniform(0, 500), rng.uniform(0, 380), rng.uniform(20, 150),
                               rng.uniform(10, 40)))
    return taken, discs


def test_free_and_the_cut_count_agree_with_the_full_count() -> None:
    rng = random.Random(28)
    for _ in range(40):
        taken, discs = crowd(rng)
        for _ in range(50):
            box = QRectF(rng.uniform(-40, 520), rng.uniform(-40, 400), rng.uniform(10, 160),
                         rng.uniform(8, 40))
            own = rng.choice(discs)
            cost = taken.cost(box, own)
            assert taken.free(box, own) is (cost == 0)
            for limit in (0.5, 1, 4, 10, 11, 25, float("inf")):
                cut = taken.cost_below(box, own, limit)
                assert cut == cost if cost < limit else cut >= limit


def test_a_badge_rows_near_places_are_the_first_of_its_places() -> None:
    ensure_app()
    for count in range(1, 6):
        badges = tuple(Badge(text, "#fff") for text in ("SHAKEN", "Stress 2", "On Fire!",
                                                         "Prone", "Taken out")[:count])
        item = TokenItem(Token("t", "T", 2.5, 2.5, side=Side.HERO), marks=Marks(badges, 0))
        everywhere = _badge_boxes(item, True)
        near = _badge_boxes(item, False)
        assert [(s.x(), s.y(), n) for s, n in badge_places(item)] == [
            (s.x(), s.y(), n) for (s, n), _box in everywhere]
        assert near == everywhere[:3 * min(2, count)]
