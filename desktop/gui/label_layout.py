"""Name tags and badge rows placed so they collide with nothing: other tags, token discs and their
facing marks, other badges, the acting halo, or wall lines.

Badges go first: in one row above the disc, else shifted to start at the disc's left or end at
its right edge, else wrapped into two rows there (a FATE aspect row wider than the token);
else a row higher, below the disc, beside it, on its upper diagonals, two rows higher or a row
lower (a staircase, where adjacent tokens' rows are wider than a cell).

Each tag tries, in order, below its token, beside it (right, then left), above its badges, the
four diagonals, then the same places a step farther out, up to two cells. Each takes the first
free place; a token whose near places are all taken (in a crowd) waits until the others have
theirs, then takes its first free place farther out, else the one that covers least - another
token's disc counting ten times a tag, a badge row or a wall line. Everything is measured in
the map's frame, the one the players read in (a turned table view turns the map and its text
together).

What the placed tokens cover - discs, name tags, badge rows - is :func:`covered_by_tokens`: what
other marks on the map (the token HUD, a drag's exposure numbers, the exchange's tags) keep
clear of.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsScene

from battlemap.desktop.core.model import Wall
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import RING, TokenItem, TokenLabelItem

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


STEP = 0.5 * CELL
"""How much farther out (scene pixels) each farther try of a tag or badge row stands."""
FARTHER = 4
"""How many steps farther out a tag may go (two cells: still beside its token)."""
DISC_WEIGHT = 10
"""What covering another token's disc costs, against 1 for a tag, a badge row or a wall line
and 4 for running off the map: a place on a disc is taken only where every place is."""


def candidate_centres(item: TokenItem, size: QRectF, badges: QRectF,
                      farther: bool = True) -> list[QPointF]:
    """Where ``item``'s tag may go (centres relative to the token), best first: the eight
    places next to it (below, right, left, above its ``badges`` (or its disc: none), the lower
    then the upper diagonals), then (``farther``) the same eight a :data:`STEP` farther out,
    and farther, :data:`FARTHER` steps at most."""
    reach = item.reach()
    w, h, gap = size.width(), size.height(), RING * 0.6
    top = max(reach, -badges.top() if not badges.isEmpty() else reach)
    below, side = reach + gap + h / 2, reach + gap + w / 2
    dx, dy = reach * 0.7 + w / 2, reach * 0.7 + h / 2
    near = [QPointF(0, below), QPointF(side, 0), QPointF(-side, 0),
            QPointF(0, -(top + gap + h / 2)), QPointF(dx, dy), QPointF(-dx, dy),
            QPointF(dx, -dy), QPointF(-dx, -dy)]
    return near + [place + _outward(place) * (k * STEP) for k in range(1, FARTHER + 1)
                   for place in near if farther]


def _outward(place: QPointF) -> QPointF:
    """The direction (each part -1, 0 or 1) away from the token of a place next to it."""
    return QPointF(math.copysign(1, place.x()) if abs(place.x()) > 1e-9 else 0.0,
                   math.copysign(1, place.y()) if abs(place.y()) > 1e-9 else 0.0)


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
    a rectangle is in four squares at most (a 50-cell disc was in 625 of the smallest).
    ``round``: each rectangle stands for the disc inside it (a box in its corner meets none)."""

    def __init__(self, round: bool = False) -> None:
        self._levels: dict[float, dict[tuple[int, int], list[QRectF]]] = {}
        self.round = round

    def add(self, box: QRectF) -> None:
        left, top, width, height = box.getRect()
        side = BUCKET
        while side < width or side < height:
            side *= 2
        buckets = self._levels.get(side)
        if buckets is None:
            buckets = self._levels[side] = defaultdict(list)
        # the squares of _squares(box, side), its right and bottom edges left + width, top + height
        x0, x1 = math.floor(left / side), math.floor((left + width) / side)
        y0, y1 = math.floor(top / side), math.floor((top + height) / side)
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                buckets[x, y].append(box)

    def remove(self, box: QRectF) -> None:
        """Take ``box`` (the object added) out again."""
        width, height = box.width(), box.height()
        side = BUCKET
        while side < width or side < height:
            side *= 2
        buckets = self._levels[side]
        for key in _squares(box, side):
            kept = buckets[key]
            kept.pop(next(n for n, r in enumerate(kept) if r is box))

    def count_meeting(self, box: QRectF, ignore: QRectF | None = None) -> int:
        """How many rectangles (or their discs) other than ``ignore`` ``box`` overlaps.

        >>> discs = RectIndex(round=True)
        >>> discs.add(QRectF(0, 0, 20, 20))
        >>> discs.count_meeting(QRectF(18, 18, 5, 5)), discs.count_meeting(QRectF(15, 8, 9, 4))
        (0, 1)
        """
        near = {id(r): r for side, buckets in self._levels.items()
                for key in _squares(box, side) for r in buckets.get(key, ())}
        meets = _meets_disc if self.round else QRectF.intersects
        return sum(r is not ignore and meets(r, box) for r in near.values())

    def meets_any(self, box: QRectF, ignore: QRectF | None = None) -> bool:
        """Whether ``box`` overlaps any rectangle (or its disc) other than ``ignore``:
        ``count_meeting(box, ignore) > 0``, stopping at the first.

        >>> discs = RectIndex(round=True)
        >>> discs.add(QRectF(0, 0, 20, 20))
        >>> discs.meets_any(QRectF(18, 18, 5, 5)), discs.meets_any(QRectF(15, 8, 9, 4))
        (False, True)
        """
        meets = _meets_disc if self.round else QRectF.intersects
        return any(r is not ignore and meets(r, box) for side, buckets in self._levels.items()
                   for key in _squares(box, side) for r in buckets.get(key, ()))


