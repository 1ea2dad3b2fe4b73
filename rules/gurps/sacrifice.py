"""Sacrificial Dodge: an ally a step away throws himself into the path of the attack."""

from __future__ import annotations

from rules.events import Defended, DefenseChosen, StatusAdded
from rules.gurps.defense import DefensePlan, Threat, sacrifice_plans
from rules.gurps.play import Play, character, modifier_json
from rules.gurps.roll import success_roll
from rules.table import Side

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
        plans.extend(sacrifice_plans(piece.id, piece.name, character(piece), threat))
    return tuple(plans)


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
