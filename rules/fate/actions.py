"""What a token does outside an exchange (the action menu, ``perform_action``).

Action ids: ``full-defense`` (turn-based: +2 on defense rolls, no attack, until the next
turn), ``rearm`` (a disarmed fighter takes his weapon back: the next roll is at -1 less the
Disarming shifts, and it strikes at -1 stress), ``stand-up``, the GM's marks ``prone``,
``surprised`` and ``immobilized`` (each toggles), ``add-aspect`` and ``remove-aspect``
(``params["aspect"]``; with ``params["zone"]`` on that zone, kept in
``board.combat["zone_aspects"]``, else on the actor; removing a consequence's aspect clears
the consequence), ``recover`` (the Health track cleared, as after the scene), ``compel``,
``refresh`` and ``maneuver`` (:mod:`battlemap.rules.fate.fate_points`) and ``drop-shield`` (a
grappled fighter must have dropped weapon and shield to reverse the grapple, L51).

Examples
--------
>>> from battlemap.rules.table import Piece
>>> board = Board("fate", tokens=(Piece("g", "Gaius", 0, 0),))
>>> from battlemap.rules.dice import ScriptedDice
>>> done = perform(board, ActionRequest("add-aspect", "g", params={"aspect": "On Fire"}),
...                ScriptedDice([]))
>>> done.board.token("g").stats["condition"]["aspects"], done.title
(['On Fire'], 'Gaius gains the aspect On Fire')
>>> zone = perform(board, ActionRequest("add-aspect", "g", params={"aspect": "Sandy",
...                                                                 "zone": "Pit"}),
...                ScriptedDice([]))
>>> zone.board.combat["zone_aspects"]
{'Pit': ['Sandy']}
"""

from __future__ import annotations

from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import (
    AspectPlaced,
    AspectRemoved,
    Event,
    StatusAdded,
    StatusRemoved,
    describe,
)
from battlemap.rules.fate.fate_points import compel, maneuver, refresh
from battlemap.rules.fate.parsing import combatant_from_dict, restat
from battlemap.rules.fate.plan import mode_of, turn_problem
from battlemap.rules.fate.statblock import Combatant
from battlemap.rules.fate.zones import zone_called
from battlemap.rules.interface import ActionRequest, Choice, Decision, Resolution
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board

__all__ = ["ACTIONS", "perform"]

ACTIONS = {
    "full-defense": "Full defense", "rearm": "Rearm", "stand-up": "Stand up",
    "prone": "Knocked down (toggle)", "surprised": "Surprised (toggle)",
    "immobilized": "Immobilized (toggle)", "add-aspect": "Add an aspect",
    "remove-aspect": "Remove an aspect", "recover": "Recover (clear stress)",
    "drop-shield": "Drop the shield", "compel": "Compel an aspect",
    "refresh": "Refresh fate points", "maneuver": "Maneuver against a difficulty",
}
"""Every action id and its menu name."""

_TOGGLES = ("prone", "surprised", "immobilized")

TURN_ACTIONS = ("full-defense", "rearm", "stand-up", "drop-shield", "maneuver")
"""The actions a character takes on his turn (L1); the GM's marks, aspects and compels are
not turns."""


def perform(board: Board, request: ActionRequest, dice: DiceSource) -> Resolution:
    """Carry out ``request`` (``RulesError`` when it cannot be done; nothing changes then)."""
    if request.action not in ACTIONS:
        raise RulesError(f"no FATE action {request.action!r} (known: {', '.join(ACTIONS)})")
    if request.action in TURN_ACTIONS and not request.gm_override:
        refused = turn_problem(board, request.actor)
        if refused is not None:
            raise RulesError(refused)
    if request.action == "compel":
        return compel(board, request)
    if request.action == "refresh":
        return refresh(board, request)
    if request.action == "maneuver":
        return maneuver(board, request, dice)
    if request.action == "remove-aspect" and not request.params.get("aspect", "").strip():
        return _pick_aspect(board, request, dice)
    if request.action in ("add-aspect", "remove-aspect") and \
            request.params.get("zone") == "scene":
        return _scene_aspect(board, request)
    if request.action in ("add-aspect", "remove-aspect") and "zone" in request.params:
        return _zone_aspect(board, request)
    piece = board.token(request.actor)
    fighter = replace(combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id),
                      name=piece.name)
    changed, events = _act(board, fighter, request)
    title = "; ".join(describe(e).replace(piece.id, piece.name, 1) for e in events)
    return Resolution(events, board.with_token(restat(piece, changed)), title)


def _act(board: Board, fighter: Combatant,
         request: ActionRequest) -> tuple[Combatant, tuple[Event, ...]]:
    state, action, me = fighter.condition, request.action, fighter.id
    if action == "full-defense":
        if mode_of(board) != "turns":
            raise RulesError("in an exchange-based fight full defense is the stance of an "
                             "exchange (answer stance=full-defense)")
        return fighter.with_condition(full_defense=True), (StatusAdded(me, "on full defense"),)
    if action == "rearm":
        if state.disarmed is None:
            raise RulesError(f"{fighter.called} is not disarmed")
        penalty = 1 + state.disarmed
        return (fighter.with_condition(disarmed=None, rearming=penalty),
                (StatusRemoved(me, "disarmed"), StatusAdded(me, f"rearming (-{penalty})")))
    if action == "stand-up":
        if not state.prone:
            raise RulesError(f"{fighter.called} is not down")
        return fighter.with_condition(prone=False), (StatusRemoved(me, "prone"),)
    if action in _TOGGLES:
        now = not getattr(state, action)
        kind = StatusAdded if now else StatusRemoved
        return fighter.with_condition(**{action: now}), (kind(me, action),)
    if action == "drop-shield":
        if not fighter.has_shield:
            raise RulesError(f"{fighter.called} holds no shield")
        return fighter.with_condition(dropped_shield=True), (StatusAdded(me, "shield dropped"),)
    if action == "recover":
        if not state.stress:
            raise RulesError(f"{fighter.called} has no stress to clear")
        return fighter.with_condition(stress=()), (StatusRemoved(me, "under Health stress"),)
    return _token_aspect(fighter, request)


