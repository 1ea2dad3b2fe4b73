"""Attacks through the game-system interface: the encounter -> a board -> the system -> back.

Every system whose :attr:`~battlemap.rules.registry.GameSystem.table_interface` is True is reached
here and nowhere else: :func:`preview` asks for the hover card and the exact chances,
:func:`resolve` rolls. A resolution that waits for a choice
(:class:`battlemap.rules.interface.Decision`) comes back as :class:`Paused`; the caller asks the GM
(the generic prompt, or ``--answer`` on the command line) and calls :func:`resolve` again with the
answer. The dice drawn before the pause are replayed (:class:`ReplayDice`), so an answer never
rerolls what was already rolled.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> dice = ReplayDice(ScriptedDice([4, 2]))
>>> dice.roll(6, "first"), dice.roll(6, "second")
(4, 2)
>>> again = dice.replayed(ScriptedDice([5]))
>>> again.roll(6, "first"), again.roll(6, "second"), again.roll(6, "third")
(4, 2, 5)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from battlemap.desktop.core.board import SnapshotCache, board_of, encounter_after
from battlemap.desktop.core.model import Encounter, LogEntry
from battlemap.desktop.core.wording import entry_in_words
from battlemap.rules.dice import DiceSource
from battlemap.rules.interface import (
    ActionRequest,
    AttackRequest,
    Decision,
    Preview,
    Resolution,
    RollRequest,
    TurnOrderView,
)
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import Board

__all__ = [
    "Paused", "ReplayDice", "TableResult", "acting_tokens", "logged", "parse_answers", "perform",
    "preview", "preview_action", "preview_roll", "resolve", "roll", "traits", "turn_order",
    "turn_step", "weapon_names",
]


@dataclass
class ReplayDice:
    """A dice source that remembers every face it gave, and can start over with them."""

    source: DiceSource
    faces: list[int] = field(default_factory=list)
    position: int = 0

    def roll(self, sides: int, purpose: str = "") -> int:
        if self.position < len(self.faces):
            face = self.faces[self.position]
        else:
            face = self.source.roll(sides, purpose)
            self.faces.append(face)
        self.position += 1
        return face

    def replayed(self, source: DiceSource | None = None) -> ReplayDice:
        """The same faces again from the start, then ``source`` (or this one's) for more."""
        return ReplayDice(source or self.source, list(self.faces))


@dataclass(frozen=True, slots=True)
class TableResult:
    """A resolved attack: the system's resolution and the encounter after it."""

    resolution: Resolution
    encounter: Encounter


@dataclass(frozen=True, slots=True)
class Paused:
    """An attack or action waiting for ``decision``; resolve (perform) again with the answer
    and ``dice``."""

    decision: Decision
    resolution: Resolution
    dice: ReplayDice


def logged(encounter: Encounter, resolution: Resolution) -> Encounter:
    """The encounter after ``resolution``, its log entry included: the one the system wrote on
    the board, or else one of the resolution's title and notes.

    Examples
    --------
    >>> from battlemap.rules.table import Board
    >>> logged(Encounter(), Resolution((), Board(), "Ann hits Bo", ("2 stress",))).log
    (LogEntry(title='Ann hits Bo', lines=('2 stress',), round=0),)
    """
    after = encounter_after(encounter, resolution.board)
    if len(after.log) <= len(encounter.log):
        if not resolution.title:
            return after
        after = after.with_log(LogEntry(resolution.title, resolution.notes))
    told = tuple(entry_in_words(e, encounter, resolution.events)
                 for e in after.log[len(encounter.log):])  # names, pushes in words
    return replace(after, log=(*after.log[:len(encounter.log)], *told))


def told(encounter: Encounter, resolution: Resolution) -> LogEntry:
    """``resolution``'s title and notes as the GM reads them on the command line: names for
    ids, and places in words (``Orc is pushed 1" east``) measured from ``encounter``, the
    table before it."""
    return entry_in_words(LogEntry(resolution.title, resolution.notes), encounter,
                          resolution.events)


def _board(encounter: Encounter, *token_ids: str | None) -> Board:
    """``encounter``'s board; ``RulesError`` naming any of ``token_ids`` it has no token of
    (before a system looks one up: not every system words the refusal itself)."""
    board = board_of(encounter)
    for token_id in token_ids:
        if token_id:
            try:
                board.token(token_id)
            except KeyError as error:
                raise RulesError(str(error.args[0])) from None
    return board


def preview(encounter: Encounter, request: AttackRequest) -> Preview:
    """The system's preview of ``request`` on ``encounter`` (``RulesError`` for bad ids)."""
    system = find_system(encounter.system)
    return system.preview_attack(_board(encounter, request.attacker, request.target,
                                        *request.also), request)


def resolve(encounter: Encounter, request: AttackRequest,
            dice: DiceSource | ReplayDice) -> TableResult | Paused:
    """Roll ``request``; a :class:`Paused` when the system waits for a choice."""
    system = find_system(encounter.system)
    replay = dice.replayed() if isinstance(dice, ReplayDice) else ReplayDice(dice)
    resolution = system.resolve_attack(_board(encounter, request.attacker, request.target,
                                              *request.also), request, replay)
    if resolution.decision is not None:
        return Paused(resolution.decision, resolution, replay)
    return TableResult(resolution, logged(encounter, resolution))


def preview_action(encounter: Encounter, request: ActionRequest) -> Preview:
    """The system's card for an action waiting for its click."""
    system = find_system(encounter.system)
    return system.preview_action(_board(encounter, request.actor), request)


def perform(encounter: Encounter, request: ActionRequest,
            dice: DiceSource | ReplayDice) -> TableResult | Paused:
    """Carry out a non-attack action (``RulesError`` when it cannot be, nothing changed); a
    :class:`Paused` when the system waits for a choice (an escape's free or reverse), as for
    an attack: answer it in ``request.answers`` and perform again with the paused dice."""
    system = find_system(encounter.system)
    replay = dice.replayed() if isinstance(dice, ReplayDice) else ReplayDice(dice)
    resolution = system.perform_action(_board(encounter, request.actor), request, replay)
    if resolution.decision is not None:
        return Paused(resolution.decision, resolution, replay)
    return TableResult(resolution, logged(encounter, resolution))


def turn_step(encounter: Encounter, control: str, dice: DiceSource, token: str | None = None,
              params: Mapping[str, str] | None = None) -> TableResult:
    """Press the turn-order control ``control`` (``RulesError`` when it cannot be pressed)."""
    system = find_system(encounter.system)
    resolution = system.turn_control(board_of(encounter), control, dice, token, params)
    return TableResult(resolution, logged(encounter, resolution))


_TURN_ORDERS: SnapshotCache[TurnOrderView] = SnapshotCache()


def turn_order(encounter: Encounter) -> TurnOrderView:
    """The turn order as the system shows it for ``encounter``, asked once per snapshot (the
    scenes, the tools, the panels and the turn strip each read it at every change)."""
    return _TURN_ORDERS.get(
        encounter, lambda: find_system(encounter.system).turn_order(board_of(encounter)))


def acting_tokens(encounter: Encounter) -> tuple[str, ...]:
    """Every token whose turn it is (the members of each acting row)."""
    rows = turn_order(encounter).rows
    return tuple(m for row in rows if row.acting for m in (row.members or (row.token,)))


def traits(encounter: Encounter, token_id: str) -> tuple[str, ...]:
    """What the token can roll bare (the table's *Roll*), as its system names it."""
    system = find_system(encounter.system)
    return system.traits(board_of(encounter).token(token_id))


def preview_roll(encounter: Encounter, request: RollRequest) -> Preview:
    """A bare roll before the dice: every modifier that applies now and the exact odds."""
    return find_system(encounter.system).preview_roll(board_of(encounter), request)


def roll(encounter: Encounter, request: RollRequest, dice: DiceSource) -> TableResult:
    """Roll a bare trait; the log entry shows the breakdown (``RulesError`` for a bad trait)."""
    system = find_system(encounter.system)
    resolution = system.roll(board_of(encounter), request, dice)
    return TableResult(resolution, logged(encounter, resolution))


def weapon_names(encounter: Encounter, token_id: str) -> tuple[str, ...]:
    """The weapons the token may attack with, as its system names them."""
    system = find_system(encounter.system)
    return system.weapon_names(board_of(encounter).token(token_id))


def parse_answers(pairs: list[str]) -> Mapping[str, tuple[str, ...]]:
    """``["defense=parry:Sword,retreat"]`` -> ``{"defense": ("parry:Sword", "retreat")}``.

    >>> parse_answers(["defense=dodge,retreat", "stunts=shove:2"])
    {'defense': ('dodge', 'retreat'), 'stunts': ('shove:2',)}
    """
    found: dict[str, tuple[str, ...]] = {}
    for pair in pairs:
        name, equals, value = (part.strip() for part in pair.partition("="))
        if not name or not equals or not value:
            raise ValueError(f"--answer {pair!r} must look like DECISION=CHOICE[,CHOICE...]")
        found[name] = tuple(v.strip() for v in value.split(",") if v.strip())
    return found
