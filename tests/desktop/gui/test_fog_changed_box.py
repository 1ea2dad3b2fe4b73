"""The fog's changed box, worked out once for both windows (issue 28): kept for the sight it
was asked about, never handed back for another, and not keeping old sights alive."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QRectF

from battlemap.desktop.core.fog import PartySight
from battlemap.desktop.gui.fog_item import ClearRings


def square(x: float, y: float, side: float = 1.0) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + side, y), (x + side, y + side), (x, y + side), (x, y))


def rings(*squares: tuple[tuple[float, float], ...]) -> ClearRings:
    return ClearRings(PartySight(squares, frozenset()), None)


def test_the_changed_box_is_the_one_of_the_sight_asked_about() -> None:
    still = square(0.0, 0.0)
    now = rings(still, square(5.0, 5.0))
    near, far = rings(still, square(2.0, 2.0)), rings(still, square(9.0, 1.0, 2.0))
    first = now.changed_from(near)
    assert first == rings(still, square(5.0, 5.0)).changed_from(near)
    assert now.changed_from(far) == rings(still, square(5.0, 5.0)).changed_from(far)
    assert now.changed_from(far) != first  # a box kept for ``near`` is not ``far``'s
    assert now.changed_from(near) == first


def test_a_caller_changing_the_box_does_not_change_the_kept_one() -> None:
    now, before = rings(square(5.0, 5.0)), rings(square(2.0, 2.0))
    expected = now.changed_from(before).getRect()
    box = now.changed_from(before)  # the kept one
    box.adjust(-100, -100, 100, 100)  # (QRectF.adjust changes the rectangle in place)
    assert now.changed_from(before).getRect() == expected


def test_the_kept_box_does_not_keep_the_sight_before_alive() -> None:
    now, before = rings(square(5.0, 5.0)), rings(square(2.0, 2.0))
    now.changed_from(before)
    gone = weakref.ref(before)
    del before
    gc.collect()
    assert gone() is None


def notched(depth: float) -> tuple[tuple[float, float], ...]:
    """A 10-cell square with a notch ``depth`` cells deep cut into its top side at x = 2..3."""
    return ((0.0, 0.0), (2.0, 0.0), (2.5, depth), (3.0, 0.0), (10.0, 0.0), (10.0, 10.0),
            (0.0, 10.0), (0.0, 0.0))


def test_a_deeper_notch_repaints_around_the_notch_not_the_whole_ring() -> None:
    box = rings(notched(1.0)).changed_from(rings(notched(1.5)))
    cell = 64.0  # the ring's box is 10 cells wide and high; the notch's edges 1 by 1.5
    assert box == QRectF(2 * cell - 2, -2, cell + 4, 1.5 * cell + 4)


def test_a_ring_started_at_another_point_changes_nothing() -> None:
    ring = notched(1.0)
    turned = (*ring[3:-1], *ring[:4])
    assert rings(ring).changed_from(rings(turned)).isNull()


def test_a_ring_found_twice_is_a_change_from_once() -> None:
    ring = square(1.0, 1.0)
    box = rings(ring, ring).changed_from(rings(ring))
    assert box == QRectF(64.0 - 2, 64.0 - 2, 64.0 + 4, 64.0 + 4)  # (antialiased edges add up)
