"""On the table, a drag's exposure numbers and the exchange's tags ("who can I hit") sit on no
token, name tag, badge row or drag ghost (issue 27, "A player view players can trust"). Real
mouse events on the player view; what is covered is read off the table's own token items.

The drag: Kyra at (1.5, 3.5) carried east along row 3 past the Archer at (3.5, 2.5), whose
name tag (the table's 8 mm letters) hangs down into the row the path runs along."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gui_helpers import open_table, small_encounter
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.label_layout import Covered, covered_by_tokens
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.overlay_item import GHOST_SCALE
from battlemap.desktop.gui.player_window import PlayerWindow
from battlemap.desktop.gui.scene import Layer
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.table_insight import CORNER_OFF, NUMBER_RADIUS, ExposureOverlay

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
BOW = {"pace": 6, "weapons": [{"name": "Bow", "range": [12, 24, 48]}]}
SHAKEN = {"pace": 6, "condition": {"shaken": True}}  # a SHAKEN badge above


def _cell(view: MapView, x: float, y: float) -> QPoint:
    return view.mapFromScene(x * CELL, y * CELL)


def _table(window: GMWindow, encounter: Encounter) -> PlayerWindow:
    player = open_table(window, encounter)
    return player


def _disc(spot: tuple[float, float]) -> QRectF:
    r = NUMBER_RADIUS * CELL
    return QRectF(spot[0] * CELL - r, spot[1] * CELL - r, 2 * r, 2 * r)


def test_the_exposure_numbers_keep_off_a_name_tag_a_token_and_the_ghost(
        qtbot: QtBot, window: GMWindow) -> None:
    base = small_encounter()
    archer = replace(base.token("gob"), id="archer", name="Archer", x=3.5, y=2.5,
                     hidden=False, stats=SHAKEN)
    player = _table(window, replace(base, tokens=(base.token("kyra"), archer), walls=(),
                                    regions=()))
    view, viewport = player.view, player.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(view, 1.5, 3.5))
    for x in (2.5, 3.5, 4.5, 5.5):
        qtbot.mouseMove(viewport, _cell(view, x, 3.5))
    exposure = player.insight.exposure
    assert [c.cell for c in exposure.cells] == [(2.5, 3.5), (3.5, 3.5), (4.5, 3.5), (5.5, 3.5)]
    tokens = covered_by_tokens(player.scene.token_items())
    ghost = Covered(discs=((QPointF(5.5 * CELL, 3.5 * CELL), 0.5 * CELL * GHOST_SCALE),))
    name = player.scene.token_item("archer").label  # type: ignore[union-attr]
    tag = name.box.translated(name.pos())
    # without what is covered, the numbers would sit on the Archer's name (above the path,
    # the side they take first) and on the ghost
    bare = ExposureOverlay()
    bare.show_cells(exposure.cells, exposure.path)
    unaware = [bare.number_at(c.cell) for c in exposure.cells]
    discs = [_disc(spot) for spot in unaware if spot is not None]
    assert len(discs) == 4  # with nothing to keep off, each has its place beside the path
    assert any(disc.intersects(tag) for disc in discs) and ghost.count_meeting(discs[-1])
    preview = player.interaction.tool.preview
    assert isinstance(preview, DragPreview)
    seen = view.mapToScene(viewport.rect()).boundingRect()
    words = Covered(boxes=tuple(player.interaction.overlay.label_boxes(preview, seen)))
    assert words.count_meeting(_disc((6.0, 3.0)))  # up and right of the end, over its corner
    spots = {c.cell: exposure.number_at(c.cell) for c in exposure.cells}
    for cell, spot in spots.items():
        if spot is not None:
            assert not tokens.count_meeting(_disc(spot)), cell
            assert not ghost.count_meeting(_disc(spot)), cell
            assert not words.count_meeting(_disc(spot)), cell  # the ruler's words on top
            assert abs(spot[1] - 3.5) > NUMBER_RADIUS  # off the path (along y 3.5)
    # the Archer's name, 8 mm letters, fills the row from x 2.6 to 4.4: no number there
    assert tag.left() < 2.75 * CELL and tag.right() > 4.26 * CELL
    assert spots[(2.5, 3.5)] is None and spots[(3.5, 3.5)] is None
    # (4.5, 3.5): above and below the path are the name's; the corner up and right is free
    assert spots[(4.5, 3.5)] == (4.5 + CORNER_OFF, 3.5 - CORNER_OFF)
    # (5.5, 3.5): the ghost fills the cell; its number is on the cell's corner
    end = spots[(5.5, 3.5)]
    assert end is not None and abs(end[0] - 5.5) == 0.5 and abs(end[1] - 3.5) == 0.5
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(view, 5.5, 3.5))


def test_the_exchange_tags_cover_no_token_name_badge_or_other_tag(
        qtbot: QtBot, window: GMWindow) -> None:
    base = small_encounter()
    foe = replace(base.token("gob"), hidden=False, stats=BOW)
    # the Archer with the Brute right above it (the Archer's first place for its tag) and
    # the Scout right below it (the second)
    archer = replace(foe, id="archer", name="Archer", x=8.5, y=3.5)
    brute = replace(foe, id="brute", name="Brute", x=8.5, y=2.5, stats=SHAKEN)
    scout = replace(foe, id="scout", name="Scout", x=8.5, y=4.5)
    hero = replace(base.token("hero"), stats=BOW)
    player = _table(window, replace(base, tokens=(hero, archer, brute, scout), walls=(),
                                    regions=()))
    view, viewport = player.view, player.view.viewport()
    at = _cell(view, 1.5, 1.5)
    qtbot.mousePress(viewport, LEFT, NONE, at)
    qtbot.mouseMove(viewport, at)
    qtbot.mouseRelease(viewport, LEFT, NONE, at)
    exchange = player.insight.exchange
    assert exchange.hero == "hero" and {s.id for s in exchange.sights if s.seen} == {
        "archer", "brute", "scout"}
    tags = [box for box, _, _ in exchange.tags]
    assert len(tags) == 3  # each foe found a free place for its tag
    covered = covered_by_tokens(player.scene.token_items())
    for n, box in enumerate(tags):
        assert not covered.count_meeting(box), exchange.tags[n][1]
        assert not any(box.intersects(other) for other in tags[n + 1:])


def test_the_rulers_words_keep_off_a_long_name_beside_its_token(
        qtbot: QtBot, window: GMWindow) -> None:
    """The words go up and right of the drag's end first; there hangs the long name of a
    token standing farther right (its disc, and the disc with a short name under it, which is
    all the words kept off before, well clear): they go elsewhere."""
    base = small_encounter()
    chief = replace(base.token("gob"), id="chief", name="Chieftain Brennus", x=9.0, y=2.0,
                    hidden=False)
    player = _table(window, replace(base, tokens=(base.token("kyra"), chief), walls=(),
                                    regions=()))
    view, viewport = player.view, player.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(view, 1.5, 3.5))
    for x in (2.5, 3.5, 4.5):
        qtbot.mouseMove(viewport, _cell(view, x, 3.5))
    preview = player.interaction.tool.preview
    assert isinstance(preview, DragPreview)
    overlay = player.interaction.overlay
    seen = view.mapToScene(viewport.rect()).boundingRect()
    boxes = overlay.label_boxes(preview, seen)
    words = boxes[0].united(boxes[-1])
    item = player.scene.token_item("chief")
    assert item is not None
    name = item.label.box.translated(item.pos())
    first = QRectF(words)
    first.moveTopLeft(QPointF(4.5 * CELL + 0.4 * CELL, 3.5 * CELL - 0.3 * CELL - words.height()))
    assert first.intersects(name) and not first.intersects(QRectF(
        8.5 * CELL, 1.5 * CELL, CELL, 1.6 * CELL))  # the first place: on the name only
    assert not covered_by_tokens(player.scene.token_items()).count_meeting(words)
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(view, 4.5, 3.5))


def test_an_exchange_tag_stays_on_the_map_where_it_can(qtbot: QtBot, window: GMWindow) -> None:
    """A foe in the map's top right corner: its tag's first place (above) is off the map,
    so it takes the first free one on it."""
    base = small_encounter()
    corner = replace(base.token("gob"), id="corner", name="Corner", x=11.5, y=0.5,
                     hidden=False, stats=BOW)
    hero = replace(base.token("hero"), stats=BOW)
    player = _table(window, replace(base, tokens=(hero, corner), walls=(), regions=()))
    at = _cell(player.view, 1.5, 1.5)
    viewport = player.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, at)
    qtbot.mouseMove(viewport, at)
    qtbot.mouseRelease(viewport, LEFT, NONE, at)
    tags = [box for box, _, _ in player.insight.exchange.tags]
    assert len(tags) == 1
    assert QRectF(0, 0, 12 * CELL, 8 * CELL).contains(tags[0]), tags[0]
    assert not covered_by_tokens(player.scene.token_items()).count_meeting(tags[0])


def test_the_exchange_tags_lie_over_the_fog_its_rings_under_the_names(
        window: GMWindow) -> None:
    """A tag reaching past the heroes' sight is not cut by the dark (as a name is not); the
    rings, crosshairs and lines do not cross the names; the ruler is over everything."""
    player = _table(window, small_encounter())
    fog = player.scene.fog_item.zValue()
    names = [i.label.zValue() for i in player.scene.token_items()]
    tags, rings = player.insight.exchange.tag_item.zValue(), player.insight.exchange.zValue()
    assert names and tags > fog and all(rings < z < tags for z in names)
    assert tags < player.interaction.overlay.zValue()


def _pixels(view: MapView, area: QRectF, line_y: float, round: bool = False) -> list[int]:
    """The view's pixels over ``area`` (scene; ``round``: the disc inside it) below the
    ruler's line (along ``line_y``, scene pixels) by more than 0.15 cells: the ruler, its line
    and words (up and right of the hand), are drawn over everything."""
    image = view.viewport().grab().toImage()
    box = view.mapFromScene(area).boundingRect().adjusted(2, 2, -2, -2)
    top = view.mapFromScene(QPointF(0, line_y + 0.15 * CELL)).y()
    centre, r = QPointF(box.center()), box.width() / 2

    def kept(x: int, y: int) -> bool:
        return not round or (x - centre.x()) ** 2 + (y - centre.y()) ** 2 < r * r

    return [image.pixel(x, y) for x in range(box.left(), box.right() + 1)
            for y in range(max(top, box.top()), box.bottom() + 1) if kept(x, y)]


def test_the_exposure_frames_tint_no_token_or_name_on_the_path(
        qtbot: QtBot, window: GMWindow) -> None:
    """Kyra dragged east along row 3 through the cell of the Warrior (a foe standing on the
    path: FATE's W2 in the demo) and under the Archer, whose table-sized name hangs into the
    row (Storypath's Eli): the cells' tinted frames lie under both, the disc and the name
    look as before the drag (off the ruler's line, drawn over all)."""
    base = small_encounter()
    archer = replace(base.token("gob"), id="archer", name="Archer", x=6.5, y=2.5,
                     hidden=False, stats={"pace": 6})
    warrior = replace(base.token("gob"), id="warrior", name="Warrior", x=3.5, y=3.5,
                      hidden=False, stats={"pace": 6})
    player = _table(window, replace(base, tokens=(base.token("kyra"), archer, warrior),
                                    walls=(), regions=()))
    view, viewport = player.view, player.view.viewport()
    name = player.scene.token_item("archer").label  # type: ignore[union-attr]
    r = 0.9 * 0.5 * CELL  # inside the ring
    disc = QRectF(3.5 * CELL - r, 3.5 * CELL - r, 2 * r, 2 * r)
    tag = name.box.translated(name.pos())
    assert tag.bottom() > 3.1 * CELL  # the name reaches into the path's row (its frames)
    before = _pixels(view, disc, 3.5 * CELL, round=True), _pixels(view, tag, 3.5 * CELL)
    qtbot.mousePress(viewport, LEFT, NONE, _cell(view, 1.5, 3.5))
    for x in (2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5):
        qtbot.mouseMove(viewport, _cell(view, x, 3.5))
    exposure = player.insight.exposure
    cells = [c.cell for c in exposure.cells]
    assert (3.5, 3.5) in cells and (6.5, 3.5) in cells
    QApplication.processEvents()
    during = _pixels(view, disc, 3.5 * CELL, round=True), _pixels(view, tag, 3.5 * CELL)
    assert during[0] == before[0]  # the Warrior's disc: untinted
    assert during[1] == before[1]  # the Archer's name: untinted
    # the ruler's words: no room up and right of the end (the view's edge), up and left they
    # would lie on the Warrior and the Archer, down and left on the names: a cell lower
    preview = player.interaction.tool.preview
    assert isinstance(preview, DragPreview)
    words = player.interaction.overlay.label_boxes(
        preview, view.mapToScene(viewport.rect()).boundingRect())
    tokens = covered_by_tokens(player.scene.token_items())
    assert [box for box in words if tokens.count_meeting(box)] == []
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(view, 8.5, 3.5))


def test_the_exposure_frames_lie_under_the_tokens_and_names(window: GMWindow) -> None:
    player = _table(window, small_encounter())
    exposure = player.insight.exposure.zValue()
    items = player.scene.token_items()
    assert items and all(exposure < i.zValue() and exposure < i.label.zValue() for i in items)
    assert exposure > Layer.WALLS
    assert exposure < player.interaction.overlay.zValue()  # the ruler over the frames


@pytest.mark.parametrize("hand", [
    [(2.5, 3.5), (3.5, 3.5), (4.5, 3.5)],  # straight east
    [(2.5, 3.5), (3.5, 3.5), (4.5, 4.5)],  # east, then down and right
    [(2.5, 3.5), (2.5, 4.5), (2.5, 5.5)],  # a turn south
    [(1.5, 2.5), (1.5, 1.5)],  # north, the ruler's words up and right of the end
])
def test_the_drop_cells_number_takes_a_corner_not_shared_with_the_cell_before(
        qtbot: QtBot, window: GMWindow, hand: list[tuple[float, float]]) -> None:
    """The drag's ghost fills the drop cell: its number goes on a free corner of it, never one
    the cell the path came from shares (it would read as that cell's)."""
    base = small_encounter()
    player = _table(window, replace(base, tokens=(base.token("kyra"),), walls=(), regions=()))
    view, viewport = player.view, player.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(view, 1.5, 3.5))
    for x, y in hand:
        qtbot.mouseMove(viewport, _cell(view, x, y))
    exposure = player.insight.exposure
    drop, before = exposure.cells[-1].cell, exposure.cells[-2].cell
    assert drop == hand[-1]
    spot = exposure.number_at(drop)
    assert spot is not None
    assert abs(spot[0] - drop[0]) == 0.5 and abs(spot[1] - drop[1]) == 0.5  # a corner
    assert max(abs(spot[0] - before[0]), abs(spot[1] - before[1])) > 0.5, (spot, before)
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(view, *hand[-1]))
