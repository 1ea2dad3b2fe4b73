"""Aspects in play (text L33): fate points, invoking (tagging) an aspect for +2 or a reroll,
free tags won by maneuvers, and the aspects on the table to choose from.

Fate points: a character with a ``refresh`` in his stat block holds that many fate points
until he spends or earns some (``condition.fate_points``); one without has none (mooks). After
both sides have rolled, each side that can pay (a fate point, or a free tag on the aspect) is
asked which aspects it invokes (decision ``invoke`` for the attacker, ``invoke-against`` for
the other side): each aspect at most once per roll, for +2 or to reroll the four dice. The
aspects to choose from are those of both fighters (their own, temporary and consequences),
of their zones and of the scene (``board.combat["scene_aspects"]``), listed, never typed.

Examples
--------
>>> from battlemap.rules.fate.statblock import Combatant
>>> me = Combatant("t", aspects=("Veteran",), refresh=3, name="Tertius")
>>> foe = Combatant("w", name="Warrior").with_condition(aspects=("Blinded",))
>>> [(o.aspect, o.where) for o in invocable(Board("fate"), (me, foe), ())]
[('Veteran', 'Tertius'), ('Blinded', 'Warrior')]
>>> decision = invoke_decision("invoke", me, invocable(Board("fate"), (me, foe), ()), "")
>>> [c.id for c in decision.choices]
['none', 'plus-1', 'reroll-1', 'plus-2', 'reroll-2']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from battlemap.rules.fate.statblock import Combatant
from battlemap.rules.interface import Choice, Decision
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board

__all__ = ["Invocable", "Invocation", "invocable", "invoke_decision", "on_the_table",
           "read_invocations"]


@dataclass(frozen=True, slots=True)
class Invocable:
    """An aspect a side may invoke: its text, whose or where it is (a name, a zone's name,
    ``the scene``) and whether the side holds a free tag on it."""

    aspect: str
    where: str
    free: bool = False


@dataclass(frozen=True, slots=True)
class Invocation:
    """One aspect invoked: ``reroll`` (else +2)."""

    option: Invocable
    reroll: bool


def on_the_table(board: Board, fighters: Iterable[Combatant],
                 zones: Iterable[str | None]) -> tuple[tuple[str, str], ...]:
    """Every aspect of ``fighters``, of ``zones`` and of the scene, as (aspect, where), once
    each, in that order."""
    found: list[tuple[str, str]] = []
    for fighter in fighters:
        state = fighter.condition
        found += [(a, fighter.called) for a in (*fighter.aspects, *state.aspects,
                                                *(c for _, c in state.consequences))]
    table = board.combat.get("zone_aspects", {})
    for zone in dict.fromkeys(z for z in zones if z is not None):
        found += [(a, zone) for a in table.get(zone, ())]
    found += [(a, "the scene") for a in board.combat.get("scene_aspects", ())]
    seen: set[str] = set()
    unique = []
    for aspect, where in found:
        if aspect not in seen:
            seen.add(aspect)
            unique.append((aspect, where))
    return tuple(unique)


def invocable(board: Board, fighters: tuple[Combatant, Combatant],
              zones: Iterable[str | None]) -> tuple[Invocable, ...]:
    """What the first of ``fighters`` may invoke on this roll (the second is his opponent)."""
    tags = set(fighters[0].condition.free_tags)
    return tuple(Invocable(a, where, a in tags) for a, where in
                 on_the_table(board, fighters, zones))


def invoke_decision(decision: str, invoker: Combatant, options: tuple[Invocable, ...],
                    situation: str) -> Decision | None:
    """Ask ``invoker`` which aspects he invokes (None: nothing he could pay for)."""
    points = invoker.fate_points
    if not options or (points == 0 and not any(o.free for o in options)):
        return None
    choices = [Choice("none", "invoke nothing")]
    for number, option in enumerate(options, 1):
        price = "free tag" if option.free else "1 fate point"
        allowed = option.free or points > 0
        why = None if allowed else "no fate point left"
        plus, reroll = f"plus-{number}", f"reroll-{number}"  # each aspect once a roll
        choices += [Choice(plus, f"+2 from {option.aspect} ({option.where}; {price})",
                           0 if option.free else 1, allowed, why, most=1, excludes=(reroll,)),
                    Choice(reroll, f"reroll, invoking {option.aspect} ({option.where}; "
                           f"{price})", 0 if option.free else 1, allowed, why, most=1,
                           excludes=(plus,))]
    prompt = (f"{invoker.called}: {situation}; invoke aspects? ({points} fate point"
              f"{'s' * (points != 1)}; each aspect once)")
    return Decision(decision, prompt, who=invoker.id, choices=tuple(choices), several=True,
                    budget=points)


def read_invocations(decision: str, answer: tuple[str, ...], invoker: Combatant,
                     options: tuple[Invocable, ...]) -> tuple[Invocation, ...]:
    """The invocations ``answer`` names (``RulesError`` for unknown ids, an aspect twice, or
    more fate points than the invoker holds)."""
    picked = [a for a in answer if a != "none"]
    found: list[Invocation] = []
    for item in picked:
        kind, _, number = item.partition("-")
        if kind not in ("plus", "reroll") or not number.isdigit() \
                or not 1 <= int(number) <= len(options):
            raise RulesError(f"answers.{decision}: {item!r} is not one of none, plus-N, "
                             f"reroll-N for N from 1 to {len(options)}")
        option = options[int(number) - 1]
        if any(i.option == option for i in found):
            raise RulesError(f"answers.{decision}: {option.aspect} is invoked once per roll")
        found.append(Invocation(option, kind == "reroll"))
    cost = sum(0 if i.option.free else 1 for i in found)
    if cost > invoker.fate_points:
        raise RulesError(f"answers.{decision}: {cost} fate points asked, {invoker.called} "
                         f"holds {invoker.fate_points}")
    return tuple(found)
