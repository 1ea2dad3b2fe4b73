"""The line of fire drawn from images of its strokes (issue 28, the hover card: a wide
antialiased slanting line is slow to fill, twice a view, on both views at every hover): the
view shows the very pixels drawing the strokes gave, at every zoom, turned, blocked (dashed
red) or not, and what is kept stays within its bound."""

from __future__ import annotations

import pytest
from gui_helpers import shown_view
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter, QPen
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.attack_targeting import Aim
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import aim_overlay
from battlemap.desktop.gui.aim_overlay import AimOverlay
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Preview

TOKENS = (Token("a", "Amiri", 2.5, 2.5, side=Side.HERO), Token("o", "Orc", 4.5, 2.5),
          Token("b", "Bugbear", 20.5, 10.5), Token("f", "Far Goblin", 36.5, 26.5))
ENCOUNTER = Encounter(tokens=TOKENS, width=40, height=30)
TOKENS_AT = {t.id: (t.x, t.y) for t in TOKENS}


def aim_at(target: str, blocked: bool = False) -> Aim:
    facts = board_of(ENCOUNTER).map().facts("a", target)
    return Aim("a", target, Preview("a", target, None, ("card",),
                                    problem="out of range" if blocked else None), facts=facts)


def painted(view: MapView) -> QImage:
    """The view painted whole now."""
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def pens_alone(painter: QPainter, start: QPointF, end: QPointF, pens: tuple[QPen, ...],
               style: object) -> None:
    """The line drawn by its pens, in order (what the kept images must show)."""
    for pen in pens:
        painter.setPen(pen)
        painter.drawLine(start, end)


@pytest.mark.parametrize(("zoom", "turn", "blocked"), [
    (1.0, 0, False), (0.37, 0, True), (1.7, 0, False), (0.8234, 90, False), (0.55, 270, True)])
def test_the_kept_strokes_show_what_drawing_them_showed(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, zoom: float, turn: int,
        blocked: bool) -> None:
    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    view.set_rotation(turn)
    for target in ("b", "f", "o"):
        view.set_camera(QPointF((2.5 + TOKENS_AT[target][0]) / 2 * CELL + 7.3,
                                (2.5 + TOKENS_AT[target][1]) / 2 * CELL - 3.1), zoom)
        overlay._layers = aim_overlay.LineLayers()
        overlay.show_aim(aim_at(target, blocked), ENCOUNTER)
        with monkeypatch.context() as patch:  # the pens themselves, in order
            patch.setattr(overlay._layers, "draw", pens_alone)
            drawn = painted(view)
        assert not overlay._layers._kept
        kept = painted(view)  # its first drawing: its images, made now
        assert overlay._layers._kept, target
        assert kept == drawn, target
        assert painted(view) == drawn, target  # and again
        scratch = aim_overlay._SCRATCH[0]  # each stroke lay in its pieces: cleared after
        clear = QImage(scratch.size(), scratch.format())
        clear.fill(0)
        assert scratch == clear, target


def test_what_is_kept_stays_within_its_bound(qtbot: QtBot,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aim_overlay, "LINE_LAYER_PIXELS", 120_000)
    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    view.set_zoom(1.0)
    for target in ("b", "f", "o", "b", "f"):
        overlay.show_aim(aim_at(target), ENCOUNTER)
        painted(view)
        painted(view)
        layers = overlay._layers
        assert layers._pixels == sum(aim_overlay._pixels(k) for k in layers._kept.values())
        assert layers._pixels <= 120_000 or len(layers._kept) == 1
