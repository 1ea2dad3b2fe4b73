"""Fog of war: what the players' view hides, what the GM reveals and what the heroes see.

An encounter's :class:`~battlemap.desktop.core.model.Fog` keeps two masks of quarter-cell squares:
the squares the GM ``revealed`` by hand (brush, rectangle, polygon, room) and the squares the heroes
have ``seen``. The players' view shows, when fog is on:

- with vision: what the heroes see now, clear and with the creatures they see; what they have
  seen or the GM revealed, dimmed and without creatures; black elsewhere;
- without vision: what the GM revealed, with the creatures standing in it; black elsewhere.

What the heroes see is the union of each hero token's view (:mod:`battlemap.geometry.visibility`):
the floor within its visibility polygon that is lit for its eyes (its
:class:`~battlemap.desktop.core.model. Sight`), and the creatures there that walls and low walls do
not wholly hide. A prone token stands :data:`PRONE_STATURE` of its height (read from the generic
``stats.condition.prone`` flag, as the token badges do). :func:`remember_vision` adds what they see
to ``seen``; the battle state calls it on every edit.

numpy and :mod:`geometry` are imported where a mask or a sight is worked out, not with this
module: a window on a map without fog reads its fog settings without them (a faster start).

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Fog, Side, Token, Wall
>>> hero = Token("h", "Hero", 1.5, 1.5, side=Side.HERO)
>>> orc = Token("o", "Orc", 8.5, 1.5)
>>> enc = Encounter(width=10, height=3, tokens=(hero, orc), fog=Fog(enabled=True),
...                 walls=(Wall("w", ((5, 0), (5, 3))),))
>>> sorted(Vision().sight(enc).seen_ids)
['h']
>>> sorted(Vision().sight(enc.without_wall("w")).seen_ids)
['h', 'o']
"""

from __future__ import annotations

import base64
import binascii
import math
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from psygnal import Signal

from battlemap.desktop.core.limits import MAX_FOG_SIDE
from battlemap.desktop.core.model import (
    FOG_SQUARES_PER_CELL,
    Encounter,
    Fog,
    FogMask,
    Point,
    Side,
    Token,
    WallKind,
)
from battlemap.desktop.core.state import BattleState

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from battlemap.geometry.index import Battlefield
    from battlemap.geometry.visibility import Box, FloatArray, Ring, Viewer, VisionField

    BoolArray = npt.NDArray[np.bool_]
    Cast = Callable[[Point, FloatArray, Box], Ring]

__all__ = [
    "PRONE_STATURE",
    "PartySight",
    "SightTracker",
    "Vision",
    "brush_squares",
    "decode_mask_bits",
    "fog_on",
    "fog_size",
    "mask_array",
    "mask_of",
    "mask_text",
    "painted",
    "polygon_squares",
    "remember_vision",
    "revealed_everywhere",
    "room_squares",
    "shown_to_players",
    "stature",
    "tracker_for",
    "unseen_by_players",
]

EYE_SHARE = 0.9
"""Eyes are this share of a creature's stature above its base (as in the cover model)."""
PRONE_STATURE = 0.3
"""The share of its height a prone creature stands: a low wall hides it where it shows a
standing one."""


def fog_size(encounter: Encounter) -> tuple[int, int]:
    """Columns and rows of fog squares covering the map (at most :data:`MAX_FOG_SIDE` each).

    Examples
    --------
    >>> fog_size(Encounter(width=10, height=2.1)), fog_size(Encounter(width=5000, height=1))
    ((40, 9), (4096, 4))
    """
    return (min(math.ceil(encounter.width * FOG_SQUARES_PER_CELL - 1e-9), MAX_FOG_SIDE),
            min(math.ceil(encounter.height * FOG_SQUARES_PER_CELL - 1e-9), MAX_FOG_SIDE))


