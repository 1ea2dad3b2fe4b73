"""The exact 2.5D silhouette engine behind :mod:`battlemap.geometry.cover` (see docs/geometry.md).

The target's silhouette is the vertical rectangle through its centre, across the sight line,
``2 r`` wide and ``height`` tall. Put a wall in the target's frame (x along the sight line from
the eye, y across it), keep the part with ``0 < x < d`` (between eye and silhouette), and
project it onto the silhouette: a point at ``(x, y)`` lands at ``s = y d / x``. Along a
straight wall ``d / x`` (one over the fraction ``t`` of the way) is affine in ``s``, so the
height hidden by a wall of top ``H`` -- every ``z < E.z + (H - E.z) / t`` -- is a clamped affine
function of ``s``. Full-height walls hide whole intervals, merged with a sort and a running
maximum; low walls are integrated exactly between breakpoints (interval ends, clamp kinks and
pairwise crossings), where the upper envelope is linear. No sampling anywhere.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body, Occluder
>>> field = Battlefield.build(
...     bodies=[Body("a", 0, 0), Body("t", 10, 0)], occluders=[Occluder("w", 5, -1, 5, 0)]
... )
>>> hidden_fractions(field, (0.0, 0.0, 0.9), np.array([1])).tolist()
[0.5]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import combinations, pairwise
from typing import TypeVar

import numpy as np
import numpy.typing as npt
import shapely

from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body
from battlemap.geometry.vectors import crossings_among, union_length
from battlemap.geometry.wedges import NEAR, THIN, walled_off, walled_off_one, wedge_pairs

__all__ = [
    "THIN",
    "Eye",
    "hidden_fractions",
    "least_hidden_fractions",
    "least_hidden_of_one",
    "walls_near_sight",
]

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IndexArray = npt.NDArray[np.intp]
Eye = tuple[float, float, float]
T = TypeVar("T")

FEW_LOW_WALLS = 12
"""Up to this many low walls on one silhouette, their envelope is integrated in plain floats."""
FEW_TARGETS = 4
FEW_WALLS = 24
"""Up to this many walls near one eye's sight line, they are projected in plain floats."""
"""Up to this many targets, candidate walls come from bounding boxes, not the angular join."""


def hidden_fractions(
    field: Battlefield, eye: Eye, targets: IndexArray, blockers: IndexArray | None = None
) -> FloatArray:
    """The hidden share of each target's silhouette as seen from ``eye``, in [0, 1].

    A target whose centre is level with the eye on the map (distance 0) is hidden by nothing.
    ``blockers`` are bodies that hide what is behind them as well (never the target itself):
    each standing on the ground (base <= 0) is a card across the sight line, as wide as it and
    as tall as its top, like a low wall; raised or flying ones, and one the eye stands in, are
    left out (the model hides only what lies below a sight line's crossing).

    Examples
    --------
    >>> from battlemap.geometry.index import Battlefield
    >>> from battlemap.geometry.shapes import Body, Point
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 0, 0)])
    >>> hidden_fractions(field, (0.0, 0.0, 0.9), np.array([1])).tolist()
    [0.0]
    """
    return least_hidden_fractions(field, [eye], targets, blockers)


def least_hidden_fractions(
    field: Battlefield,
    eyes: Sequence[Eye],
    targets: IndexArray,
    blockers: IndexArray | None = None,
) -> FloatArray:
    """For each target, the least of its :func:`hidden_fractions` over ``eyes`` (the first is
    the centre the others lean from), all eyes measured in one pass.

    Examples
    --------
    >>> from battlemap.geometry.index import Battlefield
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> field = Battlefield.build(
    ...     bodies=[Body("a", 0, 0), Body("t", 10, 0)], occluders=[Occluder("w", 5, -1, 5, 0)]
    ... )
    >>> eyes = [(0.0, 0.0, 0.9), (0.0, 0.4, 0.9)]
    >>> least_hidden_fractions(field, eyes, np.array([1])).round(4).tolist()
    [0.101]
    """
    with np.errstate(all="ignore"):  # extreme walls make inf/nan shares; they hide nothing
        if len(targets) == 1 and (blockers is None or not len(blockers)):
            return np.array([least_hidden_of_one(field, eyes, int(targets[0]))])
        centre = (eyes[0][0], eyes[0][1])
        lean = max(math.dist(eye[:2], centre) for eye in eyes)
        if len(targets) <= FEW_TARGETS:
            pairs = _box_pairs(field, eyes, targets)
            return _least_hidden_among(field, eyes, targets, pairs, blockers)
        k, w = wedge_pairs(field, centre, targets, lean)
        least = np.ones(len(targets))
        hidden = walled_off(field, centre, lean, targets, (k, w))
        seen = np.flatnonzero(~hidden)
        if len(seen):
            number = np.zeros(len(targets), dtype=np.intp)
            number[seen] = np.arange(len(seen))
            near = np.flatnonzero(~hidden[k])
            pairs = (number[k[near]], w[near])
            least[seen] = _least_hidden_among(field, eyes, targets[seen], pairs, blockers)
        return least


