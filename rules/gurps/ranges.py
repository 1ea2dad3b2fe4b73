"""The range penalty of the Size and Speed/Range Table.

The penalty for a distance is the one of the first table entry at least as long: up to 2 yards
0, 3 yards -1, 5 -2, 7 -3, 10 -4, 15 -5, 20 -6, 30 -7, 50 -8, 70 -9, 100 -10, and so on
(the table repeats 1.5-2-3-5-7-10 in each power of ten, -6 per tenfold).

Examples
--------
>>> range_penalty(1), range_penalty(2), range_penalty(2.5), range_penalty(10), range_penalty(11)
(0, 0, -1, -4, -5)
>>> range_penalty(100), range_penalty(101), range_penalty(1000)
(-10, -11, -16)
"""

from __future__ import annotations

__all__ = ["range_penalty"]

_STEPS = (2.0, 3.0, 5.0, 7.0, 10.0, 15.0)
_EPSILON = 1e-6


def range_penalty(yards: float) -> int:
    """The Speed/Range penalty (0 or negative) for a distance in yards."""
    penalty = 0
    scale = 1.0
    while True:
        for step in _STEPS:
            if yards <= step * scale + _EPSILON:
                return penalty
            penalty -= 1
        scale *= 10
