"""The Storypath combat state kept in ``board.combat``: grapples, dropped items, turn order.

Layout (plain JSON; every key optional)::

    {"settings": {...},                                   # see battlemap.rules.storypath.settings
     "grapples": [{"control": "brute", "other": "ada", "established": 2, "pinned": false,
                   "dragging": true}],                # dragging: written only when true
     "items": [{"id": "item-1", "name": "Pistol", "owner": "ada", "x": 7.5, "y": 3.0,
                "dropped_by": "brute"}],
     "round": 1, "acting": "ada", "acted": ["brute"]}

A grapple records who is in control and how many successes established it (the cost of Break
Free and Gain Control for the one not in control); the desktop draws a link between the two.
A dropped item is a position the desktop marks on the map.

Examples
--------
>>> g = Grapple("brute", "ada", 2)
>>> grapples_from_combat({"grapples": [grapple_to_dict(g)]}) == (g,)
True
>>> grapple_of(({"grapples": [grapple_to_dict(g)]}), "ada").controls("ada")
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.reading import check_keys, read_bool, read_int, read_list, read_str

__all__ = [
    "DroppedItem", "Grapple", "grapple_of", "grapple_to_dict", "grapples_from_combat",
    "item_to_dict", "items_from_combat", "with_grapples", "with_items",
]


@dataclass(frozen=True, slots=True)
class Grapple:
    """Two tokens in a grapple: ``control`` is in control; ``established`` the successes spent
    establishing it (or gaining control); ``pinned``: the other has no Defense against
    anybody else."""

    control: str
    other: str
    established: int
    pinned: bool = False
    dragging: bool = False
    """The one in control won the opposed roll to drag the other (*GRAPPLED*): his next move
    carries both (then it is spent)."""

    def involves(self, token: str) -> bool:
        return token in (self.control, self.other)

    def controls(self, token: str) -> bool:
        return token == self.control

    def partner(self, token: str) -> str:
        return self.other if token == self.control else self.control


@dataclass(frozen=True, slots=True)
class DroppedItem:
    """A weapon or item on the ground (Disarm) at ``x``, ``y`` (cells)."""

    id: str
    name: str
    owner: str
    x: float
    y: float
    dropped_by: str = ""


def grapples_from_combat(combat: Mapping[str, Any]) -> tuple[Grapple, ...]:
    """The grapples in ``combat`` (``RulesError`` naming the field when malformed)."""
    result = []
    for index, item in enumerate(read_list(combat, "grapples", "combat")):
        where = f"combat.grapples[{index}]"
        if not isinstance(item, Mapping):
            raise RulesError(f"{where}: expected an object, got {item!r}")
        check_keys(item, ("control", "other", "established", "pinned", "dragging"), where)
        result.append(Grapple(read_str(item, "control", where), read_str(item, "other", where),
                              read_int(item, "established", where, 1),
                              read_bool(item, "pinned", where),
                              read_bool(item, "dragging", where)))
    return tuple(result)


def grapple_to_dict(grapple: Grapple) -> dict[str, Any]:
    data: dict[str, Any] = {"control": grapple.control, "other": grapple.other,
                            "established": grapple.established, "pinned": grapple.pinned}
    return data | ({"dragging": True} if grapple.dragging else {})


def grapple_of(combat: Mapping[str, Any], token: str) -> Grapple | None:
    """The grapple ``token`` is part of, or None."""
    return next((g for g in grapples_from_combat(combat) if g.involves(token)), None)


def with_grapples(combat: Mapping[str, Any], grapples: tuple[Grapple, ...]) -> dict[str, Any]:
    """``combat`` with its grapples replaced."""
    return {**combat, "grapples": [grapple_to_dict(g) for g in grapples]}


def items_from_combat(combat: Mapping[str, Any]) -> tuple[DroppedItem, ...]:
    """The dropped items in ``combat``."""
    result = []
    for index, item in enumerate(read_list(combat, "items", "combat")):
        where = f"combat.items[{index}]"
        if not isinstance(item, Mapping):
            raise RulesError(f"{where}: expected an object, got {item!r}")
        check_keys(item, ("id", "name", "owner", "x", "y", "dropped_by"), where)
        x, y = _number(item, "x", where), _number(item, "y", where)
        result.append(DroppedItem(read_str(item, "id", where), read_str(item, "name", where),
                                  read_str(item, "owner", where), x, y,
                                  str(item.get("dropped_by", ""))))
    return tuple(result)


def _number(item: Mapping[str, Any], key: str, where: str) -> float:
    value = item.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RulesError(f"{where}.{key}: expected a number, got {value!r}")
    return float(value)


def item_to_dict(item: DroppedItem) -> dict[str, Any]:
    return {"id": item.id, "name": item.name, "owner": item.owner, "x": item.x, "y": item.y,
            "dropped_by": item.dropped_by}


def with_items(combat: Mapping[str, Any], items: tuple[DroppedItem, ...]) -> dict[str, Any]:
    """``combat`` with its dropped items replaced."""
    return {**combat, "items": [item_to_dict(i) for i in items]}
