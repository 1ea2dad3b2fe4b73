"""The turn order as the table shows it: who acts now, who is still to come, who has acted.

Qt-free: the table view draws :func:`turn_strip` as a row of names along the players' edge of the
screen, in the order the game system gives its turn order (:func:`table_pipeline.turn_order`).
Rows whose every token is hidden from the players are left out, so the strip never tells them
about an ambush the GM has not revealed. A row whose every token is down (Incapacitated, taken
out: :func:`threats.out_of_fight`) is ``down``, never ``acting``: the table never highlights a
fighter who is out of the fight.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Side, Token
>>> from battlemap.desktop.core.table_pipeline import turn_step
>>> from battlemap.rules.dice import ScriptedDice
>>> enc = Encounter(tokens=(Token("v", "Valeros", 1.5, 1.5, side=Side.HERO, stats={"pace": 6}),
...                         Token("k", "Kyra", 2.5, 1.5, side=Side.HERO, stats={"pace": 6}),
...                         Token("g", "Goblin", 8.5, 1.5, side=Side.VILLAIN, hidden=True,
...                               stats={"pace": 6})))
>>> enc = turn_step(enc, "deal", ScriptedDice([]), params={"cards": "9D KS 2C"}).encounter
>>> [(e.name, e.state.value) for e in turn_strip(enc)]
[('Kyra', 'acting'), ('Valeros', 'waiting')]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlemap.desktop.core.model import Encounter, Side
from battlemap.desktop.core.table_pipeline import turn_order
from battlemap.desktop.core.threats import out_of_fight
from battlemap.desktop.core.visibility import visible_to_players
from battlemap.rules.interface import TurnRow


class TurnState(StrEnum):
    ACTING = "acting"
    WAITING = "waiting"
    ON_HOLD = "on_hold"
    ACTED = "acted"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class StripEntry:
    """One row on the strip: its name, the side of its first token and where it stands."""

    name: str
    side: Side
    state: TurnState


def turn_strip(encounter: Encounter) -> tuple[StripEntry, ...]:
    """This round's rows in the system's order; empty outside combat (or when the system
    offers no turn order)."""
    try:
        view = turn_order(encounter)
    except ValueError:  # a RulesError too: the system offers no turn order, or bad state
        return ()
    if view.round == 0:
        return ()
    tokens = {t.id: t for t in encounter.tokens}
    down = out_of_fight(encounter)
    entries = []
    for row in view.rows:
        shown = [tokens[m] for m in (row.members or (row.token,))
                 if m in tokens and visible_to_players(encounter, tokens[m])]
        if shown:
            state = TurnState.DOWN if all(t.id in down for t in shown) else _state_of(row)
            entries.append(StripEntry(row.label, shown[0].side, state))
    return tuple(entries)


def _state_of(row: TurnRow) -> TurnState:
    if row.acting:
        return TurnState.ACTING
    if row.waiting:
        return TurnState.ON_HOLD
    return TurnState.ACTED if row.done else TurnState.WAITING
