"""Tokens ready to fight: a new token's default stat block, and the creature library.

:func:`default_stats` asks the encounter's game system for the stat block it reads from
nothing (``combatant_to_dict(combatant_from_dict({}))``: an Extra with d6 everywhere, a GURPS
10/10/10, ...): the block its stat form shows and Deal accepts, so a hand-added token can be
dealt in at once.

The creature library keeps creatures by game system: any token's stat block saved under its
name, stat blocks pasted from a book (``statblock_from_text``) and character files (GCS
sheets, and whatever else the system's ``character_from_sheet`` reads) imported into it. It is
one JSON file in the user's data folder (:func:`library_path`), written atomically, and the
same format is what *Export* writes and *Import* reads to share it. :func:`place` puts a
creature on the map as often as needed, numbered (``Goblin 1``, ``Goblin 2`` ...).

Examples
--------
>>> from battlemap.desktop.core.model import Encounter
>>> goblin = Creature("Goblin", "savage-pathfinder", {"pace": 6}, Side.VILLAIN)
>>> enc = place(place(Encounter(), goblin, (1.5, 1.5)), goblin, (2.5, 1.5))
>>> [(t.id, t.name) for t in enc.tokens]
[('goblin-1', 'Goblin 1'), ('goblin-2', 'Goblin 2')]
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import platformdirs

from battlemap.desktop.core.atomic import atomic_write_bytes
from battlemap.desktop.core.characters import SIDE_COLORS, read_sheet_file
from battlemap.desktop.core.model import Encounter, Point, Side, Token
from battlemap.rules.registry import RulesError, find_system

__all__ = ["LIBRARY_FORMAT", "Creature", "CreatureError", "Library", "default_stats",
           "from_sheet", "from_text", "from_token", "library_path", "place"]

LIBRARY_FORMAT = 1
"""The version of the library file (and of an exported library)."""
MAX_LIBRARY_BYTES = 16 * 1024 * 1024


class CreatureError(ValueError):
    """A creature or library that cannot be read or used; the message says what and where."""


def default_stats(system_name: str, token_id: str = "new") -> dict[str, Any]:
    """The stat block the system reads from an empty one: what its stat form shows for a
    token without one.

    >>> default_stats("gurps")["st"], default_stats("savage-pathfinder")["attributes"]["vigor"]
    (10, 'd6')
    """
    system = find_system(system_name)
    return dict(system.combatant_to_dict(system.combatant_from_dict({}, "stats", token_id)))


@dataclass(frozen=True, slots=True)
class Creature:
    """One creature of the library: its name, game system, stat block and how it looks."""

    name: str
    system: str
    stats: Mapping[str, Any] = field(default_factory=dict)
    side: Side = Side.VILLAIN
    size: float = 1.0
    color: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "system": self.system, "stats": dict(self.stats),
                "side": self.side.value, "size": self.size,
                "color": self.color or SIDE_COLORS[self.side]}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Creature:
        """A creature from its JSON (``CreatureError`` naming ``where`` and the field)."""
        if not isinstance(data, Mapping):
            raise CreatureError(f"{where}: a creature must be a JSON object")
        name, system, stats = data.get("name"), data.get("system"), data.get("stats", {})
        if not isinstance(name, str) or not name.strip():
            raise CreatureError(f"{where}.name: a creature needs a name")
        if not isinstance(system, str):
            raise CreatureError(f"{where}.system: which game system it belongs to is missing")
        if not isinstance(stats, Mapping):
            raise CreatureError(f"{where}.stats: a stat block must be a JSON object")
        try:
            side = Side(data.get("side", Side.VILLAIN.value))
            size = float(data.get("size", 1.0))
        except (ValueError, TypeError):
            raise CreatureError(f"{where}: side or size is not valid") from None
        return cls(name.strip(), system, dict(stats), side, size, str(data.get("color", "")))


@dataclass(frozen=True, slots=True)
class Library:
    """The saved creatures, in the order they were saved."""

    creatures: tuple[Creature, ...] = ()

    def of(self, system: str) -> tuple[Creature, ...]:
        """The creatures of one game system."""
        return tuple(c for c in self.creatures if c.system == system)

    def with_creature(self, creature: Creature) -> Library:
        """The library with ``creature`` added (replacing one of that name and system)."""
        kept = tuple(c for c in self.creatures
                     if (c.name, c.system) != (creature.name, creature.system))
        return Library((*kept, creature))

    def without(self, creature: Creature) -> Library:
        return Library(tuple(c for c in self.creatures if c != creature))

    def merged(self, other: Library) -> Library:
        """This library with every creature of ``other`` added (an import)."""
        merged = self
        for creature in other.creatures:
            merged = merged.with_creature(creature)
        return merged

    def to_bytes(self) -> bytes:
        data = {"format": LIBRARY_FORMAT, "creatures": [c.to_json() for c in self.creatures]}
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes, where: str) -> Library:
        """A library file's contents (``CreatureError`` naming ``where`` when it is not one)."""
        try:
            loaded = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CreatureError(f"{where}: not a creature library ({error})") from None
        if not isinstance(loaded, Mapping) or not isinstance(loaded.get("creatures"), list):
            raise CreatureError(f"{where}: not a creature library (no \"creatures\" list)")
        if loaded.get("format") != LIBRARY_FORMAT:
            raise CreatureError(f"{where}: library format {loaded.get('format')!r} is not "
                                f"{LIBRARY_FORMAT}")
        return cls(tuple(Creature.from_json(c, f"{where}: creatures[{n}]")
                         for n, c in enumerate(loaded["creatures"])))

    def save(self, path: Path) -> None:
        """Write the library to ``path`` atomically (the folder made if needed)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, self.to_bytes())

    @classmethod
    def load(cls, path: Path) -> Library:
        """The library at ``path``; an empty one when there is no file yet."""
        if not path.exists():
            return cls()
        try:
            data = read_sheet_file(path)
        except ValueError as error:
            raise CreatureError(str(error)) from None
        return cls.from_bytes(data, path.name)


def library_path() -> Path:
    """The library file: ``<user data dir>/battlemap/creatures.json``."""
    return Path(platformdirs.user_data_dir("battlemap", appauthor=False)) / "creatures.json"


def from_token(token: Token, system: str) -> Creature:
    """The token as a creature: its name without a trailing number (``Goblin 3`` ->
    ``Goblin``), its stat block, side, size and colour.

    >>> from_token(Token("g3", "Goblin 3", 0, 0, side=Side.VILLAIN), "fate").name
    'Goblin'
    """
    name = re.sub(r"\s+\d+$", "", token.name).strip() or token.name
    return Creature(name, system, dict(token.stats), token.side, token.size, token.color)


def from_text(system_name: str, text: str, name: str = "") -> Creature:
    """A stat block pasted from a book, read by the system (``CreatureError`` when it cannot
    read it or the block does not parse)."""
    system = find_system(system_name)
    try:
        reading = system.statblock_from_text(text)
        stats = dict(reading.stats)
        system.combatant_from_dict(stats, "pasted stat block: stats", "new")
    except RulesError as error:
        raise CreatureError(f"pasted stat block: {error}") from None
    chosen = name.strip() or (reading.name or "").strip()
    if not chosen:
        raise CreatureError("pasted stat block: it names no creature; give it a name")
    return Creature(chosen, system_name, stats)


def from_sheet(system_name: str, data: bytes, filename: str) -> Creature:
    """A character file (a GCS sheet, an exported actor: whatever the system reads) as a
    creature (``CreatureError`` naming the file)."""
    system = find_system(system_name)
    try:
        name, stats = system.character_from_sheet(data, filename)
        system.combatant_from_dict(stats, f"{filename}: stats", "new")
    except RulesError as error:
        message = str(error)
        raise CreatureError(message if message.startswith(filename)
                            else f"{filename}: {message}") from None
    return Creature(name, system_name, stats)


def place(encounter: Encounter, creature: Creature, at: Point) -> Encounter:
    """``encounter`` with one more of ``creature`` at ``at``, numbered after those of its
    name already on the map (``CreatureError`` for another system's creature)."""
    if creature.system != encounter.system:
        raise CreatureError(f"{creature.name} is a {find_system(creature.system).title} "
                            f"creature; this encounter plays {find_system(encounter.system).title}")
    pattern = re.compile(rf"^{re.escape(creature.name)} (\d+)$")
    taken = [int(m.group(1)) for t in encounter.tokens if (m := pattern.match(t.name))]
    number = max(taken, default=0) + 1
    slug = re.sub(r"[^a-z0-9]+", "-", creature.name.lower()).strip("-") or "creature"
    used = {t.id for t in encounter.tokens}
    token_id = f"{slug}-{number}"
    while token_id in used:
        number += 1
        token_id = f"{slug}-{number}"
    token = Token(token_id, f"{creature.name} {number}", at[0], at[1], size=creature.size,
                  side=creature.side, color=creature.color or SIDE_COLORS[creature.side],
                  stats=dict(creature.stats))
    return replace(encounter, tokens=(*encounter.tokens, token))
