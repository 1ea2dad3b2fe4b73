"""The actions of aspects and fate points (text L33): a compel, the refresh, and a maneuver
rolled uncontested against a difficulty.

- ``compel``: the GM compels an aspect on the acting character, chosen from the list of those
  on him, his zone and the scene (decision ``aspect``); he accepts and earns a fate point, or
  refuses and pays one (decision ``compel``: ``accept``, ``refuse``);
- ``refresh``: his fate points back up to his refresh (as at a new session);
- ``maneuver``: 4dF + ``params["skill"]`` against ``params["difficulty"]``; beating it places
  ``params["aspect"]`` on the character, on the zone ``params["on"]`` names, or on the scene
  (``on=scene``), and earns him a free tag on it; it costs a fate point when the setting
  ``maneuver_cost`` is ``fate-point`` (the text's "usually required") and he has a refresh
  (of 1 or more: 0, like none, means a character outside the fate-point economy).

Examples
--------
>>> from battlemap.rules.table import Piece
>>> board = Board("fate", tokens=(Piece("t", "Tertius", 0, 0,
...     stats={"aspects": ["Hot-Headed"], "refresh": 2}),))
>>> asked = compel(board, ActionRequest("compel", "t"))
>>> asked.decision.id, [c.label for c in asked.decision.choices]
('aspect', ['Hot-Headed (Tertius)'])
>>> done = compel(board, ActionRequest("compel", "t", answers={"aspect": ("1",),
...                                                             "compel": ("accept",)}))
>>> done.title, done.board.token("t").stats["condition"]["fate_points"]
('Tertius accepts the compel of Hot-Headed: a fate point, 3 now', 3)
"""

from __future__ import annotations

from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import AspectPlaced, Event, Modifier, RollMade, StatusAdded
from battlemap.rules.fate.aspects import on_the_table
from battlemap.rules.fate.fudge import roll_4df
from battlemap.rules.fate.ladder import ladder_name, parse_rating
from battlemap.rules.fate.narration import exchange_lines
from battlemap.rules.fate.parsing import combatant_from_dict, restat
from battlemap.rules.fate.settings import setting
from battlemap.rules.fate.statblock import Combatant
from battlemap.rules.fate.zones import zone_called
from battlemap.rules.interface import ActionRequest, Choice, Decision, Resolution
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board

__all__ = ["compel", "maneuver", "maneuver_price", "refresh"]


def _fighter(board: Board, token: str) -> Combatant:
    piece = board.token(token)
    return replace(combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id),
                   name=piece.name)


def _zone(board: Board, token: str) -> str | None:
    return board.measurer.zone_of(token) if board.measurer is not None else None


def compel(board: Board, request: ActionRequest) -> Resolution:
    """The GM compels one of the aspects on the character: accept (+1) or refuse (-1)."""
    me = _fighter(board, request.actor)
    listed = on_the_table(board, (me,), (_zone(board, me.id),))
    if not listed:
        raise RulesError(f"{me.called} has no aspect to compel (none on him, his zone or "
                         "the scene)")
    picked = request.answers.get("aspect")
    if picked is None:
        choices = tuple(Choice(str(n), f"{a} ({where})") for n, (a, where) in enumerate(listed, 1))
        ask = Decision("aspect", f"Compel which aspect of {me.called}?", who=me.id,
                       choices=choices)
        return Resolution((), board, f"Compel on {me.called}: which aspect?", decision=ask)
    if len(picked) != 1 or not picked[0].isdigit() or not 1 <= int(picked[0]) <= len(listed):
        raise RulesError(f"answers.aspect: {','.join(picked)!r} is not a number from 1 to "
                         f"{len(listed)}")
    aspect = listed[int(picked[0]) - 1][0]
    reply = request.answers.get("compel")
    if reply is None:
        choices = (Choice("accept", "accept: earn a fate point"),
                   Choice("refuse", "refuse: pay a fate point", 1, me.fate_points > 0,
                          None if me.fate_points > 0 else "no fate point to pay"))
        ask = Decision("compel", f"{me.called}: the GM compels {aspect}; accept or refuse?",
                       who=me.id, choices=choices)
        return Resolution((), board, f"Compel of {aspect} on {me.called}", decision=ask)
    if reply not in (("accept",), ("refuse",)):
        raise RulesError(f"answers.compel: {','.join(reply)!r} is not accept or refuse")
    if reply == ("refuse",) and me.fate_points == 0:
        raise RulesError(f"{me.called} has no fate point to refuse the compel of {aspect}")
    points = me.fate_points + (1 if reply == ("accept",) else -1)
    verb = "accepts" if reply == ("accept",) else "refuses"
    gets = "a fate point" if reply == ("accept",) else "pays a fate point"
    title = f"{me.called} {verb} the compel of {aspect}: {gets}, {points} now"
    changed = me.with_condition(fate_points=points)
    return Resolution((StatusAdded(me.id, f"at {points} fate points"),),
                      board.with_token(restat(board.token(me.id), changed)), title)


