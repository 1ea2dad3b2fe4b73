"""Rolling an exchange (or a turn-based attack) and what the winner's stance does.

Both sides roll 4dF + their rating + modifiers (a squeeze rolls against a fixed difficulty);
the higher total wins by the difference in shifts, a tie does nothing (text, "Combat"). Then
the winner's stance takes effect on the loser:

- ``attack``: Health stress (:mod:`battlemap.rules.fate.stress`); a mook's stress blows through to
  the next of the opponents the attacker strikes at once (``AttackRequest.also``, text L75);
  stress past the track asks the loser for a consequence (decision
  ``consequence``: ``mild``, ``moderate``, ``severe``, ``taken-out``), else taken out;
- ``full-defense``: no damage; 3 or more shifts give spin (+1 on the next roll);
- ``defend`` (the turn-based defender): beating a plain attack, stress on the attacker (L1,
  unless the setting ``defender_wins`` is ``no-stress``); else the move simply fails;
- Blinding and the indirect attacks place their aspect; Disarming takes the weapon (the shifts
  add to the rearm penalty); Pushing and Throw move the loser by zones (decision ``zones`` when
  the shifts pay for more than one; the destination zone is ``params["to"]``);
- the grappling moves change the grapple (text, "Grappling").

Resolution is deterministic given the dice and the answers; a pause returns the board as it was.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import (
    AspectPlaced,
    AspectRemoved,
    ConsequenceTaken,
    Event,
    ExchangeWon,
    Modifier,
    MovedToZone,
    RollMade,
    StanceTaken,
    StatusAdded,
    StatusRemoved,
    StressMarked,
    TakenOut,
)
from battlemap.rules.fate.aspects import Invocation, invocable, invoke_decision, read_invocations
from battlemap.rules.fate.exchange import Side
from battlemap.rules.fate.fate_points import maneuver_price
from battlemap.rules.fate.fudge import roll_4df
from battlemap.rules.fate.narration import exchange_lines
from battlemap.rules.fate.parsing import combatant_to_dict, restat
from battlemap.rules.fate.plan import Plan, aspects_within, make_plan
from battlemap.rules.fate.preview import destination, reply_chances, stress_line
from battlemap.rules.fate.settings import setting
from battlemap.rules.fate.stances import EXCHANGE_REPLIES, STANCES
from battlemap.rules.fate.statblock import CONSEQUENCES, Combatant
from battlemap.rules.fate.stress import mook_capacity, stress_modifiers, track_box
from battlemap.rules.fate.zones import push_cost, throw_cost, zone_called, zone_steps, zones_for
from battlemap.rules.interface import AttackRequest, Choice, Decision, Resolution
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board

__all__ = ["CONSEQUENCE_ASPECTS", "resolve", "stance_choices"]

CONSEQUENCE_ASPECTS = {"mild": "Battered", "moderate": "Bleeding Wound",
                       "severe": "Crippling Wound"}
"""The aspect a consequence writes unless ``params["consequence"]`` names another."""


@dataclass(slots=True)
class _Run:
    """One resolution in progress: the fighters as they change, the events and moves."""

    board: Board
    request: AttackRequest
    plan: Plan
    fighters: dict[str, Combatant]
    events: list[Event] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    stress: dict[str, Any] = field(default_factory=dict)
    zone_aspects: dict[str, list[str]] = field(default_factory=dict)
    positions: dict[str, tuple[float, float]] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    scene: list[str] | None = None

    def name(self, token: str) -> str:
        return self.board.token(token).name

    def change(self, token: str, **changes: object) -> None:
        self.fighters[token] = self.fighters[token].with_condition(**changes)


def resolve(board: Board, request: AttackRequest, dice: DiceSource) -> Resolution:
    """Roll the exchange ``request`` asks for (``RulesError`` when it cannot be made)."""
    plan = make_plan(board, request)
    if plan.problem is not None and not request.gm_override:
        raise RulesError(plan.problem)
    if plan.attacker.stance == "maneuver:remove-aspect" and not request.params.get("aspect"):
        listed = aspects_within(board, request, plan.facts)
        answer = request.answer("aspect")
        if answer is None:
            ask = Decision("aspect", f"{board.token(request.attacker).name}: remove which "
                           "aspect?", who=request.attacker,
                           choices=tuple(Choice(str(n), a) for n, a in enumerate(listed, 1)))
            return Resolution((), board, "Remove an aspect: which?", decision=ask)
        if len(answer) != 1 or not answer[0].isdigit() or not 1 <= int(answer[0]) <= len(listed):
            raise RulesError(f"answers.aspect: {','.join(answer)!r} is not a number from 1 to "
                             f"{len(listed)}")
        request = replace(request, params={**request.params, "aspect": listed[int(answer[0]) - 1]})
        plan = make_plan(board, request, fighters=plan.fighters)
    if plan.defender is None and plan.difficulty is None:
        return _ask_stance(board, plan, request)
    zones = {k: list(v) for k, v in board.combat.get("zone_aspects", {}).items()}
    run = _Run(board, request, plan, dict(plan.fighters), zone_aspects=zones)
    _roll(run, dice)
    decision = _invocations(run, dice)
    margin = run.totals[0] - run.totals[1]
    if decision is None:
        _set_targets(run, *run.totals)
        decision = _settle(run, margin)
    if decision is not None:
        waiting = f"{_title(run, margin)}: waiting for {run.name(decision.who)}"
        return Resolution(tuple(run.events), board, waiting, _notes(run), decision,
                          _data(run, margin))
    _tidy(run)
    return Resolution(tuple(run.events), _new_board(run), _title(run, margin), _notes(run),
                      data=_data(run, margin))


def _notes(run: _Run) -> tuple[str, ...]:
    names = {piece.id: piece.name for piece in run.board.tokens}
    stress = run.stress
    lines = [*exchange_lines(run.events, names), *run.lines]
    if stress:
        mods = "".join(f" {m['value']:+d} {m['reason']}" for m in stress["modifiers"])
        shifts = stress["shifts"]
        lines.append(f"stress on {names[stress['token']]}: {shifts} shift{'s' * (shifts != 1)}"
                     f"{mods}"
                     f" = {stress['stress']}")
    return tuple(lines)


def stance_choices(chances: Mapping[str, tuple[float, str]]) -> tuple[Choice, ...]:
    """The ``stance`` decision's choices: each with the roll it makes and its chance that the
    chooser wins.

    >>> choice = stance_choices({"attack": (0.4, "Weapons Fair (+2) = +2")})[0]
    >>> choice.id, choice.label, choice.probability
    ('attack', 'attack: Weapons Fair (+2) = +2', 0.4)
    """
    return tuple(Choice(stance, f"{STANCES[stance].name}: {chances[stance][1]}",
                        probability=chances[stance][0])
                 for stance in EXCHANGE_REPLIES if stance in chances)


def _ask_stance(board: Board, plan: Plan, request: AttackRequest) -> Resolution:
    chances = reply_chances(board, request, (plan.facts, plan.back), plan.fighters)
    target = board.token(request.target).name
    attacker = board.token(request.attacker).name
    mods = "".join(f", {m}" for m in plan.attacker.modifiers)
    prompt = (f"{target}: {attacker} starts an exchange ({STANCES[plan.attacker.stance].name},"
              f" {plan.attacker.label}{mods} = {plan.attacker.bonus:+d}; "
              f"{stress_line(plan, request.target, destination(board, request))}); "
              f"what does {target} do?")
    ask = Decision("stance", prompt, who=request.target, choices=stance_choices(chances))
    return Resolution((), board, f"{attacker} vs {target}: waiting for {target}", decision=ask)


def _roll(run: _Run, dice: DiceSource) -> None:
    """Both sides' rolls (or the attacker's against a difficulty), into ``run.totals``."""
    plan = run.plan
    run.events.append(StanceTaken(plan.attacker.token, STANCES[plan.attacker.stance].name))
    mine = _side_roll(run, plan.attacker, dice)
    if plan.defender is None:
        theirs = plan.difficulty or 0
    else:
        if plan.exchange:
            run.events.append(StanceTaken(plan.defender.token, STANCES[plan.defender.stance].name))
        theirs = _side_roll(run, plan.defender, dice)
    run.totals = [mine, theirs]


def _invocations(run: _Run, dice: DiceSource) -> Decision | None:
    """L33: after the dice, each side that can pay is asked which aspects it invokes (the
    attacker ``invoke``, the other side ``invoke-against``): +2, or the four dice again."""
    plan, request = run.plan, run.request
    sides = [(plan.attacker, "invoke", request.target)]
    if plan.defender is not None:
        sides.append((plan.defender, "invoke-against", request.attacker))
    zones = (plan.facts.attacker_zone, plan.facts.target_zone)
    for index, (side, decision_id, other) in enumerate(sides):
        me = run.fighters[side.token]
        options = invocable(run.board, (me, run.fighters[other]), zones)
        asked = invoke_decision(decision_id, me, options, _standing(run, index))
        if asked is None:
            continue
        answer = request.answer(decision_id)
        if answer is None:
            return asked
        for invocation in read_invocations(decision_id, answer, me, options):
            _invoke(run, index, side, invocation, dice)
    return None


def _standing(run: _Run, index: int) -> str:
    mine, theirs = run.totals[index], run.totals[1 - index]
    how = "a tie" if mine == theirs else \
        f"{'winning' if mine > theirs else 'losing'} by {abs(mine - theirs)}"
    return f"rolled {mine} against {theirs}, {how}"


def _invoke(run: _Run, index: int, side: Side, invocation: Invocation,
            dice: DiceSource) -> None:
    """Apply one invocation to the side's roll and pay for it (a free tag, else a point)."""
    position = [i for i, e in enumerate(run.events) if isinstance(e, RollMade)][index]
    roll = run.events[position]
    assert isinstance(roll, RollMade)
    option = invocation.option
    if invocation.reroll:
        again = roll_4df(dice, f"{run.name(side.token)} ({side.skill}), invoking {option.aspect}")
        total = roll.total - sum(d.faces[0] for d in roll.dice) + sum(d.faces[0] for d in again)
        run.events[position] = replace(roll, dice=again, total=total)
        what = "rerolls"
    else:
        total = roll.total + 2
        run.events[position] = replace(roll, modifiers=(*roll.modifiers,
                                                        Modifier(2, f"invokes {option.aspect}")),
                                       total=total)
        what = "+2"
    run.totals[index] = total
    me = run.fighters[side.token]
    if option.free:
        tags = list(me.condition.free_tags)
        tags.remove(option.aspect)
        run.change(side.token, free_tags=tuple(tags))
        paid = "a free tag"
    else:
        run.change(side.token, fate_points=me.fate_points - 1)
        paid = f"a fate point, {me.fate_points - 1} left"
    run.lines.append(f"{run.name(side.token)} invokes {option.aspect} ({option.where}): "
                     f"{what} ({paid}) = {total}")