def _token_aspect(fighter: Combatant,
                  request: ActionRequest) -> tuple[Combatant, tuple[Event, ...]]:
    aspect = _aspect_param(request)
    state = fighter.condition
    if request.action == "add-aspect":
        return (fighter.with_condition(aspects=(*state.aspects, aspect)),
                (AspectPlaced(fighter.id, aspect),))
    if aspect in state.aspects:
        left = tuple(a for a in state.aspects if a != aspect)
        return fighter.with_condition(aspects=left), (AspectRemoved(fighter.id, aspect),)
    if aspect in dict(state.consequences).values():
        left_consequences = tuple(c for c in state.consequences if c[1] != aspect)
        return (fighter.with_condition(consequences=left_consequences),
                (AspectRemoved(fighter.id, aspect),))
    raise RulesError(f"params.aspect: {fighter.called} has no temporary aspect or consequence "
                     f"{aspect!r} (its own aspects are edited in the stat block)")


def _zone_aspect(board: Board, request: ActionRequest) -> Resolution:
    aspect, typed = _aspect_param(request), request.params["zone"].strip()
    zone = zone_called(board, typed)
    if zone is None:  # a typo would hang the aspect on no zone at all
        raise RulesError(f"params.zone: no zone named {typed!r} on the map (blank: on "
                         f"{board.token(request.actor).name}; scene: on the scene)")
    table = {k: list(v) for k, v in board.combat.get("zone_aspects", {}).items()}
    here = table.get(zone, [])
    event: AspectPlaced | AspectRemoved
    if request.action == "add-aspect":
        table[zone] = [*here, aspect]
        event = AspectPlaced(zone, aspect, zone=True)
    elif aspect in here:
        table[zone] = [a for a in here if a != aspect]
        event = AspectRemoved(zone, aspect, zone=True)
    else:
        raise RulesError(f"params.aspect: zone {zone} has no aspect {aspect!r}")
    table = {k: v for k, v in table.items() if v}
    combat = {**board.combat, "zone_aspects": table}
    return Resolution((event,), board.with_combat(combat), _sentence(event, zone))


def _pick_aspect(board: Board, request: ActionRequest, dice: DiceSource) -> Resolution:
    """Remove an aspect chosen from the list of those on the actor (temporary ones and
    consequences), his zone and the scene (decision ``aspect``: its number)."""
    piece = board.token(request.actor)
    me = replace(combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id),
                 name=piece.name)
    zone = board.measurer.zone_of(piece.id) if board.measurer is not None else None
    state = me.condition
    mine = [(a, None) for a in (*state.aspects, *(c for _, c in state.consequences))]
    listed = [*mine, *((a, zone) for a in board.combat.get("zone_aspects", {}).get(zone, ())),
              *((a, "scene") for a in board.combat.get("scene_aspects", ()))]
    if not listed:
        raise RulesError(f"no temporary aspect on {me.called}, his zone or the scene to remove")
    answer = request.answers.get("aspect")
    if answer is None:
        choices = tuple(Choice(str(n), f"{a} ({where or me.called})".replace("(scene)",
                                                                             "(the scene)"))
                        for n, (a, where) in enumerate(listed, 1))
        ask = Decision("aspect", f"Remove which aspect ({me.called})?", who=me.id,
                       choices=choices)
        return Resolution((), board, f"Remove an aspect ({me.called}): which?", decision=ask)
    if len(answer) != 1 or not answer[0].isdigit() or not 1 <= int(answer[0]) <= len(listed):
        raise RulesError(f"answers.aspect: {','.join(answer)!r} is not a number from 1 to "
                         f"{len(listed)}")
    aspect, where = listed[int(answer[0]) - 1]
    params = {**request.params, "aspect": aspect, **({"zone": where} if where else {})}
    return perform(board, replace(request, params=params, answers={}), dice)


def _scene_aspect(board: Board, request: ActionRequest) -> Resolution:
    aspect = _aspect_param(request)
    scene = list(board.combat.get("scene_aspects", ()))
    event: AspectPlaced | AspectRemoved
    if request.action == "add-aspect":
        scene.append(aspect)
        event = AspectPlaced("the scene", aspect)
    elif aspect in scene:
        scene.remove(aspect)
        event = AspectRemoved("the scene", aspect)
    else:
        raise RulesError(f"params.aspect: the scene has no aspect {aspect!r}")
    return Resolution((event,), board.with_combat({**board.combat, "scene_aspects": scene}),
                      describe(event))


def _aspect_param(request: ActionRequest) -> str:
    aspect = request.params.get("aspect", "").strip()
    if not aspect:
        raise RulesError(f"params.aspect: {request.action} needs the aspect's text")
    return aspect


def _sentence(event: AspectPlaced | AspectRemoved | StatusAdded | StatusRemoved,
              name: str) -> str:
    """The log line with the token's (or zone's) name in place of its id."""
    return describe(event).replace(event.token, name, 1)
