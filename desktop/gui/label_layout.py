"""Name tags and badge rows placed so they collide with nothing: other tags, token discs and their
facing marks, other badges, the acting halo, or wall lines.

Badges go first: above the disc, else shifted to start at the disc's left or end at its right
edge, else a row higher, below the disc, two rows higher or a row lower (a staircase, where
adjacent tokens' rows are wider than a cell).

Each tag tries, in order, below its token, beside it (right, then left), above its badges, the
two lower diagonals, then farther below; it takes the first free place, else the one that
covers the fewest things. Everything is measured in the map's frame, the one the players read
in (a turned table view turns the map and its text together).

What the placed tokens cover - discs, name tags, badge rows - is :func:`covered_by_tokens`: what
other marks on the map (the token HUD, a drag's exposure numbers, the exchange's tags) keep
clear of.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsScene

from desktop.core.model import Wall
from desktop.gui.style import CELL
from desktop.gui.token_item import RING, TokenItem, TokenLabelItem

BUCKET = 2 * CELL
"""Side of the squares tags and discs are filed under, scene pixels."""


class WallIndex:
    """Wall segments in scene pixels for quick look-up near a tag: filed by the squares they
    pass through, or in a shapely STRtree on a map of more than ``TREE_FROM`` pieces or of
    pieces long enough to fill ``FILED_SQUARES`` squares (500,000
    wall points index in a second; shapely is imported only then, so an ordinary map's first
    frame does without it). Filing a segment by every square of its bounding box took
    gigabytes for one long diagonal."""

    TREE_FROM = 5_000
    FILED_SQUARES = 200_000
    """Most squares the pieces may be filed under in all (long walls go in the tree too)."""

    def __init__(self, walls: Iterable[Wall]) -> None:
        ends = [(ax * CELL, ay * CELL, bx * CELL, by * CELL) for wall in walls
                for (ax, ay), (bx, by) in itertools.pairwise(wall.points)]
        self._buckets: dict[tuple[int, int], list[QLineF]] = defaultdict(list)
        filed = sum(math.hypot(x1 - x0, y1 - y0) / BUCKET + 1 for x0, y0, x1, y1 in ends)
        big = len(ends) > self.TREE_FROM or 4 * filed > self.FILED_SQUARES
        self._tree = _tree(ends) if big else None
        if self._tree is None:
            for end in ends:
                segment = QLineF(*end)
                for key in _squares_along(segment):
                    self._buckets[key].append(segment)

    def crosses(self, box: QRectF) -> int:
        """How many wall segments cross or touch ``box``."""
        if self._tree is not None:
            import shapely

            area = shapely.box(box.left(), box.top(), box.right(), box.bottom())
            return len(self._tree.query(area, predicate="intersects"))
        found = {id(s): s for key in _squares(box) for s in self._buckets.get(key, ())}
        return sum(segment_meets_box(s, box) for s in found.values())


def _tree(ends: list[tuple[float, float, float, float]]) -> Any:
    import numpy as np
    import shapely

    return shapely.STRtree(shapely.linestrings(np.array(ends, dtype=float).reshape(-1, 2, 2)))


def _squares_along(segment: QLineF) -> set[tuple[int, int]]:
    """The squares ``segment`` may pass through: those of the boxes of its pieces no longer
    than a square (two by two squares at most a piece).

    >>> sorted(_squares_along(QLineF(1, 1, 5 * BUCKET - 1, 1)))
    [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    """
    steps = max(1, math.ceil(segment.length() / BUCKET))
    points = [segment.pointAt(i / steps) for i in range(steps + 1)]
    return {key for a, b in itertools.pairwise(points)
            for key in _squares(QRectF(a, b).normalized())}


def _squares(box: QRectF, side: float = BUCKET) -> list[tuple[int, int]]:
    x0, x1 = math.floor(box.left() / side), math.floor(box.right() / side)
    y0, y1 = math.floor(box.top() / side), math.floor(box.bottom() / side)
    return [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]


def segment_meets_box(segment: QLineF, box: QRectF) -> bool:
    """Whether ``segment`` has a point inside or on ``box`` (Liang-Barsky clipping).

    Examples
    --------
    >>> box = QRectF(0, 0, 10, 10)
    >>> segment_meets_box(QLineF(-5, 5, 15, 5), box), segment_meets_box(QLineF(-5, 20, 15, 20), box)
    (True, False)
    """
    x0, y0, dx, dy = segment.x1(), segment.y1(), segment.dx(), segment.dy()
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - box.left()), (dx, box.right() - x0),
                 (-dy, y0 - box.top()), (dy, box.bottom() - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def candidate_centres(item: TokenItem, size: QRectF) -> list[QPointF]:
    """Where ``item``'s tag may go (centres relative to the token), best first."""
    reach = item.reach()
    w, h, gap = size.width(), size.height(), RING * 0.6
    badges = item.badge_box()
    top = max(reach, -badges.top() if not badges.isEmpty() else reach)
    below = reach + gap + h / 2
    side = reach + gap + w / 2
    diagonal = QPointF(reach * 0.7 + w / 2, reach * 0.7 + h / 2)
    return [
        QPointF(0, below), QPointF(side, 0), QPointF(-side, 0), QPointF(0, -(top + gap + h / 2)),
        diagonal, QPointF(-diagonal.x(), diagonal.y()), QPointF(0, below + 1.1 * h),
    ]


_INDEXES: dict[int, tuple[tuple[Wall, ...], WallIndex]] = {}


def wall_index_of(walls: tuple[Wall, ...]) -> WallIndex:
    """The :class:`WallIndex` of ``walls``, built once per walls tuple (a token move keeps the
    encounter's walls: the index is not built again)."""
    cached = _INDEXES.get(id(walls))
    if cached is not None and cached[0] is walls:
        return cached[1]
    index = WallIndex(walls)
    if len(_INDEXES) >= 4:
        del _INDEXES[next(iter(_INDEXES))]
    _INDEXES[id(walls)] = (walls, index)
    return index


class RectIndex:
    """Rectangles (discs, badges, placed tags) filed by square, for quick look-up near a tag:
    each in squares at least as wide as itself (:data:`BUCKET` doubled as often as needed), so
    a rectangle is in four squares at most (a 50-cell disc was in 625 of the smallest)."""

    def __init__(self) -> None:
        self._levels: dict[float, dict[tuple[int, int], list[QRectF]]] = {}

    def add(self, box: QRectF) -> None:
        side = BUCKET
        while side < max(box.width(), box.height()):
            side *= 2
        buckets = self._levels.setdefault(side, defaultdict(list))
        for key in _squares(box, side):
            buckets[key].append(box)

    def count_meeting(self, box: QRectF, ignore: QRectF | None = None) -> int:
        """How many rectangles (other than ``ignore``) ``box`` overlaps."""
        near = {id(r): r for side, buckets in self._levels.items()
                for key in _squares(box, side) for r in buckets.get(key, ())}
        return sum(r is not ignore and box.intersects(r) for r in near.values())


def place_labels(items: Sequence[TokenItem], walls: tuple[Wall, ...],
                 bounds: QRectF | None = None, obstacles: Iterable[QRectF] = ()) -> None:
    """Move each visible item's name tag and badge row to its first place that covers nothing
    - nor the ``obstacles``, the map's other labels (a grapple's) - and, given the map's
    ``bounds``, does not run off the map."""
    shown = [i for i in items if i.label.name]
    if not shown:
        return
    wall_index = wall_index_of(walls)
    centres = {id(i): i.pos() for i in shown}
    discs = {id(i): _token_box(i, centres[id(i)]) for i in shown}
    blocked = RectIndex()
    for item in shown:
        blocked.add(discs[id(item)])
    for box in obstacles:
        blocked.add(box)
    ordered = sorted(shown, key=lambda i: (centres[id(i)].y(), centres[id(i)].x()))
    for item in (i for i in ordered if i.badges):
        centre = centres[id(item)]
        item.move_badges(_badge_shift(item, centre, blocked, discs[id(item)], wall_index,
                                      bounds))
        blocked.add(item.badge_box().translated(centre))
    for item in ordered:
        centre = centres[id(item)]
        best = _best_place(item, centre, blocked, discs[id(item)], wall_index, bounds)
        item.label.move_box(best)
        blocked.add(item.label.box.translated(centre))


def badge_shifts(item: TokenItem) -> list[QPointF]:
    """Where the badge row may go, as shifts from its place above the disc, best first."""
    row, reach = item.badges_above(), item.reach()
    spill = max(0.0, row.width() / 2 - reach)  # how far the row runs past the disc's side
    below, step = QPointF(0, 2 * reach + row.height()), QPointF(0, 1.1 * row.height())
    return [QPointF(), QPointF(spill, 0), QPointF(-spill, 0), -step, below, -2 * step,
            below + step]


def _badge_shift(item: TokenItem, centre: QPointF, blocked: RectIndex, own: QRectF,
                 walls: WallIndex, bounds: QRectF | None) -> QPointF:
    best, fewest = QPointF(), math.inf
    for shift in badge_shifts(item):
        box = item.badges_above().translated(centre + shift)
        hits = blocked.count_meeting(box, ignore=own) + walls.crosses(box) + _off(box, bounds)
        if hits < fewest:
            best, fewest = shift, hits
        if hits == 0:
            break
    return best


def _off(box: QRectF, bounds: QRectF | None) -> int:
    """How bad running off the map is: worse than covering three things (a tag cut by the
    map's edge cannot be read), or 0 inside ``bounds``."""
    return 4 if bounds is not None and not bounds.contains(box) else 0


def _token_box(item: TokenItem, centre: QPointF) -> QRectF:
    r = item.reach()
    return QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)


