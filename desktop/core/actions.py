"""Non-attack actions on the map, by the ids of the rules' ``ACTIONS`` registry.

:func:`perform_action` resolves one :class:`~desktop.core.action_steps.ActionRequest` with the
given dice and returns one :class:`~desktop.core.action_steps.ActionResult` (one undoable edit
whose log entry shows every roll's breakdown). The GUI's action menu and ``battlemap attack
--action ID`` list the registry and call this; an action aimed at a
token (``ACTIONS[id].targets``) needs ``request.target``. Actions a token takes alone (Defend,
Aim, prone, recovery, Fatigue, ...) are in :mod:`desktop.core.action_steps`; those at another
token are here: Grapple (let go, crush, cut free), Test, Support, Push, Disarm, Finishing Move,
and Withdraw from melee (every adjacent, able foe gets a free attack). ``area-attack`` is the
Template tool / ``--template`` instead.

Bad requests raise :class:`~desktop.core.pipeline.AttackError` with a message for the GM; the
encounter is then unchanged.

Examples
--------
>>> from rules.dice import ScriptedDice
>>> from desktop.core.model import Encounter, Side, Token
>>> bard = Token("b", "Bard", 1.5, 1.5, side=Side.HERO, stats={"skills": {"taunt": "d8"}})
>>> orc = Token("o", "Orc", 4.5, 1.5, side=Side.VILLAIN, stats={})
>>> request = ActionRequest("test", "b", "o", skill="taunt")
>>> result = perform_action(Encounter(tokens=(bard, orc)), request, ScriptedDice([8, 1, 2]))
>>> result.entry.title
'Bard Tests Orc (Taunt): Orc is Distracted and Shaken'
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType

from desktop.core import action_steps as steps
from desktop.core.action_steps import ActionRequest, ActionResult, fighter_of, finish
from desktop.core.model import Encounter, Side
from desktop.core.pipeline import (
    AttackError,
    Declared,
    apply_outcome,
    field_of,
    preview_attack,
    resolve_attack,
)
from desktop.core.push_action import resolve_push
from desktop.core.timed_states import Effect, add_effect, timers_of, with_timers
from desktop.core.turns import acting_tokens
from geometry.measure import ADJACENT_GAP, edge_gap
from rules.dice import DiceSource
from rules.events import Event, StatusAdded
from rules.registry import RulesError
from rules.savage_pathfinder.situational.disarm import disarm_after_hit, shaken_or_wounded
from rules.savage_pathfinder.situational.grappling import crush, grapple, let_go
from rules.savage_pathfinder.situational.misc import finishing_move, withdrawal_attackers
from rules.savage_pathfinder.situational.options import ACTIONS
from rules.savage_pathfinder.situational.states import cut_free
from rules.savage_pathfinder.situational.support import perform_test, support_roll

__all__ = ["HANDLERS", "ActionRequest", "ActionResult", "action_card_lines", "action_problem",
           "is_free", "perform_action"]

CARD_WIDTH = 42
"""Characters per line of an action's description on the card beside the target."""

Handler = Callable[[Encounter, ActionRequest, DiceSource], ActionResult]


def _names(encounter: Encounter, request: ActionRequest) -> tuple[str, str]:
    return encounter.token(request.actor).name, encounter.token(request.target or "").name


def _adjacent(encounter: Encounter, request: ActionRequest, verb: str) -> None:
    if edge_gap(field_of(encounter), request.actor, request.target or "") >= ADJACENT_GAP:
        actor, target = _names(encounter, request)
        raise AttackError(f"{actor} must stand next to {target} to {verb}")


