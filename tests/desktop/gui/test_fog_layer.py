"""The fog's layer (issue 28): each view keeps what the fog painted, and a repaint of many
rectangles (a long line of fire and its card) copies it instead of clipping the fog to them
with the sight's rings cut out again. What the views show is what the fog painted directly
shows, pixel for pixel, after every new aim, a sight that changed, fog squares revealed, a
zoom and a turned view."""

from __future__ import annotations

import pytest
from gui_helpers import shown_pixels, shown_view
from PySide6.QtGui import QPainter, QRegion, QTransform
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.attack_targeting import Aim
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.fog import painted, polygon_squares, tracker_for
from battlemap.desktop.core.model import Encounter, Fog, Side, Sight, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.aim_overlay import AimOverlay
from battlemap.desktop.gui.fog_item import FogItem, FogLayer
from battlemap.desktop.gui.map_view import REST_MS
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Preview

TOKENS = (Token("a", "Amiri", 3.5, 3.5, side=Side.HERO, sight=Sight(darkvision=12)),
          Token("s", "Seelah", 30.5, 22.5, side=Side.HERO, sight=Sight(darkvision=8)),
          Token("g", "Goblin", 7.5, 5.5), Token("o", "Orc", 26.5, 20.5),
          Token("f", "Far Goblin", 36.5, 26.5), Token("b", "Bugbear", 20.5, 10.5))
TARGETS = ("f", "g", "b", "o", "f", "b", "g", "f")


def dungeon() -> Encounter:
    walls = tuple(Wall(f"w{k}", ((8.0 * k + 6, 2.0), (8.0 * k + 9, 24.0))) for k in range(4))
    return Encounter(width=40, height=30, fog=Fog(enabled=True), tokens=TOKENS, walls=walls)


def aim_at(encounter: Encounter, attacker: str, target: str) -> Aim:
    facts = board_of(encounter).map().facts(attacker, target)
    return Aim(attacker, target, Preview(attacker, target, None, ("card",)), facts=facts)


class Aimed:
    """A view of a fogged scene with an aim overlay on it."""

    def __init__(self, qtbot: QtBot, state: BattleState, audience: Audience) -> None:
        self.scene = MapScene(state, audience)
        self.overlay = AimOverlay(for_players=audience is Audience.PLAYER)
        self.view = shown_view(qtbot, self.scene, 900, 700, overlay=self.overlay)
        self.state = state

    def aim(self, attacker: str, target: str) -> None:
        encounter = self.state.encounter
        self.overlay.show_aim(aim_at(encounter, attacker, target), encounter)

    def camera(self, zoom: float, turn: int) -> None:
        turned = QTransform()
        turned.rotate(turn)
        turned.scale(zoom, zoom)
        self.view.setTransform(turned)
        self.view.centerOn(20 * CELL, 15 * CELL)


def pair(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, audience: Audience,
         ) -> tuple[Aimed, Aimed]:
    """Two views of one state: the first with the fog's layer, the second painting the fog
    directly (the code before: ``_layer_for`` answering None for its viewport)."""
    state = BattleState(dungeon())
    layered, direct = Aimed(qtbot, state, audience), Aimed(qtbot, state, audience)
    layer_for = FogItem._layer_for

    def direct_for_one(item: FogItem, painter: QPainter, widget: QWidget | None,
                       ) -> FogLayer | None:
        return None if widget is direct.view.viewport() else layer_for(item, painter, widget)

    monkeypatch.setattr(FogItem, "_layer_for", direct_for_one)
    return layered, direct


def settle(qtbot: QtBot) -> None:
    QApplication.processEvents()
    qtbot.wait(5)


def same_pixels(layered: Aimed, direct: Aimed) -> bool:
    return shown_pixels(layered.view) == shown_pixels(direct.view)


def count_layer_paints(monkeypatch: pytest.MonkeyPatch) -> list[QRegion]:
    """The regions painted into a layer from now on."""
    regions: list[QRegion] = []
    paint_layer = FogItem._paint_layer

    def spy(item: FogItem, layer: FogLayer, hints: QPainter.RenderHint,
            to_device: QTransform, missing: QRegion, shown: object) -> None:
        regions.append(QRegion(missing))
        paint_layer(item, layer, hints, to_device, missing, shown)  # type: ignore[arg-type]

    monkeypatch.setattr(FogItem, "_paint_layer", spy)
    return regions


@pytest.mark.parametrize("audience", [Audience.PLAYER, Audience.GM])
@pytest.mark.parametrize(("zoom", "turn"), [(0.55, 0), (1.0, 0), (1.7, 0), (0.8, 90)])
def test_new_aims_show_what_the_fog_painted_directly_shows(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, audience: Audience, zoom: float, turn: int
) -> None:
    layered, direct = pair(qtbot, monkeypatch, audience)
    for each in (layered, direct):
        each.camera(zoom, turn)
    layer_paints = count_layer_paints(monkeypatch)
    settle(qtbot)
    for target in TARGETS:
        for each in (layered, direct):
            each.aim("a", target)
        settle(qtbot)
        assert same_pixels(layered, direct), target
    assert layer_paints  # the layer was painted (and copied since)


