"""What every game system sees of the table: the pieces, the facts the map measured, the log.

The desktop owns the map; a game system never sees walls, pixels or shapely. It sees a
:class:`Board` (the tokens as :class:`Piece` values with their stat blocks, the combat state the
system keeps in the encounter, the log) and, for one attacker and one target, the
:class:`MapFacts` the desktop measured. Questions the system can only ask after a die is rolled
(where does a pushed token stop, who is under a template that deviated) go to the
:class:`Measurer` the desktop hands in, exactly as dice come from an injected
:class:`~battlemap.rules.dice.DiceSource`.

Every value here is a plain frozen dataclass or ``StrEnum``; each system turns them into its own
context inside its own package.

Examples
--------
>>> hero = Piece("h", "Hero", 1.5, 1.5, side=Side.HERO, stats={"skills": {"shooting": "d8"}})
>>> board = Board(system="savage-pathfinder", tokens=(hero,))
>>> board.token("h").name
'Hero'
>>> board.with_token(hero.moved_to(2.5, 1.5)).token("h").x
2.5
>>> board.token("x")
Traceback (most recent call last):
...
KeyError: "no token with id 'x' (tokens: h)"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Protocol

__all__ = [
    "Area", "AreaFacts", "Board", "LogEntry", "MapFacts", "Measurer", "Obstacle", "Piece",
    "Point", "Shelter", "Side",
]

Point = tuple[float, float]
"""A position on the map in cells."""


class Side(StrEnum):
    # Whose side a token is on. (No docstring: the encounter file's published JSON schema is
    # generated from the enum, and a docstring would become its description.)
    HERO = "hero"
    VILLAIN = "villain"
    NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class Piece:
    """A token as a game system sees it: where it stands, whose side, and its stat block.

    ``size`` is the footprint diameter in cells, ``height`` the standing height in cells,
    ``facing`` degrees clockwise from up; ``group`` names a group of Extras (or mooks) that act
    together; ``stats`` is the system's own stat block as JSON.
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
    hidden: bool = False
    group: str | None = None
    stats: Mapping[str, Any] = field(default_factory=dict)

    @property
    def radius(self) -> float:
        return self.size / 2.0

    def moved_to(self, x: float, y: float) -> Piece:
        return replace(self, x=x, y=y)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One combat-log entry: a title line and the breakdown lines beneath it."""

    title: str
    lines: tuple[str, ...] = ()
    round: int = 0


@dataclass(frozen=True, slots=True)
class Board:
    """The table as a game system sees it: the system's id, the pieces, the combat state the
    system keeps (``combat``: turn order, timers, whatever it needs, as JSON) and the log."""

    system: str = ""
    tokens: tuple[Piece, ...] = ()
    combat: Mapping[str, Any] = field(default_factory=dict)
    log: tuple[LogEntry, ...] = ()
    measurer: Measurer | None = field(default=None, compare=False, repr=False)

    def map(self) -> Measurer:
        """The desktop's :class:`Measurer` for this board's map (``ValueError`` without one).

        It answers for the positions the board was made with (a resolution that moves a piece
        asks no more questions about it).
        """
        if self.measurer is None:
            raise ValueError("this board has no map to measure")
        return self.measurer

    def token(self, token_id: str) -> Piece:
        for token in self.tokens:
            if token.id == token_id:
                return token
        known = ", ".join(t.id for t in self.tokens) or "none"
        raise KeyError(f"no token with id {token_id!r} (tokens: {known})")

    def with_token(self, token: Piece) -> Board:
        """The board with ``token`` replacing the piece of the same id."""
        tokens = tuple(token if t.id == token.id else t for t in self.tokens)
        return replace(self, tokens=tokens)

    def with_combat(self, combat: Mapping[str, Any]) -> Board:
        return replace(self, combat=dict(combat))

    def with_log(self, entry: LogEntry) -> Board:
        return replace(self, log=(*self.log, entry))


@dataclass(frozen=True, slots=True)
class Obstacle:
    """Something solid the line of fire crosses: its id and its Hardness (or DR)."""

    id: str
    hardness: float


@dataclass(frozen=True, slots=True)
class MapFacts:
    """What the desktop measured between one attacker and one target: the one neutral value a
    system turns into its own attack context.

    ``distance`` is centre to centre in the encounter's unit (inches, yards, metres);
    ``edge_gap`` the gap between the two footprints in cells (0 when they touch: adjacent);
    ``range_band`` is the weapon's band for the ranges the system asked the desktop to measure
    with (``melee``, ``reach``, ``short``, ``medium``, ``long``, ``extreme``, ``out_of_range``);
    ``cover_fraction`` the share of the target hidden from the attacker (0 to 1, see the design
    note on the cover model) and ``cover`` its category (``none``, ``light``, ``medium``,
    ``heavy``, ``near total``, ``total``); ``obstacles`` what the line of fire crosses;
    ``bystanders`` the tokens in the line of fire; ``adjacent_to_*`` the tokens touching each;
    ``elevation_difference`` the attacker's base above the target's (cells);
    ``attacker_arc`` which arc of the target the attacker stands in (``front``, ``left``,
    ``right``, ``back``; the target's left or right is its shield side if it holds a shield
    in that hand);
    ``illumination`` at the
    target (``bright``, ``dim``, ``dark``, ``pitch darkness``); the zones (named regions of kind
    zone) each stands in, None outside any.
    """

    distance: float
    range_band: str
    cover_fraction: float
    cover: str
    line_of_sight: bool = True
    edge_gap: float = 0.0
    obstacles: tuple[Obstacle, ...] = ()
    bystanders: tuple[str, ...] = ()
    adjacent_to_attacker: tuple[str, ...] = ()
    adjacent_to_target: tuple[str, ...] = ()
    elevation_difference: float = 0.0
    attacker_arc: str = "front"
    illumination: str = "bright"
    attacker_zone: str | None = None
    target_zone: str | None = None


@dataclass(frozen=True, slots=True)
class Area:
    """A template placed on the map: its ``shape`` (``sbt``, ``mbt``, ``lbt``, ``cone``,
    ``stream``), its origin (a blast's centre, a cone's apex) and bearing (degrees from up)."""

    shape: str
    x: float
    y: float
    bearing: float = 0.0


@dataclass(frozen=True, slots=True)
class Shelter:
    """A token beneath a template with something solid between it and the template's origin."""

    token: str
    obstacle: str
    hardness: float


