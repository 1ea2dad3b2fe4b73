"""The attack card never covers the target or what it reports on: the line of fire, the tokens
around the target and their names."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.attack_targeting import Aim
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.aim_overlay import AimOverlay, PreviewCard
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, Layer, MapScene
from battlemap.desktop.gui.style import CELL

LINES = ["Goblin 5", "Short range, Light Cover", "TN 4 · about 60 %"]


def card_on(qtbot: QtBot, tokens: tuple[Token, ...]) -> tuple[MapView, PreviewCard, AimOverlay]:
    encounter = Encounter(tokens=tokens, width=16, height=10)
    view = MapView(MapScene(BattleState(encounter), Audience.GM))
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    view.set_camera(QPointF(8 * CELL, 5 * CELL), 1.0)
    overlay, card = AimOverlay(), PreviewCard()
    view.map_scene.add_overlay(overlay, Layer.TOOL)
    view.map_scene.add_overlay(card, Layer.HUD)
    overlay.show_aim(Aim("a", "t"), encounter)
    card.show_lines(LINES, False)
    target = encounter.token("t")
    card.place(QPointF((target.x + target.radius + 0.3) * CELL, (target.y - target.radius) * CELL),
               QPointF((target.x - target.radius - 0.3) * CELL, (target.y - target.radius) * CELL))
    return view, card, overlay


def card_area(view: MapView, card: PreviewCard) -> QRectF:
    return view.mapToScene(
        view.mapFromScene(card.pos()).x() + round(card.boundingRect().left()),
        view.mapFromScene(card.pos()).y() + round(card.boundingRect().top()),
        round(card.boundingRect().width()), round(card.boundingRect().height()),
    ).boundingRect()


def test_the_card_leaves_the_neighbour_and_the_line_of_fire_clear(qtbot: QtBot) -> None:
    # The attacker shoots from the left; a second goblin stands right of the target. Right of
    # the target is the neighbour, left is the line of fire: the card goes above.
    tokens = (Token("a", "Harsk", 2.5, 5.5, side=Side.HERO),
              Token("t", "Goblin 5", 8.5, 5.5, side=Side.VILLAIN),
              Token("n", "Goblin 4", 9.5, 5.5, side=Side.VILLAIN))
    view, card, overlay = card_on(qtbot, tokens)
    area = card_area(view, card)
    assert area.bottom() <= 5.0 * CELL  # above the target's top edge (y 5.0 cells)
    for token_id in ("t", "n"):
        item = view.map_scene.token_item(token_id)
        assert item is not None
        assert not item.sceneTransform().map(item.shape()).intersects(area)
        assert not area.intersects(item.label.sceneBoundingRect())
    assert not overlay.shape().intersects(area)


def test_a_lone_target_gets_the_card_on_its_right(qtbot: QtBot) -> None:
    tokens = (Token("a", "Harsk", 2.5, 5.5, side=Side.HERO),
              Token("t", "Goblin 5", 8.5, 5.5, side=Side.VILLAIN))
    view, card, _ = card_on(qtbot, tokens)
    area = card_area(view, card)
    # Right of the target: its left edge past the target's right edge plus the 0.3 cell gap.
    assert area.left() >= (9.0 + 0.3) * CELL - 1
    assert area.center().y() == 5.5 * CELL



def card_on_screen(window) -> QRectF:  # type: ignore[no-untyped-def]
    """The card's rectangle in the GM view's viewport pixels."""
    card = window.combat_tools.attack.card
    at = window.view.mapFromScene(card.pos())
    return card.boundingRect().translated(at.x(), at.y())


CROWD = (Token("a", "Harsk", 2.5, 17.5, side=Side.HERO),
         Token("t", "Goblin 5", 8.5, 20.5, side=Side.VILLAIN),
         *(Token(f"n{n}", f"Goblin {n}", x, y, side=Side.VILLAIN) for n, (x, y) in enumerate(
             ((7.2, 20.5), (9.8, 20.5), (8.5, 19.2), (7.2, 19.2), (9.8, 19.2)), start=6)))
"""A target ringed by goblins on its left, right and above: only below it is free."""


@pytest.mark.parametrize("corner", ["bottom", "bottom-right"])
def test_the_card_stays_inside_the_view_with_its_odds_at_an_edge(
        qtbot: QtBot, corner: str) -> None:
    """The crowded target at the bottom of the view (and against the dock): the free place
    below it is off screen, so the card covers a neighbour rather than lose its last line,
    the odds; hovered with the real mouse."""
    from conftest import QuietGMWindow
    from gui_helpers import hover, on_screen
    from PySide6.QtCore import Qt

    window = QuietGMWindow(BattleState(Encounter(tokens=CROWD, width=40, height=40)))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.view.set_zoom(1.0)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "a"))
    window.actions_by_name["tool_attack"].trigger()
    viewport = QRectF(window.view.viewport().rect())
    window.view.set_camera(QPointF(8.5 * CELL, 20.5 * CELL), 1.0)
    target = window.view.mapFromScene(8.5 * CELL, 20.5 * CELL)
    dx = viewport.width() - 60 - target.x() if "right" in corner else 0
    dy = viewport.height() - 45 - target.y()
    window.view.set_camera(QPointF(8.5 * CELL - dx, 20.5 * CELL - dy), 1.0)
    assert window.view.mapFromScene(8.5 * CELL, 20.5 * CELL).y() > viewport.height() - 50
    hover(window, on_screen(window, "t"))
    card = window.combat_tools.attack.card
    assert card.isVisible() and len(card.lines) >= 2
    assert viewport.contains(card_on_screen(window)), (corner, card_on_screen(window))
    assert card.lines[-1].startswith("Shaken+")  # the odds, wrapped or not, are shown
