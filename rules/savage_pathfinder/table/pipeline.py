"""The attack pipeline: board -> geometry facts -> rules -> events and a new board.

:func:`preview_attack` measures one attacker and one target
(:func:`battlemap.geometry.survey.survey` on the snapshot's
:class:`~battlemap.geometry.index.Battlefield`, built once per snapshot), turns the facts into the
rules' attack context (:mod:`.savage_context`, the one translation place), and asks the rules for
the target number, every modifier with its reason, and the exact odds. :func:`resolve_attack` then
rolls it with the given dice - with the fighter the situational rules made (a rider's Fighting is
the lower of Fighting and Riding), then their ``follow_up`` (Knockout Blow, nonlethal, the attacker
turning Vulnerable on a clock kept by :mod:`.timed_states`) - and returns the events and the new
board: updated stat blocks, pushed tokens, and the log entry appended - one undoable edit. Several
targets of one Rate of Fire volley: :mod:`.volley`.

Both the GUI's preview card and ``battlemap odds``/``attack`` call these, so they always agree.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Side, Piece, Board
>>> hero = Piece("h", "Hero", 1.5, 1.5, side=Side.HERO, stats={"skills": {"shooting": "d8"},
...              "weapons": [{"name": "Bow", "damage": "2d6", "range": [12, 24, 48]}]})
>>> orc = Piece("o", "Orc", 6.5, 1.5, side=Side.VILLAIN, stats={"attributes": {"vigor": "d6"}})
>>> from battlemap.rules.testing import open_board
>>> enc = open_board((hero, orc))
>>> preview = preview_attack(enc, "h", "o")
>>> preview.weapon, preview.target_number, round(preview.survey.distance, 1)
('Bow', 4, 5.0)
>>> result = resolve_attack(enc, "h", "o", ScriptedDice([6, 3, 4]))
>>> result.board.log[-1].title
'Hero shoots Orc (Bow): hit; Orc is Shaken'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import BystanderHit, Event, Modifier, RollMade, TokenPushed
from battlemap.rules.narration import attack_entry
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.attack import plan_attack
from battlemap.rules.savage_pathfinder.attack import resolve_attack as roll_attack
from battlemap.rules.savage_pathfinder.context import AttackContext, AttackKind
from battlemap.rules.savage_pathfinder.initiative_json import has_joker
from battlemap.rules.savage_pathfinder.odds import AttackOdds, attack_odds
from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict, combatant_to_dict
from battlemap.rules.savage_pathfinder.situational.bystanders import (
    bystander_damage,
    bystanders_hit,
)
from battlemap.rules.savage_pathfinder.situational.improvised import improvised_named
from battlemap.rules.savage_pathfinder.situational.situation import Situated, follow_up
from battlemap.rules.savage_pathfinder.statblock import Combatant, TurnState, Weapon
from battlemap.rules.savage_pathfinder.table.riders import mount_of
from battlemap.rules.savage_pathfinder.table.savage_context import (
    NOTHING_DECLARED,
    Declared,
    Situation,
    Translation,
    translate,
)
from battlemap.rules.savage_pathfinder.table.timed_states import (
    acting_turn,
    mark_acted,
    mark_ran,
    supports_of,
    timers_of,
    use_effects,
    with_timers,
)
from battlemap.rules.savage_pathfinder.table.turn_limits import kind_of, limit_problem, note_taken
from battlemap.rules.savage_pathfinder.table.turn_order import (
    override_note,
    running_problem,
    turn_problem,
)
from battlemap.rules.savage_pathfinder.table.turns import initiative
from battlemap.rules.table import Board, LogEntry, MapFacts, Piece

__all__ = [
    "VERBS", "AttackError", "AttackPreview", "AttackResult", "Declared", "apply_outcome",
    "armed_with", "combatant_of", "preview_attack", "resolve_attack", "strays",
]

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
    survey: MapFacts
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
    """A resolved attack: its preview, the events in order, the board after it, the log."""

    preview: AttackPreview
    events: tuple[Event, ...]
    board: Board
    entry: LogEntry


def combatant_of(board: Board, token: Piece) -> Combatant:
    """The token's stat block parsed by the board's game system, with his turn: the Joker he
    holds this round, the Support waiting for his skills and, while he takes an action
    (:func:`.timed_states.with_acting`), its running and Multi-Action count - so every roll
    he makes takes them
    (:func:`~battlemap.rules.savage_pathfinder.penalties.condition_modifiers`)."""
    parsed = combatant_from_dict(token.stats, f"tokens[{token.id}].stats", token.id)
    running, actions = acting_turn(board, token.id) or (False, 1)
    return replace(parsed, turn=TurnState(joker=has_joker(board.combat, token.id),
                                          running=running, actions=actions,
                                          support=supports_of(board, token.id)))



def armed_with(combatant: Combatant, weapon: str | None) -> Combatant:
    """``combatant`` holding the improvised weapon ``weapon`` names ("Improvised (Light)",
    ...) when his stat block has no weapon of that name; otherwise ``combatant`` as he is.

    Examples
    --------
    >>> [w.name for w in armed_with(Combatant(id="h"), "Improvised (Medium)").weapons]
    ['Improvised (Medium)']
    >>> armed_with(Combatant(id="h"), "Sword") == Combatant(id="h")
    True
    """
    picked = improvised_named(weapon) if weapon else None
    if picked is None or any(w.name.lower() == picked.name.lower() for w in combatant.weapons):
        return combatant
    return replace(combatant, weapons=(*combatant.weapons, picked))


def _implied(options: Sequence[str], weapon: Weapon) -> tuple[str, ...]:
    """``options`` plus what ``weapon`` itself implies: ``improvised`` (-2) for an improvised
    one, ``off-hand`` (-2 unless Ambidextrous) for one held in the off-hand."""
    implied = (("improvised",) if improvised_named(weapon.name) is not None else ()) + \
        (("off-hand",) if weapon.off_hand else ())
    return (*options, *(o for o in implied if o not in options))


def _token(board: Board, token_id: str, role: str) -> Piece:
    try:
        return board.token(token_id)
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


def _measure(board: Board, attacker: str, target: str, weapon: Weapon,
             kind: AttackKind) -> MapFacts:
    ranges = None if kind is AttackKind.MELEE or weapon.range is None else weapon.range
    return board.map().facts(attacker, target, weapon_ranges=ranges, reach=weapon.reach)


def _combatants(board: Board, attacker: Piece,
                target: Piece) -> tuple[Combatant, Combatant]:
    try:
        return combatant_of(board, attacker), combatant_of(board, target)
    except RulesError as error:
        raise AttackError(str(error)) from None


def preview_attack(board: Board, attacker_id: str, target_id: str,
                   weapon: str | None = None, options: Sequence[str] = (),
                   overrides: Mapping[str, str] | None = None,
                   declared: Declared = NOTHING_DECLARED,
                   soak_bennies: int = 0) -> AttackPreview:
    """Measure and plan one attack without rolling; ``AttackError`` for bad ids or weapons.

    ``weapon`` None picks a hand weapon next to the target and a ranged one farther away;
    ``overrides`` are the GM's (``{"cover": "heavy"}``, names in
    :data:`.savage_context.OVERRIDABLE`); ``declared`` the attacker's
    Multi-Actions, running, Rate of Fire and mounted combat; the odds count the Soak the target
    will make with up to ``soak_bennies`` Bennies.
    """
    attacker, target = _token(board, attacker_id, "attacker"), _token(board, target_id,
                                                                           "target")
    if attacker_id == target_id:
        raise AttackError(f"{attacker.name} cannot attack itself")
    fighter, defender = _combatants(board, attacker, target)
    fighter = armed_with(fighter, weapon)
    adjacent = board.map().adjacent(attacker_id, target_id)
    arm = _weapon(fighter, weapon, adjacent)
    kind = _kind(arm, adjacent)
    made_from = (board, board.measurer, attacker_id, target_id, fighter, defender, arm,
                 tuple(options), dict(overrides or {}), declared, soak_bennies)
    kept = PREVIEWS.get(made_from)
    if kept is not None:
        return kept
    facts = _measure(board, attacker_id, target_id, arm, kind)
    situation = Situation(board, attacker, target, fighter, defender, arm, facts)
    try:
        translation = translate(situation, AttackContext(kind=kind), _implied(options, arm),
                                overrides, declared)
    except RulesError as error:
        raise AttackError(str(error)) from None
    planned = _planned(situation, _weapon_name(fighter, arm), translation, soak_bennies)
    PREVIEWS.put(made_from, planned)
    return planned


class KeptPreviews:
    """The last previews :func:`preview_attack` made, by all they were made from once the
    weapon is picked: the board (its pieces, combat and log) and its measurer, both ids, the
    fighter and the defender as parsed, the weapon itself, the options, overrides,
    declarations and Bennies. A hover card asks for the default weapon, and when it has a
    problem for each weapon by name; the default is one of those (the same weapon, the same
    fighter), and its preview is made once. Keys are compared with ``==``, the newest
    first; a measurer that defines no equality is equal only to itself.

    >>> kept, one, other = KeptPreviews(size=1), object(), object()
    >>> kept.put(("a", 1), one)  # type: ignore[arg-type]
    >>> kept.get(("a", 1)) is one, kept.get(("a", 2))
    (True, None)
    >>> kept.put(("b", 1), other)  # type: ignore[arg-type]
    >>> kept.get(("a", 1)), kept.get(("b", 1)) is other
    (None, True)
    """

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._kept: list[tuple[tuple[object, ...], AttackPreview]] = []

    def get(self, made_from: tuple[object, ...]) -> AttackPreview | None:
        for key, preview in reversed(self._kept):
            if key == made_from:
                return preview
        return None

    def put(self, made_from: tuple[object, ...], preview: AttackPreview) -> None:
        self._kept = [*self._kept[max(0, len(self._kept) + 1 - self.size):], (made_from, preview)]


PREVIEWS = KeptPreviews()
"""The previews :func:`preview_attack` keeps (a hover's first visit of a target asks for the
default weapon's twice: as the default, then by its name)."""


def _weapon_name(combatant: Combatant, weapon: Weapon) -> str | None:
    return weapon.name if weapon in combatant.weapons else None


def _planned(s: Situation, weapon: str | None, translation: Translation,
             soak_bennies: int = 0) -> AttackPreview:
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
            odds = attack_odds(fighter, s.target_stats, weapon, replace(context, shots=1),
                               soak_bennies)
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


def _title(board: Board, preview: AttackPreview) -> str:
    attacker, target = board.token(preview.attacker), board.token(preview.target)
    return f"{attacker.name} {VERBS[preview.kind]} {target.name} ({preview.weapon or 'unarmed'})"


def apply_outcome(board: Board, states: Sequence[Combatant],
                  events: Sequence[Event]) -> Board:
    """The board with the combatants' new stat blocks and every push applied."""
    for state in states:
        token = board.token(state.id)
        if state != combatant_of(board, token):
            stats = combatant_to_dict(state)
            board = board.with_token(replace(token, stats=stats))
    for event in events:
        if isinstance(event, TokenPushed):
            board = board.with_token(board.token(event.token).moved_to(*event.to))
    return board


def strays(dice: DiceSource, preview: AttackPreview, fighter: Combatant,
            board: Board, shots: Sequence[Event]) -> tuple[list[Event], list[Combatant]]:
    """Innocent Bystanders: missed shots (the attack rolls among ``shots``) showing 1 hit
    someone in the line of fire to the preview's target (a rider's mount on a 1)."""
    rolls = [e for e in shots if isinstance(e, RollMade) and e.target is not None]
    mount = mount_of(board, preview.target)
    if preview.kind is AttackKind.MELEE or not (preview.survey.bystanders or mount):
        return [], []
    events = list(bystanders_hit(dice, fighter.id, rolls, fighter.weapon(preview.weapon),
                                 preview.survey.bystanders, mount=mount))
    states: list[Combatant] = []
    for hit in [e for e in events if isinstance(e, BystanderHit)]:
        victim = combatant_of(board, board.token(hit.bystander))
        harm = bystander_damage(dice, fighter, fighter.weapon(preview.weapon), victim,
                                preview.context)
        events += harm.events
        states += harm.states
    return events, states


def resolve_attack(board: Board, attacker_id: str, target_id: str, dice: DiceSource,
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
    in the board. Raises ``AttackError`` when the attack cannot be made, and the dice
    source's ``DiceError`` when a die is impossible or missing; the board is then unchanged.
    """
    notes_of_turn = turn_notes(board, attacker_id, declared, gm_override)
    preview = preview_attack(board, attacker_id, target_id, weapon, options, overrides,
                             declared)
    if preview.problem is not None or preview.situated is None:
        raise AttackError(preview.problem or "the attack could not be planned")
    fighter, defender = _combatants(board, board.token(attacker_id),
                                    board.token(target_id))
    fighter = armed_with(fighter, preview.weapon)
    outcome = roll_attack(preview.situated.attacker, defender, preview.weapon, preview.context,
                          dice, soak_bennies=soak_bennies)
    outcome, timers = follow_up(dice, preview.situated, fighter, target_id, outcome,
                                timers_of(board))
    stray_events, stray_states = strays(dice, preview, fighter, board, outcome.events)
    events = (*outcome.events, *stray_events)
    names = {t.id: t.name for t in board.tokens}
    entry = attack_entry(_title(board, preview), events, names,
                         cover_fraction=preview.survey.cover_fraction,
                         notes=(*preview.notes, *notes_of_turn),
                         round_number=initiative(board).round)
    after = apply_outcome(board, (*outcome.states, *stray_states), events)
    if initiative(board).round:
        after = _after_acting(after, attacker_id, preview.kind)
        after = note_taken(after, attacker_id, kind_of(declared.free_attack, declared.limited))
        after = mark_ran(after, attacker_id) if declared.running else after
    after = with_timers(after, timers)
    return AttackResult(preview, events, after.with_log(entry), entry)


def turn_notes(board: Board, attacker_id: str, declared: Declared,
               gm_override: bool) -> tuple[str, ...]:
    """``AttackError`` when the turn order or Defend forbid the attack; the override's note."""
    problem = running_problem(board, attacker_id) if declared.running else None
    try:
        problem = problem or limit_problem(board, attacker_id,
                                           kind_of(declared.free_attack, declared.limited))
    except RulesError as error:
        raise AttackError(str(error)) from None
    if problem is not None:
        raise AttackError(problem)
    out_of_turn = None if declared.free_attack else turn_problem(board, attacker_id)
    if out_of_turn is None:
        return ()
    if not gm_override:
        raise AttackError(out_of_turn)
    return (override_note(board, attacker_id),)


def _after_acting(board: Board, attacker_id: str, kind: AttackKind) -> Board:
    """The attacker has acted this turn; his Support for the skill and a ready Aim are used."""
    return mark_acted(use_effects(board, attacker_id, kind.skill), attacker_id)