def _meets_disc(square: QRectF, box: QRectF) -> bool:
    return disc_meets_box(square.center(), square.width() / 2, box)


@dataclass(slots=True)
class Taken:
    """What a tag or badge row placed now must keep off: the token discs, the marks placed
    so far (and the map's other labels), the wall lines, and the map's edge."""

    discs: RectIndex
    marks: RectIndex
    walls: WallIndex
    bounds: QRectF | None

    def cost(self, box: QRectF, own: QRectF) -> float:
        """What ``box`` covers (0: nothing), its token's disc ``own`` aside; a disc counts
        :data:`DISC_WEIGHT`."""
        return (DISC_WEIGHT * self.discs.count_meeting(box, ignore=own)
                + self.marks.count_meeting(box) + self.walls.crosses(box) + _off(box, self.bounds))

    def cost_below(self, box: QRectF, own: QRectF, limit: float) -> float:
        """:meth:`cost` where it is below ``limit``; else a figure not below it (the counts
        left are not made once the sum reaches ``limit``)."""
        cost: float = _off(box, self.bounds)
        for part in (lambda: DISC_WEIGHT * self.discs.count_meeting(box, ignore=own),
                     lambda: self.marks.count_meeting(box), lambda: self.walls.crosses(box)):
            if cost >= limit:
                return cost
            cost += part()
        return cost

    def free(self, box: QRectF, own: QRectF) -> bool:
        """Whether ``box`` covers nothing: ``cost(box, own) == 0``, the cheapest look first,
        stopping at the first thing covered."""
        return not (_off(box, self.bounds) or self.discs.meets_any(box, ignore=own)
                    or self.marks.meets_any(box) or self.walls.crosses(box) > 0)


