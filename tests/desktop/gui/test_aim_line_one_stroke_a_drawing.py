"""The line of fire's kept images are made one stroke a drawing (issue 28, the hover card's
tail: the second drawing of a long line made both strokes' images, up to 3 ms a view): the
halo at the second drawing, the line itself at the third, the stroke not made yet drawn by
its pen in its turn; every drawing shows the pixels the pens showed."""

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
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Preview

TOKENS = (Token("a", "Amiri", 2.5, 2.5, side=Side.HERO), Token("f", "Far Goblin", 30.5, 19.5))
ENCOUNTER = Encounter(tokens=TOKENS, width=34, height=22)


@pytest.mark.parametrize(("zoom", "turn", "blocked"), [(0.9, 0, False), (0.61, 90, True)])
def test_one_stroke_is_made_a_drawing_and_each_shows_the_pens_pixels(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, zoom: float, turn: int,
        blocked: bool) -> None:
    made: list[int] = []
    real = aim_overlay.LineLayers._made

    def counted(layers: aim_overlay.LineLayers, *args: object) -> object:
        made.append(args[-2])  # type: ignore[arg-type]  # the stroke's number
        return real(layers, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(aim_overlay.LineLayers, "_made", counted)
    overlay = AimOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
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
    strokes: list[list[bool]] = []
    for _ in range(4):
        view.viewport().repaint()
        shown.append(view.viewport().grab().toImage())
        kept = list(overlay._layers._kept.values())
        strokes.append([p is not None for p in kept[0]] if kept else [])
    assert made == [0, 1]
    assert strokes == [[], [True, False], [True, True], [True, True]]
    assert all(image == drawn for image in shown)
    layers = overlay._layers
    assert layers._pixels == sum(aim_overlay._pixels(k) for k in layers._kept.values())


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