def _least_hidden_among(
    field: Battlefield,
    eyes: Sequence[Eye],
    targets: IndexArray,
    pairs: tuple[IndexArray, IndexArray],
    blockers: IndexArray | None,
) -> FloatArray:
    """:func:`least_hidden_fractions` given the candidate (target position, wall) pairs."""
    rows = _EyeTargetRows(field, eyes, targets)
    owner, pieces = rows.wall_pairs(pairs)
    if blockers is not None and len(blockers):
        more_owner, more_pieces = rows.creature_pairs(blockers)
        owner = np.concatenate([owner, more_owner])
        pieces = [np.concatenate([a, b]) for a, b in zip(pieces, more_pieces, strict=True)]
    return _least_hidden_by(rows.project(owner, *pieces), len(targets), len(eyes))


def _box_pairs(
    field: Battlefield, eyes: Sequence[Eye], targets: IndexArray
) -> tuple[IndexArray, IndexArray]:
    """(target position, sight-blocking wall) pairs whose bounding boxes meet the box around
    every eye and the target's footprint."""
    where = np.array(eyes, dtype=np.float64).reshape(-1, 3)
    cx, cy = field.body_x[targets], field.body_y[targets]
    r = np.maximum(field.body_radius[targets], THIN)
    low_x, low_y = np.minimum(cx - r, where[:, 0].min()), np.minimum(cy - r, where[:, 1].min())
    high_x, high_y = np.maximum(cx + r, where[:, 0].max()), np.maximum(cy + r, where[:, 1].max())
    k, w = field.wall_tree.query(shapely.box(low_x, low_y, high_x, high_y))
    keep = field.wall_blocks_sight[w]
    return k[keep], w[keep]


def _least_hidden_by(
    projected: tuple[IndexArray, FloatArray, FloatArray, FloatArray, FloatArray],
    targets: int,
    eyes: int,
) -> FloatArray:
    """The least hidden share of each target over the eyes, from the projected pieces of the
    rows ``e * targets + t``: full-height pieces merged, low ones integrated beside them.

    What full-height pieces hide is a floor under a row's share, so a row with low walls is
    integrated only while its floor lies below the least share found for its target yet (the
    rows taken lowest floor first): a leaning eye that sees the target clearly spares the
    other eight their low walls.
    """
    row, lo, hi, f_lo, f_hi = projected
    full = (f_lo >= 1.0) & (f_hi >= 1.0)
    partial = ~full & np.isfinite(f_lo + f_hi) & ((f_lo > 0.0) | (f_hi > 0.0))
    covered = _merged_lengths(row[full], lo[full], hi[full], targets * eyes)
    floor = np.fmin(np.fmax(covered / 2.0, 0.0), 1.0)  # NaN -> 0
    has_low = np.zeros(targets * eyes, dtype=bool)
    has_low[row[partial]] = True
    least: FloatArray = np.where(has_low, 1.0, floor).reshape(eyes, targets).min(axis=0)
    if not partial.any():
        return least
    mixed = has_low[row] & (full | partial)
    order = np.flatnonzero(mixed)[np.argsort(row[mixed], kind="stable")]
    groups = np.split(order, np.flatnonzero(np.diff(row[order])) + 1)
    for group in sorted(groups, key=lambda g: floor[row[g[0]]]):
        r = int(row[group[0]])
        if floor[r] >= least[r % targets]:
            continue
        in_full, mine = group[full[group]], group[partial[group]]
        low = _envelope_integral(
            (lo[in_full], hi[in_full]), (lo[mine], hi[mine], f_lo[mine], f_hi[mine])
        )
        share = np.fmin(np.fmax((covered[r] + low) / 2.0, 0.0), 1.0)  # NaN -> 0
        least[r % targets] = min(least[r % targets], share)
    return least


