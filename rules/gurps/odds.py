"""Exact odds of a GURPS attack, and the hover card (:func:`preview`).

An attack lands when its roll succeeds and either it is a critical hit or the defense fails:
P(lands) = P(critical hit) + P(ordinary hit) x (1 - P(defense)). Rapid fire and All-Out
Defense (Double Defense) are summed over every attack total (:func:`lands_exactly`): the
chance that at least one hit gets through the defense (and the second defense). Every chance
is an exact :class:`~fractions.Fraction` over the 216 totals of 3d6 (tests compare them with a
brute-force enumeration of all the dice).

Examples
--------
>>> float(lands(10, None))
0.5
>>> round(float(lands(12, Fraction(1, 2))), 4)
0.3796
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from battlemap.rules.gurps.attack import prepare
from battlemap.rules.gurps.defense import DefensePlan, defense_plans, no_defense_reason
from battlemap.rules.gurps.play import Setup
from battlemap.rules.gurps.roll import Grade, distribution, grade_chances, outcome, success_chance
from battlemap.rules.interface import AttackRequest, Chance, Preview
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board

__all__ = ["lands", "lands_exactly", "preview", "second_defense", "stopped_chances"]


def lands(skill: int, defense: Fraction | None) -> Fraction:
    """P(the attack lands) at effective ``skill`` against a defense that succeeds with chance
    ``defense`` (None: no defense at all)."""
    chances = grade_chances(skill)
    critical, ordinary = chances[Grade.CRITICAL_SUCCESS], chances[Grade.SUCCESS]
    if defense is None:
        return critical + ordinary
    return critical + ordinary * (1 - defense)


ALL_STOPPED = 10**6
"""A critical Dodge against rapid fire avoids every hit."""


def stopped_chances(plan: DefensePlan) -> dict[int, Fraction]:
    """The exact chance of each number of hits ``plan`` stops, as the attack plays it: a
    Dodge stops one hit plus its margin (every hit on a critical success, L53), a Parry or
    Block one; a parry that fails automatically or offers too little resistance none.

    >>> plan = DefensePlan("dodge", "Dodge", "dodge", None, frozenset(), 10, ())
    >>> stopped_chances(plan)[3]   # success by 2: rolls of exactly 8
    Fraction(7, 72)
    """
    chances: dict[int, Fraction] = {}
    if plan.defense == "none" or plan.automatic_failure or plan.breakage > 6:
        return {0: Fraction(1)}
    if plan.acrobatics is None:
        scores = [(Fraction(1), plan.score)]
    else:
        acro = success_chance(plan.acrobatics)
        scores = [(acro, plan.score + 2), (1 - acro, plan.score - 2)]
    for weight, score in scores:
        for total, p in distribution().items():
            result = outcome(total, score)
            if not result.succeeded:
                stops = 0
            elif plan.defense != "dodge":
                stops = 1
            elif result.kind is Grade.CRITICAL_SUCCESS:
                stops = ALL_STOPPED
            else:
                stops = 1 + result.margin
            chances[stops] = chances.get(stops, Fraction(0)) + weight * p
    return chances


def lands_exactly(setup: Setup, first: DefensePlan,
                  second: DefensePlan | None = None) -> Fraction:
    """P(at least one hit lands) when the defender answers with ``first`` (and, under All-Out
    Defense (Double Defense), ``second`` after a first defense that stopped nothing, L11).

    Every attack total is graded; rapid fire scores one hit plus one per full Recoil of
    margin, up to the Rate of Fire; a critical hit allows no defense (L23). The defenses'
    stopped hits come from :func:`stopped_chances`.
    """
    attack = setup.attack
    first_stops = stopped_chances(first)
    second_stops = stopped_chances(second) if second is not None else {0: Fraction(1)}
    landed = Fraction(0)
    for total, p in distribution().items():
        result = outcome(total, setup.effective_skill)
        if not result.succeeded:
            continue
        if result.kind is Grade.CRITICAL_SUCCESS or first.defense == "none":
            landed += p
            continue
        hits = setup.given_hits or (1 if attack.rate_of_fire <= 1 else
                                    min(attack.rate_of_fire, 1 + result.margin // attack.recoil))
        for stops, q in first_stops.items():
            if stops >= hits:
                continue
            if stops:
                landed += p * q
                continue
            landed += p * q * sum((r for s, r in second_stops.items() if s < hits), Fraction(0))
    return landed


def second_defense(setup: Setup, first: DefensePlan) -> DefensePlan | None:
    """The best different defense left after ``first`` under All-Out Defense (Double
    Defense): the defender's condition as ``first`` leaves it (the parry counted, the block
    used, the retreat made, the drop taken), the same defense not allowed again."""
    if setup.defender.condition.maneuver != "all-out-defense" or first.defense == "none":
        return None
    condition = setup.defender.condition
    changes: dict[str, object] = {}
    if first.defense == "parry" and first.weapon is not None:
        changes["parries"] = {**condition.parries,
                              first.weapon: condition.parries.get(first.weapon, 0) + 1}
    if first.defense == "block":
        changes["blocked"] = True
    if "retreat" in first.options:
        changes["retreated_from"] = setup.attacker_piece.id
    if "drop" in first.options:
        changes.update(posture="prone", dropped_from=setup.attacker_piece.id)
    if "acrobatic" in first.options:
        changes["acrobatic_dodged"] = True
    after = setup.defender.with_condition(**changes)
    used = first.id.split("+")[0]
    left = [plan for plan in defense_plans(after, setup.threat())
            if plan.allowed and plan.defense != "none" and plan.id.split("+")[0] != used]
    return max(left, key=lambda plan: plan.probability, default=None)


def _odds(setup: Setup) -> list[tuple[str, Fraction]]:
    skill = setup.effective_skill
    chances = grade_chances(skill)
    rows = [("hit", chances[Grade.CRITICAL_SUCCESS] + chances[Grade.SUCCESS]),
            ("critical hit", chances[Grade.CRITICAL_SUCCESS]),
            ("critical miss", chances[Grade.CRITICAL_FAILURE])]
    threat = setup.threat()
    if no_defense_reason(setup.defender, threat) is not None:
        rows.append(("lands (no defense)", lands(skill, None)))
        return rows
    for plan in defense_plans(setup.defender, threat):
        if plan.allowed:
            name = plan.label if plan.defense == "none" else f"{plan.label} {plan.score}"
            second = second_defense(setup, plan)
            if second is not None:
                name += f", then {second.label} {second.score}"
            rows.append((f"lands vs {name}", lands_exactly(setup, plan, second)))
    return rows


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


def preview(board: Board, request: AttackRequest) -> Preview:
    """The hover card: effective skill with its reasons, the odds of each defense."""
    try:
        setup = prepare(board, request)
    except RulesError as error:
        weapon = request.weapon
        return Preview(request.attacker, request.target, weapon, (str(error),),
                       problem=str(error))
    rows = _odds(setup)
    why = no_defense_reason(setup.defender, setup.threat())
    mods = "".join(f", {m}" for m in setup.modifiers)
    lines = [f"{setup.attack.label} {setup.attack.skill}{mods} → {setup.effective_skill}: "
             f"hit {_percent(rows[0][1])}, critical {_percent(rows[1][1])}"]
    lines.append(f"{setup.attacker_piece.name} stands in {setup.target_piece.name}'s "
                 f"{setup.facts.attacker_arc} arc")
    lines.extend(setup.rulings)
    if why is not None:
        lines.append(f"no defense: {why}")
    lines.extend(f"{label}: {_percent(p)}" for label, p in rows[3:])
    title = (f"{setup.attacker_piece.name} ({setup.attack.label}) vs "
             f"{setup.target_piece.name}: skill {setup.effective_skill}")
    data: dict[str, Any] = {
        "target_number": setup.effective_skill, "arc": setup.facts.attacker_arc,
        "modifiers": [{"value": m.value, "reason": m.reason} for m in setup.modifiers],
    }
    return Preview(setup.attacker_piece.id, setup.target_piece.id, setup.attack.label,
                   tuple(lines), tuple(Chance(label, float(p), str(p)) for label, p in rows),
                   notes=(f"no defense: {why}",) if why else (), data=data, title=title)
