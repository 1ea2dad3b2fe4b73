"""The initiative state as JSON (stored under ``"initiative"`` in ``Encounter.combat``).

Shape (every key optional; an empty or missing object means no combat is running)::

    {"round": 2, "large_groups": false,
     "deck": ["7H", "QS", ...],            # undealt cards, top first
     "discard": ["2C", ...],               # cards out of play
     "hands": [{"key": "val", "label": "Valeros", "members": ["val"]},
               {"key": "group:Goblins", "label": "Goblins", "members": ["g1", "g2"]}],
     "cards": {"val": "KS", "group:Goblins": "RJ"},   # each hand's card this round
     "drawn": ["3D", "KS", "RJ"],          # every card drawn this round
     "acting": ["val"], "acted": [], "on_hold": [], "queued": []}

Hand keys are token ids (Wild Cards, ungrouped Extras), ``"group:<group>"`` or, in Large
Groups mode, ``"side:<side>"``.

Examples
--------
>>> from battlemap.rules.savage_pathfinder.initiative import Hand, Initiative
>>> state = Initiative(round=1, hands=(Hand("val", "Valeros", ("val",)),), cards={"val": "RJ"},
...                    drawn=("RJ",), acting=("val",))
>>> initiative_from_json(initiative_to_json(state)) == state
True
>>> has_joker({"initiative": initiative_to_json(state)}, "val")
True
>>> initiative_from_json({"round": 1, "deck": ["AS", "1S"]})
Traceback (most recent call last):
...
battlemap.rules.savage_pathfinder.initiative.InitiativeError: combat.initiative.deck[1]: '1S' is \
not a card (write e.g. AS, 10H, 2C, RJ, BJ)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.rules.parsed_blocks import ParsedBlocks
from battlemap.rules.savage_pathfinder.cards import CardError, is_joker, parse_card
from battlemap.rules.savage_pathfinder.initiative import Hand, Initiative, InitiativeError

__all__ = ["has_joker", "initiative_from_json", "initiative_to_json"]

WHERE = "combat.initiative"
_KEY_LISTS = ("acting", "acted", "on_hold", "queued")
_PARSED: ParsedBlocks[Initiative] = ParsedBlocks(most=8)
"""The initiative states read lately: every token's marks and rolls ask for the Joker, each
of the same combat (a drop's 300 tokens read it 300 times)."""


def has_joker(combat: Mapping[str, Any], token_id: str) -> bool:
    """True when ``token_id`` acts on a Joker this round (``combat`` is ``Encounter.combat``).

    Its Trait and damage rolls then get
    :data:`~battlemap.rules.savage_pathfinder.initiative.JOKER_BONUS` for the reason
    :data:`~battlemap.rules.savage_pathfinder.initiative.JOKER_REASON`.

    Examples
    --------
    >>> has_joker({}, "val")
    False
    """
    data = combat.get("initiative") or {}
    if not data:
        return False  # no combat running
    state = _PARSED.get(data, ("initiative",), lambda: initiative_from_json(data))
    hand = state.hand_of(token_id)
    return hand is not None and is_joker(state.cards.get(hand.key, ""))


def initiative_to_json(state: Initiative) -> dict[str, Any]:
    """The JSON object for ``state`` (plain lists, strings, numbers and booleans).

    Examples
    --------
    >>> initiative_to_json(Initiative(round=4, on_hold=()))["round"]
    4
    """
    return {
        "round": state.round, "large_groups": state.large_groups,
        "deck": list(state.deck), "discard": list(state.discard),
        "hands": [{"key": h.key, "label": h.label, "members": list(h.members)}
                  for h in state.hands],
        "cards": dict(state.cards), "drawn": list(state.drawn),
        **{name: list(getattr(state, name)) for name in _KEY_LISTS},
    }


def initiative_from_json(data: Mapping[str, Any]) -> Initiative:
    """Read the JSON object; :class:`InitiativeError` naming the first bad field.

    Examples
    --------
    >>> initiative_from_json({}).round
    0
    >>> initiative_from_json({"hands": [{"key": "v", "members": "v"}]})
    Traceback (most recent call last):
    ...
    battlemap.rules.savage_pathfinder.initiative.InitiativeError: \
combat.initiative.hands[0].members: expected a list of token ids
    """
    hands = tuple(_hand(item, f"{WHERE}.hands[{i}]") for i, item in enumerate(
        _list(data, "hands")))
    keys = {hand.key for hand in hands}
    cards = _mapping(data, "cards")
    state = Initiative(
        round=_int(data, "round"), large_groups=data.get("large_groups", False) is True,
        deck=_cards(data, "deck"), discard=_cards(data, "discard"), hands=hands,
        cards={_known(key, keys, f"{WHERE}.cards"): _card(card, f"{WHERE}.cards.{key}")
               for key, card in cards.items()},
        drawn=_cards(data, "drawn"), acting=_keys(data, "acting", keys),
        acted=_keys(data, "acted", keys), on_hold=_keys(data, "on_hold", keys),
        queued=_keys(data, "queued", keys),
    )
    return state


def _keys(data: Mapping[str, Any], name: str, keys: set[str]) -> tuple[str, ...]:
    return tuple(_known(key, keys, f"{WHERE}.{name}") for key in _list(data, name))


def _hand(item: object, where: str) -> Hand:
    if not isinstance(item, Mapping):
        raise InitiativeError(f"{where}: expected an object with key, label and members")
    members = item.get("members", [])
    if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
        raise InitiativeError(f"{where}.members: expected a list of token ids")
    return Hand(_text(item.get("key"), f"{where}.key"), str(item.get("label", "")),
                tuple(members))


def _list(data: Mapping[str, Any], name: str) -> list[Any]:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise InitiativeError(f"{WHERE}.{name}: expected a list, got {value!r}")
    return value


def _mapping(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = data.get(name, {})
    if not isinstance(value, Mapping):
        raise InitiativeError(f"{WHERE}.{name}: expected an object, got {value!r}")
    return value


def _int(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InitiativeError(f"{WHERE}.{name}: expected a whole number >= 0, got {value!r}")
    return value


def _cards(data: Mapping[str, Any], name: str) -> tuple[str, ...]:
    return tuple(_card(code, f"{WHERE}.{name}[{i}]") for i, code in enumerate(_list(data, name)))


def _card(code: object, where: str) -> str:
    try:
        return parse_card(_text(code, where))
    except CardError as error:
        raise InitiativeError(f"{where}: {error}") from None


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise InitiativeError(f"{where}: expected a non-empty string, got {value!r}")
    return value


def _known(key: object, keys: set[str], where: str) -> str:
    if key not in keys:
        known = ", ".join(sorted(keys)) or "none"
        raise InitiativeError(f"{where}: {key!r} is not one of the hands ({known})")
    return str(key)
