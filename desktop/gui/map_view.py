"""A camera on a map scene: wheel and pinch zoom, pan, fit, and pointer events in grid cells.

Panning: middle or right drag, Space + left drag, arrow keys, two-finger drag. A view with
``camera_locked`` set (the table's, by default) ignores all of these and the wheel: only the
program moves its camera. Esc and Enter
ask the interaction to cancel or finish the tool's work in progress; M while dragging a token
asks for its next way of moving; during a drag Space or a click of another button asks for a
waypoint, Backspace to remove the last, W for the shortest way round the walls. Left-button and
one-finger events are converted to :class:`~battlemap.desktop.core.tools.PointerEvent` values and
handed to ``pointer_handler`` (the interaction controller), so mouse, pen and touch all drive the
same Qt-free tools. A right click without a drag, or a half-second press without moving, asks for
the context menu through :attr:`MapView.context_requested`; Ctrl+Shift+click (and, on the table, the
long press) asks for a ping through :attr:`MapView.ping_requested`.

Zooming (issue 28): a wheel notch or a pinch step at a new zoom would redraw every item's cache
(walls, tokens, the map's tiles) in both windows. During a burst of them the view paints a
coarse frame instead: the last exact frame, scaled and moved to the new camera
(:meth:`MapView.begin_coarse`); :data:`SETTLE_MS` after the last step it paints the exact frame.
What the old frame did not show (zooming out) is the backdrop and the map's smallest copy on
the GM's view, and black on a players' view under fog (nothing unseen shows, even for a frame).
A coarse frame covers the viewport, so while a burst lasts Qt neither fills the viewport before
it nor scrolls (copies) its pixels when the camera moves; the exact frame of a settle is copied
just after it is painted, and the next burst starts from that copy if nothing was painted since.
"""

from __future__ import annotations

import math
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import shiboken6
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QRegion,
    QTouchEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from battlemap.desktop.core.tools import Button, Modifier, PointerEvent, PointerKind
from battlemap.desktop.gui.background_item import BackgroundItem
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.touch import TouchTracker

MIN_ZOOM, MAX_ZOOM = 0.05, 12.0
LONG_PRESS_MS = 500
PAN_SLOP_PX = 4
SAME_ZOOM = 1e-9
"""A zoom this close (relative) to the view's is the view's: after a scale, ``zoom /
self.zoom`` is often a rounding off 1.0, and the table, asked its zoom again at the next pan
step, scaled by it (its whole view repainted: a pan step tells the camera once now, so that
second scale came a step later, no longer within the step that scaled)."""
SETTLE_MS = 150
"""How long after the last wheel notch or pinch step the exact frame replaces the coarse one."""
PREPARE_MS = 60
"""How long after a zoom step's coarse frame, the camera resting, the view starts making the
map's tiles for the exact frame the settle will paint (:meth:`MapView.begin_coarse`)."""
PREPARE_SLICE_S = 0.003
"""The longest the view makes tiles at a time while a burst rests (then events are handled:
a notch that comes meanwhile waits at most this long)."""
IDLE_KEEP_MS = 250
"""How long an exact frame stays on screen, nothing painted after it, before the view copies
it for the next zoom burst (:meth:`MapView._keep_idle_frame`), whose first notch then takes the
copy as it is instead of copying both windows' frames (0.5 ms a window). A frame of a size
not copied yet is copied at once (the events of its paint handled first): the first notch of
a session copied into fresh memory, 4-5 ms of page faults a window (19 ms against 8-9 for the
other notches: the bench's wheel p95)."""
REST_MS = 30
"""How long after the last paint or input of every map view (the program at rest) the scenes'
items make what they keep for their views (:class:`Rest`), between inputs instead of inside
the first frame that needs it: the fog's layer at a new camera, the regions' outlines."""
INPUTS = frozenset({QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
                    QEvent.Type.MouseMove, QEvent.Type.Wheel, QEvent.Type.TouchBegin,
                    QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd, QEvent.Type.KeyPress})
"""The viewport's events that tell the program is not at rest."""
BACKDROP_TUCK_PX = 2
"""How far the backdrop reaches under the map's edge, in screen pixels (no seam between)."""
PING_MODIFIERS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
BUTTONS = {
    Qt.MouseButton.LeftButton: Button.LEFT,
    Qt.MouseButton.RightButton: Button.RIGHT,
    Qt.MouseButton.MiddleButton: Button.MIDDLE,
}


