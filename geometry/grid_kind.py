"""The kinds of grid, apart from :mod:`battlemap.geometry.grid`'s numpy arithmetic: what reads a
grid's kind alone (a token's facing on the first frame) imports no numpy.

Examples
--------
>>> GridKind("hex") is GridKind.HEX
True
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["GridKind"]


class GridKind(StrEnum):
    SQUARE = "square"
    HEX = "hex"
    GRIDLESS = "gridless"