@pytest.mark.parametrize("audience", [Audience.PLAYER, Audience.GM])
def test_a_changed_sight_and_revealed_squares_are_painted_again(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, audience: Audience
) -> None:
    """A hero moved (her sight's rings change) and squares revealed between the hovers: the
    layer no longer holds the fog there, and the next long line shows the new fog. Keeping
    the layer where it changed (``FogLayer.forget`` doing nothing) fails it."""
    layered, direct = pair(qtbot, monkeypatch, audience)
    for target in TARGETS[:3]:
        for each in (layered, direct):
            each.aim("a", target)
        settle(qtbot)
    tracker_for(layered.state).set_moving({"a": (9.5, 12.5)})  # the hero's sight moves
    settle(qtbot)
    for target in ("f", "b", "o", "f"):
        for each in (layered, direct):
            each.aim("s", target)
        settle(qtbot)
        assert same_pixels(layered, direct), target
    encounter = layered.state.encounter
    room = polygon_squares(encounter, ((14.0, 8.0), (30.0, 8.0), (30.0, 20.0), (14.0, 20.0)))
    layered.state.apply("reveal", painted(encounter, room, reveal=True))
    settle(qtbot)
    for target in ("f", "g", "f"):
        for each in (layered, direct):
            each.aim("a", target)
        settle(qtbot)
        assert same_pixels(layered, direct), target


def test_hovers_back_and_forth_copy_the_layer(qtbot: QtBot,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Once painted, the layer is copied: hovers between two far targets paint no fog into
    it and clip nothing to their rectangles (a second paint at a new camera starts it)."""
    state = BattleState(dungeon())
    aimed = Aimed(qtbot, state, Audience.PLAYER)
    layer_paints = count_layer_paints(monkeypatch)
    for target in ("f", "b", "f", "b"):
        aimed.aim("a", target)
        settle(qtbot)
    assert len(layer_paints) == 1  # the whole view, once
    assert layer_paints[0].boundingRect().size() == aimed.view.viewport().size()
    layer_paints.clear()
    for target in ("f", "b", "f", "b", "f"):
        aimed.aim("a", target)
        settle(qtbot)
    assert layer_paints == []
    aimed.camera(0.6, 0)  # a new camera: painted directly once, then the layer again
    settle(qtbot)
    for target in ("b", "f", "b"):
        aimed.aim("a", target)
        settle(qtbot)
    assert len(layer_paints) == 1


def test_a_few_rectangles_are_painted_directly(qtbot: QtBot,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A drag's box (one rectangle, not the whole view) does not touch the layer: painted
    into it and copied, its new pixels at each step would cost more than painted once."""
    state = BattleState(dungeon())
    aimed = Aimed(qtbot, state, Audience.PLAYER)
    settle(qtbot)
    layer_paints = count_layer_paints(monkeypatch)
    direct: list[int] = []
    paint_fog = FogItem._paint_fog
    monkeypatch.setattr(FogItem, "_paint_fog", lambda item, *args: (
        direct.append(1), paint_fog(item, *args))[1])
    for x in (100, 300, 500):
        aimed.view.viewport().update(x, 100 + x // 2, 80, 60)
        settle(qtbot)
    assert len(direct) == 3
    assert layer_paints == []


def test_other_render_hints_start_the_layer_afresh(qtbot: QtBot,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The layer holds the fog as painted with the view's hints: a view whose painter no
    longer antialiases (its rings' edges then hard) does not copy the antialiased layer.
    Keying the layer by the device transform alone fails it."""
    layered, direct = pair(qtbot, monkeypatch, Audience.PLAYER)
    for target in ("f", "b", "f"):
        for each in (layered, direct):
            each.aim("a", target)
        settle(qtbot)
    for each in (layered, direct):
        each.view.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    for target in ("b", "f", "b", "f"):
        for each in (layered, direct):
            each.aim("a", target)
        settle(qtbot)
        assert same_pixels(layered, direct), target


@pytest.mark.parametrize("audience", [Audience.PLAYER, Audience.GM])
def test_a_view_at_rest_fills_its_layer_for_the_next_long_line(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, audience: Audience) -> None:
    """A new camera, then the view rests (:data:`REST_MS`): the layer is painted whole then, so
    the next long line's hover copies it (paints no fog into it), and shows what the fog
    painted directly shows. A view that does nothing at rest fails the first assertion."""
    layered, direct = pair(qtbot, monkeypatch, audience)
    for each in (layered, direct):
        each.aim("a", "g")
    settle(qtbot)
    for each in (layered, direct):
        each.camera(0.7, 0)
    settle(qtbot)  # the first paint at the camera: painted directly
    layer_paints = count_layer_paints(monkeypatch)
    qtbot.waitUntil(lambda: bool(layer_paints), timeout=20 * REST_MS)
    assert layer_paints[0].boundingRect().size() == layered.view.viewport().size()
    qtbot.wait(3 * REST_MS)  # nothing more to make
    layer_paints.clear()
    for target in ("f", "b", "f"):
        for each in (layered, direct):
            each.aim("a", target)
        settle(qtbot)
        assert same_pixels(layered, direct), target
    assert layer_paints == []
