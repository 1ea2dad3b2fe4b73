"""The Storypath entry in the game-system registry.

Examples
--------
>>> from battlemap.rules.registry import find_system
>>> system = find_system("storypath")
>>> system.title, system.grid.unit
('Storypath', 'm')
>>> [a.id for a in system.actions()][:4]
['close-combat', 'grapple', 'ranged', 'thrown']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from battlemap.rules.dice import DiceSource
from battlemap.rules.interface import (
    ActionKind,
    ActionRequest,
    ActionSpec,
    AttackRequest,
    Badge,
    FieldKind,
    GridDefaults,
    Link,
    Marker,
    Movement,
    Preview,
    Resolution,
    StatField,
    TurnOrderView,
)
from battlemap.rules.registry import GameSystem, RulesError, register
from battlemap.rules.storypath.actions import ACTIONS, perform
from battlemap.rules.storypath.attack import resolve
from battlemap.rules.storypath.combat_state import check_combat as check_storypath_combat
from battlemap.rules.storypath.preview import preview
from battlemap.rules.storypath.settings import DEFAULT_COVER, SETTINGS_SCHEMA, settings_from_combat
from battlemap.rules.storypath.setup import combatant_of
from battlemap.rules.storypath.statblock import (
    ATTRIBUTES,
    BANDS,
    Combatant,
    combatant_from_dict,
    combatant_to_dict,
)
from battlemap.rules.storypath.state import (
    grapple_of,
    grapples_from_combat,
    items_from_combat,
    with_grapples,
)
from battlemap.rules.storypath.turns import press, turn_view
from battlemap.rules.table import Board, Piece

__all__ = ["Storypath"]

_ATTACKS = (
    ActionSpec("close-combat", "Close Combat attack", ActionKind.ATTACK, needs_target=True,
               excludes=("grapple", "ranged", "thrown"), help="Close Combat + Might, range close"),
    ActionSpec("grapple", "Grapple", ActionKind.ATTACK, needs_target=True,
               excludes=("close-combat", "ranged", "thrown"),
               help="Athletics + Might, only when already in a grapple"),
    ActionSpec("ranged", "Ranged attack", ActionKind.ATTACK, needs_target=True,
               excludes=("close-combat", "grapple", "thrown"),
               help="Firearms + the band's Attribute, range by the weapon"),
    ActionSpec("thrown", "Throw it (Thrown attack)", ActionKind.OPTION, needs_target=True,
               excludes=("close-combat", "grapple", "ranged"),
               help="hurl the weapon (a thrown weapon, or a close one tagged thrown: the "
                    "first that reaches if none is chosen): Athletics + the band's Attribute, "
                    "range short"),
    ActionSpec("empty-clip", "Empty the clip", ActionKind.OPTION,
               help="automatic weapons: +1 Enhancement, then an ammunition check"),
)


@register
class Storypath(GameSystem):
    """Storypath attacks and stunts: d10 pools, Defense, stunts, grapples (1 m a cell)."""

    name: ClassVar[str] = "storypath"
    title: ClassVar[str] = "Storypath"
    aliases: ClassVar[tuple[str, ...]] = ("story path",)
    grid: ClassVar[GridDefaults] = GridDefaults("square", "m", 1.0)

    def statblock_schema(self) -> tuple[StatField, ...]:
        return _SCHEMA

    def settings_schema(self) -> tuple[StatField, ...]:
        return SETTINGS_SCHEMA

    def check_combat(self, combat: Mapping[str, Any]) -> None:
        super().check_combat(combat)
        check_storypath_combat(combat)

    def check_settings(self, combat: Mapping[str, Any]) -> None:
        settings_from_combat(combat)

    def links(self, board: Board) -> tuple[Link, ...]:
        """Each grapple: the one in control first, the successes that hold it, pinned or not."""
        try:
            grapples = grapples_from_combat(board.combat)
        except RulesError:
            return ()
        return tuple(Link(g.control, g.other, f"grapple {g.established}" +
                          " · pinned" * g.pinned + " · dragging" * g.dragging,
                          together=g.dragging) for g in grapples)

    def movement(self, piece: Piece, board: Board | None = None) -> Movement | None:
        """*GRAPPLED* (L101): "You cannot move from the spot" - a held token's move is refused
        with the reason, unless its grappler won the roll to drag it. The grappler's own walk
        is refused too (L13, L59: "Both you and they can only make grappling physical actions
        until someone breaks free"): he moves with Drag grappled, or lets go first. The text
        gives no Pace otherwise (None: the ruler shows the distance only)."""
        if board is None:
            return None
        try:
            grapple = grapple_of(board.combat, piece.id)
        except RulesError:
            return None
        if grapple is None or grapple.dragging:
            return None
        if grapple.controls(piece.id):
            held = board.token(grapple.other).name
            return Movement(0, 0, "Move", held=f"{piece.name} holds {held} in a grapple: only "
                            f"grappling actions until someone breaks free (Drag grappled to "
                            f"move with {held}, or Release grapple)")
        holder = board.token(grapple.control).name
        return Movement(0, 0, "Move", held=f"{piece.name} is held in {holder}'s grapple and "
                        f"cannot move from the spot (Escape grapple first, or {holder} drags "
                        f"with Drag grappled)")

    def moved(self, board: Board, token_id: str, cost: float, mode: str) -> Board:
        """A grappler who won the drag moved: the drag is spent."""
        try:
            grapples = grapples_from_combat(board.combat)
        except RulesError:
            return board
        if not any(g.dragging and g.controls(token_id) for g in grapples):
            return board
        kept = tuple(replace(g, dragging=False) if g.controls(token_id) else g
                     for g in grapples)
        return board.with_combat(with_grapples(board.combat, kept))

    def markers(self, board: Board) -> tuple[Marker, ...]:
        """Each item knocked to the ground, where it lies."""
        try:
            items = items_from_combat(board.combat)
        except RulesError:
            return ()
        return tuple(Marker(i.x, i.y, i.name) for i in items)

    def weapon_names(self, piece: Piece) -> tuple[str, ...]:
        """The stat block's weapons, by name."""
        try:
            person = combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)
        except RulesError:
            return ()
        return tuple(dict.fromkeys(w.name for w in person.weapons))

    def combatant_from_dict(self, data: Mapping[str, Any], where: str,
                            token_id: str) -> Combatant:
        return combatant_from_dict(data, where, token_id)

    def combatant_to_dict(self, combatant: Any) -> dict[str, Any]:
        return combatant_to_dict(combatant)

    def badges(self, piece: Piece, board: Board) -> tuple[Badge, ...]:
        return _badges(combatant_of(piece), board)

    def actions(self) -> tuple[ActionSpec, ...]:
        return _ATTACKS + ACTIONS

    def overridable(self) -> tuple[StatField, ...]:
        """The GM's rulings over the map: the range band and the cover."""
        return (StatField("band", "Range band", FieldKind.CHOICE, choices=BANDS,
                          help="the band instead of the measured distance's"),
                StatField("cover", "Cover", FieldKind.CHOICE,
                          choices=(*DEFAULT_COVER, "total"),
                          help="the cover instead of the measured one (total: no attack)"))

    def preview_attack(self, board: Board, request: AttackRequest) -> Preview:
        return preview(board, request)

    def resolve_attack(self, board: Board, request: AttackRequest,
                       dice: DiceSource) -> Resolution:
        return resolve(board, request, dice)

    def perform_action(self, board: Board, request: ActionRequest,
                       dice: DiceSource) -> Resolution:
        return perform(board, request, dice)

    def turn_order(self, board: Board) -> TurnOrderView:
        return turn_view(board)

    def turn_control(self, board: Board, control: str, dice: DiceSource,
                     token: str | None = None,
                     params: Mapping[str, str] | None = None) -> Resolution:
        return press(board, control)


