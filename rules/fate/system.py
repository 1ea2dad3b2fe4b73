"""The FATE entry in the game-system registry (Fate, Roman combat rules).

Examples
--------
>>> from battlemap.rules.registry import find_system
>>> system = find_system("fate roman")
>>> system.name, system.grid.unit
('fate', 'm')
>>> brute = system.combatant_from_dict({"skills": {"fists": "Good"}}, "tokens[b].stats", "b")
>>> system.combatant_to_dict(brute)["skills"]
{'fists': 3}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from battlemap.rules.dice import DiceSource
from battlemap.rules.fate.actions import ACTIONS, perform
from battlemap.rules.fate.combat_state import check_combat as check_fate_combat
from battlemap.rules.fate.parsing import combatant_from_dict, combatant_to_dict
from battlemap.rules.fate.preview import preview
from battlemap.rules.fate.resolve import resolve
from battlemap.rules.fate.settings import SETTINGS
from battlemap.rules.fate.stances import STANCES
from battlemap.rules.fate.statblock import ARMOUR_STRESS, WEAPON_STRESS, Combatant
from battlemap.rules.fate.turns import turn_control, turn_order
from battlemap.rules.interface import (
    ActionKind,
    ActionRequest,
    ActionSpec,
    AttackRequest,
    Badge,
    FieldKind,
    GridDefaults,
    Movement,
    Preview,
    Resolution,
    StatField,
    TurnOrderView,
)
from battlemap.rules.registry import GameSystem, RulesError, register
from battlemap.rules.table import Board, Piece

__all__ = ["Fate"]

SKILLS = ("weapons", "fists", "might", "athletics", "archery", "alertness", "resolve")
"""The skills the stat-block form shows (others may be written in the JSON)."""

STATES = (("prone", "down"), ("surprised", "surprised"), ("immobilized", "immobilized"),
          ("full_defense", "full defense"), ("spin", "spin"), ("pinned", "pinned"))


OVERRIDES = (
    StatField("cover", "Target in cover", FieldKind.CHOICE, "Override",
              choices=("none", "cover"),
              help="the target fights from cover (+1 on the stress he deals) or not"),
    StatField("attacker_cover", "Attacker in cover", FieldKind.CHOICE, "Override",
              choices=("none", "cover"),
              help="the attacker fights from cover (+1 on the stress he deals) or not"),
    StatField("elevation", "Height", FieldKind.CHOICE, "Override", choices=("1", "0", "-1"),
              help="the attacker above the target (1), level (0) or below (-1): +1 stress "
                   "for the higher one"),
)
"""The measured facts the GM may rule otherwise (L25 height, L26 cover)."""


@register
class Fate(GameSystem):
    """FATE exchange combat: the combatant is a :class:`~battlemap.rules.fate.statblock.Combatant`.

    Zones matter more than distance: the grid is square, 1 cell = 1.5 m (a zone is drawn as
    regions of kind ``zone``; melee needs the same zone).
    """

    name: ClassVar[str] = "fate"
    title: ClassVar[str] = "FATE"
    aliases: ClassVar[tuple[str, ...]] = ("fate roman", "fate-roman", "fate rpg")
    grid: ClassVar[GridDefaults] = GridDefaults("square", "m", 1.5)

    def statblock_schema(self) -> tuple[StatField, ...]:
        skills = tuple(StatField(f"skills.{s}", s.title(), FieldKind.INTEGER, "Skills",
                                 minimum=-2, maximum=8, default=0) for s in SKILLS)
        return (*skills,
                StatField("weapon.name", "Weapon", FieldKind.TEXT, "Gear", default="Fists"),
                StatField("weapon.type", "Weapon type", FieldKind.CHOICE, "Gear",
                          choices=tuple(WEAPON_STRESS), default="sword"),
                StatField("weapon.skill", "Weapon skill", FieldKind.TEXT, "Gear",
                          help="empty: Weapons (Fists unarmed, Archery with a bow)"),
                StatField("armour", "Armour", FieldKind.CHOICE, "Gear",
                          choices=tuple(ARMOUR_STRESS), default="none"),
                StatField("shield", "Shield", FieldKind.FLAG, "Gear", default=False),
                StatField("mook", "Mook", FieldKind.FLAG, "Mook", default=False),
                StatField("toughness", "Toughness", FieldKind.INTEGER, "Mook", minimum=0,
                          maximum=8, default=0),
                StatField("health", "Health boxes", FieldKind.INTEGER, "Stress", minimum=1,
                          maximum=20, default=5),
                StatField("weight", "Weight (100 lb = 1, 150 lb = 2, 200 lb = 3)",
                          FieldKind.INTEGER, "Body", minimum=0, maximum=20, default=2),
                StatField("mounted", "Mounted", FieldKind.FLAG, "Body", default=False),
                StatField("seat", "Seat (0 = the GM's right)", FieldKind.INTEGER, "Body",
                          minimum=0, maximum=10_000),
                StatField("aspects", "Aspects", FieldKind.LIST, "Aspects", default=[]),
                StatField("refresh", "Refresh (fate points; 0: none)", FieldKind.INTEGER,
                          "Aspects", minimum=0, maximum=20, default=0))

    def settings_schema(self) -> tuple[StatField, ...]:
        return SETTINGS

    def weapon_names(self, piece: Piece) -> tuple[str, ...]:
        """The weapon in hand (a FATE fighter holds one)."""
        try:
            fighter = combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)
        except RulesError:
            return ()
        return (fighter.weapon.name,)

    def combatant_from_dict(self, data: Mapping[str, Any], where: str,
                            token_id: str) -> Combatant:
        return combatant_from_dict(data, where, token_id)

    def combatant_to_dict(self, combatant: Combatant) -> dict[str, Any]:
        return combatant_to_dict(combatant)

    def hud_fields(self) -> tuple[str, ...]:
        """The Health stress track's boxes, one switch each (``condition.stress=N``; as many
        as the fighter's ``health``, see :meth:`field_limits`)."""
        return (*super().hud_fields(), *(f"condition.stress={n}" for n in range(1, 21)))

    def field_limits(self, combatant: Combatant) -> Mapping[str, tuple[float, float]]:
        """The stress boxes a fighter has: 1 to its Health boxes; none for a mook, whose
        stress is a sum against its Toughness, not boxes."""
        return {"condition.stress": (1, 0 if combatant.mook else combatant.health)}

    def is_down(self, piece: Piece) -> bool:
        """Taken out (a mook the stress blew through included): the map greys the token."""
        try:
            fighter = combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)
        except RulesError:
            return False
        return fighter.condition.taken_out

    def badges(self, piece: Piece, board: Board) -> tuple[Badge, ...]:
        try:
            fighter = combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)
        except RulesError as error:
            return (Badge("?", str(error), "bad"),)
        return _badges(fighter, {p.id: p.name for p in board.tokens})

    def zone_labels(self, board: Board) -> Mapping[str, tuple[Badge, ...]]:
        table = board.combat.get("zone_aspects", {})
        return {zone: tuple(Badge(a, f"aspect of {zone}") for a in aspects)
                for zone, aspects in table.items()}

    def overridable(self) -> tuple[StatField, ...]:
        return OVERRIDES

    def actions(self) -> tuple[ActionSpec, ...]:
        attack = ActionSpec("attack", "Attack (start an exchange)", ActionKind.ATTACK,
                            needs_target=True)
        options = tuple(ActionSpec(stance, spec.name.capitalize(), ActionKind.OPTION, True,
                                   excludes=tuple(s for s in STANCES if s != stance),
                                   asks=MANEUVER_ASKS if "aspect" in stance else
                                   MOVE_ASKS if stance in ("maneuver:push", "maneuver:throw")
                                   else ())
                        for stance, spec in STANCES.items() if stance not in ("attack", "defend"))
        acts = tuple(ActionSpec(a, label, ActionKind.ACTION, asks=ASPECT_ASKS if "aspect" in a
                                else UNCONTESTED_ASKS if a == "maneuver" else ())
                     for a, label in ACTIONS.items())
        return (attack, *options, *acts)

    def preview_attack(self, board: Board, request: AttackRequest) -> Preview:
        return preview(board, request)

    def resolve_attack(self, board: Board, request: AttackRequest,
                       dice: DiceSource) -> Resolution:
        return resolve(board, request, dice)

    def perform_action(self, board: Board, request: ActionRequest,
                       dice: DiceSource) -> Resolution:
        return perform(board, request, dice)

    def check_combat(self, combat: Mapping[str, Any]) -> None:
        super().check_combat(combat)
        check_fate_combat(combat)

    def movement(self, piece: Piece, board: Board | None = None) -> Movement | None:
        """A move counted in zones (the text moves by zones, L43-45): one zone free, and as many
        more as a sprint's Athletics roll could win (Fate Core's reading: the text is silent),
        so the ruler goes amber past the first zone and red past 1 + Athletics.

        >>> piece = Piece("t", "Tertius", 0, 0, stats={"skills": {"athletics": 2}})
        >>> move = Fate().movement(piece)
        >>> move.pace, move.dash, move.counted_in
        (1, 3, 'zones')
        """
        del board
        try:
            who = combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)
        except RulesError:
            return None
        return Movement(1, 1 + max(who.rating("athletics"), 0), name="Free move",
                        dash_name="Sprint (an Athletics roll)", counted_in="zones")

    def turn_order(self, board: Board) -> TurnOrderView:
        return turn_order(board)

    def turn_control(self, board: Board, control: str, dice: DiceSource,
                     token: str | None = None,
                     params: Mapping[str, str] | None = None) -> Resolution:
        return turn_control(board, control, token)


