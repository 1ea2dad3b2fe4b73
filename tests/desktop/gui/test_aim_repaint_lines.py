"""The line of fire's repaint pieces, each widened just past the halo's antialiased edge,
leave on screen what a whole repaint shows for lines along the rows, along the columns and
aslant (issue 28: a long line's repaint is cut into pieces, not its box; a line along a row
or a column has the thinnest pieces), at three zooms, each repaint asserted partial."""

from __future__ import annotations

import pytest
from gui_helpers import PaintRegions, matched_to, shown_pixels, shown_view
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.attack_targeting import Aim
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.aim_overlay import AimOverlay
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Preview

LINES = Encounter(tokens=(Token("a", "Amiri", 2.5, 2.5, side=Side.HERO),
                          Token("e", "East Goblin", 30.5, 2.5),
                          Token("s", "South Goblin", 2.5, 24.5),
                          Token("d", "Diagonal Orc", 24.5, 20.5)), width=34, height=28)


def _aim(target: str) -> Aim:
    return Aim("a", target, Preview("a", target, None, ("card",)),
               facts=board_of(LINES).map().facts("a", target))


@pytest.mark.parametrize(("zoom", "centre", "targets"), [
    (1.3, (8.0, 4.0), "ede"), (0.7, (9.0, 12.5), "sdsd"), (1.0, (8.3, 6.1), "edsd")])
def test_the_pieces_of_straight_and_slanting_lines_leave_what_a_whole_repaint_shows(
        qtbot: QtBot, zoom: float, centre: tuple[float, float], targets: str) -> None:
    """A line along the rows or the columns, whose pieces are thinnest, leaves nothing
    behind when the aim moves on (pieces widened by a pixel instead of the pens fail it)."""
    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(LINES), Audience.GM), overlay=overlay)
    view.set_camera(QPointF(centre[0] * CELL, centre[1] * CELL), zoom)
    qtbot.wait(300)  # (the zoom's exact frame)
    overlay.show_aim(_aim("d"), LINES)  # (the first repaint after it is whole)
    qtbot.wait(50)
    painted = PaintRegions()
    view.viewport().installEventFilter(painted)
    for target in targets:
        painted.areas.clear()
        overlay.show_aim(_aim(target), LINES)
        qtbot.wait(20)
        whole = view.viewport().width() * view.viewport().height()
        assert painted.areas and max(painted.areas) < whole  # (pieces, not the whole view)
        fresh = shown_view(qtbot, MapScene(BattleState(LINES), Audience.GM),
                           overlay=(fresh_overlay := AimOverlay()))
        fresh_overlay.show_aim(_aim(target), LINES)
        qtbot.wait(20)
        assert shown_pixels(view) == shown_pixels(matched_to(fresh, view)), (zoom, target)
        fresh.close()