def _best_place(
    item: TokenItem, centre: QPointF, blocked: RectIndex, own: QRectF, walls: WallIndex,
    bounds: QRectF | None
) -> QPointF:
    size = QRectF(item.label.box)
    best, fewest = QPointF(), math.inf
    for offset in candidate_centres(item, size):
        size.moveCenter(offset + centre)
        hits = blocked.count_meeting(size, ignore=own) + walls.crosses(size) + _off(size, bounds)
        if hits < fewest:
            best, fewest = offset, hits
        if hits == 0:
            break
    return best


@dataclass(frozen=True, slots=True)
class Covered:
    """What must stay readable on the map: discs (centre, radius) and boxes (name tags, badge
    rows), in one frame (the scene's, or a view's after :meth:`mapped`).

    >>> covered = Covered(discs=((QPointF(0, 0), 10.0),), boxes=(QRectF(30, 0, 20, 10),))
    >>> [covered.count_meeting(QRectF(x, 0, 8, 8)) for x in (8, 12, 25, 45)]
    [1, 0, 1, 1]
    """

    discs: tuple[tuple[QPointF, float], ...] = ()
    boxes: tuple[QRectF, ...] = ()

    def count_meeting(self, box: QRectF) -> int:
        """How many of the discs and boxes ``box`` overlaps (touching is not overlapping)."""
        return sum(disc_meets_box(centre, r, box) for centre, r in self.discs) + sum(
            box.intersects(other) for other in self.boxes)

    def near(self, area: QRectF) -> Covered:
        """Only what reaches into ``area`` (a look-up among a few instead of all)."""
        return Covered(tuple((c, r) for c, r in self.discs if disc_meets_box(c, r, area)),
                       tuple(b for b in self.boxes if b.intersects(area)))

    def mapped(self, transform: QTransform) -> Covered:
        """The same in another frame (a view's pixels): ``transform`` keeps circles round
        (no shear), so a disc's radius scales by its zoom."""
        scale = math.sqrt(abs(transform.determinant()))
        return Covered(tuple((transform.map(c), r * scale) for c, r in self.discs),
                       tuple(transform.mapRect(b) for b in self.boxes))

    def plus(self, discs: Iterable[tuple[QPointF, float]] = (),
             boxes: Iterable[QRectF] = ()) -> Covered:
        """These and ``discs`` (a drag's ghosts) and ``boxes`` (the ruler's words) too."""
        return Covered((*self.discs, *discs), (*self.boxes, *boxes))


