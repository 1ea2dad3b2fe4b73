"""Savage Pathfinder: what the map measured -> the :class:`AttackContext` the rules read.

This is the one place where geometry's facts become rules inputs for this system. From the
survey of one attacker and one target it fills in, each with a reason the log can show:

- the range band (a melee weapon out of reach, a target beyond 4 x Long, or no line of sight
  make the attack impossible: :attr:`Translation.problem` says why);
- the Cover category from the measured fraction; a prone target shot at from 3" or more has at
  least Medium Cover ("Prone": -4, which does not stack with Cover);
- obstacles crossed: each adds half its Hardness as Armor (a damage modifier, after AP);
- Gang Up from who is adjacent: the attacker's other allies next to the defender (not Stunned
  or Incapacitated), less the defender's allies next to both;
- the light at the target (Dark hides targets beyond 10", Dim beyond 25");
- prone fighters in melee, a Vulnerable target, and the Joker from the Action Cards.

The GM may override the band, the Cover, the light and Gang Up (:data:`OVERRIDABLE`); each
override is applied and named in :attr:`Translation.notes`.

Examples
--------
>>> parse_overrides(["cover=heavy", "gang_up=2"])
{'cover': 'heavy', 'gang_up': '2'}
>>> parse_overrides(["lighting=dim"])
Traceback (most recent call last):
...
ValueError: cannot override 'lighting' (names: range_band, cover, illumination, gang_up)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol, TypeVar

from desktop.core.model import Encounter, Side, Token
from rules.events import Modifier
from rules.savage_pathfinder.context import (
    AttackContext,
    AttackKind,
    Cover,
    Illumination,
    RangeBand,
)
from rules.savage_pathfinder.initiative_json import has_joker
from rules.savage_pathfinder.situational.illumination import illumination_at
from rules.savage_pathfinder.situational.maneuvers import (
    counts_for_gang_up,
    gang_up_bonus,
    prone_melee_modifiers,
    vulnerable_target_modifier,
)
from rules.savage_pathfinder.situational.obstacles import through_obstacle_modifier
from rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

__all__ = ["OVERRIDABLE", "Facts", "Situation", "Translation", "parse_overrides", "translate"]

OVERRIDABLE = ("range_band", "cover", "illumination", "gang_up")
"""What a GM may set by hand instead of the measured value."""
PRONE_DISTANCE = 3.0
"""Prone: ranged attacks from this far or farther treat a prone target as in Medium Cover."""
COVER_ORDER = (Cover.NONE, Cover.LIGHT, Cover.MEDIUM, Cover.HEAVY, Cover.NEAR_TOTAL)

EnumT = TypeVar("EnumT", bound=StrEnum)


class ObstacleFact(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def hardness(self) -> float: ...


class Facts(Protocol):
    """What the pipeline needs from geometry's survey of one attacker and one target."""

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


@dataclass(frozen=True, slots=True)
class Translation:
    """The context for the rules, the log notes it brings, and why the attack cannot be made."""

    context: AttackContext
    notes: tuple[str, ...] = ()
    problem: str | None = None


def parse_overrides(pairs: Iterable[str]) -> dict[str, str]:
    """``["cover=heavy"]`` -> ``{"cover": "heavy"}``; a clear error for anything else."""
    found: dict[str, str] = {}
    names = ", ".join(OVERRIDABLE)
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not value.strip():
            raise ValueError(f"override {pair!r} must look like NAME=VALUE (names: {names})")
        if name.strip() not in OVERRIDABLE:
            raise ValueError(f"cannot override {name.strip()!r} (names: {names})")
        found[name.strip()] = value.strip()
    return found


def _choice(kind: type[EnumT], value: str, what: str) -> EnumT:
    wanted = value.strip().lower().replace("_", " ")
    for member in kind:
        if member.value == wanted:
            return member
    known = ", ".join(m.value.replace(" ", "_") for m in kind)
    raise ValueError(f"{what}: {value!r} is not one of {known}")


def _band(facts: Facts, kind: AttackKind, target_name: str) -> RangeBand | str:
    """The rules' band, or the reason there is none."""
    measured = facts.range_band
    if measured == "out_of_range":
        reach = "within reach" if kind is AttackKind.MELEE else "within 4 x Long Range"
        return f"{target_name} is not {reach} ({facts.distance:g}\" away)"
    if measured in ("melee", "reach"):
        return RangeBand.SHORT
    return _choice(RangeBand, measured, "range band")


def _cover(facts: Facts, target: Combatant, kind: AttackKind) -> tuple[Cover, tuple[str, ...]]:
    measured = Cover.NONE if facts.cover == "none" else _choice(Cover, facts.cover, "cover")
    far = facts.distance >= PRONE_DISTANCE
    if not (target.condition.prone and kind is not AttackKind.MELEE and far):
        return measured, ()
    if COVER_ORDER.index(measured) >= COVER_ORDER.index(Cover.MEDIUM):
        return measured, ()
    return Cover.MEDIUM, (f'{target.id} is prone at 3" or more: Medium Cover',)


def _allies(encounter: Encounter, ids: Iterable[str], side: Side) -> list[Token]:
    tokens = [encounter.token(i) for i in ids]
    return [t for t in tokens if t.side is side and side is not Side.NEUTRAL]


