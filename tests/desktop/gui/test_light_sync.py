"""The scene rebuilds only the glows an edit can change, and they match a full rebuild exactly.

A torch stands in the middle of a 5 x 5 cell room (1..6 x 1..6) with a door in its east wall
(x = 6, y 3..4); its dim radius of 4 cells reaches past the room, so with the door shut its glow
is the room (the room's corners are 2.5 * sqrt(2) = 3.54 cells away) and with the door open it
also passes the doorway out to x = 3.5 + 4 = 7.5. A lamp stands alone in the south-east, far from
every wall.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtGui import QPainterPath
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.battlefield import battlefield_of
from battlemap.desktop.core.edits import toggle_door
from battlemap.desktop.core.model import Encounter, Light, Wall, WallKind
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.light_item import LightItem, glow_clip
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.geometry.light_reach import lit_rings

TORCH = Light("torch", 3.5, 3.5, bright_radius=2.0, dim_radius=4.0, color="#ffb000")
LAMP = Light("lamp", 15.5, 8.5, bright_radius=1.0, dim_radius=2.0)
ROOM = Wall("room", ((6, 3), (6, 1), (1, 1), (1, 6), (6, 6), (6, 4)))
DOOR = Wall("door", ((6, 3), (6, 4)), kind=WallKind.DOOR)
FAR_WALL = Wall("far", ((10, 1), (11, 1)))  # beyond the torch's reach (x <= 7.5) and the lamp's
CANDLE = Light("candle", 8.5, 9.5, bright_radius=1.0, dim_radius=2.0)

Outline = list[tuple[float, float, int]]


def lit_rooms() -> Encounter:
    return Encounter(width=20, height=12, walls=(ROOM, DOOR), lights=(TORCH, LAMP))


def outline(path: QPainterPath) -> Outline:
    """Every element of ``path``, exactly: its point and kind."""
    elements = (path.elementAt(i) for i in range(path.elementCount()))
    return [(e.x, e.y, int(e.type.value)) for e in elements]


def glows(scene: MapScene) -> dict[str, LightItem]:
    """The scene's light items by light id."""
    return {item.light.id: item for item in scene.items() if isinstance(item, LightItem)}


def full_rebuild(encounter: Encounter) -> dict[str, Outline]:
    """Each light's glow as the whole-map geometry gives it (the rebuild-everything way)."""
    field = battlefield_of(encounter)
    return {light.id: outline(glow_clip(light, lit_rings(field, source)))
            for light, source in zip(encounter.lights, field.lights, strict=True)}


def assert_matches_a_fresh_scene(scene: MapScene) -> None:
    encounter = scene.state.encounter
    fresh = MapScene(BattleState(encounter), scene.audience)
    shown = {light_id: outline(item.clip) for light_id, item in glows(scene).items()}
    assert shown == {light_id: outline(item.clip) for light_id, item in glows(fresh).items()}
    assert shown == full_rebuild(encounter)
    assert [item.light for item in sorted(glows(scene).values(), key=lambda i: i.zValue())] == (
        list(encounter.lights))
    fresh.detach()


@pytest.fixture
def scene(qtbot: QtBot) -> MapScene:
    return MapScene(BattleState(lit_rooms()), Audience.PLAYER)


def test_a_shut_room_holds_the_torch_glow_and_the_open_door_lets_it_out(
    scene: MapScene,
) -> None:
    shut = glows(scene)["torch"].clip.boundingRect()
    assert (shut.left(), shut.top(), shut.right(), shut.bottom()) == (
        pytest.approx(-2.5 * CELL), pytest.approx(-2.5 * CELL),
        pytest.approx(2.5 * CELL), pytest.approx(2.5 * CELL))
    scene.state.apply("Open door", toggle_door(scene.state.encounter, "door"))
    assert glows(scene)["torch"].clip.boundingRect().right() == pytest.approx(4.0 * CELL)
    assert glows(scene)["lamp"].clip.boundingRect().width() == pytest.approx(4.0 * CELL)


def test_edits_and_their_undo_leave_the_glows_of_a_full_rebuild(scene: MapScene) -> None:
    state = scene.state
    edits = [
        ("Open door", lambda e: toggle_door(e, "door")),
        ("Draw wall", lambda e: replace(e, walls=(*e.walls, FAR_WALL))),
        ("Move light", lambda e: replace(e, lights=(TORCH, replace(LAMP, y=5.5)))),
        ("Delete light", lambda e: replace(e, lights=e.lights[1:])),
        ("Add light", lambda e: replace(e, lights=(*e.lights, CANDLE))),
    ]
    for label, edit in edits:
        state.apply(label, edit(state.encounter))
        assert_matches_a_fresh_scene(scene)
    assert set(glows(scene)) == {"lamp", "candle"}
    while state.undo() is not None:
        assert_matches_a_fresh_scene(scene)
    assert state.encounter == lit_rooms()


def test_an_edit_rebuilds_only_the_glows_within_its_reach(scene: MapScene) -> None:
    state = scene.state
    before = glows(scene)
    state.apply("Open door", toggle_door(state.encounter, "door"))  # in the torch's reach
    after_door = glows(scene)
    assert after_door["torch"] is not before["torch"]
    assert after_door["lamp"] is before["lamp"]
    state.apply("Draw wall", replace(state.encounter, walls=(*state.encounter.walls, FAR_WALL)))
    assert glows(scene) == after_door  # the same items
    state.apply("Move light", replace(state.encounter, lights=(TORCH, replace(LAMP, y=5.5))))
    moved = glows(scene)
    assert moved["torch"] is after_door["torch"]
    assert moved["lamp"] is not after_door["lamp"]
    assert len([i for i in scene.items() if isinstance(i, LightItem)]) == 2


@pytest.mark.parametrize("kind", [WallKind.WINDOW, WallKind.LOW_WALL])
def test_a_wall_that_lets_light_through_keeps_the_glow_it_stands_in(
    scene: MapScene, kind: WallKind
) -> None:
    torch = glows(scene)["torch"]
    height = 0.5 if kind is WallKind.LOW_WALL else None
    wall = Wall("pane", ((2, 2), (3, 2)), kind=kind, height=height)
    scene.state.apply("Draw wall", replace(scene.state.encounter,
                                           walls=(*scene.state.encounter.walls, wall)))
    assert glows(scene)["torch"] is torch
    scene.state.apply("Full height", replace(scene.state.encounter, walls=(
        *scene.state.encounter.walls[:-1], replace(wall, kind=WallKind.WALL, height=None))))
    assert glows(scene)["torch"] is not torch
    assert_matches_a_fresh_scene(scene)
