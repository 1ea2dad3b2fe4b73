"""Exact odds of a GURPS attack, and the hover card (:func:`preview`).

An attack lands when its roll succeeds and either it is a critical hit or the defense fails:
P(lands) = P(critical hit) + P(ordinary hit) x (1 - P(defense)). Every chance is an exact
:class:`~fractions.Fraction` over the 216 totals of 3d6 (tests compare them with a brute-force
enumeration of all 6^3 x 6^3 dice).

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

from rules.gurps.attack import prepare
from rules.gurps.defense import defense_plans, no_defense_reason
from rules.gurps.play import Setup
from rules.gurps.roll import Grade, grade_chances
from rules.interface import AttackRequest, Chance, Preview
from rules.registry import RulesError
from rules.table import Board

__all__ = ["lands", "preview"]


def lands(skill: int, defense: Fraction | None) -> Fraction:
    """P(the attack lands) at effective ``skill`` against a defense that succeeds with chance
    ``defense`` (None: no defense at all)."""
    chances = grade_chances(skill)
    critical, ordinary = chances[Grade.CRITICAL_SUCCESS], chances[Grade.SUCCESS]
    if defense is None:
        return critical + ordinary
    return critical + ordinary * (1 - defense)


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
            defense = None if plan.defense == "none" else plan.probability
            name = plan.label if plan.defense == "none" else f"{plan.label} {plan.score}"
            rows.append((f"lands vs {name}", lands(skill, defense)))
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
