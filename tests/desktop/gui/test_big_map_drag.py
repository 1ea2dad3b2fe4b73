"""The drag and drop on a map of many tokens (issue 28, the 8192 px map's 300): a token
coming into the players' sight restacks no other token (each was restacked, so repainted,
at every drag step that showed another token), and a drop works out the heroes' sight once."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
import shapely
from gui_helpers import painted_fog
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot
from support.uvtt_house import house

from battlemap.desktop.core import fog
from battlemap.desktop.core.fog import (
    SightTracker,
    Vision,
    painted,
    polygon_squares,
)
from battlemap.desktop.core.model import Encounter, Fog, Side, Sight, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import label_layout
from battlemap.desktop.gui.label_layout import place_labels
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import Badge, Marks, TokenItem
from battlemap.geometry.visibility import Viewer


def _even_odd(rings: tuple[tuple[tuple[float, float], ...], ...]) -> shapely.Geometry:
    shape = shapely.Polygon()
    for ring in rings:
        shape = shapely.symmetric_difference(shape, shapely.Polygon(ring))
    return shape


def _tokens() -> tuple[Token, ...]:
    return (Token("a", "Orc", 1.5, 1.5), Token("b", "Goblin", 5.5, 1.5),
            Token("c", "Kobold", 7.5, 1.5))


def test_a_token_coming_into_sight_restacks_no_other(qtbot: QtBot) -> None:
    encounter = Encounter(width=10, height=4, tokens=_tokens(),
                          fog=Fog(enabled=True, vision=False))
    shown = painted(encounter, polygon_squares(encounter, ((4, 0), (10, 0), (10, 4), (4, 4))),
                    True)
    state = BattleState(shown)
    scene = MapScene(state, Audience.PLAYER)
    items = {item.token.id: item for item in scene.token_items()}
    assert sorted(items) == ["b", "c"]
    stacked = {tid: (item.zValue(), item.label.zValue()) for tid, item in items.items()}
    state.apply("Reveal", painted(shown, polygon_squares(shown, ((0, 0), (4, 0), (4, 4),
                                                                 (0, 4))), True))
    after = {item.token.id: item for item in scene.token_items()}
    assert sorted(after) == ["a", "b", "c"]
    assert {tid: (after[tid].zValue(), after[tid].label.zValue()) for tid in stacked} == stacked
    assert after["a"].zValue() < after["b"].zValue() < after["c"].zValue()  # as listed
    scene.detach()


def _hero_map() -> Encounter:
    hero = Token("h", "Hero", 2.5, 2.5, side=Side.HERO, sight=Sight(darkvision=3))
    return Encounter(width=12, height=6, fog=Fog(enabled=True), tokens=(hero, *_tokens()))


def test_a_token_moved_to_its_own_place_is_where_it_stands() -> None:
    encounter = _hero_map()
    vision = Vision()
    rest = vision.sight(encounter)
    assert vision.sight(encounter, {"h": (2.5, 2.5)}) is rest
    assert vision.sight(encounter, {"h": (4.5, 2.5)}) is not rest


def test_a_drop_tells_the_views_nothing_new_and_shares_the_drags_last_sight() -> None:
    encounter = _hero_map()
    tracker, told = SightTracker(Vision()), []
    tracker.moving_changed.connect(lambda: told.append(dict(tracker.moving)))
    tracker.set_moving({"h": (2.5, 2.5)}, encounter=encounter)  # the first step: no move yet
    assert told == []
    tracker.set_moving({"h": (4.5, 2.5)}, encounter=encounter)
    assert told == [{"h": (4.5, 2.5)}]
    dropped = encounter.with_token(encounter.token("h").moved_to(4.5, 2.5))
    sight = tracker.sight(dropped)  # the scenes sync to the drop while the drag is still told
    tracker.set_moving({}, encounter=dropped)
    assert told == [{"h": (4.5, 2.5)}]  # the drop changes no sight: nothing to tell
    assert tracker.sight(dropped) is sight
    fresh = Vision().sight(dropped)  # (worked out whole: the same floor, in another order)
    assert sight.seen_ids == fresh.seen_ids
    floor = shapely.symmetric_difference(_even_odd(sight.rings), _even_odd(fresh.rings))
    assert floor.area < 1e-9
    tracker.set_moving({}, encounter=encounter)  # (the same, but told without the encounter:
    tracker.set_moving({"h": (5.5, 2.5)})        # every change is told, as before)
    assert told[-1] == {"h": (5.5, 2.5)}


GOBLINS = [(12.5, 12.5), (14.5, 11.5), (15.5, 14.5), (11.5, 15.5), (16.5, 16.5), (9.5, 9.5),
           (8.5, 4.5), (10.5, 6.5), (6.5, 10.5), (2.5, 12.5), (12.5, 3.5), (9.5, 2.5),
           (9.5, 6.5), (12.5, 15.5), (15.5, 17.5)]
"""The bench's goblins and more; the last three are seen by the dragged hero alone at some
of the steps (so its part carries creatures' discs)."""


def test_the_drags_sight_paints_the_fog_the_one_union_paints(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each step's sight (the others' floor and creatures kept, the dragged hero's added with
    the creatures only it sees) and the drop's paint what the old order painted: every seen
    creature's disc added to the others' floor first (within one grey level)."""
    monkeypatch.setattr(fog, "SPLIT_FROM", 0)  # (the house's 21 tokens: split as a crowd)
    goblins = tuple(Token(f"g{n}", f"Goblin {n}", x, y) for n, (x, y) in enumerate(GOBLINS))
    encounter = replace(house(), tokens=(*house().tokens, *goblins))
    vision = Vision()
    field = vision.field(encounter)
    for step in range(0, 9):
        moved = {"h0": (3.5 + step, 3.5 + step // 3)}
        sight = vision.sight(encounter, moved)
        viewers = vision.viewers(encounter, moved, frozenset())
        discs = [(t.x, t.y, t.radius) for t in encounter.tokens if t.id in sight.seen_ids]
        old = field.seen_rings(viewers, frozenset(moved), discs)  # the order before
        apart = np.abs(painted_fog(encounter, sight.rings, "player")
                       - painted_fog(encounter, old, "player"))
        assert apart.max() <= 1, step
    dropped = encounter.with_token(encounter.token("h0").moved_to(11.5, 5.5))
    rest = vision.sight(dropped)  # the drop: h0 added to the others' kept floor
    whole = Vision().sight(dropped)  # worked out at once
    assert rest.seen_ids == whole.seen_ids
    apart = np.abs(painted_fog(dropped, rest.rings, "player")
                   - painted_fog(dropped, whole.rings, "player"))
    assert apart.max() <= 1


def _crowd(seed: int) -> tuple[list[TokenItem], tuple[Wall, ...]]:
    rng = random.Random(seed)
    items = []
    for n in range(70):
        token = Token(f"t{n}", f"Token {n} " + "x" * rng.randrange(8), rng.randrange(20) + 0.5,
                      rng.randrange(14) + 0.5, size=rng.choice([1, 1, 1, 2]))
        badges = tuple(Badge(word, "#e53935") for word in rng.sample(
            ["SHAKEN", "FAT 2", "Stun", "Prone", "Bound"], rng.randrange(3)))
        items.append(TokenItem(token, None, Marks(badges)))
    walls = tuple(Wall(f"w{k}", ((rng.uniform(0, 20), rng.uniform(0, 14)),
                                 (rng.uniform(0, 20), rng.uniform(0, 14)))) for k in range(25))
    return items, walls


def _placed(items: list[TokenItem]) -> list[tuple[object, ...]]:
    return [(i.label.rect().getRect(), i.badge_box().getRect()) for i in items]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_labels_go_where_the_whole_cost_put_them(seed: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The tags' and badge rows' places with the free places found by the first thing met
    (each part of the cost stops at its first) are those the whole cost gave."""
    ensure_app()
    items, walls = _crowd(seed)
    bounds = QRectF(0, 0, 20 * CELL, 14 * CELL)
    place_labels(items, walls, bounds)
    quick = _placed(items)
    with monkeypatch.context() as patch:
        patch.setattr(label_layout.Taken, "free", lambda self, box, own: self.cost(box, own) == 0)
        again, _ = _crowd(seed)
        place_labels(again, walls, bounds)
    assert _placed(again) == quick
    assert any(i.badges for i in items)


def test_a_drop_looks_again_from_the_dropped_hero_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hero dropped moves no other body: what the other heroes see of the creatures is
    kept (a creature's body shows only its own disc against the walls), and the sight is what
    a fresh look gives."""
    goblins = tuple(Token(f"g{n}", f"Goblin {n}", x, y) for n, (x, y) in enumerate(GOBLINS))
    encounter = replace(house(), tokens=(*house().tokens, *goblins))
    vision = Vision()
    vision.sight(encounter)
    vision.sight(encounter, {"h0": (9.5, 5.5)})
    looks: list[str] = []
    field = type(vision.field(encounter))
    looked = field._bodies_seen_by

    def counted(self: object, viewer: Viewer, *rest: object) -> frozenset[str]:
        looks.append(viewer.id)
        return looked(self, viewer, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(field, "_bodies_seen_by", counted)
    dropped = encounter.with_token(encounter.token("h0").moved_to(9.5, 5.5))
    sight = vision.sight(dropped)
    assert looks == []  # the drag's last step had looked from there
    assert sight.seen_ids == Vision().sight(dropped).seen_ids
    goblin = dropped.token("g0")
    moved = dropped.with_token(goblin.moved_to(goblin.x + 1, goblin.y))
    vision.sight(moved)  # a creature moved: every hero looks again
    assert sorted(set(looks)) == [f"h{n}" for n in range(6)]
