"""Characters from character-sheet files (GCS for GURPS, ...) as new tokens.

The encounter's game system reads the sheet (:meth:`battlemap.rules.registry.GameSystem.
character_from_sheet`); this module reads the file (a regular file, at most
:data:`MAX_SHEET_BYTES`), checks that the stat block parses, picks a free id and a spot, and
returns the encounter with the token added. Anything wrong is a :class:`CharacterError` naming
the file and what is wrong, and nothing is added.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter
>>> enc = Encounter(system="savage-pathfinder")
>>> add_character(enc, b"{}", "hero.gcs")
Traceback (most recent call last):
...
battlemap.desktop.core.characters.CharacterError: hero.gcs: not a Foundry SWADE actor (no \
system.attributes)
"""

from __future__ import annotations

import re
import stat
from dataclasses import replace
from pathlib import Path

from battlemap.desktop.core.limits import MAX_ID, MAX_TEXT
from battlemap.desktop.core.model import Encounter, Point, Side, Token
from battlemap.desktop.core.stat_ranges import check_stats
from battlemap.desktop.core.validation import FieldProblem
from battlemap.rules.interface import TextReading
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import LogEntry

__all__ = ["MAX_SHEET_BYTES", "CharacterError", "add_character", "add_character_reading",
           "read_sheet_file"]

MAX_SHEET_BYTES = 8 * 1024 * 1024
"""The largest character sheet read (real GCS sheets are tens of kB)."""
SIDE_COLORS = {Side.HERO: "#1e88e5", Side.VILLAIN: "#e53935", Side.NEUTRAL: "#808080"}


class CharacterError(ValueError):
    """A character sheet that cannot be added; the message names the file and the field."""


def read_sheet_file(path: Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_SHEET_BYTES` (never a device or a
    pipe, never more than the limit plus one byte)."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise CharacterError(f"{path}: not a regular file")
        with path.open("rb") as sheet:
            data = sheet.read(MAX_SHEET_BYTES + 1)
    except OSError as error:
        raise CharacterError(f"{path}: {error.strerror or error}") from None
    if len(data) > MAX_SHEET_BYTES:
        raise CharacterError(f"{path}: larger than {MAX_SHEET_BYTES // (1024 * 1024)} MB")
    return data


def _slug(name: str) -> str:
    """``Dai Blackthorn`` -> ``dai-blackthorn``.

    >>> _slug("Dai Blackthorn (Thief)")
    'dai-blackthorn-thief'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()[:60]).strip("-") or "character"


def _free_id(encounter: Encounter, wanted: str) -> str:
    used = {t.id for t in encounter.tokens}
    return wanted if wanted not in used else encounter.new_id(f"{wanted}-")


def _free_spot(encounter: Encounter) -> Point:
    """The first cell centre, row by row from the top left, that no token covers."""
    taken = {(round(t.x - 0.5), round(t.y - 0.5)) for t in encounter.tokens}
    for row in range(max(1, int(encounter.height))):
        for column in range(max(1, int(encounter.width))):
            if (column, row) not in taken:
                return (column + 0.5, row + 0.5)
    return (0.5, 0.5)


def add_character(encounter: Encounter, data: bytes, filename: str, *,
                  token_id: str | None = None, side: Side = Side.HERO,
                  at: Point | None = None) -> Encounter:
    """``encounter`` with one new token made from the sheet ``data`` (named ``filename`` in
    messages); ``token_id`` (default: from the character's name), ``side`` and ``at`` (default:
    the first free cell) place it. ``CharacterError`` when anything is wrong."""
    return add_character_reading(encounter, data, filename, token_id=token_id, side=side,
                                 at=at)[0]


def add_character_reading(encounter: Encounter, data: bytes, filename: str, *,
                          token_id: str | None = None, side: Side = Side.HERO,
                          at: Point | None = None) -> tuple[Encounter, TextReading]:
    """:func:`add_character`, and what the system read in the file; what it could not read
    and the figures the file shows differently also go into a log entry."""
    system = find_system(encounter.system)
    try:
        reading = system.sheet_reading(data, filename)
        name, stats = reading.name or Path(filename).stem, dict(reading.stats)
        chosen = token_id or _free_id(encounter, _slug(name))
        check_stats(system.statblock_schema(), stats, "stats")  # as a load will check them
        system.combatant_from_dict(stats, f"{filename}: stats", chosen)
    except (RulesError, FieldProblem) as error:
        message = str(error)
        raise CharacterError(message if message.startswith(filename) else
                             f"{filename}: {message}") from None
    if len(chosen) > MAX_ID or len(name) > MAX_TEXT:
        what, size, most = ("id", len(chosen), MAX_ID) if len(chosen) > MAX_ID else (
            "name", len(name), MAX_TEXT)
        raise CharacterError(f"{filename}: the token's {what} has {size:,} characters: at most "
                             f"{most:,}")
    if any(t.id == chosen for t in encounter.tokens):
        raise CharacterError(f"{filename}: a token with id {chosen!r} is already on the map")
    x, y = at if at is not None else _free_spot(encounter)
    token = Token(chosen, name, x, y, side=side, color=SIDE_COLORS[side], stats=stats)
    after = replace(encounter, tokens=(*encounter.tokens, token))
    lines = ([f"not read: {line}" for line in reading.unread]
             + [f"differs from the file: {line}" for line in reading.mismatches])
    if lines:
        after = after.with_log(LogEntry(f"Imported {name} from {filename}", tuple(lines)))
    return after, reading
