"""The GM's threat view and the table's "who can I hit" rings and tags have no bounds while they
show nothing (issue 28: each step of a drag repainted both windows' changed box, and these
map-sized items were painted there, in Python, to draw nothing); what they showed is still
repainted away when they empty: the views show what a fresh view paints."""

from __future__ import annotations

from collections import Counter

import pytest
from gui_helpers import matched_to, shown_pixels, shown_view
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.threats import exchange_of_fire
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, Layer, MapScene
from battlemap.desktop.gui.table_insight import ExchangeOverlay, ExchangeTags
from battlemap.desktop.gui.threat_view import ThreatOverlay

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents

ENCOUNTER = Encounter(width=16, height=10, tokens=(
    Token("h", "Hero", 3.5, 4.5, side=Side.HERO),
    Token("g", "Goblin", 9.5, 4.5, side=Side.VILLAIN, stats={"weapons": []}),
    Token("o", "Orc", 12.5, 7.5, side=Side.VILLAIN)))


class CountedThreats(ThreatOverlay):
    def __init__(self, state: BattleState) -> None:
        super().__init__(state)
        self.paints = 0

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self.paints += 1
        super().paint(painter, option, widget)


def _view(qtbot: QtBot, audience: Audience) -> MapView:
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), audience))
    qtbot.wait(20)
    return view


def test_the_threat_view_is_painted_only_while_it_shows_readings(qtbot: QtBot) -> None:
    view, fresh = _view(qtbot, Audience.GM), _view(qtbot, Audience.GM)
    threats = CountedThreats(view.map_scene.state)
    view.map_scene.add_overlay(threats, Layer.TOOL)
    view.viewport().repaint()
    assert threats.flags() & NO_CONTENTS and threats.paints == 0
    blank = shown_pixels(view)
    threats.show_for("h")
    qtbot.wait(20)
    assert threats.readings and threats.paints >= 1
    assert shown_pixels(view) != blank  # the goblin's and the orc's rings
    threats.show_for(None)
    qtbot.wait(20)
    assert shown_pixels(view) == shown_pixels(matched_to(fresh, view))  # repainted away
    painted = threats.paints
    view.viewport().repaint()
    assert threats.flags() & NO_CONTENTS and threats.paints == painted


def test_the_exchange_and_its_tags_are_painted_only_while_shown(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    paints: Counter[str] = Counter()
    for kind in (ExchangeOverlay, ExchangeTags):
        def counted(item: QGraphicsItem, painter: QPainter, option: QStyleOptionGraphicsItem,
                    widget: QWidget | None = None, paint=kind.paint, name=kind.__name__) -> None:
            paints[name] += 1
            paint(item, painter, option, widget)
        monkeypatch.setattr(kind, "paint", counted)
    view, fresh = _view(qtbot, Audience.PLAYER), _view(qtbot, Audience.PLAYER)
    exchange = ExchangeOverlay()
    view.map_scene.add_overlay(exchange, Layer.EFFECTS)
    view.map_scene.add_overlay(exchange.tag_item, Layer.PLAYER_LABELS)
    view.viewport().repaint()
    assert exchange.flags() & NO_CONTENTS and exchange.tag_item.flags() & NO_CONTENTS
    assert not paints
    blank = shown_pixels(view)
    exchange.show_for("h", exchange_of_fire(ENCOUNTER, "h"), ENCOUNTER)
    qtbot.wait(20)
    assert exchange.tags and paints["ExchangeOverlay"] >= 1 and paints["ExchangeTags"] >= 1
    assert shown_pixels(view) != blank
    exchange.clear()
    qtbot.wait(20)
    assert shown_pixels(view) == shown_pixels(matched_to(fresh, view))  # repainted away
    painted = paints.copy()
    view.viewport().repaint()
    assert paints == painted
