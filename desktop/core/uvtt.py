"""Universal VTT import: Dungeondraft / DungeonFog / Arkenforge map exports into encounters.

:func:`load_uvtt` reads a ``.dd2vtt`` / ``.uvtt`` / ``.df2vtt`` file (format 0.2, 0.3 or 1.0),
validates *all* of it (types, ranges, limits, point counts, colours, the image header) and
only then builds an :class:`~battlemap.desktop.core.model.Encounter`:

- ``resolution.map_origin`` is subtracted from every coordinate (cropped exports);
- ``line_of_sight`` polylines become full-height walls;
- ``objects_line_of_sight`` polylines become ``object`` walls, full height by default (an
  exporter's occluders are pillars, trees and big furniture that block sight); pass
  ``object_height`` to make them low, and the GM can change each one afterwards;
- ``portals`` become doors, open or closed as given (``bounds`` are the door's two ends);
- ``lights`` become light sources: dim out to ``range`` cells, bright out to half of it;
- ``environment.ambient_light`` sets the ambient level from its brightness;
- a Foundry VTT scene's JSON is read as the Universal VTT document it amounts to
  (:mod:`battlemap.desktop.core.foundry_scene`);
- Battlemap's own ``battlemap`` key (written by :mod:`battlemap.desktop.core.uvtt_export`, ignored
  by other tools) adds windows, low walls with their heights, object heights and each light's
  bright radius, and the grid's kind, distance and unit, which Universal VTT has no field for;
- ``image`` (base64 PNG, WebP or JPEG, detected by its first bytes) becomes the embedded
  background, calibrated with ``pixels_per_grid``. Foundry's 1.0 exports name an image file
  instead (``"worlds/w/scenes/map.webp"``): it is looked up relative to the Universal VTT
  file, then beside it by its own name (``map.webp``), inside its folder only
  (:func:`battlemap.desktop.core.images.image_file`), and embedded; if it is not there the map is
  imported without it and a warning names the image to link.

:func:`load_uvtt` returns just the encounter (the GUI's File > Import); :func:`read_uvtt` and
:func:`parse_uvtt` return a :class:`UvttImport` that adds the decoded image and warnings (the
``import-uvtt`` command writes the image beside the encounter and prints the warnings).

Files are read by :func:`read_uvtt_document` (up to 512 MiB): a big embedded image (16 MiB of
base64 or more) is decoded as the file is read, into a file of the cache folder (or the
folder asked for) that the encounter's background names, and the JSON around it is parsed
as before (:mod:`battlemap.desktop.core.uvtt_stream`).

Long organic outlines can be thinned with ``simplify_tolerance`` (cells; 0 keeps every point).
Problems raise :class:`UvttError` naming the field: ``portals[2].bounds: expected 2 points,
got 1``.

Examples
--------
>>> doc = (b'{"format": 0.3, "resolution": {"map_origin": {"x": 2, "y": 1}, '
...        b'"map_size": {"x": 4, "y": 4}, "pixels_per_grid": 64}, '
...        b'"line_of_sight": [[{"x": 2, "y": 1}, {"x": 6, "y": 1}]]}')
>>> result = parse_uvtt(doc)
>>> result.encounter.walls[0].points
((0.0, 0.0), (4.0, 0.0))
>>> result.warnings
('the file has no map image; the map shows a plain floor',)
"""

from __future__ import annotations

import base64
import hashlib
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path

import msgspec

from battlemap.desktop.core.fileformat import EncounterFileError
from battlemap.desktop.core.foundry_scene import foundry_to_uvtt, looks_like_foundry_scene
from battlemap.desktop.core.images import (
    ImageError,
    decode_base64_image,
    image_size,
    read_image_file,
)
from battlemap.desktop.core.limits import (
    MAX_COORDINATE,
    MAX_TOTAL_POINTS,
    MAX_UVTT_FILE_BYTES,
    MAX_WALLS,
)
from battlemap.desktop.core.model import (
    Background,
    Encounter,
    Fog,
    Grid,
    GridKind,
    Illumination,
    Light,
    Point,
    Wall,
    WallKind,
)
from battlemap.desktop.core.progress import step
from battlemap.desktop.core.reading import open_regular_file, read_head
from battlemap.desktop.core.uvtt_schema import XY, UvttFile
from battlemap.desktop.core.uvtt_stream import (
    StreamedImage,
    cache_folder,
    remove_quietly,
    split_uvtt,
)
from battlemap.desktop.core.validation import (
    FieldProblem,
    check_json_tree,
    parse_json,
    problem_from_msgspec,
)

