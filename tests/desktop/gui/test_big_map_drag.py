"""The drag and drop on a map of many tokens (issue 28, the 8192 px map's 300): a token
coming into the players' sight restacks no other token (each was restacked, so repainted,
at every drag step that showed another token), and a drop works out the heroes' sight once."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fog import SightTracker, Vision, painted, polygon_squares
from battlemap.desktop.core.model import Encounter, Fog, Side, Sight, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.scene import Audience, MapScene


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
    assert tracker.sight(dropped).rings == Vision().sight(dropped).rings
    tracker.set_moving({}, encounter=encounter)  # (the same, but told without the encounter:
    tracker.set_moving({"h": (5.5, 2.5)})        # every change is told, as before)
    assert told[-1] == {"h": (5.5, 2.5)}
