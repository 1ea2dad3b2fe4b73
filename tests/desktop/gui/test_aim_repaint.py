"""The line of fire repaints only what the old and the new aim cover (issue 28: the whole map
was repainted at every new target the mouse met; then the box of both lines), piece by piece,
and the view then shows what a fresh view of the same aim shows, pixel for pixel."""

from __future__ import annotations

from gui_helpers import PaintRegions, matched_to, shown_pixels, shown_view
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.attack_targeting import Aim
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.aim_overlay import AimOverlay
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Preview

TOKENS = (Token("a", "Amiri", 2.5, 2.5, side=Side.HERO),
          Token("g", "Goblin", 6.5, 3.5), Token("o", "Orc", 4.5, 2.5),
          Token("f", "Far Goblin", 36.5, 26.5), Token("b", "Bugbear", 20.5, 10.5))
ENCOUNTER = Encounter(tokens=TOKENS, width=40, height=30)



def aimed_view(qtbot: QtBot, aim: Aim | None) -> tuple[MapView, AimOverlay]:
    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    overlay.show_aim(aim, ENCOUNTER)
    qtbot.wait(20)
    return view, overlay


def aim_at(target: str) -> Aim:
    """Amiri aiming at ``target`` (the line, the cover shade, the bystanders ringed)."""
    facts = board_of(ENCOUNTER).map().facts("a", target)
    return Aim("a", target, Preview("a", target, None, ("card",)), facts=facts)


def test_a_new_target_repaints_the_old_and_new_line_not_the_view(qtbot: QtBot) -> None:
    view, overlay = aimed_view(qtbot, aim_at("o"))
    regions = PaintRegions()
    view.viewport().installEventFilter(regions)
    overlay.show_aim(aim_at("o"), ENCOUNTER)  # the same aim: nothing to repaint ...
    view.viewport().update()  # ... and the first paint of a new window is whole anyway
    qtbot.waitUntil(lambda: bool(regions.boxes))
    regions.boxes.clear()
    overlay.show_aim(aim_at("g"), ENCOUNTER)
    qtbot.waitUntil(lambda: bool(regions.boxes))
    whole = view.viewport().width() * view.viewport().height()
    assert max(b.width() * b.height() for b in regions.boxes) < whole / 10
    overlay.show_aim(aim_at("f"), ENCOUNTER)  # across the map: the line's box is the map's
    drawn = overlay.drawn_rect()
    for token in TOKENS[0], TOKENS[3]:
        assert drawn.contains(QPointF(token.x * CELL, token.y * CELL))


def test_after_new_targets_the_view_shows_what_a_fresh_view_shows(qtbot: QtBot) -> None:
    view, overlay = aimed_view(qtbot, aim_at("f"))
    for target in ("o", "g", "o", "g"):
        overlay.show_aim(aim_at(target), ENCOUNTER)
        qtbot.wait(5)
    qtbot.wait(20)
    fresh, _fresh_overlay = aimed_view(qtbot, aim_at("g"))
    assert view.viewport().grab().toImage() == fresh.viewport().grab().toImage()
    overlay.show_aim(None, ENCOUNTER)  # the aim gone: its line too
    qtbot.wait(20)
    bare, _bare_overlay = aimed_view(qtbot, None)
    assert view.viewport().grab().toImage() == bare.viewport().grab().toImage()


def test_a_slanting_line_repaints_its_pieces_not_its_box(qtbot: QtBot) -> None:
    view, overlay = aimed_view(qtbot, aim_at("o"))
    painted = PaintRegions()
    view.viewport().installEventFilter(painted)
    overlay.show_aim(aim_at("g"), ENCOUNTER)  # (the first repaints of a new window are whole)
    qtbot.waitUntil(lambda: bool(painted.areas))
    painted.areas.clear()
    overlay.show_aim(aim_at("b"), ENCOUNTER)  # aslant (a box of the dirty pieces that
    qtbot.waitUntil(lambda: bool(painted.areas))  # holds the view repaints it all: Qt's rule)
    box = view.mapFromScene(overlay.drawn_rect()).boundingRect()  # (the two lines' box)
    assert len(painted.areas) == 1
    assert painted.areas[0] < box.width() * box.height() / 2


def test_the_pieces_repainted_leave_on_screen_what_a_whole_repaint_shows(qtbot: QtBot) -> None:
    """Read from the window's backing store: what the partial repaints left there."""
    view, overlay = aimed_view(qtbot, aim_at("g"))
    for target in ("b", "o", "f", "b", "g", "b"):
        overlay.show_aim(aim_at(target), ENCOUNTER)
        qtbot.wait(20)
        fresh, _fresh_overlay = aimed_view(qtbot, aim_at(target))
        assert shown_pixels(view) == shown_pixels(matched_to(fresh, view)), target
        fresh.close()
