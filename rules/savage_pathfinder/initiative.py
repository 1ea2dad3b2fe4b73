"""Initiative with Action Cards: who is dealt a card, how cards are drawn, and the countdown.

Rules (Savage Pathfinder, Combat, *Action Cards*): at the start of each round deal each Wild
Card a card, and each group of Extras one card they share; count down from Ace to Two, ties
by suit (♠ ♥ ♦ ♣); a Joker acts whenever it wants and adds +2 to Trait and damage rolls that
round; shuffle after any round in which a Joker was dealt; in *Large Groups* mode one card per
side, Level Headed and Quick applied once. Incapacitated characters are still dealt in, but
Edges and Hindrances that affect the draw are ignored for them.

The text names Quick, Level Headed and Hesitant without defining them; the Savage Worlds
meanings are used (see ``docs/rules/initiative.md``): Level Headed draws two cards and keeps the
best (Improved Level Headed three); Hesitant draws two and keeps the lowest, but keeps a Joker;
the two cancel out; Quick then discards a card of Five or lower and draws again until it gets
a Six or better.

Dealing (and Surprise) lives in :mod:`battlemap.rules.savage_pathfinder.dealing`; going on Hold,
acting from Hold and interrupting in :mod:`battlemap.rules.savage_pathfinder.hold`; the state's JSON
form (``Encounter.combat``) and ``has_joker`` in
:mod:`battlemap.rules.savage_pathfinder.initiative_json`.

Examples
--------
>>> state = Initiative(round=1, hands=(Hand("val", "Valeros", ("val",)),
...                                    Hand("group:Goblins", "Goblins", ("g1", "g2"))),
...                    cards={"val": "4C", "group:Goblins": "QH"})
>>> countdown(state)
('group:Goblins', 'val')
>>> state, events = advance(state)
>>> state.acting, events[-1].text
(('group:Goblins',), 'Goblins (Q♥) acts.')
>>> state, events = next_turn(state)
>>> state.acting, state.acted, events[-1].text
(('val',), ('group:Goblins',), 'Valeros (4♣) acts.')
>>> next_turn(state)[1][-1].text
'Round 1 is over.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from battlemap.rules.savage_pathfinder.cards import card_face, countdown_key, is_joker

__all__ = [
    "DRAW_EDGES",
    "JOKER_BONUS",
    "JOKER_REASON",
    "EventKind",
    "Hand",
    "Initiative",
    "InitiativeError",
    "InitiativeEvent",
    "Participant",
    "advance",
    "countdown",
    "draw_edges",
    "hands_for",
    "next_turn",
    "participant_from_stats",
    "waiting",
]

JOKER_BONUS = 2
"""Added to every Trait and damage roll of a character holding a Joker this round."""
JOKER_REASON = "Joker: +2 to Trait and damage rolls this round"
DRAW_EDGES = ("Level Headed", "Improved Level Headed", "Quick", "Hesitant")
"""The Edges and Hindrances that change how a character's Action Card is drawn."""


class InitiativeError(ValueError):
    """An initiative step the rules do not allow now (no combat, not this hand's turn, ...)."""


class EventKind(StrEnum):
    SHUFFLED = "shuffled"
    DEALT = "dealt"
    NO_CARD = "no card"
    STAYS_ON_HOLD = "stays on hold"
    TURN = "turn"
    ROUND_OVER = "round over"
    ON_HOLD = "on hold"
    HOLD_LOST = "hold lost"
    ACTS_NOW = "acts now"
    INTERRUPT = "interrupt"


@dataclass(frozen=True, slots=True)
class InitiativeEvent:
    """One thing that happened, for the log: ``hand`` key, the ``cards`` drawn, plain ``text``."""

    kind: EventKind
    hand: str = ""
    cards: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Participant:
    """What initiative needs to know about one character (``id`` is the token id)."""

    id: str
    name: str
    wild_card: bool = False
    group: str | None = None
    side: str = "neutral"
    edges: frozenset[str] = frozenset()
    incapacitated: bool = False
    shaken: bool = False
    stunned: bool = False
    rides: str | None = None
    """The rider's token id when this is his mount: "Mounts aren't dealt Action Cards—they
    act with their riders" (S110), so it joins his hand and its Edges do not draw."""


