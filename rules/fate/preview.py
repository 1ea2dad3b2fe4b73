"""The hover card and ``battlemap odds``: both sides' ratings and modifiers, the stress lines
and the exact chances of each margin (:mod:`battlemap.rules.fate.odds`).

In an exchange the other side's stance is not chosen yet: the card assumes it attacks back
(or takes the ``stance`` answer if the request carries one).

Examples
--------
>>> from battlemap.rules.table import Piece
>>> sword = {"skills": {"weapons": 3}, "weapon": {"name": "Gladius"}}
>>> board = Board("fate", tokens=(Piece("a", "Aulus", 0, 0, stats=sword),
...                               Piece("b", "Brennus", 1, 0, stats=sword)))
>>> card = preview(board, AttackRequest("a", "b"))
>>> [(c.label, round(c.probability, 4)) for c in card.chances][:3]
[('Aulus wins', 0.4156), ('tie', 0.1687), ('Brennus wins', 0.4156)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from battlemap.rules.fate.exchange import Side
from battlemap.rules.fate.odds import margin_distribution, win_by_at_least
from battlemap.rules.fate.plan import Plan, make_plan
from battlemap.rules.fate.stances import EXCHANGE_REPLIES, STANCES
from battlemap.rules.fate.statblock import Combatant
from battlemap.rules.fate.stress import stress_modifiers
from battlemap.rules.fate.zones import push_cost, throw_cost, zone_called, zone_steps
from battlemap.rules.interface import AttackRequest, Chance, Preview
from battlemap.rules.table import Board, MapFacts

__all__ = ["destination", "margin_chances", "move_line", "odds_line", "preview", "reply_chances",
           "stress_line"]

MOST_SHIFTS = 6
"""The card lists the chance of winning by at least 1 to this many shifts."""


def preview(board: Board, request: AttackRequest) -> Preview:
    """The card for ``request`` before any die."""
    plan = make_plan(board, request)
    if plan.defender is None and plan.difficulty is None:
        plan = make_plan(board, request, "attack", (plan.facts, plan.back), plan.fighters)
    a, t = board.token(request.attacker).name, board.token(request.target).name
    weapon = plan.attacker.striker.wielded.name
    if plan.problem is not None:
        return Preview(request.attacker, request.target, weapon, (plan.problem,),
                       problem=plan.problem)
    against = plan.defender.bonus if plan.defender is not None else plan.difficulty or 0
    bonus = plan.attacker.bonus - against
    opposed = plan.defender is not None  # a squeeze rolls against a difficulty, no dice
    chances = margin_chances(bonus, a, t, opposed)
    lines = (_side_line(a, plan.attacker), _defender_line(t, plan),
             stress_line(plan, request.target, destination(board, request)),
             odds_line(chances))
    data = {"attack": f"{a} ({STANCES[plan.attacker.stance].name}) vs {t}: " + "; ".join(lines),
            "kind": plan.mode, "modifiers": _modifiers(plan.attacker),
            "odds": {label: {"probability": float(p), "fraction": str(p)}
                     for label, p in _margin_rows(bonus, a, t, opposed)},
            "margins": {str(m): str(p)
                        for m, p in margin_distribution(bonus, opposed).items()}}
    return Preview(request.attacker, request.target, weapon, lines, chances, data=data)


def odds_line(chances: tuple[Chance, ...]) -> str:
    """The card's line of exact chances: win, tie, loss and winning by 2 or more.

    >>> odds_line(margin_chances(0, "A", "B"))
    'A wins 41.6 %, tie 16.9 %, B wins 41.6 %; A wins by 2+ 26.1 %'
    """
    first = ", ".join(f"{c.label} {100 * c.probability:.1f} %" for c in chances[:3])
    return f"{first}; {chances[3].label} {100 * chances[3].probability:.1f} %"


def margin_chances(bonus: int, first: str, second: str,
                   opposed: bool = True) -> tuple[Chance, ...]:
    """Win, tie, loss, then winning by at least k shifts for k = 2 .. :data:`MOST_SHIFTS`.

    ``bonus`` is the first side's rating and modifiers less the second's (``opposed=False``:
    the second is a difficulty that rolls no dice).

    >>> [c.label for c in margin_chances(0, "A", "B")][:4]
    ['A wins', 'tie', 'B wins', 'A wins by 2+']
    """
    return tuple(Chance(label, float(p), str(p))
                 for label, p in _margin_rows(bonus, first, second, opposed))


def _margin_rows(bonus: int, first: str, second: str,
                 opposed: bool = True) -> list[tuple[str, Fraction]]:
    def total(keep: Callable[[int], bool]) -> Fraction:
        return sum((p for m, p in margin_distribution(bonus, opposed).items() if keep(m)),
                   Fraction(0))

    rows = [(f"{first} wins", total(lambda m: m > 0)), ("tie", total(lambda m: m == 0)),
            (f"{second} wins", total(lambda m: m < 0))]
    rows += [(f"{first} wins by {shifts}+", win_by_at_least(bonus, shifts, opposed))
             for shifts in range(2, MOST_SHIFTS + 1)]
    return rows



def reply_chances(board: Board, request: AttackRequest,
                  measured: tuple[MapFacts, MapFacts],
                  fighters: Mapping[str, Combatant] | None = None
                  ) -> dict[str, tuple[float, str]]:
    """For each stance the other side may take in an exchange, its chance to win and its
    roll (skill, rating and modifiers); ``measured`` are the map facts both ways, ``fighters``
    the board's fighters if an earlier plan read them."""
    chances = {}
    for stance in EXCHANGE_REPLIES:
        plan = make_plan(board, request, stance, measured, fighters)
        fighters = plan.fighters
        assert plan.defender is not None
        win = float(win_by_at_least(plan.defender.bonus - plan.attacker.bonus, 1))
        mods = "".join(f", {m}" for m in plan.defender.modifiers)
        chances[stance] = (win, f"{plan.defender.label}{mods} = {plan.defender.bonus:+d}")
    return chances


