"""The registry of game systems: one :class:`GameSystem` per system, found by name.

A game system lives in its own subpackage of :mod:`rules` and registers one subclass of
:class:`GameSystem` with :func:`register`. Systems never import each other; the desktop finds
the one an encounter uses with :func:`find_system` and talks to it only through the methods
below, so adding GURPS or FATE touches no other system.

Examples
--------
>>> find_system("Savage Pathfinder").name
'savage-pathfinder'
>>> find_system("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown game system 'chess'; known systems: ...savage-pathfinder (spf, ...
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from battlemap.rules.dice import DiceSource
from battlemap.rules.interface import (
    ActionKind,
    ActionRequest,
    ActionSpec,
    AreaRequest,
    AttackRequest,
    Badge,
    FieldKind,
    GridDefaults,
    Link,
    Marker,
    MenuEntry,
    Movement,
    Preview,
    Resolution,
    RollRequest,
    StatField,
    TextReading,
    TurnOrderView,
)
from battlemap.rules.table import Board, Piece

__all__ = ["SYSTEMS", "GameSystem", "RulesError", "every_system", "find_system", "register"]


class RulesError(ValueError):
    """Bad rules input: a stat block field, a weapon or an option that cannot be used.

    The message names the field path (``tokens[g1].stats.skills.fighting``) and what is wrong.
    """


class GameSystem(ABC):
    """What every game system offers the desktop; the desktop asks nothing else of a system.

    Metadata is in class variables: ``name`` is the id written in encounter files, ``aliases``
    other spellings users type, ``title`` the name shown, ``grid`` a new encounter's grid.
    The values crossing this interface are those of :mod:`battlemap.rules.table` (the board, the map
    facts, the measurer) and :mod:`battlemap.rules.interface` (declarations, requests, results): see
    ``docs/architecture.md``, "Adding a game system", for the path of one attack through it.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    grid: ClassVar[GridDefaults] = GridDefaults()

    # -- stat blocks ------------------------------------------------------------------------
    @abstractmethod
    def statblock_schema(self) -> tuple[StatField, ...]:
        """The fields of this system's stat block, for the stat-block form and imports."""

    @abstractmethod
    def combatant_from_dict(self, data: Mapping[str, Any], where: str, token_id: str) -> Any:
        """Parse a token's ``stats`` into the system's combatant (``RulesError`` at ``where``)."""

    @abstractmethod
    def combatant_to_dict(self, combatant: Any) -> dict[str, Any]:
        """The JSON stat block (with condition) for a combatant; parses back to an equal one."""

    def derived_text(self, combatant: Any) -> str:
        """One line of what the system works out from a stat block (``Parry 6  Toughness 8
        (2)``), shown above the form: none here."""
        return ""

    def field_limits(self, combatant: Any) -> Mapping[str, tuple[float, float]]:
        """Bounds of fields that depend on the rest of the block (a Wild Card's Wounds), by
        key: none here."""
        return {}

    def statblock_edited(self, board: Board, token_id: str, stats: Mapping[str, Any]) -> Board:
        """``board`` after the GM set ``token_id``'s stat block to ``stats`` (a click in the
        token HUD, the stat-block form; ``stats`` already parses): the system may add what
        the change brings by its rules (the states a condition implies, their clocks, a log
        entry saying so). Here the block only."""
        return board.with_token(replace(board.token(token_id), stats=dict(stats)))

    def hud_fields(self) -> tuple[str, ...]:
        """The stat-block keys the token HUD offers at a click (a condition to switch on and
        off, harm to add or take away): the on/off and number fields of the stat block's
        "Condition" group here; a system adds its own (Bennies, fate points). ``KEY=N`` is box
        N of a track kept as the list of its checked boxes at ``KEY`` (FATE's stress), offered
        within :meth:`field_limits` of ``KEY``."""
        return tuple(f.key for f in self.statblock_schema() if f.group == "Condition"
                     and f.kind in (FieldKind.FLAG, FieldKind.INTEGER))

    def character_from_sheet(self, data: bytes, filename: str) -> tuple[str, dict[str, Any]]:
        """A character sheet file (``filename`` names it in messages) as the character's name and
        this system's stats JSON for a new token; ``RulesError`` naming the field when it cannot
        be read. Systems without an importer keep this refusal."""
        raise RulesError(f"{getattr(self, 'title', self.name)} cannot import character sheets")

    def sheet_reading(self, data: bytes, filename: str) -> TextReading:
        """A character file read as :meth:`character_from_sheet` reads it, with each field
        understood, what was not read and which figures the file shows differently from the
        rules: here only the name and the stats, nothing listed."""
        name, stats = self.character_from_sheet(data, filename)
        return TextReading(name, stats, (), (), ())

    def badges(self, piece: Piece, board: Board) -> tuple[Badge, ...]:
        """The marks ``piece`` shows on the map (Shaken, stress, aspects): none here."""
        return ()

    def harm(self, piece: Piece) -> int:
        """How many marks of harm the token shows as pips (Wounds, stress boxes, ...): none."""
        return 0

    def movement(self, piece: Piece, board: Board | None = None) -> Movement | None:
        """How far ``piece`` moves in a turn (a drag's ruler is coloured by it), on ``board``
        as it stands (combat on or not, what the token has moved this turn); None when the
        system measures moves otherwise (zones) or the stat block does not say."""
        return None

    def moved(self, board: Board, token_id: str, cost: float, mode: str) -> Board:
        """``board`` after ``token_id`` moved, using ``cost`` of its turn's move in ``mode``
        (a :class:`MoveMode` id, "" for none): the system may note it for the rest of the
        turn. Unchanged here."""
        return board

    def is_down(self, piece: Piece) -> bool:
        """Whether the token is out of the fight (Incapacitated, taken out): the map crosses
        it out."""
        return False

    def links(self, board: Board) -> tuple[Link, ...]:
        """Lines the map draws between tokens (grapples): none here."""
        return ()

    def markers(self, board: Board) -> tuple[Marker, ...]:
        """Marks the map shows at points (dropped items): none here."""
        return ()

    def zone_labels(self, board: Board) -> Mapping[str, tuple[Badge, ...]]:
        """Labels the map shows on zones (regions of kind zone) by zone name (FATE's zone
        aspects): none here."""
        return {}

    # -- what a token can do -----------------------------------------------------------------
    @abstractmethod
    def actions(self) -> tuple[ActionSpec, ...]:
        """Every attack kind, option and action, as data for the menus."""

    def action_menu(self, board: Board, actor: str | None) -> tuple[MenuEntry, ...]:
        """The action menu of ``actor`` (None: nobody chosen yet): one entry per action of
        kind ACTION, as :meth:`actions` lists them; a system with choices per action (a skill,
        a target part) returns submenus."""
        return tuple(MenuEntry(a.name + ("…" if a.needs_target else ""), a.id,
                               help=a.help, needs_target=a.needs_target,
                               problem=None if actor else "click the acting token first")
                     for a in self.actions() if a.kind is ActionKind.ACTION)

    def weapon_names(self, piece: Piece) -> tuple[str, ...]:
        """The weapons (or attacks) ``piece`` may attack with, by the names ``AttackRequest.
        weapon`` takes, for the attack bar's chooser: none here (the system picks)."""
        return ()

    def attack_inputs(self) -> tuple[StatField, ...]:
        """What the attacker may declare for an attack (the attack bar's *Declare* menu; the
        CLI's flags): each value reaches the system in ``AttackRequest.params``."""
        return ()

    def settings_schema(self) -> tuple[StatField, ...]:
        """The encounter's rules settings (the 10s rule, range bands, a reading of the text
        the GM chooses): each field's ``key`` is its path in ``board.combat["settings"]``
        (``bands.short``), its ``default`` the value when absent; the desktop's rules-settings
        dialog and ``battlemap settings`` are built from them. None here."""
        return ()

    def check_combat(self, combat: Mapping[str, Any]) -> None:
        """``RulesError`` naming the field (``combat.round: ...``) when the combat state this
        system keeps has the wrong shape: asked when a file is loaded, so a bad one is refused
        there, never deep inside a rule. The rules settings are checked here too."""
        self.check_settings(combat)

    def check_settings(self, combat: Mapping[str, Any]) -> None:
        """``RulesError`` naming the setting when ``combat["settings"]`` cannot be used (the
        desktop asks before it keeps a change); nothing to check here."""
        return None

    def overridable(self) -> tuple[StatField, ...]:
        """Measured facts the GM may rule otherwise (CHOICE fields: cover, range band, ...);
        the ruling reaches the system in ``AttackRequest.overrides``."""
        return ()

    def trait_odds(self, params: Mapping[str, str]) -> Preview:
        """The exact odds of one bare roll described by ``params`` (no board: ``battlemap
        odds --trait ...``)."""
        raise RulesError(self._not_offered("bare trait odds"))

    def traits(self, piece: Piece) -> tuple[str, ...]:
        """What ``piece`` can roll bare (attributes, skills), for the table's *Roll*: none."""
        return ()

    def preview_roll(self, board: Board, request: RollRequest) -> Preview:
        """A bare trait roll before the dice: every modifier that applies now, exact odds."""
        raise RulesError(self._not_offered("bare trait rolls"))

    def roll(self, board: Board, request: RollRequest, dice: DiceSource) -> Resolution:
        """Roll a bare trait (the log shows the breakdown)."""
        raise RulesError(self._not_offered("bare trait rolls"))

    def statblock_from_text(self, text: str) -> TextReading:
        """A stat block pasted as text (from a book), read field by field."""
        raise RulesError(self._not_offered("stat blocks as text"))

    def statblocks_from_text(self, text: str) -> tuple[TextReading, ...]:
        """Every stat block in a text pasted at once, each read as
        :meth:`statblock_from_text` reads one: the whole text as one block here."""
        return (self.statblock_from_text(text),)

    def preview_action(self, board: Board, request: ActionRequest) -> Preview:
        """The card of an action before it is done: what it rolls, or why it cannot be."""
        return Preview(request.actor, request.target or "", None, (request.action,))

    def preview_attack(self, board: Board, request: AttackRequest) -> Preview:
        """The attack before any die: card lines, exact chances, or why it cannot be made.

        Map facts come from ``board.map()`` (the desktop's
        :class:`~battlemap.rules.table.Measurer`).
        """
        raise RulesError(self._not_offered("attack previews"))

    def resolve_attack(self, board: Board, request: AttackRequest,
                       dice: DiceSource) -> Resolution:
        """Roll the attack: events and the new board, or a :class:`Decision` to wait for.

        ``RulesError`` (nothing changed) when it cannot be made.
        """
        raise RulesError(self._not_offered("attacks"))

    def resolve_area(self, board: Board, request: AreaRequest, dice: DiceSource) -> Resolution:
        """Roll an area attack; ``data["template"]`` holds ``aimed_at`` and ``landed_at``
        (``[x, y]``) and ``victims`` (token ids beneath it where it went off)."""
        raise RulesError(self._not_offered("area attacks"))

    def perform_action(self, board: Board, request: ActionRequest,
                       dice: DiceSource) -> Resolution:
        """Carry out a non-attack action (an :class:`ActionSpec` of kind ACTION)."""
        raise RulesError(f"{self.title} has no action {request.action!r}")

    # -- turn order ---------------------------------------------------------------------------
    def turn_order(self, board: Board) -> TurnOrderView:
        """The turn order as the panel shows it, with the controls allowed now."""
        raise RulesError(self._not_offered("a turn order"))

    def turn_control(self, board: Board, control: str, dice: DiceSource,
                     token: str | None = None,
                     params: Mapping[str, str] | None = None) -> Resolution:
        """Press a turn-order :class:`Control` (deal, next turn, hold, ...), maybe for the row
        ``token`` selected in the panel, with the panel's ``inputs`` as ``params``; states
        that expire with turns expire here."""
        raise RulesError(self._not_offered("a turn order"))

    table_interface: ClassVar[bool] = True
    """Whether the desktop reaches this system's attacks and turn order through the methods
    above. Savage Pathfinder alone says False until its table-level modules (today in
    ``desktop/core``) move into ``rules/savage_pathfinder`` (issue 12); every new system
    implements them and keeps True."""

    def _not_offered(self, what: str) -> str:
        return f"{self.title} does not offer {what} through the game-system interface yet"