@dataclass(frozen=True, slots=True)
class AreaFacts:
    """Who is beneath a placed :class:`Area` (token ids) and who of them is sheltered."""

    area: Area
    hits: tuple[str, ...]
    sheltered: tuple[Shelter, ...] = ()


class Measurer(Protocol):
    """The map questions a system may ask while it resolves (the desktop answers them).

    Like dice, the measurer is injected: the rules never import geometry.
    """

    def facts(self, attacker: str, target: str,
              weapon_ranges: Sequence[float] | None = None,
              reach: float = 0.0) -> MapFacts:
        """Measure one attacker and one target. ``weapon_ranges`` are the weapon's Short,
        Medium and Long ranges in the encounter's unit (three numbers: the band is Short,
        Medium, Long, Extreme up to 4 x Long, then out of range); None for a melee weapon,
        whose band is melee when adjacent or reach within ``reach``."""
        ...

    def adjacent(self, first: str, second: str) -> bool:
        """Whether the two tokens' footprints touch."""
        ...

    def slide(self, token: str, to: Point) -> tuple[Point, str | None]:
        """Where ``token`` stops moving straight towards ``to``: against the first solid wall
        (its id returned too) or at ``to``."""
        ...

    def zone_of(self, token: str) -> str | None:
        """The zone (a region of kind zone) ``token`` stands in, or None."""
        ...

    def zones_away(self, token: str, away_from: str, zones: int,
                   to: str | None = None) -> tuple[Point, str | None]:
        """Where ``token`` lands pushed ``zones`` zones away from ``away_from`` (or into the
        zone named ``to``): just inside that zone, nearest where it stood; and the zone's name.
        Its own place (and zone) when it stands in no zone or no zone lies that way."""
        ...

    def zones_between(self, first: str, second: str) -> int | None:
        """Borders crossed on the shortest way from zone ``first`` to zone ``second`` (each a
        zone's name or id); None when either is no zone or no way joins them."""
        ...

    def zone_named(self, text: str) -> str | None:
        """The zone ``text`` names (its name or its id, in any case) as :meth:`zone_of` gives
        it (its name; its id when unnamed), or None when no zone is called so."""
        ...

    def place(self, shape: str, attacker: str, at: Point, rotation: float | None) -> Area:
        """A template aimed at ``at``: a blast centred there, a cone or stream from the
        attacker towards it (or along ``rotation``). ``ValueError`` for an unknown shape."""
        ...

    def beneath(self, area: Area, exclude: tuple[str, ...] = ()) -> AreaFacts:
        """Who is beneath ``area`` (``exclude``: ids never counted, e.g. a cone's source)."""
        ...

    def deviate(self, thrower: str, area: Area, distance: float, hour: int) -> tuple[Area, float]:
        """Where ``area`` lands after deviating ``distance`` towards ``hour`` on the deviation
        clock (``battlemap.geometry.deviation`` says which way 12 points), and how far it moved."""
        ...

    def clear_of(self, area: Area, token: str) -> Point:
        """Where ``token`` stands once moved just clear of ``area`` (an evaded template)."""
        ...

    def distance_to(self, token: str, point: Point) -> float:
        """From ``token``'s centre to ``point`` in the encounter's unit."""
        ...

    def light_at(self, point: Point) -> str:
        """The illumination at ``point`` (``bright``, ``dim``, ``dark``, ``pitch darkness``)."""
        ...

    def range_band(self, distance: float, ranges: Sequence[float] | None) -> str:
        """The band of ``distance`` for a weapon's ranges (as :attr:`MapFacts.range_band`)."""
        ...

    def step_away(self, token: str, away_from: str | Point) -> Point:
        """Where one step (one cell) takes ``token`` most directly away from ``away_from`` (a
        token or a point): the centre of the neighbouring hex or square (of the eight) whose
        direction is nearest that way; straight away on a gridless map. Walls and tokens are
        not asked."""
        ...

    def step_clear_of(self, area: Area, token: str) -> Point | None:
        """Where one step (one cell) takes ``token`` with its footprint clear of ``area`` (a
        neighbouring cell's centre; gridless, the spot :meth:`clear_of` gives when it lies a
        cell away or less), or None when no step clears it."""
        ...