def _side_line(name: str, side: Side) -> str:
    mods = "".join(f", {m}" for m in side.modifiers)
    return f"{name}: {side.label}{mods} = {side.bonus:+d} + 4dF ({STANCES[side.stance].name})"


def _defender_line(name: str, plan: Plan) -> str:
    if plan.defender is None:
        return f"against {name}'s armour and shield: difficulty {plan.difficulty}"
    return _side_line(name, plan.defender)


def destination(board: Board, request: AttackRequest) -> tuple[str, int] | None:
    """The zone a push or throw asks for (``params["to"]``) and how many zones away it is."""
    to = request.params.get("to")
    steps = zone_steps(board, request.target, to) if to and board.measurer else None
    name = zone_called(board, to) if to is not None and steps is not None else None
    return None if name is None or steps is None else (name, steps)


def move_line(plan: Plan, target: str, to: tuple[str, int] | None) -> str:
    """What a push or throw buys: the shifts each number of zones costs (and ``to``'s).

    >>> from battlemap.rules.table import Piece
    >>> board = Board("fate", tokens=(Piece("a", "A", 0, 0), Piece("b", "B", 1, 0)))
    >>> line = move_line(make_plan(board, AttackRequest("a", "b", options=("maneuver:throw",)),
    ...                            "attack"), "b", ("Pit", 2))
    >>> line.split("; ")
    ['on a win: Throw or Knockback, weight 2: 1 zone 3 shifts, 2 zones 7, 3 zones 12', \
'to Pit (2 zones): 7 shifts, fewer and nobody moves']
    """
    throw = plan.attacker.stance == "maneuver:throw"
    weight = plan.fighters[target].weight
    cost = throw_cost if throw else push_cost
    zones = ", ".join(f"{z} zone{'s' * (z != 1)} {cost(weight, z)}{' shifts' * (z == 1)}"
                      for z in (1, 2, 3))
    text = f"on a win: {STANCES[plan.attacker.stance].name}, weight {weight}: {zones}"
    if to is not None:
        name, steps = to
        text += f"; to {name} ({steps} zone{'s' * (steps != 1)}): {cost(weight, steps)} " \
                "shifts, fewer and nobody moves"
    return text + ("" if throw else "; the pusher goes along")


def stress_line(plan: Plan, target: str, to: tuple[str, int] | None = None) -> str:
    """What the attacker's win would do to ``target``: the stress lines, or the maneuver
    (a push's or throw's costs; ``to`` the destination zone and the zones to it).

    >>> from battlemap.rules.table import Piece
    >>> axe = {"weapon": {"name": "Axe", "type": "axe"}, "skills": {"might": 2}}
    >>> board = Board("fate", tokens=(Piece("a", "A", 0, 0, stats=axe),
    ...                               Piece("b", "B", 1, 0, stats={"shield": True})))
    >>> stress_line(make_plan(board, AttackRequest("a", "b"), "attack"), "b")
    'stress on a win = shifts +2 axe +1 half Might +1 axe against a shield (shifts +4)'
    """
    striker = plan.attacker.striker
    if plan.attacker.stance in ("maneuver:push", "maneuver:throw"):
        return move_line(plan, target, to)
    if plan.attacker.stance not in ("attack", "grapple:throw", "grapple:squeeze"):
        return f"on a win: {STANCES[plan.attacker.stance].name}, no stress"
    if plan.difficulty is not None:
        return "on a win: stress = shifts + half Might"
    victim = plan.fighters[target]
    higher = plan.facts.elevation_difference > 0 or (striker.mounted and not victim.mounted)
    mods = stress_modifiers(striker, victim, higher=higher,
                            from_cover=plan.back.cover not in ("none", ""))
    total = sum(m.value for m in mods)
    listed = "".join(f" {m}" for m in mods)
    return f"stress on a win = shifts{listed} (shifts {total:+d})"


def _modifiers(side: Side) -> list[dict[str, Any]]:
    return [{"value": m.value, "reason": m.reason} for m in side.modifiers]
