"""Fitting the grid to a map image by dragging a box over one printed cell."""

from __future__ import annotations

from battlemap.desktop.core.grid_fit import GridBoxTool, fit_grid_to_box
from battlemap.desktop.core.model import Background, Encounter
from battlemap.desktop.core.tools import BoxPreview, PointerEvent, PointerKind


def test_a_box_over_a_printed_cell_sets_pixels_per_cell_and_offset() -> None:
    # Current calibration 50 px per cell, offset (10, 0). The box from cell point (2, 3) to
    # (3.4, 4.4) covers image pixels (110, 150) to (180, 220): a 70 px cell; the offset is
    # 110 mod 70 = 40 across and 150 mod 70 = 10 down.
    old = Background(path="m.png", pixels_per_cell=50.0, offset_x=10.0)
    new = fit_grid_to_box(old, (3.4, 4.4), (2.0, 3.0))
    assert (new.pixels_per_cell, new.offset_x, new.offset_y) == (70.0, 40.0, 10.0)


def test_the_tool_refits_the_map_as_one_edit() -> None:
    enc = Encounter(background=Background(path="m.png", pixels_per_cell=64.0), width=10,
                    height=5)
    tool = GridBoxTool(image_size=(640, 320))
    tool.feed(PointerEvent(PointerKind.PRESS, 0.0, 0.0), enc)
    tool.feed(PointerEvent(PointerKind.MOVE, 0.5, 0.5), enc)
    assert tool.preview == BoxPreview((0.0, 0.0), (0.5, 0.5))
    commit = tool.feed(PointerEvent(PointerKind.RELEASE, 0.5, 0.5), enc)
    assert commit is not None and commit.label == "Fit grid to map"
    # A 32 px cell: the 640 x 320 image is 20 x 10 cells.
    assert (commit.encounter.width, commit.encounter.height) == (20.0, 10.0)
    assert tool.preview is None


def test_a_slip_of_the_mouse_changes_nothing() -> None:
    enc = Encounter(background=Background(path="m.png", pixels_per_cell=64.0))
    tool = GridBoxTool(image_size=(640, 320))
    tool.feed(PointerEvent(PointerKind.PRESS, 1.0, 1.0), enc)
    assert tool.feed(PointerEvent(PointerKind.RELEASE, 1.02, 1.01), enc) is None
