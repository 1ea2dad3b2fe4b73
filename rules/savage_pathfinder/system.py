"""The Savage Pathfinder entry in the game-system registry: the interface the desktop uses.

Each method hands the work to :mod:`battlemap.rules.savage_pathfinder.table` (attacks, actions,
Action Cards on a board) and turns its results into the registry's neutral values.

Examples
--------
>>> from battlemap.rules.registry import find_system
>>> system = find_system("spf")
>>> goblin = system.combatant_from_dict({"skills": {"fighting": "d6"}}, "tokens[g1].stats", "g1")
>>> system.combatant_to_dict(goblin)["skills"]
{'fighting': 'd6'}
>>> [f.key for f in system.statblock_schema()][:2]
['wild_card', 'attributes.agility']
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from battlemap.rules.dice import DiceSource
from battlemap.rules.interface import (
    ActionKind,
    ActionRequest,
    ActionSpec,
    AreaRequest,
    AttackRequest,
    Badge,
    Chance,
    Control,
    FieldKind,
    GridDefaults,
    Link,
    MenuEntry,
    Movement,
    Preview,
    Resolution,
    RollRequest,
    StatField,
    TextReading,
    TurnOrderView,
    TurnRow,
)
from battlemap.rules.registry import GameSystem, RulesError, register
from battlemap.rules.savage_pathfinder.cards import (
    CardSource,
    PhysicalCards,
    ShuffledCards,
    card_face,
    is_joker,
)
from battlemap.rules.savage_pathfinder.combat_state import check_combat as check_spf_combat
from battlemap.rules.savage_pathfinder.expressions import parse_trait_die
from battlemap.rules.savage_pathfinder.initiative import Hand, Initiative, countdown
from battlemap.rules.savage_pathfinder.initiative_json import has_joker
from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict, combatant_to_dict
from battlemap.rules.savage_pathfinder.statblock import ATTRIBUTES, Combatant, Edge
from battlemap.rules.savage_pathfinder.table import turns
from battlemap.rules.table import Board, Piece, Side

if TYPE_CHECKING:
    from battlemap.rules.savage_pathfinder.statblock_text import StatBlockText
    from battlemap.rules.savage_pathfinder.table.savage_context import Declared

__all__ = ["SavagePathfinder"]

DIE_CHOICES = ("d4", "d6", "d8", "d10", "d12", "d12+1", "d12+2")

_FLAGS = (("shaken", "SHAKEN", "#fdd835"), ("stunned", "STUN", "#ab47bc"),
          ("prone", "PRONE", "#8d6e63"), ("bound", "BOUND", "#78909c"),
          ("entangled", "ENTANGLED", "#78909c"), ("on_hold", "HOLD", "#26c6da"),
          ("distracted", "DISTRACTED", "#ef6c00"), ("vulnerable", "VULNERABLE", "#e53935"))


CONDITION_FLAGS = ("shaken", "stunned", "prone", "distracted", "vulnerable", "bound",
                   "entangled", "incapacitated")
"""The condition check boxes, in the order the form shows them."""

WEAPON_COLUMNS = (
    StatField("name", "Name", FieldKind.TEXT),
    StatField("damage", "Damage", FieldKind.TEXT, default="str"),
    StatField("ap", "AP", FieldKind.INTEGER, default=0),
    StatField("range", "Range S/M/L", FieldKind.NUMBERS),
    StatField("rof", "RoF", FieldKind.INTEGER, default=1),
    StatField("reach", "Reach", FieldKind.INTEGER, default=0),
    StatField("thrown", "Thrown", FieldKind.FLAG, default=False),
    StatField("two_handed", "2-hand", FieldKind.FLAG, default=False),
    StatField("parry", "Parry", FieldKind.INTEGER, default=0),
    StatField("off_hand", "Off-hand", FieldKind.FLAG, default=False,
              help="its Parry counts only if Ambidextrous; attacking with it alone: -2"),
)


def _schema() -> tuple[StatField, ...]:
    numbers = "Movement, defence, Bennies"
    return (
        StatField("wild_card", "Wild Card (unchecked: Extra)", FieldKind.FLAG, default=False),
        *(StatField(f"attributes.{a}", a.capitalize(), FieldKind.CHOICE, "Attributes",
                    DIE_CHOICES, default="d6") for a in ATTRIBUTES),
        StatField("skills", "Skills", FieldKind.MAPPING, "Skills", columns=(
            StatField("name", "Skill", FieldKind.TEXT),
            StatField("die", "Die", FieldKind.CHOICE, choices=DIE_CHOICES, default="d4"))),
        StatField("pace", "Pace", FieldKind.INTEGER, numbers, minimum=0, maximum=30, default=6),
        StatField("running_die", "Running die", FieldKind.CHOICE, numbers,
                  DIE_CHOICES[:5], default="d6"),
        StatField("armor", "Armor", FieldKind.INTEGER, numbers, minimum=0, maximum=30,
                  default=0),
        StatField("parry_bonus", "Parry bonus", FieldKind.INTEGER, numbers, minimum=-10,
                  maximum=10, default=0),
        StatField("toughness_bonus", "Toughness bonus", FieldKind.INTEGER, numbers,
                  minimum=-10, maximum=30, default=0),
        StatField("bennies", "Bennies", FieldKind.INTEGER, numbers, minimum=0, maximum=20,
                  default=0),
        StatField("edges", "Edges", FieldKind.LIST, "Edges",
                  tuple(edge.value for edge in Edge)),
        StatField("weapons", "Weapons", FieldKind.TABLE, "Weapons", columns=WEAPON_COLUMNS),
        *(StatField(f"condition.{flag}", flag.capitalize(), FieldKind.FLAG, "Condition",
                    default=False) for flag in CONDITION_FLAGS),
        StatField("condition.wounds", "Wounds", FieldKind.INTEGER, "Condition", minimum=0,
                  maximum=10, default=0, help="up to the creature's own limit (field_limits)"),
        StatField("condition.fatigue", "Fatigue", FieldKind.INTEGER, "Condition", minimum=0,
                  maximum=3, default=0, help="3: Incapacitated by Fatigue"),
    )


def _yes(params: Mapping[str, str], key: str) -> bool:
    return params.get(key, "no").strip().lower() in ("yes", "true", "1")


def _number(params: Mapping[str, str], key: str, default: int) -> int:
    text = params.get(key, "").strip()
    if not text:
        return default
    if not text.lstrip("-").isdigit():
        raise RulesError(f"{key}: {text!r} is not a whole number")
    return int(text)


def _amount(text: str, what: str, unit: str) -> float:
    """A number of ``unit`` typed for ``what``, not negative; blank is 0.

    >>> _amount("1.5", "hours", "hours"), _amount("", "charge", "inches")
    (1.5, 0.0)
    """
    try:
        amount = float(text.strip() or 0.0)
    except ValueError:
        raise RulesError(f"{what}: {text!r} is not a number of {unit}") from None
    if not math.isfinite(amount) or amount < 0:
        raise RulesError(f"{what}: {text!r} is not a number of {unit}")
    return amount


@cache
def called_shots() -> tuple[str, ...]:
    """The parts a Called Shot may aim at (:data:`CALLED_SHOTS`), from the attack options.

    >>> called_shots()[:2]
    ('hand', 'head')
    """
    from battlemap.rules.savage_pathfinder.situational.options import ATTACK_OPTIONS

    return tuple(o.removeprefix("called-shot-") for o in ATTACK_OPTIONS
                 if o.startswith("called-shot-"))


def options_of(request_options: tuple[str, ...], params: Mapping[str, str]) -> tuple[str, ...]:
    """The options plus those ``params`` name: ``aim`` and ``called_shot`` (a part).

    >>> options_of(("wild-attack",), {"aim": "yes", "called_shot": "head"})
    ('wild-attack', 'aim', 'called-shot-head')
    """
    part = params.get("called_shot", "").strip()
    if part and part not in called_shots():
        raise RulesError(f"called shot {part!r} is not one of {', '.join(called_shots())}")
    return (*request_options, *(("aim",) if _yes(params, "aim") else ()),
            *((f"called-shot-{part}",) if part else ()))


def declared_of(params: Mapping[str, str]) -> Declared:
    """The attacker's declarations from the request's ``params`` (see :data:`ATTACK_INPUTS`).

    >>> declared_of({"rof": "3", "running": "yes"}).shots
    3
    """
    from battlemap.rules.savage_pathfinder.situational.scale import Scale
    from battlemap.rules.savage_pathfinder.table.savage_context import Declared

    part = params.get("part_scale", "").strip().upper()
    if part and part not in Scale.__members__:
        raise RulesError(f"part_scale: {part.lower()!r} is not one of "
                         f"{', '.join(s.name.lower() for s in Scale)}")
    rof = _number(params, "rof", 1)
    if rof < 1:
        raise RulesError(f"rof {rof}: at least one die")
    return Declared(actions=_number(params, "actions", 1), running=_yes(params, "running"),
                    shots=rof, mounted=_yes(params, "mounted"),
                    straight_run=_amount(params.get("charge", ""), "charge", "inches"),
                    free_attack=_yes(params, "free_attack"),
                    through_creatures=_yes(params, "through_creatures"),
                    part_scale=Scale[part] if part else None,
                    limited=params.get("limited", ""), arm=_arm(params),
                    set_weapon=_yes(params, "set_weapon"))


def _arm(params: Mapping[str, str]) -> str | None:
    """The arm a hand or limb Called Shot strikes (``arm``: left or right), or None."""
    arm = params.get("arm", "").strip().lower()
    if arm not in ("", "left", "right"):
        raise RulesError(f"arm: {arm!r} is not left or right")
    return arm or None


@cache
def attack_inputs() -> tuple[StatField, ...]:
    """What the attack bar's Declare menu and the CLI's flags set (:data:`ATTACK_INPUTS`).

    >>> [field.key for field in attack_inputs()][:2]
    ['actions', 'rof']
    """
    from battlemap.rules.savage_pathfinder.situational.breaking import HARDNESS, DamageType
    from battlemap.rules.savage_pathfinder.situational.mounted import CHARGE_DISTANCE
    from battlemap.rules.savage_pathfinder.situational.scale import Scale
    from battlemap.rules.savage_pathfinder.table.turn_limits import LIMITED_CHOICES

    return (
        StatField("actions", "Actions (this turn)", FieldKind.INTEGER, "Declare", minimum=1,
                  maximum=3, default=1, help="Multi-Action: -2 per extra action"),
        StatField("rof", "RoF (Rate of Fire dice)", FieldKind.INTEGER, "Declare", minimum=1,
                  maximum=6, default=1, help="N dice at the one target; several targets take one "
                  "die each (Shift+click them)"),
        StatField("part_scale", "Size of the part a Called Shot aims at", FieldKind.CHOICE,
                  "Declare", choices=("", *(s.name.lower() for s in Scale)), default="",
                  help="an item's or unarmored area's Scale; for a hand, head, vitals or limb, "
                       "its own Scale when the creature is no man-sized one (default -4 / -2)"),
        StatField("arm", "Arm struck (a hand or limb Called Shot)", FieldKind.CHOICE, "Declare",
                  choices=("", "left", "right"), default="",
                  help="an Injury Table Arm result then takes this arm instead of a random one"),
        StatField("running", "Running (-2)", FieldKind.FLAG, "Declare", default=False),
        StatField("limited", "Limited (one a turn)", FieldKind.CHOICE, "Declare",
                  choices=LIMITED_CHOICES, default="",
                  help="this attack or action is a limited action, or a limited free action: a "
                  "second of the same kind in one turn is refused"),
        StatField("mounted", "Mounted (lower of Fighting and Riding)", FieldKind.FLAG, "Declare",
                  default=False),
        StatField("charge", "Charge (inches run straight; mounted, 5 or more: +4 damage)",
                  FieldKind.NUMBER, "Declare", choices=("0", f"{CHARGE_DISTANCE:g}"),
                  minimum=0, maximum=100, default=0),
        StatField("set_weapon", "Set against a charge (Reach 1+, interrupt won: +4 damage)",
                  FieldKind.FLAG, "Declare", default=False),
        StatField("through_creatures", "Through creatures (each in the way: -Toughness)",
                  FieldKind.FLAG, "Declare", default=False),
        StatField("soak", "Soak (Bennies the target spends)", FieldKind.INTEGER, "Target",
                  minimum=0, maximum=5, default=0,
                  help="one Soak roll, then rerolls while Bennies last"),
        StatField("push", "Push (instead of attacking)", FieldKind.FLAG, "Target", default=False,
                  help='opposed Strength: 1" back, 2" with a raise'),
        StatField("evadable", "Evadable (area attacks)", FieldKind.FLAG, "Target", default=False,
                  help="each victim rolls Agility -2 and steps clear of the template"),
        StatField("called_shot", "Called Shot", FieldKind.CHOICE, "Options",
                  choices=("", *called_shots(), "weapon"), default="",
                  help="the same as the option called-shot-PART (Disarm: hand, limb or weapon)"),
        StatField("aim", "Aimed last turn", FieldKind.FLAG, "Options", default=False,
                  help="the same as the option aim"),
        StatField("skill", "Skill of a Test or Support", FieldKind.TEXT, "Action",
                  help="Test: taunt by default; Support: fighting"),
        StatField("effect", "What a won Test inflicts", FieldKind.CHOICE, "Action",
                  choices=("distracted", "vulnerable"), default="distracted"),
        StatField("details", "Test with telling details (+2)", FieldKind.FLAG, "Action",
                  default=False, help="a clever or well-described Test: the GM's call"),
        StatField("catastrophic", "Catastrophic damage (no cap of four Wounds)", FieldKind.FLAG,
                  "Action", default=False, help="with --action apply-damage: a great fall, lava"),
        StatField("trait", "Trait to break free with", FieldKind.CHOICE, "Action",
                  choices=("strength", "athletics"), default="strength"),
        StatField("device", "Held by a device (net, manacles): no retry after a failure",
                  FieldKind.FLAG, "Action", default=False,
                  help="breaking free: a failure blocks new tries until the situation changes"),
        StatField("hardness", "Hardness of the object broken", FieldKind.INTEGER, "Action",
                  minimum=0, maximum=100, default=8),
        StatField("object", "Object broken (sets its Hardness)", FieldKind.CHOICE, "Action",
                  choices=("", *HARDNESS), default=""),
        StatField("damage_type", "Damage type against the object", FieldKind.CHOICE, "Action",
                  choices=("", *DamageType), default="",
                  help="a club can't cut a rope: the types that cannot break the object are "
                  "refused"),
        StatField("items", "Items readied", FieldKind.INTEGER, "Action", minimum=1, maximum=10,
                  default=3),
    )


ACTION_ASKS = {
    "gain-fatigue": (
        StatField("source", "Source of the Fatigue", FieldKind.TEXT, "Action",
                  help="cold, hunger, a spell"),
        StatField("hours", "Hours until it wears off", FieldKind.NUMBER, "Action", minimum=0,
                  help="blank: not tracked")),
    "time-passes": (StatField("hours", "Hours that pass", FieldKind.NUMBER, "Action",
                              minimum=0, help="Fatigue wears off by its sources"),),
    "apply-damage": (StatField("damage", "Damage", FieldKind.TEXT, "Action",
                               help="dice and a bonus, e.g. 3d6 or 2d10+2"),),
}
"""What the GM types in for an action before it is done (the desktop asks for each)."""

OVERRIDES = (
    StatField("range_band", "Range band", FieldKind.CHOICE, "Override",
              choices=("short", "medium", "long", "extreme")),
    StatField("cover", "Cover", FieldKind.CHOICE, "Override",
              choices=("none", "light", "medium", "heavy", "near_total")),
    StatField("illumination", "Illumination", FieldKind.CHOICE, "Override",
              choices=("bright", "dim", "dark", "pitch")),
    StatField("gang_up", "Gang up", FieldKind.CHOICE, "Override",
              choices=("0", "1", "2", "3", "4")),
)
"""The measured facts the GM may rule otherwise (the log names each ruling)."""


def __getattr__(name: str) -> tuple[str, ...] | tuple[StatField, ...]:
    """``CALLED_SHOTS`` and ``ATTACK_INPUTS``, made at their first use (:func:`called_shots`,
    :func:`attack_inputs`): the modules they come from wait for the first attack."""
    if name == "CALLED_SHOTS":
        return called_shots()
    if name == "ATTACK_INPUTS":
        return attack_inputs()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _fatigue_tip(board: Board, token: str) -> str:
    """``Fatigue``, with its recorded sources and their hours left (Mixed Fatigue)."""
    from battlemap.rules.savage_pathfinder.table.recovery_steps import fatigue_sources

    sources = fatigue_sources(board, token)
    return "Fatigue" + (": " + ", ".join(f"{w} ({h:g} h left)" for w, h in sources)
                        if sources else "")


def _named(board: Board, text: str) -> str:
    """``text`` (a rules message, which names combatants by their token ids) with each token's
    id as its name, for the GM (ids of one or two letters are left alone: they are words too).

    Examples
    --------
    >>> from battlemap.rules.table import Piece
    >>> from battlemap.rules.testing import open_board
    >>> board = open_board((Piece("gob-1", "Goblin", 0.5, 0.5), Piece("a", "Ann", 1.5, 0.5)))
    >>> _named(board, "gob-1 cannot attack: a foe holds gob-1x")
    'Goblin cannot attack: a foe holds gob-1x'
    """
    for token in board.tokens:
        if token.id != token.name and (len(token.id) > 2 or any(c.isdigit() for c in token.id)):
            text = re.sub(rf"(?<![\w-]){re.escape(token.id)}(?![\w-])", token.name, text)
    return text


def _names(board: Board) -> dict[str, str]:
    return {t.id: t.name for t in board.tokens}


@register
class SavagePathfinder(GameSystem):
    """Savage Pathfinder (Savage Worlds rules): the combatant is a :class:`Combatant`."""

    name: ClassVar[str] = "savage-pathfinder"
    title: ClassVar[str] = "Savage Pathfinder"
    aliases: ClassVar[tuple[str, ...]] = ("spf", "savage pathfinder")
    grid: ClassVar[GridDefaults] = GridDefaults("square", "in", 1.0)

    def statblock_schema(self) -> tuple[StatField, ...]:
        return _schema()

    def combatant_from_dict(self, data: Mapping[str, Any], where: str,
                            token_id: str) -> Combatant:
        return combatant_from_dict(data, where, token_id)

    def combatant_to_dict(self, combatant: Combatant) -> dict[str, Any]:
        return combatant_to_dict(combatant)

    def derived_text(self, combatant: Combatant) -> str:
        """``Parry 6  Toughness 8 (2)``: Parry and Toughness as the engine works them out."""
        return f"Parry {combatant.parry}  Toughness {combatant.toughness} ({combatant.armor})"

    def hud_fields(self) -> tuple[str, ...]:
        """The condition's switches and counts, then the Bennies."""
        return (*super().hud_fields(), "bennies")

    def field_limits(self, combatant: Combatant) -> Mapping[str, tuple[float, float]]:
        """Wounds up to the engine's limit (3 for a Wild Card, 0 for an Extra)."""
        return {"condition.wounds": (0, combatant.max_wounds)}

    def statblock_edited(self, board: Board, token_id: str, stats: Mapping[str, Any]) -> Board:
        """The block set; Stunned switched on brings Distracted (timed), Vulnerable and prone,
        logged (S152-158: :mod:`.table.statblock_edits`)."""
        from battlemap.rules.savage_pathfinder.table.statblock_edits import statblock_edited

        return statblock_edited(board, token_id, stats)

    def badges(self, piece: Piece, board: Board) -> tuple[Badge, ...]:
        """SHAKEN, FAT n, STUN, PRONE ... from the condition, JOKER from the Action Cards.

        >>> piece = Piece("a", "A", 0, 0, stats={"condition": {"shaken": True, "fatigue": 2}})
        >>> from battlemap.rules.testing import open_board
        >>> [b.text for b in SavagePathfinder().badges(piece, open_board())]
        ['SHAKEN', 'FAT 2']

        An Incapacitated Extra is out of the fight: no SHAKEN (a Wild Card keeps it).

        >>> extra = Piece("g", "G", 0, 0, stats={"condition": {"shaken": True,
        ...                                                     "incapacitated": True}})
        >>> [b.text for b in SavagePathfinder().badges(extra, open_board())]
        []
        """
        raw = piece.stats.get("condition", {})
        condition = raw if isinstance(raw, Mapping) else {}
        out = bool(condition.get("incapacitated"))
        found = [Badge(text, key.replace("_", " "), color=color) for key, text, color in _FLAGS
                 if condition.get(key)
                 and not (out and key == "shaken" and not piece.stats.get("wild_card"))]
        fatigue = condition.get("fatigue")
        if isinstance(fatigue, int) and fatigue > 0:
            found.insert(1 if condition.get("shaken") else 0,
                         Badge(f"FAT {fatigue}", _fatigue_tip(board, piece.id),
                               color="#ff9800"))
        if has_joker(board.combat, piece.id) and not out:  # out of the fight: no turn
            found.append(Badge("JOKER", "dealt a Joker: +2 to every trait roll",
                               color="#ffd700"))
        return tuple(found)

    def harm(self, piece: Piece) -> int:
        """The token's Wounds.

        >>> SavagePathfinder().harm(Piece("a", "A", 0, 0, stats={"condition": {"wounds": 2}}))
        2
        """
        raw = piece.stats.get("condition", {})
        wounds = raw.get("wounds", 0) if isinstance(raw, Mapping) else 0
        return wounds if isinstance(wounds, int) else 0

    def movement(self, piece: Piece, board: Board | None = None) -> Movement | None:
        """Pace as this turn allows it (Wounds, 0 when Entangled, Bound, Stunned or
        Incapacitated), running in combat (Pace plus the running die's highest roll), the
        sprint out of it, and the ways of moving (:mod:`.table.moving`).

        >>> move = SavagePathfinder().movement(Piece("a", "A", 0, 0, stats={
        ...     "pace": 6, "running_die": "d8", "condition": {"wounds": 2}}))
        >>> move.pace, move.dash, [m.id for m in move.modes]
        (4, 28, ['walk', 'climb', 'crawl', 'swim', 'jump'])
        """
        from battlemap.rules.savage_pathfinder.table import moving as table_moving

        return table_moving.movement_of(piece, board)

    def moved(self, board: Board, token_id: str, cost: float, mode: str) -> Board:
        """In combat, note the Pace ``token_id`` used this turn (see :mod:`.table.moving`)."""
        from battlemap.rules.savage_pathfinder.table import moving as table_moving

        return table_moving.note_move(board, token_id, cost)

    def links(self, board: Board) -> tuple[Link, ...]:
        """Each rider and his mount (they move together); no rider, no link (and the mounts'
        rules, with the attack pipeline they import, stay unloaded until one mounts)."""
        from battlemap.rules.savage_pathfinder.table.riders import pairs


        if not pairs(board):
            return ()
        from battlemap.rules.savage_pathfinder.table.mounts import mount_links


        return mount_links(board)

    def is_down(self, piece: Piece) -> bool:
        raw = piece.stats.get("condition", {})
        return isinstance(raw, Mapping) and bool(raw.get("incapacitated"))

    def actions(self) -> tuple[ActionSpec, ...]:
        from battlemap.rules.savage_pathfinder.situational.options import (
            ACTIONS,
            ATTACK_OPTIONS,
            AUTOMATIC_RULES,
        )
        from battlemap.rules.savage_pathfinder.table import actions as table_actions

        options = tuple(ActionSpec(o.id, o.name, ActionKind.OPTION, excludes=o.excludes,
                                   help=o.description) for o in ATTACK_OPTIONS.values())
        acts = tuple(ActionSpec(o.id, o.name, ActionKind.ACTION, needs_target=o.targets,
                                free=table_actions.is_free(o.id), help=o.description,
                                asks=ACTION_ASKS.get(o.id, ()))
                     for o in ACTIONS.values())
        rules = tuple(ActionSpec(o.id, o.name, ActionKind.AUTOMATIC, help=o.description)
                      for o in AUTOMATIC_RULES.values())
        return (ActionSpec("attack", "Attack", ActionKind.ATTACK, needs_target=True),
                ActionSpec("template", "Template", ActionKind.TEMPLATE), *options, *acts,
                *rules)

    def weapon_names(self, piece: Piece) -> tuple[str, ...]:
        """The stat block's weapons, by name, then the improvised ones anyone may pick up (a
        token whose block does not parse: none)."""
        from battlemap.rules.savage_pathfinder.situational.improvised import IMPROVISED_NAMES

        try:
            fighter = combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)
        except RulesError:
            return ()
        return tuple(dict.fromkeys((*(w.name for w in fighter.weapons), *IMPROVISED_NAMES)))

    def action_menu(self, board: Board, actor: str | None) -> tuple[MenuEntry, ...]:
        from battlemap.rules.savage_pathfinder.table import menu as table_menu

        return table_menu.action_menu(board, actor)

    def attack_inputs(self) -> tuple[StatField, ...]:
        return attack_inputs()

    def overridable(self) -> tuple[StatField, ...]:
        return OVERRIDES

    def trait_odds(self, params: Mapping[str, str]) -> Preview:
        """A bare trait roll: ``trait`` (``d8``, ``d12+1``, ``unskilled``), ``wild``, ``mod``,
        ``tn``.

        >>> odds = SavagePathfinder().trait_odds({"trait": "d8", "mod": "-2"})
        >>> odds.title, [(c.label, c.exact) for c in odds.chances][3]
        ('d8 -2 vs TN 4', ('raise', '7/64'))
        """
        from battlemap.rules.savage_pathfinder.odds import trait_odds

        trait = params.get("trait", "").strip()
        die = None if trait.lower() == "unskilled" else parse_trait_die(trait, "--trait")
        wild, modifier = _yes(params, "wild"), _number(params, "mod", 0)
        target = _number(params, "tn", 4)
        odds = trait_odds(die, wild_card=wild, modifier=modifier, target=target)
        rows = (("critical failure", odds.critical_failure), ("failure", odds.failure),
                ("success", odds.success), ("raise", odds.raise_),
                ("success or better", odds.success_or_better))
        name = "unskilled d4-2" if die is None else str(die)
        title = (f"{name}{' (Wild Card)' if wild else ''}"
                 f"{f' {modifier:+d}' if modifier else ''} vs TN {target}")
        return Preview("", "", None, (title,),
                       tuple(Chance(label, float(p), str(p)) for label, p in rows), title=title)

    def preview_attack(self, board: Board, request: AttackRequest) -> Preview:
        from battlemap.rules.savage_pathfinder.table.pipeline import AttackError, preview_attack
        from battlemap.rules.savage_pathfinder.table.preview_text import (
            attack_odds_rows,
            card_lines,
        )
        from battlemap.rules.savage_pathfinder.table.push_action import (
            push_card_lines,
            push_problem,
        )
        from battlemap.rules.savage_pathfinder.table.summary import preview_data, preview_title

        params = request.params
        if _yes(params, "push"):
            lines = push_card_lines(board, request.attacker, request.target)
            problem = push_problem(board, request.attacker, request.target)
            return Preview(request.attacker, request.target, None, tuple(lines),
                           problem=problem)
        try:
            planned = preview_attack(board, request.attacker, request.target, request.weapon,
                                     options_of(request.options, params), request.overrides,
                                     declared_of(params), _number(params, "soak", 0))
        except (AttackError, ValueError) as error:
            raise RulesError(_named(board, str(error))) from None
        rows = attack_odds_rows(planned.odds) if planned.odds else []
        return Preview(planned.attacker, planned.target, planned.weapon,
                       tuple(card_lines(planned, _names(board))),
                       tuple(Chance(label, p) for label, p in rows),
                       _named(board, planned.problem) if planned.problem else None,
                       planned.notes, preview_data(planned), preview_title(planned, board))

    def resolve_attack(self, board: Board, request: AttackRequest,
                       dice: DiceSource) -> Resolution:
        from battlemap.rules.savage_pathfinder.table import actions as table_actions
        from battlemap.rules.savage_pathfinder.table.action_steps import (
            ActionRequest as SavageAction,
        )
        from battlemap.rules.savage_pathfinder.table.mounts import keep_seat
        from battlemap.rules.savage_pathfinder.table.pipeline import AttackError, resolve_attack
        from battlemap.rules.savage_pathfinder.table.summary import action_data, attack_data
        from battlemap.rules.savage_pathfinder.table.volley import resolve_volley

        params = request.params
        try:
            if _yes(params, "push"):  # an action like the menu's Push: turn, limits, running
                pushed = table_actions.perform_action(board, SavageAction(
                    "push", request.attacker, request.target, gm_override=request.gm_override,
                    running=_yes(params, "running"), limited=params.get("limited", ""),
                    trait=params.get("trait", "strength")), dice)
                return keep_seat(board, Resolution(pushed.events, pushed.board,
                                                   pushed.entry.title, pushed.entry.lines,
                                                   data=action_data(pushed.board)), dice,
                                 request.answers)
            declared = declared_of(params)
            soak = _number(params, "soak", 0)
            if request.also:
                if declared.shots not in (1, 1 + len(request.also)):
                    raise RulesError(f"rof {declared.shots} but {1 + len(request.also)} "
                                     "targets: each target takes one die")
                result = resolve_volley(board, request.attacker,
                                        (request.target, *request.also), dice,
                                        request.weapon, options_of(request.options, params),
                                        request.overrides, soak, replace(declared, shots=1),
                                        gm_override=request.gm_override)
            else:
                result = resolve_attack(board, request.attacker, request.target, dice,
                                        request.weapon, options_of(request.options, params),
                                        request.overrides,
                                        soak_bennies=soak, declared=declared,
                                        gm_override=request.gm_override)
        except (AttackError, ValueError) as error:
            raise RulesError(_named(board, str(error))) from None
        joker = result.preview.context.joker
        return keep_seat(board, Resolution(result.events, result.board, result.entry.title,
                                           result.entry.lines, data=attack_data(result),
                                           flourish=result.preview.attacker if joker else None),
                         dice, request.answers)

    def resolve_area(self, board: Board, request: AreaRequest, dice: DiceSource) -> Resolution:
        from battlemap.rules.savage_pathfinder.table.mounts import keep_seat
        from battlemap.rules.savage_pathfinder.table.pipeline import AttackError
        from battlemap.rules.savage_pathfinder.table.summary import area_data
        from battlemap.rules.savage_pathfinder.table.template_attack import resolve_template

        try:
            area = resolve_template(board, request.attacker, request.shape, request.at, dice,
                                    rotation=request.rotation, weapon=request.weapon,
                                    options=options_of(request.options, request.params),
                                    overrides=request.overrides,
                                    evadable=_yes(request.params, "evadable"),
                                    actions=_number(request.params, "actions", 1),
                                    running=_yes(request.params, "running"))
        except (AttackError, ValueError) as error:
            raise RulesError(_named(board, str(error))) from None
        return keep_seat(board, Resolution(area.events, area.board, area.entry.title,
                                           area.entry.lines, data=area_data(area)), dice)

    def traits(self, piece: Piece) -> tuple[str, ...]:
        """The five attributes, then the token's skills."""
        from battlemap.rules.savage_pathfinder.table.rolls import traits_of

        try:
            fighter = combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)
        except RulesError:
            return ()
        return traits_of(fighter)

    def preview_roll(self, board: Board, request: RollRequest) -> Preview:
        from battlemap.rules.savage_pathfinder.table.rolls import plan_roll

        checks = plan_roll(board, request.actors, request.trait)
        first = checks[0]
        odds = first.odds
        lines = tuple(f"{c.actor}: {c.die or 'unskilled d4-2'}"
                      + "".join(f", {m}" for m in c.modifiers) + f" vs {c.target}"
                      for c in checks)
        chances = (Chance("critical failure", float(odds.critical_failure),
                          str(odds.critical_failure)),
                   Chance("success or better", float(odds.success_or_better),
                          str(odds.success_or_better)),
                   Chance("raise", float(odds.raise_), str(odds.raise_)))
        return Preview(request.actors[0], "", None, lines, chances,
                       title=f"{request.trait.title()}: {lines[0]}")

    def roll(self, board: Board, request: RollRequest, dice: DiceSource) -> Resolution:
        from battlemap.rules.events import describe
        from battlemap.rules.savage_pathfinder.table.rolls import roll_traits, supports_used

        events, title = roll_traits(board, request.actors, request.trait, dice)
        return Resolution(events, supports_used(board, request.actors, request.trait), title,
                          tuple(describe(e) for e in events))

    def statblock_from_text(self, text: str) -> TextReading:
        """A stat block as the books print it ("Attributes: Agility d8, ... Pace: 6; Parry:
        5; Toughness: 7 (2) ... Gear: ..."): see
        :mod:`battlemap.rules.savage_pathfinder.statblock_text`."""
        from battlemap.rules.savage_pathfinder.statblock_text import read_stat_block

        return _text_reading(read_stat_block(text))

    def character_from_sheet(self, data: bytes, filename: str) -> tuple[str, dict[str, Any]]:
        """An actor exported from Foundry VTT's SWADE system: see
        :mod:`battlemap.rules.savage_pathfinder.foundry_actor`."""
        reading = self.sheet_reading(data, filename)
        return reading.name or filename, dict(reading.stats)

    def sheet_reading(self, data: bytes, filename: str) -> TextReading:
        from battlemap.rules.savage_pathfinder.foundry_actor import read_foundry_actor

        return _text_reading(read_foundry_actor(data, filename))

    def statblocks_from_text(self, text: str) -> tuple[TextReading, ...]:
        """Several stat blocks pasted at once: a block starts at the name before each
        further Attributes line
        (:func:`battlemap.rules.savage_pathfinder.statblock_text.split_blocks`)."""
        from battlemap.rules.savage_pathfinder.statblock_text import read_stat_blocks

        return tuple(_text_reading(read) for read in read_stat_blocks(text))

    def preview_action(self, board: Board, request: ActionRequest) -> Preview:
        from battlemap.rules.savage_pathfinder.table import actions as table_actions

        problem = table_actions.action_problem(board, request.actor, request.action)
        lines = table_actions.action_card_lines(board, request.action, request.actor,
                                                request.target or request.actor,
                                                request.params.get("title", ""))
        return Preview(request.actor, request.target or "", None, tuple(lines),
                       problem=problem)

    def perform_action(self, board: Board, request: ActionRequest,
                       dice: DiceSource) -> Resolution:
        from battlemap.rules.savage_pathfinder.table import actions as table_actions
        from battlemap.rules.savage_pathfinder.table.action_steps import (
            ActionRequest as SavageAction,
        )
        from battlemap.rules.savage_pathfinder.table.mounts import keep_seat
        from battlemap.rules.savage_pathfinder.table.pipeline import AttackError
        from battlemap.rules.savage_pathfinder.table.summary import action_data

        params = request.params
        try:
            asked = SavageAction(
                request.action, request.actor, request.target, weapon=params.get("weapon"),
                skill=params.get("skill"),
                effect=params.get("effect", "distracted").capitalize(),
                trait=params.get("trait", "strength"), device=_yes(params, "device"),
                source=params.get("source", ""),
                hours=_amount(params.get("hours", ""), "hours", "hours"),
                hardness=_number(params, "hardness", 8),
                items=_number(params, "items", 3), wild_attack=_yes(params, "wild_attack"),
                part=params.get("part") or params.get("called_shot") or "hand",
                dice_count=_number(params, "rof", 1),
                rough_surface=params.get("rough_surface", "yes") != "no",
                gm_override=request.gm_override, limited=params.get("limited", ""),
                running=_yes(params, "running"), details=_yes(params, "details"),
                damage=params.get("damage", ""), catastrophic=_yes(params, "catastrophic"),
                soak=_number(params, "soak", 0), thing=params.get("object", ""),
                damage_type=params.get("damage_type", ""))
            result = table_actions.perform_action(board, asked, dice)
        except (AttackError, ValueError) as error:
            raise RulesError(_named(board, str(error))) from None
        return keep_seat(board, Resolution(result.events, result.board, result.entry.title,
                                           result.entry.lines, data=action_data(result.board)),
                         dice)

    def check_combat(self, combat: Mapping[str, Any]) -> None:
        super().check_combat(combat)
        check_spf_combat(combat)

    def turn_order(self, board: Board) -> TurnOrderView:
        state = turns.initiative(board)
        ordered = [state.hand(key) for key in countdown(state)]
        ordered += [hand for hand in state.hands if hand.key not in state.cards]
        rows = tuple(_row(state, hand) for hand in ordered)
        fighting = state.round > 0
        idle = None if fighting else "no combat is running"
        controls = (
            Control("deal", "Start next round" if fighting else "Deal"),
            Control("next", "Next turn (N)", fighting, idle, shortcut="N"),
            Control("hold", "Hold", fighting, idle),
            Control("act-now", "Act now", fighting, idle, needs_token=True),
            Control("interrupt", "Interrupt", fighting, idle, needs_token=True),
            Control("end", "End combat", fighting, idle),
        )
        header = (f"Round {state.round} · {len(state.deck)} cards left in the deck" if fighting
                  else "No combat: press Deal to shuffle and deal Action Cards.")
        return TurnOrderView(state.round, rows, controls, "action cards", header, TURN_INPUTS)

    def turn_control(self, board: Board, control: str, dice: DiceSource,
                     token: str | None = None,
                     params: Mapping[str, str] | None = None) -> Resolution:
        """Deal (begin combat, with Surprise and Large Groups, or the next round), Next turn
        (dealing the next round when this one is over), Hold, Act now, Interrupt, End combat.
        Cards typed in ``params["cards"]`` are dealt instead of the shuffled deck. A token
        whose turn starts rolls to recover, the dice after the cards: Vigor when Stunned
        (S159), then Spirit when Shaken (C23, C60)."""
        from battlemap.rules.savage_pathfinder.table import turn_rolls

        given = params or {}
        steps: dict[str, Callable[[], turns.Step]] = {
            "deal": lambda: _deal(board, dice, given),
            "next": lambda: _next(board, dice, given),
            "hold": lambda: turns.go_on_hold(board, _acting_choice(board, token)),
            "act-now": lambda: turns.act_now(board, _chosen(token)),
            "interrupt": lambda: turn_rolls.roll_interrupt(board, _chosen(token), dice,
                                                           set_weapon=_yes(given, "set_weapon")),
            "end": lambda: turns.end_combat(board),
        }
        if control not in steps:
            raise RulesError(f"unknown turn control {control!r}; controls: {', '.join(steps)}")
        try:
            after, entry = steps[control]()
            after, recovered = turn_rolls.recover_at_turn_start(board, after, dice)
        except (ValueError, KeyError) as error:
            raise RulesError(str(error).strip("'\"")) from None
        return Resolution((), after, entry.title, (*entry.lines, *recovered),
                          data={"step": _step_name(board, control)})