def walls_near_sight(field: Battlefield, eyes: Sequence[Eye], target: int) -> IndexArray:
    """Every occluder that may hide part of body ``target`` from one of ``eyes``, and so every
    one that the line from the first eye to the target's centre crosses: those whose bounding
    box meets that line widened by ``max(r, lean)`` (every sight wedge lies within it).

    Examples
    --------
    >>> from battlemap.geometry.index import Battlefield
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> walls = [Occluder("w", 5, -1, 5, 1), Occluder("far", 5, 3, 5, 4)]
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 10, 0)], occluders=walls)
    >>> walls_near_sight(field, [(0.0, 0.0, 0.9)], 1).tolist()
    [0]
    """
    body = field.bodies[target]
    centre = (eyes[0][0], eyes[0][1])
    lean = max(math.dist(eye[:2], centre) for eye in eyes)
    reach = max(body.radius, THIN, lean) * (1.0 + 1e-9) + 1e-9
    return field.occluders_along(centre, (body.x, body.y), reach)


def least_hidden_of_one(
    field: Battlefield,
    eyes: Sequence[Eye],
    target: int,
    near: IndexArray | None = None,
    crossed: IndexArray | None = None,
) -> float:
    """:func:`least_hidden_fractions` of the one body ``target``, without blockers: a survey's
    question, answered in a few numpy calls and plain floats (numpy's per-call cost outweighs
    the few walls of one sight line).

    ``near`` are the walls of :func:`walls_near_sight` (asked of the field when None);
    ``crossed`` the walls that the line from the first eye to the target's centre crosses
    (worked out from ``near`` when None). When a full-height one of them hides the
    target whole from every eye (:func:`battlemap.geometry.wedges.walled_off_one`, most far targets
    on a dungeon map) the answer is 1 without projecting anything. Else one eye's few walls (up to
    :data:`FEW_WALLS`) are projected one by one in plain floats; more walls, or several eyes,
    on an (eye, wall) grid in numpy, full-height pieces merged per eye and low ones integrated
    in plain floats, only for an eye whose full-height walls leave it below the least share
    found yet.

    Examples
    --------
    >>> from battlemap.geometry.index import Battlefield
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> field = Battlefield.build(
    ...     bodies=[Body("a", 0, 0), Body("t", 10, 0)], occluders=[Occluder("w", 5, -1, 5, 0)]
    ... )
    >>> least_hidden_of_one(field, [(0.0, 0.0, 0.9)], 1)
    0.5
    """
    body = field.bodies[target]
    frames = _eye_frames(eyes, body)
    if frames is None:
        return 0.0  # an eye level with the target's centre: nothing lies in between
    centre, aim = (eyes[0][0], eyes[0][1]), (body.x, body.y)
    lean = max(math.dist(eye[:2], centre) for eye in eyes)
    if near is None:
        near = walls_near_sight(field, eyes, target)
    if crossed is None:
        crossed, _ = crossings_among(field, near, centre, aim)
    if walled_off_one(field, centre, lean, target, crossed):
        return 1.0
    if not len(near):
        return 0.0
    if len(frames) == 1 and len(near) <= FEW_WALLS and NEAR * frames[0][5] * THIN > 0.0:
        return _least_of_few_walls(field, frames[0], body, near)  # (no float divides by 0)
    grid = frames[0] if len(frames) == 1 else list(np.array(frames).T[:, :, None])
    with np.errstate(all="ignore"):  # extreme walls make inf/nan shares; they hide nothing
        return _least_projected(field, grid, body, near)


Frame = tuple[float, float, float, float, float, float]
"""An eye's ``ex, ey, ez, ux, uy, d``: the eye, the unit direction and distance to the target."""
Frames = Frame | list[FloatArray]
"""One eye's :data:`Frame` as plain floats, or several eyes' as columns of (eyes, 1) arrays."""


def _eye_frames(eyes: Sequence[Eye], body: Body) -> list[Frame] | None:
    """The :data:`Frame` of each eye looking at ``body``; None when one stands on its centre."""
    frames = []
    for ex, ey, ez in eyes:
        dx, dy = body.x - ex, body.y - ey
        d = math.sqrt(dx * dx + dy * dy)  # as numpy's sqrt in _EyeTargetRows: the same floats
        if d == 0.0:
            return None
        frames.append((ex, ey, ez, dx / d, dy / d, d))
    return frames


