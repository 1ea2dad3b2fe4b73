"""Fit the grid to a map image by dragging a box over one cell printed on the image.

The box, drawn in the current grid's cells, is turned back into image pixels with the current
calibration; its size becomes the new pixels per cell and its corner fixes the offset (reduced
to less than one cell, so cell (0, 0) starts at the image's top-left cell).

Examples
--------
>>> from battlemap.desktop.core.model import Background
>>> old = Background(path="map.png", pixels_per_cell=64.0)
>>> new = fit_grid_to_box(old, (1.0, 1.0), (1.75, 1.75))  # a 48 x 48 px cell at (64, 64)
>>> new.pixels_per_cell, new.offset_x, new.offset_y
(48.0, 16.0, 16.0)
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from battlemap.desktop.core.model import Background, Encounter, Point
from battlemap.desktop.core.tools import (
    BoxPreview,
    Button,
    Commit,
    PointerEvent,
    PointerKind,
    Preview,
)

MIN_CELL_PX = 4.0
"""A box smaller than this many image pixels is a slip, not a cell."""


def fit_grid_to_box(background: Background, corner: Point, other: Point) -> Background:
    """The background calibrated so the box from ``corner`` to ``other`` (cells) is one cell."""
    ppc = background.pixels_per_cell

    def to_image(p: Point) -> Point:
        return (p[0] * ppc + background.offset_x, p[1] * ppc + background.offset_y)

    (ax, ay), (bx, by) = to_image(corner), to_image(other)
    size = (abs(bx - ax) + abs(by - ay)) / 2.0  # printed cells are square: average the sides
    left, top = min(ax, bx), min(ay, by)
    return replace(background, pixels_per_cell=round(size, 3),
                   offset_x=round(left % size, 3), offset_y=round(top % size, 3))


class GridBoxTool:
    """Drag a box over one printed cell; on release the grid is refitted as one edit.

    ``image_size`` (pixels) resizes the map to the image under the new calibration.
    """

    single_use: ClassVar[bool] = True

    def __init__(self, image_size: tuple[int, int]) -> None:
        self.image_size = image_size
        self.preview: Preview = None
        self._start: Point | None = None

    def feed(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        if event.kind is PointerKind.PRESS and Button.LEFT in event.buttons:
            self._start = event.point
        elif event.kind is PointerKind.MOVE and self._start is not None:
            self.preview = BoxPreview(self._start, event.point)
        elif event.kind is PointerKind.RELEASE and self._start is not None:
            start = self._start
            self.cancel()
            return self._commit(encounter, start, event.point)
        elif event.kind is PointerKind.CANCEL:
            self.cancel()
        return None

    def cancel(self) -> None:
        self._start = None
        self.preview = None

    def finish(self, encounter: Encounter) -> Commit | None:
        return None

    def _commit(self, encounter: Encounter, start: Point, end: Point) -> Commit | None:
        if encounter.background is None:
            return None
        fitted = fit_grid_to_box(encounter.background, start, end)
        if fitted.pixels_per_cell < MIN_CELL_PX:
            return None
        width = (self.image_size[0] - fitted.offset_x) / fitted.pixels_per_cell
        height = (self.image_size[1] - fitted.offset_y) / fitted.pixels_per_cell
        refitted = replace(encounter, background=fitted, width=round(width, 3),
                           height=round(height, 3))
        return Commit("Fit grid to map", refitted)
