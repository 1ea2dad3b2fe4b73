"""The hover card's frame drawn from kept images of its fill and outline shows the pixels
Qt's own ``drawRoundedRect`` shows, at fractional places, both colours, over random pixels
(issue 28: the translucent antialiased rounded rectangle was 0.2 ms a hover)."""

from __future__ import annotations

import numpy as np
import pytest
from gui_helpers import matched_to, shown_pixels, shown_view
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.aim_overlay import CardFrames, PreviewCard
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import Audience, Layer, MapScene


def noise(image_format: QImage.Format) -> QImage:
    pixels = np.random.default_rng(8).integers(0, 256, (260, 420, 4), dtype=np.uint8)
    pixels[..., 3] = 255
    image = QImage(pixels.tobytes(), 420, 260, 420 * 4, QImage.Format.Format_ARGB32)
    return image.convertToFormat(image_format)


def painted(card: PreviewCard, background: QImage, at: QPointF, times: int) -> np.ndarray:
    image = background.copy()
    for _ in range(times):  # the frame is kept from its second paint
        image = background.copy()
        painter = QPainter(image)
        painter.setTransform(QTransform.fromTranslate(at.x(), at.y()))
        card.paint(painter, QStyleOptionGraphicsItem(), None)
        painter.end()
    rgb = image.convertToFormat(QImage.Format.Format_ARGB32)
    return np.frombuffer(rgb.constBits(), np.uint8).reshape(260, 420, 4).astype(int).copy()


@pytest.mark.parametrize("image_format", [QImage.Format.Format_RGB32,
                                          QImage.Format.Format_ARGB32_Premultiplied])
@pytest.mark.parametrize("problem", [False, True])
def test_the_kept_frame_shows_what_qt_paints(monkeypatch: pytest.MonkeyPatch,
                                              image_format: QImage.Format,
                                              problem: bool) -> None:
    ensure_app()
    background = noise(image_format)
    card = PreviewCard()
    card.show_lines(["Warrior 2", "Warrior 1 attacks with Gladius", "Fair +2 vs Good +3",
                     "win 38% · tie 19% · succeed with style 12%"], problem)
    drawn = []
    real = CardFrames.draw
    monkeypatch.setattr(CardFrames, "draw",
                        lambda frames, *args: drawn.append(real(frames, *args)) or drawn[-1])
    places = [QPointF(20, 30), QPointF(37.3, 21.6), QPointF(51.5, 80.25), QPointF(9.99, 140.01)]
    kept = [painted(card, background, at, 2) for at in places]
    assert drawn.count(True) == len(places)  # each second paint from the images
    monkeypatch.setattr(CardFrames, "draw", lambda *_args: False)
    for at, new in zip(places, kept, strict=True):
        old = painted(card, background, at, 1)
        assert np.abs(new - old).max() == 0
        assert (new != background_pixels(background)).any()


def background_pixels(background: QImage) -> np.ndarray:
    rgb = background.convertToFormat(QImage.Format.Format_ARGB32)
    return np.frombuffer(rgb.constBits(), np.uint8).reshape(260, 420, 4).astype(int).copy()


def test_a_turned_or_scaled_painter_draws_the_frame_itself() -> None:
    ensure_app()
    image = QImage(100, 100, QImage.Format.Format_ARGB32_Premultiplied)
    frames = CardFrames()
    painter = QPainter(image)
    painter.setTransform(QTransform().rotate(30))
    assert not frames.draw(painter, QRectF(0, 0, 50, 20), False)
    assert not frames.draw(painter, QRectF(0, 0, 50, 20), False)
    painter.end()


def test_a_shown_card_painted_from_its_frames_shows_what_qt_paints(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a window's view (the viewport sits inside its window's backing store), the card
    repainted from its kept frame leaves what a view drawing it itself shows."""
    def card_view() -> tuple[MapView, PreviewCard]:
        scene = MapScene(BattleState(Encounter(width=20, height=14)), Audience.GM)
        view = shown_view(qtbot, scene)
        card = PreviewCard()
        scene.add_overlay(card, Layer.HUD)
        card.show_lines(["Goblin", "Amiri attacks Goblin", "TN 5 · hit 72%"], False)
        card.setPos(QPointF(5.37 * 64, 4.61 * 64))
        qtbot.wait(20)
        return view, card

    drawn: list[bool] = []
    real = CardFrames.draw
    monkeypatch.setattr(CardFrames, "draw",
                        lambda frames, *args: drawn.append(real(frames, *args)) or drawn[-1])
    view, card = card_view()
    for _ in range(3):
        card.update()
        qtbot.wait(20)
    assert True in drawn
    monkeypatch.setattr(CardFrames, "draw", lambda *_args: False)
    fresh, _card = card_view()
    assert shown_pixels(view) == shown_pixels(matched_to(fresh, view))
