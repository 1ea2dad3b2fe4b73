"""Stat blocks parsed once while they stay the same, for every game system.

A hover lists the attacker's weapons and previews up to three attacks, and each reads the same
stat blocks again; a system's parser keeps what it made in a :class:`ParsedBlocks` instead. A
block is known by its identity (the block itself is kept, so that its id is not reused) and a
deep copy of it as parsed: a block changed in place (the same object holding other values) is
parsed afresh. Equal values of other types (``1`` and ``True``) count as the same, as ``==``
says; the desktop never changes a stat block in place.

Examples
--------
>>> parsed = ParsedBlocks[int]()
>>> block = {"st": 12}
>>> parsed.get(block, ("w",), lambda: block["st"] + 1)
13
>>> parsed.get(block, ("w",), lambda: 0)  # the same block: not parsed again
13
>>> block["st"] = 14
>>> parsed.get(block, ("w",), lambda: block["st"] + 1)
15
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

__all__ = ["ParsedBlocks"]

T = TypeVar("T")


class ParsedBlocks(Generic[T]):
    """What a parser made of up to ``most`` stat blocks, the oldest forgotten first."""

    def __init__(self, most: int = 512) -> None:
        self.most = most
        self._kept: dict[tuple[object, ...], tuple[Mapping[str, Any], Mapping[str, Any], T]] = {}

    def get(self, data: Mapping[str, Any], key: tuple[str, ...], parse: Callable[[], T]) -> T:
        """What ``parse`` made of ``data`` (read with ``key``: its field path, its token),
        parsed only when this block is new or was changed since."""
        kept_key = (id(data), *key)
        found = self._kept.get(kept_key)
        if found is not None and found[0] is data and found[1] == data:
            return found[2]
        parsed = parse()
        if len(self._kept) >= self.most:
            del self._kept[next(iter(self._kept))]
        self._kept[kept_key] = (data, copy.deepcopy(data), parsed)
        return parsed

    def clear(self) -> None:
        """Forget every block."""
        self._kept.clear()
