"""The GURPS entry in the game-system registry.

Examples
--------
>>> from battlemap.rules.registry import find_system
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

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, StatusAdded, StatusRemoved
from battlemap.rules.gurps.area import resolve_area as resolve_gurps_area
from battlemap.rules.gurps.attack import resolve
from battlemap.rules.gurps.combat_state import check_combat as check_gurps_combat
from battlemap.rules.gurps.gcs import read_sheet
from battlemap.rules.gurps.narration import log_lines
from battlemap.rules.gurps.odds import preview
from battlemap.rules.gurps.roll import success_roll
from battlemap.rules.gurps.statblock import (
    MANEUVERS,
    MOVING,
    POSTURES,
    Character,
    character_from_dict,
    character_to_dict,
)
from battlemap.rules.gurps.turns import control as press_control
from battlemap.rules.gurps.turns import order_view
from battlemap.rules.interface import (
    ActionKind,
    ActionRequest,
    ActionSpec,
    AreaRequest,
    AttackRequest,
    Badge,
    FieldKind,
    GridDefaults,
    Movement,
    MoveMode,
    Preview,
    Resolution,
    StatField,
    TurnOrderView,
)
from battlemap.rules.registry import GameSystem, RulesError, register
from battlemap.rules.table import Board, Piece

__all__ = ["Gurps"]

_C = "Condition"
_SCHEMA = (
    StatField("st", "ST", FieldKind.INTEGER, "Attributes", minimum=0, default=10,
              help="0 for a creature with no physical strength (a Flaming Skull)"),
    StatField("dx", "DX", FieldKind.INTEGER, "Attributes", minimum=1, default=10),
    StatField("ht", "HT", FieldKind.INTEGER, "Attributes", minimum=1, default=10),
    StatField("hp", "HP", FieldKind.INTEGER, "Attributes", minimum=1, default=10),
    StatField("basic_speed", "Basic Speed", FieldKind.NUMBER, "Attributes", minimum=0,
              default=5.0),
    StatField("basic_lift", "Basic Lift (lb)", FieldKind.NUMBER, "Attributes", minimum=0,
              default=20.0),
    StatField("dodge", "Dodge (without shield DB)", FieldKind.INTEGER, "Defenses", default=8,
              help="Basic Speed + 3, dropping fractions, less encumbrance, plus bonuses"),
    StatField("vehicle", "Vehicle (evasive maneuvering)", FieldKind.TABLE, "Defenses",
              default=None, help='{"operator_skill": 14, "handling": 1}: Dodge = 14 / 2 + 1 '
              "= 8 (L73 Vehicular Dodge)"),
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
    StatField("import_notes", "Skipped on import", FieldKind.LIST, "Skills", default=[],
              help="parts of the GCS sheet the importer could not read"),
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
    StatField("condition.sprinted", "Moved beyond Basic Move last turn", FieldKind.FLAG, _C,
              default=False, help="sprinting or Enhanced Move: no retreat (L147)"),
    StatField("condition.moving", "Flying or swimming", FieldKind.CHOICE, _C,
              choices=MOVING, default="",
              help="flying: Acrobatic Dodge rolls Aerobatics (L61); flying or swimming: dodge "
                   "and drop only with concealing terrain a step below, not prone (L161)"),
    StatField("condition.cover_below", "Concealing terrain a step below", FieldKind.FLAG, _C,
              default=False, help="lets a flyer or swimmer dodge and drop (L161)"),
    StatField("condition.behind_cover", "Dropped behind cover", FieldKind.FLAG, _C,
              default=False, help="set by a dodge and drop with cover between; while prone, "
                                  "the measured cover counts against later ranged attacks "
                                  "(L155)"),
    StatField("condition.ready", "Weapons in hand", FieldKind.LIST, _C, default=[],
              help="the weapons held ready (empty: every melee weapon listed); only these "
                   "parry, and bare hands need a hand free (L99, L123)"),
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

OVERRIDES = (
    StatField("distance", "Distance (yards)", FieldKind.CHOICE, "Override",
              choices=("1", "2", "3", "5", "7", "10", "15", "20", "30", "50", "70", "100"),
              help="the yards the range penalty and reach are read from (any number on the "
                   "command line)"),
    StatField("arc", "Attacker's arc", FieldKind.CHOICE, "Override",
              choices=("front", "right", "left", "back"),
              help="which arc of the defender the attacker stands in (shield DB, no defense "
                   "from behind)"),
    StatField("sprinted", "Defender moved beyond Basic Move last turn", FieldKind.CHOICE,
              "Override", choices=("yes", "no"),
              help="L147: no retreat after sprinting; the table counts it from the defender's "
                   "moves in his own turn"),
)
"""The measured facts the GM may rule otherwise (:func:`battlemap.rules.gurps.attack.prepare` reads
them from ``AttackRequest.overrides``)."""

ATTACK_INPUTS = (
    StatField("hits", "Hits (rapid fire, from physical dice)", FieldKind.INTEGER, "Declare",
              minimum=1, maximum=20,
              help="the hits of a rapid-fire attack as the table counted them (default: one "
                   "plus one per full Recoil of margin, up to the Rate of Fire)"),
    StatField("parrying_arm", "Hit the parrying arm after a failed parry", FieldKind.FLAG,
              "Declare",
              default=False,
              help="L129: a failed parry against a weapon lets the attacker hit the arm that "
                   "parried; more than half the HP in injury cripples it"),
    StatField("follow", "Follow a retreat (the unused step)", FieldKind.FLAG, "Declare",
              default=False,
              help="L145: attacking with a maneuver that allows a step not yet taken, the "
                   "attacker steps after a retreating defender"),
)
"""What the attacker's side may declare for one attack (``AttackRequest.params``)."""