def _least_projected(field: Battlefield, frames: Frames, body: Body, near: IndexArray) -> float:
    """The least hidden share over the eyes of ``frames``: :meth:`_EyeTargetRows.project` on an
    (eye, wall) grid of the walls ``near``, full-height pieces merged per eye, low ones
    integrated in plain floats for the eyes that could still lower the least share."""
    r, height = max(body.radius, THIN), max(body.height, THIN)
    x1, y1, _, _, x2, y2, top = field.wall_table[:7, near]
    ex, ey, ez, ux, uy, d = frames
    ax, ay, bx, by = x1 - ex, y1 - ey, x2 - ex, y2 - ey
    xa, ya = ax * ux + ay * uy, ay * ux - ax * uy
    xb, yb = bx * ux + by * uy, by * ux - bx * uy
    start, end = _depth_window(xa, xb, d)
    near_depth = NEAR * d  # the clipped depths are >= this; rounding must not flip their sign
    x1, y1 = np.maximum(xa + start * (xb - xa), near_depth), ya + start * (yb - ya)
    x2, y2 = np.maximum(xa + end * (xb - xa), near_depth), ya + end * (yb - ya)
    s1, s2 = y1 * d / (x1 * r), y2 * d / (x2 * r)
    lift = (top - ez) * d  # inf for a full-height wall, NaN for one that does not block sight
    g1, g2 = (ez + lift / x1 - body.base_z) / height, (ez + lift / x2 - body.base_z) / height
    lo, hi = np.maximum(np.minimum(s1, s2), -1.0), np.minimum(np.maximum(s1, s2), 1.0)
    useful = (end > start) & (hi > lo)
    full = useful & (g1 >= 1.0) & (g2 >= 1.0)
    low = useful & ~full & np.isfinite(g1 + g2)
    if np.ndim(full) == 1:  # one eye
        covered = _union_length(lo[full], hi[full])
        if covered >= 2.0 or not low.any():
            return _share(covered)
        return _share_with_low_walls((lo[full], hi[full]), (s1, s2, g1, g2, lo, hi), low)
    eye, _ = np.nonzero(full)
    floors = _merged_lengths(eye, lo[full], hi[full], len(full)).tolist()
    has_low = low.any(axis=1).tolist()
    least = min([_share(f) for f, some in zip(floors, has_low, strict=True) if not some] or [1.0])
    order = sorted(zip(floors, range(len(floors)), strict=True))
    todo = [e for floor, e in order if has_low[e] and _share(floor) < least]
    if not todo:
        return least
    intervals = _by_eye(eye, zip(lo[full].tolist(), hi[full].tolist(), strict=True), len(full))
    low_eye, _ = np.nonzero(low)
    pieces = _by_eye(low_eye, np.stack([s1, s2, g1, g2, lo, hi])[:, low].T.tolist(), len(full))
    bounded = []
    for e in todo:
        tall, partial = _interpolated(intervals[e], pieces[e])
        covered = union_length(tall)
        # beside the full-height intervals the envelope hides at least any one low piece's
        # least height over the part of its interval they do not cover (its length less theirs)
        gain = max((min(max(min(g_lo, g_hi), 0.0), 1.0) * max(hi - lo - covered, 0.0)
                    for lo, hi, g_lo, g_hi in partial), default=0.0)
        bounded.append((_share(covered + gain), e, tall, partial, covered))
    for bound, _, tall, partial, covered in sorted(bounded, key=lambda b: b[:2]):
        if bound < least:  # lowest bound first: the rest may then lie above the least share
            hidden = covered + _envelope_of_lists(tall, partial) if partial else covered
            least = min(least, _share(hidden))
    return least


def _by_eye(eye: IndexArray, rows: Iterable[T], eyes: int) -> list[list[T]]:
    """The ``rows`` grouped by their ``eye`` number (one list per eye, in order)."""
    grouped: list[list[T]] = [[] for _ in range(eyes)]
    for e, row in zip(eye.tolist(), rows, strict=True):
        grouped[e].append(row)
    return grouped


def _share_with_low_walls(
    full: tuple[FloatArray, FloatArray], pieces: tuple[FloatArray, ...], low: BoolArray
) -> float:
    """One eye's hidden share: the union of its ``full`` intervals and, beside them, the
    envelope of its ``low`` pieces -- rows ``s1, s2, g1, g2, lo, hi`` of ``pieces``."""
    intervals = list(zip(full[0].tolist(), full[1].tolist(), strict=True))
    return _share_of_pieces(intervals, np.stack(pieces)[:, low].T.tolist())


def _share_of_pieces(intervals: list[tuple[float, float]], low: list[list[float]]) -> float:
    """The hidden share of the union of the full-height ``intervals`` and, beside them, the
    envelope of the ``low`` pieces (see :func:`_interpolated`), in plain floats."""
    tall, partial = _interpolated(intervals, low)
    covered = union_length(tall)
    return _share(covered + _envelope_of_lists(tall, partial) if partial else covered)


