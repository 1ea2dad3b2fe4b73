"""Sacrificial Dodge: an ally a step away throws himself into the path of the attack."""

from __future__ import annotations

import math
from dataclasses import replace

from battlemap.rules.events import Defended, DefenseChosen, StatusAdded
from battlemap.rules.gurps.defense import DefensePlan, Threat, sacrifice_plans
from battlemap.rules.gurps.play import Play, character, modifier_json
from battlemap.rules.gurps.roll import success_roll
from battlemap.rules.table import Piece, Side

__all__ = ["ally_plans", "sacrifice"]


def ally_plans(play: Play) -> tuple[DefensePlan, ...]:
    """Sacrificial Dodge plans of the defender's allies a step away (touching him)."""
    setup, measurer = play.setup, play.board.map()
    target = setup.target_piece
    plans: list[DefensePlan] = []
    for piece in play.board.tokens:
        if piece.side is Side.NEUTRAL or piece.side != target.side or piece.id in (
                target.id, setup.attacker_piece.id) or not measurer.adjacent(piece.id, target.id):
            continue
        seen = measurer.facts(setup.attacker_piece.id, piece.id, None, 0.0)
        threat = Threat(setup.attacker_piece.id, setup.attacker, setup.attack,
                        seen.attacker_arc, seen.distance)
        found = sacrifice_plans(piece.id, piece.name, character(piece), threat)
        if not in_the_way(piece, setup.attacker_piece, target):
            why = (f"{piece.name} cannot step between {setup.attacker_piece.name} and "
                   f"{target.name}")
            found = tuple(replace(plan, why_not=plan.why_not or why) for plan in found)
        plans.extend(found)
    return tuple(plans)


def in_the_way(ally: Piece, attacker: Piece, friend: Piece, step: float = 1.0) -> bool:
    """L67: "close enough to interpose yourself between your friend and his attacker by taking
    a step": a point of the line from the attacker to the friend, short of the friend, lies
    within one step (a yard: a cell) of the ally; an ally behind the friend, or beside him on
    the far side, is not.

    >>> orc, knight = Piece("o", "Orc", 0.0, 0.0), Piece("k", "Knight", 1.0, 0.0)
    >>> in_the_way(Piece("s", "Squire", 0.5, 0.87), orc, knight)
    True
    >>> in_the_way(Piece("s", "Squire", 2.0, 0.0), orc, knight)
    False
    """
    dx, dy = friend.x - attacker.x, friend.y - attacker.y
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    t = ((ally.x - attacker.x) * dx + (ally.y - attacker.y) * dy) / length2
    if t >= 1.0 - 1e-9:
        return False
    t = max(0.0, t)
    nearest = (attacker.x + t * dx, attacker.y + t * dy)
    return math.dist((ally.x, ally.y), nearest) <= step + 1e-6


def sacrifice(play: Play, plan: DefensePlan, hits: int) -> int:
    """Sacrificial Dodge: on a success the ally takes the hit; with a drop both fall prone and
    a success by 3 or more means neither is hit. Either way the ally cannot retreat until his
    next turn. Returns the hits kept off the defender (0 on a failure)."""
    ally_piece = play.board.token(plan.weapon or "")
    ally = character(ally_piece).with_condition(sacrificed=True)
    attacker_id = play.setup.attacker_piece.id
    play.events.append(DefenseChosen(ally_piece.id, attacker_id, f"{plan.label} {plan.score}"))
    made, result = success_roll(play.dice, ally_piece.id, plan.label, plan.base, plan.modifiers)
    play.events.append(made)
    play.data["defense"] = {"choice": plan.id, "score": plan.score, "roll": result.total,
                            "margin": result.margin, "success": result.succeeded,
                            "modifiers": [modifier_json(m) for m in plan.modifiers]}
    if "drop" in plan.options:
        ally = ally.with_condition(posture="prone", dropped_from=attacker_id)
        play.events.append(StatusAdded(ally_piece.id, "prone"))
    play.ally_piece, play.ally = ally_piece, ally
    if not result.succeeded:
        return 0
    if "drop" in plan.options:
        play.defender = play.defender.with_condition(posture="prone")
        play.events.append(StatusAdded(play.defender_piece.id, "prone"))
        if result.margin >= 3:
            play.events.append(Defended(play.defender_piece.id, attacker_id, hits))
            return hits
    play.ally_takes = True
    return 0