def place_labels(items: Sequence[TokenItem], walls: tuple[Wall, ...],
                 bounds: QRectF | None = None, obstacles: Iterable[QRectF] = (),
                 memo: LabelMemo | None = None) -> None:
    """Move each visible item's badge row, then its name tag, to its first place that covers
    nothing - nor the ``obstacles``, the map's other labels (a grapple's) - and, given the
    map's ``bounds``, does not run off the map. Every item whose near places are all taken
    waits until the others have theirs, then takes its first free place farther out, else the
    one that covers least (a token's disc last of all).

    ``memo``: what the last call with the same memo gave (a scene's); an item whose own
    geometry is the same and near none of what changed since takes the place it had, not
    looked for again (:class:`LabelMemo`): the same places as a call without it."""
    shown = [i for i in items if i.label.name]
    last = None if memo is None else memo._last
    if memo is not None:
        memo._last = None  # until this call is done
    if not shown:
        return
    run = _Run(last, walls, bounds, obstacles)
    run.begin(shown)
    taken = Taken(run.discs, RectIndex(), wall_index_of(walls), bounds)
    for box in run.obstacles:
        taken.marks.add(box)
    ordered = run.ordered
    with_badges = [i for i in ordered if i.badges]
    badges_later = run.settle_near(BADGES, with_badges, taken, _badge_boxes, _put_badges)
    waiting = {id(item) for item in badges_later}  # their badges go elsewhere: not above

    def tag_boxes(item: TokenItem, farther: bool) -> Boxes:
        return _tag_boxes(item, QRectF() if id(item) in waiting else item.badge_box(), farther)

    tags_later = run.settle_near(TAGS, ordered, taken, tag_boxes, _put_tag)
    run.settle_farther(BADGES, badges_later, taken, _badge_boxes, _put_badges)
    run.settle_farther(TAGS, tags_later, taken, tag_boxes, _put_tag)
    run.finish()
    if memo is not None:
        memo._last = run


Place = Any
"""A place of a tag (its centre) or a badge row (its shift and rows) beside its token."""
Boxes = list[tuple[Place, QRectF]]
Put = Callable[[TokenItem, Place], None]
BADGES, TAGS = 0, 2
"""The phases of a placement: the badge rows near their tokens (0), the tags near theirs (2),
then those of each still waiting, farther out (1 and 3)."""


def _put_badges(item: TokenItem, place: Place) -> None:
    item.move_badges(*place)


def _put_tag(item: TokenItem, place: Place) -> None:
    item.label.move_box(place)


class LabelMemo:
    """What :func:`place_labels` gave a scene's items the last time, so that the next call
    (a token dropped, another coming into sight) looks again only where something changed.

    An item is placed by what its own places meet: the discs, the map's other labels, the
    tags and badge rows placed before it, the walls and the map's edge. Kept from the last
    call, for each item and each phase (its badge row near its disc, its tag near it, each
    farther out): its own geometry (place, reach, tag and badge sizes), the box around every
    place it tried and what it took. Everything that can differ from then - the discs and
    places of the items whose geometry changed (before and after), those gone or new, and
    each place taken this time that was not taken the last - is *changed*; an item whose
    geometry is the same, whose badge row is where it was (for its tag) and whose tried
    places meet nothing changed meets the same things as then, and takes the same place. The
    items keep their order (by place), so what was placed before one is the same but for
    what changed. The walls (the same tuple), the map's edge and the other labels must be
    the same, else every item looks again."""

    def __init__(self) -> None:
        self._last: _Run | None = None


@dataclass(slots=True)
class _Kept:
    """One item's phase: ``extra`` (its badge row's place, for a tag), the box round every
    place it tried (grown a pixel) and what it took (none: it waits, farther out)."""

    extra: object
    area: tuple[float, float, float, float]
    taken: tuple[Place, QRectF] | None


def _own_key(item: TokenItem) -> tuple[object, ...]:
    """What an item's places are made of: its centre, its reach, its tag's size and its
    badges' widths and height."""
    centre, tag = item.pos(), item.label.box
    return (centre.x(), centre.y(), item.reach(), tag.width(), tag.height(),
            tuple(item._badge_widths), item._badge_height)