SUPPORTED_FORMATS = (0.2, 0.3, 1.0)
UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
_IMAGE_FILE_NAME = re.compile(r"\.[A-Za-z0-9]{2,5}$")
"""An ``image`` ending in a file extension names a file ('.' is not a base64 character)."""
SNIFF_BYTES = 1 << 20
"""Bytes of a file's head :func:`looks_like_uvtt` reads to decide (the whole of a smaller one)."""
_TOP_KEY = re.compile(rb'"(resolution|padding|tokens|walls)"[ \t\r\n]*:')


class UvttError(EncounterFileError):
    """A Universal VTT file that cannot be imported (a ``ValueError``; names file and field)."""


@dataclass(frozen=True, slots=True)
class UvttImport:
    """An imported map: the encounter, the decoded image (``b""`` if none or ``streamed``),
    and warnings. ``streamed`` is a big embedded image decoded into a file, which the
    encounter's background names (:mod:`battlemap.desktop.core.uvtt_stream`)."""

    encounter: Encounter
    image: bytes
    image_format: str | None
    warnings: tuple[str, ...]
    streamed: StreamedImage | None = None


def load_uvtt(
    path: str | Path, *, object_height: float | None = None, simplify_tolerance: float = 0.0
) -> Encounter:
    """The encounter imported from the Universal VTT file at ``path`` (image embedded)."""
    imported = read_uvtt(path, object_height=object_height, simplify_tolerance=simplify_tolerance)
    return imported.encounter


def read_uvtt(
    path: str | Path, *, object_height: float | None = None, simplify_tolerance: float = 0.0,
    image_folder: Path | None = None,
) -> UvttImport:
    """Import the Universal VTT file at ``path``; the encounter is named after the file.

    A big embedded image is decoded as the file is read into ``image_folder`` (default: the
    program's cache folder) and the encounter's background names that file
    (:func:`read_uvtt_document`); if the import is refused, no file is left there.
    """
    file = Path(path)
    document, streamed = read_uvtt_document(file, image_folder)
    try:
        return parse_uvtt(
            document, where=str(file), name=file.stem, object_height=object_height,
            simplify_tolerance=simplify_tolerance, base_dir=file.resolve().parent,
            streamed=streamed,
        )  # fmt: skip
    except BaseException:
        if streamed is not None:
            remove_quietly(streamed.path)
        raise


def looks_like_uvtt(path: str | Path) -> bool:
    """True if the file at ``path`` is a Universal VTT export whatever its name: a JSON object
    with a ``resolution`` (encounters have none). False for anything unreadable.

    A file larger than :data:`SNIFF_BYTES` is judged from its head (a 512 MB export is not
    read to decide): a top-level-looking ``"resolution":`` key and no ``"tokens":`` key there.

    Examples
    --------
    >>> import tempfile
    >>> file = Path(tempfile.mkdtemp()) / "map.json"
    >>> _ = file.write_text('{"format": 1.0, "resolution": {"map_size": {"x": 2, "y": 2}}}')
    >>> looks_like_uvtt(file), looks_like_uvtt("/dev/zero")
    (True, False)
    """
    try:
        head = read_head(path, SNIFF_BYTES + 1)
        if len(head) > SNIFF_BYTES:
            keys = {m.group(1).decode() for m in _TOP_KEY.finditer(head, 0, SNIFF_BYTES)}
            return head.lstrip()[:1] == b"{" and (
                ("resolution" in keys and "tokens" not in keys) or {"padding", "walls"} <= keys)
        data = head
        document = parse_json(data) if b'"resolution"' in data or b'"padding"' in data else None
    except (OSError, FieldProblem):
        return False
    if looks_like_foundry_scene(document):
        return True
    return isinstance(document, dict) and "resolution" in document and "tokens" not in document


