"""The encounter file's shape as msgspec structs, mirroring the JSON exactly.

These structs are the single description of format 2: loading converts parsed JSON into them
(msgspec checks every type, range and length and names the first bad field), saving encodes
them, and ``docs/encounter.schema.json`` is generated from them with
:func:`msgspec.json.schema`. :mod:`battlemap.desktop.core.fileformat` converts them to and from
:mod:`battlemap.desktop.core.model` values.

The annotations are evaluated where the classes are made (no ``from __future__ import
annotations``): msgspec would otherwise ``eval`` each of their strings at the first load, in the
start-up's encounter read (about 1.6 ms of its 2.3 ms first conversion).

Examples
--------
>>> import msgspec
>>> msgspec.convert({"x": 1, "y": 2.5}, Position)
Position(x=1.0, y=2.5)
"""

from typing import Annotated, Any

from msgspec import Meta, Struct

from battlemap.desktop.core.limits import (
    MAX_COORDINATE,
    MAX_FOG_SIDE,
    MAX_ID,
    MAX_LIGHT_RADIUS,
    MAX_LIGHTS,
    MAX_LOG_ENTRIES,
    MAX_POINTS_PER_SHAPE,
    MAX_REGIONS,
    MAX_TEXT,
    MAX_TOKEN_SIZE,
    MAX_TOKENS,
    MAX_WALLS,
)
from battlemap.desktop.core.model import (
    GridKind,
    HarmShown,
    Illumination,
    RegionKind,
    Side,
    WallKind,
)

Coordinate = Annotated[float, Meta(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
Length = Annotated[float, Meta(ge=0.0, le=MAX_COORDINATE)]
PositiveLength = Annotated[float, Meta(gt=0.0, le=MAX_COORDINATE)]
TokenSize = Annotated[float, Meta(gt=0.0, le=MAX_TOKEN_SIZE)]
Radius = Annotated[float, Meta(ge=0.0, le=MAX_LIGHT_RADIUS)]
Text = Annotated[str, Meta(max_length=MAX_TEXT)]
Id = Annotated[str, Meta(min_length=1, max_length=MAX_ID)]
Colour = Annotated[str, Meta(pattern=r"^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$")]
PointPair = tuple[Coordinate, Coordinate]


class Position(Struct, forbid_unknown_fields=True, frozen=True):
    x: Coordinate
    y: Coordinate


class GridFile(Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    kind: GridKind = GridKind.SQUARE
    distance_per_cell: PositiveLength = 1.0
    unit: Text = "in"


class BackgroundFile(Struct, forbid_unknown_fields=True, omit_defaults=True):
    path: Text | None = None
    embedded: str | None = None
    pixels_per_cell: PositiveLength = 64.0
    offset: Position = Position(0.0, 0.0)


class SightFile(Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    darkvision: Length = 0.0
    low_light: bool = False
    light: Length = 0.0


NO_SIGHT = SightFile()
"""The default sight (left out of the file)."""


class TokenFile(Struct, forbid_unknown_fields=True, omit_defaults=True):
    id: Id
    name: Text
    position: Position
    size: TokenSize = 1.0
    height: Length = 1.0
    elevation: Coordinate = 0.0
    facing: Coordinate = 0.0
    side: Side = Side.NEUTRAL
    color: Colour = "#808080"
    image: Text | None = None
    hidden: bool = False
    group: Text | None = None
    notes: Text = ""
    stats: dict[str, Any] = {}
    sight: SightFile = NO_SIGHT
    harm_shown: HarmShown | None = None


class WallFile(Struct, forbid_unknown_fields=True, omit_defaults=True):
    id: Id
    points: Annotated[list[PointPair], Meta(min_length=2, max_length=MAX_POINTS_PER_SHAPE)]
    kind: WallKind = WallKind.WALL
    height: Length | None = None
    hardness: Length = 10.0
    open: bool = False


class RegionFile(Struct, forbid_unknown_fields=True, omit_defaults=True):
    id: Id
    points: Annotated[list[PointPair], Meta(min_length=3, max_length=MAX_POINTS_PER_SHAPE)]
    kind: RegionKind = RegionKind.DIFFICULT
    name: Text = ""
    illumination: Illumination | None = None


class LightFile(Struct, forbid_unknown_fields=True, omit_defaults=True):
    id: Id
    position: Position
    bright_radius: Radius
    dim_radius: Radius
    color: Colour = "#ffffff"


class LogEntryFile(Struct, forbid_unknown_fields=True, omit_defaults=True):
    title: Text
    lines: list[Text] = []
    round: Annotated[int, Meta(ge=0)] = 0


class FogMaskFile(Struct, forbid_unknown_fields=True, frozen=True):
    columns: Annotated[int, Meta(ge=1, le=MAX_FOG_SIDE)]
    rows: Annotated[int, Meta(ge=1, le=MAX_FOG_SIDE)]
    bits: str
    """base64 of the zlib-compressed, packed row-major bits (see ``docs/encounter-format.md``)"""


class FogFile(Struct, forbid_unknown_fields=True, omit_defaults=True, frozen=True):
    enabled: bool = False
    vision: bool = True
    acting_only: bool = False
    revealed: FogMaskFile | None = None
    seen: FogMaskFile | None = None


NO_FOG = FogFile()
"""The default fog: off (left out of the file)."""


class EncounterFile(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A whole encounter file, format 2."""

    format: int
    name: Text = "Untitled encounter"
    system: Text = "savage-pathfinder"
    grid: GridFile = GridFile()
    width: PositiveLength = 30.0
    height: PositiveLength = 20.0
    background: BackgroundFile | None = None
    ambient: Illumination = Illumination.BRIGHT
    tokens: Annotated[list[TokenFile], Meta(max_length=MAX_TOKENS)] = []
    walls: Annotated[list[WallFile], Meta(max_length=MAX_WALLS)] = []
    regions: Annotated[list[RegionFile], Meta(max_length=MAX_REGIONS)] = []
    lights: Annotated[list[LightFile], Meta(max_length=MAX_LIGHTS)] = []
    combat: dict[str, Any] = {}
    log: Annotated[list[LogEntryFile], Meta(max_length=MAX_LOG_ENTRIES)] = []
    notes: Text = ""
    fog: FogFile = NO_FOG