def _side_roll(run: _Run, side: Side, dice: DiceSource) -> int:
    rolled = roll_4df(dice, f"{run.name(side.token)} ({side.skill})")
    total = sum(die.faces[0] for die in rolled) + side.bonus
    base = Modifier(side.rating, side.label)
    run.events.append(RollMade(side.token, f"{side.skill.title()} ({STANCES[side.stance].name})",
                               rolled, (base, *side.modifiers), total, None, ""))
    return total


def _set_targets(run: _Run, mine: int, theirs: int) -> None:
    """Each roll's ``target`` is the other side's total, its ``result`` how it went."""
    rolls = [i for i, e in enumerate(run.events) if isinstance(e, RollMade)]
    totals = (mine, theirs)
    for index, position in enumerate(rolls):
        roll = run.events[position]
        assert isinstance(roll, RollMade)
        other = totals[1 - index]
        result = "wins" if roll.total > other else "ties" if roll.total == other else "loses"
        run.events[position] = RollMade(roll.actor, roll.purpose, roll.dice, roll.modifiers,
                                        roll.total, other, result)


def _settle(run: _Run, margin: int) -> Decision | None:
    """Who won by how much, then the winner's stance on the loser (a tie does nothing)."""
    attacker, target = run.request.attacker, run.request.target
    first, second = (attacker, target) if margin >= 0 else (target, attacker)
    run.events.append(ExchangeWon(first, second, abs(margin)))
    winner = run.plan.attacker if margin > 0 else run.plan.defender if margin < 0 else None
    decision = _effect(run, winner, second, abs(margin), margin > 0) if winner else None
    _after_any(run)
    return decision


