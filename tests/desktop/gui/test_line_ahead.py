"""The line of fire's images made ahead (issue 28, the hover card's first visits): the idle
slices that preview the chosen attacker's targets also make, for each, the images its line's
first drawing would make on the GM's view and on the table's, so the first hover of a target
makes none; what both views show then is what they show drawing the line with its pens, pixel
for pixel, blocked (red, dashed) or not, at two zooms."""

from __future__ import annotations

import pytest
from gui_helpers import hover, on_screen, open_table, shown_pixels
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.attack_targeting import Aim
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.aim_overlay import LineLayers
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.player_window import PlayerWindow
from battlemap.desktop.gui.scene import Audience
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Preview

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
ATTACKER = "harsk"
BLOCKED = "goblin-boss"
"""Harsk cannot see the goblin boss (his line is drawn blocked); the players see both."""
UNBLOCKED = ("goblin-1", "goblin-2", "goblin-3", "goblin-5", "merisiel")
ZOOMS = (0.7, 1.2)
"""Both zooms show the attacker's lines to the boss and to most others whole on both views."""


@pytest.fixture
def window(qtbot: QtBot) -> GMWindow:
    window = GMWindow(BattleState(load_encounter(DEMO)))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.show()
    qtbot.waitExposed(window)
    return window


def settle(qtbot: QtBot) -> None:
    QApplication.processEvents()
    qtbot.wait(5)


def aimed_ahead(qtbot: QtBot, window: GMWindow, zoom: float) -> PlayerWindow:
    """The table open, the camera at ``zoom`` over the attacker's line to the boss, the
    attacker chosen for the Attack tool and the idle slices run to their end."""
    player = open_table(window)
    window.view.set_camera(QPointF(12.5 * CELL, 9 * CELL), zoom)
    settle(qtbot)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, ATTACKER))
    window.actions_by_name["tool_attack"].trigger()
    controller = window.combat_tools.attack
    qtbot.waitUntil(lambda: not controller.ahead.isActive())
    assert controller.tool.ahead(window.state.encounter) == []
    settle(qtbot)
    return player


def spy_making(monkeypatch: pytest.MonkeyPatch) -> tuple[list[QWidget], list[object]]:
    """The devices lines are drawn on from now on, and each line made (its kept images)."""
    devices: list[QWidget] = []
    made: list[object] = []
    draw, make = LineLayers.draw, LineLayers._made

    def drawing(layers: LineLayers, painter: QPainter, *args: object) -> None:
        devices.append(painter.device())  # type: ignore[arg-type]
        draw(layers, painter, *args)  # type: ignore[arg-type]

    def making(layers: LineLayers, *args: object) -> object:
        images = make(layers, *args)  # type: ignore[arg-type]
        if images is not None:
            made.append(args[0])
        return images

    monkeypatch.setattr(LineLayers, "draw", drawing)
    monkeypatch.setattr(LineLayers, "_made", making)
    return devices, made


def pens_alone(layers: LineLayers, painter: QPainter, start: QPointF, end: QPointF,
               pens: tuple[QPen, ...], style: object) -> None:
    """The line drawn by its pens, in order (what the kept images must show)."""
    for pen in pens:
        painter.setPen(pen)
        painter.drawLine(start, end)


def drawn_by_pens(monkeypatch: pytest.MonkeyPatch, viewport: QWidget) -> object:
    """What ``viewport`` shows painted whole with every line drawn by its pens."""
    with monkeypatch.context() as patch:
        patch.setattr(LineLayers, "draw", pens_alone)
        viewport.repaint()
        return shown_pixels(viewport)


@pytest.mark.parametrize("zoom", ZOOMS)
def test_the_first_hovers_of_the_targets_ahead_make_no_line_images(
        qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch, zoom: float) -> None:
    """Without the images made ahead each first hover made its line on both views."""
    player = aimed_ahead(qtbot, window, zoom)
    devices, made = spy_making(monkeypatch)
    for target in (BLOCKED, *UNBLOCKED):
        hover(window, on_screen(window, target))
        settle(qtbot)
        aim = window.combat_tools.attack.tool.aim
        assert aim is not None and aim.target == target
    assert devices.count(window.view.viewport()) >= 1 + len(UNBLOCKED)
    assert devices.count(player.view.viewport()) >= 1 + len(UNBLOCKED)
    assert made == []


@pytest.mark.parametrize("zoom", ZOOMS)
@pytest.mark.parametrize("target", [BLOCKED, "goblin-3"])
def test_the_lines_made_ahead_show_what_their_pens_show(
        qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch, zoom: float,
        target: str) -> None:
    """Each view after the first hover of a target shows what it shows drawing the line by its
    pens (the line to the boss is blocked, the one to goblin 3 is not). Images made ahead by
    the pens of the other style, or half a pixel off, fail it."""
    player = aimed_ahead(qtbot, window, zoom)
    _devices, made = spy_making(monkeypatch)
    hover(window, on_screen(window, target))
    settle(qtbot)
    aim = window.combat_tools.attack.tool.aim
    assert aim is not None and aim.target == target and aim.preview is not None
    assert (aim.preview.problem is not None) == (target == BLOCKED)
    assert made == []  # the views show the images made ahead
    for viewport in (window.view.viewport(), player.view.viewport()):
        shown = shown_pixels(viewport)
        assert shown == drawn_by_pens(monkeypatch, viewport), (target, viewport)


def test_the_table_gets_no_line_to_a_token_the_players_do_not_see(
        qtbot: QtBot, window: GMWindow) -> None:
    """A line to the hidden goblin is made for the GM's view only (the table draws none)."""
    aimed_ahead(qtbot, window, ZOOMS[0])
    controller, encounter = window.combat_tools.attack, window.state.encounter
    overlays = {scene.audience: controller._overlay(scene) for scene in controller.scenes()}
    kept = {audience: len(o._layers._kept) for audience, o in overlays.items()}
    hidden = Aim(ATTACKER, "goblin-4", Preview(ATTACKER, "goblin-4", None, ("card",)))
    for overlay in overlays.values():
        overlay.make_line_ahead(hidden, encounter)
    assert len(overlays[Audience.GM]._layers._kept) == kept[Audience.GM] + 1
    assert len(overlays[Audience.PLAYER]._layers._kept) == kept[Audience.PLAYER]