TURN_INPUTS = (
    StatField("cards", "Cards dealt at the table", FieldKind.TEXT, "Deal",
              help="e.g. KS 10H RJ: dealt instead of the program's shuffled deck"),
    StatField("large_groups", "Large groups: one card per side", FieldKind.FLAG, "Deal",
              default=False),
    StatField("surprise", "Surprise", FieldKind.CHOICE, "Deal",
              choices=("", Side.HERO.value, Side.VILLAIN.value), default="",
              help="that side ambushes: it starts on Hold, the others roll Notice"),
    StatField("set_weapon", "Interrupt: a weapon set against a charge", FieldKind.FLAG,
              "Interrupt", default=False,
              help="the interrupter sets a Reach weapon against the acting rider's charge: "
                   "whoever has the most Reach adds +2 to the Athletics"),
)


def _step_name(board: Board, control: str) -> str:
    """What the undo menu calls a press of ``control`` (a Next turn that deals is a deal)."""
    state = turns.initiative(board)
    if control == "next" and state.round and not state.acting:
        control = "deal"
    if control == "deal":
        return "Deal a round" if state.round else "Begin combat"
    return {"next": "Next turn", "hold": "Go on Hold", "act-now": "Act from Hold",
            "interrupt": "Interrupt", "end": "End combat"}[control]


