"""Foundry VTT scenes: a scene's exported JSON read as a Universal VTT document, Qt-free.

:func:`foundry_to_uvtt` turns a scene (Foundry 0.8/9 field names and 10+ alike) into the
Universal VTT shape :mod:`battlemap.desktop.core.uvtt` imports, so a scene goes through the same
checks, image lookup and build as a Dungeondraft export:

- the grid: ``grid.size`` (or ``grid``) pixels a cell; the scene's rectangle starts after the
  ``padding`` (rounded up to whole cells, as Foundry does), which becomes ``map_origin``;
  ``width`` x ``height`` pixels give the map's size in cells; square, hex (types 2-5) or
  gridless, ``distance`` and ``units`` per cell travel under the ``battlemap`` key;
- walls (``c``: two end points in pixels): a door or secret door (``door`` 1 or 2) becomes a
  portal, open when ``ds`` is 1; a wall blocking sight (``sight``, or ``sense`` before
  Foundry 11: normal, proximity or distance) a wall; a limited-sight ("terrain") wall a low
  wall; a wall that blocks movement but not sight a window; a wall blocking neither (sound or
  light only) is left out, and a warning counts them; a one-way wall (``dir`` 1 or 2) blocks
  both ways here, and an ethereal one (sight, not movement) movement too; warnings count them;
- lights (``x``, ``y``; ``config.dim``/``bright``/``color``, or ``dim``/``bright``/
  ``tintColor`` before Foundry 10): dim and bright radii from the scene's distance units; a
  hidden light (switched off) and a darkness source (``config.negative``, Foundry 12, or a
  negative ``config.luminosity``, 10 and 11) are left out, and a cone (``angle`` under 360)
  shines all round; a warning counts each;
- the background (``background.src``, or ``img``) is the image named, found beside the file
  by its full relative path or by its own name; its offset (``background.offsetX``/``offsetY``,
  or ``shiftX``/``shiftY`` before Foundry 10) moves the image that many scene pixels left
  and up of the grid's corner (Foundry draws it at the padding minus the offset), so it is
  the image pixel where cell ``(0, 0)`` starts: it travels as ``battlemap.image_offset`` and
  becomes the encounter's background offset, and the walls stay on the walls drawn in the
  image.

Examples
--------
>>> scene = {"padding": 0, "width": 400, "height": 300, "grid": {"size": 100},
...          "walls": [{"c": [0, 0, 400, 0], "sight": 20, "move": 20, "door": 0}]}
>>> doc, notes = foundry_to_uvtt(scene)
>>> doc["resolution"]["map_size"], doc["line_of_sight"], notes
({'x': 4.0, 'y': 3.0}, [[{'x': 0.0, 'y': 0.0}, {'x': 4.0, 'y': 0.0}]], [])
"""

from __future__ import annotations

import math
from typing import Any

from battlemap.desktop.core.limits import MAX_IMAGE_OFFSET
from battlemap.desktop.core.validation import FieldProblem

NONE, LIMITED = 0, 10
"""Foundry's wall restriction levels (10+: 0 none, 10 limited, 20 normal, 30 proximity,
40 distance; 0.8/9: 0 none, 1 normal, 2 limited)."""
GRID_KINDS = {0: "gridless", 1: "square", 2: "hex", 3: "hex", 4: "hex", 5: "hex"}


def looks_like_foundry_scene(document: Any) -> bool:
    """A scene export: an object with ``padding`` and a list of ``walls`` of ``c`` points.

    >>> looks_like_foundry_scene({"padding": 0.25, "walls": [{"c": [0, 0, 1, 1]}]})
    True
    >>> looks_like_foundry_scene({"format": 2, "walls": [{"points": []}]})
    False
    """
    if not isinstance(document, dict) or "padding" not in document:
        return False
    walls = document.get("walls")
    return isinstance(walls, list) and all(isinstance(w, dict) and "c" in w for w in walls[:1])


def _number(value: Any, field: str, low: float = -math.inf, high: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise FieldProblem(field, f"expected a number from {low:g} to {high:g}, got {value!r:.40}")
    return float(value)


def _level(value: Any, field: str) -> int:
    """A restriction level on Foundry 10's scale (0, 10, 20, ...), from either version's."""
    number = _number(0 if value is None else value, field, 0, 100)
    return {1: 20, 2: LIMITED}.get(int(number), int(number))


def _grid(scene: dict[str, Any]) -> tuple[float, str, float, str]:
    """Pixels a cell, grid kind, distance a cell and its unit."""
    grid = scene.get("grid", 100)
    if isinstance(grid, dict):
        size = _number(grid.get("size", 100), "grid.size", 1, 10_000)
        kind = grid.get("type", 1)
        distance, units = grid.get("distance", 5), grid.get("units", "ft")
        where = "grid"
    else:
        size = _number(grid, "grid", 1, 10_000)
        kind = scene.get("gridType", 1)
        distance, units = scene.get("gridDistance", 5), scene.get("gridUnits", "ft")
        where = "gridType"
    if kind not in GRID_KINDS:
        raise FieldProblem(f"{where}.type" if where == "grid" else where,
                           f"expected a grid type 0 to 5, got {kind!r:.40}")
    return (size, GRID_KINDS[kind], _number(distance, "grid.distance", 0.001, 1e6),
            str(units or "ft")[:20])


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'s' * (number != 1)}"


def _background_offset(scene: dict[str, Any], background: Any) -> tuple[float, float]:
    """The image's offset in scene pixels: ``background.offsetX``/``Y`` (Foundry 10+) or
    ``shiftX``/``Y`` (0.8/9)."""
    if isinstance(background, dict):
        x, y, where = background.get("offsetX"), background.get("offsetY"), "background.offset"
    else:
        x, y, where = scene.get("shiftX"), scene.get("shiftY"), "shift"
    return (_number(x or 0, f"{where}X", -MAX_IMAGE_OFFSET, MAX_IMAGE_OFFSET),
            _number(y or 0, f"{where}Y", -MAX_IMAGE_OFFSET, MAX_IMAGE_OFFSET))


