"""The input types of :mod:`geometry`: bodies, occluders, areas and light sources.

They are frozen values checked on construction: NaN, infinities and negative sizes raise a
:class:`~battlemap.geometry.errors.GeometryError` naming the field. Coordinates are in grid cells, x
to the right, y *down* the screen; heights are in cells above the map's ground (z = 0).

Examples
--------
>>> Body("orc", x=3.5, y=2.5, radius=0.5, height=1.0)
Body(id='orc', x=3.5, y=2.5, radius=0.5, base_z=0.0, height=1.0, facing=0.0)
>>> Occluder("w1", 0, 0, 4, 0).is_full_height
True
>>> Body("ghost", x=0, y=0, radius=-1)
Traceback (most recent call last):
...
battlemap.geometry.errors.GeometryError: Body 'ghost' radius must not be negative, got -1
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from battlemap.geometry.errors import GeometryError, require_finite, require_non_negative

__all__ = [
    "Area",
    "AreaKind",
    "Body",
    "LightLevel",
    "LightSource",
    "Occluder",
    "Point",
]

Point = tuple[float, float]


def _store(value_object: object, name: str, value: float) -> None:
    """Set a checked number on a frozen instance (as a float, whatever number was given)."""
    object.__setattr__(value_object, name, value)


class LightLevel(StrEnum):
    """Light levels, brightest first; the values match
    ``battlemap.desktop.core.model.Illumination``."""

    BRIGHT = "bright"
    DIM = "dim"
    DARK = "dark"
    PITCH = "pitch"


class AreaKind(StrEnum):
    """What an area means: difficult ground, a light level, or a named zone."""

    DIFFICULT = "difficult"
    ILLUMINATION = "illumination"
    ZONE = "zone"


@dataclass(frozen=True, slots=True)
class Body:
    """A creature: a disc of ``radius`` standing ``height`` tall from ``base_z``.

    ``facing`` is in degrees clockwise from up the screen (-y).
    """

    id: str
    x: float
    y: float
    radius: float = 0.5
    base_z: float = 0.0
    height: float = 1.0
    facing: float = 0.0

    def __post_init__(self) -> None:
        where = f"Body {self.id!r}"
        for name in ("x", "y", "base_z", "facing"):
            _store(self, name, require_finite(f"{where} {name}", getattr(self, name)))
        for name in ("radius", "height"):
            _store(self, name, require_non_negative(f"{where} {name}", getattr(self, name)))


@dataclass(frozen=True, slots=True)
class Occluder:
    """A straight wall segment from ``(x1, y1)`` to ``(x2, y2)`` standing on the ground.

    ``top`` is its height (``math.inf``: to the ceiling). ``blocks_sight`` is False for open
    doors and windows; ``is_solid`` is False for open doors (nothing to shoot through).
    Several occluders may share one id (the segments of one wall polyline).
    """

    id: str
    x1: float
    y1: float
    x2: float
    y2: float
    top: float = math.inf
    hardness: float = 10.0
    blocks_sight: bool = True
    is_solid: bool = True

    def __post_init__(self) -> None:
        x1, y1, x2, y2, hardness, top = (
            self.x1, self.y1, self.x2, self.y2, self.hardness, self.top)
        if (type(x1) is float and type(y1) is float and type(x2) is float
                and type(y2) is float and type(hardness) is float
                and type(top) is float and top >= 0.0
                and math.isfinite(x1 + y1 + x2 + y2 + hardness)):
            return  # the common case, checked at once (a map has 500,000 pieces at most)
        where = f"Occluder {self.id!r}"
        for name in ("x1", "y1", "x2", "y2", "hardness"):
            _store(self, name, require_finite(f"{where} {name}", getattr(self, name)))
        if math.isnan(self.top) or self.top < 0:
            raise GeometryError(f"{where} top must be >= 0 or inf, got {self.top!r}")
        _store(self, "top", float(self.top))

    @property
    def is_full_height(self) -> bool:
        return math.isinf(self.top)


@dataclass(frozen=True, slots=True)
class Area:
    """A polygon with a meaning; ``level`` is set for illumination areas, ``name`` for zones."""

    id: str
    points: tuple[Point, ...]
    kind: AreaKind = AreaKind.ZONE
    name: str = ""
    level: LightLevel | None = None

    def __post_init__(self) -> None:
        for n, (x, y) in enumerate(self.points):
            require_finite(f"Area {self.id!r} point {n} x", x)
            require_finite(f"Area {self.id!r} point {n} y", y)


@dataclass(frozen=True, slots=True)
class LightSource:
    """A light: bright out to ``bright_radius`` cells, dim out to ``dim_radius``."""

    id: str
    x: float
    y: float
    bright_radius: float
    dim_radius: float

    def __post_init__(self) -> None:
        where = f"LightSource {self.id!r}"
        for name in ("x", "y"):
            _store(self, name, require_finite(f"{where} {name}", getattr(self, name)))
        for name in ("bright_radius", "dim_radius"):
            _store(self, name, require_non_negative(f"{where} {name}", getattr(self, name)))
