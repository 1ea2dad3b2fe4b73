"""The exposure numbers of a drag on the table never hide its red leg through a wall or the
ruler's words: they follow the path the ruler draws (not the straight line), leave out the
cells of a leg through a wall, stand beside the path in a disc that does not reach its line,
and lie under the ruler. Real mouse events on the player view.

The map (gui_helpers.small_encounter, the hidden goblin shown as an archer at (9.5, 1.5)):
Kyra at (1.5, 3.5); a wall x = 6 from y 0 to 3 and a closed door below it from y 3 to 4.
"""

from __future__ import annotations

import math
from dataclasses import replace

from gui_helpers import open_table, small_encounter
from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.table_insight import NUMBER_OFF, NUMBER_RADIUS, _distance_to_leg

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def _cell(view: MapView, x: float, y: float) -> QPoint:
    return view.mapFromScene(x * CELL, y * CELL)


def test_no_number_on_the_red_leg_and_each_beside_the_path_under_the_ruler(
        qtbot: QtBot, window: GMWindow) -> None:
    base = small_encounter()
    archer = replace(base.token("gob"), id="archer", name="Archer", x=9.5, y=1.5, hidden=False)
    window.state.load(replace(base, tokens=(base.token("hero"), base.token("kyra"), archer),
                              regions=()))
    player = open_table(window)
    view, viewport = player.view, player.view.viewport()
    # east along row 3, a step up and on (turns at (3.5, 3.5) and (3.5, 2.5): a number must
    # keep off both legs there), back down: (5.5, 3.5) -> (6.5, 3.5) goes through the door at
    # x 6 (red); (6.5, 3.5) -> (7.5, 4.5) beyond it does not
    cells = [(1.5, 3.5), (2.5, 3.5), (3.5, 3.5), (3.5, 2.5), (4.5, 2.5), (5.5, 3.5),
             (6.5, 3.5), (7.5, 4.5)]
    qtbot.mousePress(viewport, LEFT, NONE, _cell(view, *cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(viewport, _cell(view, *cell))
    preview = player.interaction.tool.preview
    assert isinstance(preview, DragPreview) and preview.blocked == (5,)
    exposure = player.insight.exposure
    shown = [c.cell for c in exposure.cells]
    # the path's cells after the start, without (6.5, 3.5): only the red leg crosses it
    assert shown == [(2.5, 3.5), (3.5, 3.5), (3.5, 2.5), (4.5, 2.5), (5.5, 3.5), (7.5, 4.5)]
    assert [c.seen_by for c in exposure.cells][-1] == 1  # the archer sees (7.5, 4.5)
    for cell in shown[:-1]:
        spot = exposure.number_at(cell)
        assert spot is not None, cell
        x, y = spot
        assert math.isclose(math.dist((x, y), cell), NUMBER_OFF)
        # the number's disc keeps off every leg of the path, the red one too
        gap = min(_distance_to_leg((x, y), a, b)
                  for a, b in zip(preview.path, preview.path[1:], strict=False))
        assert gap > NUMBER_RADIUS, cell
        assert abs(x - cell[0]) + abs(y - cell[1]) < 0.42 * 2  # inside the cell's frame
    # the drop cell: Kyra's ghost fills it, its number is on a corner of the cell
    end = exposure.number_at(shown[-1])
    assert end is not None and math.isclose(abs(end[0] - 7.5), 0.5) and math.isclose(
        abs(end[1] - 4.5), 0.5)
    assert exposure.zValue() < player.interaction.overlay.zValue()  # the ruler is on top
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(view, *cells[-1]))
    assert exposure.cells == ()


def test_the_rulers_words_cover_no_token_and_lie_over_the_names_on_the_table(
        qtbot: QtBot, window: GMWindow) -> None:
    base = small_encounter()
    # the archer stands up and right of where Kyra's drag ends, where the words go at first
    archer = replace(base.token("gob"), id="archer", name="Archer", x=9.5, y=5.5, hidden=False)
    player = open_table(window, replace(base, tokens=(base.token("kyra"), archer), regions=(),
                                        walls=()))
    view, viewport = player.view, player.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(view, 1.5, 3.5))
    for x in (2.5, 4.5, 6.5, 8.5):
        qtbot.mouseMove(viewport, _cell(view, x, 6.5 if x > 6 else 3.5))
    overlay = player.interaction.overlay
    end = overlay.preview.end  # type: ignore[union-attr]
    assert end == (8.5, 6.5)
    seen = view.mapToScene(viewport.rect()).boundingRect()
    width, height = 3.0 * CELL, 1.2 * CELL
    x, y = overlay._label_place(_scene(end), width, height, seen)
    box = (x / CELL, y / CELL, (x + width) / CELL, (y + height) / CELL)
    # the archer's disc (9..10, 5..6) and its name below it (to 6.6) stay clear of the words
    assert box[2] <= 9.0 or box[0] >= 10.0 or box[3] <= 5.0 or box[1] >= 6.6, box
    names = [item.zValue() for item in view.scene().items()
             if type(item).__name__ == "TokenLabelItem"]
    assert names and all(z < overlay.zValue() for z in names)
    assert overlay.zValue() > player.insight.exposure.zValue()
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(view, 8.5, 6.5))


def _scene(point: tuple[float, float]) -> QPointF:
    return QPointF(point[0] * CELL, point[1] * CELL)


def test_on_hexes_the_exposure_is_counted_hex_by_hex(qtbot: QtBot, window: GMWindow) -> None:
    from battlemap.desktop.core.model import Encounter, Grid, GridKind, Side, Token
    from battlemap.desktop.core.movement import hex_centre

    start = hex_centre(0, 1)
    hero = Token("ann", "Ann", *start, side=Side.HERO, stats={"pace": 6})
    foe = Token("orc", "Orc", *hex_centre(6, 1), side=Side.VILLAIN)
    window.state.load(Encounter(system="savage-pathfinder", width=10, height=6,
                                grid=Grid(GridKind.HEX), tokens=(hero, foe)))
    player = open_table(window)
    view, viewport = player.view, player.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, _cell(view, *start))
    for col in (1, 2, 3):
        qtbot.mouseMove(viewport, _cell(view, *hex_centre(col, 1)))
    exposure = player.insight.exposure
    # the hexes the path goes through after Ann's own, each seen by the orc in the open
    assert [c.cell for c in exposure.cells] == [hex_centre(col, 1) for col in (1, 2, 3)]
    assert [c.seen_by for c in exposure.cells] == [1, 1, 1] and exposure.hexes
    qtbot.mouseRelease(viewport, LEFT, NONE, _cell(view, *hex_centre(3, 1)))


def test_the_gm_sees_the_ruler_over_the_fogs_tint(window: GMWindow) -> None:
    from battlemap.desktop.gui.scene import Layer

    fog = [item for item in window.view.scene().items() if item.zValue() == Layer.FOG]
    assert fog  # the GM window's fog item
    assert window.interaction.overlay.zValue() > Layer.FOG