def mask_array(mask: FogMask | None, columns: int, rows: int) -> BoolArray:
    """The squares of ``mask`` as a ``rows x columns`` array (cut or padded with unset
    squares when the map was resized since).

    Examples
    --------
    >>> import numpy as np
    >>> squares = np.zeros((2, 3), dtype=bool)
    >>> squares[1, 2] = True
    >>> mask_array(mask_of(squares), 4, 2).astype(int).tolist()
    [[0, 0, 0, 0], [0, 0, 1, 0]]
    """
    import numpy as np

    out: BoolArray = np.zeros((rows, columns), dtype=bool)
    if mask is None:
        return out
    bits = np.frombuffer(zlib.decompress(mask.bits), dtype=np.uint8)
    unpacked = np.unpackbits(bits, count=mask.rows * mask.columns).astype(bool)
    stored = unpacked.reshape(mask.rows, mask.columns)
    r, c = min(rows, mask.rows), min(columns, mask.columns)
    out[:r, :c] = stored[:r, :c]
    return out


def mask_of(squares: BoolArray) -> FogMask | None:
    """The mask of ``squares`` (rows x columns); None when no square is set.

    Examples
    --------
    >>> import numpy as np
    >>> mask_of(np.zeros((2, 2), dtype=bool)) is None
    True
    """
    import numpy as np

    if not squares.any():
        return None
    rows, columns = squares.shape
    return FogMask(columns, rows, zlib.compress(np.packbits(squares).tobytes(), 6))


def mask_text(mask: FogMask) -> str:
    """The mask's bits as the file stores them: base64 of the compressed bits.

    Examples
    --------
    >>> import numpy as np
    >>> mask = mask_of(np.ones((1, 8), dtype=bool))
    >>> decode_mask_bits(mask_text(mask), 8, 1) == mask.bits
    True
    """
    return base64.b64encode(mask.bits).decode("ascii")


def decode_mask_bits(text: str, columns: int, rows: int) -> bytes:
    """The compressed bits stored as ``text`` for a ``rows x columns`` mask, checked: a
    ``ValueError`` saying what is wrong unless they decode to exactly that many squares.

    Examples
    --------
    >>> decode_mask_bits("AAAA", 8, 1)
    Traceback (most recent call last):
    ...
    ValueError: not zlib-compressed bits
    """
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise ValueError("not base64 text") from None
    expected = (columns * rows + 7) // 8
    inflate = zlib.decompressobj()
    try:
        bits = inflate.decompress(packed, expected + 1)
    except zlib.error:
        raise ValueError("not zlib-compressed bits") from None
    if len(bits) != expected or not inflate.eof:
        raise ValueError(f"expected {expected} bytes of bits for {columns} x {rows} squares")
    return packed


def painted(encounter: Encounter, squares: BoolArray, reveal: bool) -> Encounter:
    """``encounter`` with ``squares`` revealed (or hidden again) on the players' view.

    Hiding a square also forgets that the heroes saw it, so the GM can hide a remembered room.

    Examples
    --------
    >>> enc = Encounter(width=1, height=1)
    >>> shown = painted(enc, polygon_squares(enc, ((0, 0), (1, 0), (1, 0.5), (0, 0.5))), True)
    >>> int(mask_array(shown.fog.revealed, 4, 4).sum())
    8
    """
    columns, rows = fog_size(encounter)
    fog = encounter.fog
    revealed = mask_array(fog.revealed, columns, rows)
    if reveal:
        return replace(encounter, fog=replace(fog, revealed=mask_of(revealed | squares)))
    seen = mask_array(fog.seen, columns, rows)
    return replace(encounter, fog=replace(
        fog, revealed=mask_of(revealed & ~squares), seen=mask_of(seen & ~squares)))


def polygon_squares(encounter: Encounter, points: Sequence[Point]) -> BoolArray:
    """The fog squares whose centre lies inside the polygon ``points`` (a rectangle is four);
    a centre on a left or top edge counts as inside, on a right or bottom edge as outside.

    Examples
    --------
    >>> # 4 x 4 squares under the triangle: 6 below the diagonal, 4 centred on it
    >>> int(polygon_squares(Encounter(width=2, height=2), ((0, 0), (1, 0), (1, 1))).sum())
    10
    """
    from battlemap.geometry.visibility import rasterize

    columns, rows = fog_size(encounter)
    return rasterize([tuple(points)], columns, rows, FOG_SQUARES_PER_CELL)


