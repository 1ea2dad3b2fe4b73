"""Savage Pathfinder: what the map measured -> the rules' :class:`AttackFacts` and context.

This is the one place where geometry's survey becomes rules input for this system. It turns
the survey of one attacker and one target into the plain facts the situational rules read
(:func:`battlemap.rules.savage_pathfinder.situational.situation.situate` then applies Cover, prone
targets, light, Gang Up, obstacles, Ranged Weapons in Melee and the chosen options):

- the range band (a melee weapon out of reach, a target beyond 4 x Long, or no line of sight
  make the attack impossible: :attr:`Translation.problem` says why);
- the Cover category geometry measured (so the preview, ``battlemap survey`` and the log agree);
- the Hardness of every obstacle the line of fire crosses;
- for Gang Up, the attacker's other allies adjacent to the defender (not Stunned or
  Incapacitated) and the defender's allies adjacent to both;
- whether the attacker is in melee (a foe adjacent) and the target adjacent;
- the light at the target, and the Joker from the Action Cards;
- the timed states stored in the board (:mod:`.timed_states`): a target who
  Defends, a Support bonus waiting for the attacker's skill, an Aim from last turn (applied
  only to the first action of the turn).

What the player declares and the map cannot see (Multi-Actions, running, Rate of Fire,
fighting mounted, a charge's straight run) comes in a :class:`Declared`.

The GM may override the band, the Cover, the light and Gang Up (:data:`OVERRIDABLE`); each
override is applied and named in :attr:`Translation.notes`.

Examples
--------
>>> OVERRIDABLE
('range_band', 'cover', 'illumination', 'gang_up')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol, TypeVar

from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import (
    AttackContext,
    AttackKind,
    CalledShot,
    Cover,
    Illumination,
    RangeBand,
)
from battlemap.rules.savage_pathfinder.initiative_json import has_joker
from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict
from battlemap.rules.savage_pathfinder.situational.maneuvers import counts_for_gang_up
from battlemap.rules.savage_pathfinder.situational.natural import bite_problem
from battlemap.rules.savage_pathfinder.situational.scale import Scale
from battlemap.rules.savage_pathfinder.situational.situation import AttackFacts, Situated, situate
from battlemap.rules.savage_pathfinder.situational.support import support_bonus
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon
from battlemap.rules.savage_pathfinder.table.moving import aim_problem
from battlemap.rules.savage_pathfinder.table.riders import mount_of
from battlemap.rules.savage_pathfinder.table.timed_states import (
    acted,
    aimed,
    defending,
    holding,
    ran,
    support_for,
)
from battlemap.rules.savage_pathfinder.table.turn_limits import ActionKind, actions_counted, kind_of
from battlemap.rules.table import Board, Piece, Side

__all__ = ["NOTHING_DECLARED", "OVERRIDABLE", "Declared", "Facts", "Situation", "Translation",
           "translate"]

OVERRIDABLE = ("range_band", "cover", "illumination", "gang_up")
"""What a GM may set by hand instead of the measured value."""

EnumT = TypeVar("EnumT", bound=StrEnum)


class ObstacleFact(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def hardness(self) -> float: ...


class Facts(Protocol):
    """What the pipeline reads of geometry's survey of one attacker and one target."""

    @property
    def distance(self) -> float: ...
    @property
    def range_band(self) -> str: ...
    @property
    def cover_fraction(self) -> float: ...
    @property
    def cover(self) -> str: ...
    @property
    def obstacles(self) -> Sequence[ObstacleFact]: ...
    @property
    def adjacent_to_attacker(self) -> Sequence[str]: ...
    @property
    def adjacent_to_target(self) -> Sequence[str]: ...
    @property
    def illumination(self) -> str: ...
    @property
    def bystanders(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class Declared:
    """What the attacker declares for this attack: ``actions`` this turn (Multi-Action, -2 per
    extra), ``running`` (-2), ``shots`` (Rate of Fire dice at this target), ``mounted`` (the
    lower of Fighting and Riding), ``straight_run`` (inches in a straight line: a mounted
    charge past 5\" adds +4 damage), ``free_attack`` (unaltered by options: a withdrawal),
    ``through_creatures`` (the attack goes through every creature in the line of fire: each
    subtracts its Toughness from the damage), ``part_scale`` (the Scale of the item or
    unarmored area a Called Shot aims at: a dagger Very Small, an eye slit Tiny), ``arm``
    ("left" or "right": the arm a hand or limb Called Shot strikes, which an Injury Table Arm
    result then takes instead of rolling a side), ``set_weapon`` (a Reach weapon set against
    the target's charge, the interrupt won: +4 damage)."""

    actions: int = 1
    running: bool = False
    shots: int = 1
    mounted: bool = False
    straight_run: float = 0.0
    free_attack: bool = False
    through_creatures: bool = False
    part_scale: Scale | None = None
    limited: str = ""
    """Declared a limited action or limited free action (:mod:`.turn_limits`)."""
    arm: str | None = None
    set_weapon: bool = False


NOTHING_DECLARED = Declared()
"""A single attack, standing still, one die, on foot."""


@dataclass(frozen=True, slots=True)
class Situation:
    """One attack as the pipeline sees it: who, with what, what the map measured."""

    board: Board
    attacker: Piece
    target: Piece
    attacker_stats: Combatant
    target_stats: Combatant
    weapon: Weapon
    facts: Facts


@dataclass(frozen=True, slots=True)
class Translation:
    """What the rules will use, the log notes it brings, and why the attack cannot be made."""

    situated: Situated
    notes: tuple[str, ...] = ()
    problem: str | None = None

    @property
    def context(self) -> AttackContext:
        return self.situated.context


def _choice(kind: type[EnumT], value: str, what: str) -> EnumT:
    wanted = value.strip().lower().replace("_", " ")
    for member in kind:
        if member.value == wanted:
            return member
    known = ", ".join(m.value.replace(" ", "_") for m in kind)
    raise ValueError(f"{what}: {value!r} is not one of {known}")


def _problem(s: Situation, melee: bool) -> str | None:
    """Why the map rules the attack out, or None."""
    if s.facts.cover == "total":
        return f"{s.attacker.name} cannot see {s.target.name} (no line of sight)"
    if s.facts.range_band == "out_of_range":
        reach = "within reach" if melee else "within 4 x Long Range"
        return f"{s.target.name} is not {reach} ({s.facts.distance:g}\" away)"
    return None


def _band(facts: Facts) -> RangeBand:
    if facts.range_band in ("melee", "reach"):
        return RangeBand.SHORT
    return _choice(RangeBand, facts.range_band, "range band")


def _cover(measured: str) -> Cover:
    """Geometry's category as the rules' (total cover rules the attack out: see _problem)."""
    names = {"none": Cover.NONE, "total": Cover.NEAR_TOTAL}
    return names.get(measured) or _choice(Cover, measured, "cover")


def _counts_for_gang_up(token: Piece) -> bool:
    raw = token.stats.get("condition", {})
    state = raw if isinstance(raw, Mapping) else {}
    return counts_for_gang_up(Condition(stunned=bool(state.get("stunned")),
                                        incapacitated=bool(state.get("incapacitated"))))


def _fighters(board: Board, ids: Iterable[str], side: Side,
              besides: str) -> list[Piece]:
    """The tokens among ``ids`` on ``side`` (not neutral, not ``besides``) able to fight."""
    tokens = [board.token(i) for i in ids if i != besides]
    return [t for t in tokens
            if t.side is side and side is not Side.NEUTRAL and _counts_for_gang_up(t)]


def _foe_sides(side: Side) -> set[Side]:
    return {Side.HERO, Side.VILLAIN} - {side} if side is not Side.NEUTRAL else set()


def attack_facts(s: Situation) -> AttackFacts:
    """The survey as the situational rules' facts (before any override)."""
    near_attacker, near_target = s.facts.adjacent_to_attacker, s.facts.adjacent_to_target
    both = set(near_target) & set(near_attacker)
    foes = [s.board.token(i) for i in near_attacker]
    return AttackFacts(
        distance=s.facts.distance,
        adjacent=s.target.id in near_attacker,
        attacker_in_melee=any(t.side in _foe_sides(s.attacker.side) and _counts_for_gang_up(t)
                              for t in foes),
        cover_fraction=s.facts.cover_fraction,
        cover=_cover(s.facts.cover),
        light=_choice(Illumination, s.facts.illumination, "illumination"),
        allies_adjacent=len(_fighters(s.board, near_target, s.attacker.side, s.attacker.id)),
        defender_allies_adjacent=len(_fighters(s.board, both, s.target.side, s.target.id)),
        obstacles=tuple(round(o.hardness) for o in s.facts.obstacles),
    )


def _overridden(facts: AttackFacts, context: AttackContext, name: str,
                value: str) -> tuple[AttackFacts, AttackContext, str, str]:
    """Apply one override: the new facts and context, the measured and the new value."""
    if name == "cover":
        cover = _choice(Cover, value, name)
        return replace(facts, cover=cover), context, str(facts.cover), cover.value
    if name == "illumination":
        light = _choice(Illumination, value, name)
        return replace(facts, light=light), context, facts.light.value, light.value
    if name == "range_band":
        band = _choice(RangeBand, value, name)
        return facts, replace(context, range_band=band), context.range_band.value, band.value
    if not value.isdigit() or int(value) > 4:
        raise ValueError(f"gang_up: {value!r} is not a whole number from 0 to 4")
    measured = max(0, min(facts.allies_adjacent, 4) - facts.defender_allies_adjacent)
    gang = replace(facts, allies_adjacent=int(value), defender_allies_adjacent=0)
    return gang, context, str(measured), value


def _actions(s: Situation, declared: Declared) -> int:
    """The Multi-Action count: as declared, or the actions taken this turn with this one
    when more (a free attack: as declared)."""
    kind = kind_of(declared.free_attack, declared.limited)
    if kind in (ActionKind.FREE, ActionKind.LIMITED_FREE):
        return declared.actions
    return max(declared.actions, actions_counted(s.board, s.attacker.id, kind))


def _declared(s: Situation, chosen: AttackContext, facts: AttackFacts,
              declared: Declared) -> tuple[AttackContext, AttackFacts]:
    """The declarations and the board's timed states on the context and the facts."""
    kind = chosen.attack_kind_for(s.weapon.fires)
    support = support_bonus([support_for(s.board, s.attacker.id, kind.skill)])
    context = replace(chosen, actions=_actions(s, declared),
                      running=declared.running or ran(s.board, s.attacker.id),
                      shots=declared.shots, arm=declared.arm,
                      attack_modifiers=(*chosen.attack_modifiers,
                                        *([support] if support else [])))
    riding = mount_of(s.board, s.attacker.id) is not None
    facts = replace(facts, mounted=declared.mounted or riding, straight_run=declared.straight_run,
                    free_attack=declared.free_attack, part_scale=declared.part_scale,
                    creatures_between=_in_the_way(s) if declared.through_creatures else (),
                    target_defending=defending(s.board, s.target.id),
                    defender_natural_weapons=any(w.natural for w in s.target_stats.weapons),
                    defender_held_by_attacker=holding(s.board, s.attacker.id, s.target.id),
                    first_action=not acted(s.board, s.attacker.id),
                    set_against_charge=declared.set_weapon)
    return context, facts


def _in_the_way(s: Situation) -> tuple[tuple[str, int], ...]:
    """Each creature in the line of fire (geometry's bystanders): its name and Toughness."""
    found = []
    for token_id in s.facts.bystanders:
        token = s.board.token(token_id)
        stats = combatant_from_dict(token.stats, f"tokens[{token_id}].stats", token_id)
        found.append((token.name, stats.toughness))
    return tuple(found)


def _aimed_options(s: Situation, kind: AttackKind, options: Sequence[str]) -> list[str]:
    """``options`` plus ``aim`` when the attacker aimed all last turn (ranged attacks only)."""
    ranged = kind is not AttackKind.MELEE
    if ranged and "aim" not in options and aimed(s.board, s.attacker.id):
        return [*options, "aim"]
    return list(options)


def translate(situation: Situation, chosen: AttackContext, options: Sequence[str] = (),
              overrides: Mapping[str, str] | None = None,
              declared: Declared = NOTHING_DECLARED) -> Translation:
    """The rules' view of ``situation``: ``chosen`` (the attack kind) with the measured band
    and the Joker, then :func:`situate` with the facts and ``options``; ``overrides`` (names in
    :data:`OVERRIDABLE`) replace measured facts first, each noted for the log;
    ``declared`` adds Multi-Actions, running, Rate of Fire and mounted combat.

    A ``RulesError`` from :func:`situate` (options that do not go together) propagates.
    """
    melee = chosen.attack_kind_for(situation.weapon.fires).value == "Fighting"
    problem = _problem(situation, melee)
    facts, notes = attack_facts(situation), []
    context = replace(chosen, range_band=_band(situation.facts) if problem is None else
                      RangeBand.SHORT,
                      joker=has_joker(situation.board.combat, situation.attacker.id),
                      defender_joker=has_joker(situation.board.combat, situation.target.id))
    context, facts = _declared(situation, context, facts, declared)
    problem = problem or bite_problem(situation.weapon, situation.target_stats,
                                      facts.defender_held_by_attacker)
    still = aim_problem(situation.board, situation.attacker.id, running=declared.running,
                        riding=declared.mounted)
    if still is not None and "aim" in options:
        raise RulesError(still)
    chosen_options = list(options) if still is not None else _aimed_options(
        situation, context.attack_kind_for(situation.weapon.fires), options)
    if len(chosen_options) > len(options):
        notes.append(f"Aim: {situation.attacker.name} aimed all last turn")
    for name, value in (overrides or {}).items():
        if name not in OVERRIDABLE:
            raise ValueError(f"cannot override {name!r} (names: {', '.join(OVERRIDABLE)})")
        facts, context, measured, new = _overridden(facts, context, name, value)
        notes.append(f"GM override: {name.replace('_', ' ')} {new} (measured {measured})")
    situated = situate(situation.attacker_stats, situation.target_stats, situation.weapon,
                       context, facts, chosen_options)
    return Translation(situated, tuple(notes), problem or _arm_problem(situated.context))


def _arm_problem(context: AttackContext) -> str | None:
    """Why a declared arm cannot go with this attack: only a hand or limb Called Shot has one."""
    if context.arm is None or context.called_shot in (CalledShot.HAND, CalledShot.LIMB):
        return None
    return f"the {context.arm} arm is declared, but the attack is no hand or limb Called Shot"