@dataclass(frozen=True, slots=True)
class Hand:
    """Whoever is dealt one card: a Wild Card, a group of Extras, or (Large Groups) a side.

    ``key`` is the token id, ``"group:<name>"`` or ``"side:<side>"``.
    """

    key: str
    label: str
    members: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Initiative:
    """The initiative state of one combat; ``round`` 0 means no combat is running.

    ``deck`` holds the undealt cards, top first; ``discard`` the cards out of play;
    ``cards`` each hand's card this round; ``drawn`` every card drawn this round (including
    cards Level Headed or Quick threw away); ``acting`` the hands taking their turn now (two
    when an interrupt tied); ``queued`` hands that act when the acting ones finish.
    """

    round: int = 0
    large_groups: bool = False
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    hands: tuple[Hand, ...] = ()
    cards: Mapping[str, str] = field(default_factory=dict)
    drawn: tuple[str, ...] = ()
    acting: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()
    on_hold: tuple[str, ...] = ()
    queued: tuple[str, ...] = ()

    @property
    def joker_dealt(self) -> bool:
        """True when a Joker was drawn this round, so the deck is shuffled before the next."""
        return any(is_joker(card) for card in self.drawn)

    def hand(self, key: str) -> Hand:
        """The hand with this key; :class:`InitiativeError` naming it otherwise."""
        for hand in self.hands:
            if hand.key == key:
                return hand
        known = ", ".join(h.key for h in self.hands) or "none"
        raise InitiativeError(f"no hand {key!r} in this combat (hands: {known})")

    def hand_of(self, token_id: str) -> Hand | None:
        """The hand ``token_id`` acts with, or None if it was not dealt in."""
        return next((hand for hand in self.hands if token_id in hand.members), None)


def participant_from_stats(
    token_id: str, name: str, stats: Mapping[str, Any], *, group: str | None = None,
    side: str = "neutral", rides: str | None = None,
) -> Participant:
    """A :class:`Participant` from a token's Savage Pathfinder stat block (``token.stats``).

    The Hindrance Hesitant is listed among the ``"edges"`` (the stat block has no separate
    list); a missing ``wild_card`` means an Extra.

    Examples
    --------
    >>> stats = {"wild_card": True, "edges": ["quick", "Dodge"], "condition": {"shaken": True}}
    >>> p = participant_from_stats("val", "Valeros", stats, side="hero")
    >>> p.wild_card, sorted(p.edges), p.shaken, p.stunned
    (True, ['Quick'], True, False)
    """
    condition = stats.get("condition")
    condition = condition if isinstance(condition, Mapping) else {}
    return Participant(
        id=token_id, name=name, wild_card=bool(stats.get("wild_card", False)), group=group,
        side=side, edges=draw_edges(stats.get("edges", ())),
        incapacitated=bool(condition.get("incapacitated")),
        shaken=bool(condition.get("shaken")), stunned=bool(condition.get("stunned")),
        rides=rides,
    )


def draw_edges(names: Iterable[str]) -> frozenset[str]:
    """The names among ``names`` that affect the draw, spelled as in :data:`DRAW_EDGES`.

    Examples
    --------
    >>> sorted(draw_edges(["level headed", "Dodge", "Hesitant "]))
    ['Hesitant', 'Level Headed']
    """
    canonical = {edge.lower(): edge for edge in DRAW_EDGES}
    keys = (name.strip().lower() for name in names if isinstance(name, str))
    return frozenset(canonical[key] for key in keys if key in canonical)


def hands_for(participants: Sequence[Participant], large_groups: bool = False) -> tuple[Hand, ...]:
    """Who is dealt a card, in order of first appearance.

    Each Wild Card gets its own card; Extras with the same ``group`` share one; an Extra with no
    group is a group of one; a mount acts with its rider (:attr:`Participant.rides`). With
    ``large_groups`` each side shares one card.

    Examples
    --------
    >>> people = (Participant("a", "Ann", wild_card=True, side="hero"),
    ...           Participant("o1", "Orc", group="Orcs", side="villain"),
    ...           Participant("o2", "Orc", group="Orcs", side="villain"))
    >>> [(h.key, h.members) for h in hands_for(people)]
    [('a', ('a',)), ('group:Orcs', ('o1', 'o2'))]
    >>> [(h.label, h.members) for h in hands_for(people, large_groups=True)]
    [('hero side', ('a',)), ('villain side', ('o1', 'o2'))]
    >>> horse = Participant("h", "Horse", group="Horses", side="hero", rides="a")
    >>> [(h.key, h.members) for h in hands_for((*people, horse))][0]
    ('a', ('a', 'h'))
    """
    members: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    own = {p.id: _hand_key(p, large_groups) for p in participants}
    for p in participants:
        key, label = own.get(p.rides, own[p.id]) if p.rides else own[p.id]
        members.setdefault(key, []).append(p.id)
        labels.setdefault(key, label)
    return tuple(Hand(key, labels[key], tuple(ids)) for key, ids in members.items())


