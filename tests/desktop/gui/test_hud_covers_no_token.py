"""The token HUD covers no other token, name tag or badge row, and stays in the view (issue 27,
"A player view players can trust"): real clicks select the token on the GM map.

The map: Ann in the middle of a 14 x 10 map, a goblin on each of her four sides (one cell
away) and one on each diagonal - every place next to her is someone's; at the left edge of
the view, Bo alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import shown_gm
from gui_helpers import PaintRegions, shown_pixels
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.gui import token_hud
from battlemap.desktop.gui.label_layout import disc_meets_box
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_hud import TokenHud

SPF = {"condition": {"shaken": True}}  # a SHAKEN badge above each goblin


def crowd() -> Encounter:
    around = [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)]
    goblins = tuple(Token(f"g{n}", f"Goblin {n}", 7.5 + dx * 1.0, 5.5 + dy * 1.0,
                          side=Side.VILLAIN, stats=SPF) for n, (dx, dy) in enumerate(around))
    return Encounter(width=14, height=10, tokens=(
        Token("ann", "Ann", 7.5, 5.5, side=Side.HERO, stats={}), *goblins,
        Token("bo", "Bo", 0.5, 9.5, side=Side.HERO, stats={})))


@pytest.fixture
def crowded(qtbot: QtBot) -> Iterator[GMWindow]:
    yield shown_gm(qtbot, crowd(), 1.0, (1300, 900))


def select(qtbot: QtBot, window: GMWindow, token_id: str) -> None:
    token = window.state.encounter.token(token_id)
    at = window.view.mapFromScene(token.x * CELL, token.y * CELL)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    qtbot.mouseMove(viewport, at)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert window.combat_tools.hud.token_id == token_id


def on_view(chip: QWidget) -> QRect:
    """The chip's rectangle in the viewport's pixels (the HUD covers its chips' box only)."""
    return chip.geometry().translated(chip.parentWidget().pos())


def scene_rect(window: GMWindow, chip: QWidget) -> QRectF:
    return window.view.mapToScene(on_view(chip)).boundingRect()


def test_among_neighbours_the_hud_covers_no_token_name_or_badge(
        qtbot: QtBot, crowded: GMWindow) -> None:
    crowded.view.centerOn(7.5 * CELL, 5.5 * CELL)
    select(qtbot, crowded, "ann")
    hud = crowded.combat_tools.hud
    assert hud.isVisible() and len(hud.chips) >= 8
    items = crowded.view.map_scene.token_items()
    for chip in hud.chips.values():
        box = scene_rect(crowded, chip)
        for item in items:  # Ann's own disc, name and badges too
            name = item.token.name
            assert not disc_meets_box(item.pos(), item.reach(), box), (chip, name)
            assert not box.intersects(item.label.box.translated(item.pos())), (chip, name)
            if item.badges:
                assert not box.intersects(item.badge_box().translated(item.pos())), name
        assert crowded.view.viewport().rect().contains(on_view(chip))


def test_at_the_views_edge_the_hud_stays_in_it_and_off_its_token(
        qtbot: QtBot, crowded: GMWindow) -> None:
    viewport = crowded.view.viewport()
    crowded.view.set_zoom(2.0)  # the map overflows the view: its corner can be at the edge
    # Bo 20 pixels from the view's left edge and 30 from its bottom
    crowded.view.centerOn(QPointF(0.5 * CELL + (viewport.width() / 2 - 20) / 2,
                                  9.5 * CELL - (viewport.height() / 2 - 30) / 2))
    bo = crowded.view.mapFromScene(0.5 * CELL, 9.5 * CELL)
    assert bo.x() < 25 and viewport.height() - bo.y() < 35
    select(qtbot, crowded, "bo")
    hud = crowded.combat_tools.hud
    item = crowded.view.map_scene.token_item("bo")
    assert item is not None
    for chip in hud.chips.values():
        assert viewport.rect().contains(on_view(chip)), chip
        box = scene_rect(crowded, chip)
        assert not disc_meets_box(item.pos(), item.reach(), box)
        assert not box.intersects(item.label.box.translated(item.pos()))


def test_panned_to_the_views_edge_the_hud_comes_back_inside(
        qtbot: QtBot, crowded: GMWindow) -> None:
    """A pan moves the HUD with the map; once a chip would leave the view, it is placed
    again (inside)."""
    viewport = crowded.view.viewport()
    crowded.view.set_zoom(2.0)
    crowded.view.centerOn(QPointF(3 * CELL, 7 * CELL))
    select(qtbot, crowded, "bo")
    hud = crowded.combat_tools.hud
    assert all(viewport.rect().contains(on_view(c)) for c in hud.chips.values())
    bo = crowded.view.mapFromScene(0.5 * CELL, 9.5 * CELL)
    for _ in range(20):  # the map slides left under the view until Bo is at its edge
        crowded.view.pan_by((bo.x() - 15) // 20 + 1, 0)
        QApplication.processEvents()
    bo = crowded.view.mapFromScene(0.5 * CELL, 9.5 * CELL)
    assert 0 <= bo.x() < 40, bo
    for chip in hud.chips.values():
        assert viewport.rect().contains(chip.mapTo(viewport, QPoint(0, 0))), chip
        assert viewport.rect().contains(chip.mapTo(viewport, chip.rect().bottomRight())), chip


def test_placed_again_in_a_pan_the_hud_repaints_its_box_not_the_map(
        qtbot: QtBot, crowded: GMWindow) -> None:
    """At the view's edge each pan step places the HUD again (slid inside): that repaints
    the strip the scroll uncovers and the HUD's old and new boxes, not the whole map (a
    viewport-sized HUD moved back to the corner and masked anew repainted all of it, issue
    28); the window then shows what a whole repaint shows."""
    viewport = crowded.view.viewport()
    crowded.view.set_zoom(2.0)
    crowded.view.centerOn(QPointF(3 * CELL, 7 * CELL))
    select(qtbot, crowded, "bo")
    hud = crowded.combat_tools.hud
    bo = crowded.view.mapFromScene(0.5 * CELL, 9.5 * CELL)
    crowded.view.pan_by(bo.x() - 60, 0)  # Bo near the left edge: his chips at its edge
    QApplication.processEvents()
    painted = PaintRegions()
    viewport.installEventFilter(painted)
    placed = []
    for _ in range(6):
        before = hud.geometry()
        crowded.view.pan_by(6, 0)
        QApplication.processEvents()
        placed.append(hud.geometry() != before.translated(-6, 0))
    viewport.removeEventFilter(painted)
    assert sum(placed) >= 3, placed  # placed again, not only scrolled along
    whole = viewport.width() * viewport.height()
    assert painted.areas and max(painted.areas) < whole / 4, (painted.areas, whole)
    partly = shown_pixels(crowded)
    viewport.repaint()
    assert shown_pixels(crowded) == partly


def _places(hud: TokenHud) -> dict[str, QPoint]:
    return {key: chip.pos() + hud.pos() for key, chip in hud.chips.items()}


def test_clicks_that_free_an_earlier_place_do_not_move_the_chips(
        qtbot: QtBot, crowded: GMWindow) -> None:
    """Each condition switched on adds a badge above Bo: the row grows over where the chips
    began, and they move; switched off again one by one, the row shrinks and the chips stay
    where they are (each click's chip under the pointer), their place still covering
    nothing."""
    crowded.view.centerOn(QPointF(4 * CELL, 6 * CELL))
    select(qtbot, crowded, "bo")
    hud = crowded.combat_tools.hud
    first = _places(hud)
    # Stunned last: switched on, it brings Prone, Distracted and Vulnerable (on already)
    keys = ["condition.shaken", "condition.prone", "condition.distracted",
            "condition.vulnerable", "condition.bound", "condition.entangled", "condition.stunned"]
    for key in keys:
        chip = hud.chips[key]
        assert isinstance(chip, QToolButton)
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton, pos=chip.rect().center())
    item = crowded.view.map_scene.token_item("bo")
    assert item is not None and len(item.badges) == len(keys)
    moved = _places(hud)
    assert moved != first  # the badges took the chips' first place
    for key in reversed(keys):
        chip = hud.chips[key]
        assert isinstance(chip, QToolButton)
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton, pos=chip.rect().center())
        assert _places(hud) == moved, key
    assert not crowded.view.map_scene.token_item("bo").badges  # type: ignore[union-attr]