def brush_squares(encounter: Encounter, points: Sequence[Point], radius: float) -> BoolArray:
    """The fog squares whose centre is within ``radius`` cells of the brush stroke ``points``.

    Examples
    --------
    >>> int(brush_squares(Encounter(width=4, height=4), [(2.0, 2.0)], 0.5).sum())
    12
    """
    import numpy as np

    from battlemap.geometry.vectors import distance_to_segment

    columns, rows = fog_size(encounter)
    out: BoolArray = np.zeros((rows, columns), dtype=bool)
    xs = (np.arange(columns) + 0.5) / FOG_SQUARES_PER_CELL
    ys = (np.arange(rows) + 0.5) / FOG_SQUARES_PER_CELL
    stroke = list(points) if len(points) > 1 else [*points, *points]
    for start, end in pairwise(stroke):
        low_x, high_x = min(start[0], end[0]) - radius, max(start[0], end[0]) + radius
        low_y, high_y = min(start[1], end[1]) - radius, max(start[1], end[1]) + radius
        c = np.flatnonzero((xs >= low_x) & (xs <= high_x))
        r = np.flatnonzero((ys >= low_y) & (ys <= high_y))
        if not (len(c) and len(r)):
            continue
        gx, gy = np.meshgrid(xs[c], ys[r])
        near = distance_to_segment(gx.ravel(), gy.ravel(), start, end) <= radius
        out[r[0]:r[-1] + 1, c[0]:c[-1] + 1] |= near.reshape(len(r), len(c))
    return out


def room_squares(encounter: Encounter, point: Point) -> BoolArray | None:
    """The fog squares of the room around ``point``: the smallest area the walls, doors and
    windows (open or closed) close around it; None when they close none but the map itself.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Wall
    >>> enc = Encounter(width=4, height=2, walls=(Wall("w", ((1, 0), (1, 2))),))
    >>> int(room_squares(enc, (0.5, 0.5)).sum())  # 2 cells of 4 x 4 squares
    32
    """
    import numpy as np

    from battlemap.geometry.visibility import enclosing_room, rasterize

    walls = np.array([(x1, y1, x2, y2) for wall in encounter.walls if wall.kind is not
                      WallKind.OBJECT for (x1, y1), (x2, y2) in pairwise(wall.points)])
    rings = enclosing_room(point, walls.reshape(-1, 4), _bounds(encounter))
    if not rings:
        return None
    columns, rows = fog_size(encounter)
    squares = rasterize(rings, columns, rows, FOG_SQUARES_PER_CELL)
    return squares if not squares.all() else None


@dataclass(frozen=True, slots=True)
class PartySight:
    """What the heroes see at one moment: the floor and the discs of the tokens they see
    (rings in cells, filled even-odd: left clear of fog, so a token seen is drawn whole) and
    the ids of those tokens (every hero on the map included: the players' own tokens)."""

    rings: tuple[Ring, ...]
    seen_ids: frozenset[str]


SPLIT_FROM = 40
"""From this many tokens on the map, a drag's sight keeps the others' floor with the creatures
they see and adds the dragged heroes' part with the creatures only they see (each new set of
creatures seen no longer unions every seen disc again: the 8192 px map's 300 tokens); on a
smaller map every seen disc goes into the others' union as before (two unions instead of one
made the UVTT house's changed box larger: 33 % / 21 % of the views repainted against 29 % /
16 %)."""
SIGHTS_KEPT = 4
"""Sights a :class:`Vision` keeps, by snapshot, drag and acting hero: the GM's and the
players' scenes, the table's questions and a commit's settle step ask for the same one."""
DRAG_SIGHTS_KEPT = 16
"""Sights of one snapshot a :class:`Vision` keeps besides, by the dragged tokens' places (the
token's own among them): a hand going to and fro over a few cells finds each cell's sight
again instead of working it out anew (the last :data:`SIGHTS_KEPT` held only the last few
places)."""