def _after_any(run: _Run) -> None:
    """What a move does whatever the roll: starting a grapple drops the attacker's weapon and
    shield; striking with a drawn dagger while grappling releases the grapple."""
    stance = run.plan.attacker.stance
    attacker = run.fighters[run.request.attacker]
    if stance == "grapple":
        run.change(attacker.id, dropped_shield=attacker.shield,
                   disarmed=0 if attacker.weapon.type != "unarmed" else None)
    if stance == "attack" and attacker.condition.dagger_drawn and attacker.condition.grappling:
        _release(run, attacker.id, attacker.condition.grappling)


def _effect(run: _Run, winner: Side, loser: str, shifts: int,
            attacker_won: bool) -> Decision | None:
    stance = winner.stance
    aspect = STANCES[stance].aspect
    if stance in ("attack", "grapple:throw") or _defense_strikes(run, stance):
        return _stress(run, winner, loser, shifts, attacker_won)
    if stance == "grapple:squeeze":
        return _squeeze(run, winner, loser, shifts)
    if stance == "full-defense" and shifts >= 3:
        run.change(winner.token, spin=True)
        run.events.append(StatusAdded(winner.token, "on spin (+1 on the next roll)"))
    if aspect is not None:
        run.change(loser, aspects=(*run.fighters[loser].condition.aspects, aspect))
        run.events.append(AspectPlaced(loser, aspect))
        _tag_won(run, winner.token, aspect)
    if stance == "maneuver:disarming":
        run.change(loser, disarmed=shifts, dagger_drawn=False)
        run.events.append(StatusAdded(loser, f"disarmed (rearm at -{1 + shifts})"))
    if stance in ("maneuver:push", "maneuver:throw"):
        return _move(run, winner, loser, shifts)
    if stance == "maneuver:aspect":
        _tag_won(run, winner.token, _place_aspect(run, loser))
    if stance == "maneuver:remove-aspect":
        _remove_aspect(run, (winner.token, loser))
        _tag_won(run, winner.token, None)
    _grapple_effect(run, winner.token, loser, stance)
    return None


