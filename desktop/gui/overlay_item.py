"""The tool layer: a drag's ghost tokens, path and distance readout; selection rings; the
selection box; the wall or region being drawn. It draws whatever the active tool previews.

A drag's path is drawn leg by leg in the colour of the band the move reaches; a leg through a
wall that stops a move is drawn red and dashed, and the readout says which wall, where, and
that W finds the way round; waypoints are dots on the path.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.move_plan import distance_text
from battlemap.desktop.core.tools import BoxPreview, DragPreview, DrawPreview, Preview
from battlemap.desktop.gui.label_layout import Covered, covered_near
from battlemap.desktop.gui.style import (
    CELL,
    LABEL_BACK,
    PACE_COLORS,
    SELECTION_COLOR,
    SIDE_COLORS,
    cosmetic_pen,
    label_font,
    to_scene,
)
from battlemap.desktop.gui.token_item import cover_changes
from battlemap.desktop.gui.wall_items import wall_path

THROUGH_COLOR = QColor("#ff1744")
"""A leg of the path through a wall that stops a move."""
GHOST_SCALE = 0.92
"""A drag's ghost token: its disc's radius as a share of the token's."""
Part = tuple[tuple[object, ...], tuple[float, float, float, float]]
"""A part of the tool layer's drawing: what it draws (a key, its kind first, equal for equal
pixels) and its scene box (x, y, width, height)."""
WORDS_KEPT = 64
"""How many places of a drag's words a tool layer keeps (a drag to and fro over a few cells
comes back to the same previews)."""
PEN_REACH = 13.0
"""Screen pixels the widest pen (12) reaches beyond what :meth:`ToolOverlayItem.drawn_rect`
says, and a pixel for antialiasing."""


def hint_text(preview: DragPreview, keys: bool = True) -> str:
    """The ruler's second line: what walls the path goes through and how to go round, or
    that the path is the shortest way round ("" when there is nothing to say); the status
    bar and the log say where. Without ``keys`` (the table: no keyboard) no key is named.

    Examples
    --------
    >>> from battlemap.desktop.core.movement import PaceBand
    >>> p = DragPreview("a", (), (0, 0), (3, 0), 3.0, 6.0, PaceBand.PACE,
    ...                 through="Ann's path goes through a closed door and a wall",
    ...                 through_what=("a closed door", "a wall"))
    >>> hint_text(p)
    'Through a closed door and a wall · W: the way round'
    >>> hint_text(p, keys=False)
    'Through a closed door and a wall'
    >>> from dataclasses import replace
    >>> hint_text(replace(p, shortest=True, finding=True))
    'Finding the shortest way… · W: your own way'
    >>> hint_text(replace(p, shortest=True, way_note="No way round the walls to there"))
    'No way round the walls to there · W: your own way'
    """
    if preview.shortest and (preview.finding or preview.way_note):
        note = "Finding the shortest way…" if preview.finding else preview.way_note
        return f"{note} · W: your own way" if keys else note
    what = preview.through_what
    walls = what[0] if len(what) == 1 else ", ".join(what[:-1]) + " and " + what[-1] if what \
        else ""
    if preview.through and preview.shortest:
        return f"Through {walls} · no way round"
    if preview.through:
        return f"Through {walls} · W: the way round" if keys else f"Through {walls}"
    if not preview.shortest:
        return ""
    return "The shortest way round · W: your own way" if keys else "The shortest way round"