ASPECT_ASKS = (
    StatField("aspect", "Aspect", FieldKind.TEXT, help="the aspect's text, e.g. On Fire"),
    StatField("zone", "Zone", FieldKind.TEXT,
              help="a zone's name to put it on the zone, scene for the scene; blank: on the "
                   "acting token"),
)
"""What adding or removing an aspect asks the GM (params ``aspect`` and ``zone``; removing
with no aspect typed lists those within reach to pick from)."""

MANEUVER_ASKS = (
    StatField("aspect", "Aspect", FieldKind.TEXT, help="the aspect's text, e.g. Off Balance"),
    StatField("on", "On", FieldKind.TEXT,
              help="zone: on the target's zone; scene: on the scene; blank: on the target"),
)
"""What the maneuvers that place or remove an aspect ask the GM (params ``aspect``, ``on``)."""


MOVE_ASKS = (
    StatField("to", "To zone", FieldKind.TEXT,
              help="the zone's name; blank: along the line from the winner"),
)
"""What a push or throw asks the GM (``params["to"]``)."""

UNCONTESTED_ASKS = (
    StatField("aspect", "Aspect", FieldKind.TEXT, help="the aspect's text, e.g. Braced"),
    StatField("skill", "Skill", FieldKind.TEXT, help="the skill rolled, e.g. athletics"),
    StatField("difficulty", "Difficulty", FieldKind.INTEGER, help="Mediocre 0, Average 1, "
              "Fair 2, Good 3, Great 4"),
    StatField("on", "On", FieldKind.TEXT,
              help="a zone's name, or scene; blank: on the acting character"),
)
"""What the uncontested maneuver asks the GM (params ``aspect``, ``skill``, ``difficulty``,
``on``)."""