def _defense_strikes(run: _Run, stance: str) -> bool:
    """L1 "In either case, the winner inflicts ... stress": a turn-based defender who beats a
    plain attack strikes back, unless the GM's setting ``defender_wins`` is ``no-stress``."""
    return (stance == "defend" and run.plan.attacker.stance == "attack"
            and setting(run.board, "defender_wins") == "stress")


def _tag_won(run: _Run, winner: str, aspect: str | None) -> None:
    """L33: the maneuver's aspect (None: one removed) costs the winner a fate point under the
    setting ``maneuver_cost`` and earns him a free tag on an aspect placed."""
    me = run.fighters[winner]
    price = maneuver_price(run.board, me)
    tags = me.condition.free_tags + ((aspect,) if aspect is not None else ())
    run.change(winner, free_tags=tags,
               fate_points=me.fate_points - price if price else me.condition.fate_points)
    paid = f"a fate point, {me.fate_points - price} left" if price else "no fate point"
    tag = f"a free tag on {aspect}" if aspect is not None else "no tag"
    run.lines.append(f"{run.name(winner)}: {tag} ({paid})")


def _place_aspect(run: _Run, loser: str) -> str:
    aspect = run.request.params["aspect"].strip()
    zone, on = run.plan.facts.target_zone, run.request.params.get("on", "").strip().lower()
    if on == "scene":  # L33: "add ... a temporary aspect to/from a scene or character"
        run.scene = [*(run.scene if run.scene is not None else
                       run.board.combat.get("scene_aspects", ())), aspect]
        run.events.append(AspectPlaced("the scene", aspect))
        return aspect
    if on == "zone" and zone is not None:
        run.zone_aspects[zone] = [*run.zone_aspects.get(zone, []), aspect]
        run.events.append(AspectPlaced(zone, aspect, zone=True))
        return aspect
    run.change(loser, aspects=(*run.fighters[loser].condition.aspects, aspect))
    run.events.append(AspectPlaced(loser, aspect))
    return aspect


