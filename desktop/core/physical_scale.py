"""Physical scale for the table display: how many screen pixels make one real inch.

The GM measures a known object on the screen (a credit card is 85.6 mm wide, ISO/IEC 7810
ID-1) or types the screen's diagonal; from that, the player view's zoom makes one grid cell
exactly one inch, so 28 mm miniatures fit their squares.

Examples
--------
>>> ppi = pixels_per_inch_from_card(337.0)
>>> round(ppi, 2)
100.0
>>> round(view_zoom(ppi, scene_px_per_cell=64.0), 4)
1.5625
"""

from __future__ import annotations

import math

CARD_WIDTH_MM = 85.6
"""Width of an ID-1 card (credit card, most ID cards)."""
MM_PER_INCH = 25.4


class ScaleError(ValueError):
    """A measurement that cannot give a scale (zero, negative or not a number)."""


def _positive(value: float, what: str) -> float:
    if not math.isfinite(value) or value <= 0:
        raise ScaleError(f"{what} must be a positive number, got {value!r}")
    return value


def pixels_per_inch_from_card(bar_px: float, card_mm: float = CARD_WIDTH_MM) -> float:
    """Screen pixels per inch when a bar ``bar_px`` long matches a card ``card_mm`` wide.

    Examples
    --------
    >>> pixels_per_inch_from_card(0)
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.physical_scale.ScaleError: bar length must be a positive number, got 0
    """
    return _positive(bar_px, "bar length") / _positive(card_mm, "card width") * MM_PER_INCH


def pixels_per_inch_from_diagonal(width_px: int, height_px: int, diagonal_in: float) -> float:
    """Screen pixels per inch of a ``width_px`` x ``height_px`` screen ``diagonal_in`` across.

    Examples
    --------
    >>> round(pixels_per_inch_from_diagonal(3840, 2160, 55.0), 2)
    80.11
    """
    diagonal_px = math.hypot(_positive(width_px, "screen width"), _positive(height_px, "height"))
    return diagonal_px / _positive(diagonal_in, "screen diagonal")


def view_zoom(pixels_per_inch: float, scene_px_per_cell: float, inches_per_cell: float = 1.0) -> (
    float
):
    """The view zoom (screen px per scene px) that draws one cell ``inches_per_cell`` wide."""
    return _positive(pixels_per_inch, "pixels per inch") * inches_per_cell / scene_px_per_cell
