"""A drag step that shows the players other tokens of the same snapshot brings in line only
the tokens it shows anew (every shown token's item was made again from the snapshot: 1.3 ms
a step on the 8192 px map's table), and the table's token items are then those of a scene
made afresh with the same sight (issue 28)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot
from support.uvtt_house import house

from battlemap.desktop.core.fog import tracker_for
from battlemap.desktop.core.model import Fog, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.scene import Audience, MapScene

GOBLINS = [(12.5, 12.5), (14.5, 11.5), (15.5, 14.5), (11.5, 15.5), (16.5, 16.5), (9.5, 9.5),
           (8.5, 4.5), (10.5, 6.5), (6.5, 10.5), (2.5, 12.5), (12.5, 3.5), (9.5, 2.5)]


def items_of(scene: MapScene) -> dict[str, tuple[object, ...]]:
    return {item.token.id: (item.token, item.marks, item.acting, item.zValue(),
                            item.label.zValue(), item.opacity(), item.label.name)
            for item in scene.token_items()}


def test_a_step_syncs_the_tokens_it_shows_anew(qtbot: QtBot,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    goblins = tuple(Token(f"g{n}", f"Goblin {n}", x, y) for n, (x, y) in enumerate(GOBLINS))
    encounter = replace(house(), tokens=(house().tokens[0], *goblins), fog=Fog(enabled=True))
    state = BattleState(encounter)
    scene = MapScene(state, Audience.PLAYER)
    synced: list[str] = []
    sync = MapScene._sync_token

    def counted(self: MapScene, token: Token, *args: object) -> bool:
        synced.append(token.id)
        return sync(self, token, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(MapScene, "_sync_token", counted)
    tracker = tracker_for(state)
    shown_before = set(items_of(scene))
    changes = 0
    for k in range(12):
        synced.clear()
        tracker.set_moving({"h0": (3.5 + k, 3.5 + k // 2)})
        shown = set(items_of(scene))
        assert set(synced) == shown - shown_before  # the new ones only
        changes += shown != shown_before
        fresh = MapScene(BattleState(encounter), Audience.PLAYER)
        tracker_for(fresh.state).set_moving(dict(tracker.moving))
        assert items_of(scene) == items_of(fresh)
        fresh.detach()
        shown_before = shown
    assert changes >= 5  # goblins came into sight and went (one hero: h0)
    scene.detach()