def _remove_aspect(run: _Run, tokens: tuple[str, str]) -> None:
    aspect = run.request.params["aspect"].strip()
    for token in tokens:
        held = run.fighters[token].condition.aspects
        if aspect in held:
            run.change(token, aspects=tuple(a for a in held if a != aspect))
            run.events.append(AspectRemoved(token, aspect))
            return
    for zone in (run.plan.facts.attacker_zone, run.plan.facts.target_zone):
        if zone is not None and aspect in run.zone_aspects.get(zone, []):
            run.zone_aspects[zone] = [a for a in run.zone_aspects[zone] if a != aspect]
            run.events.append(AspectRemoved(zone, aspect, zone=True))
            return
    scene = list(run.board.combat.get("scene_aspects", ()))
    if aspect in scene:
        run.scene = [a for a in scene if a != aspect]
        run.events.append(AspectRemoved("the scene", aspect))


def _grapple_effect(run: _Run, winner: str, loser: str, stance: str) -> None:
    if stance == "grapple":
        run.change(winner, grappling=loser)
        run.change(loser, grappled_by=winner, dagger_drawn=False,
                   disarmed=0 if run.fighters[loser].weapon.type != "unarmed" else None)
        run.events.append(StatusAdded(loser, f"grappled by {run.name(winner)}"))
    elif stance in ("grapple:break-free", "grapple:reverse"):
        _release(run, loser, winner)
        if stance == "grapple:reverse":
            run.change(winner, grappling=loser)
            run.change(loser, grappled_by=winner)
            run.events.append(StatusAdded(loser, f"grappled by {run.name(winner)}"))
    elif stance == "grapple:draw-dagger":
        run.change(winner, dagger_drawn=True)
        run.events.append(StatusAdded(winner, "holding a dagger"))
    elif stance == "grapple:pin":
        run.change(loser, pinned=True)
        run.events.append(StatusAdded(loser, "pinned"))


def _release(run: _Run, holder: str, held: str) -> None:
    run.change(holder, grappling=None)
    run.change(held, grappled_by=None, pinned=False)
    run.events.append(StatusRemoved(held, "grappled"))


def _stress(run: _Run, winner: Side, loser: str, shifts: int,
            attacker_won: bool) -> Decision | None:
    facts, back = run.plan.facts, run.plan.back
    striker, victim = winner.striker, run.fighters[loser]
    rise = facts.elevation_difference if attacker_won else -facts.elevation_difference
    higher = rise > 0 or (striker.mounted and not victim.mounted)
    cover = (back if attacker_won else facts).cover not in ("none", "")
    modifiers = stress_modifiers(striker, victim, higher=higher, from_cover=cover)
    if winner.stance == "grapple:throw":
        _release(run, winner.token, loser)
        run.change(loser, prone=True)
        run.events.append(StatusAdded(loser, "knocked down"))
    return _inflict(run, winner.token, loser, shifts, modifiers)


