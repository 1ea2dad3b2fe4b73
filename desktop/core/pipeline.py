"""The attack pipeline: encounter -> geometry facts -> rules -> events and a new encounter.

:func:`preview_attack` measures one attacker and one target (:func:`geometry.survey.survey` on
the snapshot's :class:`~geometry.index.Battlefield`, built once per snapshot), turns the facts
into the rules' attack context (:mod:`desktop.core.savage_context`, the one translation place),
and asks the rules for the target number, every modifier with its reason, and the exact odds.
:func:`resolve_attack` then rolls it with the given dice - with the fighter the situational
rules made (a rider's Fighting is the lower of Fighting and Riding), then their ``follow_up``
(Knockout Blow, nonlethal, the attacker turning Vulnerable on a clock kept by
:mod:`desktop.core.timed_states`) - and returns the events and the new encounter: updated stat
blocks, pushed tokens, and the log entry appended - one undoable edit. Several targets of one
Rate of Fire volley: :mod:`desktop.core.volley`.

Both the GUI's preview card and ``battlemap odds``/``attack`` call these, so they always agree.

Examples
--------
>>> from rules.dice import ScriptedDice
>>> from desktop.core.model import Side, Token, Encounter
>>> hero = Token("h", "Hero", 1.5, 1.5, side=Side.HERO, stats={"skills": {"shooting": "d8"},
...              "weapons": [{"name": "Bow", "damage": "2d6", "range": [12, 24, 48]}]})
>>> orc = Token("o", "Orc", 6.5, 1.5, side=Side.VILLAIN, stats={"attributes": {"vigor": "d6"}})
>>> enc = Encounter(tokens=(hero, orc))
>>> preview = preview_attack(enc, "h", "o")
>>> preview.weapon, preview.target_number, round(preview.survey.distance, 1)
('Bow', 4, 5.0)
>>> result = resolve_attack(enc, "h", "o", ScriptedDice([6, 3, 4]))
>>> result.encounter.log[-1].title
'Hero shoots Orc (Bow): hit; Orc is Shaken'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from desktop.core.battlefield import battlefield_of
from desktop.core.log_text import attack_entry
from desktop.core.model import Encounter, LogEntry, Token
from desktop.core.savage_context import (
    NOTHING_DECLARED,
    Declared,
    Situation,
    Translation,
    translate,
)
from desktop.core.timed_states import mark_acted, mark_ran, timers_of, use_effects, with_timers
from desktop.core.turn_order import override_note, running_problem, turn_problem
from desktop.core.turns import initiative
from geometry.index import Battlefield
from geometry.measure import ADJACENT_GAP, edge_gap
from geometry.survey import Survey, survey
from rules.dice import DiceSource
from rules.events import BystanderHit, Event, Modifier, RollMade, TokenPushed
from rules.registry import RulesError, find_system
from rules.savage_pathfinder.attack import plan_attack
from rules.savage_pathfinder.attack import resolve_attack as roll_attack
from rules.savage_pathfinder.context import AttackContext, AttackKind
from rules.savage_pathfinder.odds import AttackOdds, attack_odds
from rules.savage_pathfinder.situational.bystanders import bystander_damage, bystanders_hit
from rules.savage_pathfinder.situational.situation import Situated, follow_up
from rules.savage_pathfinder.statblock import Combatant, Weapon

__all__ = [
    "VERBS", "AttackError", "AttackPreview", "AttackResult", "Declared", "apply_outcome",
    "combatant_of", "field_of", "preview_attack", "resolve_attack", "strays",
]

_FIELDS: dict[int, tuple[Encounter, Battlefield]] = {}
FIELD_CACHE_SIZE = 8
"""Battlefields kept for the most recent snapshots (a hover re-measures every mouse move)."""


class AttackError(ValueError):
    """An attack that cannot be made or resolved; the message says why, for the GM."""


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """Everything the rules will use for one attack, before any die is rolled.

    ``problem`` is set (and ``odds`` None) when the attack cannot be made: out of reach, no
    line of sight, a weapon the attacker lacks, a Shaken attacker; ``odds`` are those of one
    die (one shot) when several are fired. ``situated`` is what the
    situational rules made of it: the fighter to roll with (a rider's Fighting is the lower of
    Fighting and Riding) and what follows the attack.
    """

    attacker: str
    target: str
    weapon: str | None
    kind: AttackKind
    survey: Survey
    context: AttackContext
    target_number: int
    attack_modifiers: tuple[Modifier, ...]
    damage_modifiers: tuple[Modifier, ...]
    odds: AttackOdds | None
    notes: tuple[str, ...] = ()
    problem: str | None = None
    attacker_becomes_vulnerable: bool = False
    situated: Situated | None = None

    @property
    def total_modifier(self) -> int:
        return sum(m.value for m in self.attack_modifiers)


@dataclass(frozen=True, slots=True)
class AttackResult:
    """A resolved attack: its preview, the events in order, the encounter after it, the log."""

    preview: AttackPreview
    events: tuple[Event, ...]
    encounter: Encounter
    entry: LogEntry


def field_of(encounter: Encounter) -> Battlefield:
    """The geometry of ``encounter``, built once per snapshot (snapshots never change)."""
    cached = _FIELDS.get(id(encounter))
    if cached is not None and cached[0] is encounter:
        return cached[1]
    field = battlefield_of(encounter)
    if len(_FIELDS) >= FIELD_CACHE_SIZE:
        del _FIELDS[next(iter(_FIELDS))]
    _FIELDS[id(encounter)] = (encounter, field)
    return field


def combatant_of(encounter: Encounter, token: Token) -> Combatant:
    """The token's stat block parsed by the encounter's game system."""
    system = find_system(encounter.system)
    parsed: Combatant = system.combatant_from_dict(token.stats, f"tokens[{token.id}].stats",
                                                   token.id)
    return parsed


def _token(encounter: Encounter, token_id: str, role: str) -> Token:
    try:
        return encounter.token(token_id)
    except KeyError as error:
        raise AttackError(f"{role}: {error.args[0]}") from None


def _weapon(combatant: Combatant, name: str | None, adjacent: bool) -> Weapon:
    """The named weapon; by default a hand weapon next to the target, else a ranged one."""
    if name is not None:
        try:
            return combatant.weapon(name)
        except KeyError as error:
            raise AttackError(error.args[0]) from None
    wanted = [w for w in combatant.weapons if (w.range is None or w.thrown) == adjacent]
    return (wanted or [*combatant.weapons, combatant.weapon(None)])[0]


def _kind(weapon: Weapon, adjacent: bool) -> AttackKind:
    if weapon.thrown and not adjacent:
        return AttackKind.THROWN
    return AttackKind.SHOOTING if weapon.fires else AttackKind.MELEE


def _measure(field: Battlefield, attacker: str, target: str, weapon: Weapon,
             kind: AttackKind) -> Survey:
    ranges = None if kind is AttackKind.MELEE or weapon.range is None else weapon.range
    return survey(field, attacker, target, weapon_ranges=ranges, reach=weapon.reach)


def _combatants(encounter: Encounter, attacker: Token,
                target: Token) -> tuple[Combatant, Combatant]:
    try:
        return combatant_of(encounter, attacker), combatant_of(encounter, target)
    except RulesError as error:
        raise AttackError(str(error)) from None


def preview_attack(encounter: Encounter, attacker_id: str, target_id: str,
                   weapon: str | None = None, options: Sequence[str] = (),
                   overrides: Mapping[str, str] | None = None,
                   declared: Declared = NOTHING_DECLARED) -> AttackPreview:
    """Measure and plan one attack without rolling; ``AttackError`` for bad ids or weapons.

    ``weapon`` None picks a hand weapon next to the target and a ranged one farther away;
    ``overrides`` are the GM's (``{"cover": "heavy"}``, see
    :func:`desktop.core.savage_context.parse_overrides`); ``declared`` the attacker's
    Multi-Actions, running, Rate of Fire and mounted combat.
    """
    attacker, target = _token(encounter, attacker_id, "attacker"), _token(encounter, target_id,
                                                                           "target")
    if attacker_id == target_id:
        raise AttackError(f"{attacker.name} cannot attack itself")
    fighter, defender = _combatants(encounter, attacker, target)
    field = field_of(encounter)
    adjacent = edge_gap(field, attacker_id, target_id) < ADJACENT_GAP
    arm = _weapon(fighter, weapon, adjacent)
    kind = _kind(arm, adjacent)
    facts = _measure(field, attacker_id, target_id, arm, kind)
    situation = Situation(encounter, attacker, target, fighter, defender, arm, facts)
    try:
        translation = translate(situation, AttackContext(kind=kind), options, overrides,
                                declared)
    except RulesError as error:
        raise AttackError(str(error)) from None
    return _planned(situation, _weapon_name(fighter, arm), translation)


def _weapon_name(combatant: Combatant, weapon: Weapon) -> str | None:
    return weapon.name if weapon in combatant.weapons else None


def _planned(s: Situation, weapon: str | None, translation: Translation) -> AttackPreview:
    context = translation.context
    kind = context.kind or AttackKind.MELEE
    base: dict[str, Any] = {"attacker": s.attacker.id, "target": s.target.id, "weapon": weapon,
                            "kind": kind, "survey": s.facts, "context": context,
                            "notes": translation.notes,
                            "attacker_becomes_vulnerable":
                                translation.situated.attacker_becomes_vulnerable,
                            "situated": translation.situated}
    problem = translation.problem
    if problem is None:
        try:
            fighter = translation.situated.attacker
            plan = plan_attack(fighter, s.target_stats, weapon, context)
            odds = attack_odds(fighter, s.target_stats, weapon, replace(context, shots=1))
        except RulesError as error:
            problem = str(error)
    if problem is not None:
        return AttackPreview(**base, target_number=0, attack_modifiers=(), damage_modifiers=(),
                             odds=None, problem=problem)
    return AttackPreview(**base, target_number=plan.target_number, odds=odds,
                         attack_modifiers=plan.attack_modifiers,
                         damage_modifiers=plan.damage_modifiers)


VERBS = {AttackKind.MELEE: "attacks", AttackKind.SHOOTING: "shoots",
         AttackKind.THROWN: "throws at"}


def _title(encounter: Encounter, preview: AttackPreview) -> str:
    attacker, target = encounter.token(preview.attacker), encounter.token(preview.target)
    return f"{attacker.name} {VERBS[preview.kind]} {target.name} ({preview.weapon or 'unarmed'})"


def apply_outcome(encounter: Encounter, states: Sequence[Combatant],
                  events: Sequence[Event]) -> Encounter:
    """The encounter with the combatants' new stat blocks and every push applied."""
    system = find_system(encounter.system)
    for state in states:
        token = encounter.token(state.id)
        if state != combatant_of(encounter, token):
            stats = system.combatant_to_dict(state)
            encounter = encounter.with_token(replace(token, stats=stats))
    for event in events:
        if isinstance(event, TokenPushed):
            encounter = encounter.with_token(encounter.token(event.token).moved_to(*event.to))
    return encounter


