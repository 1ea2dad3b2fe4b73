"""What the map shows: glows stop at walls, trees are filled, nothing is left of an old layout.

The 10 x 10 cell map is rendered at one scene pixel per image pixel, so the point (x, y) in cells
is the pixel (64 x + 8, 64 y + 8) (render_scene keeps an 8 px margin).
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from battlemap.desktop.core.model import Encounter, Light, Wall, WallKind
from battlemap.desktop.gui.render import render_encounter
from battlemap.desktop.gui.style import CELL, MAP_FILL, OBJECT_FILL

SIZE = (int(10 * CELL) + 16, int(10 * CELL) + 16)
LAMP = Light("lamp", 2.5, 5.5, bright_radius=3.0, dim_radius=4.0, color="#ffb000")
WALL = Wall("w", ((4.0, 0.0), (4.0, 10.0)))


def pixel(encounter: Encounter, x: float, y: float) -> QColor:
    image = render_encounter(encounter, size=SIZE)
    return image.pixelColor(round(x * CELL) + 8, round(y * CELL) + 8)


def test_a_lamp_glows_on_its_side_of_a_wall_and_not_beyond_it() -> None:
    lit_room = Encounter(width=10, height=10, lights=(LAMP,), walls=(WALL,))
    assert pixel(lit_room, 3.3, 5.3) != MAP_FILL
    assert pixel(lit_room, 4.7, 5.3) == MAP_FILL


def test_without_the_wall_the_same_spot_is_lit() -> None:
    open_field = Encounter(width=10, height=10, lights=(LAMP,))
    assert pixel(open_field, 4.7, 5.3) != MAP_FILL


def test_an_open_door_lets_the_glow_through() -> None:
    door = Wall("d", ((4.0, 0.0), (4.0, 10.0)), kind=WallKind.DOOR, is_open=True)
    assert pixel(Encounter(width=10, height=10, lights=(LAMP,), walls=(door,)), 4.7, 5.3) != (
        MAP_FILL
    )


def test_a_tree_drawn_as_a_closed_outline_is_filled_with_its_canopy() -> None:
    tree = Wall("tree", ((6, 6), (8, 6), (8, 8), (6, 8), (6, 6)), kind=WallKind.OBJECT)
    fence = Wall("fence", ((1, 1), (3, 1), (3, 3), (1, 3)), kind=WallKind.OBJECT)
    encounter = Encounter(width=10, height=10, walls=(tree, fence))
    assert pixel(encounter, 7.3, 7.3) == OBJECT_FILL
    assert pixel(encounter, 2.3, 2.3) == MAP_FILL  # an open polyline stays a line
