"""The fog repaints only where the heroes' sight changed (issue 28), and what it shows after a
drag step is what a fresh view of the same sight shows, pixel for pixel."""

from __future__ import annotations

from dataclasses import replace

from gui_helpers import PaintRegions, matched_to, shown_pixels, shown_view
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fog import tracker_for
from battlemap.desktop.core.model import Encounter, Fog, Side, Sight, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene

HEROES = (Token("a", "Amiri", 3.5, 3.5, side=Side.HERO, sight=Sight(darkvision=4)),
          Token("b", "Seelah", 36.5, 26.5, side=Side.HERO, sight=Sight(darkvision=4)))


def dungeon() -> Encounter:
    walls = tuple(Wall(f"w{k}", ((8.0 * k + 6, 2.0), (8.0 * k + 6, 28.0))) for k in range(4))
    return Encounter(width=40, height=30, fog=Fog(enabled=True), tokens=HEROES, walls=walls)



def player_view(qtbot: QtBot, state: BattleState) -> tuple[MapView, MapScene]:
    scene = MapScene(state, Audience.PLAYER)
    view = shown_view(qtbot, scene, 800, 600)
    qtbot.wait(20)
    return view, scene


def test_a_drag_step_repaints_the_moved_heros_sight_not_the_whole_view(qtbot: QtBot) -> None:
    state = BattleState(dungeon())
    view, _scene = player_view(qtbot, state)
    tracker_for(state).set_moving({"a": (4.0, 4.0)})  # the drag's first step
    qtbot.wait(20)
    regions = PaintRegions()
    view.viewport().installEventFilter(regions)
    tracker_for(state).set_moving({"a": (4.5, 4.5)})
    qtbot.waitUntil(lambda: bool(regions.boxes))
    qtbot.wait(20)
    whole = view.viewport().width() * view.viewport().height()
    painted = max(box.width() * box.height() for box in regions.boxes)
    assert painted < whole / 4  # the far hero's sight and the rest of the map stay


def test_after_a_drag_step_the_view_shows_what_a_fresh_view_shows(qtbot: QtBot) -> None:
    state = BattleState(dungeon())
    view, _scene = player_view(qtbot, state)
    for step in range(1, 6):
        tracker_for(state).set_moving({"a": (3.5 + step, 3.5 + step / 2)})
        qtbot.wait(5)
    view.viewport().repaint()
    fresh, _fresh_scene = player_view(qtbot, state)
    matched_to(fresh, view)
    assert view.viewport().grab().toImage() == fresh.viewport().grab().toImage()



def test_partial_repaints_leave_on_screen_what_a_whole_repaint_shows(qtbot: QtBot) -> None:
    """Heroes close together (one ring of sight) and one far off: each step repaints part of
    the view, clipped to the rings that reach it; the pixels left on screen are the pixels
    a fresh view paints whole."""
    near = Token("c", "Ezren", 7.5, 5.5, side=Side.HERO, sight=Sight(darkvision=4))
    state = BattleState(replace(dungeon(), tokens=(*HEROES, near)))
    view, _scene = player_view(qtbot, state)
    for step in range(1, 5):
        tracker_for(state).set_moving({"a": (3.5 + step * 0.7, 3.5 + step * 0.4)})
        qtbot.wait(20)
        fresh, _fresh_scene = player_view(qtbot, state)
        assert shown_pixels(view) == shown_pixels(matched_to(fresh, view)), f"step {step}"
        fresh.close()
