"""Tokens that move as one: the game system's links marked ``together`` (a rider on his mount).

:func:`moving_together` is what a drag moves with the tokens picked up; :func:`carrier_of` is
the token whose move the drag's ruler measures (the mount, for its rider).

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token(id="a", name="A", x=0.5, y=0.5),))
>>> sorted(moving_together(enc, {"a"})), carrier_of(enc, "a")
(['a'], 'a')
"""

from __future__ import annotations

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter
from battlemap.rules.registry import find_system

__all__ = ["carrier_of", "moving_together"]


def _pairs(encounter: Encounter) -> list[tuple[str, str]]:
    """(carrier, carried) for each link of the encounter's system marked ``together``."""
    try:
        links = find_system(encounter.system).links(board_of(encounter))
    except ValueError:
        return []
    return [(k.first, k.second) for k in links if k.together]


def moving_together(encounter: Encounter, token_ids: set[str]) -> frozenset[str]:
    """``token_ids`` and every token linked to one of them to move as one, however many links
    away (:attr:`battlemap.rules.interface.Link.together`)."""
    pairs = _pairs(encounter)
    found, grown = set(token_ids), True
    while grown:
        more = {b for a, b in pairs if a in found} | {a for a, b in pairs if b in found}
        grown = not more <= found
        found |= more
    return frozenset(found)


def carrier_of(encounter: Encounter, token_id: str) -> str:
    """The token that carries ``token_id`` (its mount, or the mount's own carrier), or
    ``token_id`` itself when nothing carries it."""
    carriers = {b: a for a, b in _pairs(encounter)}
    seen = {token_id}
    while token_id in carriers and carriers[token_id] not in seen:
        token_id = carriers[token_id]
        seen.add(token_id)
    return token_id
