"""The values a game system and the desktop exchange: declarations, requests and results.

A system *declares* what the desktop needs to build its windows without knowing the system's
words: the stat-block fields (:class:`StatField`), its grid (:class:`GridDefaults`), what a
token can do (:class:`ActionSpec`), the badges a token shows (:class:`Badge`) and its turn order
(:class:`TurnOrderView` with its :class:`Control` buttons). The desktop *asks* with an
:class:`AttackRequest` (or :class:`ActionRequest`) and gets a :class:`Preview` (the hover card:
lines, exact chances, a problem) or a :class:`Resolution` (events, the new
:class:`~battlemap.rules.table. Board`, the log title and notes). A resolution that waits for
somebody's choice (a GURPS defender's Dodge or Parry, the Storypath attacker's stunts, a FATE side's
full defense) carries a :class:`Decision`: its :class:`Choice` values, each with its cost, whether
it is allowed and why not, and its exact odds. One generic prompt shows it; the answer comes back in
``AttackRequest.answers`` and the system resolves again from the start with the same dice
(the desktop replays the dice it already drew, :class:`battlemap.rules.dice.ReplayDice`).

Examples
--------
>>> dodge = Choice("dodge", "Dodge 9", probability=0.375)
>>> parry = Choice("parry", "Parry (Broadsword)", allowed=False, why_not="parried already")
>>> ask = Decision("defense", "Minotaur defends", who="m", choices=(dodge, parry))
>>> [c.id for c in ask.allowed]
['dodge']
>>> AttackRequest("a", "m", answers={"defense": ("dodge",)}).answer("defense")
('dodge',)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from battlemap.rules.events import Event
from battlemap.rules.table import Board

__all__ = [
    "ActionKind", "ActionRequest", "ActionSpec", "AreaRequest", "AttackRequest", "Badge",
    "Chance", "Choice", "Control", "Decision", "FieldKind", "GridDefaults", "Link", "Marker",
    "MenuEntry", "MoveMode", "Movement", "Preview", "Resolution", "RollRequest", "StatField",
    "TextReading", "TurnOrderView", "TurnRow",
]


@dataclass(frozen=True, slots=True)
class GridDefaults:
    """A new encounter's grid for this system: ``kind`` square, hex or gridless, the ``unit``
    one cell measures and how many units a cell is."""

    kind: str = "square"
    unit: str = "in"
    distance_per_cell: float = 1.0


class FieldKind(StrEnum):
    """What a stat-block field holds, so the desktop can build its editor."""

    TEXT = "text"
    INTEGER = "integer"
    NUMBER = "number"
    FLAG = "flag"
    CHOICE = "choice"
    NUMBERS = "numbers"
    """Whole numbers written ``12/24/48`` (range bands); in a table column."""
    LIST = "list"
    """Short texts from ``choices`` (Edges, tags), more allowed: a check list in the form."""
    TABLE = "table"
    """A list of records (weapons): one row each, one column per field of ``columns``."""
    MAPPING = "mapping"
    """Names with a value each (skills): ``columns`` are the name's field and the value's."""


@dataclass(frozen=True, slots=True)
class StatField:
    """One field of a system's stat block.

    ``key`` is its path in the token's ``stats`` JSON (``attributes.agility``); ``group`` the
    section it belongs to in the form; ``choices`` the allowed values of a CHOICE (or the
    known items of a LIST); ``minimum``/``maximum`` bound numbers; ``default`` is shown when
    the field is absent; ``columns`` are the fields of each row of a TABLE or MAPPING.
    """

    key: str
    label: str
    kind: FieldKind
    group: str = ""
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    default: Any = None
    help: str = ""
    columns: tuple[StatField, ...] = ()


class ActionKind(StrEnum):
    ATTACK = "attack"
    """An attack kind or a weapon use: aimed at a target."""
    OPTION = "option"
    """Something that modifies an attack (Wild Attack, All-Out Attack, a called shot)."""
    ACTION = "action"
    """Anything else a token does on its turn (Defend, Aim, recover, grapple)."""
    TEMPLATE = "template"
    """An area attack placed on the map."""
    AUTOMATIC = "automatic"
    """A rule the system applies by itself from the map (listed so the GM knows it)."""


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One thing a token can do, as the action menu and the attack bar show it."""

    id: str
    name: str
    kind: ActionKind
    needs_target: bool = False
    excludes: tuple[str, ...] = ()
    free: bool = False
    help: str = ""
    asks: tuple[StatField, ...] = ()
    """What the GM types in before the action is done (an aspect's text): the desktop asks for
    each field and passes the answers as the request's ``params`` (blank ones left out)."""


