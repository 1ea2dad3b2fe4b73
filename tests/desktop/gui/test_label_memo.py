"""A scene's labels placed again with what the last placement gave (label_layout.LabelMemo) go
where a placement from nothing puts them, whatever changed in between: a token moved, resized,
given badges or its turn, renamed, gone or new, another label of the map moved, the walls."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF, QRectF

from battlemap.desktop.core.model import Encounter, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.label_layout import LabelMemo, place_labels
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import Badge, Marks, TokenItem

WORDS = ["SHAKEN", "FAT 2", "Stun", "Prone", "Bound", "On Fire!"]


def _badges(rng: random.Random) -> Marks:
    return Marks(tuple(Badge(word, "#e53935") for word in rng.sample(WORDS, rng.randrange(4))))


def _token(rng: random.Random, n: int, width: int, height: int) -> Token:
    return Token(f"t{n}", f"Token {n} " + "x" * rng.randrange(8), rng.randrange(width) + 0.5,
                 rng.randrange(height) + 0.5, size=rng.choice([1, 1, 1, 2]))


def _placed(items: list[TokenItem]) -> list[tuple[object, ...]]:
    return [(i.label.rect().getRect(), i.badge_box().getRect()) for i in items]


def _edit(rng: random.Random, items: list[TokenItem], n: int, width: int, height: int) -> None:
    """One change of the kinds a scene makes between two placements."""
    kind = rng.randrange(8)
    item = rng.choice(items)
    if kind <= 2:  # a drag or a drop: the item moves (often near where it was)
        step = rng.choice([0.5, 1.0, 3.0])
        item.setPos(item.pos() + QPointF(rng.choice([-1, 0, 1]) * step * CELL,
                                         rng.choice([-1, 0, 1]) * step * CELL))
    elif kind == 3:
        item.set_token(item.token, None, _badges(rng), item.acting)
    elif kind == 4:
        item.set_token(item.token, None, item.marks, not item.acting)
    elif kind == 5 and len(items) > 5:
        items.remove(item)
    elif kind == 6:
        items.insert(rng.randrange(len(items) + 1),
                     TokenItem(_token(rng, n, width, height), None, _badges(rng)))
    else:  # renamed (a longer tag), or its name taken away (no tag: not placed)
        name = rng.choice(["", "A long name for a tag", "Bo"])
        item.set_token(_renamed(item.token, name), None, item.marks, item.acting)


def _renamed(token: Token, name: str) -> Token:
    return replace(token, name=name)


@pytest.mark.parametrize("seed", range(4))
def test_the_kept_placement_is_the_placement_from_nothing(seed: int) -> None:
    ensure_app()
    rng = random.Random(seed)
    width, height = rng.choice([(20, 14), (12, 9), (40, 30)])  # crowded to roomy
    items = [TokenItem(_token(rng, n, width, height), None, _badges(rng))
             for n in range(30 if width < 20 else 50)]
    walls = tuple(Wall(f"w{k}", ((rng.uniform(0, width), rng.uniform(0, height)),
                                 (rng.uniform(0, width), rng.uniform(0, height))))
                  for k in range(25))
    bounds = QRectF(0, 0, width * CELL, height * CELL)
    obstacles = [QRectF(3 * CELL, 3 * CELL, 2 * CELL, 0.5 * CELL)]
    memo = LabelMemo()
    farther = 0
    for step in range(36):
        for _ in range(rng.choice([1, 1, 1, 2, 4])):
            _edit(rng, items, 100 + step, width, height)
        if step % 13 == 12:  # another label of the map moved
            obstacles = [obstacles[0].translated(CELL, 0)]
        if step % 17 == 16:  # a wall edited: another tuple
            walls = (*walls[1:], walls[0])
        place_labels(items, walls, bounds, obstacles, memo)
        kept = _placed(items)
        place_labels(items, walls, bounds, obstacles)
        assert _placed(items) == kept, step
        farther += sum(1 for i in items if i.label.name and not (
            i.label.box.center().x() == 0 or i.label.box.center().y() == 0))
    assert farther  # some tags went aside (beside, above or farther out), not only below


def test_a_scene_after_each_drop_shows_the_placement_from_nothing() -> None:
    """The scene keeps its memo across commits (a token dropped, an undo, a token hidden
    from the players coming into their sight): its tags are where a fresh placement puts
    them."""
    ensure_app()
    rng = random.Random(8)
    tokens = tuple(_token(rng, n, 16, 12) for n in range(40))
    walls = tuple(Wall(f"w{k}", ((rng.uniform(0, 16), rng.uniform(0, 12)),
                                 (rng.uniform(0, 16), rng.uniform(0, 12)))) for k in range(15))
    state = BattleState(Encounter(tokens=tokens, walls=walls, width=16, height=12))
    scenes = [MapScene(state), MapScene(state, Audience.PLAYER)]
    for step in range(12):
        token = rng.choice(state.encounter.tokens)
        if step % 4 == 3:
            state.undo()
        else:
            state.apply("Move", state.encounter.with_token(token.moved_to(
                rng.randrange(16) + 0.5, rng.randrange(12) + 0.5)))
        for scene in scenes:
            items = scene.token_items()
            kept = _placed(items)
            place_labels(items, scene.state.encounter.walls, scene.map_rect(),
                         scene.marks.label_boxes())
            assert _placed(items) == kept, step
    for scene in scenes:
        scene.detach()