def _counts_for_gang_up(token: Token) -> bool:
    raw = token.stats.get("condition", {})
    state = raw if isinstance(raw, Mapping) else {}
    return counts_for_gang_up(Condition(stunned=bool(state.get("stunned")),
                                        incapacitated=bool(state.get("incapacitated"))))


def _gang_up(encounter: Encounter, attacker: Token, target: Token, facts: Facts) -> int:
    """Gang Up: the attacker's other allies adjacent to the defender, less the defender's
    allies adjacent to both."""
    helpers = [t for t in _allies(encounter, facts.adjacent_to_target, attacker.side)
               if t.id != attacker.id and _counts_for_gang_up(t)]
    both = set(facts.adjacent_to_target) & set(facts.adjacent_to_attacker)
    guards = [t for t in _allies(encounter, both, target.side)
              if t.id != target.id and _counts_for_gang_up(t)]
    return gang_up_bonus(len(helpers), len(guards))


def _obstacle_modifiers(facts: Facts, weapon: Weapon, target: Combatant) -> tuple[Modifier, ...]:
    """Half of each crossed obstacle's Hardness as Armor, after the weapon's AP."""
    hardnesses = [round(obstacle.hardness) for obstacle in facts.obstacles]
    modifier = through_obstacle_modifier(hardnesses, weapon.ap, target.armor)
    if modifier is None:
        return ()
    names = ", ".join(obstacle.id for obstacle in facts.obstacles)
    return (replace(modifier, reason=modifier.reason.replace("an obstacle", names)),)


@dataclass(frozen=True, slots=True)
class Situation:
    """One attack as the pipeline sees it: who, with what, what the map measured."""

    encounter: Encounter
    attacker: Token
    target: Token
    attacker_stats: Combatant
    target_stats: Combatant
    weapon: Weapon
    facts: Facts


def _measured(s: Situation, chosen: AttackContext) -> Translation:
    """The measured context, before overrides."""
    kind = chosen.attack_kind_for(s.weapon.fires)
    if facts_problem := _sight_problem(s):
        return Translation(chosen, problem=facts_problem)
    band = _band(s.facts, kind, s.target.name)
    if not isinstance(band, RangeBand):
        return Translation(chosen, problem=band)
    cover, notes = _cover(s.facts, s.target_stats, kind)
    light = illumination_at(_choice(Illumination, s.facts.illumination, "illumination"),
                            s.facts.distance)
    melee = kind is AttackKind.MELEE
    attack_mods = (*_situational_attack(s, melee), *chosen.attack_modifiers)
    damage_mods = (*(() if melee else _obstacle_modifiers(s.facts, s.weapon, s.target_stats)),
                   *chosen.damage_modifiers)
    context = replace(
        chosen, range_band=band, cover=cover, illumination=light,
        gang_up=_gang_up(s.encounter, s.attacker, s.target, s.facts) if melee else 0,
        joker=chosen.joker or has_joker(s.encounter.combat, s.attacker.id),
        attack_modifiers=attack_mods, damage_modifiers=damage_mods)
    return Translation(context, tuple(n.replace(s.target.id, s.target.name) for n in notes))


def _sight_problem(s: Situation) -> str | None:
    if s.facts.cover == "total":
        return f"{s.attacker.name} cannot see {s.target.name} (no line of sight)"
    return None


def _situational_attack(s: Situation, melee: bool) -> tuple[Modifier, ...]:
    found: list[Modifier | None] = [vulnerable_target_modifier(s.target_stats.condition, False)]
    if melee:
        found += prone_melee_modifiers(s.attacker_stats.condition.prone,
                                       s.target_stats.condition.prone)
    return tuple(m for m in found if m is not None)


def _overridden(translation: Translation, overrides: Mapping[str, str]) -> Translation:
    """Apply the GM's overrides; each becomes a note saying what it replaced."""
    context, notes = translation.context, list(translation.notes)
    for name, value in overrides.items():
        new = _with_override(context, name, value)
        notes.append(f"GM override: {name.replace('_', ' ')} {_shown(getattr(new, name))} "
                     f"(measured {_shown(getattr(context, name))})")
        context = new
    return Translation(context, tuple(notes), translation.problem)


def _shown(value: object) -> str:
    return str(value.value if isinstance(value, StrEnum) else value)


def _with_override(context: AttackContext, name: str, value: str) -> AttackContext:
    if name == "gang_up":
        if not value.isdigit() or int(value) > 4:
            raise ValueError(f"gang_up: {value!r} is not a whole number from 0 to 4")
        return replace(context, gang_up=int(value))
    if name == "cover":
        return replace(context, cover=_choice(Cover, value, name))
    if name == "range_band":
        return replace(context, range_band=_choice(RangeBand, value, name))
    return replace(context, illumination=_choice(Illumination, value, name))


def translate(situation: Situation, chosen: AttackContext,
              overrides: Mapping[str, str] | None = None) -> Translation:
    """The attack context for ``situation``: ``chosen`` (the options picked) with what the map
    measured filled in, then the GM's ``overrides`` (see :func:`parse_overrides`).

    When the attack cannot be made (:attr:`Translation.problem`) overrides change nothing.
    """
    translation = _measured(situation, chosen)
    if translation.problem or not overrides:
        return translation
    unknown = sorted(set(overrides) - set(OVERRIDABLE))
    if unknown:
        raise ValueError(f"cannot override {', '.join(unknown)} (names: {', '.join(OVERRIDABLE)})")
    return _overridden(translation, overrides)