class Vision:
    """Works out what the heroes see, keeping the walls' and lights' part between snapshots
    that share them (so dragging a hero recomputes one hero's polygon). ``cast`` and ``cached``
    go to :class:`~battlemap.geometry.visibility.VisionField` (the benchmarks' naive reference;
    None: its own)."""

    def __init__(self, cast: Cast | None = None, cached: int | None = None) -> None:
        self._cast, self._cached = cast, cached  # None: battlemap.geometry.visibility's own
        self._map_key: tuple[object, ...] = ()
        self._field: VisionField | None = None
        self._crowd_key: tuple[object, ...] = ()
        self._crowd: Battlefield | None = None
        self._sights: list[tuple[Encounter, tuple[object, ...], PartySight]] = []
        self._drag_of: Encounter | None = None
        self._drag_sights: dict[tuple[object, ...], PartySight] = {}
        """The sights of :attr:`_drag_of` (its drag's places), by key (dragged places, acting
        hero); the oldest goes first, all of them when another snapshot is asked about."""
        self._dragged: frozenset[str] = frozenset()
        """The heroes of the last drag: a sight at rest (the drop's) adds them to the others'
        kept floor as a drag step does (the same union, worked out in another order)."""

    def sight(self, encounter: Encounter, moved: Mapping[str, Point] | None = None,
              acting: frozenset[str] = frozenset()) -> PartySight:
        """What the heroes see, with the tokens ``moved`` (a drag in progress) at their new
        places; with ``fog.acting_only`` and a hero among ``acting``, that hero alone looks."""
        moved = _moved_away(encounter, moved or {})
        key = (tuple(sorted(moved.items())),
               acting if encounter.fog.acting_only else frozenset())
        for kept, kept_key, kept_sight in self._sights:
            if kept is encounter and kept_key == key:  # snapshots never change
                return kept_sight
        if encounter is not self._drag_of:
            self._drag_of, self._drag_sights = encounter, {}
        found = self._drag_sights.get(key)
        if found is not None:  # a place of this drag the hand came back to
            self._sights = [(encounter, key, found), *self._sights[:SIGHTS_KEPT - 1]]
            return found
        viewers = self.viewers(encounter, moved, acting)
        field = self.field(encounter)
        crowd = self._crowd_of(encounter)
        heroes = {t.id for t in encounter.tokens if t.side is Side.HERO and not t.hidden}
        split = {v.id for v in viewers if v.id in (moved or self._dragged)}
        known = frozenset(heroes)
        if len(encounter.tokens) < SPLIT_FROM:  # few creatures: one union of every disc
            seen = field.seen_bodies(viewers, crowd, known)
            discs = [(t.x, t.y, t.radius) for t in encounter.tokens
                     if t.id in seen and not t.hidden]
            rings = field.seen_rings(viewers, frozenset(moved), discs)
        elif not split or len(split) == len(viewers):
            seen = field.seen_bodies(viewers, crowd, known)
            discs = [(t.x, t.y, t.radius) for t in encounter.tokens
                     if t.id in seen and not t.hidden]
            rings = field.seen_rings(viewers, frozenset(), discs)
        else:  # the others' floor and the creatures they see, kept for the whole drag
            still = [v for v in viewers if v.id not in split]
            steady = set(field.seen_bodies(still, crowd, known))
            seen = steady | field.seen_bodies([v for v in viewers if v.id in split], crowd, known)
            shown = [t for t in encounter.tokens if t.id in seen and not t.hidden]
            rings = field.seen_rings(
                viewers, frozenset(split),
                [(t.x, t.y, t.radius) for t in shown if t.id in steady and t.id not in split],
                [(t.x, t.y, t.radius) for t in shown if t.id not in steady],
                [(t.x, t.y, t.radius) for t in shown if t.id in split])
        if moved:
            self._dragged = frozenset(moved)
        sight = PartySight(rings, frozenset(seen))
        self._sights = [(encounter, key, sight), *self._sights[:SIGHTS_KEPT - 1]]
        if len(self._drag_sights) >= DRAG_SIGHTS_KEPT:
            del self._drag_sights[next(iter(self._drag_sights))]
        self._drag_sights[key] = sight
        return sight

    def seen_squares(self, encounter: Encounter) -> BoolArray:
        """The fog squares every hero sees now."""
        columns, rows = fog_size(encounter)
        viewers = self.viewers(encounter, {}, frozenset())
        return self.field(encounter).seen_raster(viewers, columns, rows, FOG_SQUARES_PER_CELL)

    def viewers(self, encounter: Encounter, moved: Mapping[str, Point],
                acting: frozenset[str]) -> list[Viewer]:
        """The heroes on the map (not hidden) as viewers, at their ``moved`` places."""
        heroes = [t for t in encounter.tokens if t.side is Side.HERO and not t.hidden]
        if encounter.fog.acting_only and any(t.id in acting for t in heroes):
            heroes = [t for t in heroes if t.id in acting]
        return [_viewer(t, moved.get(t.id, (t.x, t.y))) for t in heroes]

    def field(self, encounter: Encounter) -> VisionField:
        """The vision field of the encounter's walls, lights and regions (kept while same)."""
        key = (encounter.walls, encounter.width, encounter.height, encounter.lights,
               encounter.regions, encounter.ambient)
        if self._field is not None and _same(key, self._map_key):
            return self._field
        from battlemap.desktop.core.battlefield import battlefield_of
        from battlemap.geometry.index import Battlefield
        from battlemap.geometry.visibility import CACHED_POLYGONS, VisionField, visibility_polygon

        lighting = battlefield_of(replace(encounter, tokens=(), walls=()))
        if self._field is not None and _same(key[:3], self._map_key[:3]):  # lights changed
            walls = self._field.field.occluders
            self._field = self._field.relit(Battlefield.build(
                (), walls, lighting.areas, lighting.lights, lighting.grid, lighting.ambient))
        else:
            self._field = VisionField(battlefield_of(replace(encounter, tokens=())),
                                      _bounds(encounter), self._cast or visibility_polygon,
                                      CACHED_POLYGONS if self._cached is None else self._cached)
        self._map_key = key
        return self._field

    def _crowd_of(self, encounter: Encounter) -> Battlefield:
        """The walls with the creatures at their stature (kept while the tokens are the same)."""
        key = (encounter.tokens, encounter.walls)
        if self._crowd is None or not _same(key, self._crowd_key):
            from battlemap.desktop.core.battlefield import standing_bodies
            from battlemap.geometry.index import Battlefield

            field = self.field(encounter).field
            bodies = standing_bodies(encounter.tokens, stature)  # one new body a moved token
            self._crowd = Battlefield.build(bodies, field.occluders, grid=field.grid)
            self._crowd_key = key
        return self._crowd


