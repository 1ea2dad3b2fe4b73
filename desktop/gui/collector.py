"""Python's garbage collector once the start is done (issue 28, the tails).

``battlemap FILE`` starts with the collector off (its pauses held the map's first frame
back) and turns it on once that frame has painted. What the start made then (the modules,
the window and its items, the encounter, the combat tools: some 70,000 objects for the
demo) lives as long as the program, yet every full collection traversed it again: 50-70 ms
on this machine, and one came in the middle of the 8192 px map's wheel rows. Frozen
(:func:`gc.freeze`), those objects are left out of every later collection; each collection
traverses what was made since (a full one after the start: 0.1 ms). Frozen objects are still
freed by their reference counts; only garbage cycles among them would stay, and the start
leaves none (a full collection there finds nothing unreachable).
"""

from __future__ import annotations

import gc

_FROZEN: list[bool] = [False]
"""Whether the start was frozen already (once a process: a second window's start, as the
tests open many, is not)."""


def freeze_the_start() -> bool:
    """Leave everything the collector tracks now out of its later collections, the first
    time only; whether this call froze it."""
    if _FROZEN[0]:
        return False
    _FROZEN[0] = True
    gc.freeze()
    return True