def _interpolated(
    intervals: list[tuple[float, float]], low: list[list[float]]
) -> tuple[list[tuple[float, float]], list[tuple[float, float, float, float]]]:
    """The full-height ``intervals`` and the ``low`` pieces ``s1, s2, g1, g2, lo, hi``
    (projected ends, hidden share there, clipped interval), each low piece interpolated to its
    clipped interval as :func:`_clip_to_silhouette` does: those hiding the whole height there
    join the intervals, those hiding something stay low pieces ``lo, hi, g_lo, g_hi``."""
    tall, partial = list(intervals), []
    for s1, s2, g1, g2, lo, hi in low:
        first, last = min(s1, s2), max(s1, s2)
        g_first, g_last = (g1, g2) if s1 <= s2 else (g2, g1)
        slope = (g_last - g_first) / (last - first)
        g_lo, g_hi = g_first + slope * (lo - first), g_first + slope * (hi - first)
        if g_lo >= 1.0 and g_hi >= 1.0:
            tall.append((lo, hi))
        elif math.isfinite(g_lo + g_hi) and (g_lo > 0.0 or g_hi > 0.0):
            partial.append((lo, hi, g_lo, g_hi))
    return tall, partial


def _least_of_few_walls(field: Battlefield, frame: Frame, body: Body, near: IndexArray) -> float:
    """:func:`_least_projected` for one eye and a few walls, wall by wall in plain floats:
    each wall's projection the same operations in the same order, the same floats (the union
    of the full-height intervals is summed in another order), where numpy's per-call cost would
    outweigh the work."""
    ex, ey, ez, ux, uy, d = frame
    r, height, base = max(body.radius, THIN), max(body.height, THIN), body.base_z
    near_depth = NEAR * d
    full: list[tuple[float, float]] = []
    low: list[list[float]] = []
    x1s, y1s, _, _, x2s, y2s, tops = field.wall_table[:7, near].tolist()
    for x1, y1, x2, y2, top in zip(x1s, y1s, x2s, y2s, tops, strict=True):
        ax, ay, bx, by = x1 - ex, y1 - ey, x2 - ex, y2 - ey
        xa, ya = ax * ux + ay * uy, ay * ux - ax * uy
        xb, yb = bx * ux + by * uy, by * ux - bx * uy
        window = _depth_window_of_one(xa, xb, d)
        if window is None:
            continue
        start, end = window
        x1c, y1c = max(xa + start * (xb - xa), near_depth), ya + start * (yb - ya)
        x2c, y2c = max(xa + end * (xb - xa), near_depth), ya + end * (yb - ya)
        s1, s2 = y1c * d / (x1c * r), y2c * d / (x2c * r)
        lo, hi = max(min(s1, s2), -1.0), min(max(s1, s2), 1.0)
        if not hi > lo:
            continue
        lift = (top - ez) * d  # inf for a full-height wall, NaN for one that does not block sight
        g1, g2 = (ez + lift / x1c - base) / height, (ez + lift / x2c - base) / height
        if g1 >= 1.0 and g2 >= 1.0:
            full.append((lo, hi))
        elif math.isfinite(g1 + g2):
            low.append([s1, s2, g1, g2, lo, hi])
    covered = union_length(full)
    if covered >= 2.0 or not low:
        return _share(covered)
    return _share_of_pieces(full, low)


def _depth_window_of_one(xa: float, xb: float, d: float) -> tuple[float, float] | None:
    """:func:`_depth_window` of one wall in plain floats, None where it keeps nothing (numpy's
    ``end > start`` false): a wall at constant depth is kept whole strictly inside the
    window, as numpy's infinities keep it, and dropped on its edges, as its NaNs do."""
    step = xb - xa
    if step == 0.0:
        return (0.0, 1.0) if NEAR * d < xa < d else None
    l1, l2 = (NEAR * d - xa) / step, (d - xa) / step
    start, end = max(0.0, min(l1, l2)), min(1.0, max(l1, l2))
    return (start, end) if end > start else None


def _envelope_of_lists(
    full: list[tuple[float, float]], partial: list[tuple[float, float, float, float]]
) -> float:
    """:func:`_envelope_integral` of plain lists: in plain floats for a few low walls."""
    if len(partial) <= FEW_LOW_WALLS:
        return _envelope_integral_of_few(full, partial)
    ends = [np.array(c, dtype=np.float64) for c in zip(*full, strict=True)] or [np.zeros(0)] * 2
    columns = tuple(np.array(c, dtype=np.float64) for c in zip(*partial, strict=True))
    return _envelope_of_many((ends[0], ends[1]), columns)