def _hand_key(p: Participant, large_groups: bool) -> tuple[str, str]:
    if large_groups:
        return f"side:{p.side}", f"{p.side} side"
    if p.wild_card or p.group is None:
        return p.id, p.name
    return f"group:{p.group}", p.group


def countdown(state: Initiative) -> tuple[str, ...]:
    """The keys of the hands holding a card this round, in countdown order (Jokers first).

    Examples
    --------
    >>> hands = (Hand("a", "Ann", ("a",)), Hand("b", "Bo", ("b",)), Hand("c", "Cy", ("c",)))
    >>> countdown(Initiative(round=1, hands=hands, cards={"a": "KC", "b": "KS", "c": "BJ"}))
    ('c', 'b', 'a')
    """
    return tuple(sorted(state.cards, key=lambda key: countdown_key(state.cards[key])))


def waiting(state: Initiative) -> tuple[str, ...]:
    """Hands still to act this round in countdown order (not acting, acted, queued or on Hold).

    Examples
    --------
    >>> hands = (Hand("a", "Ann", ("a",)), Hand("b", "Bo", ("b",)), Hand("c", "Cy", ("c",)))
    >>> state = Initiative(round=1, hands=hands, cards={"a": "2C", "b": "9S", "c": "QH"},
    ...                    acting=("c",), on_hold=("b",))
    >>> waiting(state)
    ('a',)
    """
    done = {*state.acting, *state.acted, *state.on_hold, *state.queued}
    return tuple(key for key in countdown(state) if key not in done)


def next_turn(state: Initiative) -> tuple[Initiative, tuple[InitiativeEvent, ...]]:
    """End the acting hands' turn and start the next one (queued hands first, then the countdown).

    When nobody is left the round is over: ``acting`` is empty and the next step is
    ``dealing.deal_round``.

    Examples
    --------
    >>> hands = (Hand("a", "Ann", ("a",)), Hand("b", "Bo", ("b",)))
    >>> state = Initiative(round=3, hands=hands, cards={"a": "2C", "b": "9S"}, acting=("b",),
    ...                    queued=("a",))
    >>> state, events = next_turn(state)
    >>> state.acting, state.acted, state.queued, events[-1].text
    (('a',), ('b',), (), 'Ann (2♣) acts.')
    """
    if state.round == 0:
        raise InitiativeError("combat has not begun: deal the cards first")
    return advance(replace(state, acting=(), acted=state.acted + state.acting), ())


def advance(
    state: Initiative, events: tuple[InitiativeEvent, ...] = ()
) -> tuple[Initiative, tuple[InitiativeEvent, ...]]:
    """Start the next turn (queued hands first, then the countdown) after ``events``.

    Nobody's turn ends here; :func:`next_turn` ends the acting hands' turn first.

    Examples
    --------
    >>> state = Initiative(round=1, hands=(Hand("a", "Ann", ("a",)),), on_hold=("a",))
    >>> advance(state)[1][-1].text
    'Round 1: the countdown is done; on Hold and free to act: Ann.'
    """
    if state.queued:
        nxt, queued = state.queued[0], state.queued[1:]
    elif waiting(state):
        nxt, queued = waiting(state)[0], ()
    else:
        over = InitiativeEvent(EventKind.ROUND_OVER, text=_round_over_text(state))
        return replace(state, acting=()), (*events, over)
    turn = InitiativeEvent(EventKind.TURN, nxt, text=_turn_text(state, nxt))
    return replace(state, acting=(nxt,), queued=queued), (*events, turn)


def _round_over_text(state: Initiative) -> str:
    if not state.on_hold:
        return f"Round {state.round} is over."
    held = ", ".join(state.hand(key).label for key in state.on_hold)
    return f"Round {state.round}: the countdown is done; on Hold and free to act: {held}."


def _turn_text(state: Initiative, key: str) -> str:
    card = state.cards.get(key)
    face = f" ({card_face(card)})" if card else ""
    return f"{state.hand(key).label}{face} acts."

