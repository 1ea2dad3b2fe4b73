"""The actions aimed at another token: Grapple (let go, crush, cut free), Test, Support, Push,
Disarm, the Finishing Move, and Withdrawing from melee (every adjacent foe's free attack).

Each takes the board, an :class:`~.action_steps.ActionRequest` naming the actor
and the target, and the dice, and returns an
:class:`~.action_steps.ActionResult` (one undoable edit, one log entry with each
roll's breakdown). :func:`.actions.perform_action` checks the request and
dispatches here by the rules' ``ACTIONS`` ids.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Piece
>>> bard = Piece("b", "Bard", 1.5, 1.5, side=Side.HERO, stats={"skills": {"taunt": "d8"}})
>>> orc = Piece("o", "Orc", 4.5, 1.5, side=Side.VILLAIN, stats={})
>>> request = ActionRequest("test", "b", "o", skill="taunt", effect="Vulnerable")
>>> from battlemap.rules.testing import open_board
>>> put_to_the_test(open_board((bard, orc)), request, ScriptedDice([5, 3])).entry.title
'Bard Tests Orc (Taunt): Orc is Vulnerable'
"""

from __future__ import annotations

from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Hit, Miss, StatusAdded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.incapacitation import stabilise, treat_fatigue
from battlemap.rules.savage_pathfinder.situational.breaking import roll_object_damage
from battlemap.rules.savage_pathfinder.situational.disarm import (
    disarm_after_hit,
    disarm_weapon_hit,
    shaken_or_wounded,
)
from battlemap.rules.savage_pathfinder.situational.grappling import crush, grapple, let_go
from battlemap.rules.savage_pathfinder.situational.illumination import illumination_at
from battlemap.rules.savage_pathfinder.situational.misc import finishing_move, withdrawal_attackers
from battlemap.rules.savage_pathfinder.situational.scale import Scale
from battlemap.rules.savage_pathfinder.situational.states import cut_free
from battlemap.rules.savage_pathfinder.situational.support import (
    DETAILS_MODIFIER,
    perform_test,
    support_roll,
)
from battlemap.rules.savage_pathfinder.table.action_steps import (
    ActionRequest,
    ActionResult,
    fighter_of,
    finish,
    object_of,
)
from battlemap.rules.savage_pathfinder.table.pipeline import (
    AttackError,
    Declared,
    apply_outcome,
    preview_attack,
    resolve_attack,
)
from battlemap.rules.savage_pathfinder.table.push_action import resolve_push
from battlemap.rules.savage_pathfinder.table.timed_states import (
    Effect,
    add_effect,
    add_hold,
    holding,
    timers_of,
    use_effects,
    with_timers,
)
from battlemap.rules.savage_pathfinder.table.turns import acting_tokens
from battlemap.rules.savage_pathfinder.traits import roll_trait
from battlemap.rules.table import Board, Side

__all__ = ["break_held", "crush_foe", "cut_loose", "cut_self_loose", "disarm_foe", "finish_foe",
           "grapple_foe", "let_go_of", "push_foe", "put_to_the_test", "stabilise_ally",
           "support_ally", "treat_ally", "withdraw"]


def _names(board: Board, request: ActionRequest) -> tuple[str, str]:
    return board.token(request.actor).name, board.token(request.target or "").name


def _adjacent(board: Board, request: ActionRequest, verb: str) -> None:
    if not board.map().adjacent(request.actor, request.target or ""):
        actor, target = _names(board, request)
        raise AttackError(f"{actor} must stand next to {target} to {verb}")


def _light(board: Board, request: ActionRequest) -> Illumination:
    """The Illumination at the target as an attack measures it (Dark beyond 10\": Pitch),
    whatever the actor holds (no weapon of his is used)."""
    facts = board.map().facts(request.actor, request.target or "")
    return illumination_at(Illumination(facts.illumination), facts.distance)


