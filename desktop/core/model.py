"""The encounter: every fact about one battle, as immutable values.

An :class:`Encounter` is a snapshot. Edits never change it; they build a new one with
:func:`dataclasses.replace` (or the ``with_*`` helpers below) and hand it to
:class:`battlemap.desktop.core.state.BattleState`, which keeps the undo history. Because snapshots
share their unchanged parts, a history of thousands of edits stays small.

Coordinates are in grid cells: ``(0, 0)`` is the top-left corner of the map, x grows to the
right and y grows *down* (as on screen and in Universal VTT files). A token's position is its
centre. Heights and elevations are in cells too. ``Grid.distance_per_cell`` converts cells to the
game's units (Savage Pathfinder: one cell is one tabletop inch, 1" = 2 yards).

A token's ``stats`` hold the game system's stat block *and* its condition (wounds, Shaken, ...)
as plain JSON data; the system in use parses and writes them (``rules`` registry), so this module
stays independent of every game system.

Examples
--------
>>> enc = Encounter(tokens=(Token(id="g1", name="Goblin", x=3.5, y=4.5),))
>>> moved = enc.with_token(enc.token("g1").moved_to(5.5, 4.5))
>>> (enc.token("g1").x, moved.token("g1").x)
(3.5, 5.5)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from battlemap.rules.table import LogEntry, Side

__all__ = [
    "FOG_SQUARES_PER_CELL",
    "FORMAT_VERSION",
    "Background",
    "Encounter",
    "Fog",
    "FogMask",
    "Grid",
    "GridKind",
    "HarmShown",
    "Illumination",
    "Light",
    "LogEntry",
    "Point",
    "Region",
    "RegionKind",
    "Side",
    "Sight",
    "Token",
    "Wall",
    "WallKind",
]
"""``Side`` and ``LogEntry`` are the rules' own (:mod:`battlemap.rules.table`), shared with the
desktop."""

FORMAT_VERSION = 2
"""The encounter file format this program writes (``"format": 2``)."""

Point = tuple[float, float]


class GridKind(StrEnum):
    SQUARE = "square"
    HEX = "hex"
    GRIDLESS = "gridless"


class WallKind(StrEnum):
    """What a wall segment is. Doors carry ``Wall.is_open``; heights live on ``Wall.height``."""

    WALL = "wall"
    LOW_WALL = "low_wall"
    WINDOW = "window"
    DOOR = "door"
    OBJECT = "object"


class HarmShown(StrEnum):
    """When the players see a token's exact harm (Wounds, hit points, stress): ``never``,
    ``hover`` (while a pointer rests on it) or ``always``. A token with none set follows its
    side: heroes always, everyone else never."""

    NEVER = "never"
    HOVER = "hover"
    ALWAYS = "always"


class RegionKind(StrEnum):
    DIFFICULT = "difficult"
    ILLUMINATION = "illumination"
    ZONE = "zone"


class Illumination(StrEnum):
    """Light levels, brightest first (Savage Pathfinder: Dim -2, Dark -4, Pitch Darkness -6)."""

    BRIGHT = "bright"
    DIM = "dim"
    DARK = "dark"
    PITCH = "pitch"


@dataclass(frozen=True, slots=True)
class Grid:
    """How the map is divided and what one cell measures in the game's units."""

    kind: GridKind = GridKind.SQUARE
    distance_per_cell: float = 1.0
    unit: str = "in"


@dataclass(frozen=True, slots=True)
class Background:
    """The map image: a path relative to the encounter file, or embedded base64 data.

    ``pixels_per_cell`` and the offset (the image pixel where cell ``(0, 0)`` starts) calibrate
    the grid to the image.
    """

    path: str | None = None
    embedded: str | None = None
    pixels_per_cell: float = 64.0
    offset_x: float = 0.0
    offset_y: float = 0.0


@dataclass(frozen=True, slots=True)
class Sight:
    """How a token sees, whatever the game system: ``darkvision`` is the range (cells) within
    which it sees in any darkness; ``low_light`` lets it see in Dark (not Pitch Darkness) as in
    Dim light; ``light`` is the radius (cells) of the light it carries, which lights the floor
    for every hero."""

    darkvision: float = 0.0
    low_light: bool = False
    light: float = 0.0


@dataclass(frozen=True, slots=True)
class Token:
    """A creature or marker on the map.

    ``size`` is the footprint diameter in cells (1 for Normal Scale, 2 for Large, ...);
    ``height`` its standing height in cells; ``elevation`` the height of its base;
    ``facing`` degrees clockwise from "up" (north, -y). ``group`` names a group of Extras that
    share an Action Card.
    """

    id: str
    name: str
    x: float
    y: float
    size: float = 1.0
    height: float = 1.0
    elevation: float = 0.0
    facing: float = 0.0
    side: Side = Side.NEUTRAL
    color: str = "#808080"
    image: str | None = None
    hidden: bool = False
    group: str | None = None
    notes: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    sight: Sight = field(default_factory=Sight)
    harm_shown: HarmShown | None = None
    """When the players see its exact harm (None: as its side has it, :attr:`shows_harm`)."""

    @property
    def radius(self) -> float:
        return self.size / 2.0

    @property
    def shows_harm(self) -> HarmShown:
        """When the players see its harm: as the GM set it, else always for a hero and never
        for anybody else.

        >>> hero = Token("h", "Hero", 0, 0, side=Side.HERO)
        >>> Token("g", "Goblin", 0, 0).shows_harm.value, hero.shows_harm.value
        ('never', 'always')
        """
        if self.harm_shown is not None:
            return self.harm_shown
        return HarmShown.ALWAYS if self.side is Side.HERO else HarmShown.NEVER

    def moved_to(self, x: float, y: float) -> Token:
        return replace(self, x=x, y=y)