def _badges(fighter: Combatant, names: Mapping[str, str]) -> tuple[Badge, ...]:
    state = fighter.condition
    if state.taken_out:
        return (Badge("Out", "taken out", "bad"),)
    marks = [_stress_badge(fighter)]
    if fighter.refresh or state.fate_points is not None:
        marks.append(Badge(f"FP {fighter.fate_points}", f"fate points (refresh "
                                                        f"{fighter.refresh or 0})"))
    marks += [Badge(f"tag: {a}", "a free tag to invoke") for a in state.free_tags]
    marks += [Badge(aspect, f"{slot} consequence", "bad") for slot, aspect in state.consequences]
    marks += [Badge(a, "aspect") for a in (*fighter.aspects, *state.aspects)]
    marks += [Badge(text, text, "bad") for key, text in STATES if getattr(state, key)]
    if state.disarmed is not None:
        marks.append(Badge("Disarmed", f"rearm at -{1 + state.disarmed}", "bad"))
    if state.grappled_by or state.grappling:
        held = state.grappled_by or state.grappling or ""
        marks.append(Badge("Grapple", f"{'held by' if state.grappled_by else 'holding'} "
                                      f"{names.get(held, held)}"))
    return tuple(m for m in marks if m.text)


def _stress_badge(fighter: Combatant) -> Badge:
    taken = fighter.condition.stress
    if fighter.mook:
        total = sum(taken)
        return Badge(f"{total}/{max(fighter.toughness, 1)}" if total else "",
                     "stress against Toughness", "bad", harm=True)
    boxes = "".join("■" if box in taken else "□" for box in range(1, fighter.health + 1))
    return Badge(boxes if taken else "", "Health stress track", "bad", harm=True)
