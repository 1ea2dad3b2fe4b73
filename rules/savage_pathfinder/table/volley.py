"""Rate of Fire at several targets: one Shooting die per shot, each shot with its own target.

:func:`resolve_volley` takes the targets in the order the shots are assigned (a target named
twice takes two dice). Each target is measured on its own - its range band, Cover, obstacles,
light, Gang Up - so each die is totalled with that target's modifiers (the GM's frequent
request: "one result per target, each with its own cover"). The dice are rolled together,
with one Wild Die replacing the lowest, best die to the first target (the rules'
:func:`~battlemap.rules.savage_pathfinder.attack.resolve_shots`). Missed shots showing 1 (or 2, at
RoF 2 and more) may hit bystanders in the line of fire to the target they were aimed at.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Board, Side, Piece
>>> gunner = Piece("g", "Gunner", 1.5, 1.5, side=Side.HERO, stats={"skills": {"shooting": "d8"},
...     "weapons": [{"name": "Repeater", "damage": "2d6", "range": [12, 24, 48], "rof": 2}]})
>>> a = Piece("a", "Orc A", 6.5, 1.5, side=Side.VILLAIN, stats={})
>>> b = Piece("b", "Orc B", 6.5, 4.5, side=Side.VILLAIN, stats={})
>>> from battlemap.rules.testing import open_board
>>> result = resolve_volley(open_board((gunner, a, b)), "g", ["a", "b"],
...                         ScriptedDice([6, 2, 3, 3]))
>>> result.entry.title
'Gunner shoots Orc A, Orc B (Repeater, 2 shots): Orc A hit, Orc B miss; Orc A is Shaken'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import (
    BystanderHit,
    Event,
    Hit,
    Incapacitated,
    Miss,
    Outcome,
    RollMade,
    Shaken,
    Wounded,
)
from battlemap.rules.narration import attack_lines, event_text
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.attack import resolve_shots
from battlemap.rules.savage_pathfinder.situational.situation import follow_up
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.savage_pathfinder.table.pipeline import (
    VERBS,
    AttackError,
    AttackPreview,
    AttackResult,
    apply_outcome,
    armed_with,
    combatant_of,
    preview_attack,
    strays,
    turn_notes,
)
from battlemap.rules.savage_pathfinder.table.savage_context import NOTHING_DECLARED, Declared
from battlemap.rules.savage_pathfinder.table.timed_states import (
    mark_acted,
    timers_of,
    use_effects,
    with_timers,
)
from battlemap.rules.savage_pathfinder.table.turn_limits import kind_of, note_taken
from battlemap.rules.savage_pathfinder.table.turns import initiative
from battlemap.rules.table import Board, LogEntry

__all__ = ["resolve_volley"]


def _previews(board: Board, attacker: str, targets: Sequence[str], weapon: str | None,
              options: Sequence[str], overrides: Mapping[str, str] | None,
              declared: Declared) -> dict[str, AttackPreview]:
    """One preview per distinct target, all with the first target's weapon and every shot."""
    shots = replace(declared, shots=len(targets))
    found: dict[str, AttackPreview] = {}
    for target in dict.fromkeys(targets):
        preview = preview_attack(board, attacker, target, weapon, options, overrides, shots)
        if preview.problem is not None:
            raise AttackError(preview.problem)
        weapon = preview.weapon
        found[target] = preview
    return found


def _aimed_rolls(events: Sequence[Event]) -> dict[str, list[RollMade]]:
    """The attack rolls by the target each was aimed at (each roll precedes its hit or miss)."""
    found: dict[str, list[RollMade]] = {}
    last: RollMade | None = None
    for event in events:
        if isinstance(event, RollMade):
            last = event
        elif isinstance(event, Hit | Miss) and last is not None:
            found.setdefault(event.target, []).append(last)
            last = None
    return found


def _follow_ups(dice: DiceSource, previews: Mapping[str, AttackPreview], fighter: Combatant,
                outcome: Outcome[Combatant], board: Board) -> tuple[Outcome[Combatant],
                                                                             Board]:
    timers = timers_of(board)
    for n, (target, preview) in enumerate(previews.items()):
        if preview.situated is None:
            continue
        situated = preview.situated if n == 0 else replace(preview.situated,
                                                           attacker_becomes_vulnerable=False)
        outcome, timers = follow_up(dice, situated, fighter, target, outcome, timers)
    return outcome, with_timers(board, timers)


