"""The line of fire's kept images are made at its first drawing, which draws them instead
of its pens (issue 28, the hover card's tail: made one stroke a drawing, at the second and
third, each visit of a long line filled its strokes again, up to 1.3 ms a view, where a
kept line costs 0.05): each stroke is filled once, every drawing shows the pixels the pens
showed, and the pieces kept hold every pixel a stroke touches, none twice."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gui_helpers import shown_view
from PySide6.QtCore import QPoint, QPointF, QRect
from PySide6.QtGui import QImage, QPainter, QPen
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.attack_targeting import Aim
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import aim_overlay
from battlemap.desktop.gui.aim_overlay import LINE_PENS, AimOverlay, _stroke_pieces
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Preview

TOKENS = (Token("a", "Amiri", 2.5, 2.5, side=Side.HERO), Token("f", "Far Goblin", 30.5, 19.5))
ENCOUNTER = Encounter(tokens=TOKENS, width=34, height=22)


@pytest.mark.parametrize(("zoom", "turn", "blocked"), [(0.6, 0, False), (0.45, 90, True)])
def test_each_stroke_is_filled_once_at_the_first_drawing_and_shows_the_pens_pixels(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, zoom: float, turn: int,
        blocked: bool) -> None:
    made: list[int] = []
    real = aim_overlay.LineLayers._made

    def counted(layers: aim_overlay.LineLayers, *args: object) -> object:
        made.append(len(args[-2]))  # type: ignore[arg-type]  # the strokes made
        return real(layers, *args)  # type: ignore[arg-type]

    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), 1400, 1000,
                      overlay=overlay)
    view.set_rotation(turn)
    view.set_camera(QPointF(16.5 * CELL + 3.3, 11 * CELL - 1.7), zoom)
    facts = board_of(ENCOUNTER).map().facts("a", "f")
    overlay.show_aim(Aim("a", "f", Preview("a", "f", None, ("card",), problem=(
        "out of range" if blocked else None)), facts=facts), ENCOUNTER)

    def pens_alone(painter: QPainter, start: QPointF, end: QPointF, pens: tuple[QPen, ...],
                   style: object) -> None:
        for pen in pens:
            painter.setPen(pen)
            painter.drawLine(start, end)

    monkeypatch.setattr(overlay._layers, "draw", pens_alone)
    view.viewport().repaint()
    drawn = view.viewport().grab().toImage()  # the strokes by their pens, in order
    monkeypatch.undo()
    monkeypatch.setattr(aim_overlay.LineLayers, "_made", counted)
    shown: list[QImage] = []
    kept: list[int] = []
    for _ in range(4):
        view.viewport().repaint()
        shown.append(view.viewport().grab().toImage())
        kept.append(len(overlay._layers._kept))
    assert made == [2]
    assert kept == [1, 1, 1, 1]
    assert all(image == drawn for image in shown)
    layers = overlay._layers
    assert layers._pixels == sum(aim_overlay._pixels(k) for k in layers._kept.values())


def test_the_pieces_hold_every_pixel_a_stroke_touches_none_twice() -> None:
    """Random lines (steep, shallow, both ways, short, one point, cut by the box): every
    pixel the wider pen touches lies in exactly one piece, and the pieces lie in the box."""
    draw = random.Random(28)
    size = QRect(0, 0, 400, 300)
    drawn = 0
    for n in range(60):
        one = QPointF(draw.uniform(-50, 450), draw.uniform(-50, 350))
        other = one if n == 0 else QPointF(one.x() + draw.uniform(-300, 300) * (n % 3 != 1),
                                           one.y() + draw.uniform(-300, 300))
        m = aim_overlay.LINE_LAYER_MARGIN
        box = QRect(QPoint(int(min(one.x(), other.x())) - m - 1,
                           int(min(one.y(), other.y())) - m - 1),
                    QPoint(int(max(one.x(), other.x())) + m + 1,
                           int(max(one.y(), other.y())) + m + 1)).intersected(size)
        pieces = _stroke_pieces(one, other, box)
        times = np.zeros((size.height(), size.width()), dtype=int)
        for piece in pieces:
            assert box.contains(piece), (n, piece, box)
            times[piece.top():piece.bottom() + 1, piece.left():piece.right() + 1] += 1
        stroke = QImage(size.size(), QImage.Format.Format_ARGB32_Premultiplied)
        stroke.fill(0)
        painter = QPainter(stroke)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(LINE_PENS[False][0])
        painter.drawLine(one, other)
        painter.end()
        alpha = np.frombuffer(stroke.constBits(), np.uint8).reshape(
            size.height(), stroke.bytesPerLine())[:, 3:4 * size.width():4]
        assert times.max() <= 1, n
        assert not (alpha[times == 0] > 0).any(), n
        drawn += bool((alpha > 0).any())
    assert drawn >= 45  # (the lines wholly outside the image draw nothing)


def _aim(target: str) -> Aim:
    return Aim("a", target, Preview("a", target, None, ("card",)),
               facts=board_of(NEAR_AND_FAR).map().facts("a", target))


NEAR_AND_FAR = Encounter(tokens=(*TOKENS, Token("o", "Orc", 5.5, 3.5)), width=34, height=22)


@pytest.mark.parametrize("room", [True, False])
def test_the_scratch_is_made_once_the_views_size(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, room: bool) -> None:
    """The scratch takes the view's size at the first line made (a longer line after it
    draws on the same image); a device larger than :data:`SCRATCH_PIXELS` grows it by the
    lines' boxes, as before."""
    if not room:
        monkeypatch.setattr(aim_overlay, "SCRATCH_PIXELS", 10_000)
    monkeypatch.setattr(aim_overlay, "_SCRATCH", [])
    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(NEAR_AND_FAR), Audience.GM), overlay=overlay)
    view.set_camera(QPointF(16.5 * CELL, 11 * CELL), 0.3)  # the whole map in view
    made = []
    for target in ("o", "f"):
        overlay.show_aim(_aim(target), NEAR_AND_FAR)
        for _ in range(2):
            view.viewport().grab()  # (a paint)
        made.append((aim_overlay._SCRATCH[0], aim_overlay._SCRATCH[0].size()))
    size = view.viewport().size()
    if room:
        assert made[0][0] is made[1][0] and made[0][1] == made[1][1] == size
    else:
        assert made[0][1].width() < size.width() and made[0][1].height() < size.height()
        assert made[1][1].width() > made[0][1].width()