def _grapple(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Opposed Athletics (Gang Up from the map): Entangled, Bound with a raise."""
    _adjacent(encounter, request, "grapple")
    gang_up = preview_attack(encounter, request.actor, request.target or "").context.gang_up
    actor, target = (fighter_of(encounter, request.actor),
                     fighter_of(encounter, request.target, "target"))
    outcome = grapple(dice, actor, target, gang_up)
    caught = outcome.states[0].condition
    word = "Bound" if caught.bound else "Entangled" if caught.entangled else "fails"
    who, whom = _names(encounter, request)
    title = f"{who} grapples {whom}: " + (f"{whom} is {word}" if word != "fails" else "fails")
    return finish(encounter, request, title, outcome.events, outcome.states)


def _let_go(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    outcome = let_go(fighter_of(encounter, request.actor),
                     fighter_of(encounter, request.target, "target"))
    who, whom = _names(encounter, request)
    return finish(encounter, request, f"{who} lets go of {whom}", outcome.events,
                  outcome.states)


def _crush(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    try:
        outcome = crush(dice, fighter_of(encounter, request.actor),
                        fighter_of(encounter, request.target, "target"))
    except RulesError as error:
        raise AttackError(str(error)) from None
    who, whom = _names(encounter, request)
    return finish(encounter, request, f"{who} crushes {whom}", outcome.events, outcome.states)


def _cut_free(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """An automatic hit on the entanglement around the target: damage vs Hardness 4."""
    actor, held = (fighter_of(encounter, request.actor),
                   fighter_of(encounter, request.target, "target"))
    if not (held.condition.bound or held.condition.entangled):
        raise AttackError(f"{_names(encounter, request)[1]} is neither Bound nor Entangled")
    weapon = actor.weapon(request.weapon) if request.weapon else \
        next((w for w in actor.weapons if w.damage.dice), actor.weapon(None))
    outcome = cut_free(dice, held, weapon, request.wild_attack)
    who, whom = _names(encounter, request)
    word = "cuts" if outcome.states[0] != held else "fails to cut"
    return finish(encounter, request, f"{who} {word} {whom} free", outcome.events,
                  outcome.states)


def _test(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Skill vs the linked attribute: Distracted or Vulnerable, also Shaken with a raise."""
    if request.effect not in ("Distracted", "Vulnerable"):
        raise AttackError(f"a Test makes its target Distracted or Vulnerable, not "
                          f"{request.effect!r}")
    skill = (request.skill or "taunt").lower()
    during = request.target in acting_tokens(encounter)
    outcome, timers = perform_test(dice, fighter_of(encounter, request.actor), skill,
                                   fighter_of(encounter, request.target, "target"),
                                   request.effect, timers_of(encounter),
                                   during_defender_turn=during)
    who, whom = _names(encounter, request)
    effects = [e.status for e in outcome.events if isinstance(e, StatusAdded)]
    shaken = " and Shaken" if outcome.states[0].condition.shaken and not \
        fighter_of(encounter, request.target).condition.shaken else ""
    word = f"{whom} is {' and '.join(effects) or request.effect}{shaken}" if \
        len(outcome.events) > 2 else "no effect"
    result = finish(encounter, request, f"{who} Tests {whom} ({skill.title()}): {word}",
                    outcome.events, outcome.states)
    return replace(result, encounter=with_timers(result.encounter, timers))


def _support(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """The helper's roll: +1, +2 with a raise, -2 on a Critical Failure, on the ally's next
    roll of ``request.skill`` (default Fighting) until the end of the ally's turn."""
    skill = (request.skill or "fighting").lower()
    roll, bonus = support_roll(dice, fighter_of(encounter, request.actor), skill)
    who, whom = _names(encounter, request)
    title = f"{who} supports {whom} ({skill.title()}): {bonus:+d}" if bonus else \
        f"{who} supports {whom} ({skill.title()}): no help"
    result = finish(encounter, request, title, [roll], [],
                    [f"{whom}'s next {skill.title()} roll {bonus:+d} (at most +4 in all), "
                     f"until the end of {whom}'s turn"] if bonus else [])
    if not bonus:
        return result
    effect = Effect(request.target or "", "support", bonus, skill)
    return replace(result, encounter=add_effect(result.encounter, effect))


def _push(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    pushed = resolve_push(encounter, request.actor, request.target or "", dice)
    return ActionResult(pushed.events, pushed.encounter, pushed.entry)


def _disarm(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """A Called Shot at the hand (-4); if it Shakes or Wounds, Strength -4 or drop the weapon.

    Dice: the attack's, then the defender's Strength die and Wild Die."""
    target = fighter_of(encounter, request.target, "target")
    held = [w for w in target.weapons if not w.shield]
    if not held:
        raise AttackError(f"{_names(encounter, request)[1]} holds no weapon to lose")
    hit = resolve_attack(encounter, request.actor, request.target or "", dice, request.weapon,
                         ["called-shot-hand"])
    events: list[Event] = list(hit.events)
    after = replace(hit.encounter, log=encounter.log)
    if shaken_or_wounded(hit.events, target.id):
        kept = disarm_after_hit(dice, fighter_of(after, target.id), held[0].name, hand=True)
        events += kept.events
        after = apply_outcome(after, kept.states, kept.events)
    who, whom = _names(encounter, request)
    dropped = any(isinstance(e, StatusAdded) and e.status.startswith("disarmed") for e in events)
    title = f"{who} tries to disarm {whom}: " + (f"{whom} drops {held[0].name}" if dropped
                                                 else f"{whom} keeps {held[0].name}")
    return finish(after, request, title, events, [], hit.preview.notes)


def _finishing_move(encounter: Encounter, request: ActionRequest,
                    dice: DiceSource) -> ActionResult:
    actor, victim = (fighter_of(encounter, request.actor),
                     fighter_of(encounter, request.target, "target"))
    adjacent = edge_gap(field_of(encounter), actor.id, victim.id) < ADJACENT_GAP
    weapon = actor.weapon(request.weapon) if request.weapon else \
        next((w for w in actor.weapons if w.damage.dice), actor.weapon(None))
    try:
        outcome = finishing_move(actor, victim, weapon, adjacent)
    except RulesError as error:
        raise AttackError(str(error)) from None
    who, whom = _names(encounter, request)
    return finish(encounter, request, f"{who} finishes {whom} ({weapon.name})", outcome.events,
                  outcome.states)


def _withdraw(encounter: Encounter, request: ActionRequest, dice: DiceSource) -> ActionResult:
    """Every adjacent foe (the other side; neutrals stay out) not Shaken, Stunned or
    Incapacitated gets one free attack."""
    actor = encounter.token(request.actor)
    field = field_of(encounter)
    sides = {Side.HERO, Side.VILLAIN} - {actor.side} if actor.side is not Side.NEUTRAL else set()
    foes = [t for t in encounter.tokens if t.stats and t.side in sides
            and edge_gap(field, t.id, actor.id) < ADJACENT_GAP]
    attackers = withdrawal_attackers([fighter_of(encounter, t.id) for t in foes])
    lines: list[str] = []
    events: list[Event] = []
    after = encounter
    for foe in attackers:
        free = resolve_attack(after, foe, actor.id, dice, declared=Declared(free_attack=True))
        events += free.events
        lines += [f"free attack: {free.entry.title}", *free.entry.lines]
        after = replace(free.encounter, log=after.log)
    title = f"{actor.name} withdraws from melee: {len(attackers)} free attack" + \
        "s" * (len(attackers) != 1)
    return finish(after, request, title, [], [], lines or ["no adjacent foe can attack"])


HANDLERS: Mapping[str, Handler] = MappingProxyType({
    "grapple": _grapple, "let-go": _let_go, "crush": _crush, "push": _push,
    "break-free": steps.break_out, "cut-free": _cut_free, "break-object": steps.break_object,
    "test": _test, "support": _support, "defend": steps.defend, "aim": steps.aim,
    "finishing-move": _finishing_move, "withdraw": _withdraw, "ready": steps.ready_items,
    "reload": steps.reload, "rest": steps.rest_all, "stand-up": steps.stand_up,
    "disarm": _disarm, "go-prone": steps.go_prone, "recover-shaken": steps.recover_shaken,
    "spend-benny": steps.spend_benny, "recover-stunned": steps.recover_stunned,
    "bleeding-out": steps.bleed,
    "gain-fatigue": steps.gain_fatigue, "recover-fatigue": steps.lose_fatigue,
    "evasion": steps.evade,
})
"""The function resolving each ``ACTIONS`` id (``area-attack`` is the Template tool)."""


def is_free(action: str) -> bool:
    """True for a free action or reaction (a Shaken character may still take it)."""
    return action in steps.FREE_ACTIONS


def action_card_lines(encounter: Encounter, action: str, actor: str, target: str,
                      title: str = "") -> list[str]:
    """The card beside a hovered target while an action waits for its click; ``title`` names
    the action with its choices (default: the action's name).

    Examples
    --------
    >>> from desktop.core.model import Token
    >>> enc = Encounter(tokens=(Token("a", "Ann", 0.5, 0.5), Token("b", "Bo", 3.5, 0.5)))
    >>> for line in action_card_lines(enc, "grapple", "a", "b"): print(line)
    Grapple: Bo
    opposed Athletics: Entangled, Bound with a
    raise
    click: resolve · Esc: cancel
    """
    option = ACTIONS[action]
    return [f"{title or option.name}: {encounter.token(target).name}",
            *textwrap.wrap(option.description, CARD_WIDTH), "click: resolve · Esc: cancel"]


_NEEDS_STATE = {"stand-up": ("prone",), "go-prone": (), "recover-shaken": ("shaken",),
                "spend-benny": ("shaken",), "recover-stunned": ("stunned",),
                "bleeding-out": ("bleeding_out",),
                "break-free": ("bound", "entangled")}
"""Actions that only make sense in one of these states (``go-prone``: when not prone)."""


def action_problem(encounter: Encounter, actor: str, action: str) -> str | None:
    """Why ``actor`` cannot take ``action`` now (before any target is picked), or None.

    Examples
    --------
    >>> from desktop.core.model import Token
    >>> enc = Encounter(tokens=(Token("a", "Ann", 0.5, 0.5, stats={"condition": {
    ...     "shaken": True}}),))
    >>> action_problem(enc, "a", "defend"), action_problem(enc, "a", "spend-benny")
    ('Ann is Shaken and may only take free actions', None)
    >>> action_problem(enc, "a", "stand-up")
    'Ann is not prone'
    """
    state = fighter_of(encounter, actor).condition
    name = encounter.token(actor).name
    needs = _NEEDS_STATE.get(action)
    if action == "go-prone" and state.prone:
        return f"{name} is already prone"
    if needs and not any(getattr(state, flag) for flag in needs):
        return f"{name} is not {' or '.join(n.replace('_', ' ') for n in needs)}"
    if action in steps.FREE_ACTIONS:
        return None
    if state.incapacitated or state.stunned:
        return f"{name} is {'Stunned' if state.stunned else 'Incapacitated'} and cannot act"
    if state.shaken:
        return f"{name} is Shaken and may only take free actions"
    if state.bound and action != "break-free":
        return f"{name} is Bound: no physical action but breaking free"
    return None


def perform_action(encounter: Encounter, request: ActionRequest,
                   dice: DiceSource) -> ActionResult:
    """Resolve ``request`` with ``dice``; ``AttackError`` (nothing changed) when it cannot be."""
    handler = HANDLERS.get(request.action)
    if request.action == "area-attack":
        raise AttackError("area-attack: place a template (the Template tool, or "
                          "battlemap attack --template SHAPE --at X,Y)")
    if handler is None:
        raise AttackError(f"unknown action {request.action!r}; actions: {', '.join(HANDLERS)}")
    option = ACTIONS[request.action]
    fighter_of(encounter, request.actor)
    if option.targets:
        fighter_of(encounter, request.target, "target")
        if request.target == request.actor:
            raise AttackError(f"{option.name}: pick another token than the actor")
    problem = action_problem(encounter, request.actor, request.action)
    if problem is not None:
        raise AttackError(problem)
    try:
        return handler(encounter, request, dice)
    except RulesError as error:
        raise AttackError(str(error)) from None
