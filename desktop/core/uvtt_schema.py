"""The Universal VTT file's shape (formats 0.2, 0.3 and 1.0) as msgspec structs.

Universal VTT is the JSON map export of Dungeondraft, DungeonFog, Arkenforge and others
(``.dd2vtt``, ``.uvtt``, ``.df2vtt``). Coordinates are grid cells in the *uncropped* map, so
``resolution.map_origin`` must be subtracted. Unknown keys are ignored (exporters add their
own); every known key is type- and range-checked, with the path of the first bad field.
:mod:`battlemap.desktop.core.uvtt` turns a checked :class:`UvttFile` into an encounter.

Examples
--------
>>> import msgspec
>>> msgspec.convert({"x": 1, "y": 2}, XY)
XY(x=1.0, y=2.0)
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, Struct, field

from battlemap.desktop.core.limits import (
    MAX_COORDINATE,
    MAX_IMAGE_OFFSET,
    MAX_IMAGE_SIDE,
    MAX_LIGHTS,
    MAX_POINTS_PER_SHAPE,
    MAX_WALLS,
)

Coordinate = Annotated[float, Meta(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Length = Annotated[float, Meta(ge=0.0, le=MAX_COORDINATE)]
CellCount = Annotated[float, Meta(gt=0.0, le=MAX_COORDINATE)]


class XY(Struct, frozen=True):
    x: Coordinate
    y: Coordinate


ImagePixels = Annotated[float, Meta(ge=-MAX_IMAGE_OFFSET, le=MAX_IMAGE_OFFSET)]


class ImageOffset(Struct, frozen=True):
    """The image pixel where cell ``(0, 0)`` starts (a Foundry background's offset)."""

    x: ImagePixels
    y: ImagePixels


Polyline = Annotated[list[XY], Meta(max_length=MAX_POINTS_PER_SHAPE)]
Polylines = Annotated[list[Polyline], Meta(max_length=MAX_WALLS)]


class MapSize(Struct, frozen=True):
    x: CellCount
    y: CellCount


class Resolution(Struct):
    map_size: MapSize
    pixels_per_grid: Annotated[float, Meta(gt=0.0, le=MAX_IMAGE_SIDE)]
    map_origin: XY = XY(0.0, 0.0)


class Portal(Struct):
    position: XY
    bounds: Annotated[list[XY], Meta(max_length=MAX_POINTS_PER_SHAPE)]
    rotation: Coordinate = 0.0
    closed: bool = True
    freestanding: bool = False


class UvttLight(Struct):
    position: XY
    range: Length
    intensity: Length = 1.0
    color: str = "ffffffff"
    shadows: bool = True


class Environment(Struct, frozen=True):
    baked_lighting: bool = True
    ambient_light: str = "ffffffff"


class BattlemapExtras(Struct):
    """Battlemap's own key, ``"battlemap"``, written by :mod:`battlemap.desktop.core.uvtt_export`:
    what Universal VTT has no field for (other tools ignore it). ``object_heights`` and
    ``light_bright_radii`` run parallel to ``objects_line_of_sight`` and ``lights``;
    ``image_offset`` is written by :mod:`battlemap.desktop.core.foundry_scene` only (the export
    crops the image to the grid instead)."""

    windows: Polylines = []
    low_walls: Polylines = []
    low_wall_heights: Annotated[list[Length], Meta(max_length=MAX_WALLS)] = []
    object_heights: Annotated[list[Length | None], Meta(max_length=MAX_WALLS)] = []
    light_bright_radii: Annotated[list[Length], Meta(max_length=MAX_LIGHTS)] = []
    grid_kind: Literal["", "square", "hex", "gridless"] = ""
    distance_per_cell: Annotated[float, Meta(ge=0.0, le=1e6)] = 0.0
    unit: Annotated[str, Meta(max_length=20)] = ""
    image_offset: ImageOffset = ImageOffset(0.0, 0.0)


class UvttFile(Struct):
    """A whole Universal VTT export."""

    format: float
    resolution: Resolution
    line_of_sight: Polylines = []
    objects_line_of_sight: Polylines = []
    portals: Annotated[list[Portal], Meta(max_length=MAX_WALLS)] = []
    lights: Annotated[list[UvttLight], Meta(max_length=MAX_LIGHTS)] = []
    environment: Environment = Environment()
    image: str = ""
    battlemap: BattlemapExtras = field(default_factory=BattlemapExtras)