def _exact(place: tuple[Place, QRectF] | None) -> tuple[object, ...] | None:
    """A place taken, compared exactly (QRectF's ``==`` is fuzzy)."""
    if place is None:
        return None
    where, box = place
    point, rows = where if isinstance(where, tuple) else (where, 0)
    return (point.x(), point.y(), rows, box.x(), box.y(), box.width(), box.height())


def _area(boxes: Boxes) -> tuple[float, float, float, float]:
    """The box round ``boxes``: left, top, right, bottom."""
    return (min(b.left() for _, b in boxes), min(b.top() for _, b in boxes),
            max(b.right() for _, b in boxes), max(b.bottom() for _, b in boxes))


class _Changed:
    """Boxes that changed since the last call, filed by square, and whether a box meets one:
    touching counts (a disc or a box that a place overlaps, or whose edge it touches, meets
    its box)."""

    SIDE = 8 * CELL

    def __init__(self) -> None:
        self._squares: dict[tuple[int, int], list[tuple[float, float, float, float]]] = (
            defaultdict(list))

    def add(self, box: QRectF) -> None:
        left, top, width, height = box.getRect()
        edges = (min(left, left + width), min(top, top + height), max(left, left + width),
                 max(top, top + height))
        for key in self._keys(edges):
            self._squares[key].append(edges)

    def meets(self, area: tuple[float, float, float, float]) -> bool:
        left, top, right, bottom = area
        squares = self._squares
        for key in self._keys(area):
            for x0, y0, x1, y1 in squares.get(key, ()):
                if x0 <= right and left <= x1 and y0 <= bottom and top <= y1:
                    return True
        return False

    def _keys(self, edges: tuple[float, float, float, float]) -> Iterable[tuple[int, int]]:
        side = self.SIDE
        x0, x1 = math.floor(edges[0] / side), math.floor(edges[2] / side)
        y0, y1 = math.floor(edges[1] / side), math.floor(edges[3] / side)
        return ((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


class _Run:
    """One call of :func:`place_labels`: what it took, and what changed since ``last``."""

    def __init__(self, last: _Run | None, walls: tuple[Wall, ...], bounds: QRectF | None,
                 obstacles: Iterable[QRectF]) -> None:
        self.walls = walls
        self.bounds = None if bounds is None else bounds.getRect()
        self.obstacles = list(obstacles)
        self.obstacle_key = [b.getRect() for b in self.obstacles]
        if last is not None and (last.walls is not walls or last.bounds != self.bounds
                                 or last.obstacle_key != self.obstacle_key):
            last = None  # every item looks again
        self.last = last
        self.items: dict[int, tuple[TokenItem, tuple[object, ...], QRectF]] = {}
        self.kept: list[dict[int, _Kept]] = [{}, {}, {}, {}]
        self.ordered: list[TokenItem] = []
        self.changed: set[int] = set()
        self.dirty = _Changed()
        self.discs = RectIndex(round=True)
        """The shown items' discs (the last call's, those of the items changed since put
        again)."""

    def begin(self, shown: list[TokenItem]) -> None:
        last = self.last
        before = last.items if last is not None else {}
        for item in shown:
            key = _own_key(item)
            kept = before.get(id(item))
            if kept is not None and kept[0] is item and kept[1] == key:
                self.items[id(item)] = kept
            else:
                self.items[id(item)] = (item, key, _token_box(item, item.pos()))
                self.changed.add(id(item))
        keys = self.items
        self.ordered = sorted(shown, key=lambda i: (keys[id(i)][1][1], keys[id(i)][1][0]))
        if last is not None:
            same = [id(i) for i in self.ordered if id(i) not in self.changed]
            if same != [n for n in last.order if n in self.items and n not in self.changed]:
                last = self.last = None  # the others' order changed (a tie): all look again
        if last is None:
            self.changed = set(self.items)
            for _item, _key, disc in self.items.values():
                self.discs.add(disc)
            return
        self.discs, last.discs = last.discs, RectIndex(round=True)
        for n, (_item, _key, disc) in before.items():
            if n in self.changed or n not in self.items:  # moved, resized, gone
                self.discs.remove(disc)
                self.dirty.add(disc)
                for phase in last.kept:
                    kept = phase.get(n)
                    if kept is not None and kept.taken is not None:
                        self.dirty.add(kept.taken[1])
        for n in self.changed:
            disc = self.items[n][2]
            self.discs.add(disc)
            self.dirty.add(disc)

    def finish(self) -> None:
        """Keep only what the next call compares with."""
        self.last, self.changed, self.dirty = None, set(), _Changed()

    @property
    def order(self) -> list[int]:
        return [id(i) for i in self.ordered]

    def _old(self, phase: int, item: TokenItem, extra: object) -> _Kept | None:
        """The last call's ``phase`` of ``item``, if it meets nothing changed since."""
        if self.last is None or id(item) in self.changed:
            return None
        kept = self.last.kept[phase].get(id(item))
        if kept is None or kept.extra != extra or self.dirty.meets(kept.area):
            return None
        return kept

    def _took(self, phase: int, item: TokenItem, kept: _Kept) -> None:
        """``item`` took ``kept.taken`` in ``phase``: changed if the last call took other."""
        self.kept[phase][id(item)] = kept
        if self.last is None:
            return  # every item looks again: nothing to tell them
        last = self.last.kept[phase].get(id(item))
        if last is kept:
            return  # kept as it was
        before = last.taken if last is not None else None
        if _exact(before) != _exact(kept.taken):
            for place in (before, kept.taken):
                if place is not None:
                    self.dirty.add(place[1])
            if phase in (BADGES, TAGS):  # its farther place too
                farther = self.last.kept[phase + 1].get(id(item))
                if farther is not None and farther.taken is not None:
                    self.dirty.add(farther.taken[1])

    def _extra(self, phase: int, item: TokenItem) -> object:
        if phase < TAGS or not item.badges:
            return None
        near = self.kept[BADGES].get(id(item))
        return _exact(near.taken) if near is not None else None

    def settle_near(self, phase: int, items: list[TokenItem], taken: Taken,
                    boxes_of: Callable[[TokenItem, bool], Boxes],
                    put: Put) -> list[TokenItem]:
        """Put each of ``items`` at its first free near place (``boxes_of(item, False)``: each
        place with its box in the scene), taken from then on; the others are returned, to be
        tried at all their places once every item had its near places."""
        later: list[TokenItem] = []
        for item in items:
            extra = self._extra(phase, item)
            kept = self._old(phase, item, extra)
            if kept is None:
                own = self.items[id(item)][2]
                near = boxes_of(item, False)
                free = next(((p, b) for p, b in near if taken.free(b, own)), None)
                kept = _Kept(extra, _area(near), free)
            self._took(phase, item, kept)
            if kept.taken is None:
                later.append(item)
                continue
            taken.marks.add(kept.taken[1])
            put(item, kept.taken[0])
        return later

    def settle_farther(self, phase: int, later: list[TokenItem], taken: Taken,
                       boxes_of: Callable[[TokenItem, bool], Boxes], put: Put) -> None:
        """Put each item of ``later`` at the first free of all its places
        (``boxes_of(item, True)``), else the least covering; taken from then on."""
        for item in later:
            extra = self._extra(phase + 1, item)
            kept = self._old(phase + 1, item, extra)
            if kept is None:
                places = boxes_of(item, True)
                chosen = _least_covering(places, taken, self.items[id(item)][2])
                kept = _Kept(extra, _area(places), chosen)
            self._took(phase + 1, item, kept)
            assert kept.taken is not None
            taken.marks.add(kept.taken[1])
            put(item, kept.taken[0])


def _least_covering(places: Boxes, taken: Taken, own: QRectF) -> tuple[Place, QRectF]:
    best, fewest = places[0], math.inf
    for place, box in places:
        cost = taken.cost_below(box, own, fewest)
        if cost < fewest:
            best, fewest = (place, box), cost
        if cost == 0:
            break
    return best


def _tag_boxes(item: TokenItem, badges: QRectF, farther: bool) -> Boxes:
    centre, size = item.pos(), item.label.box
    places = candidate_centres(item, size, badges, farther)
    return [(offset, QRectF(size).translated(offset + centre - size.center()))
            for offset in places]


def _badge_boxes(item: TokenItem, farther: bool) -> Boxes:
    """The places of ``item``'s badge row with their boxes in the scene: those above the
    disc (the near ones: the first ``3 * min(2, badges)`` of :func:`badge_places`), or all."""
    blocks = {rows: item.badges_above(rows) for rows in range(1, min(3, len(item.badges)) + 1)}
    places = badge_places(item, blocks) if farther else _places_above(item, blocks)
    centre = item.pos()
    return [((shift, rows), blocks[rows].translated(centre + shift)) for shift, rows in places]


def _places_above(item: TokenItem, blocks: dict[int, QRectF]) -> list[tuple[QPointF, int]]:
    """The places above the disc, one row then two: the start of :func:`badge_places`."""
    return [(shift, n) for n in list(blocks)[:2] for shift in _shifts_above(item, blocks[n])]


def badge_places(item: TokenItem, blocks: dict[int, QRectF] | None = None
                 ) -> list[tuple[QPointF, int]]:
    """Where the badges may go, as (shift from their place above the disc, rows), best
    first: in one row above the disc (centred, from the disc's left, to its right), wrapped
    into two rows likewise; then in one row, then two, a row higher, below the disc, beside
    it (right, left), on its upper diagonals, two rows higher, below a row lower, then the
    last six a :data:`STEP` farther out, and farther, :data:`FARTHER` steps at most; then
    three rows above it. ``blocks``: the badges' own place in 1, 2 and 3 rows
    (``item.badges_above(rows)``) when the caller has them."""
    if blocks is None:
        blocks = {n: item.badges_above(n) for n in range(1, min(3, len(item.badges)) + 1)}
    rows = list(blocks)
    above = [(shift, n) for n in rows[:2] for shift in _shifts_above(item, blocks[n])]
    away = [(shift, n) for n in rows[:2] for shift in _shifts_away(item, blocks[n])]
    return above + away + [(shift, n) for n in rows[2:]
                           for shift in _shifts_above(item, blocks[n])]


def _shifts_above(item: TokenItem, block: QRectF) -> list[QPointF]:
    spill = max(0.0, block.width() / 2 - item.reach())  # past the disc's side
    return [QPointF(), QPointF(spill, 0), QPointF(-spill, 0)]


def _shifts_away(item: TokenItem, block: QRectF) -> list[QPointF]:
    reach, gap = item.reach(), RING * 0.6
    w, h = block.width(), block.height()
    below, step = QPointF(0, 2 * reach + h), QPointF(0, 1.1 * h)
    beside = QPointF(reach + gap + w / 2, reach + h / 2)  # centred level with the disc
    diagonal = QPointF(reach * 0.7 + w / 2, 0.3 * reach)
    sides = [beside, QPointF(-beside.x(), beside.y()), diagonal,
             QPointF(-diagonal.x(), diagonal.y())]
    return [-step, below, *sides, -2 * step, below + step] + [
        place + _outward(place + block.center()) * (k * STEP)  # away from the token
        for k in range(1, FARTHER + 1) for place in (below + step, *sides, -2 * step)]


def _off(box: QRectF, bounds: QRectF | None) -> int:
    """How bad running off the map is: worse than covering three things (a tag cut by the
    map's edge cannot be read), or 0 inside ``bounds``."""
    return 4 if bounds is not None and not bounds.contains(box) else 0


def _token_box(item: TokenItem, centre: QPointF) -> QRectF:
    r = item.reach()
    return QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)


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
