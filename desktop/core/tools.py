"""Qt-free map tools: state machines fed plain :class:`PointerEvent` values.

The GUI converts each mouse or touch event into a :class:`PointerEvent` (position in grid
cells), feeds it to the active tool with the current encounter, draws ``tool.preview`` and, when
the tool returns a :class:`Commit`, applies it to the battle state as one undoable edit. Tests
drive tools with hand-made events.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token(id="g", name="Goblin", x=0.5, y=0.5),))
>>> tool = SelectTool()
>>> tool.feed(PointerEvent(PointerKind.PRESS, 0.5, 0.5), enc)
>>> tool.feed(PointerEvent(PointerKind.MOVE, 3.2, 0.6), enc)
>>> round(tool.preview.distance, 3)
3.0
>>> commit = tool.feed(PointerEvent(PointerKind.RELEASE, 3.2, 0.6), enc)
>>> commit.label, commit.encounter.token("g").x
('Move Goblin', 3.5)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Protocol

from battlemap.desktop.core.carried import carrier_of, moving_together
from battlemap.desktop.core.edits import (
    label_for_move,
    light_at,
    move_light,
    region_at,
    toggle_door,
    token_at,
    wall_at,
)
from battlemap.desktop.core.model import (
    Encounter,
    GridKind,
    Point,
    Region,
    RegionKind,
    Token,
    Wall,
    WallKind,
)
from battlemap.desktop.core.move_plan import (
    MovePlan,
    make_move,
    movement_of,
    plan_move,
    shortest_way,
)
from battlemap.desktop.core.movement import PaceBand, snap_corner, snap_point
from battlemap.rules.interface import Movement

if TYPE_CHECKING:
    from battlemap.geometry.index import Battlefield

CLICK_SLOP = 0.15
"""A press and release closer than this (cells) is a click, not a drag."""
WAY_STEP = 0.25
"""Off the grid, the shortest way is searched again once the hand is this far (cells) on."""
WAY_BUDGET_S = 3.0
"""How long (seconds) a drag's search for the shortest way may take before it gives up."""
TIMED_OUT = "timed out"
"""What a way finder answers when its time ran out before it found a way or knew there was
none."""


@dataclass(frozen=True, slots=True)
class WayRequest:
    """A search for the shortest way a drag asks of its :attr:`SelectTool.finder`: from
    ``start`` to ``end`` for ``token_id`` (moving ``mode``) on ``encounter``; ``drag`` tells
    one drag from the next (an answer for an old drag is dropped)."""

    encounter: Encounter
    token_id: str
    start: Point
    end: Point
    mode: str
    field: Battlefield | None
    movement: Movement | None
    drag: int

    def find(self, stop: Callable[[], bool] | None = None) -> tuple[Point, ...] | None:
        """The way (:func:`battlemap.desktop.core.move_plan.shortest_way`, the one ``battlemap move
        --shortest`` asks), None when there is none."""
        return shortest_way(self.encounter, self.token_id, self.start, self.end, self.mode,
                            field=self.field, movement=self.movement, stop=stop)


WayAnswer = tuple[Point, ...] | None | str
"""A way found, None (there is none), or :data:`TIMED_OUT`."""


class PointerKind(StrEnum):
    PRESS = "press"
    MOVE = "move"
    RELEASE = "release"
    DOUBLE_CLICK = "double_click"
    CANCEL = "cancel"