def around(outer: QRectF, hole: QRectF) -> list[QRectF]:
    """The parts of ``outer`` outside ``hole``: up to four rectangles (above, below, left,
    right).

    Examples
    --------
    >>> [r.getRect() for r in around(QRectF(0, 0, 10, 10), QRectF(2, 3, 4, 4))]
    [(0.0, 0.0, 10.0, 3.0), (0.0, 7.0, 10.0, 3.0), (0.0, 3.0, 2.0, 4.0), (6.0, 3.0, 4.0, 4.0)]
    """
    inner = outer.intersected(hole)
    if inner.isEmpty():
        return [outer]
    parts = [
        QRectF(outer.left(), outer.top(), outer.width(), inner.top() - outer.top()),
        QRectF(outer.left(), inner.bottom(), outer.width(), outer.bottom() - inner.bottom()),
        QRectF(outer.left(), inner.top(), inner.left() - outer.left(), inner.height()),
        QRectF(inner.right(), inner.top(), outer.right() - inner.right(), inner.height()),
    ]
    return [part for part in parts if not part.isEmpty()]


def copy_pixels(source: QImage, box: QRect, into: QImage) -> None:
    """The pixels of ``source`` in ``box`` (pixels, whatever its device pixel ratio) into
    ``into``'s top left (rectangle to rectangle: ``drawImage``'s point overload divides by
    the source's ratio, and would copy a HiDPI frame at half size).

    Examples
    --------
    >>> from PySide6.QtGui import QColor
    >>> source = QImage(40, 300, QImage.Format.Format_RGB32)
    >>> source.fill(QColor("#102030"))
    >>> source.setPixelColor(7, 250, QColor("#ff0000"))
    >>> source.setDevicePixelRatio(2.0)
    >>> into = QImage(30, 280, QImage.Format.Format_RGB32)
    >>> copy_pixels(source, QRect(5, 10, 30, 280), into)
    >>> into.pixelColor(2, 240).name(), into.pixelColor(29, 279).name()
    ('#ff0000', '#102030')
    """
    ratio = into.devicePixelRatio()
    into.setDevicePixelRatio(1.0)
    painter = QPainter(into)
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
    painter.drawImage(QRectF(0, 0, box.width(), box.height()), source, QRectF(box))
    painter.end()
    into.setDevicePixelRatio(ratio)


class Rest(QObject):
    """The program's rest: :data:`REST_MS` after the last paint or input of any map view, the
    views' items make what they keep for them, one piece a slice (the events that came
    meanwhile handled between), until none is left. A view resting while the other paints
    (the table's frame after the GM's) is not at rest: its work would land in that frame.

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> Rest.of_program() is Rest.of_program(), Rest.of_program().timer.interval() == REST_MS
    (True, True)
    """

    _program: Rest | None = None

    def __init__(self) -> None:
        super().__init__(QCoreApplication.instance())
        self.views: weakref.WeakSet[MapView] = weakref.WeakSet()
        self.timer = QTimer(self, singleShot=True, interval=REST_MS)
        self.timer.timeout.connect(self._work)

    @classmethod
    def of_program(cls) -> Rest:
        """The one rest of the running program (made with the first view)."""
        if cls._program is None or not shiboken6.isValid(cls._program):
            cls._program = Rest()
        return cls._program

    def wait(self) -> None:
        """A view painted or had an input: the rest starts :data:`REST_MS` from now."""
        self.timer.start(REST_MS)

    def _work(self) -> None:
        for view in list(self.views):
            if shiboken6.isValid(view) and view.keep_at_rest():
                self.timer.start(0)  # the next piece after the events waiting
                return


