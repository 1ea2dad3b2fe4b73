"""The actions a token takes on its own (no target): Defend, Aim, prone, recovery, Fatigue, ...

Whether the actor may take the action at all (Shaken, Stunned, not prone, ...) is checked
first by :func:`.actions.action_problem`.

Each function takes the board, an :class:`ActionRequest` and the dice, and returns an
:class:`ActionResult`: the events, the board after it - stat blocks, timed states
(:mod:`.timed_states`) and the log entry with every roll's breakdown - as one
undoable edit. :mod:`.actions` dispatches to them (and to the actions aimed at
another token) by the ids of the rules' ``ACTIONS`` registry.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Board, Piece
>>> from battlemap.rules.testing import open_board
>>> enc = open_board((Piece("h", "Hero", 1.5, 1.5, stats={"wild_card": True}),))
>>> result = defend(enc, ActionRequest("defend", "h"), ScriptedDice([]))
>>> result.entry.title, result.entry.lines
('Hero Defends', ('+4 Parry until the start of his next turn',))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, RollMade, StatusAdded, StatusRemoved
from battlemap.rules.narration import attack_lines
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.damage import take_rolled_damage
from battlemap.rules.savage_pathfinder.expressions import parse_damage
from battlemap.rules.savage_pathfinder.incapacitation import bleeding_out_roll
from battlemap.rules.savage_pathfinder.movement import Hazard
from battlemap.rules.savage_pathfinder.recovery import recover_from_shaken, unshake_with_benny
from battlemap.rules.savage_pathfinder.situational.breaking import (
    HARDNESS,
    DamageType,
    damage_type_problem,
    roll_object_damage,
    strike_object,
)
from battlemap.rules.savage_pathfinder.situational.fatigue import (
    add_fatigue,
    fatigue_level,
    recover_fatigue,
)
from battlemap.rules.savage_pathfinder.situational.illumination import (
    RollKind,
    illumination_modifier,
)
from battlemap.rules.savage_pathfinder.situational.misc import (
    evasion_roll,
    items_ready_actions,
    reload_actions,
    rest,
    running_reload_roll,
)
from battlemap.rules.savage_pathfinder.situational.natural import climbing_roll
from battlemap.rules.savage_pathfinder.situational.states import Timer, stunned_recovery
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.savage_pathfinder.table.pipeline import (
    AttackError,
    apply_outcome,
    combatant_of,
)
from battlemap.rules.savage_pathfinder.table.timed_states import (
    Effect,
    add_effect,
    mark_acted,
    mark_stood,
    mark_tried,
    ran,
    timers_of,
    tried,
    with_timers,
)
from battlemap.rules.savage_pathfinder.table.turns import initiative
from battlemap.rules.table import Board, LogEntry

__all__ = ["AT_TURN_START", "ActionRequest", "ActionResult", "fighter_of", "finish", "object_of"]

FREE_ACTIONS = frozenset({"stand-up", "go-prone", "recover-shaken", "spend-benny",
                          "recover-stunned", "bleeding-out", "gain-fatigue", "recover-fatigue",
                          "rest", "evasion", "climb", "daily-vigor", "mount",
                          "dismount", "device-retry", "time-passes", "apply-damage"})
"""Actions a Shaken (or Bound) character may still take: free ones and reactions."""
AT_TURN_START = frozenset({"recover-shaken", "recover-stunned"})
"""Free actions that "occur automatically at the beginning of a character's turn" (C23): in
combat only on the character's own turn (the turn tracker rolls Spirit for a Shaken one
itself); a Benny removes Shaken at any time (C63, C97)."""


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """One action: its ``ACTIONS`` id, who acts, at whom, and the choices it needs.

    ``skill``: the skill of a Test or Support (default Taunt / Fighting); ``effect``: what a
    won Test inflicts (Distracted or Vulnerable); ``trait``: Strength or Athletics to break
    free; ``hardness``: the object broken (default 8, a wooden door); ``items``: how many items
    are readied; ``wild_attack``: cutting free with a Wild Attack; ``part``: where a Disarm
    strikes (hand or limb); ``dice_count``: the skill dice of a Test made with a Rate of Fire
    (only the best counts); ``weapon``: for Disarm, Cut free, Break an object, Reload and the
    Finishing Move; ``rough_surface``: a climb up rough or soft stuff (claws help);
    ``gm_override``: the GM lets the actor act out of turn; ``details``: a Test that uses
    telling details (+2, the GM's call); ``damage``, ``catastrophic``, ``soak``: damage that is
    no attack dealt to the actor (its expression, no Wound cap, the Bennies spent on Soak);
    ``thing``, ``damage_type``: the object of the Hardness table broken (it sets the Hardness)
    and what the weapon does to it (cutting, piercing, blunt: a club can't cut a rope).
    """

    action: str
    actor: str
    target: str | None = None
    weapon: str | None = None
    skill: str | None = None
    effect: str = "Distracted"
    trait: str = "strength"
    device: bool = False
    """Breaking free: held by a device (a net, manacles), a failure allows no new try."""
    source: str = ""
    """Gaining Fatigue: what causes it (cold, hunger, a spell)."""
    hours: float = 0.0
    """Gaining Fatigue: the hours its source takes to wear off; time passing: hours elapsed."""
    hardness: int = 8
    items: int = 3
    wild_attack: bool = False
    part: str = "hand"
    dice_count: int = 1
    rough_surface: bool = True
    gm_override: bool = False
    limited: str = ""
    """Declared limited: "action" or "free-action" (:mod:`.turn_limits`); "" not limited."""
    running: bool = False
    """Declared Running (a Reload while running asks for an Agility roll)."""
    details: bool = False
    damage: str = ""
    catastrophic: bool = False
    soak: int = 0
    thing: str = ""
    damage_type: str = ""


@dataclass(frozen=True, slots=True)
class ActionResult:
    """A resolved action: the events, the board after it, its log entry."""

    events: tuple[Event, ...]
    board: Board
    entry: LogEntry


def _tried(result: ActionResult, token_id: str, what: str) -> ActionResult:
    """``result`` with ``what`` noted as tried this turn (in combat: turns end there)."""
    if not initiative(result.board).round:
        return result
    return replace(result, board=mark_tried(result.board, token_id, what))


def fighter_of(board: Board, token_id: str | None, role: str = "actor") -> Combatant:
    """The token's stat block; ``AttackError`` for an unknown id or a bad stat block."""
    if token_id is None:
        raise AttackError(f"{role}: no token given")
    try:
        return combatant_of(board, board.token(token_id))
    except KeyError as error:
        raise AttackError(f"{role}: {error.args[0]}") from None
    except RulesError as error:
        raise AttackError(str(error)) from None


def finish(board: Board, request: ActionRequest, title: str, events: Sequence[Event],
           states: Sequence[Combatant], notes: Sequence[str] = ()) -> ActionResult:
    """The result of an action: new stat blocks, the log entry, the actor marked as acted."""
    names = {t.id: t.name for t in board.tokens}
    lines = (*attack_lines(events, names), *notes)
    entry = LogEntry(title, lines, initiative(board).round)
    after = apply_outcome(board, states, events)
    if request.action not in FREE_ACTIONS and initiative(board).round:
        after = mark_acted(after, request.actor)
    return ActionResult(tuple(events), after.with_log(entry), entry)


def _name(board: Board, token_id: str) -> str:
    return board.token(token_id).name


def defend(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Defend: +4 Parry until the start of the defender's next turn (his whole turn)."""
    result = finish(board, request, f"{_name(board, request.actor)} Defends", (), (),
                    ["+4 Parry until the start of his next turn"])
    after = add_effect(result.board, Effect(request.actor, "defend", 4))
    return replace(result, board=after)


def aim(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Aim: the whole turn spent aiming; next turn's first ranged attack takes the Aim option."""
    result = finish(board, request, f"{_name(board, request.actor)} Aims", (), (),
                    ["next turn's first ranged attack: ignore up to 4 points of penalties "
                     "or +2; Extreme Range allowed"])
    after = add_effect(result.board, Effect(request.actor, "aim", turn_ends=2))
    return replace(result, board=after)


def _set_prone(board: Board, request: ActionRequest, prone: bool) -> ActionResult:
    actor = fighter_of(board, request.actor)
    event = (StatusAdded if prone else StatusRemoved)(actor.id, "prone")
    state = replace(actor, condition=replace(actor.condition, prone=prone))
    verb = "goes prone" if prone else "stands up"
    notes = [] if prone else ['standing costs 2" of Pace']
    return finish(board, request, f"{_name(board, request.actor)} {verb}", [event],
                  [state], notes)


def stand_up(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Stand up from prone (free; in combat the turn's Pace is 2\" less, C34)."""
    result = _set_prone(board, request, False)
    if initiative(board).round == 0:
        return result
    return replace(result, board=mark_stood(result.board, request.actor))


def go_prone(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Drop prone (free)."""
    return _set_prone(board, request, True)


def recover_shaken(board: Board, request: ActionRequest,
                   dice: DiceSource) -> ActionResult:
    """The Spirit roll to recover from Shaken (dice: Spirit die, Wild Die)."""
    actor = fighter_of(board, request.actor)
    try:
        outcome = recover_from_shaken(dice, actor,
                                      tried_this_turn=tried(board, actor.id, "shaken"))
    except RulesError as error:
        raise AttackError(str(error).replace(actor.id, _name(board, actor.id))) from None
    done = any(isinstance(e, StatusRemoved) for e in outcome.events)
    word = "recovers" if done else "stays Shaken"
    result = finish(board, request, f"{_name(board, actor.id)} {word} (Spirit)",
                    outcome.events, outcome.states)
    return _tried(result, actor.id, "shaken")


def spend_benny(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Spend a Benny to remove Shaken at once."""
    actor = fighter_of(board, request.actor)
    try:
        outcome = unshake_with_benny(actor)
    except RulesError as error:
        raise AttackError(str(error).replace(actor.id, _name(board, actor.id))) from None
    return finish(board, request, f"{_name(board, actor.id)} spends a Benny: no longer "
                  f"Shaken ({outcome.states[0].bennies} left)", outcome.events, outcome.states)


def recover_stunned(board: Board, request: ActionRequest,
                    dice: DiceSource) -> ActionResult:
    """The Vigor roll to recover from Stunned (dice: Vigor die, Wild Die); the Vulnerable that
    follows is timed: until the end of his next turn, with a raise the end of this one (S159).
    The title names the roll: "Orc recovers from Stunned (Vigor 5 vs 4)"."""
    actor = fighter_of(board, request.actor)
    name = _name(board, actor.id)
    try:
        outcome, timers = stunned_recovery(dice, actor, timers_of(board),
                                           tried_this_turn=tried(board, actor.id, "stunned"))
    except RulesError as error:
        raise AttackError(str(error).replace(actor.id, name)) from None
    roll = next((e for e in outcome.events if isinstance(e, RollMade)), None)
    if roll is None:
        raise AttackError(f"{name} is not Stunned")
    recovered = not outcome.states[0].condition.stunned
    word = "recovers from" if recovered else "stays"
    title = f"{name} {word} Stunned (Vigor {roll.total} vs {roll.target})"
    raised = Timer(actor.id, "Vulnerable", 1) in timers
    until = "this turn (a raise)" if raised else "his next turn"
    notes = (f"Vulnerable until the end of {until}",) if recovered else ()
    result = finish(board, request, title, outcome.events, outcome.states, notes)
    return _tried(replace(result, board=with_timers(result.board, timers)), actor.id,
                  "stunned")


def bleed(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """The Vigor roll of a character Bleeding Out: failure dies, a raise stabilises."""
    actor = fighter_of(board, request.actor)
    outcome = bleeding_out_roll(dice, actor)
    after = outcome.states[0].condition
    word = "dies" if after.dead else "stabilises" if not after.bleeding_out else "holds on"
    return finish(board, request, f"{_name(board, actor.id)} {word} (Bleeding Out)",
                  outcome.events, outcome.states)


def _with_fatigue(actor: Combatant, levels: int) -> Combatant:
    """``actor`` at ``levels`` of Fatigue: Incapacitated at the third."""
    incapacitated = actor.condition.incapacitated or fatigue_level(levels).value == \
        "Incapacitated"
    return replace(actor, condition=replace(actor.condition, fatigue=levels,
                                            incapacitated=incapacitated))


def _fatigue(board: Board, request: ActionRequest, levels: int) -> ActionResult:
    actor = fighter_of(board, request.actor)
    before = actor.condition.fatigue
    if levels == before:
        raise AttackError(f"{_name(board, actor.id)}'s Fatigue cannot change "
                          f"({fatigue_level(before).value})")
    state = _with_fatigue(actor, levels)
    title = (f"{_name(board, actor.id)}: Fatigue {fatigue_level(before).value} → "
             f"{fatigue_level(levels).value}")
    return finish(board, request, title, [], [state])


def gain_fatigue(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """One more Fatigue level (Fatigued -1, Exhausted -2, then Incapacitated)."""
    return _fatigue(board, request,
                    add_fatigue(fighter_of(board, request.actor).condition.fatigue))


def lose_fatigue(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """One Fatigue level recovered after an hour's rest (not from Incapacitated)."""
    return _fatigue(board, request,
                    recover_fatigue(fighter_of(board, request.actor).condition.fatigue, 1))


def rest_all(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Rest: every Wild Card on the map regains a Benny, and so does the GM."""
    party = [fighter_of(board, t.id) for t in board.tokens if t.stats]
    rested, gm = rest(party, int(board.combat.get("gm_bennies", 0)))
    gained = [board.token(c.id).name for c, r in zip(party, rested, strict=True) if c != r]
    result = finish(board, request, "Rest: each Wild Card and the GM regain a Benny", [],
                    rested, [f"a Benny each: {', '.join(gained) or 'nobody'}; "
                             f"the GM has {gm}"])
    after = replace(result.board, combat={**result.board.combat, "gm_bennies": gm})
    return replace(result, board=after)


def ready_items(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Readying ``request.items`` items: two free, each more an action."""
    actions = items_ready_actions(request.items)
    return finish(board, request, f"{_name(board, request.actor)} readies "
                  f"{request.items} items", [], [],
                  [f"{actions} action{'s' * (actions != 1)} (two items are free)"])


def hands_free(actor: Combatant) -> int:
    """The hands ``actor`` can reload with: two, less an arm the Injury Table made unusable
    (C83) and both while Bound (what the hands hold otherwise is the GM's: they may be
    readied, S145).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition, Injury, InjuryLasts
    >>> arm = Injury("Arm: left arm unusable", InjuryLasts.UNTIL_HEALED)
    >>> hands_free(Combatant("a")), hands_free(Combatant("a", condition=Condition(injuries=(arm,))))
    (2, 1)
    """
    if actor.condition.bound:
        return 0
    arms = {i.name for i in actor.condition.injuries if i.name.startswith("Arm: ")}
    return max(0, 2 - len(arms))


def reload(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Reload the named (or first ranged) weapon: Reload X actions, both hands."""
    actor = fighter_of(board, request.actor)
    ranged = [w for w in actor.weapons if w.range is not None and not w.thrown]
    weapon = actor.weapon(request.weapon) if request.weapon else (ranged[0] if ranged else None)
    if weapon is None:
        raise AttackError(f"{_name(board, actor.id)} has no weapon to reload")
    try:
        actions = reload_actions(weapon, hands_free=hands_free(actor))
    except RulesError as error:
        raise AttackError(str(error)) from None
    count = f"Reload {actions}: {actions} action{'s' * (actions != 1)}"
    if not (request.running or ran(board, actor.id)):
        return finish(board, request, f"{_name(board, actor.id)} reloads {weapon.name}", [],
                      [], [count])
    roll = running_reload_roll(dice, actor)
    done = "reloads" if roll.result.succeeded else "fails to reload"
    return finish(board, request, f"{_name(board, actor.id)} {done} {weapon.name} while running",
                  [roll.event], [], [count] if roll.result.succeeded else
                  ["Running & Reloading: no progress toward reloading this action"])


def break_object(board: Board, request: ActionRequest,
                 dice: DiceSource) -> ActionResult:
    """The attack roll at a motionless object (TN 2, S20), then damage against its
    ``request.hardness`` (or the Hardness of ``request.thing``): no raise bonus, no Aces; a
    damage type that cannot break the object (``request.damage_type``: a club against a rope)
    is refused before any die is rolled."""
    if request.target:  # S20 "the wielder's Parry if held": not at the table yet; say so
        raise AttackError(f"Break an object strikes a motionless object (TN 2); an item "
                          f"{_name(board, request.target)} holds is struck at his Parry: "
                          "Break a held item")
    actor = fighter_of(board, request.actor)
    thing, hardness = object_of(request)
    weapon = actor.weapon(request.weapon) if request.weapon else \
        next((w for w in actor.weapons if w.range is None or w.thrown), actor.weapon(None))
    piece = board.token(actor.id)
    light = illumination_modifier(Illumination(board.map().light_at((piece.x, piece.y))), 0.0,
                                  RollKind.ATTACK)
    strike = strike_object(dice, actor, weapon, modifiers=(light,) if light else ())
    if not strike.result.succeeded:
        return finish(board, request, f"{_name(board, request.actor)} misses {thing}",
                      [strike.event], [])
    damage = roll_object_damage(dice, actor, weapon, hardness)
    word = "breaks it" if damage.broken else "it holds"
    return finish(board, request, f"{_name(board, request.actor)} strikes {thing} "
                  f"(Hardness {hardness}): {word}", [strike.event, damage.roll], [])


def object_of(request: ActionRequest) -> tuple[str, int]:
    """What is struck and its Hardness; ``AttackError`` for an unknown object or damage type,
    or one that cannot break it."""
    if request.damage_type and request.damage_type not in tuple(DamageType):
        raise AttackError(f"damage type {request.damage_type!r} is not one of "
                          f"{', '.join(DamageType)}")
    if not request.thing:
        return "an object", request.hardness
    if request.thing not in HARDNESS:
        raise AttackError(f"object {request.thing!r} is not one of {', '.join(HARDNESS)}")
    problem = damage_type_problem(request.thing, DamageType(request.damage_type)) \
        if request.damage_type else None
    if problem is not None:
        raise AttackError(f"Damage Types: {problem}")
    return f"the {request.thing}", HARDNESS[request.thing]


def evade(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Evasion against an area effect that allows it: Agility -2; success avoids it."""
    roll = evasion_roll(dice, fighter_of(board, request.actor))
    word = "evades: move the token clear of the template" if roll.result.succeeded else \
        "fails to evade"
    return finish(board, request, f"{_name(board, request.actor)} {word}",
                  [roll.event], [])


def climb(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """A hazardous climb: Athletics (climbing), +2 with claws on a rough or soft surface; a
    Critical Failure costs a level of Fatigue (C32: "takes Fatigue from Bumps & Bruises") and
    the climber falls (the fall's damage is the GM's: *Apply damage*)."""
    climber = fighter_of(board, request.actor)
    roll, hazard = climbing_roll(dice, climber, request.rough_surface)
    if hazard is not Hazard.MISHAP:
        return finish(board, request, f"{_name(board, request.actor)} climbs: {hazard}",
                      [roll], [])
    levels = add_fatigue(climber.condition.fatigue)
    return finish(board, request, f"{_name(board, request.actor)} falls climbing", [roll],
                  [_with_fatigue(climber, levels)],
                  [f"Fatigue from Bumps & Bruises: {fatigue_level(levels).value}",
                   "the fall's damage: Apply damage"])


def apply_damage(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Damage that is no attack (``request.damage``, e.g. ``3d6``) dealt to the actor, with
    Soak; ``request.catastrophic`` lifts the cap of four Wounds (a great fall, lava)."""
    victim = fighter_of(board, request.actor)
    if not request.damage.strip():
        raise AttackError("apply damage: give the damage, e.g. 2d6 or 3d6+2")
    try:
        damage = parse_damage(request.damage, "apply damage")
        outcome = take_rolled_damage(dice, victim, damage, "hazard",
                                     catastrophic=request.catastrophic,
                                     soak_bennies=request.soak)
    except RulesError as error:
        raise AttackError(str(error)) from None
    kind = " (catastrophic: no Wound cap)" if request.catastrophic else ""
    return finish(board, request, f"{_name(board, victim.id)} takes {damage} damage{kind}",
                  outcome.events, outcome.states)
