"""Encounter files: load, validate, migrate and save ``*.json`` encounters (format 2).

Loading never half-loads: the bytes are parsed, checked (finite numbers, nesting depth, the
limits in :mod:`battlemap.desktop.core.limits`), migrated from older formats, converted into typed
msgspec structs (:mod:`battlemap.desktop.core.file_schema`, which names the first bad field),
checked for consistency (unique ids, light radii, embedded image) and only then turned into a
:class:`~battlemap.desktop.core.model.Encounter`. Any problem raises :class:`EncounterFileError`, a
``ValueError`` whose message names the file and the field::

    goblins.json: tokens[3].position.x: not a finite number

Saving is atomic (:func:`battlemap.desktop.core.atomic.atomic_write_bytes`). Background and token
image paths are stored relative to the encounter file and held absolute in memory, so an encounter
saved elsewhere still finds its images.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token(id="g1", name="Goblin", x=3.5, y=4.5),))
>>> loads_encounter(dumps_encounter(enc)) == enc
True
>>> loads_encounter(b'{"format": 2, "width": "wide"}')
Traceback (most recent call last):
...
battlemap.desktop.core.fileformat.EncounterFileError: <memory>: width: expected float, got str
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import msgspec

from battlemap.desktop.core import file_schema as fs
from battlemap.desktop.core.atomic import atomic_write_bytes
from battlemap.desktop.core.fog import decode_mask_bits, mask_text
from battlemap.desktop.core.images import ImageError, check_image_file, decode_base64_image
from battlemap.desktop.core.limits import (
    MAX_FILE_BYTES,
    MAX_LIGHT_WALL_PIECES,
    MAX_LOG_ENTRIES,
    MAX_LOG_LINES,
    MAX_TOTAL_POINTS,
)
from battlemap.desktop.core.migrations import migrate
from battlemap.desktop.core.model import (
    FORMAT_VERSION,
    Background,
    Encounter,
    Fog,
    FogMask,
    Grid,
    Light,
    LogEntry,
    Region,
    Sight,
    Token,
    Wall,
)
from battlemap.desktop.core.progress import step
from battlemap.desktop.core.reading import read_regular_file
from battlemap.desktop.core.stat_ranges import check_numbers, check_stats
from battlemap.desktop.core.validation import (
    FieldProblem,
    check_json_tree,
    parse_json,
    problem_from_msgspec,
)
from battlemap.rules.registry import RulesError, find_system

_NUMBER = rb"(-?[0-9][0-9.eE+-]*)"
_INDENTED_PAIR = re.compile(rb"\[\n\s*" + _NUMBER + rb",\n\s*" + _NUMBER + rb"\n\s*\]")
"""A two-number array spread over lines; raw newlines never occur inside JSON strings."""

__all__ = [
    "EncounterFileError",
    "dumps_encounter",
    "load_encounter",
    "loads_encounter",
    "open_encounter",
    "save_encounter",
]


class EncounterFileError(ValueError):
    """An encounter file that cannot be loaded: ``where`` (file), ``field`` and ``problem``."""

    def __init__(self, where: str, field: str, problem: str) -> None:
        self.where, self.field, self.problem = where, field, problem
        super().__init__(f"{where}: {field}: {problem}")


def load_encounter(path: str | Path) -> Encounter:
    """Load the encounter file at ``path``; relative image paths resolve against its folder.

    Only a regular file of at most :data:`~battlemap.desktop.core.limits.MAX_FILE_BYTES` is read.
    """
    file = Path(path)
    step("reading the encounter")
    try:
        data = read_regular_file(file, MAX_FILE_BYTES)
    except OSError as err:
        raise EncounterFileError(str(file), "(file)", err.strerror or str(err)) from None
    return loads_encounter(data, where=str(file), base_dir=file.resolve().parent)


def open_encounter(path: str | Path) -> tuple[Encounter, tuple[str, ...]]:
    """The encounter at ``path`` to show, and a warning for each token image it may not show.

    A token image outside the encounter's folder, missing, not a regular file or too large
    (:func:`battlemap.desktop.core.images.check_image_file`) is dropped: the token shows its disc
    and the GM can choose another image. Map images are checked when they are read.

    Examples
    --------
    >>> import tempfile
    >>> from battlemap.desktop.core.model import Token
    >>> file = Path(tempfile.mkdtemp()) / "enc.json"
    >>> save_encounter(Encounter(tokens=(Token("g", "Goblin", 1, 1, image="/dev/zero"),)), file)
    >>> encounter, warnings = open_encounter(file)
    >>> encounter.tokens[0].image is None, warnings[0].split(": ", 1)[1]  # doctest: +ELLIPSIS
    (True, "tokens[0].image: /dev/zero: outside the encounter's folder ...")
    """
    file = Path(path)
    encounter = load_encounter(file)
    base_dir = file.resolve().parent
    tokens, warnings = [], []
    for index, token in enumerate(encounter.tokens):
        try:
            if token.image is not None:
                check_image_file(token.image, base_dir)
        except ImageError as error:
            warnings.append(f"{file}: tokens[{index}].image: {error}; the token shows its disc")
            token = replace(token, image=None)
        tokens.append(token)
    return replace(encounter, tokens=tuple(tokens)), tuple(warnings)


def loads_encounter(
    data: bytes, *, where: str = "<memory>", base_dir: Path | None = None
) -> Encounter:
    """The encounter in ``data`` (JSON bytes); ``where`` names it in error messages."""
    try:
        document = parse_json(data)
        step("checking the encounter")
        check_json_tree(document)
        structured = msgspec.convert(migrate(document), fs.EncounterFile, strict=True)
        _check_consistency(structured)
        _check_ranges(structured)
    except FieldProblem as found:
        raise EncounterFileError(where, found.field, found.problem) from None
    except msgspec.ValidationError as err:
        located = problem_from_msgspec(err)
        raise EncounterFileError(where, located.field, located.problem) from None
    step("building the encounter")
    return _to_model(structured, base_dir)


def dumps_encounter(encounter: Encounter, base_dir: Path | None = None) -> bytes:
    """``encounter`` as indented JSON bytes; image paths made relative to ``base_dir``."""
    encoded = msgspec.json.encode(_from_model(encounter, base_dir))
    indented = msgspec.json.format(encoded, indent=2)
    return _INDENTED_PAIR.sub(rb"[\1, \2]", indented) + b"\n"


def save_encounter(encounter: Encounter, path: str | Path) -> None:
    """Write ``encounter`` to ``path`` atomically: a crash leaves the old file or the new one.

    The bytes are loaded back before writing, so a file that would not load (a NaN position
    from a bug elsewhere, say) raises :class:`EncounterFileError` and the old file stays. A
    symbolic link is written through to the file it points to (the link stays); a path that is
    not a regular file is refused (:class:`battlemap.desktop.core.atomic.NotARegularFile`).
    """
    file = Path(path)
    data = dumps_encounter(encounter, file.resolve().parent)
    loads_encounter(data, where=f"{file} (not saved)")
    if file.is_symlink():
        _check_linked_encounter(file)
    atomic_write_bytes(file, data, through_links=True)


def _check_linked_encounter(link: Path) -> None:
    """A save through a symbolic link replaces what it points to only if that is an encounter:
    a link a downloaded folder planted (``saved.json`` to the GM's notes) is refused."""
    target = link.resolve()
    try:
        load_encounter(target)
    except EncounterFileError:
        raise EncounterFileError(str(link), "(file)", f"a link to {target}, which is not an "
                                 "encounter file; not replaced") from None


def _check_consistency(enc: fs.EncounterFile) -> None:
    seen: dict[str, str] = {}
    for key in ("tokens", "walls", "regions", "lights"):
        for index, item in enumerate(getattr(enc, key)):
            where = f"{key}[{index}]"
            if item.id in seen:
                raise FieldProblem(f"{where}.id", f"duplicate id {item.id!r} ({seen[item.id]})")
            seen[item.id] = f"also {where}"
    for index, light in enumerate(enc.lights):
        if light.dim_radius < light.bright_radius:
            raise FieldProblem(f"lights[{index}].dim_radius", "smaller than bright_radius")
    lines = sum(len(entry.lines) + 1 for entry in enc.log)
    if lines > MAX_LOG_LINES:
        raise FieldProblem("log", f"{lines:,} lines in all; the limit is {MAX_LOG_LINES:,}")
    points = sum(len(w.points) for w in enc.walls) + sum(len(r.points) for r in enc.regions)
    if points > MAX_TOTAL_POINTS:
        raise FieldProblem("walls", f"{points:,} points in all; the limit is {MAX_TOTAL_POINTS:,}")
    _check_light_reach(enc)
    if enc.background is not None:
        _check_background(enc.background)
    for name in ("revealed", "seen"):
        mask = getattr(enc.fog, name)
        if mask is not None:
            try:
                decode_mask_bits(mask.bits, mask.columns, mask.rows)
            except ValueError as err:
                raise FieldProblem(f"fog.{name}.bits", str(err)) from None


def _check_light_reach(enc: fs.EncounterFile) -> None:
    """At most :data:`MAX_LIGHT_WALL_PIECES` wall pieces within the lights' reach boxes,
    summed over the lights (each glow is cut by every wall it reaches)."""
    pieces = sum(len(wall.points) for wall in enc.walls)
    if len(enc.lights) * pieces <= MAX_LIGHT_WALL_PIECES:
        return
    import numpy as np  # only for a map with many lights and walls

    ends = [(*a, *b) for wall in enc.walls for a, b in pairwise(wall.points)]
    rows = np.array(ends, dtype=float).reshape(-1, 4)
    low_x, high_x = np.minimum(rows[:, 0], rows[:, 2]), np.maximum(rows[:, 0], rows[:, 2])
    low_y, high_y = np.minimum(rows[:, 1], rows[:, 3]), np.maximum(rows[:, 1], rows[:, 3])
    total = 0
    for light in enc.lights:
        x, y = light.position.x, light.position.y
        r = max(light.bright_radius, light.dim_radius)
        total += int(np.count_nonzero((low_x <= x + r) & (high_x >= x - r)
                                      & (low_y <= y + r) & (high_y >= y - r)))
        if total > MAX_LIGHT_WALL_PIECES:
            raise FieldProblem("lights", f"more than {MAX_LIGHT_WALL_PIECES:,} wall pieces within "
                               f"the lights' reach (summed over the {len(enc.lights):,} lights); "
                               "each glow is cut by the walls it reaches: use fewer or smaller "
                               "lights")


def _check_ranges(enc: fs.EncounterFile) -> None:
    """Every number of the stat blocks within its declared range, every other number of the
    stat blocks and the combat state within the wide one
    (:mod:`battlemap.desktop.core.stat_ranges`)."""
    check_numbers(enc.combat, "combat")
    try:
        system = find_system(enc.system)
    except ValueError:  # an unknown system: said when the encounter is used
        return
    try:
        system.check_combat(enc.combat)
    except RulesError as error:
        field, _, problem = str(error).partition(": ")
        raise FieldProblem(field if problem else "combat", problem or field) from None
    fields = system.statblock_schema()
    for index, token in enumerate(enc.tokens):
        if token.stats:
            check_stats(fields, token.stats, f"tokens[{index}].stats")


def _check_background(background: fs.BackgroundFile) -> None:
    if (background.path is None) == (background.embedded is None):
        raise FieldProblem("background", "give exactly one of path and embedded")
    if background.embedded is not None:
        try:
            decode_base64_image(background.embedded)
        except ImageError as err:
            raise FieldProblem("background.embedded", str(err)) from None


def _absolute(path: str | None, base_dir: Path | None) -> str | None:
    if path is None or base_dir is None or Path(path).is_absolute():
        return path
    return str(base_dir / path)


def _relative(path: str | None, base_dir: Path | None) -> str | None:
    if path is None or base_dir is None or not Path(path).is_absolute():
        return path
    try:
        return Path(os.path.relpath(path, base_dir)).as_posix()
    except ValueError:  # another drive on Windows: keep it absolute
        return path


def _to_model(enc: fs.EncounterFile, base_dir: Path | None) -> Encounter:
    return Encounter(
        name=enc.name,
        system=enc.system,
        grid=Grid(enc.grid.kind, enc.grid.distance_per_cell, enc.grid.unit),
        width=enc.width,
        height=enc.height,
        background=_background_to_model(enc.background, base_dir),
        ambient=enc.ambient,
        tokens=tuple(_token_to_model(t, base_dir) for t in enc.tokens),
        walls=tuple(
            Wall(w.id, tuple(w.points), w.kind, w.height, w.hardness, w.open) for w in enc.walls
        ),
        regions=tuple(
            Region(r.id, tuple(r.points), r.kind, r.name, r.illumination) for r in enc.regions
        ),
        lights=tuple(
            Light(lt.id, lt.position.x, lt.position.y, lt.bright_radius, lt.dim_radius, lt.color)
            for lt in enc.lights
        ),
        combat=enc.combat,
        log=tuple(LogEntry(e.title, tuple(e.lines), e.round) for e in enc.log),
        notes=enc.notes,
        fog=Fog(enc.fog.enabled, enc.fog.vision, enc.fog.acting_only,
                _mask_to_model(enc.fog.revealed), _mask_to_model(enc.fog.seen)),
    )


def _mask_to_model(mask: fs.FogMaskFile | None) -> FogMask | None:
    if mask is None:
        return None
    return FogMask(mask.columns, mask.rows, decode_mask_bits(mask.bits, mask.columns, mask.rows))


def _mask_from_model(mask: FogMask | None) -> fs.FogMaskFile | None:
    return None if mask is None else fs.FogMaskFile(mask.columns, mask.rows, mask_text(mask))


def _background_to_model(bg: fs.BackgroundFile | None, base_dir: Path | None) -> Background | None:
    if bg is None:
        return None
    path = _absolute(bg.path, base_dir)
    return Background(path, bg.embedded, bg.pixels_per_cell, bg.offset.x, bg.offset.y)


def _token_to_model(t: fs.TokenFile, base_dir: Path | None) -> Token:
    return Token(
        t.id,
        t.name,
        t.position.x,
        t.position.y,
        t.size,
        t.height,
        t.elevation,
        t.facing,
        t.side,
        t.color,
        _absolute(t.image, base_dir),
        t.hidden,
        t.group,
        t.notes,
        t.stats,
        Sight(t.sight.darkvision, t.sight.low_light, t.sight.light),
        t.harm_shown,
    )


def _from_model(enc: Encounter, base_dir: Path | None) -> fs.EncounterFile:
    bg = enc.background
    return fs.EncounterFile(
        format=FORMAT_VERSION,
        name=enc.name,
        system=enc.system,
        grid=fs.GridFile(enc.grid.kind, enc.grid.distance_per_cell, enc.grid.unit),
        width=enc.width,
        height=enc.height,
        background=None
        if bg is None
        else fs.BackgroundFile(
            _relative(bg.path, base_dir),
            bg.embedded,
            bg.pixels_per_cell,
            fs.Position(bg.offset_x, bg.offset_y),
        ),
        ambient=enc.ambient,
        tokens=[_token_from_model(t, base_dir) for t in enc.tokens],
        walls=[
            fs.WallFile(w.id, list(w.points), w.kind, w.height, w.hardness, w.is_open)
            for w in enc.walls
        ],
        regions=[
            fs.RegionFile(r.id, list(r.points), r.kind, r.name, r.illumination) for r in enc.regions
        ],
        lights=[
            fs.LightFile(lt.id, fs.Position(lt.x, lt.y), lt.bright_radius, lt.dim_radius, lt.color)
            for lt in enc.lights
        ],
        combat=enc.combat,
        log=[fs.LogEntryFile(e.title, list(e.lines), e.round) for e in kept_log(enc.log)],
        notes=enc.notes,
        fog=_fog_from_model(enc.fog),
    )


def kept_log(log: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    """The newest entries of ``log`` that a file may hold: at most
    :data:`~battlemap.desktop.core.limits.MAX_LOG_ENTRIES` entries and
    :data:`~battlemap.desktop.core.limits.MAX_LOG_LINES` lines in all. An encounter whose log
    reached the limit still saves (its oldest entries go first), and loads again.

    Examples
    --------
    >>> log = tuple(LogEntry(f"Round {n}", ("a line",) * 3) for n in range(4))
    >>> [e.title for e in kept_log(log)]
    ['Round 0', 'Round 1', 'Round 2', 'Round 3']
    """
    kept: list[LogEntry] = []
    lines = 0
    for entry in reversed(log[-MAX_LOG_ENTRIES:]):
        lines += len(entry.lines) + 1
        if lines > MAX_LOG_LINES:
            break
        kept.append(entry)
    return tuple(reversed(kept))


def _fog_from_model(fog: Fog) -> fs.FogFile:
    if fog == Fog():
        return fs.NO_FOG
    return fs.FogFile(fog.enabled, fog.vision, fog.acting_only,
                      _mask_from_model(fog.revealed), _mask_from_model(fog.seen))


def _sight_from_model(sight: Sight) -> fs.SightFile:
    if sight == Sight():
        return fs.NO_SIGHT
    return fs.SightFile(sight.darkvision, sight.low_light, sight.light)


def _token_from_model(t: Token, base_dir: Path | None) -> fs.TokenFile:
    return fs.TokenFile(
        t.id,
        t.name,
        fs.Position(t.x, t.y),
        t.size,
        t.height,
        t.elevation,
        t.facing,
        t.side,
        t.color,
        _relative(t.image, base_dir),
        t.hidden,
        t.group,
        t.notes,
        t.stats,
        _sight_from_model(t.sight),
        t.harm_shown,
    )