def readout_text(preview: DragPreview, unit: str) -> str:
    """The distance readout of a drag, e.g. ``'7" (Pace 6)'`` or ``'7.5 ft (Pace 6)'`` (the
    distance alone when the game system gives no pace); a way of moving that costs more, or
    a move after others this turn, shows the count: ``'Climbing 3" = 6" of Pace 6'``; in the
    dash band (or beyond it) its name and reach follow; farther than the way of moving goes
    (a jump), its limit.

    Examples
    --------
    >>> from battlemap.desktop.core.movement import PaceBand
    >>> p = DragPreview("a", (), (0, 0), (7, 0), 7.0, 6.0, PaceBand.RUNNING)
    >>> readout_text(p, "in")
    '7" (Pace 6)'
    >>> readout_text(DragPreview("a", (), (0, 0), (3, 0), 3.0, 6.0, PaceBand.RUNNING, cost=6.0,
    ...                          spent=2.0, mode_name="Climbing", dash=12.0,
    ...                          dash_name="Running"), "in")
    'Climbing 3" = 6" + 2" moved = 8" of Pace 6 · Running 12"'
    >>> readout_text(DragPreview("a", (), (0, 0), (9, 0), 2.0, 1.0, PaceBand.BEYOND,
    ...                          pace_name="Free move", counted_in="zones"), "m")
    '2 zones (Free move 1)'
    """
    unit = preview.counted_in or unit

    def inches(value: float) -> str:
        return distance_text(value, unit)
    cost = preview.distance if preview.cost is None else preview.cost
    if not preview.pace_name:
        text = inches(preview.distance)
    elif not preview.mode_name and not preview.spent:
        text = f"{inches(preview.distance)} ({preview.pace_name} {preview.pace:g})"
    else:
        text = f"{preview.mode_name} {inches(preview.distance)}".strip()
        text += f" = {inches(cost)}" if cost != preview.distance else ""
        if preview.spent:
            text += f" + {inches(preview.spent)} moved = {inches(cost + preview.spent)}"
        text += f" of {preview.pace_name} {preview.pace:g}"
    if preview.limit is not None and preview.distance > preview.limit + 1e-9:
        return f"{text} · at most {inches(preview.limit)}"
    if preview.band.value != "pace" and preview.dash_name:
        beyond = "beyond " if preview.band.value == "beyond" else ""
        text += f" · {beyond}{preview.dash_name} {inches(preview.dash)}"
    return text


@lru_cache(maxsize=512)
def label_width(text: str, size: float) -> float:
    """The width (scene pixels) of a ruler's label box for ``text`` in the label font of
    ``size`` cells: the text's advance and 20 pixels of room. Kept per text and size, so a
    drag step measures no text it measured before (the readouts of a drag to and fro come
    back; each measure built a font and its metrics)."""
    return _metrics(size).horizontalAdvance(text) + 20


@lru_cache(maxsize=16)
def _metrics(size: float) -> QFontMetricsF:
    """The metrics of the label font of ``size`` cells."""
    return QFontMetricsF(label_font(size))


def pen_margin(item: QGraphicsItem, pixels: float) -> float:
    """``pixels`` screen pixels in scene units at the smallest zoom of the views of
    ``item``'s scene (a cosmetic pen's reach; a pixel a scene unit outside a scene)."""
    scene = item.scene()
    scales = [abs(v.transform().determinant()) ** 0.5 for v in scene.views()] if (
        scene is not None) else []
    return pixels / max(min(scales, default=1.0), 1e-3)