def _union_length(lo: FloatArray, hi: FloatArray) -> float:
    """Total length of the union of the intervals ``[lo, hi]`` (each with ``lo < hi``)."""
    if not len(lo):
        return 0.0
    order = np.argsort(lo)
    start, reach = lo[order], np.maximum.accumulate(hi[order])
    gained = np.maximum(reach[1:] - np.maximum(start[1:], reach[:-1]), 0.0)
    return float(reach[0] - start[0] + gained.sum())


def _share(covered: float) -> float:
    """Hidden share of a silhouette 2 wide with ``covered`` of it hidden, in [0, 1] (NaN: 0)."""
    return 0.0 if math.isnan(covered) else min(max(covered / 2.0, 0.0), 1.0)


class _EyeTargetRows:
    """Each (eye, target) row's frame: the target's unit direction and distance from the eye,
    its silhouette size. Row ``e * len(targets) + k`` is eye ``e`` looking at ``targets[k]``."""

    def __init__(self, field: Battlefield, eyes: Sequence[Eye], targets: IndexArray) -> None:
        self.field, self.eyes, self.targets = field, eyes, targets
        where = np.array(eyes, dtype=np.float64).reshape(-1, 3)
        self.ex, self.ey, self.ez = (np.repeat(where[:, k], len(targets)) for k in range(3))
        self.target = np.tile(targets, len(eyes))
        dx, dy = field.body_x[self.target] - self.ex, field.body_y[self.target] - self.ey
        self.distance = np.sqrt(dx * dx + dy * dy)  # np.hypot costs ten times as much
        seen = self.distance > 0.0
        safe = np.where(seen, self.distance, 1.0)
        self.ux, self.uy = np.where(seen, dx / safe, 1.0), np.where(seen, dy / safe, 0.0)
        self.radius = np.maximum(field.body_radius[self.target], THIN)
        self.base = field.body_base[self.target]
        self.height = np.maximum(field.body_height[self.target], THIN)
        self.seen = seen

    def wall_pairs(
        self, pairs: tuple[IndexArray, IndexArray]
    ) -> tuple[IndexArray, list[FloatArray]]:
        """Row numbers and wall pieces ``[x1, y1, x2, y2, top]`` of the (target position, wall)
        ``pairs`` for every eye, but rows whose target is level with the eye."""
        k, w = pairs
        count = len(self.targets)
        t = (np.arange(len(self.eyes))[:, None] * count + k[None, :]).ravel()
        w = np.tile(w, len(self.eyes))
        keep = self.seen[t]
        t, w = t[keep], w[keep]
        f = self.field
        return t, [f.wall_x1[w], f.wall_y1[w], f.wall_x2[w], f.wall_y2[w], f.wall_top[w]]

    def creature_pairs(self, blockers: IndexArray) -> tuple[IndexArray, list[FloatArray]]:
        """Every (row, grounded blocker) pair but a target with itself, as wall pieces."""
        rows, pieces = [], []
        for e, eye in enumerate(self.eyes):
            row, piece = self._creature_pairs_from(eye, blockers)
            rows.append(row + e * len(self.targets))
            pieces.append(piece)
        return np.concatenate(rows), [np.concatenate(p) for p in zip(*pieces, strict=True)]

    def _creature_pairs_from(
        self, eye: Eye, blockers: IndexArray
    ) -> tuple[IndexArray, list[FloatArray]]:
        f = self.field
        ex, ey, _ = eye
        cx, cy, r = f.body_x[blockers], f.body_y[blockers], f.body_radius[blockers]
        dx, dy = cx - ex, cy - ey
        reach = np.hypot(dx, dy)
        grounded = (f.body_base[blockers] <= 0.0) & (reach > r)
        blockers = blockers[grounded]
        cx, cy, r, reach = cx[grounded], cy[grounded], r[grounded], reach[grounded]
        nx, ny = -dy[grounded] / reach * r, dx[grounded] / reach * r
        top = f.body_base[blockers] + f.body_height[blockers]
        t = np.repeat(np.arange(len(self.targets)), len(blockers))
        c = np.tile(np.arange(len(blockers)), len(self.targets))
        other = self.targets[t] != blockers[c]
        t, c = t[other], c[other]
        return t, [(cx + nx)[c], (cy + ny)[c], (cx - nx)[c], (cy - ny)[c], top[c]]

    def project(
        self,
        t: IndexArray,
        x1: FloatArray,
        y1: FloatArray,
        x2: FloatArray,
        y2: FloatArray,
        top: FloatArray,
    ) -> tuple[IndexArray, FloatArray, FloatArray, FloatArray, FloatArray]:
        """For (row, piece) pairs -- piece from ``(x1, y1)`` to ``(x2, y2)`` of height ``top`` --
        those that may hide something: row numbers, interval ``lo < s/r < hi`` on the
        silhouette, and the hidden share at both ends (2 for full-height pieces).
        """
        ex, ey, ez = self.ex[t], self.ey[t], self.ez[t]
        ux, uy, d = self.ux[t], self.uy[t], self.distance[t]
        ax, ay, bx, by = x1 - ex, y1 - ey, x2 - ex, y2 - ey
        xa, ya = ax * ux + ay * uy, ay * ux - ax * uy
        xb, yb = bx * ux + by * uy, by * ux - bx * uy
        slope = self.radius[t] / d
        keep = _may_meet_wedge(xa, ya, xb, yb, d, slope)
        t, top, ez = t[keep], top[keep], ez[keep]
        d, xa, ya, xb, yb = d[keep], xa[keep], ya[keep], xb[keep], yb[keep]
        start, end = _depth_window(xa, xb, d)
        near = NEAR * d  # the clipped depths are >= near; rounding must not flip their sign
        x1, y1 = np.maximum(xa + start * (xb - xa), near), ya + start * (yb - ya)
        x2, y2 = np.maximum(xa + end * (xb - xa), near), ya + end * (yb - ya)
        r = self.radius[t]
        base, height = self.base[t], self.height[t]
        s1, s2 = y1 * d / (x1 * r), y2 * d / (x2 * r)
        tall = np.isinf(top)
        g1 = np.where(tall, 2.0, (ez + (top - ez) * d / x1 - base) / height)
        g2 = np.where(tall, 2.0, (ez + (top - ez) * d / x2 - base) / height)
        return _clip_to_silhouette(t, s1, s2, g1, g2, end > start)