def notch(view_port: QWidget, delta: int) -> None:
    """One wheel notch at the middle of ``view_port``, as the window system sends it."""
    at = QPointF(view_port.rect().center())
    event = QWheelEvent(at, QPointF(view_port.mapToGlobal(at.toPoint())), QPoint(),
                        QPoint(0, delta), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view_port, event)


def test_a_zoom_burst_moves_the_hud_with_its_token_and_the_settle_places_it_again(
        qtbot: QtBot, crowded: GMWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """During a burst of wheel notches (coarse frames) the HUD's arrangement is kept and only
    follows Ann (no search among the arrangements); once the view settles it is chosen again:
    the chips stand where a placement outside a burst puts them at that camera, covering no
    goblin (the burst's arrangement, kept from zoom 1, no longer fits at zoom 2)."""
    crowded.view.centerOn(7.5 * CELL, 5.5 * CELL)
    select(qtbot, crowded, "ann")
    hud, view = crowded.combat_tools.hud, crowded.view
    searches = []
    real_search = token_hud.least_covering

    def counted(*args: object, **kwargs: object) -> object:
        searches.append(view.coarse)
        return real_search(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(token_hud, "least_covering", counted)
    kept = hud._kept
    for _ in range(4):
        notch(view.viewport(), 120)  # in, about Ann: zoom 1 -> 2
        QApplication.processEvents()
        assert view.coarse and hud._kept == kept
    ann = view.mapFromScene(7.5 * CELL, 5.5 * CELL)
    during = {key: on_view(chip) for key, chip in hud.chips.items()}
    chips = [*(c for c in hud.chips.values() if isinstance(c, QToolButton)),
             *(c for c in hud.chips.values() if not isinstance(c, QToolButton))]
    radius = 0.5 * CELL * view.zoom
    assert kept is not None
    # the kept arrangement at the new zoom, slid into the view: arrangement number `kept`
    assert [on_view(c) for c in chips] == token_hud.inside(
        token_hud.arrangements(ann, radius + token_hud.GAP_PX, radius,
                               [c.size() for c in chips if isinstance(c, QToolButton)],
                               [c.size() for c in chips if not isinstance(c, QToolButton)])[kept],
        view.viewport().rect())
    assert searches == []
    qtbot.waitUntil(lambda: not view.coarse, timeout=2000)
    assert searches == [False]
    settled = {key: on_view(chip) for key, chip in hud.chips.items()}
    hud._placed = None  # placed again as outside a burst, from the arrangement it keeps
    hud.place()
    assert settled == {key: on_view(chip) for key, chip in hud.chips.items()}
    assert settled != during  # the kept arrangement was given up
    for chip in hud.chips.values():
        box = scene_rect(crowded, chip)
        for item in view.map_scene.token_items():
            assert not disc_meets_box(item.pos(), item.reach(), box), (chip, item.token.name)
    assert ann == view.mapFromScene(7.5 * CELL, 5.5 * CELL)