def _squeeze(run: _Run, winner: Side, loser: str, shifts: int) -> Decision | None:
    might = winner.combatant.skills.get("might", 0) // 2
    modifiers = (Modifier(might, "half Might"),) if might else ()
    return _inflict(run, winner.token, loser, shifts, modifiers)


def _inflict(run: _Run, winner: str, loser: str, shifts: int,
             modifiers: tuple[Modifier, ...]) -> Decision | None:
    stress = max(0, shifts + sum(m.value for m in modifiers))
    run.stress = {"token": loser, "shifts": shifts, "stress": stress,
                  "modifiers": [{"value": m.value, "reason": m.reason} for m in modifiers]}
    if stress == 0:
        return None
    if run.fighters[loser].mook:
        _blow_through(run, loser, stress)
        return None
    return _mark_track(run, winner, loser, stress)


def _blow_through(run: _Run, first: str, stress: int) -> None:
    """Mook stress (L75): each mook takes what it can; what takes one out goes on to the next
    of the opponents attacked at once (``request.also``, in order), never to others."""
    chain = (first, *run.request.also) if first == run.request.target else (first,)
    for token in chain:
        mook = run.fighters[token]
        if mook.condition.taken_out:
            continue
        taken = min(stress, mook_capacity(mook))
        total = sum(mook.condition.stress) + taken
        run.change(token, stress=(total,))
        run.events.append(StressMarked(token, taken, "Toughness", total=total))
        stress -= taken
        if mook_capacity(run.fighters[token]) > 0:
            return
        _taken_out(run, token)
        if stress <= 0:
            return


def _mark_track(run: _Run, winner: str, loser: str, stress: int) -> Decision | None:
    victim = run.fighters[loser]
    box = track_box(victim, stress)
    if box is not None:
        run.change(loser, stress=tuple(sorted((*victim.condition.stress, box))))
        run.events.append(StressMarked(loser, stress, "Health", box=box))
        return None
    free = [slot for slot in CONSEQUENCES if slot not in dict(victim.condition.consequences)]
    answer = run.request.answer("consequence")
    if free and answer is None:
        return _ask_consequence(run, winner, loser, stress, free)
    if answer is not None and answer[0] in free:
        aspect = run.request.params.get("consequence", CONSEQUENCE_ASPECTS[answer[0]])
        run.change(loser, consequences=(*victim.condition.consequences, (answer[0], aspect)))
        run.events.append(ConsequenceTaken(loser, answer[0], aspect))
        return None
    if answer is not None and answer[0] != "taken-out":
        raise RulesError(f"answers.consequence: {answer[0]!r} is not one of "
                         f"{', '.join([*free, 'taken-out'])}")
    _taken_out(run, loser)
    return None


def _ask_consequence(run: _Run, winner: str, loser: str, stress: int,
                     free: list[str]) -> Decision:
    slots = [Choice(slot, f"{slot} consequence ({CONSEQUENCE_ASPECTS[slot]})") for slot in free]
    choices = (*slots, Choice("taken-out", "be taken out"))
    prompt = (f"{run.name(loser)} takes {stress} stress from {run.name(winner)}: no box left "
              "on the Health track; take a consequence or be taken out?")
    return Decision("consequence", prompt, who=loser, choices=choices)


def _taken_out(run: _Run, token: str) -> None:
    state = run.fighters[token].condition
    run.change(token, taken_out=True)
    run.events.append(TakenOut(token))
    if state.grappling:
        _release(run, token, state.grappling)
    if state.grappled_by:
        _release(run, state.grappled_by, token)