def _may_meet_wedge(
    xa: FloatArray, ya: FloatArray, xb: FloatArray, yb: FloatArray, d: FloatArray, slope: FloatArray
) -> BoolArray:
    """False for walls wholly behind the eye, beyond the silhouette or beside the wedge.

    The wedge ``0 < x < d, |y| <= slope x`` lies inside each half-plane tested, so a wall with
    both ends outside one of them cannot meet it.
    """
    behind = (xa <= 0.0) & (xb <= 0.0)
    beyond = (xa >= d) & (xb >= d)
    left = (ya > slope * xa) & (yb > slope * xb)
    right = (ya < -slope * xa) & (yb < -slope * xb)
    keep: BoolArray = ~(behind | beyond | left | right)
    return keep


def _depth_window(
    xa: FloatArray, xb: FloatArray, d: FloatArray | float
) -> tuple[FloatArray, FloatArray]:
    """The part ``start <= lambda <= end`` of each wall a->b with depth ``0 < x < d``.

    A wall at constant depth divides by zero: infinities give [0, 1] inside the window and an
    empty window outside; NaN (a wall exactly at a window edge) compares false and is dropped.
    """
    step = xb - xa
    l1, l2 = (NEAR * d - xa) / step, (d - xa) / step
    start = np.maximum(0.0, np.minimum(l1, l2))
    end = np.minimum(1.0, np.maximum(l1, l2))
    return start, end


def _clip_to_silhouette(
    t: IndexArray, s1: FloatArray, s2: FloatArray, g1: FloatArray, g2: FloatArray, kept: BoolArray
) -> tuple[IndexArray, FloatArray, FloatArray, FloatArray, FloatArray]:
    """Order each interval, clip it to [-1, 1], interpolate the hidden share at its ends, and
    keep the pairs whose interval is not empty."""
    ordered = s1 <= s2
    first, last = np.minimum(s1, s2), np.maximum(s1, s2)
    g_first, g_last = np.where(ordered, g1, g2), np.where(ordered, g2, g1)
    lo, hi = np.maximum(first, -1.0), np.minimum(last, 1.0)
    useful = kept & (hi > lo)
    t, lo, hi, first = t[useful], lo[useful], hi[useful], first[useful]
    g_first, g_last = g_first[useful], g_last[useful]
    slope = (g_last - g_first) / (last[useful] - first)
    return t, lo, hi, g_first + slope * (lo - first), g_first + slope * (hi - first)


def _merged_lengths(owner: IndexArray, lo: FloatArray, hi: FloatArray, count: int) -> FloatArray:
    """Total length of the union of intervals ``[lo, hi]`` (all within [-1, 1]) per owner."""
    order = np.argsort(lo + 4.0 * owner)  # by owner, then by lo (every lo lies in [-1, 1])
    lo_s, hi_s = (lo + 4.0 * owner)[order], (hi + 4.0 * owner)[order]
    reach = np.maximum.accumulate(hi_s)
    before = np.concatenate(([-np.inf], reach[:-1]))
    gained = np.maximum(hi_s - np.maximum(lo_s, before), 0.0)
    return np.bincount(owner[order], weights=gained, minlength=count).astype(np.float64)