def _cards(dice: DiceSource, params: Mapping[str, str]) -> CardSource:
    codes = params.get("cards", "").replace(",", " ").split()
    return PhysicalCards(codes) if codes else ShuffledCards(dice)


def _deal(board: Board, dice: DiceSource, params: Mapping[str, str]) -> turns.Step:
    from battlemap.rules.savage_pathfinder.table import turn_rolls

    if turns.initiative(board).round:
        return turns.deal_round(board, _cards(dice, params))
    large = _yes(params, "large_groups")
    ambushers = params.get("surprise", "")
    if not ambushers:
        return turns.begin_combat(board, _cards(dice, params), large_groups=large)
    return turn_rolls.begin_ambush(board, _cards(dice, params), Side(ambushers), dice,
                                   large_groups=large)


def _next(board: Board, dice: DiceSource, params: Mapping[str, str]) -> turns.Step:
    state = turns.initiative(board)
    if state.round and not state.acting:
        return _deal(board, dice, params)
    return turns.next_turn(board)


def _acting_choice(board: Board, token: str | None) -> str:
    acting = turns.initiative(board).acting
    if not acting:
        raise ValueError("nobody is acting now, so nobody can go on Hold")
    return token if token in acting else acting[0]


def _chosen(token: str | None) -> str:
    if token is None:
        raise ValueError("select a hand on Hold (or holding a Joker) in the list first")
    return token


