"""A token drag's steps leave the glows alone (the scene brought them in line with the shown
snapshot at every step: 0.1-0.2 ms a window on the UVTT house); a dragged light still moves
its glow, and letting it go puts it back (issue 28's fog-on drag)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fog import tracker_for
from battlemap.desktop.core.model import Encounter, Fog, Light, Side, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.light_item import LightItem
from battlemap.desktop.gui.scene import Audience, MapScene

TORCH = Light("torch", 3.5, 3.5, bright_radius=2.0, dim_radius=4.0)
HERO = Token("h", "Hero", 2.5, 2.5, side=Side.HERO)


def lit() -> BattleState:
    return BattleState(Encounter(width=12, height=8, tokens=(HERO,), lights=(TORCH,),
                                 walls=(Wall("w", ((6, 0), (6, 8))),), fog=Fog(enabled=True)))


def glow_at(scene: MapScene) -> tuple[float, float]:
    (item,) = [i for i in scene.items() if isinstance(i, LightItem)]
    return item.light.x, item.light.y


def test_a_token_drag_leaves_the_glows_and_a_light_drag_moves_them(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    state = lit()
    scene = MapScene(state, Audience.GM)
    synced: list[Encounter] = []
    sync = MapScene._sync_lights

    def counted(self: MapScene, encounter: Encounter) -> None:
        synced.append(encounter)
        sync(self, encounter)

    monkeypatch.setattr(MapScene, "_sync_lights", counted)
    tracker = tracker_for(state)
    for k in range(5):
        tracker.set_moving({"h": (3.5 + k, 2.5)})
    assert len(synced) <= 1  # the first step's only
    tracker.set_moving({}, {"torch": (4.5, 4.5)})
    assert glow_at(scene) == (4.5, 4.5)
    tracker.set_moving({"h": (3.5, 2.5)})  # the light let go, a token dragged again
    assert glow_at(scene) == (3.5, 3.5)
    before = len(synced)
    tracker.set_moving({"h": (4.5, 2.5)})
    assert len(synced) == before