def _move(run: _Run, winner: Side, loser: str, shifts: int) -> Decision | None:
    """Pushing and Throw (text, "Maneuvers"): the shifts pay for the zones (weight + 1 per
    zone for a push; weight + 1, then each zone one more than the last, for a throw); the
    zone ``params["to"]`` is reached only when the shifts pay for the zones on the way."""
    throw = winner.stance == "maneuver:throw"
    weight = run.fighters[loser].weight
    most = zones_for(weight, shifts, throw=throw)
    what = f"{STANCES[winner.stance].name} {run.name(loser)} (weight {weight})"
    cost = throw_cost if throw else push_cost
    to = run.request.params.get("to") if winner.token == run.request.attacker else None
    to = None if to is None else zone_called(run.board, to) or to
    if most == 0:
        run.lines.append(f"{what}: one zone costs {cost(weight, 1)} shifts, the win paid "
                         f"{shifts}; nobody moves")
        return None
    if to is not None:
        steps = zone_steps(run.board, loser, to)
        if steps is None or steps > most:
            far = "no way by zones" if steps is None else \
                f"{steps} zones, {cost(weight, steps)} shifts"
            run.lines.append(f"{what} to {to}: {far}; the win paid {shifts} shifts "
                             f"({most} zone{'s' * (most != 1)}); nobody moves")
            return None
        zones = steps
    else:
        answered = _zones_answer(run, most)
        if answered is None:
            choices = tuple(Choice(str(z), f"{z} zone{'s' * (z != 1)} ({cost(weight, z)} "
                                   "shifts)", cost=cost(weight, z)) for z in range(1, most + 1))
            prompt = f"{run.name(winner.token)} moves {run.name(loser)} how many zones?"
            return Decision("zones", prompt, who=winner.token, choices=choices)
        zones = answered
    _place_moved(run, winner.token, loser, zones, to, push=not throw)
    return None


def _place_moved(run: _Run, winner: str, loser: str, zones: int, to: str | None, *,
                 push: bool) -> None:
    """Land the loser ``zones`` zones on (or in ``to``); a pusher follows into that zone and
    stands just short of the pushed, never on him."""
    measurer = run.board.map()
    spot, landed = measurer.zones_away(loser, winner, zones, to)
    moved = {loser: spot}
    if push:
        mine = measurer.zones_away(winner, loser, zones, landed or to)[0]
        moved = {winner: mine, loser: _beyond(run, winner, loser, mine, spot)}
    for token in (loser, winner) if push else (loser,):
        run.positions[token] = moved[token]
        run.events.append(MovedToZone(token, landed or to, zones, moved[token]))
        run.moves.append({"token": token, "zone": landed or to, "zones": zones})


def _beyond(run: _Run, winner: str, loser: str, mine: tuple[float, float],
            spot: tuple[float, float]) -> tuple[float, float]:
    """Where the pushed stands: ``spot``, or if the pusher at ``mine`` would overlap him there,
    just clear of the pusher on the way the push went."""
    pusher, pushed = run.board.token(winner), run.board.token(loser)
    room = pusher.radius + pushed.radius
    dx, dy = spot[0] - mine[0], spot[1] - mine[1]
    if math.hypot(dx, dy) >= room:
        return spot
    if math.hypot(dx, dy) == 0:
        dx, dy = pushed.x - pusher.x, pushed.y - pusher.y
        dx = 1.0 if (dx, dy) == (0, 0) else dx
    length = math.hypot(dx, dy)
    return (mine[0] + dx / length * room, mine[1] + dy / length * room)


def _zones_answer(run: _Run, most: int) -> int | None:
    if most == 1:
        return 1
    answer = run.request.answer("zones")
    if answer is None:
        return None
    if len(answer) != 1 or not answer[0].isdigit() or not 1 <= int(answer[0]) <= most:
        raise RulesError(f"answers.zones: {','.join(answer)!r} is not a number from 1 to {most}")
    return int(answer[0])