def disc_meets_box(centre: QPointF, radius: float, box: QRectF) -> bool:
    """Whether the disc of ``radius`` round ``centre`` overlaps ``box``.

    >>> box = QRectF(0, 0, 10, 10)
    >>> disc_meets_box(QPointF(14, 5), 5, box), disc_meets_box(QPointF(14, 14), 5, box)
    (True, False)
    """
    cx, cy = centre.x(), centre.y()
    x = min(max(cx, box.left()), box.right())
    y = min(max(cy, box.top()), box.bottom())
    return (cx - x) ** 2 + (cy - y) ** 2 < radius * radius


def covered_near(scene: QGraphicsScene, area: QRectF) -> Covered:
    """:func:`covered_by_tokens` of the tokens whose disc, badges or name reach into ``area``
    of ``scene`` (found by the scene from its items' bounds, in C++, not by a Python look at
    every token), only their parts there."""
    found = scene.items(area, Qt.ItemSelectionMode.IntersectsItemBoundingRect)
    items = [i for i in found if isinstance(i, TokenItem)]
    labels = [i for i in found if isinstance(i, TokenLabelItem) and i.name and i.isVisible()]
    tokens = covered_by_tokens(items, names=False)
    return Covered(tokens.discs, (*tokens.boxes, *(i.box.translated(i.pos()) for i in labels))
                   ).near(area)


def covered_by_tokens(items: Iterable[TokenItem], names: bool = True) -> Covered:
    """What the shown ``items`` cover where their layout put them (scene pixels): each disc
    as far as its ring, facing mark and acting halo reach, its badge row and (``names``) its
    name tag."""
    shown = [i for i in items if i.isVisible()]
    discs = tuple((i.pos(), i.reach()) for i in shown)
    boxes = [i.badge_box().translated(i.pos()) for i in shown if i.badges]
    boxes += [i.label.box.translated(i.pos()) for i in shown if names and i.label.name]
    return Covered(discs, tuple(boxes))
