"""The hover card of a Storypath attack: pool, Difficulty, Enhancement and exact odds.

The chances are exact (:mod:`battlemap.rules.storypath.odds`): ``hit`` (successes exceed Defense
plus every increased Difficulty), then ``k left`` for each number of successes left for stunts (as
the setting ``stunt_budget`` counts them: with ``beyond-hit`` a bare hit is ``0 left``), and
``more than K left``; the card shows each of them. A pending Complication (a ranged Pin, L38)
is the attacker's choice after the roll: ``hit`` is the chance when he accepts it (the
Injury Condition), ``hit, Complication N bought off`` when he buys it off - from the roll
before the hit is judged (setting ``complication`` ``before-hit``: more than the Difficulty
plus N successes) or from the successes the hit leaves (``from-stunts``: at least N left).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from battlemap.rules.interface import AttackRequest, Chance, Preview
from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.attack import KIND_TITLES
from battlemap.rules.storypath.odds import AttackOdds, attack_odds, success_distribution
from battlemap.rules.storypath.setup import AttackSetup, setup_attack
from battlemap.rules.table import Board

__all__ = ["MAX_LEFT_SHOWN", "preview"]

MAX_LEFT_SHOWN = 6
"""The card lists "k left" up to this k, then "more than k left"."""


def preview(board: Board, request: AttackRequest) -> Preview:
    """The attack of ``request`` before any die (a bad weapon, option or setting is the
    card's problem)."""
    try:
        setup = setup_attack(board, request)
    except RulesError as error:
        return Preview(request.attacker, request.target, request.weapon, (), problem=str(error))
    odds = _odds(setup)
    chances = tuple(Chance(label, float(p), str(p))
                    for label, p in (*_entries(setup, odds), *_bought_off(setup)))
    return Preview(setup.attacker.id, setup.target.id,
                   setup.weapon.name if setup.weapon else None, _lines(setup, odds),
                   chances=chances, problem=setup.problem, notes=_notes(setup),
                   data=_data(setup, odds))


def _entries(setup: AttackSetup, odds: AttackOdds) -> tuple[tuple[str, Fraction], ...]:
    """Each exact chance by its label: the hit, then each count of stunt successes left."""
    extra = 1 if setup.settings.stunt_budget == "beyond-hit" else 0
    top = len(odds.left) - extra
    return (("hit", odds.hit),
            *[(f"{k - extra} left", p) for k, p in enumerate(odds.left, start=1)],
            (f"more than {top} left", odds.more))


def _bought_off(setup: AttackSetup) -> tuple[tuple[str, Fraction], ...]:
    """The hit's chance when the attacker buys off his Complication (none pending: empty)."""
    owed = setup.attacker.condition.complication
    if not owed:
        return ()
    extra = 1 if setup.settings.stunt_budget == "beyond-hit" else 0
    least = setup.required + 1 + owed if setup.settings.complication == "before-hit" else \
        setup.required + max(1, extra + owed)
    dist = success_distribution(setup.pool_size, setup.settings.tens,
                                setup.enhancement_total, least)
    return ((f"hit, Complication {owed} bought off", dist[least]),)


def _odds(setup: AttackSetup) -> AttackOdds:
    top = setup.pool_size * (2 if setup.settings.tens == "double" else 1) \
        + setup.enhancement_total
    most_left = MAX_LEFT_SHOWN if setup.settings.tens == "reroll" else top - setup.required
    return attack_odds(setup.pool_size, setup.settings.tens, setup.enhancement_total,
                       setup.required, max(1, min(MAX_LEFT_SHOWN, most_left)))


def _lines(setup: AttackSetup, odds: AttackOdds) -> tuple[str, ...]:
    weapon = f" with {setup.weapon.name}" if setup.weapon else ""
    tens = {"none": "", "double": ", 10s count double", "reroll": ", 10s rerolled"}
    lines = [
        f"{KIND_TITLES[setup.kind]}{weapon}: {setup.band} ({setup.facts.distance:.1f} m)",
        f"{setup.pool_size}d10 ({setup.describe_pool()}), 8+ succeeds"
        f"{tens[setup.settings.tens]}",
        f"Defense {setup.defense}" + "".join(f", +{m.value} {m.reason}"
                                             for m in setup.difficulty)
        + f": {setup.required + 1}+ successes to hit",
    ]
    if setup.enhancement:
        lines.append("Enhancement " + ", ".join(f"+{m.value} {m.reason}"
                                                for m in setup.enhancement)
                     + " (with at least one success)")
    entries = _entries(setup, odds)
    lines.append(f"hit {_percent(odds.hit)}")
    lines.extend(f"{label} {_percent(p)}" for label, p in _bought_off(setup))
    lines.append("for stunts: " + ", ".join(f"{label} {_percent(p)}"
                                            for label, p in entries[1:]))
    return tuple(lines)


def _percent(p: Fraction) -> str:
    """``54.3%`` (below 0.1%, but possible: ``< 0.1%``)."""
    return "0%" if p == 0 else ("< 0.1%" if p < Fraction(1, 1000) else f"{float(p):.1%}")


def _notes(setup: AttackSetup) -> tuple[str, ...]:
    notes = []
    if setup.attacker.condition.complication:
        notes.append(f"{setup.name(setup.attacker.id)} carries a Complication "
                     f"{setup.attacker.condition.complication} (Pin): buy off or take an Injury")
    if setup.grapple is not None:
        who = "in control" if setup.grapple.controls(setup.attacker.id) else "not in control"
        notes.append(f"in a grapple with {setup.name(setup.grapple.partner(setup.attacker.id))}, "
                     f"{who}")
    return tuple(notes)


def _data(setup: AttackSetup, odds: AttackOdds) -> dict[str, Any]:
    entries = dict((*_entries(setup, odds), *_bought_off(setup)))
    return {
        "attack": f"{setup.name(setup.attacker.id)} ({KIND_TITLES[setup.kind]}) vs "
                  f"{setup.name(setup.target.id)}",
        "kind": setup.kind, "band": setup.band, "distance": setup.facts.distance,
        "pool": {name: n for name, n in setup.pool}, "tens": setup.settings.tens,
        "defense": setup.defense, "required": setup.required,
        "difficulty": [{"value": m.value, "reason": m.reason} for m in setup.difficulty],
        "enhancement": [{"value": m.value, "reason": m.reason} for m in setup.enhancement],
        "problem": setup.problem,
        "odds": {label: _chance(p) for label, p in entries.items()},
    }


def _chance(p: Fraction) -> dict[str, Any]:
    return {"probability": float(p), "fraction": f"{p.numerator}/{p.denominator}"}