def _envelope_integral(
    full: tuple[FloatArray, FloatArray], partial: tuple[FloatArray, ...]
) -> float:
    """Integral over s, outside the ``full`` intervals, of the clamped max of partial walls."""
    if len(partial[0]) <= FEW_LOW_WALLS:
        return _envelope_integral_of_few(
            list(zip(full[0].tolist(), full[1].tolist(), strict=True)),
            list(zip(*(p.tolist() for p in partial), strict=True)),
        )
    return _envelope_of_many(full, partial)


def _envelope_of_many(
    full: tuple[FloatArray, FloatArray], partial: tuple[FloatArray, ...]
) -> float:
    """:func:`_envelope_integral` in numpy: every breakpoint against every wall at once."""
    lo, hi, g_lo, g_hi = partial
    slope = (g_hi - g_lo) / (hi - lo)
    offset = g_lo - slope * lo
    marks = _breakpoints(lo, hi, slope, offset, full)
    left, right = marks[:-1], marks[1:]
    middle = (left + right) / 2.0
    active = (lo < middle[:, None]) & (middle[:, None] < hi)
    hidden_by_full = ((full[0] < middle[:, None]) & (middle[:, None] < full[1])).any(1)

    def envelope(at: FloatArray) -> FloatArray:
        values = np.where(active, slope * at[:, None] + offset, -np.inf)
        clipped: FloatArray = np.clip(values.max(1, initial=-np.inf), 0.0, 1.0)
        return clipped

    area = (right - left) * (envelope(left) + envelope(right)) / 2.0
    return float(area[~hidden_by_full].sum())


def _envelope_integral_of_few(
    full: list[tuple[float, float]], partial: list[tuple[float, float, float, float]]
) -> float:
    """:func:`_envelope_integral` in plain floats, the same breakpoints and trapezoids: for a
    few low walls a loop is several times faster than the numpy calls.

    Examples
    --------
    >>> _envelope_integral_of_few([(0.5, 1.0)], [(-1.0, 1.0, 0.0, 1.0), (-1.0, 0.0, 0.25, 0.25)])
    0.625
    """
    lines = []
    for lo, hi, g_lo, g_hi in partial:
        slope = (g_hi - g_lo) / (hi - lo)
        lines.append((lo, hi, slope, g_lo - slope * lo))
    first, last = min(line[0] for line in lines), max(line[1] for line in lines)
    full = [(lo, hi) for lo, hi in full if lo < last and hi > first]  # the rest: first, last
    marks = {end for lo, hi, _, _ in lines for end in (lo, hi)} | {e for f in full for e in f}
    for _, _, slope, offset in lines:
        if slope != 0.0:
            marks.update(((0.0 - offset) / slope, (1.0 - offset) / slope))
    for (_, _, s1, o1), (_, _, s2, o2) in combinations(lines, 2):
        if s1 != s2:
            marks.add((o2 - o1) / (s1 - s2))
    points = sorted({min(max(m, first), last) for m in marks if math.isfinite(m)})
    area = 0.0
    for left, right in pairwise(points):
        middle = (left + right) / 2.0
        if any(lo < middle < hi for lo, hi in full):
            continue
        active = [(slope, offset) for lo, hi, slope, offset in lines if lo < middle < hi]
        if active:
            at_left = min(max(max(s * left + o for s, o in active), 0.0), 1.0)
            at_right = min(max(max(s * right + o for s, o in active), 0.0), 1.0)
            area += (right - left) * (at_left + at_right) / 2.0
    return area


def _breakpoints(
    lo: FloatArray,
    hi: FloatArray,
    slope: FloatArray,
    offset: FloatArray,
    full: tuple[FloatArray, FloatArray],
) -> FloatArray:
    """Every s where the clamped upper envelope may bend, sorted, within [min lo, max hi]."""
    sloped = slope != 0.0
    i, j = np.triu_indices(len(lo), 1)
    crossing = slope[i] != slope[j]
    with np.errstate(over="ignore", divide="ignore"):  # a near-flat slope: infinite, dropped
        kinks = [(level - offset[sloped]) / slope[sloped] for level in (0.0, 1.0)]
        crosses = (offset[j] - offset[i])[crossing] / (slope[i] - slope[j])[crossing]
    marks = np.concatenate([lo, hi, *full, *kinks, crosses])
    return np.unique(np.clip(marks[np.isfinite(marks)], lo.min(), hi.max()))