class Button(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    MIDDLE = "middle"


class Modifier(StrEnum):
    SHIFT = "shift"
    ALT = "alt"
    CTRL = "ctrl"


@dataclass(frozen=True, slots=True)
class PointerEvent:
    """One pointer event in grid cells; ``buttons`` are the buttons down (or released)."""

    kind: PointerKind
    x: float
    y: float
    buttons: frozenset[Button] = frozenset({Button.LEFT})
    modifiers: frozenset[Modifier] = frozenset()

    @property
    def point(self) -> Point:
        return (self.x, self.y)

    @property
    def is_free(self) -> bool:
        """Shift or Alt held: place without snapping."""
        return bool(self.modifiers & {Modifier.SHIFT, Modifier.ALT})


@dataclass(frozen=True, slots=True)
class Commit:
    """A finished user action: the undo label and the encounter after it; ``confirm``: why
    the GM must allow it first (a move through a closed door), None: nothing to ask."""

    label: str
    encounter: Encounter
    confirm: str | None = None


@dataclass(frozen=True, slots=True)
class DragPreview:
    """A token drag in progress: where every dragged token would land and what it costs."""

    lead_id: str
    positions: tuple[tuple[str, Point], ...]
    start: Point
    end: Point
    distance: float
    pace: float
    band: PaceBand
    pace_name: str = "Pace"
    """What the game system calls a turn's move ("" when it gives none: no band shown)."""
    cost: float | None = None
    """What the move uses of the turn's move (the way of moving's factor; None: ``distance``)."""
    spent: float = 0.0
    """What the mover had moved this turn before."""
    mode_name: str = ""
    """The way of moving when it is not the system's plain one ("Climbing"), else ""."""
    dash: float = 0.0
    dash_name: str = ""
    """The turn's move with the extra effort, and its name ("Running", "Sprint (3 min)")."""
    limit: float | None = None
    """The farthest the way of moving goes in one move (a jump), None: no limit."""
    path: tuple[Point, ...] = ()
    """The lead token's path: where it stood, the cells the hand went through, the end."""
    waypoints: tuple[Point, ...] = ()
    """The points of the path pinned as waypoints (a pause, a click, Space)."""
    blocked: tuple[int, ...] = ()
    """The legs of ``path`` (0: the first) that go through a wall that stops a move."""
    through: str | None = None
    """Those walls in words ("Ann's path goes through a closed door 2" east of ...")."""
    counted_in: str = ""
    """"zones" when the mover's system counts a move in zones, else "" (the map's unit)."""
    through_what: tuple[str, ...] = ()
    """What those walls are, alone ("a closed door"), for the ruler's short hint."""
    shortest: bool = False
    """The path from the last waypoint is the shortest way round the walls (W)."""
    finding: bool = False
    """The shortest way is still being searched for (the path shown follows the hand, or the
    way found for where the hand was)."""
    way_note: str = ""
    """Why the shortest way is not shown, in words ("No way round the walls to there"), ""
    when it is (or W is off)."""


@dataclass(frozen=True, slots=True)
class BoxPreview:
    """A rubber-band selection box from ``corner`` to ``other``."""

    corner: Point
    other: Point


@dataclass(frozen=True, slots=True)
class DrawPreview:
    """A wall or region being drawn: the points so far and the pointer."""

    points: tuple[Point, ...]
    pointer: Point
    closed: bool


@dataclass(frozen=True, slots=True)
class LightDragPreview:
    """A light being dragged: where it would stand."""

    light_id: str
    at: Point


Preview = DragPreview | BoxPreview | DrawPreview | LightDragPreview | None


class Tool(Protocol):
    """What every map tool offers the scene. A tool may also set ``single_use = True`` to
    hand back to selecting after its first commit."""

    preview: Preview

    def feed(self, event: PointerEvent, encounter: Encounter) -> Commit | None: ...

    def cancel(self) -> None: ...

    def finish(self, encounter: Encounter) -> Commit | None: ...


class SelectTool:
    """Select, drag tokens (snapped unless ``snap`` is off or Shift/Alt is held), open doors.

    ``selection`` holds ids of tokens, walls and regions. A press on a token drags the whole
    selection; a press on a light's flame (``move_lights``, the GM's tool) drags the light; a
    press on empty ground draws a selection box (Ctrl adds to the selection); a click on a door
    opens or closes it; a click on any other wall, or inside a region, selects it.

    ``modes`` holds the way of moving picked for a token (a
    :class:`~battlemap.rules.interface.MoveMode` id); :meth:`next_mode` steps the dragged token to
    the next one its system declares (M while dragging), and the ruler counts the move's cost in it.

    The drag's path follows the hand through the cells (going back over a cell cuts the loop
    off); :meth:`add_waypoint` pins the path so far (the GUI calls it on a pause, a click of
    another button, Space), :meth:`remove_waypoint` unpins the last (Backspace: the path goes
    straight from the waypoint before), :meth:`toggle_shortest` makes the path from the last
    waypoint the shortest way round the walls (W). The move is counted along the path; a path
    through a wall that stops a move (a closed door) commits with ``confirm`` set.

    On the table, ``movable`` says which tokens the players may drag (a press on any other
    token only selects it) and ``doors`` whether a click opens doors. Tokens the game system
    links to move together (a rider and his mount) are dragged with the one pressed, and the
    ruler measures the carrier's move (the mount's Pace).
    """

    single_use: ClassVar[bool] = False

    def __init__(self, snap: bool = True, pick_hidden: bool = True) -> None:
        self.snap = snap
        self.pick_hidden = pick_hidden
        self.movable: Callable[[Token, Encounter], bool] = lambda token, encounter: True
        self.doors = True
        self.shown: Callable[[str], bool] = lambda token_id: True
        """Whether a token may be picked: on the player view, only those it draws (a player
        cannot grab a creature standing unseen in the dark)."""
        self.move_lights = pick_hidden
        self._light: str | None = None
        self.selection: frozenset[str] = frozenset()
        self.preview: Preview = None
        self._press: PointerEvent | None = None
        self._origins: dict[str, Point] = {}
        self._lead: str | None = None
        self._field: Battlefield | None = None
        self._movement: Movement | None = None
        self._last: PointerEvent | None = None
        self._planned: tuple[tuple[object, ...], tuple[object, ...], MovePlan] | None = None
        """The last drag step's plan, by what it was worked out from: the objects (compared
        by identity) and the path, mode and mover (by value); a move within the same cell
        finds it again (the ruler's wall crossings are worked out once per cell)."""
        self._pinned: list[Point] = []
        self._pins: list[int] = []
        self._trace: list[Point] = []
        self._shortest = False
        self._exact = False
        self._ways: dict[tuple[Point, Point], WayAnswer] = {}
        self._wanted: tuple[Point, Point] | None = None
        self._recent: tuple[Point, ...] | None = None
        self._answer: WayAnswer = ()
        """The answer for the way the drag shows (() while none is wanted or known)."""
        self._drag = 0
        self.finder: Callable[[WayRequest], None] | None = None
        """Searches for the shortest way off this thread (the GUI's worker) and answers
        with :meth:`way_found`; None: the tool searches itself, at once."""
        self.modes: dict[str, str] = {}
        self.refused = ""
        """Why the last drag was refused (a token its system holds to its spot), in words for
        the status bar; "" when none was."""

    def feed(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        if event.kind is PointerKind.CANCEL:
            self.cancel()
        elif event.kind is PointerKind.PRESS and self.is_dragging:
            self.add_waypoint(encounter)  # another button clicked during the drag
        elif event.kind is PointerKind.PRESS and Button.LEFT in event.buttons:
            self._on_press(event, encounter)
        elif event.kind is PointerKind.MOVE and self._press is not None:
            self._on_move(event, encounter)
        elif (event.kind is PointerKind.RELEASE and self._press is not None
              and Button.LEFT in event.buttons):
            return self._on_release(event, encounter)
        return None

    @property
    def is_dragging(self) -> bool:
        """Whether a token drag is under way (its ruler shown)."""
        return isinstance(self.preview, DragPreview)

    def add_waypoint(self, encounter: Encounter) -> bool:
        """Pin the drag's path up to where the token is now; False (nothing pinned) when no
        token is dragged or the path already ends at a waypoint."""
        if not self.is_dragging or self._last is None:
            return False
        path = self._lead_path(self._last, encounter)
        if path[-1] == self._pinned[-1]:
            return False
        self._pinned = list(path)
        self._pins.append(len(self._pinned) - 1)
        self._trace = []
        self.preview = self._drag_preview(self._last, encounter)
        return True

    def remove_waypoint(self, encounter: Encounter) -> bool:
        """Unpin the last waypoint: the path goes straight on from the one before (or from
        the start). False when there is none."""
        if not self.is_dragging or not self._pins or self._last is None:
            return False
        self._pins.pop()
        self._pinned = self._pinned[: self._pins[-1] + 1] if self._pins else self._pinned[:1]
        self._trace = []
        self.preview = self._drag_preview(self._last, encounter)
        return True

    def toggle_shortest(self, encounter: Encounter) -> bool:
        """Follow the shortest way round the walls from the last waypoint (or stop following
        it); False when no token is dragged."""
        if not self.is_dragging or self._last is None:
            return False
        self._shortest = not self._shortest
        self._trace, self._wanted = [], None
        self.preview = self._drag_preview(self._last, encounter)
        return True

    @property
    def finding(self) -> bool:
        """Whether the drag waits for its :attr:`finder` to answer."""
        return self._wanted is not None and self.is_dragging

    def way_found(self, request: WayRequest, answer: WayAnswer, encounter: Encounter) -> bool:
        """The :attr:`finder`'s answer to ``request``: kept and shown when the drag still
        wants it (True), else dropped (the drag ended, or the hand moved on: a newer
        request is out)."""
        key = (request.start, request.end)
        if request.drag != self._drag or key != self._wanted or self._last is None:
            return False
        self._ways[key], self._wanted = answer, None
        self.preview = self._drag_preview(self._last, encounter)
        return True

    def cancel(self) -> None:
        """Drop any drag or box in progress (Esc): nothing is committed."""
        self._press = None
        self._lead = None
        self._light = None
        self._field = None
        self._movement = None
        self._last = None
        self._planned = None
        self._origins = {}
        self._pinned, self._pins, self._trace = [], [], []
        self._shortest = self._exact = False
        self._ways, self._wanted, self._recent, self._answer = {}, None, None, ()
        self._drag += 1
        self.preview = None

    def next_mode(self, encounter: Encounter) -> None:
        """The dragged token moves the next way its system declares (after the last: the
        first again); the ruler is measured again. Nothing while no token is dragged."""
        if self._lead is None or self._movement is None or not self._movement.modes:
            return
        modes = [m.id for m in self._movement.modes]
        now = self.modes.get(self._lead) or self._movement.mode or modes[0]
        self.modes[self._lead] = modes[(modes.index(now) + 1) % len(modes)]
        if self._last is not None and isinstance(self.preview, DragPreview):
            self.preview = self._drag_preview(self._last, encounter)

    def finish(self, encounter: Encounter) -> Commit | None:
        return None

    def _on_press(self, event: PointerEvent, encounter: Encounter) -> None:
        self._press = event
        token = self._token_at(encounter, event.point)
        if token is None:
            self._lead = None
            self._light = light_at(encounter, *event.point) if self.move_lights else None
            return
        if token.id not in self.selection:
            adding = Modifier.CTRL in event.modifiers
            self.selection = (self.selection | {token.id}) if adding else frozenset({token.id})
        if not self.movable(token, encounter):
            self._press = None  # selected, but it stays where it is
            return
        self._lead = token.id
        from battlemap.desktop.core.battlefield import battlefield_of  # geometry: not for the start

        self._field = battlefield_of(encounter)  # built once per drag, measured every move
        moving = moving_together(encounter, {t.id for t in encounter.tokens
                                             if t.id in self.selection
                                             and self.movable(t, encounter)})
        self._origins = {t.id: (t.x, t.y) for t in encounter.tokens if t.id in moving}
        self._pinned, self._pins, self._trace = [self._origins[token.id]], [], []
        # the ruler measures the carrier's move (a rider's mount)
        self._movement = movement_of(encounter, carrier_of(encounter, token.id))

    def _token_at(self, encounter: Encounter, point: Point) -> Token | None:
        token = token_at(encounter, *point, include_hidden=self.pick_hidden)
        return token if token is not None and self.shown(token.id) else None

    def _on_move(self, event: PointerEvent, encounter: Encounter) -> None:
        assert self._press is not None
        moved = abs(event.x - self._press.x) + abs(event.y - self._press.y)
        if self.preview is None and moved < CLICK_SLOP:
            return
        if self._light is not None:
            self.preview = self._light_preview(event, encounter)
            return
        if self._lead is None:
            self.preview = BoxPreview(self._press.point, event.point)
            return
        self.preview = self._drag_preview(event, encounter)

    def _drag_preview(self, event: PointerEvent, encounter: Encounter) -> DragPreview:
        assert self._press is not None and self._lead is not None and self._field is not None
        self._last = event
        lead = encounter.token(self._lead)
        path = self._lead_path(event, encounter)
        ox, oy = path[0]
        x, y = path[-1]
        dx, dy = x - ox, y - oy
        positions = tuple((tid, (px + dx, py + dy)) for tid, (px, py) in self._origins.items())
        mode = _known(self._movement, self.modes.get(lead.id, ""))
        objects, values = (encounter, self._field, self._movement), (lead.id, mode, path)
        planned = self._planned
        if planned is not None and values == planned[1] and all(
                a is b for a, b in zip(objects, planned[0], strict=True)):
            plan = planned[2]  # the same cell and path as the step before
        else:
            plan = plan_move(encounter, lead.id, (x, y), mode, field=self._field,
                             movement=self._movement, start=(ox, oy), via=path[1:-1])
            self._planned = (objects, values, plan)
        waypoints = tuple(self._pinned[i] for i in self._pins)
        preview = _preview_of(plan, positions, waypoints, self._shortest)
        if not self._shortest:
            return preview
        return replace(preview, finding=self._wanted is not None,
                       way_note=self._way_note())

    def _way_note(self) -> str:
        """Why the shortest way is not shown ("": it is, or it is being sought)."""
        if self._answer is None:
            return "No way round the walls to there"
        if self._answer == TIMED_OUT:
            return "No way round found in time"
        return ""

    def _lead_path(self, event: PointerEvent, encounter: Encounter) -> tuple[Point, ...]:
        """The lead token's path to where ``event`` puts it: the pinned path, then the cells
        the hand went through since the last waypoint (or the shortest way there)."""
        assert self._press is not None and self._lead is not None
        lead = encounter.token(self._lead)
        ox, oy = self._origins[self._lead]
        x, y = ox + event.x - self._press.x, oy + event.y - self._press.y
        free = not self.snap or event.is_free
        if not free:
            x, y = snap_point(x, y, encounter.grid.kind, lead.size)
        end, base = (x, y), self._pinned[-1]
        free = free or encounter.grid.kind is GridKind.GRIDLESS
        if self._shortest:
            way = self._way(encounter, base, end, free)
            if isinstance(way, tuple):
                return (*self._pinned, *way[1:])
        self._follow(end, free)
        points = [*self._pinned, *self._trace]
        if points[-1] != end:
            points.append(end)
        return tuple(points)

    def _follow(self, end: Point, free: bool) -> None:
        """Note that the hand reached ``end``: a new cell joins the trace (off the grid, a
        point a cell on from the last); back on a cell of the trace, the loop is cut off."""
        if end == self._pinned[-1]:
            self._trace = []
        elif end in self._trace:
            del self._trace[self._trace.index(end) + 1:]
        elif not free:
            self._trace.append(end)
        else:
            last = self._trace[-1] if self._trace else self._pinned[-1]
            if abs(end[0] - last[0]) + abs(end[1] - last[1]) >= 1.0:
                self._trace.append(end)

    def _way(self, encounter: Encounter, start: Point, end: Point,
             free: bool) -> WayAnswer:
        """The shortest way ``start -> end`` round the walls, found once per pair of points;
        off the grid once per :data:`WAY_STEP` of the hand's moves (the way found for the
        nearest such point, its last leg bent to ``end``: a wall it then meets shows red;
        the drop searches for ``end`` itself, unless a :attr:`finder` searches: then the drop
        goes the way shown). While the finder searches, the way last found from ``start``,
        bent to ``end`` (None: none yet)."""
        assert self._lead is not None
        if free and (self.finder is not None or not self._exact):
            near = (round(end[0] / WAY_STEP) * WAY_STEP, round(end[1] / WAY_STEP) * WAY_STEP)
            way = self._way(encounter, start, near, False)
            return (*way[:-1], end) if isinstance(way, tuple) else way
        key = (start, end)
        if key in self._ways:
            found = self._answer = self._ways[key]
            if isinstance(found, tuple):
                self._recent = found
            return found
        self._answer = ()
        mode = _known(self._movement, self.modes.get(self._lead, ""))
        request = WayRequest(encounter, self._lead, start, end, mode, self._field,
                             self._movement, self._drag)
        if self.finder is None:
            self._ways[key] = self._answer = request.find()
            return self._answer
        if self._wanted != key:
            self._wanted = key
            self.finder(request)
        recent = self._recent
        if recent is None or recent[0] != start:
            return None
        return (*recent[:-1], end)

    def _light_preview(self, event: PointerEvent, encounter: Encounter) -> LightDragPreview:
        assert self._press is not None and self._light is not None
        light = next(lt for lt in encounter.lights if lt.id == self._light)
        x, y = light.x + event.x - self._press.x, light.y + event.y - self._press.y
        return LightDragPreview(light.id, (x, y))

    def _on_release(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        press, preview = self._press, self.preview
        self.refused = ""
        assert press is not None
        if isinstance(preview, DragPreview):
            self._exact = True
            preview = self._drag_preview(event, encounter)
        elif isinstance(preview, LightDragPreview):
            preview = self._light_preview(event, encounter)
        self.cancel()
        if isinstance(preview, LightDragPreview):
            return Commit("Move light", move_light(encounter, preview.light_id, preview.at))
        if isinstance(preview, DragPreview):
            return self._commit_drag(preview, encounter)
        if isinstance(preview, BoxPreview):
            self._select_in_box(preview, encounter, Modifier.CTRL in event.modifiers)
            return None
        if self._token_at(encounter, press.point) is None:
            return self._click_ground(press, encounter)
        return None

    def _commit_drag(self, preview: DragPreview, encounter: Encounter) -> Commit | None:
        if preview.start == preview.end:
            return None
        lead_mode = self.modes.get(preview.lead_id, "")
        plans = {}
        for tid, at in preview.positions:  # each token goes the lead's way, side by side
            dx, dy = at[0] - preview.end[0], at[1] - preview.end[1]
            via = [(px + dx, py + dy) for px, py in preview.path[1:-1]]
            plans[tid] = self._plan_for(encounter, tid, at, self.modes.get(tid) or lead_mode,
                                        via)
        held = next((p.movement.held for p in plans.values()
                     if p.movement is not None and p.movement.held), "")
        if held:
            self.refused = f"not moved: {held}"
            return None
        moved = make_move(encounter, dict(preview.positions), plans)
        label = label_for_move(encounter, [tid for tid, _ in preview.positions])
        through = [plan.through for plan in plans.values() if plan.through]
        return Commit(label, moved, "; ".join(through) if through else None)

    @staticmethod
    def _plan_for(encounter: Encounter, token_id: str, at: Point, mode: str,
                  via: list[Point]) -> MovePlan:
        movement = movement_of(encounter, token_id)
        return plan_move(encounter, token_id, at, _known(movement, mode), movement=movement,
                         via=via)

    def _select_in_box(self, box: BoxPreview, encounter: Encounter, adding: bool) -> None:
        x0, x1 = sorted((box.corner[0], box.other[0]))
        y0, y1 = sorted((box.corner[1], box.other[1]))
        inside = {
            t.id for t in encounter.tokens
            if x0 <= t.x <= x1 and y0 <= t.y <= y1 and (self.pick_hidden or not t.hidden)
            and self.shown(t.id)
        }
        self.selection = (self.selection | inside) if adding else frozenset(inside)

    def _click_ground(self, press: PointerEvent, encounter: Encounter) -> Commit | None:
        wall = wall_at(encounter, *press.point)
        if wall is not None and wall.kind is WallKind.DOOR and not self.doors:
            return None
        if wall is not None and wall.kind is WallKind.DOOR:
            verb = "Close" if wall.is_open else "Open"
            return Commit(f"{verb} door", toggle_door(encounter, wall.id))
        adding = Modifier.CTRL in press.modifiers
        found = wall or region_at(encounter, *press.point)
        picked = frozenset({found.id}) if found is not None else frozenset()
        self.selection = (self.selection | picked) if adding else picked
        return None


def _known(movement: Movement | None, mode: str) -> str:
    """``mode`` if the mover's system declares it, else "" (the system's own choice)."""
    return mode if movement is not None and movement.mode_named(mode) else ""


def _preview_of(plan: MovePlan, positions: tuple[tuple[str, Point], ...],
                waypoints: tuple[Point, ...] = (), shortest: bool = False) -> DragPreview:
    """The ruler of a drag as the plan of its lead token counts it."""
    move, mode = plan.movement, plan.mode
    plain = mode is None or move is None or mode.id == move.modes[0].id
    return DragPreview(
        plan.token_id, positions, plan.start, plan.end, plan.distance,
        move.pace if move is not None else plan.cost, plan.band,
        move.name if move is not None else "", cost=plan.cost, spent=plan.spent,
        mode_name="" if plain or mode is None else mode.name,
        dash=move.dash if move is not None else 0.0,
        dash_name=move.dash_name if move is not None else "",
        limit=mode.limit if mode is not None else None, path=plan.path,
        waypoints=waypoints, blocked=tuple(sorted({c.leg for c in plan.crossings})),
        through=plan.through, through_what=tuple(c.what for c in plan.crossings),
        shortest=shortest, counted_in=move.counted_in if move is not None else "")


LOW_WALL_HEIGHT = 0.5
"""The height (cells) of a wall drawn with the Low wall tool: waist high on a Medium creature
(1 cell tall, eyes at 0.9), so it gives cover and can be seen and shot over."""


class DrawTool:
    """Draw a wall polyline (``region_kind`` None) or a region polygon, a click per vertex.

    Vertices snap to grid corners unless Shift/Alt is held. A double click (its point is the
    last vertex), a right click or :meth:`finish` (Enter) ends the shape; :meth:`cancel` (Esc)
    drops it.
    """

    single_use: ClassVar[bool] = False

    def __init__(
        self,
        wall_kind: WallKind = WallKind.WALL,
        region_kind: RegionKind | None = None,
        wall_height: float | None = None,
    ) -> None:
        self.wall_kind = wall_kind
        self.region_kind = region_kind
        self.wall_height = wall_height
        self.points: list[Point] = []
        self.preview: Preview = None

    def feed(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        point = event.point if event.is_free else snap_corner(*event.point, encounter.grid.kind)
        is_left_press = event.kind is PointerKind.PRESS and Button.LEFT in event.buttons
        is_double = event.kind is PointerKind.DOUBLE_CLICK
        if (is_left_press or is_double) and (not self.points or self.points[-1] != point):
            self.points.append(point)
        if is_double or (event.kind is PointerKind.PRESS and Button.RIGHT in event.buttons):
            return self.finish(encounter)
        if self.points:
            closed = self.region_kind is not None
            self.preview = DrawPreview(tuple(self.points), point, closed)
        return None

    def cancel(self) -> None:
        self.points = []
        self.preview = None

    def finish(self, encounter: Encounter) -> Commit | None:
        """End the shape: a wall needs 2 points, a region 3; fewer drops it."""
        points = tuple(self.points)
        self.cancel()
        if self.region_kind is not None and len(points) >= 3:
            region = Region(id=encounter.new_id("r"), points=points, kind=self.region_kind)
            return Commit(f"Add {self.region_kind.value} region", encounter.with_region(region))
        if self.region_kind is None and len(points) >= 2:
            wall = Wall(
                id=encounter.new_id("w"), points=points, kind=self.wall_kind,
                height=self.wall_height,
            )
            label = f"Add {self.wall_kind.value.replace('_', ' ')}"
            return Commit(label, encounter.with_wall(wall))
        return None