def _moved_away(encounter: Encounter, moved: Mapping[str, Point]) -> dict[str, Point]:
    """The entries of ``moved`` whose token stands elsewhere in ``encounter`` (a token
    "moved" to its own place is where it is: after a drop, the drag's last place).

    >>> from battlemap.desktop.core.model import Token
    >>> _moved_away(Encounter(tokens=(Token("a", "A", 1.5, 1.5),)), {"a": (1.5, 1.5), "b": (0, 0)})
    {'b': (0, 0)}
    """
    if not moved:
        return {}
    places = {t.id: (t.x, t.y) for t in encounter.tokens if t.id in moved}
    return {tid: at for tid, at in moved.items() if places.get(tid) != tuple(at)}


def _same(key: tuple[object, ...], other: tuple[object, ...]) -> bool:
    return len(key) == len(other) and all(a is b or a == b for a, b in zip(key, other,
                                                                            strict=True))


def stature(token: Token) -> float:
    """How tall the token stands: its height, :data:`PRONE_STATURE` of it when prone.

    Examples
    --------
    >>> stature(Token("a", "A", 0, 0, stats={"condition": {"prone": True}}))
    0.3
    """
    condition = token.stats.get("condition", {})
    prone = isinstance(condition, dict) and condition.get("prone") is True
    return token.height * PRONE_STATURE if prone else token.height


def _viewer(token: Token, place: Point) -> Viewer:
    from battlemap.geometry.visibility import Viewer

    sight = token.sight
    eye = token.elevation + EYE_SHARE * stature(token)
    return Viewer(token.id, place[0], place[1], eye, sight.darkvision, sight.low_light,
                  sight.light)