def _badges(person: Combatant, board: Board) -> tuple[Badge, ...]:
    c = person.condition
    marks: list[tuple[bool, str, str, str]] = [
        (person.taken_out, "Taken Out", "all Injury Conditions taken", "bad"),
        (bool(c.injuries) and not person.taken_out, c.injuries[-1].title() if c.injuries
         else "", "Injury Conditions: " + ", ".join(c.injuries), "bad"),
        (c.prone, "Prone", "knocked prone", "info"),
        (c.blinded, "Blinded", "+1 Difficulty on the next Shoot or Thrown attack", "bad"),
        (c.blind, "Blind", "+1 Difficulty on Shoot and Thrown attacks", "bad"),
        (c.complication > 0, f"Pinned {c.complication}",
         f"Complication {c.complication} on the next attack", "bad"),
        (bool(c.out_of_ammo), "No ammo", "out of ammo: " + ", ".join(c.out_of_ammo), "bad"),
        (bool(c.dropped), "Disarmed", "dropped: " + ", ".join(c.dropped), "bad"),
        (c.withdrawing, "Withdrawing", "Withdraw until the next turn", "info"),
    ]
    badges = [Badge(text, tip, role) for shown, text, tip, role in marks if shown]
    badges += [Badge(f"+{e.amount}", f"Enhancement on the next {'grappling ' * e.grapple_only}"
                                     f"attack against {_name(board, e.against)}", "good")
               for e in c.enhancements]
    grapple = grapple_of(board.combat, person.id)
    if grapple is not None:
        other = board.token(grapple.partner(person.id)).name
        badges.append(Badge("Grappling", f"in control of the grapple with {other}", "good")
                      if grapple.controls(person.id) else
                      Badge("Grappled", f"held by {other}" + " and pinned" * grapple.pinned,
                            "bad"))
    return tuple(badges)