def strays(dice: DiceSource, preview: AttackPreview, fighter: Combatant,
            encounter: Encounter, shots: Sequence[Event]) -> tuple[list[Event], list[Combatant]]:
    """Innocent Bystanders: missed shots (the attack rolls among ``shots``) showing 1 hit
    someone in the line of fire to the preview's target."""
    rolls = [e for e in shots if isinstance(e, RollMade) and e.target is not None]
    if preview.kind is AttackKind.MELEE or not preview.survey.bystanders:
        return [], []
    events = list(bystanders_hit(dice, fighter.id, rolls, preview.context.shots,
                                 preview.survey.bystanders))
    states: list[Combatant] = []
    for hit in [e for e in events if isinstance(e, BystanderHit)]:
        victim = combatant_of(encounter, encounter.token(hit.bystander))
        harm = bystander_damage(dice, fighter, fighter.weapon(preview.weapon), victim,
                                preview.context)
        events += harm.events
        states += harm.states
    return events, states


def resolve_attack(encounter: Encounter, attacker_id: str, target_id: str, dice: DiceSource,
                   weapon: str | None = None, options: Sequence[str] = (),
                   overrides: Mapping[str, str] | None = None,
                   soak_bennies: int = 0, declared: Declared = NOTHING_DECLARED,
                   gm_override: bool = False) -> AttackResult:
    """Roll one attack (see :func:`preview_attack` for the arguments) with ``dice``.

    ``soak_bennies``: the target spends up to that many of its Bennies to Soak Wounds (one
    Soak roll, then rerolls). In combat the attacker must be acting, on Hold or on a Joker
    (a free attack may be made any time) unless ``gm_override`` (noted in the log); one who
    Defends cannot declare Running.

    Dice are asked for in the engine's order (attack, Wild Die, damage, Soak, Incapacitation),
    then for each stray shot a die to pick the bystander (when several could be hit) and its
    damage, then the follow-up's (a Knockout Blow's Vigor after The Drop). What the attack
    leaves behind (nonlethal: no Bleeding Out; the attacker Vulnerable after a Wild Attack,
    until the end of his next turn) is the situational rules' ``follow_up``, its timers kept
    in the encounter. Raises ``AttackError`` when the attack cannot be made, and the dice
    source's ``DiceError`` when a die is impossible or missing; the encounter is then unchanged.
    """
    notes_of_turn = turn_notes(encounter, attacker_id, declared, gm_override)
    preview = preview_attack(encounter, attacker_id, target_id, weapon, options, overrides,
                             declared)
    if preview.problem is not None or preview.situated is None:
        raise AttackError(preview.problem or "the attack could not be planned")
    fighter, defender = _combatants(encounter, encounter.token(attacker_id),
                                    encounter.token(target_id))
    outcome = roll_attack(preview.situated.attacker, defender, preview.weapon, preview.context,
                          dice, soak_bennies=soak_bennies)
    outcome, timers = follow_up(dice, preview.situated, fighter, target_id, outcome,
                                timers_of(encounter))
    stray_events, stray_states = strays(dice, preview, fighter, encounter, outcome.events)
    events = (*outcome.events, *stray_events)
    names = {t.id: t.name for t in encounter.tokens}
    entry = attack_entry(_title(encounter, preview), events, names,
                         cover_fraction=preview.survey.cover_fraction,
                         notes=(*preview.notes, *notes_of_turn),
                         round_number=initiative(encounter).round)
    after = apply_outcome(encounter, (*outcome.states, *stray_states), events)
    if initiative(encounter).round:
        after = _after_acting(after, attacker_id, preview.kind)
        after = mark_ran(after, attacker_id) if declared.running else after
    after = with_timers(after, timers)
    return AttackResult(preview, events, after.with_log(entry), entry)


def turn_notes(encounter: Encounter, attacker_id: str, declared: Declared,
               gm_override: bool) -> tuple[str, ...]:
    """``AttackError`` when the turn order or Defend forbid the attack; the override's note."""
    problem = running_problem(encounter, attacker_id) if declared.running else None
    if problem is not None:
        raise AttackError(problem)
    out_of_turn = None if declared.free_attack else turn_problem(encounter, attacker_id)
    if out_of_turn is None:
        return ()
    if not gm_override:
        raise AttackError(out_of_turn)
    return (override_note(encounter, attacker_id),)


def _after_acting(encounter: Encounter, attacker_id: str, kind: AttackKind) -> Encounter:
    """The attacker has acted this turn; his Support for the skill and a ready Aim are used."""
    return mark_acted(use_effects(encounter, attacker_id, kind.skill), attacker_id)
