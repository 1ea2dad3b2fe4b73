"""Universal VTT export: an encounter out to Foundry VTT, MapTool, Owlbear Rodeo and the rest.

:func:`uvtt_document` writes format 0.3 (the version Dungeondraft writes and every importer
reads), in grid cells with ``map_origin`` (0, 0):

- ``resolution``: ``map_size`` is the encounter's width and height in cells,
  ``pixels_per_grid`` the map image's pixels per cell;
- ``image``: the map image, base64 (the caller gives its bytes, aligned so that pixel (0, 0)
  is the corner of cell (0, 0): :func:`battlemap.desktop.gui.map_export.aligned_map_pieces`);
- walls become ``line_of_sight``, objects ``objects_line_of_sight``;
- doors become ``portals``, one per segment (a portal has two ends), ``closed`` as they are;
- lights keep their position, colour and dim radius as ``range``;
- the ambient level becomes ``environment.ambient_light``, a grey its brightness maps back to;
- windows, low walls (with their heights), object heights, the lights' bright radii and the
  grid's kind, distance and unit, which
  Universal VTT has no field for, go under Battlemap's own ``battlemap`` key: other tools
  ignore it, and :mod:`battlemap.desktop.core.uvtt` reads it back.

Tokens, regions, fog, notes and the combat stay behind: :func:`left_behind` says which, for
the GM. Importing the export gives the encounter back in everything the format holds
(tests/desktop/core/test_uvtt_export.py).

Examples
--------
>>> from battlemap.desktop.core.model import Wall, WallKind
>>> enc = Encounter(width=4, height=3, walls=(Wall("d", ((1, 0), (2, 0)), WallKind.DOOR),))
>>> doc = uvtt_document(enc, b"", 64)
>>> doc["resolution"]["map_size"], doc["portals"][0]["closed"], doc["portals"][0]["position"]
({'x': 4.0, 'y': 3.0}, True, {'x': 1.5, 'y': 0.0})
"""

from __future__ import annotations

import base64
import json
import math
from typing import Any

from battlemap.desktop.core.model import Encounter, Illumination, Point, WallKind

FORMAT = 0.3
AMBIENT_ARGB = {
    Illumination.BRIGHT: "ffffffff",
    Illumination.DIM: "ff808080",
    Illumination.DARK: "ff262626",
    Illumination.PITCH: "ff000000",
}
"""An ambient level as the grey :func:`battlemap.desktop.core.uvtt.ambient_level` reads back as
it."""


def _xy(point: Point) -> dict[str, float]:
    return {"x": float(point[0]), "y": float(point[1])}


def _line(points: tuple[Point, ...]) -> list[dict[str, float]]:
    return [_xy(p) for p in points]


def uvtt_document(encounter: Encounter, image: bytes, pixels_per_grid: float) -> dict[str, Any]:
    """The Universal VTT document of ``encounter`` with the map ``image`` (``b""``: none)."""
    walls = encounter.walls
    objects = [w for w in walls if w.kind is WallKind.OBJECT]
    low_walls = [w for w in walls if w.kind is WallKind.LOW_WALL]
    portals = [
        {
            "position": _xy(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)),
            "bounds": [_xy(a), _xy(b)],
            "rotation": math.atan2(b[1] - a[1], b[0] - a[0]),
            "closed": not wall.is_open,
            "freestanding": False,
        }
        for wall in walls if wall.kind is WallKind.DOOR
        for a, b in zip(wall.points, wall.points[1:], strict=False)
    ]  # fmt: skip
    extras: dict[str, Any] = {
        "windows": [_line(w.points) for w in walls if w.kind is WallKind.WINDOW],
        "low_walls": [_line(w.points) for w in low_walls],
        "low_wall_heights": [w.height or 0.0 for w in low_walls],
        "object_heights": [w.height for w in objects],
        "light_bright_radii": [light.bright_radius for light in encounter.lights],
        "grid_kind": encounter.grid.kind.value,
        "distance_per_cell": encounter.grid.distance_per_cell,
        "unit": encounter.grid.unit,
    }
    return {
        "format": FORMAT,
        "resolution": {
            "map_origin": {"x": 0.0, "y": 0.0},
            "map_size": {"x": float(encounter.width), "y": float(encounter.height)},
            "pixels_per_grid": int(pixels_per_grid) if float(pixels_per_grid).is_integer()
            else pixels_per_grid,
        },
        "line_of_sight": [_line(w.points) for w in walls if w.kind is WallKind.WALL],
        "objects_line_of_sight": [_line(w.points) for w in objects],
        "portals": portals,
        "environment": {"baked_lighting": False,
                        "ambient_light": AMBIENT_ARGB[encounter.ambient]},
        "lights": [
            {"position": _xy((light.x, light.y)), "range": light.dim_radius, "intensity": 1.0,
             "color": "ff" + light.color.removeprefix("#").lower()[-6:], "shadows": True}
            for light in encounter.lights
        ],
        "image": base64.b64encode(image).decode("ascii"),
        "battlemap": {key: value for key, value in extras.items() if value},
    }


def dumps_uvtt(encounter: Encounter, image: bytes, pixels_per_grid: float) -> bytes:
    """:func:`uvtt_document` as UTF-8 JSON."""
    return json.dumps(uvtt_document(encounter, image, pixels_per_grid)).encode("utf-8")


def left_behind(encounter: Encounter) -> list[str]:
    """What the export leaves out, in words (empty if nothing).

    >>> left_behind(Encounter())
    []
    """
    parts = [
        (len(encounter.tokens), "token"),
        (len(encounter.regions), "region"),
    ]
    said = [f"{n} {what}{'s' * (n != 1)}" for n, what in parts if n]
    if encounter.fog.revealed is not None or encounter.fog.seen is not None:
        said.append("the fog")
    if encounter.combat:
        said.append("the combat state")
    return said