def read_uvtt_document(path: Path, image_folder: Path | None = None
                       ) -> tuple[bytes, StreamedImage | None]:  # fmt: skip
    """The JSON of the Universal VTT file at ``path`` with a big embedded image's value
    emptied, and that image decoded into ``image_folder`` (default: the cache folder), named
    after the file (``.uvtt-<hash of its path, size and time>.png``: opening the same file again
    replaces it) -- or None if the image stayed in the JSON.

    The file must be a regular one of at most ``MAX_UVTT_FILE_BYTES``; ``UvttError`` names the
    file, the field and the limit; nothing is left in the folder then.
    """
    where = str(path)
    try:
        with open_regular_file(path, MAX_UVTT_FILE_BYTES) as file:
            info = os.fstat(file.fileno())
            folder = image_folder if image_folder is not None else cache_folder()
            step("reading the map file and decoding its image")
            split = split_uvtt(file, folder)
    except OSError as err:
        raise UvttError(where, "(file)", err.strerror or str(err)) from None
    except FieldProblem as found:
        raise UvttError(where, found.field, found.problem) from None
    image = split.image
    if image is None:
        return split.document, None
    identity = f"{path.resolve()}|{info.st_size}|{info.st_mtime_ns}".encode()
    named = image.path.with_name(f".uvtt-{hashlib.sha256(identity).hexdigest()[:20]}"
                                 f".{'jpg' if image.kind == 'jpeg' else image.kind}")
    try:
        os.replace(image.path, named)
    except OSError as err:
        remove_quietly(image.path)
        raise UvttError(where, "image", f"{named}: {err.strerror or err}") from None
    return split.document, StreamedImage(named, image.size, image.kind, image.width,
                                         image.height)  # fmt: skip


def parse_uvtt(
    data: bytes,
    *,
    where: str = "<memory>",
    name: str = "Imported map",
    object_height: float | None = None,
    simplify_tolerance: float = 0.0,
    base_dir: Path | None = None,
    streamed: StreamedImage | None = None,
) -> UvttImport:
    """Import Universal VTT JSON ``data``; see the module docstring for the mapping.

    ``base_dir`` is the folder of the file, where an ``image`` given as a file name is looked
    for (None: from memory, such an image is not looked for). ``streamed`` is the embedded
    image :func:`read_uvtt_document` decoded into a file (``data``'s ``image`` is then
    empty): the background names that file.
    """
    notes: list[str] = []
    step("checking the map")
    try:
        document = parse_json(data)
        check_json_tree(document)
        if looks_like_foundry_scene(document):
            document, notes = foundry_to_uvtt(document)
        uvtt = msgspec.convert(document, UvttFile, strict=True)
        _check(uvtt)
        _check_options(object_height, simplify_tolerance)
        image, missing = _image(uvtt.image, base_dir)
    except FieldProblem as found:
        raise UvttError(where, found.field, found.problem) from None
    except msgspec.ValidationError as err:
        located = problem_from_msgspec(err)
        raise UvttError(where, located.field, located.problem) from None
    shown: Background | None
    size: tuple[int, int] | None
    if streamed is not None:
        if image:
            raise UvttError(where, "image", "the map image is given twice")
        shown = Background(path=str(streamed.path))
        size = (streamed.width, streamed.height)
        kind: str | None = streamed.kind
    else:
        shown = Background(embedded=base64.b64encode(image).decode("ascii")) if image else None
        size = image_size(image)[1:] if image else None
        kind = _image_kind(image)
    encounter = _build(uvtt, name, object_height, simplify_tolerance, shown)
    warnings = (missing,) if missing else _warnings(uvtt, size)
    return UvttImport(encounter, image, kind, (*notes, *warnings), streamed)


def _check_options(object_height: float | None, tolerance: float) -> None:
    """The import options: finite, not negative, within the coordinate limit."""
    for name, value in (("object height", object_height), ("simplify tolerance", tolerance)):
        if value is not None and not (math.isfinite(value) and 0 <= value <= MAX_COORDINATE):
            raise FieldProblem(
                f"({name})", f"expected a number of cells from 0 to {MAX_COORDINATE:,.0f}, "
                f"got {value}",
            )