def resolve_volley(board: Board, attacker_id: str, targets: Sequence[str],
                   dice: DiceSource, weapon: str | None = None, options: Sequence[str] = (),
                   overrides: Mapping[str, str] | None = None, soak_bennies: int = 0,
                   declared: Declared = NOTHING_DECLARED,
                   gm_override: bool = False) -> AttackResult:
    """Fire ``len(targets)`` shots, one at each listed target; ``AttackError`` if any target
    cannot be shot or it is not the attacker's turn (unless ``gm_override``, which the log
    notes) - the board is then unchanged. The result's preview is the first target's.
    Dice: the shots and the Wild Die, then each hit's damage in target order, then the stray
    shots' bystander dice and damage."""
    if not targets:
        raise AttackError("a volley needs at least one target")
    notes_of_turn = turn_notes(board, attacker_id, declared, gm_override)
    previews = _previews(board, attacker_id, targets, weapon, options, overrides, declared)
    first = next(iter(previews.values()))
    if first.situated is None:
        raise AttackError(first.problem or "the attack could not be planned")
    fighter = armed_with(combatant_of(board, board.token(attacker_id)), weapon)
    defenders = {t: combatant_of(board, board.token(t)) for t in previews}
    try:
        outcome = resolve_shots(first.situated.attacker, tuple(defenders[t] for t in targets),
                                first.weapon, first.context, dice, soak_bennies=soak_bennies,
                                contexts=tuple(previews[t].context for t in targets))
    except RulesError as error:
        raise AttackError(str(error)) from None
    outcome, after = _follow_ups(dice, previews, fighter, outcome, board)
    rolls = _aimed_rolls(outcome.events)
    events: list[Event] = list(outcome.events)
    states: list[Combatant] = list(outcome.states)
    for target, preview in previews.items():
        stray_events, stray_states = strays(dice, preview, fighter, board,
                                            rolls.get(target, []))
        events += stray_events
        states += stray_states
    result = _recorded(board, after, previews, targets, events, states, notes_of_turn)
    kind = kind_of(declared.free_attack, declared.limited)
    return replace(result, board=note_taken(result.board, attacker_id, kind))


def _summary(events: Sequence[Event], names: Mapping[str, str]) -> str:
    """``Orc A hit, Orc B miss; Orc A is Shaken``: each shot's result, then what it did."""
    shots = [f"{names.get(e.target, e.target)} {'hit' if isinstance(e, Hit) else 'miss'}"
             for e in events if isinstance(e, Hit | Miss)]
    effects = [event_text(e, names) for e in events
               if isinstance(e, Shaken | Wounded | Incapacitated | BystanderHit)]
    return "; ".join([", ".join(shots), *effects])


def _recorded(board: Board, after: Board, previews: Mapping[str, AttackPreview],
              targets: Sequence[str], events: Sequence[Event],
              states: Sequence[Combatant], notes_of_turn: Sequence[str]) -> AttackResult:
    first = next(iter(previews.values()))
    names = {t.id: t.name for t in board.tokens}
    whom = ", ".join(names[t] for t in previews)
    title = (f"{names[first.attacker]} {VERBS[first.kind]} {whom} "
             f"({first.weapon or 'unarmed'}, {len(targets)} shots)")
    notes = [*(n for p in previews.values() for n in p.notes), *notes_of_turn]
    covers = [f"{names[t]}: cover {p.context.cover.value} "
              f"({round(p.survey.cover_fraction * 100)} %)" for t, p in previews.items()]
    lines = (*attack_lines(events, names), *covers, *dict.fromkeys(notes))
    entry = LogEntry(f"{title}: {_summary(events, names)}", lines, initiative(board).round)
    after = apply_outcome(after, states, events)
    if initiative(board).round:
        after = mark_acted(use_effects(after, first.attacker, first.kind.skill), first.attacker)
    return AttackResult(first, tuple(events), after.with_log(entry), entry)