def _bounds(encounter: Encounter) -> Box:
    return (0.0, 0.0, float(encounter.width), float(encounter.height))


def remember_vision(encounter: Encounter, vision: Vision | None = None) -> Encounter:
    """``encounter`` with what its heroes see now added to what they have seen (fog and
    vision on; otherwise unchanged).

    Examples
    --------
    >>> from battlemap.desktop.core.model import Side, Token
    >>> enc = Encounter(width=2, height=1, fog=Fog(enabled=True),
    ...                 tokens=(Token("h", "Hero", 0.5, 0.5, side=Side.HERO),))
    >>> int(mask_array(remember_vision(enc).fog.seen, 8, 4).sum())
    32
    """
    fog = encounter.fog
    if not (fog.enabled and fog.vision):
        return encounter
    columns, rows = fog_size(encounter)
    now = (vision or Vision()).seen_squares(encounter)
    before = mask_array(fog.seen, columns, rows)
    if not (now & ~before).any():
        return encounter
    return replace(encounter, fog=replace(fog, seen=mask_of(before | now)))


def fog_on(encounter: Encounter) -> Encounter:
    """A new or imported map: fog on, nothing revealed, the heroes' vision on.

    Examples
    --------
    >>> fog_on(Encounter()).fog
    Fog(enabled=True, vision=True, acting_only=False, revealed=None, seen=None)
    """
    return replace(encounter, fog=Fog(enabled=True))



class SightTracker:
    """What the heroes see, shared by the windows of one battle: the GM's and the players'
    scenes ask it, the map tools tell it which tokens are being dragged (``moving``), and it
    works out the sight once per snapshot, drag position and acting hero.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Side, Token
    >>> state = BattleState(Encounter(fog=Fog(enabled=True),
    ...                     tokens=(Token("h", "Hero", 1.5, 1.5, side=Side.HERO),)))
    >>> tracker = tracker_for(state)
    >>> tracker is tracker_for(state), sorted(tracker.sight(state.encounter).seen_ids)
    (True, ['h'])
    """

    moving_changed = Signal()

    def __init__(self, vision: Vision | None = None) -> None:
        self.vision = vision or Vision()
        self.moving: dict[str, Point] = {}
        self.moving_lights: dict[str, Point] = {}
        self._key: tuple[object, ...] = ()
        self._last: PartySight | None = None

    def set_moving(self, positions: Mapping[str, Point],
                   lights: Mapping[str, Point] | None = None,
                   encounter: Encounter | None = None) -> None:
        """Tokens and lights being dragged and where (empty when no drag is in progress).

        Given the ``encounter`` the windows show, a change that leaves every token where it
        stands there (a drop: the dragged token now stands at the drag's last place; a
        drag's first step at the token's own place) changes no sight: the views are not
        told (a window still showing the snapshot before is about to show this one)."""
        lights = dict(lights or {})
        if dict(positions) != self.moving or lights != self.moving_lights:
            same = encounter is not None and lights == self.moving_lights and (
                _moved_away(encounter, positions) == _moved_away(encounter, self.moving))
            self.moving, self.moving_lights = dict(positions), lights
            if not same:
                self.moving_changed.emit()

    def lit(self, encounter: Encounter) -> Encounter:
        """``encounter`` with the dragged lights where they are now."""
        from battlemap.desktop.core.edits import move_light

        for light_id, at in self.moving_lights.items():
            encounter = move_light(encounter, light_id, at)
        return encounter

    def sight(self, encounter: Encounter, acting: frozenset[str] = frozenset()) -> PartySight:
        """What the heroes see in ``encounter`` with the dragged tokens and lights where they
        are now."""
        key = (encounter, tuple(sorted(_moved_away(encounter, self.moving).items())),
               tuple(sorted(self.moving_lights.items())), acting)
        if self._last is None or not (key[0] is self._key[0] and key[1:] == self._key[1:]):
            self._last = self.vision.sight(self.lit(encounter), self.moving, acting)
            self._key = key
        return self._last


