"""The Template tool repaints only what its old and new template cover (issue 28: the whole
map was repainted at every move of the mouse and at every click's commit), and what the
partial repaints leave on screen is what a fresh view of the same template paints whole."""

from __future__ import annotations

from gui_helpers import PaintRegions, matched_to, shown_pixels, shown_view
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.template_attack import preview_template
from battlemap.desktop.core.template_targeting import TemplateAim
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.template_tool import TemplateOverlay

TOKENS = (Token("a", "Amiri", 2.5, 2.5, side=Side.HERO),
          Token("g", "Goblin", 10.5, 6.5), Token("o", "Orc", 12.5, 6.5),
          Token("f", "Far Goblin", 30.5, 22.5), Token("k", "Kobold", 20.5, 14.5))
ENCOUNTER = Encounter(tokens=TOKENS, width=40, height=30,
                      walls=(Wall("w", ((11.5, 4.0), (11.5, 9.0))),
                             Wall("v", ((19.0, 15.5), (22.0, 15.5)))))
SPOTS = ((10.5, 6.5), (12.0, 6.5), (12.5, 7.5), (20.5, 16.9), (20.5, 25.0), (30.5, 22.5),
         (6.5, 12.5))
"""Over the goblin, between the goblin and the orc (the wall shields one: a label), below the
kobold behind a wall (his ring and label stand out of the template's box), on below him,
off across the map."""


def aim_at(at: tuple[float, float], shape: str = "mbt") -> TemplateAim:
    return TemplateAim(shape, at, preview_template(ENCOUNTER, "a", shape, at))



def aimed_view(qtbot: QtBot, aim: TemplateAim | None) -> tuple[MapView, TemplateOverlay]:
    overlay = TemplateOverlay()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    overlay.show_aim(aim, ENCOUNTER)
    qtbot.wait(20)
    return view, overlay



def test_a_new_place_repaints_the_old_and_new_template_not_the_view(qtbot: QtBot) -> None:
    view, overlay = aimed_view(qtbot, aim_at(SPOTS[0]))
    regions = PaintRegions()
    view.viewport().installEventFilter(regions)
    overlay.show_aim(aim_at(SPOTS[0]), ENCOUNTER)  # the same aim: its box only ...
    view.viewport().update()  # ... and the first paints of a new window are whole anyway
    qtbot.waitUntil(lambda: bool(regions.boxes))
    qtbot.wait(50)
    regions.boxes.clear()
    overlay.show_aim(aim_at(SPOTS[1]), ENCOUNTER)
    qtbot.waitUntil(lambda: bool(regions.boxes))
    whole = view.viewport().width() * view.viewport().height()
    assert max(b.width() * b.height() for b in regions.boxes) < whole / 10
    for token in TOKENS[1:3]:  # both beneath: their rings inside what is repainted
        assert overlay.drawn_rect().contains(QPointF(token.x * CELL, token.y * CELL))


def test_after_new_places_the_view_shows_what_a_fresh_view_shows(qtbot: QtBot) -> None:
    view, overlay = aimed_view(qtbot, aim_at(SPOTS[0]))
    aims = [aim_at(spot) for spot in SPOTS[1:]] + [aim_at(SPOTS[2], "cone"), None]
    for step, aim in enumerate(aims, start=1):
        overlay.show_aim(aim, ENCOUNTER)
        qtbot.wait(20)
        fresh, _fresh_overlay = aimed_view(qtbot, aim)
        assert shown_pixels(view) == shown_pixels(matched_to(fresh, view)), f"step {step}"
        fresh.close()