def _check(uvtt: UvttFile) -> None:
    if not any(math.isclose(uvtt.format, known) for known in SUPPORTED_FORMATS):
        supported = ", ".join(str(f) for f in SUPPORTED_FORMATS)
        raise FieldProblem("format", f"unsupported version {uvtt.format} (reads {supported})")
    extras = uvtt.battlemap
    for key, lines in (("line_of_sight", uvtt.line_of_sight),
                       ("objects_line_of_sight", uvtt.objects_line_of_sight),
                       ("battlemap.windows", extras.windows),
                       ("battlemap.low_walls", extras.low_walls)):
        for index, line in enumerate(lines):
            if len(line) < 2:
                raise FieldProblem(f"{key}[{index}]", f"expected 2 or more points, got {len(line)}")
    for key, values, parallel in (
        ("low_wall_heights", extras.low_wall_heights, extras.low_walls),
        ("object_heights", extras.object_heights, uvtt.objects_line_of_sight),
        ("light_bright_radii", extras.light_bright_radii, uvtt.lights),
    ):
        if values and len(values) != len(parallel):
            raise FieldProblem(f"battlemap.{key}",
                               f"expected {len(parallel)} values, one each, got {len(values)}")
    for index, portal in enumerate(uvtt.portals):
        if len(portal.bounds) != 2:
            raise FieldProblem(
                f"portals[{index}].bounds", f"expected 2 points, got {len(portal.bounds)}"
            )
    walls = len(uvtt.line_of_sight) + len(uvtt.objects_line_of_sight) + len(uvtt.portals) \
        + len(extras.windows) + len(extras.low_walls)
    if walls > MAX_WALLS:
        found = f"{walls:,} walls, objects and doors in all"
        raise FieldProblem("line_of_sight", f"{found}; the limit is {MAX_WALLS:,}")
    lines = [*uvtt.line_of_sight, *uvtt.objects_line_of_sight, *extras.windows,
             *extras.low_walls]
    if sum(len(line) for line in lines) > MAX_TOTAL_POINTS:
        raise FieldProblem("line_of_sight", f"more than {MAX_TOTAL_POINTS:,} points in all")
    _check_shifted(uvtt)
    for index, light in enumerate(uvtt.lights):
        argb_colour(light.color, f"lights[{index}].color")
    argb_colour(uvtt.environment.ambient_light, "environment.ambient_light")


def _check_shifted(uvtt: UvttFile) -> None:
    """Every point must stay within the coordinate limit once map_origin is subtracted."""
    origin = uvtt.resolution.map_origin
    located = [
        *((f"{key}[{i}][{j}]", p) for key in ("line_of_sight", "objects_line_of_sight")
          for i, line in enumerate(getattr(uvtt, key)) for j, p in enumerate(line)),
        *((f"battlemap.{key}[{i}][{j}]", p) for key in ("windows", "low_walls")
          for i, line in enumerate(getattr(uvtt.battlemap, key)) for j, p in enumerate(line)),
        *((f"portals[{i}].bounds[{j}]", p) for i, portal in enumerate(uvtt.portals)
          for j, p in enumerate(portal.bounds)),
        *((f"lights[{i}].position", light.position) for i, light in enumerate(uvtt.lights)),
    ]  # fmt: skip
    for field, point in located:
        if max(abs(point.x - origin.x), abs(point.y - origin.y)) > MAX_COORDINATE:
            raise FieldProblem(field, f"more than {MAX_COORDINATE:,.0f} cells from map_origin")


def argb_colour(text: str, field: str = "color") -> str:
    """``"#rrggbb"`` from a UVTT colour (``"aarrggbb"`` or ``"rrggbb"``, ``#`` optional).

    Examples
    --------
    >>> argb_colour("ff4dd569")
    '#4dd569'
    """
    digits = text.removeprefix("#").lower()
    if len(digits) not in (6, 8) or any(c not in "0123456789abcdef" for c in digits):
        raise FieldProblem(field, f"expected 8 hex digits (ARGB), got {text!r:.40}")
    return "#" + digits[-6:]


def ambient_level(argb: str) -> Illumination:
    """The light level matching the brightest channel of an ambient colour.

    Examples
    --------
    >>> ambient_level("ffffffff"), ambient_level("ff404040"), ambient_level("ff000000")
    (<Illumination.BRIGHT: 'bright'>, <Illumination.DIM: 'dim'>, <Illumination.PITCH: 'pitch'>)
    """
    rgb = argb_colour(argb)
    brightness = max(int(rgb[i : i + 2], 16) for i in (1, 3, 5)) / 255.0
    for threshold, level in ((0.75, Illumination.BRIGHT), (0.25, Illumination.DIM)):
        if brightness >= threshold:
            return level
    return Illumination.DARK if brightness >= 0.1 else Illumination.PITCH


def _image(text: str, base_dir: Path | None) -> tuple[bytes, str | None]:
    """The map image's bytes (``b""`` if none) and, for a named file not found, a warning."""
    text = text.strip()
    if not text:
        return b"", None
    if _IMAGE_FILE_NAME.search(text) is None:
        try:
            return decode_base64_image("".join(text.split())), None
        except ImageError as err:
            raise FieldProblem("image", str(err)) from None
    if base_dir is not None:
        try:
            return read_image_file(text, base_dir), None
        except ImageError as err:
            problem = str(err)
        own_name = Path(text.replace("\\", "/")).name  # beside the file by its own name
        if own_name != text:
            try:
                return read_image_file(own_name, base_dir), None
            except ImageError:
                problem += f"; nor is {own_name} beside it"
    else:
        problem = "the file was not read from a folder"
    return b"", (
        f"image: the map image {text!r} is not beside the file ({problem}); imported without "
        f"it: put the image beside the file and import again, or use File > Relink Map Image"
    )


