"""The line of fire drawn from images of its strokes (issue 28, the hover card: a wide
antialiased slanting line is slow to fill, twice a view, on both views at every hover): the
view shows the very pixels drawing the strokes gave, at every zoom, turned, blocked (dashed
red) or not, and what is kept stays within its bound."""

from __future__ import annotations

import pytest
from gui_helpers import shown_view
from PySide6.QtCore import QPointF, QRect, QSize
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


def fits(view: MapView, target: str) -> bool:
    """Whether the line to ``target``, the halo's reach around it, lies within the view and
    the slack Qt leaves before cutting an outline (else it is drawn by its pens)."""
    ends = [view.mapFromScene(QPointF(x * CELL, y * CELL)) for x, y in (
        TOKENS_AT["a"], TOKENS_AT[target])]
    reach = QRect(ends[0], ends[1]).normalized().adjusted(-7, -7, 7, 7)
    slack = aim_overlay.OUTLINE_CLIP_SLACK
    return view.viewport().rect().adjusted(-slack, -slack, slack, slack).contains(reach)


@pytest.mark.parametrize(("zoom", "turn", "blocked"), [
    (1.0, 0, False), (0.37, 0, True), (1.7, 0, False), (0.8234, 90, False), (0.55, 270, True)])
def test_the_kept_strokes_show_what_drawing_them_showed(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, zoom: float, turn: int,
        blocked: bool) -> None:
    """A line within the view is drawn from its images from its first drawing; one running
    off the view by more than the slack is drawn by its pens; both show the pens' pixels."""
    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), 1400, 1000,
                      overlay=overlay)
    view.set_rotation(turn)
    kept_lines = 0
    for target in ("b", "f", "o"):
        view.set_camera(QPointF((2.5 + TOKENS_AT[target][0]) / 2 * CELL + 7.3,
                                (2.5 + TOKENS_AT[target][1]) / 2 * CELL - 3.1), zoom)
        overlay._layers = aim_overlay.LineLayers()
        overlay.show_aim(aim_at(target, blocked), ENCOUNTER)
        with monkeypatch.context() as patch:  # the pens themselves, in order
            patch.setattr(overlay._layers, "draw", pens_alone)
            drawn = painted(view)
        assert not overlay._layers._kept
        kept = painted(view)  # its first drawing: its images, made now (if it fits)
        assert bool(overlay._layers._kept) == fits(view, target), target
        kept_lines += bool(overlay._layers._kept)
        assert kept == drawn, target
        assert painted(view) == drawn, target  # and again
        scratch = aim_overlay._SCRATCH[0]  # each stroke lay in its pieces: cleared after
        clear = QImage(scratch.size(), scratch.format())
        clear.fill(0)
        assert scratch == clear, target
    assert kept_lines >= 2 or zoom > 1.5


def test_a_line_off_the_view_after_a_larger_scratch_shows_the_pens_pixels(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scratch made for a larger view first (another window), a line running far off
    this view: drawn by its pens, the very pixels (making its images on the larger scratch,
    where Qt cuts its outline elsewhere, was a grey level off along the whole line)."""
    monkeypatch.setattr(aim_overlay, "_SCRATCH", [])
    aim_overlay._scratch(1036, 783, QSize(1036, 783))
    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    view.set_camera(QPointF((2.5 + 36.5) / 2 * CELL + 7.3, (2.5 + 26.5) / 2 * CELL - 3.1), 1.7)
    overlay.show_aim(aim_at("f"), ENCOUNTER)
    with monkeypatch.context() as patch:
        patch.setattr(overlay._layers, "draw", pens_alone)
        drawn = painted(view)
    assert painted(view) == drawn
    assert not overlay._layers._kept


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
