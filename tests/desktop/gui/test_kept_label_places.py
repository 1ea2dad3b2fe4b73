"""The labels' places decided again only near what changed (issue 28: the 8192 px map's
table placed every shown token's tag and badges again at each drag step that showed it
another token): with the places kept from the scene's last call, the tags and badge rows go
exactly where the whole search puts them, over random crowds whose tokens come into sight,
go and move, and far fewer places are looked at."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QRectF

from battlemap.desktop.core.model import Token, Wall
from battlemap.desktop.gui import label_layout
from battlemap.desktop.gui.label_layout import LabelMemo, place_labels
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import Badge, Marks, TokenItem


def crowd(seed: int, tokens: int, width: int, height: int
          ) -> tuple[list[TokenItem], tuple[Wall, ...]]:
    rng = random.Random(seed)
    items = []
    for n in range(tokens):
        token = Token(f"t{n}", f"Token {n} " + "x" * rng.randrange(8), rng.randrange(width) + 0.5,
                      rng.randrange(height) + 0.5, size=rng.choice([1, 1, 1, 2]))
        badges = tuple(Badge(word, "#e53935") for word in rng.sample(
            ["SHAKEN", "FAT 2", "Stun", "Prone", "Bound"], rng.randrange(3)))
        items.append(TokenItem(token, None, Marks(badges)))
    walls = tuple(Wall(f"w{k}", ((rng.uniform(0, width), rng.uniform(0, height)),
                                 (rng.uniform(0, width), rng.uniform(0, height))))
                  for k in range(tokens // 3))
    return items, walls


def placed(items: list[TokenItem]) -> list[tuple[object, ...]]:
    return [(i.label.rect().getRect(), i.badge_box().getRect()) for i in items]


@pytest.mark.parametrize(("seed", "tokens", "width", "height"),
                         [(1, 70, 20, 14), (2, 70, 20, 14), (3, 120, 60, 40), (4, 120, 60, 40)])
def test_kept_places_are_the_whole_searchs(seed: int, tokens: int, width: int, height: int,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ensure_app()
    items, walls = crowd(seed, tokens, width, height)
    bounds = QRectF(0, 0, width * CELL, height * CELL)
    rng = random.Random(seed)
    looked = [0]
    tag_boxes = label_layout._tag_boxes

    def counted(*args: object) -> object:
        looked[0] += 1
        return tag_boxes(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(label_layout, "_tag_boxes", counted)
    kept, shown = LabelMemo(), set(rng.sample(range(tokens), tokens // 2))
    kept_looks = whole_looks = 0
    for _ in range(10):
        for _ in range(rng.randint(1, 3)):  # tokens come into sight or go
            shown ^= {rng.randrange(tokens)}
        if rng.random() < 0.5:  # a token moves
            item = items[rng.randrange(tokens)]
            item.setPos(item.pos().x() + rng.choice([-CELL, CELL]), item.pos().y())
        now = [items[k] for k in sorted(shown)]
        looked[0] = 0
        place_labels(now, walls, bounds, memo=kept)
        with_kept, kept_looks = placed(now), kept_looks + looked[0]
        looked[0] = 0
        place_labels(now, walls, bounds)
        whole_looks += looked[0]
        assert with_kept == placed(now)
    if tokens > 100:  # a sparse crowd: what changed reaches few of the others
        assert kept_looks < whole_looks / 2


def test_other_walls_or_obstacles_decide_everything_again() -> None:
    ensure_app()
    items, walls = crowd(5, 40, 20, 14)
    kept = LabelMemo()
    place_labels(items, walls, None, memo=kept)
    for walls_now, obstacles in ((walls[1:], ()), (walls[1:], (QRectF(0, 0, 300, 300),))):
        place_labels(items, walls_now, None, obstacles, memo=kept)
        with_kept = placed(items)
        place_labels(items, walls_now, None, obstacles)
        assert with_kept == placed(items)
