"""No name tag and no badge row lies on another token's disc, on the GM map or the table, where
a free place within reach exists (issue 27, "A player view players can trust"): in a crowd a
tag goes a step farther out, a badge row wider than its token wraps into two rows or moves
beside it. Rectangles are checked in scene coordinates against each disc as far as its ring,
facing mark and halo reach.

The crowd: Ann dragged (real mouse events) into the one free cell of a ring of eight Shaken
goblins, one cell apart: before, her tag sat on Goblin 1 and two goblins' SHAKEN rows on their
neighbours. The FATE demo: Tertius's aspects ("Thracian Gladiator", "The Crowd Loves Me"),
at the table's 8 mm letters a row ten cells wide, ran across Warrior 2's disc."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from conftest import shown_gm
from gui_helpers import open_table
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from pytestqt.qtbot import QtBot
from test_hud_covers_no_token import crowd

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.label_layout import candidate_centres, disc_meets_box, segment_meets_box
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.scene import MapScene
from battlemap.desktop.gui.style import CELL

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def marks_on_discs(scene: MapScene) -> list[str]:
    """Each name tag or badge row of ``scene`` that overlaps another shown token's disc."""
    items = [i for i in scene.token_items() if i.isVisible()]
    found = []
    for item in items:
        marks = [("name", item.label.box.translated(item.pos()))] if item.label.name else []
        if item.badges:
            marks.append(("badges", item.badge_box().translated(item.pos())))
        found += [f"{item.token.name}'s {kind} on {other.token.name}" for kind, box in marks
                  for other in items
                  if other is not item and disc_meets_box(other.pos(), other.reach(), box)]
    return found


def marks_over_marks(scene: MapScene) -> list[str]:
    """Each pair of name tags or badge rows of ``scene`` that overlap."""
    boxes = []
    for item in (i for i in scene.token_items() if i.isVisible()):
        boxes.append((f"{item.token.name}'s name", item.label.box.translated(item.pos())))
        if item.badges:
            boxes.append((f"{item.token.name}'s badges",
                          item.badge_box().translated(item.pos())))
    return [f"{a} on {b}" for n, (a, box) in enumerate(boxes) for b, other in boxes[n + 1:]
            if box.intersects(other)]


def gm_window(qtbot: QtBot, encounter: Encounter) -> Iterator[GMWindow]:
    window = shown_gm(qtbot, encounter, 1.0, (1300, 900))
    yield window
    if window.player_window is not None:
        window.player_window.close()


@pytest.fixture
def ann_apart(qtbot: QtBot) -> Iterator[GMWindow]:
    """The crowd with Ann three cells up and left of her place in it."""
    encounter = crowd()
    yield from gm_window(qtbot, encounter.with_token(replace(encounter.token("ann"), x=4.5,
                                                             y=2.5)))


def drag(qtbot: QtBot, window: GMWindow, path: list[tuple[float, float]]) -> None:
    viewport = window.view.viewport()
    points = [window.view.mapFromScene(x * CELL, y * CELL) for x, y in path]
    qtbot.mousePress(viewport, LEFT, NONE, points[0])
    for point in points[1:]:
        qtbot.mouseMove(viewport, point)
    qtbot.mouseRelease(viewport, LEFT, NONE, points[-1])


def test_in_a_crowd_no_name_or_badge_lies_on_a_token(qtbot: QtBot, ann_apart: GMWindow) -> None:
    window = ann_apart
    window.view.centerOn(6 * CELL, 4.5 * CELL)
    assert marks_on_discs(window.view.map_scene) == []  # Ann not yet among them
    drag(qtbot, window, [(4.5, 2.5), (5.5, 3.5), (6.5, 4.5), (7.5, 5.5)])
    ann = window.state.encounter.token("ann")
    assert (ann.x, ann.y) == (7.5, 5.5)  # in the ring of goblins
    table = open_table(window)
    for scene in (window.view.map_scene, table.scene):
        assert marks_on_discs(scene) == []
        assert marks_over_marks(scene) == []
        for item in scene.token_items():  # each name still by its token: 3 cells at most
            tag = item.label.box.translated(item.pos())
            assert QRectF(item.pos(), item.pos()).adjusted(
                -3 * CELL, -3 * CELL, 3 * CELL, 3 * CELL).contains(tag.center()), item.token.name


@pytest.fixture
def fate_arena(qtbot: QtBot) -> Iterator[GMWindow]:
    yield from gm_window(qtbot, load_encounter(ASSETS_DIR / "demo" / "fate-arena.json"))


def test_the_fate_tables_aspects_lie_on_no_token(qtbot: QtBot, fate_arena: GMWindow) -> None:
    table = open_table(fate_arena)
    for scene in (fate_arena.view.map_scene, table.scene):
        assert marks_on_discs(scene) == []
        assert marks_over_marks(scene) == []
        for item in scene.token_items():
            if item.badges:
                assert scene.map_rect().contains(item.badge_box().translated(item.pos()))
    tertius = table.scene.token_item("tertius")
    assert tertius is not None
    one_row = tertius.badges_above(1)
    assert one_row.width() > 8 * CELL  # in one row, above him, it reaches Warrior 2
    box = tertius.badge_box()
    assert box.width() < one_row.width() and box.bottom() <= -tertius.reach() + 1e-6


def test_with_no_free_place_a_name_covers_a_wall_line_not_a_token(qtbot: QtBot) -> None:
    """Ann with Goblin right below her on a map hatched with wall lines a quarter cell apart,
    but for a band where her name's first place (below her) is: that place covers Goblin's
    disc and no line, every other place a line or more. No place is free; the name takes the
    least covering - a line, not a token (before, a disc counted as one line: on Goblin)."""
    hatch = tuple(Wall(f"w{k}", ((1.0, k / 4), (10.0, k / 4))) for k in range(4, 41)
                  if not 6.1 < k / 4 < 6.7)
    encounter = Encounter(width=11, height=11, walls=hatch, tokens=(
        Token("ann", "Ann", 5.5, 5.5, side=Side.HERO, stats={}),
        Token("gob", "Goblin", 5.5, 6.5, side=Side.VILLAIN, stats={})))
    scene = MapScene(BattleState(encounter))
    ann = scene.token_item("ann")
    assert ann is not None
    below = QRectF(ann.label.box)
    below.moveCenter(candidate_centres(ann, below, QRectF())[0])
    first = below.translated(ann.pos())
    assert not any(segment_meets_box(QLineF(QPointF(a[0] * CELL, a[1] * CELL),
                                            QPointF(b[0] * CELL, b[1] * CELL)), first)
                   for wall in hatch for a, b in [wall.points])  # no line there, but Goblin
    assert marks_on_discs(scene) == []
    scene.detach()
