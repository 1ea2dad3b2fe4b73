"""The fog during a drag on the UVTT house with six heroes (issue 28): the sight's rings are
straightened (they change where the floor seen changes) and each step repaints the box of
the edges that changed; what the window shows is what a fresh view paints whole, and the
straightened rings paint what the unstraightened union paints, bar rounding."""

from __future__ import annotations

import numpy as np
import shapely
from gui_helpers import PaintRegions, matched_to, painted_fog, shown_pixels, shown_view
from pytestqt.qtbot import QtBot
from support.uvtt_house import house

from battlemap.desktop.core.fog import Vision, tracker_for
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.scene import Audience, MapScene


def test_drag_steps_and_the_drop_leave_what_a_fresh_view_shows_repainting_part(
        qtbot: QtBot) -> None:
    state = BattleState(house())
    view = shown_view(qtbot, MapScene(state, Audience.PLAYER), 800, 600)
    qtbot.wait(20)
    tracker_for(state).set_moving({"h0": (3.5, 3.5)})
    qtbot.wait(20)
    regions = PaintRegions()
    view.viewport().installEventFilter(regions)
    whole = view.viewport().width() * view.viewport().height()
    for step in range(1, 7):
        tracker_for(state).set_moving({"h0": (3.5 + step, 3.5 + step // 3)})
        qtbot.wait(20)
        fresh = shown_view(qtbot, MapScene(state, Audience.PLAYER), 800, 600)
        qtbot.wait(20)
        assert shown_pixels(view) == shown_pixels(matched_to(fresh, view)), f"step {step}"
        fresh.close()
    painted = [box.width() * box.height() / whole for box in regions.boxes]
    assert painted and np.median(painted) < 0.5  # (the merged ring's box: 0.7-0.9 of it)
    hero = state.encounter.token("h0")
    state.apply("Move", state.encounter.with_token(hero.moved_to(6.5, 4.5)))  # the drop
    tracker_for(state).set_moving({})
    qtbot.wait(20)
    fresh = shown_view(qtbot, MapScene(state, Audience.PLAYER), 800, 600)
    qtbot.wait(20)
    assert shown_pixels(view) == shown_pixels(matched_to(fresh, view))


def fog_pixels(rings: tuple[tuple[tuple[float, float], ...], ...]) -> np.ndarray:
    """The GM's fog over the house with ``rings`` left clear, as the GM window's zoom shows it."""
    return painted_fog(house(), rings, "gm")


def test_the_straightened_rings_paint_what_the_union_paints_bar_rounding() -> None:
    encounter = house()
    vision = Vision()
    field = vision.field(encounter)
    viewers = vision.viewers(encounter, {}, frozenset())
    union = field.seen_area(viewers)
    exact = tuple(tuple(map(tuple, shapely.get_coordinates(ring).tolist()))
                  for ring in shapely.get_rings(union).tolist())
    apart = np.abs(fog_pixels(field.seen_rings(viewers)) - fog_pixels(exact)).max(axis=2)
    assert apart.max() <= 2  # of 255: where Qt rounds a dropped point to 1/64 pixel
    assert np.count_nonzero(apart) < apart.size / 2000
