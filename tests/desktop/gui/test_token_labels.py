"""Token name tags sit above every token: the token in the row below never covers a name."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from desktop.core.model import Encounter, Token
from desktop.core.state import BattleState
from desktop.gui.scene import Audience, MapScene
from desktop.gui.style import CELL

UPPER = Token(id="upper", name="Al", x=2.5, y=2.5, color="#ffffff")
LOWER = Token(id="lower", name="Bo", x=2.5, y=3.5, color="#ffffff")
"""One row apart; ``lower`` comes later in the encounter, so its disc is drawn over ``upper``."""


def rendered(scene: MapScene) -> QImage:
    """The scene's map area at one image pixel per scene pixel."""
    size = scene.map_rect().size().toSize()
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), scene.map_rect())
    painter.end()
    return image


@pytest.mark.parametrize("audience", [Audience.GM, Audience.PLAYER])
def test_a_name_tag_is_drawn_over_the_token_in_the_row_below(
    qtbot: QtBot, audience: Audience
) -> None:
    encounter = Encounter(tokens=(UPPER, LOWER), width=6, height=6)
    scene = MapScene(BattleState(encounter), audience)
    tag = scene.token_item("upper").label.sceneBoundingRect()  # type: ignore[union-attr]
    # The tag of "upper" starts 0.5 cell + 0.6 ring = 36.99 px below its centre (y 160),
    # inside the white disc of "lower" (centre y 224, fill radius 27.84 px). Sample its left
    # padding (no text) at mid-height: 3 px in from the tag's left edge.
    x, y = round(tag.left() + 3), round(tag.center().y())
    assert (x - 2.5 * CELL) ** 2 + (y - 3.5 * CELL) ** 2 < 27.0**2  # inside the lower disc
    # The tag's black at alpha 200 over the white disc: 255 * (255 - 200) / 255 = 55.
    pixel = rendered(scene).pixelColor(x, y)
    assert (pixel.red(), pixel.green(), pixel.blue()) == pytest.approx((55, 55, 55), abs=3)
    scene.detach()


def test_the_name_tag_follows_its_token_when_it_moves_and_fades(qtbot: QtBot) -> None:
    scene = MapScene(BattleState(Encounter(tokens=(UPPER,), width=6, height=6)))
    item = scene.token_item("upper")
    assert item is not None and item.label.scene() is scene
    item.setPos(4 * CELL, 1 * CELL)  # as the slide animation moves it
    item.setOpacity(0.4)
    assert (item.label.pos().x(), item.label.pos().y()) == (4 * CELL, 1 * CELL)
    assert item.label.opacity() == pytest.approx(0.4)
    scene.state.load(Encounter(tokens=(), width=6, height=6))
    assert item.label.scene() is None
    scene.detach()
