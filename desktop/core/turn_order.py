"""Who may act now: the Action Cards' turn order and the Defend / running clash.

While combat is running (round 1 or later) a token acts on its own hand's turn
(:func:`desktop.core.turns.acting_tokens`), or when it is on Hold, or when its hand holds a
Joker (it may act when it likes). Free actions and reactions (a free attack, Evasion, ...) are
taken out of turn; the caller says so. The GM may override the order: the action goes ahead
and :func:`override_note` is the line its log entry gets.

Defend (situational rules, paragraph "Defend"): the character may move but not run, so a token
that declared Running this turn cannot Defend, and one that Defends cannot run.

Examples
--------
>>> from desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token("a", "Ann", 0.5, 0.5, stats={}),))
>>> turn_problem(enc, "a") is None  # no combat: anyone acts
True
"""

from __future__ import annotations

from desktop.core.model import Encounter
from desktop.core.timed_states import defending, ran
from desktop.core.turns import acting_tokens, initiative
from rules.savage_pathfinder.initiative_json import has_joker

__all__ = ["defend_problem", "override_note", "running_problem", "turn_problem"]


def _names(encounter: Encounter, token_ids: tuple[str, ...]) -> str:
    names = [t.name for t in encounter.tokens if t.id in token_ids]
    return " and ".join(names) if names else "nobody's (deal the next card)"


def _on_hold(encounter: Encounter, token_id: str) -> bool:
    state = initiative(encounter)
    return any(token_id in state.hand(key).members for key in state.on_hold)


def turn_problem(encounter: Encounter, token_id: str) -> str | None:
    """Why ``token_id`` may not act now (not his turn, not on Hold, no Joker), or None.

    Examples
    --------
    >>> from desktop.core.model import Encounter, Token
    >>> from desktop.core.turns import begin_combat
    >>> from rules.savage_pathfinder.cards import PhysicalCards
    >>> enc = Encounter(tokens=(Token("a", "Ann", 0.5, 0.5, stats={"pace": 6}),
    ...                         Token("b", "Bo", 2.5, 0.5, stats={"pace": 6})))
    >>> enc = begin_combat(enc, PhysicalCards(["KS", "2C"]))[0]
    >>> turn_problem(enc, "a"), turn_problem(enc, "b")
    (None, "it is Ann's turn, not Bo's (the GM may override)")
    """
    if not initiative(encounter).round:
        return None
    acting = acting_tokens(encounter)
    if token_id in acting or _on_hold(encounter, token_id) or has_joker(encounter.combat,
                                                                         token_id):
        return None
    name = encounter.token(token_id).name
    whose = _names(encounter, acting)
    return f"it is {whose}'s turn, not {name}'s (the GM may override)"


def override_note(encounter: Encounter, token_id: str) -> str:
    """The log line of a GM override of the turn order."""
    whose = _names(encounter, acting_tokens(encounter))
    return f"GM override: {encounter.token(token_id).name} acts out of turn ({whose}'s turn)"


def defend_problem(encounter: Encounter, token_id: str) -> str | None:
    """Why ``token_id`` cannot Defend: he declared Running this turn."""
    if not ran(encounter, token_id):
        return None
    return (f"{encounter.token(token_id).name} ran this turn: Defend allows moving but not "
            "running")


def running_problem(encounter: Encounter, token_id: str) -> str | None:
    """Why ``token_id`` cannot declare Running: he Defends (may move but not run).

    Examples
    --------
    >>> from desktop.core.model import Encounter, Token
    >>> from desktop.core.timed_states import Effect, add_effect
    >>> enc = add_effect(Encounter(tokens=(Token("a", "Ann", 0.5, 0.5),)), Effect("a", "defend"))
    >>> running_problem(enc, "a")
    'Ann Defends: he may move but not run until his next turn'
    """
    if not defending(encounter, token_id):
        return None
    return (f"{encounter.token(token_id).name} Defends: he may move but not run until his "
            "next turn")
