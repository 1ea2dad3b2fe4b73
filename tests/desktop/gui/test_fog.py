"""Fog of war and the heroes' vision: doors, windows, low walls, what the players' pixels show,
memory through save and load, the GM's tools and switches, and the player view during a drag.

The map: a 12 x 8 dungeon split by a wall at x = 6 with a door (or a window) at 3 <= y <= 4.
The heroes stand in the west hall; an orc waits in the east room at (9.5, 3.5).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.edits import toggle_door
from battlemap.desktop.core.fileformat import (
    EncounterFileError,
    load_encounter,
    loads_encounter,
    save_encounter,
)
from battlemap.desktop.core.fog import Vision, fog_size, mask_array, remember_vision, stature
from battlemap.desktop.core.fog_tool import FogShape, FogTool
from battlemap.desktop.core.model import (
    Encounter,
    Fog,
    Illumination,
    Light,
    Side,
    Sight,
    Token,
    Wall,
    WallKind,
)
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.tools import PointerEvent, PointerKind
from battlemap.desktop.core.uvtt import parse_uvtt
from battlemap.desktop.gui.aim_overlay import AimOverlay
from battlemap.desktop.gui.light_item import LightItem
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import Audience, MapScene, tokens_drawn
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_dialog import TokenDialog
from battlemap.desktop.gui.token_item import TokenItem, TokenLabelItem

ORC = Token("orc", "Orc", 9.5, 3.5, side=Side.VILLAIN, color="#d02020")
HERO = Token("hero", "Valeros", 1.5, 1.5, side=Side.HERO, color="#3060d0")
EAST_ROOM = (7.0, 0.5, 11.5, 7.5)
"""A box inside the east room, away from the door, in cells."""


def dungeon(door: WallKind = WallKind.DOOR, is_open: bool = False) -> Encounter:
    return Encounter(
        width=12, height=8, fog=Fog(enabled=True), tokens=(HERO, ORC),
        walls=(Wall("north", ((6.0, 0.0), (6.0, 3.0))),
               Wall("door", ((6.0, 3.0), (6.0, 4.0)), kind=door, is_open=is_open),
               Wall("south", ((6.0, 4.0), (6.0, 8.0)))),
    )


def at(token: Token, x: float, y: float) -> Token:
    return token.moved_to(x, y)


def seen_ids(encounter: Encounter) -> frozenset[str]:
    return Vision().sight(encounter).seen_ids


def test_heroes_see_through_an_open_door_but_not_a_closed_one() -> None:
    hero = at(HERO, 2.5, 3.5)  # level with the door
    closed = replace(dungeon(), tokens=(hero, ORC))
    assert seen_ids(closed) == {"hero"}
    assert seen_ids(toggle_door(closed, "door")) == {"hero", "orc"}


def test_a_window_lets_sight_through() -> None:
    window = replace(dungeon(WallKind.WINDOW), tokens=(at(HERO, 2.5, 3.5), ORC))
    assert seen_ids(window) == {"hero", "orc"}


def test_a_low_wall_hides_a_prone_token_but_not_a_standing_one() -> None:
    # eyes at 0.9 at x = 1.5; a 0.5 cell wall at x = 9; the orc just behind it at x = 9.6:
    # the sight line over the wall is at 0.9 - 0.4 * 8.1 / 7.5 = 0.468 there, above a prone
    # orc (0.3 tall) and below a standing one (1 tall)
    low = Wall("low", ((9.0, 0.0), (9.0, 8.0)), kind=WallKind.LOW_WALL, height=0.5)
    orc = at(ORC, 9.6, 3.5)
    prone = replace(orc, stats={"condition": {"prone": True}})
    field = Encounter(width=12, height=8, fog=Fog(enabled=True), walls=(low,))
    assert stature(prone) == pytest.approx(0.3)
    assert seen_ids(replace(field, tokens=(at(HERO, 1.5, 3.5), orc))) == {"hero", "orc"}
    assert seen_ids(replace(field, tokens=(at(HERO, 1.5, 3.5), prone))) == {"hero"}


def player_pixels(encounter: Encounter, box: tuple[float, float, float, float]) -> QImage:
    """The player view of the cells in ``box`` (x0, y0, x1, y1), one pixel a scene pixel."""
    ensure_app()
    scene = MapScene(BattleState(encounter), Audience.PLAYER)
    x0, y0, x1, y1 = (v * CELL for v in box)
    image = QImage(round(x1 - x0), round(y1 - y0), QImage.Format.Format_ARGB32)
    image.fill(QColor("#ff00ff"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), QRectF(x0, y0, x1 - x0, y1 - y0))
    painter.end()
    scene.detach()
    return image


def colours(image: QImage) -> set[int]:
    return {image.pixel(x, y) for x in range(0, image.width(), 3)
            for y in range(0, image.height(), 3)}


BLACK = QColor(0, 0, 0).rgb()


def test_a_room_never_seen_never_appears_in_the_player_views_pixels() -> None:
    state = BattleState(dungeon(), settle=remember_vision)
    state.apply("Move", state.encounter.with_token(at(HERO, 2.5, 3.5)))
    assert colours(player_pixels(state.encounter, EAST_ROOM)) == {BLACK}
    west = colours(player_pixels(state.encounter, (0.5, 0.5, 5.5, 7.5)))
    assert BLACK not in west  # the hall the hero stands in is drawn
    state.apply("Open door", toggle_door(state.encounter, "door"))
    opened = colours(player_pixels(state.encounter, EAST_ROOM))
    assert len(opened) > 1 and QColor("#d02020").rgb() in opened  # the room, the orc
    state.apply("Close door", toggle_door(state.encounter, "door"))
    remembered = colours(player_pixels(state.encounter, (8.0, 3.0, 8.5, 4.0)))
    assert BLACK not in remembered and QColor("#d02020").rgb() not in remembered
    assert max(QColor(c).lightness() for c in remembered) < 128  # dimmed, not clear


def test_what_the_heroes_saw_is_saved_and_loaded(tmp_path: Path) -> None:
    state = BattleState(dungeon(), settle=remember_vision)
    state.apply("Move", state.encounter.with_token(at(HERO, 2.5, 3.5)))
    state.apply("Open door", toggle_door(state.encounter, "door"))
    seen = mask_array(state.encounter.fog.seen, *fog_size(state.encounter))
    save_encounter(state.encounter, tmp_path / "dungeon.json")
    loaded = load_encounter(tmp_path / "dungeon.json")
    assert loaded == state.encounter
    assert np.array_equal(mask_array(loaded.fog.seen, *fog_size(loaded)), seen)
    assert seen[3 * 4 + 2, 10 * 4]  # a square of the east room, level with the door
    assert not seen[0, 11 * 4]  # the room's far corner, hidden behind the north wall


def test_bad_fog_bits_are_refused_naming_the_field() -> None:
    document = (b'{"format": 2, "fog": {"enabled": true, "seen": '
                b'{"columns": 8, "rows": 2, "bits": "AAAA"}}}')
    with pytest.raises(EncounterFileError) as caught:
        loads_encounter(document, where="bad.json")
    assert str(caught.value) == "bad.json: fog.seen.bits: not zlib-compressed bits"


def test_a_format_1_file_opens_with_the_fog_off() -> None:
    loaded = loads_encounter(b'{"format": 1, "tokens": []}')
    assert loaded.fog == Fog(enabled=False)


def player_items(scene: MapScene) -> list[str]:
    """The token ids and names every item of the player scene shows."""
    found = []
    for item in scene.items():
        if isinstance(item, TokenItem):
            found.append(item.token.id)
        if isinstance(item, TokenLabelItem):
            found.append(item.name)
    return found


def test_a_token_the_heroes_cannot_see_is_in_no_player_view_item() -> None:
    ensure_app()
    spy = Token("spy", "Spy", 3.5, 6.5, hidden=True)
    state = BattleState(replace(dungeon(), tokens=(HERO, ORC, spy)))
    players, gm = MapScene(state, Audience.PLAYER), MapScene(state, Audience.GM)
    assert not {"orc", "Orc", "spy", "Spy"} & set(player_items(players))
    assert {"hero", "Valeros"} <= set(player_items(players))
    assert {"orc", "Orc", "spy", "Spy"} <= set(player_items(gm))
    state.apply("Open door", toggle_door(replace(
        state.encounter, tokens=(at(HERO, 2.5, 3.5), ORC, spy)), "door"))
    assert "Orc" in player_items(players) and "Spy" not in player_items(players)
    players.detach()
    gm.detach()


def test_the_fog_tools_reveal_and_hide_as_one_undoable_edit_each() -> None:
    state = BattleState(replace(dungeon(), fog=Fog(enabled=True, vision=False)))

    def drive(tool: FogTool, *steps: tuple[PointerKind, float, float]) -> None:
        for kind, x, y in steps:
            commit = tool.feed(PointerEvent(kind, x, y), state.encounter)
            if commit is not None:
                state.apply(commit.label, commit.encounter)

    def revealed() -> int:
        return int(mask_array(state.encounter.fog.revealed, *fog_size(state.encounter)).sum())

    drive(FogTool(FogShape.ROOM, True), (PointerKind.PRESS, 9.0, 1.0))
    assert revealed() == 6 * 8 * 16  # the east room: 6 x 8 cells of 16 squares
    drive(FogTool(FogShape.RECTANGLE, False), (PointerKind.PRESS, 6.0, 0.0),
          (PointerKind.MOVE, 12.0, 4.0), (PointerKind.RELEASE, 12.0, 4.0))
    assert revealed() == 6 * 4 * 16
    drive(FogTool(FogShape.POLYGON, True), (PointerKind.PRESS, 0.0, 0.0),
          (PointerKind.PRESS, 2.0, 0.0), (PointerKind.DOUBLE_CLICK, 2.0, 2.0))
    # the triangle over 8 x 8 squares: the 8 x 7 / 2 = 28 squares below the diagonal and the
    # 8 centred on it (a centre on a left edge counts as inside)
    assert revealed() == 6 * 4 * 16 + 36
    drive(FogTool(FogShape.BRUSH, False), (PointerKind.PRESS, 9.0, 6.0),
          (PointerKind.MOVE, 9.0, 6.0), (PointerKind.RELEASE, 9.0, 6.0))
    # a disc of 4 squares' radius around a square corner: per quarter, centres at 0.5 .. 3.5
    # squares across fit 4, 4, 3 and 2 deep: 13 x 4 = 52 squares hidden again
    assert revealed() == 6 * 4 * 16 + 36 - 52
    labels = [state.undo() for _ in range(4)]
    assert labels == ["Hide brush", "Reveal polygon", "Hide rectangle", "Reveal room"]
    assert state.encounter.fog.revealed is None


def test_the_players_see_revealed_tokens_when_vision_is_off() -> None:
    ensure_app()
    state = BattleState(replace(dungeon(), fog=Fog(enabled=True, vision=False)))
    players = MapScene(state, Audience.PLAYER)
    assert player_items(players) == []
    tool = FogTool(FogShape.ROOM, True)
    commit = tool.feed(PointerEvent(PointerKind.PRESS, 9.0, 1.0), state.encounter)
    assert commit is not None
    state.apply(commit.label, commit.encounter)
    assert sorted(player_items(players)) == ["Orc", "orc"]
    players.detach()


def test_the_player_view_follows_a_hero_while_the_gm_drags_it(
    qtbot: QtBot, window: GMWindow
) -> None:
    window.state.load(replace(dungeon(is_open=True), tokens=(at(HERO, 1.5, 1.5), ORC)))
    window.toggle_player_view()
    players = window.player_window
    assert players is not None
    assert players.scene.token_item("orc") is None  # the wall hides it
    handle = window.interaction.handle
    handle(PointerEvent(PointerKind.PRESS, 1.5, 1.5))
    handle(PointerEvent(PointerKind.MOVE, 4.5, 3.5))  # level with the open door
    assert players.scene.token_item("orc") is not None
    assert window.state.encounter.token("hero").x == 1.5  # not moved yet
    handle(PointerEvent(PointerKind.MOVE, 1.5, 1.6))
    assert players.scene.token_item("orc") is None
    handle(PointerEvent(PointerKind.RELEASE, 4.5, 3.5))
    assert players.scene.token_item("orc") is not None


def test_the_gm_shows_the_players_everything_for_a_moment(
        qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    from battlemap.desktop.gui import fog_menu

    asked: list[bool] = []
    monkeypatch.setattr(fog_menu, "confirm_peek", lambda _w: asked.append(True) or False)
    window.state.load(dungeon())
    window.toggle_player_view()
    players = window.player_window
    assert players is not None and players.scene.token_item("orc") is None
    window.actions_by_name["fog_peek"].trigger()  # asked first: No lifts nothing
    assert asked == [True] and players.scene.token_item("orc") is None
    monkeypatch.setattr(fog_menu, "confirm_peek", lambda _w: True)
    window.actions_by_name["fog_peek"].trigger()
    assert players.scene.token_item("orc") is not None
    assert not players.scene.fog_item.isVisible()
    qtbot.waitUntil(lambda: players.scene.token_item("orc") is None, timeout=8000)
    assert players.scene.fog_item.isVisible()


def test_the_fog_switches_are_undoable_and_follow_the_encounter(window: GMWindow) -> None:
    window.state.load(dungeon())
    actions = window.actions_by_name
    assert actions["fog_enabled"].isChecked() and actions["fog_vision"].isChecked()
    actions["fog_vision"].trigger()
    assert not window.state.encounter.fog.vision and not actions["fog_vision"].isChecked()
    assert window.state.undo_label == "Heroes' Vision off"
    window.state.undo()
    assert actions["fog_vision"].isChecked()
    actions["fog_reveal_all"].trigger()
    revealed = mask_array(window.state.encounter.fog.revealed, *fog_size(window.state.encounter))
    assert revealed.all()


def test_only_the_acting_hero_looks_when_the_option_is_on() -> None:
    kyra = Token("kyra", "Kyra", 2.5, 3.5, side=Side.HERO)  # sees the orc through the door
    encounter = replace(dungeon(is_open=True), tokens=(HERO, kyra, ORC),
                        fog=Fog(enabled=True, acting_only=True))
    vision = Vision()
    heroes = {"hero", "kyra"}  # the players' own tokens always show
    assert vision.sight(encounter, acting=frozenset({"kyra"})).seen_ids == heroes | {"orc"}
    assert vision.sight(encounter, acting=frozenset({"hero"})).seen_ids == heroes
    assert vision.sight(encounter).seen_ids == heroes | {"orc"}  # out of combat: everyone


SAMPLE = Path(__file__).parents[2] / "data" / "uvtt" / "oganm_dd2vtt_importer_test.dd2vtt"


def test_an_imported_map_starts_hidden_and_a_door_opens_the_view_beyond_it() -> None:
    imported = parse_uvtt(SAMPLE.read_bytes(), where=SAMPLE.name, name="cave").encounter
    assert imported.fog == Fog(enabled=True)  # nothing revealed, vision on
    hero = Token("va", "Valeros", 9.5, 11.5, side=Side.HERO)
    state = BattleState(replace(imported, tokens=(hero,)), settle=remember_vision)
    state.apply("Place", replace(state.encounter, name="cave, placed"))

    def seen_at(x: float, y: float) -> bool:
        squares = mask_array(state.encounter.fog.seen, *fog_size(state.encounter))
        return bool(squares[int(y * 4), int(x * 4)])

    assert seen_at(9.5, 12.5) and not seen_at(10.0, 16.0)  # the hall, not past the south door
    state.apply("Open door", toggle_door(state.encounter, "door-3"))
    assert seen_at(10.0, 16.0)


def test_player_overlays_point_at_no_token_the_heroes_cannot_see() -> None:
    ensure_app()
    state = BattleState(dungeon())
    players = MapScene(state, Audience.PLAYER)
    overlay = AimOverlay(for_players=True)
    players.add_overlay(overlay)
    assert set(tokens_drawn(overlay, state.encounter, True)) == {"hero"}
    assert set(tokens_drawn(overlay, state.encounter, False)) == {"hero", "orc"}
    players.detach()


def test_players_cannot_grab_a_creature_they_do_not_see(qtbot: QtBot, window: GMWindow) -> None:
    window.state.load(dungeon())
    window.toggle_player_view()
    players = window.player_window
    assert players is not None
    handle = players.interaction.handle
    handle(PointerEvent(PointerKind.PRESS, 9.5, 3.5))  # where the unseen orc stands
    handle(PointerEvent(PointerKind.MOVE, 8.5, 3.5))
    handle(PointerEvent(PointerKind.RELEASE, 8.5, 3.5))
    assert window.state.encounter.token("orc").x == 9.5 and window.state.undo_label is None
    handle(PointerEvent(PointerKind.PRESS, 1.5, 1.5))  # their own hero
    handle(PointerEvent(PointerKind.MOVE, 2.5, 1.5))
    handle(PointerEvent(PointerKind.RELEASE, 2.5, 1.5))
    assert window.state.encounter.token("hero").x == 2.5


def test_dragging_a_light_moves_its_glow_and_the_heroes_sight_before_the_drop(
    qtbot: QtBot, window: GMWindow
) -> None:
    # a pitch-dark dungeon, the door open; a lamp in the hall lights the hero's side only
    dark = replace(dungeon(is_open=True), ambient=Illumination.PITCH,
                   tokens=(at(HERO, 2.5, 3.5), ORC), lights=(Light("lamp", 2.5, 5.5, 2, 4),))
    window.state.load(dark)
    window.toggle_player_view()
    players = window.player_window
    assert players is not None and players.scene.token_item("orc") is None  # in the dark
    handle = window.interaction.handle
    handle(PointerEvent(PointerKind.PRESS, 2.5, 5.5))
    handle(PointerEvent(PointerKind.MOVE, 9.5, 5.5))  # beside the orc, in the east room
    assert players.scene.token_item("orc") is not None
    glows = [item.light for item in players.scene.items() if isinstance(item, LightItem)]
    assert [(g.x, g.y) for g in glows] == [(9.5, 5.5)]
    assert window.state.encounter.lights[0].x == 2.5  # not moved yet
    handle(PointerEvent(PointerKind.RELEASE, 9.5, 5.5))
    assert window.state.undo_label == "Move light"
    assert window.state.encounter.lights[0].x == 9.5
    window.state.undo()
    assert players.scene.token_item("orc") is None


def test_a_token_the_gm_hid_leaves_no_hole_in_the_fog() -> None:
    # the demo's hidden Goblin 4 stands at (9.5, 6.5) in the chapel, its disc reaching into
    # the floor the heroes see through the broken south wall, its east side in the dark: the
    # dark stays black (a clear disc would give it away although its token is not drawn)
    demo = load_encounter(ASSETS_DIR / "demo" / "goblin-ambush.json")
    assert demo.token("goblin-4").hidden and demo.fog.enabled
    middle = colours(player_pixels(demo, (9.7, 6.3, 9.9, 6.5)))
    assert max(QColor(c).lightness() for c in middle) <= 8  # black (soft edge of seen squares)


def test_the_token_dialog_edits_a_tokens_sight(qtbot: QtBot) -> None:
    dialog = TokenDialog(replace(HERO, sight=Sight(darkvision=6.0)))
    qtbot.addWidget(dialog)
    assert dialog.darkvision.value() == 6.0 and not dialog.low_light.isChecked()
    dialog.low_light.setChecked(True)
    dialog.light.setValue(4.0)
    assert dialog.token().sight == Sight(darkvision=6.0, low_light=True, light=4.0)