SYSTEMS: dict[str, GameSystem] = {}
"""Every registered system by its ``name``."""


def register(system: type[GameSystem]) -> type[GameSystem]:
    """Class decorator: add one instance of ``system`` to :data:`SYSTEMS`."""
    SYSTEMS[system.name] = system()
    return system


def find_system(name: str) -> GameSystem:
    """The system called ``name`` or one of its aliases (case and spacing ignored).

    A built-in system asked for by its own name loads alone (its package bears the name: a
    window on a Savage Pathfinder map does without the other systems' imports); a name no
    system loaded so far answers to loads them all.
    """
    wanted = _normalise(name)
    package = "battlemap.rules." + wanted.replace("-", "_")
    if package in BUILTIN_SYSTEMS:
        importlib.import_module(package)
    system = _registered(wanted)
    if system is None:
        every_system()
        system = _registered(wanted)
    if system is not None:
        return system
    known = "; ".join(f"{s.name} ({', '.join(s.aliases)})" for s in SYSTEMS.values())
    raise ValueError(f"unknown game system {name!r}; known systems: {known}")


def every_system() -> tuple[GameSystem, ...]:
    """Every registered system, the built-in ones loaded first.

    Examples
    --------
    >>> sorted(s.name for s in every_system())[:2]
    ['fate', 'gurps']
    """
    for package in BUILTIN_SYSTEMS:
        importlib.import_module(package)
    return tuple(SYSTEMS.values())


def _registered(wanted: str) -> GameSystem | None:
    for system in SYSTEMS.values():
        if wanted in {_normalise(system.name), *map(_normalise, system.aliases)}:
            return system
    return None


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


BUILTIN_SYSTEMS = ("battlemap.rules.savage_pathfinder", "battlemap.rules.gurps",
                   "battlemap.rules.storypath", "battlemap.rules.fate")
"""The packages that register a system when imported; a new system adds its package here."""