@register
class Gurps(GameSystem):
    """GURPS 4th edition combat: the combatant is a :class:`Character`."""

    name: ClassVar[str] = "gurps"
    title: ClassVar[str] = "GURPS"
    aliases: ClassVar[tuple[str, ...]] = ("gurps 4e",)
    grid: ClassVar[GridDefaults] = GridDefaults(kind="hex", unit="yd", distance_per_cell=1.0)

    def statblock_schema(self) -> tuple[StatField, ...]:
        return _SCHEMA

    def overridable(self) -> tuple[StatField, ...]:
        return OVERRIDES

    def attack_inputs(self) -> tuple[StatField, ...]:
        return ATTACK_INPUTS

    def combatant_from_dict(self, data: Mapping[str, Any], where: str,
                            token_id: str) -> Character:
        del token_id
        return character_from_dict(data, where)

    def combatant_to_dict(self, combatant: Character) -> dict[str, Any]:
        return character_to_dict(combatant)

    def character_from_sheet(self, data: bytes, filename: str) -> tuple[str, dict[str, Any]]:
        name, character = read_sheet(data, filename)
        return name, character_to_dict(character)

    def movement(self, piece: Piece, board: Board | None = None) -> Movement | None:
        """GURPS Move (Basic Move less encumbrance) for the ruler, with a sprint (Move + 20%,
        at least +1) and the one-yard step of the Attack, All-Out Defense and other step
        maneuvers; what the token moved this turn is spent. None when the stat block does not
        parse.

        >>> move = Gurps().movement(Piece("a", "A", 0, 0, stats={"basic_speed": 6.25,
        ...     "encumbrance": 1, "condition": {"moved": 2}}))
        >>> move.pace, move.dash, move.spent, [(m.id, m.limit) for m in move.modes]
        (4, 5, 2.0, [('move', None), ('step', 1.0)])
        """
        try:
            who = character_from_dict(piece.stats, f"tokens[{piece.id}].stats")
        except RulesError:
            return None
        sprint = max(who.move + 1, who.move * 6 // 5)
        modes = (MoveMode("move", "Move"), MoveMode("step", "Step (a maneuver's step)",
                                                    limit=1.0))
        return Movement(who.move, sprint, name="Move", modes=modes, mode="move",
                        spent=who.condition.moved, dash_name="Sprint")

    def moved(self, board: Board, token_id: str, cost: float, mode: str) -> Board:
        """In combat, count the yards ``token_id`` moved in his own turn; beyond Basic Move he
        sprinted (L147: "if you moved faster than your Basic Move on your last turn", so no
        retreat until his next turn). A token moved in another's turn (the GM placing it)
        counts nothing."""
        if not board.combat.get("round") or _acting(board) != token_id:
            return board
        piece = board.token(token_id)
        try:
            who = character_from_dict(piece.stats, f"tokens[{piece.id}].stats")
        except RulesError:
            return board
        total = who.condition.moved + cost
        basic = who.basic_move or int(who.basic_speed)
        who = who.with_condition(moved=total, sprinted=who.condition.sprinted or total > basic)
        return board.with_token(replace(piece, stats=character_to_dict(who)))

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

    def resolve_area(self, board: Board, request: AreaRequest, dice: DiceSource) -> Resolution:
        """Explosions, cones and sprays; each victim's dive for cover
        (``battlemap.rules.gurps.area``)."""
        return resolve_gurps_area(board, request, dice)

    def perform_action(self, board: Board, request: ActionRequest,
                       dice: DiceSource) -> Resolution:
        return _perform(board, request, dice)

    def check_combat(self, combat: Mapping[str, Any]) -> None:
        super().check_combat(combat)
        check_gurps_combat(combat)

    def turn_order(self, board: Board) -> TurnOrderView:
        return order_view(board)

    def turn_control(self, board: Board, control: str, dice: DiceSource,
                     token: str | None = None,
                     params: Mapping[str, str] | None = None) -> Resolution:
        return press_control(board, control, dice, token)


def _hp_badges(who: Character) -> tuple[Badge, ...]:
    """A hurt token's HP, exact (``harm``: the player view hides it unless the GM shares the
    token's harm, Foundry-style, per token), and what everybody sees of it: "Reeling" under a
    third of his HP (Move and Dodge halved), "0 HP" at none left (HT rolls to stay up).

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> orc = character_from_dict({"hp": 14, "condition": {"hp": 4}}, "o")
    >>> [(b.text, b.harm) for b in _hp_badges(orc)]
    [('4/14', True), ('Reeling', False)]
    """
    hp, top = who.condition.hp, who.hp
    exact = Badge(f"{hp}/{top}", "hit points", "bad", harm=True)
    if hp <= 0:
        return exact, Badge("0 HP", "at or below 0 HP: HT rolls to stay conscious", "bad")
    if hp * 3 < top:
        return exact, Badge("Reeling", "under a third of HP: Move and Dodge halved", "bad")
    return (exact,)


def _acting(board: Board) -> str | None:
    """The token whose turn it is in a running fight (``combat`` order and acting index)."""
    order = board.combat.get("order") or []
    acting = int(board.combat.get("acting", 0))
    return order[acting % len(order)] if order else None


def _badges(who: Character) -> tuple[Badge, ...]:
    condition = who.condition
    hurt = _hp_badges(who) if condition.hp < who.hp else ()
    marks = [
        (condition.dead, Badge("✝", "dead", "bad")),
        (condition.unconscious, Badge("KO", "unconscious", "bad")),
        (condition.stunned, Badge("Stun", "stunned: -4 to defenses, no retreat", "bad")),
        (condition.posture != "standing", Badge(condition.posture[:2].title(),
                                                condition.posture, "info")),
        *((True, badge) for badge in hurt),
        (condition.shock < 0, Badge(f"{condition.shock}", "shock until the next turn ends",
                                    "bad")),
        (condition.maneuver == "all-out-attack", Badge("AOA", "All-Out Attack: no defense",
                                                        "info")),
        (condition.maneuver == "all-out-defense", Badge("AOD", "All-Out Defense", "good")),
        (bool(condition.retreated_from), Badge("Ret", "retreated this turn", "info")),
        (condition.sprinted, Badge("Spr", "moved beyond Basic Move: no retreat until his next "
                                          "turn (L147)", "info")),
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
        who = who.with_condition(posture="standing", behind_cover=False)
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
