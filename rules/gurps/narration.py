"""The log lines of a GURPS attack: every roll with its dice, modifiers and margin, and every
other event as a short sentence, tokens by name.

A success roll reads ``Broadsword (Swung): 3d6 3+4+4 = 11 vs 15, -2 shock = 13: success by 2``
(the modifiers change the effective skill, not the dice); a damage roll
``Falchion (Swung) damage 1d+3 cut: 4 +3 = 7``.

Examples
--------
>>> from battlemap.rules.events import DieRoll, Modifier, RollMade
>>> roll = RollMade("k", "Broadsword (Swung)", tuple(DieRoll(6, (f,), "3d6") for f in (3, 4, 4)),
...                 (Modifier(-2, "shock"),), 11, 13, "success by 2")
>>> roll_line(roll)
'Broadsword (Swung): 3d6 3+4+4 = 11 vs 15, -2 shock = 13: success by 2'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, replace

from battlemap.rules.events import Event, RollMade, describe

__all__ = ["log_lines", "roll_line"]

TOKEN_FIELDS = ("token", "attacker", "target", "bystander", "actor")


def roll_line(roll: RollMade) -> str:
    """One roll: the dice, and for a success roll the skill, its modifiers and the result."""
    faces = "+".join(str(face) for die in roll.dice for face in die.faces)
    if roll.target is None:
        adds = "".join(f" {m.value:+d}" for m in roll.modifiers)
        least = sum(d.total for d in roll.dice) + sum(m.value for m in roll.modifiers)
        floor = " (the least damage)" if least < roll.total else ""
        return f"{roll.purpose}: {faces}{adds} = {roll.total}{floor}"
    count = len(roll.dice)
    dice = f"{count}d6 {faces}" if count > 1 else f"d6 {faces}"
    if not roll.modifiers:
        return f"{roll.purpose}: {dice} = {roll.total} vs {roll.target}: {roll.result}"
    base = roll.target - sum(m.value for m in roll.modifiers)
    mods = ", ".join(str(m) for m in roll.modifiers)
    return (f"{roll.purpose}: {dice} = {roll.total} vs {base}, {mods} = {roll.target}: "
            f"{roll.result}")


def _named(event: Event, names: Mapping[str, str]) -> Event:
    ids = {f.name: getattr(event, f.name) for f in fields(event) if f.name in TOKEN_FIELDS}
    return replace(event, **{k: names.get(v, v) for k, v in ids.items()})


def log_lines(events: Iterable[Event], names: Mapping[str, str]) -> tuple[str, ...]:
    """Every event as a log line; rolls made by a token start with its name.

    >>> from battlemap.rules.events import Hit, Injured
    >>> log_lines([Hit("o", "k", False), Injured("k", 9, 3, 9, 3, 12)], {"o": "Orc", "k": "Kay"})
    ('Orc hits Kay', 'Kay takes 9 damage, DR 3: 9 injury (HP 3 of 12)')
    """
    lines = []
    for event in events:
        if isinstance(event, RollMade):
            lines.append(f"{names.get(event.actor, event.actor)} {roll_line(event)}")
        else:
            lines.append(describe(_named(event, names)))
    return tuple(lines)