def grapple_foe(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Opposed Athletics (Gang Up and the light from the map): Entangled, Bound with a raise."""
    _adjacent(board, request, "grapple")
    measured = preview_attack(board, request.actor, request.target or "").context
    actor, target = (fighter_of(board, request.actor),
                     fighter_of(board, request.target, "target"))
    outcome = grapple(dice, actor, target, measured.gang_up, light=measured.illumination)
    caught = outcome.states[0].condition
    word = "Bound" if caught.bound else "Entangled" if caught.entangled else "fails"
    who, whom = _names(board, request)
    title = f"{who} grapples {whom}: " + (f"{whom} is {word}" if word != "fails" else "fails")
    result = finish(board, request, title, outcome.events, outcome.states)
    after = use_effects(result.board, actor.id, "athletics")
    if word == "fails":
        return replace(result, board=after)
    return replace(result, board=add_hold(after, actor.id, target.id))


def let_go_of(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    outcome = let_go(fighter_of(board, request.actor),
                     fighter_of(board, request.target, "target"))
    who, whom = _names(board, request)
    return finish(board, request, f"{who} lets go of {whom}", outcome.events,
                  outcome.states)


def crush_foe(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    try:
        outcome = crush(dice, fighter_of(board, request.actor),
                        fighter_of(board, request.target, "target"),
                        grappled=holding(board, request.actor, request.target or ""))
    except RulesError as error:
        raise AttackError(str(error)) from None
    who, whom = _names(board, request)
    return finish(board, request, f"{who} crushes {whom}", outcome.events, outcome.states)


def cut_loose(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """An automatic hit on the entanglement around the target: damage vs Hardness 4."""
    actor, held = (fighter_of(board, request.actor),
                   fighter_of(board, request.target, "target"))
    if not (held.condition.bound or held.condition.entangled):
        raise AttackError(f"{_names(board, request)[1]} is neither Bound nor Entangled")
    weapon = actor.weapon(request.weapon) if request.weapon else \
        next((w for w in actor.weapons if w.damage.dice), actor.weapon(None))
    outcome = cut_free(dice, held, weapon, request.wild_attack, cutter=actor)
    who, whom = _names(board, request)
    word = "cuts" if outcome.states[0] != held else "fails to cut"
    return finish(board, request, f"{who} {word} {whom} free", outcome.events,
                  outcome.states)


def cut_self_loose(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """S19: "Bound or Entangled victims may try to destroy the entanglement with an accessible
    and appropriate weapon": the victim's own weapon hits it automatically, damage (his
    Strength) against Hardness 4, +2 with a Wild Attack."""
    held = fighter_of(board, request.actor)
    weapon = held.weapon(request.weapon) if request.weapon else \
        next((w for w in held.weapons if w.damage.dice), held.weapon(None))
    outcome = cut_free(dice, held, weapon, request.wild_attack)
    who = board.token(request.actor).name
    word = "cuts himself free" if outcome.states[0] != held else "fails to cut himself free"
    return finish(board, request, f"{who} {word} ({weapon.name})", outcome.events,
                  outcome.states)


def put_to_the_test(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Skill vs the linked attribute: Distracted or Vulnerable, also Shaken with a raise."""
    if request.effect not in ("Distracted", "Vulnerable"):
        raise AttackError(f"a Test makes its target Distracted or Vulnerable, not "
                          f"{request.effect!r}")
    skill = (request.skill or "taunt").lower()
    during = request.target in acting_tokens(board)
    outcome, timers = perform_test(dice, fighter_of(board, request.actor), skill,
                                   fighter_of(board, request.target, "target"),
                                   request.effect, timers_of(board),
                                   dice_count=request.dice_count, during_defender_turn=during,
                                   light=_light(board, request),
                                   modifiers=(DETAILS_MODIFIER,) if request.details else ())
    who, whom = _names(board, request)
    effects = [e.status for e in outcome.events if isinstance(e, StatusAdded)]
    shaken = " and Shaken" if outcome.states[0].condition.shaken and not \
        fighter_of(board, request.target).condition.shaken else ""
    word = f"{whom} is {' and '.join(effects) or request.effect}{shaken}" if \
        len(outcome.events) > 2 else "no effect"
    result = finish(board, request, f"{who} Tests {whom} ({skill.title()}): {word}",
                    outcome.events, outcome.states)
    return replace(result, board=with_timers(use_effects(result.board, request.actor, skill),
                                             timers))


