"""Dealing Action Cards: a fresh combat, each new round, and how each hand's card is drawn.

*Action Cards* (Savage Pathfinder, Combat): deal each Wild Card and each group of Extras a card
at the start of each round; shuffle after any round in which a Joker was dealt. The draw Edges
(Savage Worlds meanings, the text names them without defining them): Level Headed draws two and
keeps the best, Improved Level Headed three; Hesitant draws two and keeps the lowest unless one
is a Joker; Level Headed and Hesitant cancel out; Quick then discards a Five or lower and draws
again until it has a Six or better. Incapacitated characters are dealt in without their draw
Edges. *Surprise* (Situational Rules): ambushers are dealt in and put on Hold; victims who failed
their Notice roll get no card in round one.

Examples
--------
>>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
>>> quick = Participant("kyra", "Kyra", wild_card=True, edges=frozenset({"Quick"}))
>>> state, events = begin_combat((quick,), PhysicalCards(["3D", "5S", "9C"]))
>>> state.cards["kyra"], state.discard
('9C', ('3D', '5S'))
>>> events[-2].text
'Kyra is dealt 9♣ (Nine of Clubs); drew 3♦, 5♠, 9♣ (Quick).'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from battlemap.rules.savage_pathfinder.cards import (
    FULL_DECK,
    CardError,
    CardSource,
    card_face,
    card_name,
    card_rank,
    countdown_key,
    is_joker,
)
from battlemap.rules.savage_pathfinder.initiative import (
    JOKER_REASON,
    EventKind,
    Hand,
    Initiative,
    InitiativeEvent,
    Participant,
    advance,
    hands_for,
)

__all__ = ["begin_combat", "deal_round"]

QUICK_REDRAW_AT_OR_BELOW = 5


def begin_combat(
    participants: Sequence[Participant], source: CardSource, *, large_groups: bool = False,
    ambushers: Iterable[str] = (), unaware: Iterable[str] = (),
) -> tuple[Initiative, tuple[InitiativeEvent, ...]]:
    """Shuffle a fresh 54-card deck and deal round one (with Surprise, see ``deal_round``).

    Examples
    --------
    >>> from battlemap.rules.dice import RandomDice
    >>> from battlemap.rules.savage_pathfinder.cards import ShuffledCards
    >>> state, events = begin_combat((Participant("a", "Ann", wild_card=True),),
    ...                              ShuffledCards(RandomDice(seed=3)))
    >>> state.round, len(state.deck), events[0].text
    (1, 53, 'A fresh deck of 54 cards is shuffled.')
    """
    fresh = Initiative(large_groups=large_groups, deck=source.shuffled(FULL_DECK))
    shuffled = InitiativeEvent(EventKind.SHUFFLED, text="A fresh deck of 54 cards is shuffled.")
    state, events = deal_round(fresh, participants, source, ambushers=ambushers, unaware=unaware)
    return state, (shuffled, *events)


def deal_round(
    state: Initiative, participants: Sequence[Participant], source: CardSource, *,
    ambushers: Iterable[str] = (), unaware: Iterable[str] = (),
) -> tuple[Initiative, tuple[InitiativeEvent, ...]]:
    """Start the next round: shuffle if a Joker came up last round, then deal every hand.

    Hands on Hold keep it and get no new card. *Surprise*: hands whose members include an
    ambusher (token ids in ``ambushers``) are dealt in and put on Hold; hands whose members all
    failed their Notice roll (``unaware``) get no card.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> ann, bo = Participant("a", "Ann", wild_card=True), Participant("b", "Bo", wild_card=True)
    >>> state, _ = begin_combat((ann, bo), PhysicalCards(["KS", "4H"]), ambushers=["b"])
    >>> state.on_hold, state.acting
    (('b',), ('a',))
    >>> state, events = deal_round(state, (ann, bo), PhysicalCards(["2D"]))
    >>> state.round, dict(state.cards), state.on_hold
    (2, {'a': '2D'}, ('b',))
    >>> [event.text for event in events][:2]
    ['Ann is dealt 2♦ (Two of Diamonds).', 'Bo stays on Hold: no new card.']
    """
    dealer = _Dealer(source, state)
    hands = hands_for(participants, state.large_groups)
    held = tuple(h.key for h in hands if h.key in state.on_hold)
    cards = dealer.deal_hands(hands, participants, held, frozenset(unaware), state.large_groups)
    ambush = tuple(h for h in hands if h.key in cards and not frozenset(ambushers).isdisjoint(
        h.members))
    dealt = replace(
        state, round=state.round + 1, deck=tuple(dealer.deck), discard=tuple(dealer.discard),
        hands=hands, cards=cards, drawn=tuple(dealer.drawn), acting=(), acted=(),
        on_hold=held + tuple(h.key for h in ambush), queued=(),
    )
    on_hold = (InitiativeEvent(EventKind.ON_HOLD, h.key, text=f"{h.label} is on Hold (ambusher).")
               for h in ambush)
    return advance(dealt, (*dealer.events, *on_hold))


def _edges_for(members: Sequence[Participant], large_groups: bool) -> frozenset[str]:
    """The draw Edges of a hand: each once; none from Incapacitated members nor from mounts
    (they are dealt no card); Large Groups mode applies only Level Headed and Quick (the only
    ones its paragraph names)."""
    edges = frozenset().union(*(m.edges for m in members
                                if not m.incapacitated and m.rides is None))
    if large_groups:
        return edges - {"Hesitant"}
    return edges


def _cards_to_draw(edges: frozenset[str]) -> int:
    level_headed = 3 if "Improved Level Headed" in edges else 2 if "Level Headed" in edges else 1
    if "Hesitant" in edges:
        return 1 if level_headed > 1 else 2
    return level_headed


class _Dealer:
    """Draws cards for one deal, keeping track of the deck, the discards and what was drawn."""

    def __init__(self, source: CardSource, state: Initiative) -> None:
        self.source = source
        self.events: list[InitiativeEvent] = []
        self.deck, self.discard = list(state.deck), [*state.discard, *state.cards.values()]
        self.drawn: list[str] = []
        if state.joker_dealt:
            self.deck, self.discard = list(source.shuffled(FULL_DECK)), []
            self.events.append(InitiativeEvent(
                EventKind.SHUFFLED, text="A Joker was dealt last round: the deck is shuffled."))

    def deal_hands(
        self, hands: Sequence[Hand], participants: Sequence[Participant], held: Sequence[str],
        unaware: frozenset[str], large_groups: bool,
    ) -> dict[str, str]:
        """Each hand's card; none for hands on Hold or all of whose members are surprised."""
        by_id = {p.id: p for p in participants}
        cards: dict[str, str] = {}
        for hand in hands:
            if hand.key in held:
                self._note(EventKind.STAYS_ON_HOLD, hand,
                           f"{hand.label} stays on Hold: no new card.")
            elif unaware.issuperset(hand.members):
                self._note(EventKind.NO_CARD, hand, f"{hand.label} is surprised: no Action Card.")
            else:
                members = [by_id[m] for m in hand.members]
                cards[hand.key] = self.deal(hand, _edges_for(members, large_groups))
        return cards

    def _note(self, kind: EventKind, hand: Hand, text: str) -> None:
        self.events.append(InitiativeEvent(kind, hand.key, text=text))

    def deal(self, hand: Hand, edges: frozenset[str]) -> str:
        drawn = [self.draw(hand.label) for _ in range(_cards_to_draw(edges))]
        hesitant = "Hesitant" in edges and len(drawn) == 2
        kept = min(drawn, key=_hesitant_key) if hesitant else min(drawn, key=countdown_key)
        while "Quick" in edges and card_rank(kept) <= QUICK_REDRAW_AT_OR_BELOW:
            kept = self.draw(hand.label)
            drawn.append(kept)
        self.discard.extend(card for card in drawn if card != kept)
        self.events.append(InitiativeEvent(
            EventKind.DEALT, hand.key, tuple(drawn), _dealt_text(hand, drawn, kept, edges)))
        return kept

    def draw(self, purpose: str) -> str:
        if not self.deck:
            self.deck, self.discard = list(self.source.shuffled(self.discard)), []
            self.events.append(InitiativeEvent(
                EventKind.SHUFFLED, text="The deck ran out: the discards are shuffled."))
        card = self.source.draw(tuple(self.deck), purpose)
        if card not in self.deck:
            when = "this round" if card in self.drawn else "since the last shuffle"
            raise CardError(f"{card} ({card_name(card)}), dealt to {purpose}, was already dealt"
                            f" {when}")
        self.deck.remove(card)
        self.drawn.append(card)
        return card


def _hesitant_key(card: str) -> int:
    """Hesitant keeps the lowest card, but a Joker may be kept: Jokers sort lowest here."""
    return -len(FULL_DECK) if is_joker(card) else -countdown_key(card)


def _dealt_text(hand: Hand, drawn: list[str], kept: str, edges: frozenset[str]) -> str:
    text = f"{hand.label} is dealt {card_face(kept)} ({card_name(kept)})"
    if len(drawn) > 1:
        faces = ", ".join(card_face(card) for card in drawn)
        text += f"; drew {faces} ({', '.join(sorted(edges))})"
    if is_joker(kept):
        text += f". {JOKER_REASON}; acts whenever it wants"
    return text + "."