def refresh(board: Board, request: ActionRequest) -> Resolution:
    """Fate points back up to the refresh (never down: points above it are kept)."""
    me = _fighter(board, request.actor)
    if not me.refresh:
        raise RulesError(f"{me.called} has no refresh (no fate points): set it in the stat "
                         "block")
    points = max(me.fate_points, me.refresh)
    changed = me.with_condition(fate_points=points)
    return Resolution((StatusAdded(me.id, f"at {points} fate points"),),
                      board.with_token(restat(board.token(me.id), changed)),
                      f"{me.called} refreshes: {points} fate points")


def maneuver_price(board: Board, fighter: Combatant) -> int:
    """What placing or removing an aspect by a maneuver costs ``fighter`` in fate points."""
    pays = setting(board, "maneuver_cost") == "fate-point" and bool(fighter.refresh)
    return 1 if pays else 0


def maneuver(board: Board, request: ActionRequest, dice: DiceSource) -> Resolution:
    """The uncontested maneuver: a roll against a difficulty places an aspect."""
    me = _fighter(board, request.actor)
    aspect = request.params.get("aspect", "").strip()
    skill = request.params.get("skill", "").strip().lower()
    if not aspect or not skill:
        raise RulesError("a maneuver needs params aspect (the aspect's text) and skill")
    typed = request.params.get("difficulty", "").strip()
    try:  # a number or a ladder name, as the form's help says (Mediocre 0 ... Great 4)
        difficulty = parse_rating(int(typed) if typed.lstrip("+-").isdigit() else typed,
                                  "params.difficulty")
    except ValueError as error:
        raise RulesError(str(error)) from None
    price = maneuver_price(board, me)
    if price > me.fate_points:
        raise RulesError(f"{me.called} has no fate point left: a maneuver's aspect costs one "
                         "(L33; the setting maneuver_cost)")
    on = request.params.get("on", "").strip()
    if on and on.lower() != "scene":
        zone = zone_called(board, on)
        if zone is None:
            raise RulesError(f"params.on: no zone named {on!r} on the map (blank: on "
                             f"{me.called}; scene: on the scene)")
        on = zone
    elif on:
        on = "scene"
    rolled = roll_4df(dice, f"{me.called} ({skill}) against {difficulty}")
    total = sum(d.faces[0] for d in rolled) + me.rating(skill)
    result = "wins" if total > difficulty else "ties" if total == difficulty else "loses"
    roll = RollMade(me.id, f"{skill.title()} (maneuver)", rolled,
                    (Modifier(me.rating(skill), f"{skill.title()} "
                                                f"{ladder_name(me.rating(skill))}"),),
                    total, difficulty, result)
    events: list[Event] = [roll]
    combat = dict(board.combat)
    if total <= difficulty:
        title = f"{me.called}'s maneuver ({aspect}): {total} against {difficulty}, no aspect"
        lines = exchange_lines(events, {me.id: me.called})
        return Resolution(tuple(events), board, title, tuple(lines))
    changed = me.with_condition(free_tags=(*me.condition.free_tags, aspect),
                                fate_points=me.fate_points - price if price
                                else me.condition.fate_points)
    if on == "scene":
        combat["scene_aspects"] = [*combat.get("scene_aspects", ()), aspect]
        events.append(AspectPlaced("the scene", aspect))
    elif on:
        zones = {k: list(v) for k, v in combat.get("zone_aspects", {}).items()}
        zones[on] = [*zones.get(on, []), aspect]
        combat["zone_aspects"] = zones
        events.append(AspectPlaced(on, aspect, zone=True))
    else:
        changed = changed.with_condition(aspects=(*me.condition.aspects, aspect))
        events.append(AspectPlaced(me.id, aspect))
    paid = f", a fate point, {me.fate_points - price} left" if price else ""
    title = (f"{me.called}'s maneuver: {total} against {difficulty}, {aspect} placed "
             f"(a free tag{paid})")
    after = board.with_token(restat(board.token(me.id), changed)).with_combat(combat)
    return Resolution(tuple(events), after, title,
                      tuple(exchange_lines(events, {me.id: me.called})))