def foundry_to_uvtt(scene: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The Universal VTT document of a Foundry scene, and warnings for what was left out."""
    size, kind, distance, units = _grid(scene)
    width = _number(scene.get("width", 0), "width", 1, 1e7)
    height = _number(scene.get("height", 0), "height", 1, 1e7)
    padding = _number(scene.get("padding", 0), "padding", 0, 0.5)
    origin = {"x": math.ceil(padding * width / size), "y": math.ceil(padding * height / size)}

    def xy(x: Any, y: Any, field: str) -> dict[str, float]:
        return {"x": _number(x, f"{field}.x") / size, "y": _number(y, f"{field}.y") / size}

    walls, portals, windows, low_walls = [], [], [], []
    skipped = one_way = ethereal = 0
    raw_walls = scene.get("walls") or []
    if not isinstance(raw_walls, list):
        raise FieldProblem("walls", "expected a list")
    for index, wall in enumerate(raw_walls):
        where = f"walls[{index}]"
        if not isinstance(wall, dict):
            raise FieldProblem(where, "expected an object")
        c = wall.get("c")
        if not (isinstance(c, list) and len(c) == 4):
            raise FieldProblem(f"{where}.c", f"expected 4 numbers (x1, y1, x2, y2), got {c!r:.60}")
        line = [xy(c[0], c[1], f"{where}.c[0]"), xy(c[2], c[3], f"{where}.c[2]")]
        door = _number(wall.get("door", 0) or 0, f"{where}.door", 0, 2)
        sight = _level(wall.get("sight", wall.get("sense")), f"{where}.sight")
        move = _level(wall.get("move"), f"{where}.move")
        direction = _number(wall.get("dir", 0) or 0, f"{where}.dir", 0, 2)
        if door:
            state = _number(wall.get("ds", 0) or 0, f"{where}.ds", 0, 2)
            portals.append({"position": {"x": (line[0]["x"] + line[1]["x"]) / 2,
                                         "y": (line[0]["y"] + line[1]["y"]) / 2},
                            "bounds": line, "closed": state != 1})
        elif sight == LIMITED:
            low_walls.append(line)
        elif sight != NONE:
            walls.append(line)
            ethereal += move == NONE
        elif move != NONE:
            windows.append(line)
        else:
            skipped += 1
            continue
        one_way += direction != 0
    lights = []
    raw_lights = scene.get("lights") or []
    if not isinstance(raw_lights, list):
        raise FieldProblem("lights", "expected a list")
    brights = []
    hidden = darkness = cones = 0
    for index, light in enumerate(raw_lights):
        where = f"lights[{index}]"
        if not isinstance(light, dict):
            raise FieldProblem(where, "expected an object")
        nested = light.get("config")
        config: dict[str, Any] = nested if isinstance(nested, dict) else light
        prefix = f"{where}.config" if config is not light else where
        if light.get("hidden") is True:
            hidden += 1
            continue
        luminosity = config.get("luminosity")
        if config.get("negative") is True or (
            luminosity is not None and _number(luminosity, f"{prefix}.luminosity", -1, 1) < 0
        ):
            darkness += 1
            continue
        angle = config.get("angle")
        cones += angle is not None and _number(angle, f"{prefix}.angle", 0, 360) < 360
        dim = _number(config.get("dim", 0) or 0, f"{prefix}.dim", 0, 1e6) / distance
        bright = _number(config.get("bright", 0) or 0, f"{prefix}.bright", 0, 1e6) / distance
        colour = config.get("color", light.get("tintColor")) or "#ffffff"
        if not isinstance(colour, str):
            raise FieldProblem(f"{prefix}.color", f"expected a colour, got {colour!r:.40}")
        lights.append({"position": xy(light.get("x"), light.get("y"), where),
                       "range": max(dim, bright), "color": colour.removeprefix("#")})
        brights.append(bright)
    background = scene.get("background")
    image = background.get("src") if isinstance(background, dict) else scene.get("img")
    notes = [f"{skipped} wall{'s' * (skipped != 1)} blocking neither sight nor movement "
             "(sound or light only) left out"] if skipped else []
    if one_way:
        notes.append(f"{_count(one_way, 'one-way wall')} blocking both ways (Battlemap's walls "
                     "have no direction)")
    if ethereal:
        notes.append(f"{_count(ethereal, 'wall')} blocking sight but not movement (ethereal) "
                     "blocking movement too")
    if hidden:
        notes.append(f"{_count(hidden, 'hidden light')} (switched off in Foundry) left out")
    if darkness:
        notes.append(f"{_count(darkness, 'darkness source')} left out (Battlemap has no "
                     "darkness lights)")
    if cones:
        notes.append(f"{_count(cones, 'cone of light')} shining all round (Battlemap's lights "
                     "have no angle)")
    offset = _background_offset(scene, background)
    document = {
        "format": 1.0,
        "resolution": {"map_origin": origin, "map_size": {"x": width / size, "y": height / size},
                       "pixels_per_grid": size},
        "line_of_sight": walls,
        "portals": portals,
        "lights": lights,
        "image": image if isinstance(image, str) else "",
        "battlemap": {"windows": windows, "low_walls": low_walls, "light_bright_radii": brights,
                      "grid_kind": kind, "distance_per_cell": distance, "unit": units,
                      "image_offset": {"x": offset[0], "y": offset[1]}},
    }
    return document, notes