_TRACKERS: WeakKeyDictionary[BattleState, SightTracker] = WeakKeyDictionary()


def tracker_for(state: BattleState, vision: Vision | None = None) -> SightTracker:
    """The one :class:`SightTracker` of ``state``, made on the first call (with ``vision``:
    the one the state's settle step remembers with, so both share its caches)."""
    if state not in _TRACKERS:
        _TRACKERS[state] = SightTracker(vision)
    return _TRACKERS[state]


def shown_to_players(encounter: Encounter, sight: PartySight | None) -> frozenset[str]:
    """Ids of the tokens the players' view draws: none the GM hid; with fog on, those the
    heroes see (vision on, ``sight``) or those standing on a revealed square (vision off).

    Examples
    --------
    >>> from battlemap.desktop.core.model import Token
    >>> enc = Encounter(width=2, height=1, tokens=(Token("o", "Orc", 1.5, 0.5),))
    >>> sorted(shown_to_players(enc, None))
    ['o']
    >>> sorted(shown_to_players(replace(enc, fog=Fog(enabled=True, vision=False)), None))
    []
    """
    tokens = [t for t in encounter.tokens if not t.hidden]
    fog = encounter.fog
    if not fog.enabled:
        return frozenset(t.id for t in tokens)
    if fog.vision:
        seen = sight.seen_ids if sight is not None else frozenset()
        return frozenset(t.id for t in tokens if t.id in seen)
    columns, rows = fog_size(encounter)
    revealed = mask_array(fog.revealed, columns, rows)
    return frozenset(t.id for t in tokens if _square_set(revealed, t.x, t.y))


def _square_set(squares: BoolArray, x: float, y: float) -> bool:
    row, column = math.floor(y * FOG_SQUARES_PER_CELL), math.floor(x * FOG_SQUARES_PER_CELL)
    inside = 0 <= row < squares.shape[0] and 0 <= column < squares.shape[1]
    return inside and bool(squares[row, column])


_SHARED_VISION = Vision()
"""The vision kept for :func:`unseen_by_players` between attacks on the same map."""


def unseen_by_players(encounter: Encounter) -> frozenset[str]:
    """Ids of the tokens the players' view does not draw (hidden by the GM or unseen).

    Examples
    --------
    >>> from battlemap.desktop.core.model import Token
    >>> sorted(unseen_by_players(Encounter(tokens=(Token("s", "Spy", 0.5, 0.5, hidden=True),))))
    ['s']
    """
    last = _UNSEEN[0]
    if last is not None and last[0] is encounter:  # snapshots never change: asked per token
        return last[1]
    fog = encounter.fog
    sight = _SHARED_VISION.sight(encounter) if fog.enabled and fog.vision else None
    unseen = frozenset(t.id for t in encounter.tokens) - shown_to_players(encounter, sight)
    _UNSEEN[0] = (encounter, unseen)
    return unseen


_UNSEEN: list[tuple[Encounter, frozenset[str]] | None] = [None]
"""The last snapshot :func:`unseen_by_players` answered for, and its answer."""


def shared_vision() -> Vision:
    """The vision :func:`unseen_by_players` works with: the GUI's windows share it (one sight
    per hero per snapshot, whoever asks)."""
    return _SHARED_VISION


def revealed_everywhere(encounter: Encounter, reveal: bool) -> Encounter:
    """``encounter`` with fog on and the whole map revealed (``reveal``), or with nothing
    revealed and nothing remembered (the heroes' memory goes with it).

    Examples
    --------
    >>> enc = revealed_everywhere(Encounter(width=1, height=1), True)
    >>> enc.fog.enabled, int(mask_array(enc.fog.revealed, 4, 4).sum())
    (True, 16)
    >>> revealed_everywhere(enc, False).fog.revealed is None
    True
    """
    import numpy as np

    columns, rows = fog_size(encounter)
    everything = mask_of(np.ones((rows, columns), dtype=bool))
    fog = encounter.fog
    return replace(encounter, fog=replace(fog, enabled=True,
                                          revealed=everything if reveal else None,
                                          seen=fog.seen if reveal else None))