class ToolOverlayItem(QGraphicsItem):
    """Draws ``preview`` and, when ``show_selection``, rings around ``selection``."""

    def __init__(self, show_selection: bool = True) -> None:
        super().__init__()
        self.show_selection = show_selection
        self.preview: Preview = None
        self.selection: frozenset[str] = frozenset()
        self.encounter = Encounter()
        self._rect = QRectF()
        self._parts: frozenset[Part] = frozenset()
        """What the last drawing drew, part by part (:meth:`drawn_parts`): a new drawing
        repaints the parts it changed, the old and the new, never the whole map."""
        self._drawn = QRectF()
        """The box of all :attr:`_parts`. While it is null the item has no contents: a
        view's repaint does not call :meth:`paint` (its bounds are the whole map) to draw
        nothing."""
        self._words: dict[tuple[object, ...], list[QRectF]] = {}
        """Where the last :data:`WORDS_KEPT` drawings put a drag's words in each view
        (:meth:`_placed_words`)."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def draw_state(self, preview: Preview, selection: frozenset[str], encounter: Encounter) -> None:
        """Draw this preview and selection from now on.

        Only the parts of the drawing that changed are repainted, where the old drawing had
        them and where the new one has them (:meth:`drawn_parts`): a part drawn the same in
        both (the ring of the token being dragged) is not, nor is the box between the
        parts (the chips of the token's HUD round its ring: each repaint of the map under
        them repainted them too). A whole-map update at every drag step, and at every new
        snapshot (a click's commit), repainted both windows whole. A drag's words are
        repainted where each view of the scene will put them (:meth:`label_boxes` at the
        view's camera), not at every place they could take.
        """
        width, height = (encounter.width + 2) * CELL, (encounter.height + 2) * CELL
        rect = QRectF(-CELL, -CELL, width, height)
        before = self._parts
        self.preview, self.selection, self.encounter = preview, selection, encounter
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self._parts = self.drawn_parts()
        self._drawn = _united(box for _, box in self._parts)
        changed = {box for _, box in before ^ self._parts}
        if not changed:
            return
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, self._drawn.isNull())
        scene = self.scene()  # the scene's update: a view drops an item's own with no contents
        if scene is not None:
            margin = pen_margin(self, PEN_REACH)
            for box in changed:
                scene.update(self.mapRectToScene(_widened(QRectF(*box), margin)))

    def drawn_parts(self) -> frozenset[Part]:
        """What :meth:`paint` draws, part by part: each part's key (everything its pixels
        depend on) and its scene box (without its pens: the widest is :data:`PEN_REACH`
        screen pixels, :meth:`draw_state` widens it by :func:`pen_margin`), a pixel wider.
        Outside the boxes of the parts two drawings do not share, the two draw the same.

        >>> item = ToolOverlayItem()
        >>> item.preview = BoxPreview((1.0, 1.0), (2.0, 3.0))
        >>> [box for _, box in item.drawn_parts()]
        [(63.0, 63.0, 66.0, 130.0)]
        """
        parts = self._selection_parts() if self.show_selection else []
        preview = self.preview
        if isinstance(preview, DragPreview):
            drag = self._drag_key(preview)
            parts.append((drag, self._drag_extent(preview)))
            parts += [(("words", drag), box) for seen in self._views_seen() for box in
                      self._placed_words(preview, seen)]
        elif isinstance(preview, BoxPreview):
            parts.append((("box", preview), QRectF(to_scene(preview.corner),
                                                   to_scene(preview.other)).normalized()))
        elif isinstance(preview, DrawPreview):
            parts.append((("draw", preview),
                          _points_box([*preview.points, preview.pointer], 0.08)))
        # a pixel wider: a level wall's box is null, and a union would drop it
        return frozenset((key, box.adjusted(-1, -1, 1, 1).getRect()) for key, box in parts)

    def drawn_rect(self) -> QRectF:
        """The scene rect :meth:`paint` draws in (null: nothing), without its pens: the box
        of :meth:`drawn_parts`."""
        return _united(box for _, box in self.drawn_parts())

    def _drag_key(self, preview: DragPreview) -> tuple[object, ...]:
        """What a drag's ghosts, path and words depend on besides where the words go: the
        preview, the ghosts' tokens as drawn (side, colour, size) and the map's unit."""
        tokens = {t.id: t for t in self.encounter.tokens}
        ghosts = tuple((t.side, t.color, t.radius) for t in (
            tokens[token_id] for token_id, _ in preview.positions if token_id in tokens))
        return ("drag", preview, ghosts, self.encounter.grid.unit)

    def _views_seen(self) -> list[QRectF]:
        """What each view of the scene shows (scene), as :meth:`paint` reads it from its
        painter: the inverse of the view's transform over its viewport."""
        scene = self.scene()
        return [seen_rect(view.viewportTransform(), QRectF(view.viewport().rect()))
                for view in (scene.views() if scene is not None else [])]

    def _selection_parts(self) -> list[tuple[tuple[object, ...], QRectF]]:
        """The selected tokens' rings, walls and regions: each with its key and its box
        (without its pens)."""
        parts: list[tuple[tuple[object, ...], QRectF]] = []
        for token in self.encounter.tokens:
            if token.id in self.selection:
                r, centre = (token.radius + 0.12) * CELL, to_scene((token.x, token.y))
                parts.append((("ring", token.x, token.y, token.radius),
                              QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)))
        parts += [(("wall", w.points), wall_path(w).boundingRect()) for w in self.encounter.walls
                  if w.id in self.selection]
        parts += [(("region", r.points), _points_box(r.points, 0.0)) for r in
                  self.encounter.regions if r.id in self.selection and r.points]
        return parts

    def _drag_extent(self, preview: DragPreview) -> QRectF:
        """The scene rect a drag's ghosts, path and waypoints paint, without their pens (its
        words are :meth:`label_boxes`, at each view's camera)."""
        tokens = {t.id: t for t in self.encounter.tokens}
        path = preview.path or (preview.start, preview.end)
        extent = _points_box(path, 0.13)  # a point's box is null: united, it would vanish
        for token_id, point in preview.positions:
            r = tokens[token_id].radius * CELL if token_id in tokens else CELL
            centre = to_scene(point)
            extent = extent.united(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
        return extent

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.show_selection:
            self._paint_selection(painter)
        if isinstance(self.preview, DragPreview):
            self._paint_drag(painter, self.preview)
        elif isinstance(self.preview, BoxPreview):
            rect = QRectF(to_scene(self.preview.corner), to_scene(self.preview.other))
            painter.setPen(cosmetic_pen(SELECTION_COLOR, 2.0, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(0, 229, 255, 40))
            painter.drawRect(rect.normalized())
        elif isinstance(self.preview, DrawPreview):
            self._paint_draw(painter, self.preview)

    def _paint_selection(self, painter: QPainter) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(SELECTION_COLOR, 4.0, Qt.PenStyle.DashLine))
        for token in self.encounter.tokens:
            if token.id in self.selection:
                r = (token.radius + 0.12) * CELL
                painter.drawEllipse(to_scene((token.x, token.y)), r, r)
        painter.setPen(cosmetic_pen(SELECTION_COLOR, 12.0))
        painter.setOpacity(0.5)
        for wall in self.encounter.walls:
            if wall.id in self.selection:
                painter.drawPath(wall_path(wall))
        for region in self.encounter.regions:
            if region.id in self.selection:
                painter.drawPolygon(QPolygonF([to_scene(p) for p in region.points]))
        painter.setOpacity(1.0)

    def _paint_drag(self, painter: QPainter, preview: DragPreview) -> None:
        color = PACE_COLORS[preview.band.value]
        tokens = {t.id: t for t in self.encounter.tokens}
        painter.setOpacity(0.55)
        for token_id, point in preview.positions:
            token = tokens[token_id]
            painter.setPen(cosmetic_pen(SIDE_COLORS[token.side], 5.0))
            painter.setBrush(QColor(token.color))
            r = token.radius * CELL * GHOST_SCALE
            painter.drawEllipse(to_scene(point), r, r)
        painter.setOpacity(1.0)
        path = preview.path or (preview.start, preview.end)
        points = [to_scene(p) for p in path]
        painter.setPen(cosmetic_pen(QColor(0, 0, 0, 160), 9.0))
        painter.drawPolyline(QPolygonF(points))
        for leg, (start, end) in enumerate(pairwise(points)):
            if leg in preview.blocked:
                painter.setPen(cosmetic_pen(THROUGH_COLOR, 6.0, Qt.PenStyle.DashLine))
            else:
                painter.setPen(cosmetic_pen(color, 5.0))
            painter.drawLine(start, end)
        painter.setPen(cosmetic_pen(QColor(0, 0, 0, 200), 2.0))
        painter.setBrush(color)
        for point in preview.waypoints:
            painter.drawEllipse(to_scene(point), 0.13 * CELL, 0.13 * CELL)
        seen = seen_rect(painter.worldTransform(), QRectF(painter.viewport()))
        labels, boxes = self._labels(preview), self._placed_words(preview, seen)
        self._repaint_unforeseen(boxes)
        for box, (text, ink, size) in zip(boxes, labels, strict=True):
            painter.setPen(cosmetic_pen(ink, 3.0))
            painter.setBrush(LABEL_BACK)
            painter.drawRoundedRect(box, 8, 8)
            painter.setFont(label_font(size))
            painter.setPen(ink)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _repaint_unforeseen(self, boxes: list[QRectF]) -> None:
        """Repaint the drawing and ``boxes`` when :meth:`draw_state` did not foresee them
        (what the words must not cover changed since, or the camera moved): this paint
        draws them clipped and may leave them where they were foreseen; the next paint
        draws them whole and takes them away from there."""
        foreseen = {box for key, box in self._parts if key[0] == "words"}
        painted = [box.adjusted(-1, -1, 1, 1).getRect() for box in boxes]
        if foreseen.issuperset(painted):
            return
        self._parts |= {(("unforeseen",), box) for box in painted}  # away at the next drawing
        self._drawn = _united(box for _, box in self._parts)
        self.update(_widened(self._drawn, pen_margin(self, PEN_REACH)))

    def _placed_words(self, preview: DragPreview, seen: QRectF) -> list[QRectF]:
        """:meth:`label_boxes`, kept by the preview, the map's unit, what the view shows and
        the scene's :func:`~battlemap.desktop.gui.token_item.cover_changes` (a token come,
        gone or moved since, the words are placed again): the paint that follows a
        :meth:`draw_state` takes the places it worked out, and a drag's step back onto a
        cell it visited (the same preview) takes the places of that visit, for the last
        :data:`WORDS_KEPT` places."""
        scene = self.scene()
        key = (preview, self.encounter.grid.unit, seen.getRect(),
               cover_changes(scene) if scene is not None else None)
        boxes = self._words.get(key)
        if boxes is None:
            if len(self._words) >= WORDS_KEPT:
                del self._words[next(iter(self._words))]  # the oldest
            boxes = self._words[key] = self.label_boxes(preview, seen)
        return boxes

    def _labels(self, preview: DragPreview) -> list[tuple[str, QColor, float]]:
        """The ruler's words: the hint (if any) over the readout, each with its colour and
        size (cells)."""
        color = PACE_COLORS[preview.band.value]
        labels = [(readout_text(preview, self.encounter.grid.unit), color, 0.4)]
        hint = hint_text(preview, keys=self.show_selection)  # the GM's view has the keys
        if hint:
            labels.insert(0, (hint, THROUGH_COLOR if preview.through else color, 0.3))
        return labels

    def label_boxes(self, preview: DragPreview, seen: QRectF) -> list[QRectF]:
        """Where (scene) the ruler's words of ``preview`` go in a view showing ``seen``: boxes
        stacked up and right of the path's end (the last nearest it); up and left when they
        would leave ``seen`` on the right, below when on top (:meth:`_label_place`)."""
        labels = self._labels(preview)
        sizes = [(label_width(text, size), size * 1.5 * CELL) for text, _, size in labels]
        width = max(w for w, _ in sizes)
        height = sum(h for _, h in sizes) + 0.05 * CELL * (len(sizes) - 1)
        left, top = self._label_place(to_scene((preview.path or (preview.end,))[-1]), width,
                                      height, seen)
        boxes = []
        for w, h in sizes:
            boxes.append(QRectF(left, top, w, h))
            top += h + 0.05 * CELL
        return boxes

    def _label_place(self, at: QPointF, width: float, height: float,
                     seen: QRectF) -> tuple[float, float]:
        """The top left of the ruler's label boxes: up and right of ``at``, else up and left,
        down and right, down and left, then the same a cell farther out - the first that
        stays in ``seen`` and covers no token (the dragged ones where they stood), its name or
        its badges where this view shows them
        (:func:`battlemap.desktop.gui.label_layout.covered_near`) (else the one in ``seen`` that
        covers fewest; else up and right, kept off the left edge, below when off the top)."""
        right, left = at.x() + 0.4 * CELL, at.x() - 0.5 * CELL - width
        up, down = at.y() - 0.3 * CELL - height, at.y() + 0.6 * CELL
        places = [(x + dx * k * CELL, y + dy * k * CELL) for k in (0, 1)
                  for (x, dx), (y, dy) in (((right, 1), (up, -1)), ((left, -1), (up, -1)),
                                           ((right, 1), (down, 1)), ((left, -1), (down, 1)))]
        inside = [(x, y) for x, y in places if seen.contains(QRectF(x, y, width, height))]
        scene = self.scene()
        around = QRectF(left - CELL, up - CELL, right + width - left + 2 * CELL,
                        down + height - up + 2 * CELL)
        covered = covered_near(scene, around) if scene is not None else Covered()
        if inside:
            return _least_covering(inside, width, height, covered)
        x, y = right, up
        if x + width > seen.right():
            x = left
        return max(x, seen.left() + 4), (down if y < seen.top() else y)

    def _paint_draw(self, painter: QPainter, preview: DrawPreview) -> None:
        points = [*preview.points, preview.pointer]
        path = QPainterPath(to_scene(points[0]))
        for point in points[1:]:
            path.lineTo(to_scene(point))
        if preview.closed:
            path.closeSubpath()
        painter.setPen(cosmetic_pen(SELECTION_COLOR, 4.0, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(0, 229, 255, 30) if preview.closed else Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.setBrush(SELECTION_COLOR)
        for point in preview.points:
            painter.drawEllipse(to_scene(point), 0.08 * CELL, 0.08 * CELL)


def seen_rect(world: QTransform, viewport: QRectF) -> QRectF:
    """The scene rect a view of transform ``world`` shows over ``viewport`` (device).

    >>> seen_rect(QTransform.fromScale(2, 2), QRectF(0, 0, 100, 50)).getRect()
    (0.0, 0.0, 50.0, 25.0)
    """
    return world.inverted()[0].mapRect(viewport)


def _united(boxes: Iterable[tuple[float, float, float, float]]) -> QRectF:
    """The box of ``boxes`` (x, y, width and height each); null if there are none."""
    united = QRectF()
    for box in boxes:
        united = united.united(QRectF(*box))
    return united


def _widened(rect: QRectF, margin: float) -> QRectF:
    return rect.adjusted(-margin, -margin, margin, margin)


def _least_covering(places: list[tuple[float, float]], width: float, height: float,
                    covered: Covered) -> tuple[float, float]:
    """The first of ``places`` (top lefts of ``width`` x ``height`` boxes) whose box covers
    fewest of ``covered``: the first that covers nothing, counted no further (no place can
    do better; the usual first place up and right is one count, not eight)."""
    best, fewest = places[0], -1
    for place in places:
        count = covered.count_meeting(QRectF(*place, width, height))
        if count == 0:
            return place
        if fewest < 0 or count < fewest:
            best, fewest = place, count
    return best


def _points_box(points: Sequence[tuple[float, float]], radius: float) -> QRectF:
    """The scene box of ``points`` (cells), widened by ``radius`` cells (a dot's)."""
    scene = [to_scene(p) for p in points]
    xs, ys = [p.x() for p in scene], [p.y() for p in scene]
    r = radius * CELL
    return QRectF(min(xs) - r, min(ys) - r, max(xs) - min(xs) + 2 * r, max(ys) - min(ys) + 2 * r)