def _tidy(run: _Run) -> None:
    """One-exchange states end: spin and the rearm penalty used, surprise, getting up."""
    sides = [s for s in (run.plan.attacker, run.plan.defender) if s is not None]
    for side in sides:
        state = run.fighters[side.token].condition
        used_spin = any(m.reason == "spin" for m in side.modifiers)
        run.change(side.token, spin=state.spin and not used_spin, rearming=0,
                   surprised=False, prone=state.prone and side.stance != "attack")


def _new_board(run: _Run) -> Board:
    board = run.board
    for token, fighter in run.fighters.items():
        if fighter != run.plan.fighters[token]:
            piece = board.token(token)
            board = board.with_token(restat(piece, fighter))
    for token, (x, y) in run.positions.items():
        board = board.with_token(board.token(token).moved_to(x, y))
    zones = {k: v for k, v in run.zone_aspects.items() if v}
    if zones != board.combat.get("zone_aspects", {}):
        board = board.with_combat({**board.combat, "zone_aspects": zones})
    if run.scene is not None:
        board = board.with_combat({**board.combat, "scene_aspects": run.scene})
    return _note_group_rolls(run, board)


def _note_group_rolls(run: _Run, board: Board) -> Board:
    """Keep this exchange's group rolls (L61: one roll for a group; see
    :func:`battlemap.rules.fate.plan.group_rolled`) while a fight is under way."""
    round_ = board.combat.get("round", 0)
    if run.plan.mode != "exchange" or not round_:
        return board
    sides = [(s, o) for s, o in ((run.plan.attacker, run.request.target),
                                 (run.plan.defender, run.request.attacker))
             if s is not None and len(s.group) > 1]
    if not sides:
        return board
    kept = [r for r in board.combat.get("group_rolls", ()) if r["round"] == round_]
    kept += [{"round": round_, "tokens": list(side.group), "against": other}
             for side, other in sides]
    return board.with_combat({**board.combat, "group_rolls": kept})




def _title(run: _Run, margin: int) -> str:
    a, t = run.name(run.request.attacker), run.name(run.request.target)
    if margin == 0:
        return f"{a} vs {t}: tie"
    winner = a if margin > 0 else t
    text = f"{a} vs {t}: {winner} wins by {abs(margin)}"
    if run.stress:
        text += f", {run.name(run.stress['token'])} takes {run.stress['stress']} stress"
    return text + "".join(f"; {line}" for line in run.lines if line.endswith("nobody moves"))


def _data(run: _Run, margin: int) -> dict[str, Any]:
    plan = run.plan
    rolls = [e for e in run.events if isinstance(e, RollMade)]
    return {
        "attacker": run.request.attacker, "target": run.request.target,
        "weapon": plan.attacker.striker.wielded.name, "kind": plan.mode,
        "stances": {s.token: s.stance for s in (plan.attacker, plan.defender) if s},
        "rolls": [_roll_data(r) for r in rolls],
        "difficulty": plan.difficulty,
        "hit": margin > 0, "shifts": margin,
        "winner": None if margin == 0 else (run.request.attacker if margin > 0
                                            else run.request.target),
        "stress": run.stress or None, "moves": run.moves,
        "conditions": {t: combatant_to_dict(f)["condition"] for t, f in run.fighters.items()
                       if t in _touched(run)},
    }


def _touched(run: _Run) -> set[str]:
    return {run.request.attacker, run.request.target,
            *(t for t, f in run.fighters.items() if f != run.plan.fighters[t])}


def _roll_data(roll: RollMade) -> dict[str, Any]:
    return {"actor": roll.actor, "purpose": roll.purpose,
            "dice": [die.faces[0] for die in roll.dice], "total": roll.total,
            "against": roll.target,
            "modifiers": [{"value": m.value, "reason": m.reason} for m in roll.modifiers]}

