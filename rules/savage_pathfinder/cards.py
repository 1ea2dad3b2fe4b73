"""Action Cards: the 54-card deck, card codes, their countdown order, and where cards come from.

A card is written as a short code: rank then suit, ``"AS"`` (Ace of Spades), ``"10H"``,
``"2C"``; the two Jokers are ``"RJ"`` (red) and ``"BJ"`` (black). Codes are read
case-insensitively and always written in upper case.

The countdown runs from Ace down to Two; ties are broken by suit, "Spades ♠ are first, then
Hearts ♥, Diamonds ♦, and Clubs ♣" (Savage Pathfinder, Combat, *Ties*). Jokers come before
every other card. :func:`countdown_key` sorts cards into that order.

Cards come from a :class:`CardSource`:

- :class:`ShuffledCards` shuffles with a :class:`battlemap.rules.dice.DiceSource` (a Fisher-Yates
  shuffle whose every swap is one ``dice.roll(n)``), so a seeded RNG and scripted dice both work,
  and deals from the top of the shuffled deck;
- :class:`PhysicalCards` takes the codes of the cards a GM dealt at the table, in order.

Examples
--------
>>> sorted(["2C", "KD", "KS", "BJ"], key=countdown_key)
['BJ', 'KS', 'KD', '2C']
>>> len(FULL_DECK), FULL_DECK[:3], FULL_DECK[-1]
(54, ('RJ', 'BJ', 'AS'), '2C')
>>> card_name("10H"), card_face("10H")
('Ten of Hearts', '10♥')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from battlemap.rules.dice import DiceSource

__all__ = [
    "FULL_DECK",
    "JOKERS",
    "CardError",
    "CardSource",
    "PhysicalCards",
    "ShuffledCards",
    "card_face",
    "card_name",
    "card_rank",
    "countdown_key",
    "is_joker",
    "parse_card",
]

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")
JOKERS = ("RJ", "BJ")
FULL_DECK: tuple[str, ...] = JOKERS + tuple(rank + suit for rank in RANKS for suit in SUITS)
"""Every card, in countdown order: the two Jokers, then Ace of Spades down to Two of Clubs."""

_RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten", "9": "Nine",
               "8": "Eight", "7": "Seven", "6": "Six", "5": "Five", "4": "Four", "3": "Three",
               "2": "Two"}
_SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_POSITION = {card: index for index, card in enumerate(FULL_DECK)}


class CardError(ValueError):
    """A code that is not a card, a card that cannot be dealt now, or a deck that ran out."""


class CardSource(Protocol):
    """Where dealt cards come from."""

    def shuffled(self, cards: Sequence[str]) -> tuple[str, ...]:
        """The cards in the order they will be dealt from the top."""
        ...

    def draw(self, deck: tuple[str, ...], purpose: str = "") -> str:
        """The next card, which must be one of ``deck`` (the cards not dealt yet)."""
        ...


def parse_card(code: str) -> str:
    """The card ``code`` in upper case; :class:`CardError` naming it if it is not a card.

    Examples
    --------
    >>> parse_card(" qh ")
    'QH'
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    battlemap.rules.savage_pathfinder.cards.CardError: '1S' is not a card (write e.g. AS, 10H, 2C, \
RJ, BJ)
    """
    card = code.strip().upper()
    if card not in _POSITION:
        raise CardError(f"{code!r} is not a card (write e.g. AS, 10H, 2C, RJ, BJ)")
    return card


def is_joker(card: str) -> bool:
    """True for the red and the black Joker.

    Examples
    --------
    >>> is_joker("RJ"), is_joker("JS")
    (True, False)
    """
    return card in JOKERS


def card_rank(card: str) -> int:
    """Two to Ace as 2 to 14; a Joker is 15.

    Examples
    --------
    >>> card_rank("5D"), card_rank("AC"), card_rank("BJ")
    (5, 14, 15)
    """
    if is_joker(card):
        return 15
    return 14 - RANKS.index(card[:-1])


def countdown_key(card: str) -> int:
    """Sort key putting cards in countdown order (Jokers, then Ace to Two, suits ♠ ♥ ♦ ♣).

    Examples
    --------
    >>> countdown_key("AS") < countdown_key("AH") < countdown_key("KS")
    True
    """
    return _POSITION[card]


def card_name(card: str) -> str:
    """The card in words: ``"Queen of Hearts"``, ``"Red Joker"``.

    Examples
    --------
    >>> card_name("RJ"), card_name("2C")
    ('Red Joker', 'Two of Clubs')
    """
    if is_joker(card):
        return "Red Joker" if card == "RJ" else "Black Joker"
    return f"{_RANK_NAMES[card[:-1]]} of {_SUIT_NAMES[card[-1]]}"


def card_face(card: str) -> str:
    """Rank and suit symbol as printed on the card: ``"Q♥"``; Jokers read ``"Joker"``.

    Examples
    --------
    >>> card_face("AS"), card_face("BJ")
    ('A♠', 'Joker')
    """
    if is_joker(card):
        return "Joker"
    return card[:-1] + _SUIT_SYMBOLS[card[-1]]


class ShuffledCards:
    """Cards dealt from the top of a deck shuffled with ``dice``.

    The shuffle is Fisher-Yates: for each position ``i`` from the last down to the second,
    ``dice.roll(i + 1)`` picks the position (1-based) to swap with it.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> ShuffledCards(ScriptedDice([1, 1])).shuffled(["AS", "KS", "QS"])
    ('KS', 'QS', 'AS')
    >>> ShuffledCards(ScriptedDice([])).draw(("QS", "AS"))
    'QS'
    """

    def __init__(self, dice: DiceSource) -> None:
        self._dice = dice

    def shuffled(self, cards: Sequence[str]) -> tuple[str, ...]:
        order = list(cards)
        for i in range(len(order) - 1, 0, -1):
            j = self._dice.roll(i + 1, "shuffle: card position") - 1
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    def draw(self, deck: tuple[str, ...], purpose: str = "") -> str:
        if not deck:
            raise CardError(f"the deck is empty; no card for {purpose or 'the deal'}")
        return deck[0]


class PhysicalCards:
    """The cards a GM dealt at the table, typed in and consumed in order.

    Each code is parsed when it is dealt (:func:`parse_card`); whether that card is still in
    the deck is checked by the deal (:mod:`battlemap.rules.savage_pathfinder.initiative`), which
    knows when it was dealt before. Shuffling leaves the order to the table.

    Examples
    --------
    >>> cards = PhysicalCards(["ks", "2c"])
    >>> cards.draw(("AS", "KS", "2C"), "Valeros"), cards.remaining
    ('KS', ('2c',))
    >>> cards.draw(("AS",)), cards.draw(("AS",), "Goblins")
    Traceback (most recent call last):
    ...
    battlemap.rules.savage_pathfinder.cards.CardError: the 2 cards typed in ran out; one more is \
needed for Goblins
    """

    def __init__(self, codes: Iterable[str]) -> None:
        self._codes = list(codes)
        self._next = 0

    @property
    def remaining(self) -> tuple[str, ...]:
        """The codes not dealt yet."""
        return tuple(self._codes[self._next :])

    def shuffled(self, cards: Sequence[str]) -> tuple[str, ...]:
        return tuple(sorted(cards, key=countdown_key))

    def draw(self, deck: tuple[str, ...], purpose: str = "") -> str:
        if self._next >= len(self._codes):
            who = f" for {purpose}" if purpose else ""
            typed = len(self._codes)
            raise CardError(f"the {typed} cards typed in ran out; one more is needed{who}")
        self._next += 1
        return parse_card(self._codes[self._next - 1])