class PaintWatch(QObject):
    """An event filter that counts the paints of the widgets it watches (a count, not a
    call back: a bound method of its view would tie the view's wrapper in a cycle, which the
    garbage collector clears while Qt still calls the view)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.paints = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def _widgets_on(widget: QWidget) -> tuple[int, ...]:
    """The widgets on ``widget`` (all its descendants), as their C++ addresses."""
    return tuple(shiboken6.getCppPointer(child)[0] for child in widget.findChildren(QWidget))


def modifiers_of(flags: Qt.KeyboardModifier) -> frozenset[Modifier]:
    pairs = [
        (Qt.KeyboardModifier.ShiftModifier, Modifier.SHIFT),
        (Qt.KeyboardModifier.AltModifier, Modifier.ALT),
        (Qt.KeyboardModifier.ControlModifier, Modifier.CTRL),
    ]
    return frozenset(m for flag, m in pairs if flags & flag)


class MapView(QGraphicsView):
    """A view on a :class:`MapScene`, which it owns.

    A QGraphicsView does not own its scene by default; freeing a view whose last Python
    reference to the scene goes with it crashed (segfault) when a view was replaced. Making the
    scene the view's QObject child deletes it after the view, in the right order.
    """

    camera_changed = Signal()
    settled = Signal()
    """A burst of zoom steps is over: the next frame is exact (:meth:`end_coarse`)."""
    context_requested = Signal(float, float, QPoint)
    ping_requested = Signal(float, float)
    """A ping asked at a point in cells: Ctrl+Shift+click, or a long press when
    :attr:`long_press_pings` is set (the table, where nobody needs a context menu)."""
    cancel_requested = Signal()
    finish_requested = Signal()
    mode_requested = Signal()
    waypoint_requested = Signal()
    """Space during a left drag (a click of another button goes to the tool as a press)."""
    unwaypoint_requested = Signal()
    """Backspace: the drag's last waypoint goes."""
    shortest_requested = Signal()
    """W: the drag follows the shortest way round the walls (or stops following it)."""
    """M: the dragged token moves the next way its game system declares (climbing, ...)."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__(scene)
        self.map_scene = scene
        scene.setParent(self)
        self.pointer_handler: Callable[[PointerEvent], None] | None = None
        self._pan_from: QPointF | None = None
        self._pan_moved = False
        self._space = False
        self._long_press = QTimer(self, singleShot=True, interval=LONG_PRESS_MS)
        self._long_press.timeout.connect(self._on_long_press)
        self._press_pos = QPoint()
        self._left_held = False
        self._touch = TouchTracker()
        self.camera_locked = False
        self.long_press_pings = False
        self.coarse_zoom = True
        """Paint a burst of zoom steps coarse (:meth:`begin_coarse`); False: every step exact."""
        self._coarse: tuple[QImage, QTransform] | None = None
        self.painted_region: QRegion | None = None
        """The region of the paint under way (viewport pixels), else None: an item whose
        exposed box is costly to paint whole paints the region's rectangles (a pan's L)."""
        self._frame = QImage()
        """The copy of the last exact frame a burst scales, kept for the next burst: a new
        one each burst cost 6-8 MB of fresh pages (3-4 ms of page faults) on its first notch."""
        self._frame_memory = QImage()
        """The image whose pixels :attr:`_frame` lies in (its top left): the largest frame
        copied since the view's frames grew, so a frame a few rows smaller (a scroll bar came,
        as the zoom crossed the map's size) takes the same memory, not 6 MB of fresh pages."""
        self._exact_paints = 0
        """Exact frames painted so far (any part of the viewport)."""
        self._frame_paints = -1
        """:attr:`_exact_paints` when :attr:`_frame` was copied after a settle: while they
        are equal, the copy is the viewport as painted, and the next burst's first notch takes
        it as it is instead of copying both windows' frames (:meth:`_keep_frame`)."""
        self._keep = QTimer(self, singleShot=True, interval=0)
        self._keep.timeout.connect(self._keep_frame)
        self._idle = QTimer(self, singleShot=True, interval=IDLE_KEEP_MS)
        self._idle.timeout.connect(self._keep_idle_frame)
        Rest.of_program().views.add(self)
        self._painted_at = QTransform()
        """The camera of the last exact paint."""
        self._frame_transform = QTransform()
        """The camera :attr:`_frame` was copied at (a camera moved since, its frame not yet
        painted, would otherwise be taken for the copy's)."""
        self._frame_children: tuple[int, ...] = ()
        """The widgets on the viewport when :attr:`_frame` was copied (their C++ addresses: no
        reference kept), each watched for its paints (:class:`PaintWatch`): one makes the copy
        stale."""
        self._child_paints = PaintWatch(self)
        self._frame_child_paints = 0
        """:attr:`_child_paints`' count when :attr:`_frame` was copied."""
        self._settling = False
        """The settle's exact frame is to come: once painted whole, it is copied."""
        self._keep_at: tuple[int, QTransform] = (-1, QTransform())
        """:attr:`_exact_paints` and the camera of the settle's frame, which is copied."""
        self._settle = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._settle.timeout.connect(self.end_coarse)
        self._prepare = QTimer(self, singleShot=True, interval=PREPARE_MS)
        self._prepare.timeout.connect(self._prepare_tiles)
        self._maps: list[BackgroundItem] | None = None
        hints = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
        self.setRenderHints(hints)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setBackgroundBrush(Qt.GlobalColor.darkGray)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)
        self.viewport().setMouseTracking(True)
        self._held_scroll: list[int] | None = None
        """While both scroll bars move (:meth:`_one_scroll`): the scroll held back (dx, dy)
        and whether a bar moved."""
        self.horizontalScrollBar().valueChanged.connect(self._on_scrolled)
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)

    @property
    def zoom(self) -> float:
        """Screen pixels per scene pixel (whatever the view's rotation)."""
        return math.hypot(self.transform().m11(), self.transform().m12())

    @property
    def rotation(self) -> int:
        """The view's rotation, degrees clockwise (0, 90, 180 or 270)."""
        t = self.transform()
        return round(math.degrees(math.atan2(t.m12(), t.m11()))) % 360

    def set_rotation(self, degrees: int) -> None:
        """Turn the view ``degrees`` clockwise, keeping its centre and zoom."""
        centre, zoom = self.camera()
        turned = QTransform()
        turned.rotate(degrees)
        turned.scale(zoom, zoom)
        self.setTransform(turned)
        self.map_scene.set_turned(self.rotation in (90, 270))
        self.centerOn(centre)
        self.camera_changed.emit()

    def set_zoom(self, zoom: float) -> None:
        """Scale the view to ``zoom`` and tell :attr:`camera_changed` once: the scale moves
        both scroll bars (the anchor), and each bar's move told it apart, half done (the
        table followed a notch three times, scrolling its viewport twice)."""
        factor = max(MIN_ZOOM, min(MAX_ZOOM, zoom)) / self.zoom
        if abs(factor - 1.0) < SAME_ZOOM:
            return  # the table following a pan: nothing to redo or tell
        blocked = self.blockSignals(True)
        try:
            self.scale(factor, factor)
        finally:
            self.blockSignals(blocked)
        self.camera_changed.emit()

    def zoom_by(self, factor: float) -> None:
        self.set_zoom(self.zoom * factor)

    def fit_map(self) -> None:
        """Zoom and centre so the whole map is visible."""
        self.fitInView(self.map_scene.map_rect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.camera_changed.emit()

    def camera(self) -> tuple[QPointF, float]:
        """The scene point at the viewport centre and the zoom (screen px per scene px)."""
        return self.mapToScene(self.viewport().rect().center()), self.zoom

    def set_camera(self, centre: QPointF, zoom: float) -> None:
        """Zoom to ``zoom`` and centre on ``centre`` (scene pixels), and tell
        :attr:`camera_changed` once, both done: the table following a notch told it after its
        scale, half done, then after its scroll (its frame on the GM's map traced twice)."""
        before = self.viewportTransform()
        blocked = self.blockSignals(True)
        try:
            self.set_zoom(zoom)
            with self._one_scroll():
                self.centerOn(centre)
        finally:
            self.blockSignals(blocked)
        if self.viewportTransform() != before:
            self.camera_changed.emit()

    def _on_scrolled(self) -> None:
        if self._held_scroll is None:
            self.camera_changed.emit()
        else:
            self._held_scroll[2] = 1

    @contextmanager
    def _one_scroll(self) -> Iterator[None]:
        """Both scroll bars set inside scroll the viewport once, by both moves, and tell
        :attr:`camera_changed` once: Qt scrolls (copies the viewport's pixels) and tells at
        each bar's change, so a diagonal pan copied each window's pixels twice a step and the
        table followed twice. The strip exposed and the pixels copied are the same."""
        if self._held_scroll is not None:
            yield
            return
        held = self._held_scroll = [0, 0, 0]
        try:
            yield
        finally:
            self._held_scroll = None
            if held[0] or held[1]:
                super().scrollContentsBy(held[0], held[1])
            if held[2]:
                self.camera_changed.emit()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        if self._held_scroll is not None:
            self._held_scroll[0] += dx
            self._held_scroll[1] += dy
            return
        super().scrollContentsBy(dx, dy)

    def cell_at(self, pos: QPoint | QPointF) -> tuple[float, float]:
        """The grid-cell coordinates under a viewport position."""
        scene_pos = self.mapToScene(QPoint(round(pos.x()), round(pos.y())))
        return (scene_pos.x() / CELL, scene_pos.y() / CELL)

    @property
    def camera_locked(self) -> bool:
        """Whether wheel, pinch, drags and keys leave the camera alone."""
        return self._touch.locked

    @camera_locked.setter
    def camera_locked(self, locked: bool) -> None:
        self._touch.locked = locked

    def wheelEvent(self, event: QWheelEvent) -> None:
        if not self.camera_locked:
            self.begin_coarse()
            self.zoom_by(1.0015 ** event.angleDelta().y())

    @property
    def coarse(self) -> bool:
        """Whether the view paints a burst's coarse frames (until it settles)."""
        return self._coarse is not None

    def begin_coarse(self) -> None:
        """A zoom step of a burst (call it before changing the camera): until
        :data:`SETTLE_MS` after the last one, frames scale the last exact frame to the camera
        instead of redrawing the scene. Nothing happens with :attr:`coarse_zoom` off or a view
        not on screen (no frame to scale)."""
        if not self.coarse_zoom or not self.viewport().isVisible():
            return
        if self._coarse is None:
            kept = self._kept_frame()
            if kept is not None:
                self._coarse = (kept, self._frame_transform)
            else:
                frame = self._last_frame()
                if frame is None:
                    return
                self._coarse = (frame, self.viewportTransform())
            self._settling = False
            self._coarse_painting(True)
        self._settle.start()
        self._prepare.setInterval(PREPARE_MS)
        self._prepare.start()

    def end_coarse(self) -> None:
        """The burst is over: the exact frame at the camera (the settle timer calls it)."""
        self._settle.stop()
        self._prepare.stop()
        if not self._maps:
            self._maps = None  # no map found: look again at the next burst
        if self._coarse is not None:
            self._coarse = None
            self._coarse_painting(False)
            self._settling = True
            self.viewport().update()
            self.settled.emit()

    def _coarse_painting(self, on: bool) -> None:
        """While a burst paints coarse frames: every change repaints the whole viewport, which
        is not filled before (each coarse frame covers it), and a scroll (the table following
        the GM's anchor) copies no pixels. Qt filled each frame's 2 MB with the viewport's
        background, then the frame covered them, and scrolled (copied) the table's 8 MB of
        pixels that the next frame painted over."""
        mode = QGraphicsView.ViewportUpdateMode
        self.setViewportUpdateMode(mode.FullViewportUpdate if on else mode.SmartViewportUpdate)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, on)

    def _kept_frame(self) -> QImage | None:
        """The frame copied after the last settle, if nothing was painted since (the viewport,
        or a widget on it, the token HUD's chips, which repaint on their own), else None."""
        if self._frame_paints != self._exact_paints or self._frame.isNull():
            return None
        if self._child_paints.paints != self._frame_child_paints:
            return None
        viewport = self.viewport()
        ratio = self._frame.devicePixelRatio()
        if (round(viewport.width() * ratio), round(viewport.height() * ratio)) != (
                self._frame.width(), self._frame.height()):
            return None
        if _widgets_on(viewport) != self._frame_children:
            return None  # a widget came on the viewport since (its first paint not watched)
        return self._frame

    def _keep_frame(self) -> None:
        """Just after the settle's exact frame (events handled between): copy it for the next
        burst, which then starts without copying (the copy is the viewport's pixels: the
        first notch of a burst copied both windows' frames, 1-4 ms each)."""
        if self._coarse is not None or not self.viewport().isVisible():
            return
        painted = self._exact_paints
        if (painted, self.viewportTransform()) != self._keep_at:
            return  # painted again, or a camera moved and its frame is to come: not kept
        if self._copy_of_store() is not None:  # a copy, not a grab (a repaint)
            self._frame_paints = painted
            self._frame_transform = self.viewportTransform()
            children = self.viewport().findChildren(QWidget)
            for child in children:  # (installed once: Qt moves it to the front)
                child.installEventFilter(self._child_paints)
            self._frame_children = _widgets_on(self.viewport())
            self._frame_child_paints = self._child_paints.paints

    def _keep_idle_frame(self) -> None:
        """:data:`IDLE_KEEP_MS` after the last exact paint (a drop, a pan, the map shown):
        its frame copied for the next burst as the settle's is (:meth:`_keep_frame`), unless
        the kept copy is that frame already or the camera moved since it was painted."""
        if self._kept_frame() is None:
            self._keep_at = (self._exact_paints, self._painted_at)
            self._keep_frame()

    def keep_at_rest(self) -> bool:
        """The program rests: one piece of what the scene's items keep for this view made
        (:meth:`MapScene.keep_at_rest`: the fog's layer, the regions' outlines); whether there
        was one. Nothing during a zoom burst (its coarse frames paint no item)."""
        return (self._coarse is None and self.viewport().isVisible()
                and self.map_scene.keep_at_rest(self.viewport()))

    def _prepare_tiles(self) -> None:
        """While a burst rests: the map's tiles at the camera, :data:`PREPARE_SLICE_S` at a
        time (again at once until all are made), so the settle's exact frame copies them
        instead of rescaling the map (the tiles it would make, the same pixels)."""
        if self._coarse is None:
            return
        deadline = time.perf_counter() + PREPARE_SLICE_S
        view = self.viewportTransform()
        area = QRectF(self.viewport().rect())
        for item in self._burst_maps():
            if not item.prepare(self.viewport(), item.deviceTransform(view), self.renderHints(),
                                area, deadline):
                self._prepare.setInterval(0)
                self._prepare.start()
                return

    def _burst_maps(self) -> list[BackgroundItem]:
        """The scene's map images, looked up once (again when one left the scene), not among
        the items under each part of each coarse frame."""
        if self._maps is None or any(item.scene() is not self.map_scene for item in self._maps):
            self._maps = [item for item in self.map_scene.items()
                          if isinstance(item, BackgroundItem)]
        return self._maps

    def _last_frame(self) -> QImage | None:
        """The viewport's pixels as last painted: copied from the window's backing store
        where it is an image (:meth:`_copy_of_store`), else grabbed (a repaint)."""
        frame = self._copy_of_store()
        if frame is not None:
            return frame
        grabbed = self.viewport().grab().toImage()
        return None if grabbed.isNull() else grabbed

    def _copy_of_store(self) -> QImage | None:
        """The viewport's pixels copied from the window's backing store into the frame kept
        from the last burst, where the store is an image (raster windows: X11, Wayland,
        Windows, offscreen), else None."""
        found = self._in_store()
        if found is None:
            return None
        device, box = found
        if not self._fits(device, box):
            self._frame = self._frame_in_memory(box.size(), device.format())
        copy_pixels(device, box, self._frame)
        self._frame.setDevicePixelRatio(device.devicePixelRatio())
        return self._frame

    def _frame_in_memory(self, size: QSize, form: QImage.Format) -> QImage:
        """An image of ``size`` and ``form`` lying in the top left of :attr:`_frame_memory`
        (its rows as long), which is made anew where it is too small or of another format."""
        memory = self._frame_memory
        if (memory.format() != form or memory.width() < size.width()
                or memory.height() < size.height()):
            memory = self._frame_memory = QImage(size, form)
            return memory
        return QImage(memory.bits(), size.width(), size.height(), memory.bytesPerLine(), form)

    def _in_store(self) -> tuple[QImage, QRect] | None:
        """The window's backing store and the viewport's box in it (device pixels), where the
        store is an image holding the whole viewport, else None."""
        viewport = self.viewport()
        store = viewport.backingStore()
        device = store.paintDevice() if store is not None else None
        if not isinstance(device, QImage) or device.isNull():
            return None
        ratio = device.devicePixelRatio()
        corner = viewport.mapTo(viewport.window(), QPoint(0, 0))
        size = viewport.size()
        box = QRect(round(corner.x() * ratio), round(corner.y() * ratio),
                    round(size.width() * ratio), round(size.height() * ratio))
        return (device, box) if device.rect().contains(box) else None

    def _frame_fits(self) -> bool:
        """Whether :attr:`_frame` has the size and format of the viewport's pixels in the
        backing store (or there is no such store to copy from)."""
        found = self._in_store()
        return found is None or self._fits(*found)

    def _fits(self, device: QImage, box: QRect) -> bool:
        return self._frame.size() == box.size() and self._frame.format() == device.format()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._coarse is None:
            self.painted_region = event.region()
            try:
                super().paintEvent(event)
            finally:
                self.painted_region = None
            self._exact_paints += 1
            self._painted_at = self.viewportTransform()
            Rest.of_program().wait()
            if self._settling and QRegion(self.viewport().rect()).subtracted(
                    event.region()).isEmpty():
                self._settling = False
                self._keep_at = (self._exact_paints, self.viewportTransform())
                self._keep.start()
            elif self.coarse_zoom:  # a frame to fit copied at once, else once at rest
                self._idle.start(IDLE_KEEP_MS if self._frame_fits() else 0)
            return
        frame, painted_at = self._coarse
        relative = painted_at.inverted()[0] * self.viewportTransform()
        ratio = frame.devicePixelRatio()
        shown = relative.mapRect(QRectF(0, 0, frame.width() / ratio, frame.height() / ratio))
        painter = QPainter(self.viewport())
        painter.setClipRegion(event.region())
        for part in around(QRectF(event.rect()), shown):
            self._paint_revealed(painter, part)
        painter.setTransform(relative)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(QPointF(0, 0), frame)
        painter.end()
        self._prepare.setInterval(PREPARE_MS)  # the camera rests from this frame on
        self._prepare.start()
        Rest.of_program().wait()

    def _paint_revealed(self, painter: QPainter, part: QRectF) -> None:
        """A part of the viewport the coarse frame does not cover: black on a players' view
        under fog, else the backdrop and the map's smallest copy."""
        scene = self.map_scene
        if scene.audience is Audience.PLAYER and scene.fog_item.isVisible():
            painter.fillRect(part, Qt.GlobalColor.black)
            return
        painter.fillRect(part, self.backgroundBrush())
        area = self.mapToScene(part.toAlignedRect()).boundingRect()
        painter.save()
        painter.setTransform(self.viewportTransform())
        for item in self._burst_maps():
            if item.isVisible():
                item.paint_coarse(painter, item.mapRectFromScene(area))
        painter.restore()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1),
                 Qt.Key.Key_Down: (0, 1)}
        if event.key() in steps and self.camera_locked:
            return
        if event.key() in steps:
            dx, dy = steps[Qt.Key(event.key())]
            self.pan_by(dx * CELL * self.zoom, dy * CELL * self.zoom)
        elif event.key() == Qt.Key.Key_Space and self._left_held:
            if not event.isAutoRepeat():
                self.waypoint_requested.emit()
        elif event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
        elif event.key() == Qt.Key.Key_Backspace:
            self.unwaypoint_requested.emit()
        elif event.key() == Qt.Key.Key_W and not event.isAutoRepeat():
            self.shortest_requested.emit()
        elif event.key() == Qt.Key.Key_Escape:
            self.cancel_requested.emit()
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish_requested.emit()
        elif event.key() == Qt.Key.Key_M and not event.isAutoRepeat():
            self.mode_requested.emit()
        else:
            super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
        super().keyReleaseEvent(event)

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the camera by screen pixels (one scroll of the viewport)."""
        with self._one_scroll():
            self.horizontalScrollBar().setValue(round(self.horizontalScrollBar().value() + dx))
            self.verticalScrollBar().setValue(round(self.verticalScrollBar().value() + dy))

    def _is_pan_press(self, event: QMouseEvent) -> bool:
        button = event.button()
        if button in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            return True
        return button == Qt.MouseButton.LeftButton and self._space and not self.camera_locked

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and event.modifiers() == PING_MODIFIERS:
            self.ping_requested.emit(*self.cell_at(event.position()))
            return
        if self._left_held and event.button() != Qt.MouseButton.LeftButton:
            self._send(PointerKind.PRESS, event)  # during a drag: the tool's (a waypoint)
            return
        if self._is_pan_press(event):
            self._pan_from, self._pan_moved = event.position(), False
            self._pan_button = event.button()
            return
        self._press_pos = event.position().toPoint()
        self._long_press.start()
        self._left_held = event.button() == Qt.MouseButton.LeftButton
        self._send(PointerKind.PRESS, event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_moved |= abs(delta.x()) + abs(delta.y()) > PAN_SLOP_PX
            if self._pan_moved and not self.camera_locked:
                self.pan_by(-delta.x(), -delta.y())
                self._pan_from = event.position()
            return
        if (event.position().toPoint() - self._press_pos).manhattanLength() > PAN_SLOP_PX:
            self._long_press.stop()
        self._send(PointerKind.MOVE, event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._left_held and event.button() != Qt.MouseButton.LeftButton:
            return  # the other button's click during a drag was its waypoint
        self._left_held = False
        self._long_press.stop()
        if self._pan_from is not None and event.button() == self._pan_button:
            self._pan_from = None
            if event.button() == Qt.MouseButton.RightButton and not self._pan_moved:
                self._ask_context(event.position().toPoint())
            return
        self._send(PointerKind.RELEASE, event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._send(PointerKind.DOUBLE_CLICK, event)

    def _send(self, kind: PointerKind, event: QMouseEvent) -> None:
        button = BUTTONS.get(event.button(), Button.LEFT)
        self._send_at(kind, event.position(), frozenset({button}), modifiers_of(event.modifiers()))

    def _send_at(
        self, kind: PointerKind, pos: QPointF, buttons: frozenset[Button],
        modifiers: frozenset[Modifier] = frozenset(),
    ) -> None:
        if self.pointer_handler is not None:
            x, y = self.cell_at(pos)
            self.pointer_handler(PointerEvent(kind, x, y, buttons, modifiers))

    def _ask_context(self, pos: QPoint) -> None:
        x, y = self.cell_at(pos)
        self.context_requested.emit(x, y, self.viewport().mapToGlobal(pos))

    def _on_long_press(self) -> None:
        if self.long_press_pings:
            self._send_at(PointerKind.CANCEL, QPointF(self._press_pos), frozenset({Button.LEFT}))
            self.ping_requested.emit(*self.cell_at(self._press_pos))
            return
        self._send_at(PointerKind.RELEASE, QPointF(self._press_pos), frozenset({Button.LEFT}))
        self._ask_context(self._press_pos)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """The backdrop around the map only, tucked two screen pixels under its edge: the
        map's own fill covers the rest, so those pixels are not filled twice a frame."""
        tuck = BACKDROP_TUCK_PX / max(self.zoom, MIN_ZOOM)
        hole = self.map_scene.map_rect().adjusted(tuck, tuck, -tuck, -tuck)
        for part in around(rect, hole):
            painter.fillRect(part, self.backgroundBrush())

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() in INPUTS:
            Rest.of_program().wait()
        if isinstance(event, QTouchEvent):
            event.accept()  # accepted touch: Qt synthesizes no mouse events from it
            self._on_touch(event)
            return True
        return super().viewportEvent(event)

    def _on_touch(self, event: QTouchEvent) -> None:
        gesture = self._touch.feed(event)
        if gesture.pan is not None:
            self._long_press.stop()
            self.pan_by(-gesture.pan.x(), -gesture.pan.y())
        if gesture.zoom != 1.0:
            self.begin_coarse()
            self.zoom_by(gesture.zoom)
        for kind, pos in gesture.pointer:
            if kind is PointerKind.PRESS:
                self._press_pos = pos.toPoint()
                self._long_press.start()
            elif kind is PointerKind.MOVE:
                if (pos.toPoint() - self._press_pos).manhattanLength() > PAN_SLOP_PX:
                    self._long_press.stop()
            else:
                self._long_press.stop()
            self._send_at(kind, pos, frozenset({Button.LEFT}))