def support_ally(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """The helper's roll: +1, +2 with a raise, -2 on a Critical Failure, on the ally's next
    roll of ``request.skill`` (default Fighting) until the end of the ally's turn."""
    skill = (request.skill or "fighting").lower()
    roll, bonus = support_roll(dice, fighter_of(board, request.actor), skill,
                               light=_light(board, request),
                               adjacent_ally=board.map().adjacent(request.actor,
                                                                  request.target or ""))
    who, whom = _names(board, request)
    title = f"{who} supports {whom} ({skill.title()}): {bonus:+d}" if bonus else \
        f"{who} supports {whom} ({skill.title()}): no help"
    result = finish(board, request, title, [roll], [],
                    [f"{whom}'s next {skill.title()} roll {bonus:+d} (at most +4 in all), "
                     f"until the end of {whom}'s turn"] if bonus else [])
    if not bonus:
        return result
    effect = Effect(request.target or "", "support", bonus, skill)
    return replace(result, board=add_effect(result.board, effect))


def push_foe(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    pushed = resolve_push(board, request.actor, request.target or "", dice,
                          request.trait or "strength")
    return ActionResult(pushed.events, pushed.board, pushed.entry)


WEAPON_SCALE = Scale.SMALL
"""A weapon held in the hand, aimed at as an item: Small (-2)."""
WEAPON_ARM = "right"
"""The arm holding the weapon a Disarm strikes at: "Characters are assumed to be
right-handed" (so an Injury Table Arm result after it is the right arm)."""


def disarm_foe(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Disarm (``request.part``): a Called Shot at the hand (-4) or a limb (-2) - if it Shakes
    or Wounds, Strength -4 / -2 or drop the weapon - or at the weapon itself (an item, Small:
    -2; no damage to the wielder) - item damage without raise or Aces, Strength against it or
    drop it.

    Dice: the attack's, then (weapon) the item damage, then the defender's Strength die and
    Wild Die."""
    if request.part not in ("hand", "limb", "weapon"):
        raise AttackError(f"disarm: aim at the hand, a limb or the weapon, not {request.part!r}")
    target = fighter_of(board, request.target, "target")
    held = [w for w in target.weapons if not w.shield]
    if not held:
        raise AttackError(f"{_names(board, request)[1]} holds no weapon to lose")
    if request.part == "weapon":
        events, after, notes = _strike_weapon(board, request, dice, held[0].name)
    else:
        events, after, notes = _strike_wielder(board, request, dice, held[0].name)
    who, whom = _names(board, request)
    dropped = any(isinstance(e, StatusAdded) and e.status.startswith("disarmed") for e in events)
    title = f"{who} tries to disarm {whom}: " + (f"{whom} drops {held[0].name}" if dropped
                                                 else f"{whom} keeps {held[0].name}")
    return finish(after, request, title, events, [], notes)


Struck = tuple[list[Event], Board, tuple[str, ...]]


def _strike_wielder(board: Board, request: ActionRequest, dice: DiceSource,
                    item: str) -> Struck:
    hit = resolve_attack(board, request.actor, request.target or "", dice, request.weapon,
                         [f"called-shot-{request.part}"], gm_override=request.gm_override,
                         declared=Declared(arm=WEAPON_ARM))
    events: list[Event] = list(hit.events)
    after = replace(hit.board, log=board.log)
    if shaken_or_wounded(hit.events, request.target or ""):
        kept = disarm_after_hit(dice, fighter_of(after, request.target), item,
                                hand=request.part == "hand")
        events += kept.events
        after = apply_outcome(after, kept.states, kept.events)
    return events, after, hit.preview.notes


def _strike_weapon(board: Board, request: ActionRequest, dice: DiceSource,
                   item: str) -> Struck:
    """The attack roll at the held weapon (the wielder's Parry or 4), then item damage."""
    preview = preview_attack(board, request.actor, request.target or "", request.weapon,
                             ["called-shot-item"], declared=Declared(part_scale=WEAPON_SCALE))
    if preview.problem is not None or preview.situated is None:
        raise AttackError(preview.problem or "the attack could not be planned")
    fighter = preview.situated.attacker
    roll = roll_trait(dice, fighter.skill(preview.kind.skill), wild_card=fighter.wild_card,
                      purpose=f"{preview.kind.value} (at the {item})", actor=fighter.id,
                      modifiers=preview.attack_modifiers, target=preview.target_number)
    target = request.target or ""
    if not roll.result.succeeded:
        return [roll.event, Miss(fighter.id, target, False)], board, preview.notes
    weapon = fighter.weapon(preview.weapon)
    kept = disarm_weapon_hit(dice, fighter, weapon, fighter_of(board, target), item)
    events: list[Event] = [roll.event, Hit(fighter.id, target, False), *kept.events]
    return events, apply_outcome(board, kept.states, kept.events), preview.notes


def break_held(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Break an item the target holds (S20 "Use the wielder's Parry if held"): the attack roll
    at it as at the weapon of a Disarm - a Called Shot at an item (Small, -2: S34) against the
    wielder's Parry, with every modifier of an attack on him - then damage against the item's
    Hardness (``request.thing`` or ``request.hardness``), no raise bonus, no Aces (S29). A
    broken item is the GM's to take off the stat block ("The GM decides the exact effect")."""
    thing, hardness = object_of(request)
    who, whom = _names(board, request)
    what = thing.replace("the ", f"{whom}'s ", 1) if thing.startswith("the ") else \
        f"an item {whom} holds"
    preview = preview_attack(board, request.actor, request.target or "", request.weapon,
                             ["called-shot-item"], declared=Declared(part_scale=WEAPON_SCALE))
    if preview.problem is not None or preview.situated is None:
        raise AttackError(preview.problem or "the attack could not be planned")
    fighter = preview.situated.attacker
    roll = roll_trait(dice, fighter.skill(preview.kind.skill), wild_card=fighter.wild_card,
                      purpose=f"{preview.kind.value} (at {what})", actor=fighter.id,
                      modifiers=preview.attack_modifiers, target=preview.target_number)
    if not roll.result.succeeded:
        return finish(board, request, f"{who} misses {what}", [roll.event], [],
                      preview.notes)
    damage = roll_object_damage(dice, fighter, fighter.weapon(preview.weapon), hardness)
    word = "breaks it" if damage.broken else "it holds"
    return finish(board, request, f"{who} strikes {what} (Hardness {hardness}): {word}",
                  [roll.event, damage.roll], [], preview.notes)


def stabilise_ally(board: Board, request: ActionRequest,
                   dice: DiceSource) -> ActionResult:
    """An ally's Healing roll (an action): success stops the target Bleeding Out."""
    victim = fighter_of(board, request.target, "target")
    who, whom = _names(board, request)
    if not victim.condition.bleeding_out:
        raise AttackError(f"{whom} is not Bleeding Out")
    outcome = stabilise(dice, fighter_of(board, request.actor), victim)
    word = "stabilises" if not outcome.states[0].condition.bleeding_out else "fails to stabilise"
    return finish(board, request, f"{who} {word} {whom}", outcome.events, outcome.states)


def treat_ally(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """A Healing roll treating a victim Incapacitated by Fatigue: Exhausted on a success."""
    who, whom = _names(board, request)
    victim = fighter_of(board, request.target, "target")
    if victim.condition.fatigue < 3:
        raise AttackError(f"{whom} is not Incapacitated by Fatigue")
    try:
        outcome = treat_fatigue(dice, fighter_of(board, request.actor), victim)
    except RulesError as error:
        raise AttackError(str(error)) from None
    word = "treats" if len(outcome.events) > 1 else "fails to treat"
    return finish(board, request, f"{who} {word} {whom}", outcome.events, outcome.states)


def finish_foe(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    actor, victim = (fighter_of(board, request.actor),
                     fighter_of(board, request.target, "target"))
    adjacent = board.map().adjacent(actor.id, victim.id)
    weapon = actor.weapon(request.weapon) if request.weapon else \
        next((w for w in actor.weapons if w.damage.dice), actor.weapon(None))
    try:
        outcome = finishing_move(actor, victim, weapon, adjacent)
    except RulesError as error:
        raise AttackError(str(error)) from None
    who, whom = _names(board, request)
    return finish(board, request, f"{who} finishes {whom} ({weapon.name})", outcome.events,
                  outcome.states)


def withdraw(board: Board, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Every adjacent foe (the other side; neutrals stay out) not Shaken, Stunned or
    Incapacitated gets one free attack."""
    actor = board.token(request.actor)
    sides = {Side.HERO, Side.VILLAIN} - {actor.side} if actor.side is not Side.NEUTRAL else set()
    foes = [t for t in board.tokens if t.stats and t.side in sides
            and board.map().adjacent(t.id, actor.id)]
    attackers = withdrawal_attackers([fighter_of(board, t.id) for t in foes])
    lines: list[str] = []
    events: list[Event] = []
    after = board
    for foe in attackers:
        free = resolve_attack(after, foe, actor.id, dice, declared=Declared(free_attack=True))
        events += free.events
        lines += [f"free attack: {free.entry.title}", *free.entry.lines]
        after = replace(free.board, log=after.log)
    title = f"{actor.name} withdraws from melee: {len(attackers)} free attack" + \
        "s" * (len(attackers) != 1)
    result = finish(after, request, title, [], [], lines or ["no adjacent foe can attack"])
    return replace(result, events=tuple(events))