def _row(state: Initiative, hand: Hand) -> TurnRow:
    card = state.cards.get(hand.key)
    tint = "gold" if card and is_joker(card) else "red" if card and card[-1] in "HD" else ""
    return TurnRow(hand.key, hand.label, card_face(card) if card else "—",
                   acting=hand.key in state.acting, waiting=hand.key in state.on_hold,
                   done=hand.key in state.acted, members=hand.members,
                   status=_status(state, hand.key), tint=tint)


def _status(state: Initiative, key: str) -> str:
    if key in state.acting:
        return "acting"
    if key in state.on_hold:
        return "Hold"
    if key in state.queued:
        return "acts next"
    if key in state.acted:
        return "done"
    return "" if key in state.cards else "no card"


def _text_reading(read: StatBlockText) -> TextReading:
    """A stat block read from text as the interface's :class:`TextReading`."""
    fields = tuple((r.field, r.value, r.source) for r in read.readings)
    if all(field == "wild_card" for field, _, _ in fields):
        fields = ()  # a name line alone is no stat block
    return TextReading(read.name, read.stats, fields,
                       tuple(f"{u.text}: {u.why}" for u in (*read.unread, *read.ignored)),
                       tuple(f"{m.field}: printed {m.printed}, derived {m.derived}"
                             f" ({m.why})" for m in read.mismatches))