@dataclass(frozen=True, slots=True)
class Wall:
    """A polyline that blocks sight and movement to a degree set by its kind and height.

    ``height`` None means full height (to the ceiling). ``hardness`` is the Savage Pathfinder
    hardness used when attacking through it. ``is_open`` matters for doors (and windows).
    """

    id: str
    points: tuple[Point, ...]
    kind: WallKind = WallKind.WALL
    height: float | None = None
    hardness: float = 10.0
    is_open: bool = False

    @property
    def blocks_sight(self) -> bool:
        if self.kind is WallKind.WINDOW:
            return False
        return not (self.kind is WallKind.DOOR and self.is_open)


@dataclass(frozen=True, slots=True)
class Region:
    """A polygon with a meaning: difficult ground, a light level, or a named (FATE) zone."""

    id: str
    points: tuple[Point, ...]
    kind: RegionKind = RegionKind.DIFFICULT
    name: str = ""
    illumination: Illumination | None = None


@dataclass(frozen=True, slots=True)
class Light:
    """A light source: bright out to ``bright_radius`` cells, dim out to ``dim_radius``."""

    id: str
    x: float
    y: float
    bright_radius: float
    dim_radius: float
    color: str = "#ffffff"


FOG_SQUARES_PER_CELL = 4
"""Fog is kept in squares of a quarter cell (:class:`FogMask`)."""


@dataclass(frozen=True, slots=True)
class FogMask:
    """A raster of ``rows x columns`` fog squares (:data:`FOG_SQUARES_PER_CELL` a cell, the
    first at the map's corner), each set or not: ``bits`` is the row-major bit array packed
    eight squares a byte (numpy ``packbits``) and compressed with zlib, so a mask is an
    immutable value that compares and hashes cheaply. :mod:`battlemap.desktop.core.fog` reads and
    builds masks."""

    columns: int
    rows: int
    bits: bytes


@dataclass(frozen=True, slots=True)
class Fog:
    """What the players' view hides.

    ``enabled`` False shows the whole map (files from before fog). Otherwise the players see
    what the GM ``revealed`` and, with ``vision``, what the heroes see now (and, dimmed, what
    they have ``seen``); with ``acting_only`` only the acting hero's eyes count in combat.
    A mask of None has no square set.
    """

    enabled: bool = False
    vision: bool = True
    acting_only: bool = False
    revealed: FogMask | None = None
    seen: FogMask | None = None


@dataclass(frozen=True, slots=True)
class Encounter:
    """One battle: map, tokens, walls, regions, lights, the game system and its combat state."""

    name: str = "Untitled encounter"
    system: str = "savage-pathfinder"
    grid: Grid = field(default_factory=Grid)
    width: float = 30.0
    height: float = 20.0
    background: Background | None = None
    ambient: Illumination = Illumination.BRIGHT
    tokens: tuple[Token, ...] = ()
    walls: tuple[Wall, ...] = ()
    regions: tuple[Region, ...] = ()
    lights: tuple[Light, ...] = ()
    combat: dict[str, Any] = field(default_factory=dict)
    log: tuple[LogEntry, ...] = ()
    notes: str = ""
    fog: Fog = field(default_factory=Fog)

    def token(self, token_id: str) -> Token:
        """The token with this id; ``KeyError`` naming the id and the known ids otherwise."""
        for token in self.tokens:
            if token.id == token_id:
                return token
        known = ", ".join(t.id for t in self.tokens) or "none"
        raise KeyError(f"no token with id {token_id!r} (tokens: {known})")

    def wall(self, wall_id: str) -> Wall:
        for wall in self.walls:
            if wall.id == wall_id:
                return wall
        raise KeyError(f"no wall with id {wall_id!r}")

    def with_token(self, token: Token) -> Encounter:
        """A copy with ``token`` replacing the token of the same id, or added at the end."""
        tokens = tuple(token if t.id == token.id else t for t in self.tokens)
        if all(t.id != token.id for t in self.tokens):
            tokens += (token,)
        return replace(self, tokens=tokens)

    def without_token(self, token_id: str) -> Encounter:
        return replace(self, tokens=tuple(t for t in self.tokens if t.id != token_id))

    def with_wall(self, wall: Wall) -> Encounter:
        """A copy with ``wall`` replacing the wall of the same id, or added at the end."""
        walls = tuple(wall if w.id == wall.id else w for w in self.walls)
        if all(w.id != wall.id for w in self.walls):
            walls += (wall,)
        return replace(self, walls=walls)

    def without_wall(self, wall_id: str) -> Encounter:
        return replace(self, walls=tuple(w for w in self.walls if w.id != wall_id))

    def with_region(self, region: Region) -> Encounter:
        regions = tuple(region if r.id == region.id else r for r in self.regions)
        if all(r.id != region.id for r in self.regions):
            regions += (region,)
        return replace(self, regions=regions)

    def with_log(self, entry: LogEntry) -> Encounter:
        return replace(self, log=(*self.log, entry))

    def new_id(self, prefix: str) -> str:
        """An id starting with ``prefix`` that no token, wall, region or light uses yet."""
        used = {t.id for t in self.tokens} | {w.id for w in self.walls}
        used |= {r.id for r in self.regions} | {lt.id for lt in self.lights}
        n = 1
        while f"{prefix}{n}" in used:
            n += 1
        return f"{prefix}{n}"