@dataclass(frozen=True, slots=True)
class MenuEntry:
    """One entry of a token's action menu: an action (its :class:`ActionSpec` id) with the
    choices this entry makes (``params``), or a submenu (``children``). ``section`` groups
    entries under a heading; ``problem`` greys the entry with the reason; ``needs_target``: the
    GM then clicks the target on the map."""

    label: str
    action: str = ""
    params: Mapping[str, str] = field(default_factory=dict)
    section: str = ""
    problem: str | None = None
    help: str = ""
    needs_target: bool = False
    children: tuple[MenuEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class Badge:
    """A mark on a token: a short ``text`` (or symbol), its ``tooltip``, a colour role
    (``bad``, ``good``, ``info``) the desktop maps to its palette, or a ``color`` of its own
    (``#rrggbb``)."""

    text: str
    tooltip: str = ""
    role: str = "info"
    color: str = ""
    harm: bool = False
    """The badge tells the token's exact harm (hit points, stress boxes): the table shows it
    to the players only where the GM lets them see that token's harm."""


@dataclass(frozen=True, slots=True)
class MoveMode:
    """One way of moving a system counts apart (climbing, swimming, a jump): each unit moved
    this way uses ``factor`` units of the turn's move; ``rough`` whether difficult ground
    doubles it too; ``limit`` the farthest one move may go this way (None: no limit);
    ``name`` as the ruler shows it ("Climbing").

    Examples
    --------
    >>> MoveMode("climb", "Climbing", factor=2).factor
    2
    """

    id: str
    name: str
    factor: float = 1
    rough: bool = True
    limit: float | None = None


@dataclass(frozen=True, slots=True)
class Movement:
    """How far a token moves in a turn, in the encounter's unit: ``pace`` as a normal move,
    ``dash`` with the system's extra effort (running, a second move, a sprint out of combat);
    ``name`` what the system calls it (Pace, Move), ``dash_name`` the extra effort ("" shows
    no name). ``modes`` are the ways of moving the GM may pick while dragging (the first is
    the plain one), ``mode`` the id of the one a drag starts in (a prone token crawls), and
    ``spent`` how much of the turn's move the token has used already.

    Examples
    --------
    >>> six = Movement(6, 12, modes=(MoveMode("walk", "Walking"),), mode="walk", spent=2)
    >>> six.mode_named("walk").name, six.mode_named("fly")
    ('Walking', None)
    """

    pace: float
    dash: float
    name: str = "Pace"
    modes: tuple[MoveMode, ...] = ()
    mode: str = ""
    spent: float = 0
    dash_name: str = ""
    held: str = ""
    """Why the token cannot move from its spot now (held in a grapple), "" when it can: the
    desktop refuses its drag with these words, and ``battlemap move`` unless ``--force``."""
    counted_in: str = ""
    """What ``pace``, ``dash`` and ``spent`` count: "" the map's distance in the encounter's
    unit; ``"zones"`` the zone borders a path crosses (FATE): the ruler and ``battlemap move``
    then count zones."""

    def mode_named(self, mode_id: str) -> MoveMode | None:
        """The mode with this id (None: the system has no such mode)."""
        return next((m for m in self.modes if m.id == mode_id), None)


@dataclass(frozen=True, slots=True)
class Link:
    """A line the map draws between two tokens while it lasts (a grapple), with a label."""

    first: str
    second: str
    label: str = ""
    together: bool = False
    """``second`` rides on ``first`` (a rider on his mount): dragging either drags both, and
    the drag's ruler measures ``first``'s move."""


@dataclass(frozen=True, slots=True)
class Marker:
    """Something the map shows at a point (an item knocked from a hand), with a label."""

    x: float
    y: float
    label: str


@dataclass(frozen=True, slots=True)
class Chance:
    """One exact probability a preview reports: ``label`` and ``probability`` (0 to 1), and
    the exact fraction (``"3/8"``) where the system computes one."""

    label: str
    probability: float
    exact: str | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to a :class:`Decision`: its cost (successes, Fate points, ...), whether it is
    allowed now and why not, and the exact chance it succeeds (None where nothing is rolled)."""

    id: str
    label: str
    cost: int = 0
    allowed: bool = True
    why_not: str | None = None
    probability: float | None = None
    most: int | None = None
    """How many times it may be taken in a ``several`` decision (1: once only); None: as
    often as the budget pays."""
    needs: tuple[str, ...] = ()
    """It may be taken only together with one of these choices (an extra bought on top of
    another)."""
    excludes: tuple[str, ...] = ()
    """It may not be taken together with any of these choices."""
    least: int = 1
    """Taken, it is taken at least this many times: fewer buy nothing (Storypath's Position
    below the opponent's Dodge)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A resolution paused for somebody's choice.

    ``who`` is the token whose player chooses; ``several`` lets the chooser take more than one
    choice (stunts) while their total cost stays within ``budget``; otherwise exactly one.
    """

    id: str
    prompt: str
    who: str
    choices: tuple[Choice, ...]
    several: bool = False
    budget: int | None = None

    @property
    def allowed(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.choices if c.allowed)

    def refusal(self, answer: tuple[str, ...]) -> str | None:
        """Why ``answer`` (choice ids, one repeated per purchase) breaks this decision's own
        limits - allowed, how many, the budget, what goes with what - or None when it keeps
        them; the generic prompt lets no refused answer through.

        >>> far = Choice("far", "Far", 1, needs=("disarm",))
        >>> ask = Decision("stunts", "", "a", (Choice("disarm", "Disarm", 2, most=1), far),
        ...                several=True, budget=3)
        >>> ask.refusal(("far",)), ask.refusal(("disarm", "disarm")), ask.refusal(("disarm",))
        ('Far goes with Disarm', 'Disarm can be taken once only', None)
        >>> Decision("stunts", "", "a", (Choice("pos", "Pos", 1, least=2),), several=True,
        ...          budget=3).refusal(("pos",))
        'Pos buys nothing taken fewer than 2 times'
        """
        by_id = {c.id: c for c in self.choices}
        counts = {key: answer.count(key) for key in dict.fromkeys(answer)}
        if not self.several and len(answer) != 1:
            return "choose exactly one"
        for key, count in counts.items():
            choice = by_id.get(key)
            if choice is None:
                return f"{key!r} is not a choice"
            if not choice.allowed:
                return f"{choice.label}: {choice.why_not or 'not allowed'}"
            if choice.most is not None and count > choice.most:
                return (f"{choice.label} can be taken once only" if choice.most == 1 else
                        f"{choice.label} can be taken at most {choice.most} times")
            if count < choice.least:
                return f"{choice.label} buys nothing taken fewer than {choice.least} times"
            if choice.needs and not set(choice.needs) & set(counts):
                names = " or ".join(by_id[n].label for n in choice.needs if n in by_id)
                return f"{choice.label} goes with {names}"
            clash = next((by_id[n].label for n in choice.excludes if n in counts), None)
            if clash is not None:
                return f"{choice.label} cannot be taken with {clash}"
        spent = sum(by_id[key].cost * count for key, count in counts.items())
        if self.budget is not None and spent > self.budget:
            return f"costs {spent}, {self.budget} to spend"
        return None


@dataclass(frozen=True, slots=True)
class AttackRequest:
    """One attack as the GM asked for it: who, at whom, with which weapon and options.

    ``overrides`` are the GM's corrections of measured facts (``{"cover": "heavy"}``);
    ``params`` the system's own declarations (its ``attack_inputs``: Rate of Fire,
    Multi-Actions, ...) by key, flags as ``"yes"``/``"no"``; ``answers`` the choices already
    made, by :attr:`Decision.id`; ``gm_override`` lets the attacker act out of turn.
    """

    attacker: str
    target: str
    weapon: str | None = None
    options: tuple[str, ...] = ()
    overrides: Mapping[str, str] = field(default_factory=dict)
    params: Mapping[str, str] = field(default_factory=dict)
    answers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    gm_override: bool = False
    also: tuple[str, ...] = ()
    """More targets of the same attack, each after ``target`` (a volley: one Rate of Fire die
    at each, or rapid fire spread over several)."""

    def answer(self, decision: str) -> tuple[str, ...] | None:
        return self.answers.get(decision)


@dataclass(frozen=True, slots=True)
class AreaRequest:
    """An area attack: ``attacker`` places a ``shape`` template (``sbt``, ``mbt``, ``lbt``,
    ``cone``, ``stream``) aimed at ``at`` (a Cone or Stream turned to ``rotation`` if given)."""

    attacker: str
    shape: str
    at: tuple[float, float]
    rotation: float | None = None
    weapon: str | None = None
    options: tuple[str, ...] = ()
    overrides: Mapping[str, str] = field(default_factory=dict)
    params: Mapping[str, str] = field(default_factory=dict)
    gm_override: bool = False
    answers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The answers to the decisions the area attack paused for (each victim's defense), by
    decision id, as for an attack."""


@dataclass(frozen=True, slots=True)
class RollRequest:
    """A bare trait roll (the table's *Roll*): ``trait`` for ``actors`` - one token, or a group
    the system rolls together (Extras of one group) - with the system's ``params``."""

    actors: tuple[str, ...]
    trait: str
    params: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TextReading:
    """What a system made of a stat block pasted as text: the ``stats`` JSON, each field it
    understood (``field``, ``value``, the ``source`` text), each line it could not read (with
    why), and each printed figure that differs from what the rules derive."""

    name: str | None
    stats: Mapping[str, Any]
    understood: tuple[tuple[str, str, str], ...]
    unread: tuple[str, ...]
    mismatches: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """A non-attack action (an :class:`ActionSpec` id) by ``actor``, maybe at ``target``."""

    action: str
    actor: str
    target: str | None = None
    params: Mapping[str, str] = field(default_factory=dict)
    answers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    gm_override: bool = False


@dataclass(frozen=True, slots=True)
class Preview:
    """An attack before any die is rolled: the hover card's ``lines``, the exact ``chances``,
    ``problem`` when it cannot be made, and ``data``: the system's JSON for ``battlemap odds``.
    """

    attacker: str
    target: str
    weapon: str | None
    lines: tuple[str, ...]
    chances: tuple[Chance, ...] = ()
    problem: str | None = None
    notes: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""
    """One line naming the roll: who, with what, against what (``battlemap odds`` heads its
    table with it)."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """What an attack or action did: the events in order, the board after it, the log entry's
    title and notes, the system's JSON summary (``data``) - or, when ``decision`` is set, the
    choice it waits for (then ``board`` is the board before, unchanged, and ``events`` what was
    rolled so far, for the prompt to show). A system may write its own log entry on the board;
    otherwise the desktop logs ``title`` with ``notes`` as its lines."""

    events: tuple[Event, ...]
    board: Board
    title: str = ""
    notes: tuple[str, ...] = ()
    decision: Decision | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    flourish: str | None = None
    """A token whose moment this is (an attacker acting on a Joker): the animation marks it."""


@dataclass(frozen=True, slots=True)
class TurnRow:
    """One line of the turn order: who (``token``: a token id, or the key of a group that acts
    together, with its ``members``), what to show (a card, a roll, a place), whether it acts
    now, whether it waits (on Hold, delayed) and whether it is done this round."""

    token: str
    label: str
    detail: str = ""
    acting: bool = False
    waiting: bool = False
    done: bool = False
    members: tuple[str, ...] = ()
    status: str = ""
    tint: str = ""
    """How the row stands out: "" plain, "red" (its detail in red: a red suit), "gold" (on
    gold: a Joker)."""


@dataclass(frozen=True, slots=True)
class Control:
    """A button of the turn-order panel: its id, label, shortcut, and why it is disabled."""

    id: str
    label: str
    enabled: bool = True
    why_not: str | None = None
    needs_token: bool = False
    shortcut: str = ""


@dataclass(frozen=True, slots=True)
class TurnOrderView:
    """The turn order as the panel shows it: the round (0 outside combat), a header line, the
    rows in order and the controls the system offers now."""

    round: int
    rows: tuple[TurnRow, ...]
    controls: tuple[Control, ...]
    model: str = "list"
    header: str = ""
    inputs: tuple[StatField, ...] = ()
    """Settings the panel shows above its buttons (cards typed in, Large Groups, Surprise);
    their values reach :meth:`~battlemap.rules.registry.GameSystem.turn_control` as ``params``."""