def _image_kind(image: bytes) -> str | None:
    return image_size(image)[0] if image else None


def _warnings(uvtt: UvttFile, size: tuple[int, int] | None) -> tuple[str, ...]:
    if size is None:
        return ("the file has no map image; the map shows a plain floor",)
    width, height = size
    res = uvtt.resolution
    expected = (
        round(res.map_size.x * res.pixels_per_grid),
        round(res.map_size.y * res.pixels_per_grid),
    )
    if (width, height) != expected:
        return (
            f"the image is {width} x {height} px but map_size x pixels_per_grid is "
            f"{expected[0]} x {expected[1]} px; the grid may not line up",
        )
    return ()


def _build(
    uvtt: UvttFile, name: str, object_height: float | None, tolerance: float,
    image: Background | None,
) -> Encounter:
    """The encounter; ``image`` is the background naming the map image (None: no image)."""
    origin = uvtt.resolution.map_origin
    walls = [
        Wall(f"wall-{i}", _points(line, origin, tolerance))
        for i, line in enumerate(uvtt.line_of_sight, 1)
    ]
    extras = uvtt.battlemap
    heights: list[float | None] = list(extras.object_heights) or [None] * len(
        uvtt.objects_line_of_sight)
    walls += [
        Wall(f"object-{i}", _points(line, origin, tolerance), WallKind.OBJECT,
             height if object_height is None else object_height)
        for i, (line, height) in enumerate(zip(uvtt.objects_line_of_sight, heights,
                                               strict=True), 1)
    ]  # fmt: skip
    walls += [
        Wall(f"door-{i}", _points(p.bounds, origin, 0.0), WallKind.DOOR, is_open=not p.closed)
        for i, p in enumerate(uvtt.portals, 1)
    ]
    walls += [
        Wall(f"window-{i}", _points(line, origin, tolerance), WallKind.WINDOW)
        for i, line in enumerate(extras.windows, 1)
    ]
    low_heights: list[float] = list(extras.low_wall_heights)
    if extras.low_walls and not low_heights:
        from battlemap.desktop.core.tools import (
            LOW_WALL_HEIGHT,  # the drawing tool's default height
        )

        low_heights = [LOW_WALL_HEIGHT] * len(extras.low_walls)
    walls += [
        Wall(f"low-wall-{i}", _points(line, origin, tolerance), WallKind.LOW_WALL, height)
        for i, (line, height) in enumerate(zip(extras.low_walls, low_heights, strict=True), 1)
    ]
    brights = extras.light_bright_radii or [lt.range / 2.0 for lt in uvtt.lights]
    lights = tuple(
        Light(f"light-{i}", lt.position.x - origin.x, lt.position.y - origin.y,
              bright, lt.range, argb_colour(lt.color))
        for i, (lt, bright) in enumerate(zip(uvtt.lights, brights, strict=True), 1)
    )  # fmt: skip
    res = uvtt.resolution
    background = image and Background(
        path=image.path, embedded=image.embedded, pixels_per_cell=res.pixels_per_grid,
        offset_x=extras.image_offset.x, offset_y=extras.image_offset.y,
    )
    grid = Grid()
    if extras.grid_kind:
        grid = Grid(GridKind(extras.grid_kind), extras.distance_per_cell or grid.distance_per_cell,
                    extras.unit or grid.unit)
    return Encounter(
        name=name,
        grid=grid,
        width=res.map_size.x,
        height=res.map_size.y,
        background=background,
        ambient=ambient_level(uvtt.environment.ambient_light),
        walls=tuple(walls),
        lights=lights,
        fog=Fog(enabled=True),  # nothing given away before the GM decides
    )


def _points(line: list[XY], origin: XY, tolerance: float) -> tuple[Point, ...]:
    points = [(p.x - origin.x, p.y - origin.y) for p in line]
    if tolerance > 0 and len(points) > 2:
        import shapely  # only when importing a map: not for a window's start

        points = list(shapely.simplify(shapely.LineString(points), tolerance).coords)
    return tuple((float(x), float(y)) for x, y in points)