def _name(board: Board, token: str) -> str:
    """The token's name (its id if it left the board)."""
    return next((p.name for p in board.tokens if p.id == token), token)


def _dots(group: str, names: tuple[str, ...], minimum: int, default: int) -> tuple[
        StatField, ...]:
    return tuple(StatField(f"{group}.{n}", n.replace("_", " ").title(), FieldKind.INTEGER,
                           group=group.title(), minimum=minimum, maximum=10, default=default)
                 for n in names)


_SCHEMA: tuple[StatField, ...] = (
    *_dots("attributes", ATTRIBUTES, 1, 1),
    *_dots("skills", ("close_combat", "athletics", "firearms"), 0, 0),
    StatField("defense", "Defense", FieldKind.INTEGER, "Combat", minimum=0, default=1),
    StatField("armor", "Armor", FieldKind.INTEGER, "Combat", minimum=0, default=0,
              help="the extra cost of Inflict Damage"),
    StatField("dodge", "Dodge", FieldKind.INTEGER, "Combat", minimum=0,
              help="the Difficulty of Position against this character (default: Defense)"),
    StatField("initiative", "Initiative", FieldKind.INTEGER, "Combat", default=0,
              help="turn order, highest first"),
    StatField("injury_track", "Injury Conditions", FieldKind.LIST, "Combat",
              default=["bruised", "injured", "maimed", "taken out"]),
    StatField("weapons", "Weapons", FieldKind.TABLE, "Weapons", default=[],
              help='[{"name", "kind": close|ranged|thrown, "range": close..extreme, '
                   '"tags": [automatic, grapple, thrown], "damage_type", "enhancement"}]'),
    StatField("condition.injuries", "Injuries taken", FieldKind.LIST, "Condition", default=[]),
    StatField("condition.prone", "Prone", FieldKind.FLAG, "Condition", default=False),
    StatField("condition.blinded", "Blinded (next action)", FieldKind.FLAG, "Condition",
              default=False),
    StatField("condition.blind", "Blind (scene)", FieldKind.FLAG, "Condition", default=False),
    StatField("condition.complication", "Complication (Pin)", FieldKind.INTEGER, "Condition",
              minimum=0, default=0),
    StatField("condition.withdrawing", "Withdrawing", FieldKind.FLAG, "Condition",
              default=False),
)
