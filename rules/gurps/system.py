"""The GURPS entry in the game-system registry.

Examples
--------
>>> from rules.registry import find_system
>>> system = find_system("GURPS")
>>> system.grid.kind, system.grid.unit
('hex', 'yd')
>>> who = system.combatant_from_dict({"st": 11, "hp": 11}, "tokens[a].stats", "a")
>>> system.combatant_to_dict(who)["condition"]
{'hp': 11}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from rules.dice import DiceSource
from rules.events import Event, StatusAdded, StatusRemoved
from rules.gurps.attack import resolve
from rules.gurps.gcs import read_sheet
from rules.gurps.narration import log_lines
from rules.gurps.odds import preview
from rules.gurps.roll import success_roll
from rules.gurps.statblock import (
    MANEUVERS,
    POSTURES,
    Character,
    character_from_dict,
    character_to_dict,
)
from rules.gurps.turns import control as press_control
from rules.gurps.turns import order_view
from rules.interface import (
    ActionKind,
    ActionRequest,
    ActionSpec,
    AttackRequest,
    Badge,
    FieldKind,
    GridDefaults,
    Preview,
    Resolution,
    StatField,
    TurnOrderView,
)
from rules.registry import GameSystem, RulesError, register
from rules.table import Board, Piece

__all__ = ["Gurps"]

_C = "Condition"
_SCHEMA = (
    StatField("st", "ST", FieldKind.INTEGER, "Attributes", minimum=1, default=10),
    StatField("dx", "DX", FieldKind.INTEGER, "Attributes", minimum=1, default=10),
    StatField("ht", "HT", FieldKind.INTEGER, "Attributes", minimum=1, default=10),
    StatField("hp", "HP", FieldKind.INTEGER, "Attributes", minimum=1, default=10),
    StatField("basic_speed", "Basic Speed", FieldKind.NUMBER, "Attributes", minimum=0,
              default=5.0),
    StatField("basic_lift", "Basic Lift (lb)", FieldKind.NUMBER, "Attributes", minimum=0,
              default=20.0),
    StatField("dodge", "Dodge (without shield DB)", FieldKind.INTEGER, "Defenses", default=8,
              help="Basic Speed + 3, dropping fractions, less encumbrance, plus bonuses"),
    StatField("encumbrance", "Encumbrance level", FieldKind.INTEGER, "Defenses", minimum=0,
              maximum=4, default=0),
    StatField("dr", "DR", FieldKind.INTEGER, "Defenses", minimum=0, default=0),
    StatField("dr_vs", "DR by damage type", FieldKind.TABLE, "Defenses", default={},
              help='{"cr": 2}: mail protects less against crushing'),
    StatField("shield", "Shield or cloak", FieldKind.TABLE, "Defenses", default=None,
              help='{"name": "Medium Shield", "db": 2, "block": 9} (Block without DB)'),
    StatField("skills", "Skills", FieldKind.TABLE, "Skills", default={},
              help='{"Acrobatics": 12}'),
    StatField("traits", "Traits", FieldKind.LIST, "Skills", default=[],
              help="Weapon Master, Trained By A Master, Ambidexterity, High Pain Threshold"),
    StatField("attacks", "Attacks (one per weapon usage)", FieldKind.TABLE, "Attacks",
              default=[], help="name, usage, skill, damage, kind, reach, range, parry, weight"),
    StatField("condition.hp", "Current HP", FieldKind.INTEGER, _C),
    StatField("condition.shock", "Shock", FieldKind.INTEGER, _C, minimum=-4, maximum=0,
              default=0),
    StatField("condition.stunned", "Stunned", FieldKind.FLAG, _C, default=False),
    StatField("condition.posture", "Posture", FieldKind.CHOICE, _C, choices=POSTURES,
              default="standing"),
    StatField("condition.unaware", "Unaware", FieldKind.FLAG, _C, default=False),
    StatField("condition.unconscious", "Unconscious", FieldKind.FLAG, _C, default=False),
    StatField("condition.immobilized", "Immobilized", FieldKind.FLAG, _C, default=False),
    StatField("condition.maneuver", "Maneuver", FieldKind.CHOICE, _C, choices=MANEUVERS,
              default=""),
)

_ACTIONS = (
    ActionSpec("attack", "Attack", ActionKind.ATTACK, needs_target=True,
               help="3d6 against effective skill; the defender then chooses a defense"),
    ActionSpec("all-out-attack", "All-Out Attack (Determined)", ActionKind.OPTION,
               help="+4 to hit in melee (+1 ranged); no active defense until your next turn"),
    ActionSpec("all-out-defense", "All-Out Defense (Double Defense)", ActionKind.ACTION,
               help="until your next turn: a second, different defense if the first fails"),
    ActionSpec("recover", "Recover from stun (HT)", ActionKind.ACTION,
               help="roll HT; success ends the stun"),
    ActionSpec("stand-up", "Stand up", ActionKind.ACTION, help="from prone, kneeling or sitting"),
)


@register
class Gurps(GameSystem):
    """GURPS 4th edition combat: the combatant is a :class:`Character`."""

    name: ClassVar[str] = "gurps"
    title: ClassVar[str] = "GURPS"
    aliases: ClassVar[tuple[str, ...]] = ("gurps 4e",)
    grid: ClassVar[GridDefaults] = GridDefaults(kind="hex", unit="yd", distance_per_cell=1.0)

    def statblock_schema(self) -> tuple[StatField, ...]:
        return _SCHEMA

    def combatant_from_dict(self, data: Mapping[str, Any], where: str,
                            token_id: str) -> Character:
        del token_id
        return character_from_dict(data, where)

    def combatant_to_dict(self, combatant: Character) -> dict[str, Any]:
        return character_to_dict(combatant)

    def character_from_sheet(self, data: bytes, filename: str) -> tuple[str, dict[str, Any]]:
        name, character = read_sheet(data, filename)
        return name, character_to_dict(character)

    def weapon_names(self, piece: Piece) -> tuple[str, ...]:
        """Every attack by its label (a weapon's usage each: swung, thrust, shoot)."""
        try:
            who = character_from_dict(piece.stats, f"tokens[{piece.id}].stats")
        except RulesError:
            return ()
        return tuple(dict.fromkeys(a.label for a in who.attacks))

    def badges(self, piece: Piece, board: Board) -> tuple[Badge, ...]:
        del board
        who = character_from_dict(piece.stats, f"tokens[{piece.id}].stats")
        return _badges(who)

    def actions(self) -> tuple[ActionSpec, ...]:
        return _ACTIONS

    def preview_attack(self, board: Board, request: AttackRequest) -> Preview:
        return preview(board, request)

    def resolve_attack(self, board: Board, request: AttackRequest,
                       dice: DiceSource) -> Resolution:
        return resolve(board, request, dice)

    def perform_action(self, board: Board, request: ActionRequest,
                       dice: DiceSource) -> Resolution:
        return _perform(board, request, dice)

    def turn_order(self, board: Board) -> TurnOrderView:
        return order_view(board)

    def turn_control(self, board: Board, control: str, dice: DiceSource,
                     token: str | None = None,
                     params: Mapping[str, str] | None = None) -> Resolution:
        return press_control(board, control, dice, token)


def _badges(who: Character) -> tuple[Badge, ...]:
    condition = who.condition
    marks = [
        (condition.dead, Badge("✝", "dead", "bad")),
        (condition.unconscious, Badge("KO", "unconscious", "bad")),
        (condition.stunned, Badge("Stun", "stunned: -4 to defenses, no retreat", "bad")),
        (condition.posture != "standing", Badge(condition.posture[:2].title(),
                                                condition.posture, "info")),
        (condition.hp < who.hp, Badge(f"{condition.hp}/{who.hp}", "hit points", "bad",
                                      harm=True)),
        (condition.shock < 0, Badge(f"{condition.shock}", "shock until the next turn ends",
                                    "bad")),
        (condition.maneuver == "all-out-attack", Badge("AOA", "All-Out Attack: no defense",
                                                        "info")),
        (condition.maneuver == "all-out-defense", Badge("AOD", "All-Out Defense", "good")),
        (bool(condition.retreated_from), Badge("Ret", "retreated this turn", "info")),
    ]
    return tuple(badge for shown, badge in marks if shown)


def _perform(board: Board, request: ActionRequest, dice: DiceSource) -> Resolution:
    try:
        piece = board.token(request.actor)
    except KeyError as error:
        raise RulesError(str(error.args[0])) from None
    who = character_from_dict(piece.stats, f"tokens[{piece.id}].stats")
    events: list[Event] = []
    if request.action == "all-out-defense":
        who = who.with_condition(maneuver="all-out-defense")
        events.append(StatusAdded(piece.id, "All-Out Defense (Double Defense)"))
    elif request.action == "stand-up":
        if who.condition.posture == "standing":
            raise RulesError(f"{piece.name} is standing already")
        events.append(StatusRemoved(piece.id, who.condition.posture))
        who = who.with_condition(posture="standing")
    elif request.action == "recover":
        if not who.condition.stunned:
            raise RulesError(f"{piece.name} is not stunned")
        made, result = success_roll(dice, piece.id, "HT (recover from stun)", who.ht, ())
        events.append(made)
        if result.succeeded:
            who = who.with_condition(stunned=False)
            events.append(StatusRemoved(piece.id, "stunned"))
    else:
        raise RulesError(f"GURPS has no action {request.action!r}")
    moved = board.with_token(replace(piece, stats=character_to_dict(who)))
    names = {p.id: p.name for p in board.tokens}
    return Resolution(tuple(events), moved, title=f"{piece.name}: {request.action}",
                      notes=log_lines(events, names))
