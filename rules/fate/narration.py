"""The log lines of an exchange: each roll with its Fudge dice and modifiers, then each event
in plain words, tokens by name (the ``notes`` of a :class:`~battlemap.rules.interface.Resolution`).

Examples
--------
>>> from battlemap.rules.events import DieRoll, Modifier, RollMade, TakenOut
>>> roll = RollMade("w1", "Toughness (attack)", tuple(DieRoll(3, (f,), "dF") for f in
...                 (1, 1, 0, -1)), (Modifier(2, "Toughness Fair (+2)"),
...                 Modifier(2, "odds 4:1")), 5, 4, "wins")
>>> names = {"w1": "Warrior 1", "t": "Tertius"}
>>> for line in exchange_lines([roll, TakenOut("t")], names):
...     print(line)
Warrior 1, Toughness (attack): + + 0 - (+1), Toughness Fair (+2), +2 odds 4:1 = 5 against 4: wins
Tertius is taken out
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, replace

from battlemap.rules.events import Event, RollMade, describe
from battlemap.rules.fate.fudge import fudge_text

__all__ = ["exchange_lines"]

_TOKEN_FIELDS = ("token", "attacker", "target", "actor")


def exchange_lines(events: Iterable[Event], names: Mapping[str, str]) -> list[str]:
    """One line per event; rolls show their dice as + 0 -."""
    return [_roll_line(e, names) if isinstance(e, RollMade) else describe(_named(e, names))
            for e in events]


def _roll_line(roll: RollMade, names: Mapping[str, str]) -> str:
    dice = sum(die.faces[0] for die in roll.dice)
    base, *rest = roll.modifiers
    parts = [f"{fudge_text(roll.dice)} ({dice:+d})", base.reason, *(str(m) for m in rest)]
    against = f" against {roll.target}" if roll.target is not None else ""
    result = f": {roll.result}" if roll.result else ""
    who = names.get(roll.actor, roll.actor)
    return f"{who}, {roll.purpose}: {', '.join(parts)} = {roll.total}{against}{result}"


def _named(event: Event, names: Mapping[str, str]) -> Event:
    ids = {f.name: getattr(event, f.name) for f in fields(event) if f.name in _TOKEN_FIELDS}
    named: Event = replace(event, **{k: names.get(v, v) for k, v in ids.items()})
    return named
