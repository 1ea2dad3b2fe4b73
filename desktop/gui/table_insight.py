"""What the geometry tells the players at the table: "who can I hit, who can hit me" after a tap
on a hero, and how exposed each cell of a drag path is.

:class:`ExchangeOverlay` rings, for a few seconds, every foe the tapped hero sees in the colour
of its cover (the Threat View's colours) with its cover and the best range band of the hero's
weapons, and marks each foe that can shoot back with a warning mark and a dashed line to the
hero. :class:`ExposureOverlay` puts on each cell of the path being dragged the number of foes
that would see the mover there, on the colour of the cover it would have from the foe that sees
most of it. Both count only the foes :func:`battlemap.desktop.core.visibility.visible_to_players`
lets the players see.
"""

from __future__ import annotations

import math
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.edits import token_at
from battlemap.desktop.core.model import Encounter, GridKind, Point, Side
from battlemap.desktop.core.threats import CellExposure, FoeSight, exchange_of_fire, exposure_along
from battlemap.desktop.core.tools import CLICK_SLOP, DragPreview, PointerEvent, PointerKind, Preview
from battlemap.desktop.core.visibility import visible_to_players
from battlemap.desktop.gui.interaction import Interaction
from battlemap.desktop.gui.label_layout import Covered, covered_by_tokens, covered_near
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.overlay_item import GHOST_SCALE
from battlemap.desktop.gui.scene import Layer, MapScene
from battlemap.desktop.gui.style import CELL, LABEL_BACK, cosmetic_pen, label_font, to_scene
from battlemap.desktop.gui.threat_view import CATEGORY_COLORS

NOTHING_COVERED = Covered()
INSIGHT_MS = 4000
"""How long "who can I hit" stays on the table after a tap."""
THREAT_MARK = QColor("#ff6d00")
"""The warning mark of a foe that can shoot the hero."""
BAND_WORDS = {"melee": "MELEE", "reach": "REACH", "short": "SHORT", "medium": "MEDIUM",
              "long": "LONG", "extreme": "EXTREME", "out_of_range": "OUT OF RANGE"}
COVER_WORDS = {"none": "OPEN", "light": "LIGHT", "medium": "MEDIUM", "heavy": "HEAVY",
               "near_total": "NEAR TOTAL", "total": "HIDDEN"}


def sight_text(sight: FoeSight) -> str:
    """The tag beside a foe: its cover from the hero over the range band.

    Examples
    --------
    >>> from battlemap.geometry.cover import CoverCategory
    >>> from battlemap.geometry.measure import RangeBand
    >>> print(sight_text(FoeSight("g", CoverCategory.LIGHT, 0.3, RangeBand.MEDIUM, True, False)))
    LIGHT
    MEDIUM
    """
    return f"{COVER_WORDS[sight.cover.value]}\n{BAND_WORDS[sight.band.value]}"


def tag_places(foe: QPointF, reach: float, size: QRectF) -> list[QPointF]:
    """Where (scene pixels) the tag of ``size`` beside the foe at ``foe`` may be centred, best
    first: above its ring's ``reach``, below, right, left, the four diagonals, then farther
    above and below.

    >>> [(p.x(), p.y()) for p in tag_places(QPointF(0, 0), 10, QRectF(0, 0, 20, 8))][:4]
    [(0.0, -14.0), (0.0, 14.0), (20.0, 0.0), (-20.0, 0.0)]
    """
    dx, dy = reach + size.width() / 2, reach + size.height() / 2
    corner = QPointF(reach * 0.7 + size.width() / 2, reach * 0.7 + size.height() / 2)
    offsets = [QPointF(0, -dy), QPointF(0, dy), QPointF(dx, 0), QPointF(-dx, 0),
               QPointF(corner.x(), -corner.y()), QPointF(-corner.x(), -corner.y()), corner,
               QPointF(-corner.x(), corner.y()), QPointF(0, -dy - size.height()),
               QPointF(0, dy + size.height())]
    return [foe + offset for offset in offsets]


class ExchangeOverlay(QGraphicsObject):
    """The foes of one hero, shown for :data:`INSIGHT_MS` after :meth:`show_for`.

    A graphics object, so that its timer is its child: deleted with it (the table closed, its
    scene gone), the timer never fires into a deleted item. It draws the rings and lines
    (under the names); its :attr:`tag_item` draws the tags, in a layer over the fog and the
    names (a tag reaching past the heroes' sight is not cut by the dark)."""

    def __init__(self, text_cells: float = 0.3) -> None:
        super().__init__()
        self.text_cells = text_cells
        self.hero: str | None = None
        self.sights: tuple[FoeSight, ...] = ()
        self.encounter = Encounter()
        self.tags: list[tuple[QRectF, str, QColor]] = []
        """Each seen foe's tag: where (scene), its text and colour; placed clear of tokens,
        their names and badges, and of each other when shown."""
        self.tag_item = ExchangeTags(self)
        self._timer = QTimer(self, singleShot=True, interval=INSIGHT_MS)
        self._timer.timeout.connect(self.clear)
        self._contents(False)

    def show_for(self, hero: str, sights: tuple[FoeSight, ...], encounter: Encounter) -> None:
        self.prepareGeometryChange()
        self.tag_item.prepareGeometryChange()
        self.hero, self.sights, self.encounter = hero, sights, encounter
        self.tags = self._place_tags()
        self._timer.start()
        self._contents(True)
        self.update()
        self.tag_item.update()

    def clear(self) -> None:
        """Take the rings and tags away (their bounds, the map's, repainted through the scene:
        a view drops the update of an item without contents)."""
        shown = self.hero is not None
        self.hero, self.sights, self.tags = None, (), []
        self._contents(False)
        scene = self.scene()
        if shown and scene is not None:
            scene.update(self.sceneBoundingRect())

    def _contents(self, shown: bool) -> None:
        """Whether the rings and tags have contents: without, a view's repaint does not call
        their paints (their bounds are the whole map, which every repainted box meets) to
        draw nothing at each step of a drag."""
        for item in (self, self.tag_item):
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not shown)

    def _place_tags(self) -> list[tuple[QRectF, str, QColor]]:
        """A tag per seen foe at the first of :func:`tag_places` that covers no token, name
        tag, badge row or other tag, on the map if one is (else off it); none where every
        place covers one (its ring still shows its cover's colour)."""
        tokens = {t.id: t for t in self.encounter.tokens if visible_to_players(self.encounter, t)}
        scene = self.scene()
        covered = covered_by_tokens(scene.token_items()) if isinstance(scene, MapScene) \
            else NOTHING_COVERED
        on_map = QRectF(0, 0, self.encounter.width * CELL, self.encounter.height * CELL)
        metrics = QFontMetricsF(label_font(self.text_cells))
        tags: list[tuple[QRectF, str, QColor]] = []
        for sight in (s for s in self.sights if s.seen and s.id in tokens):
            foe, text = tokens[sight.id], sight_text(sight)
            width = max(metrics.horizontalAdvance(line) for line in text.split("\n"))
            size = QRectF(0, 0, width + metrics.height(), 2.4 * metrics.height())
            boxes = [size.translated(centre - size.center()) for centre in tag_places(
                to_scene((foe.x, foe.y)), (foe.radius + 0.35) * CELL, size)]
            free = [box for box in boxes if not covered.count_meeting(box)]
            box = next((b for b in free if on_map.contains(b)), free[0] if free else None)
            if box is not None:
                covered = covered.plus(boxes=(box,))
                tags.append((box, text, CATEGORY_COLORS[sight.cover.value]))
        return tags

    def boundingRect(self) -> QRectF:
        return QRectF(-2 * CELL, -2 * CELL, (self.encounter.width + 4) * CELL,
                      (self.encounter.height + 4) * CELL)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        tokens = {t.id: t for t in self.encounter.tokens}
        hero = tokens.get(self.hero or "")
        if hero is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for sight in self.sights:
            foe = tokens.get(sight.id)
            if foe is None:
                continue
            centre, r = to_scene((foe.x, foe.y)), (foe.radius + 0.15) * CELL
            if sight.threatens:
                self._paint_threat(painter, to_scene((hero.x, hero.y)), centre, r)
            if sight.seen:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(CATEGORY_COLORS[sight.cover.value], 0.12 * CELL))
                painter.drawEllipse(centre, r, r)

    def _paint_threat(self, painter: QPainter, hero: QPointF, foe: QPointF, r: float) -> None:
        painter.setPen(cosmetic_pen(THREAT_MARK, 4.0, Qt.PenStyle.DashLine))
        painter.drawLine(foe, hero)
        painter.setPen(QPen(THREAT_MARK, 0.08 * CELL))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        outer = r + 0.18 * CELL
        painter.drawEllipse(foe, outer, outer)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):  # a crosshair: "it can hit you"
            tip = QPointF(foe.x() + dx * (outer + 0.2 * CELL), foe.y() + dy * (outer + 0.2 * CELL))
            painter.drawLine(QPointF(foe.x() + dx * (outer - 0.1 * CELL),
                                     foe.y() + dy * (outer - 0.1 * CELL)), tip)



class ExchangeTags(QGraphicsItem):
    """The tags of an :class:`ExchangeOverlay` (its cover and range words by each foe)."""

    def __init__(self, overlay: ExchangeOverlay) -> None:
        super().__init__()
        self.overlay = overlay

    def boundingRect(self) -> QRectF:
        return self.overlay.boundingRect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setFont(label_font(self.overlay.text_cells))
        for box, text, color in self.overlay.tags:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(LABEL_BACK)
            painter.drawRoundedRect(box, box.height() / 8, box.height() / 8)
            painter.setPen(color)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class ExposureOverlay(QGraphicsItem):
    """The exposure of each cell of the path being dragged (nothing while no drag), under the
    ruler and under the tokens and their names (:data:`EXPOSURE_Z`: a frame never tints a
    token standing on the path, nor its name): each cell's frame in the colour of its cover,
    its number in a disc beside the path (:meth:`number_at`), so neither the path's line, a
    red leg through a wall nor the ruler's labels are hidden by a number - nor the drag's
    ghost, a token, its name or its badges (:attr:`covered`): the number goes to a free corner
    of its cell, else it is left out (the frame's colour still tells the cover)."""

    def __init__(self, text_cells: float = 0.3) -> None:
        super().__init__()
        self.text_cells = text_cells
        self.cells: tuple[CellExposure, ...] = ()
        self.path: tuple[Point, ...] = ()
        self.hexes = False
        """The cells are hexes: each framed by a ring inside its hex, not a square."""
        self.covered = NOTHING_COVERED
        """What the numbers keep off (scene pixels): the tokens, their names and badges, the
        drag's ghosts; the frames are not drawn under its boxes."""
        self._clip = QPainterPath()

    def show_cells(self, cells: tuple[CellExposure, ...], path: tuple[Point, ...] = (),
                   covered: Covered = NOTHING_COVERED) -> None:
        if cells != self.cells or path != self.path or covered != self.covered:
            self.prepareGeometryChange()
            self.cells, self.path, self.covered = cells, path, covered
            self._clip = self._frames_clip()
            self.update()

    def _frames_clip(self) -> QPainterPath:
        """Where the frames are drawn: the cells but the names, badge rows and ruler's words
        of :attr:`covered` (their dark backs let a frame's tint through)."""
        area = QPainterPath()
        area.addRect(self.boundingRect())
        holes = QPainterPath()
        for box in self.covered.near(self.boundingRect()).boxes:
            holes.addRect(box)
        return area.subtracted(holes)

    def boundingRect(self) -> QRectF:
        if not self.cells:
            return QRectF()
        xs, ys = [c.cell[0] for c in self.cells], [c.cell[1] for c in self.cells]
        return QRectF((min(xs) - 0.5) * CELL, (min(ys) - 0.5) * CELL,
                      (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL)

    def number_at(self, cell: Point) -> Point | None:
        """Where (cells) the number of ``cell`` is drawn: :data:`NUMBER_OFF` from its centre
        on the side farthest from the path (where it turns, off both its legs), of the
        places whose disc keeps off the path and off :attr:`covered`; else in the corner
        inside the cell farthest from the path of those; else on a corner of the cell (the
        drag's ghost fills the cell it stands on); else nowhere (None)."""
        legs = list(pairwise(self.path))

        def off_path(spot: Point) -> float:
            return min((_distance_to_leg(spot, *leg) for leg in legs), default=math.inf)

        for spots in (_around(cell, NUMBER_OFF), _corners(cell, CORNER_OFF),
                      _corners(cell, 0.5)):
            free = [spot for spot in spots if off_path(spot) > NUMBER_RADIUS and not (
                self.covered.count_meeting(_disc_box(spot)))]
            if free:
                return max(free, key=off_path)
        return None

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.save()
        painter.setClipPath(self._clip)
        for exposure in self.cells:
            box = QRectF((exposure.cell[0] - 0.42) * CELL, (exposure.cell[1] - 0.42) * CELL,
                         0.84 * CELL, 0.84 * CELL)
            color = _color(exposure)
            fill = QColor(color)
            fill.setAlpha(70)
            painter.setPen(cosmetic_pen(color, 3.0))
            painter.setBrush(fill)
            if self.hexes:
                painter.drawEllipse(box.center(), 0.45 * CELL, 0.45 * CELL)
            else:
                painter.drawRoundedRect(box, 0.12 * CELL, 0.12 * CELL)
        painter.restore()
        self._paint_numbers(painter)

    def _paint_numbers(self, painter: QPainter) -> None:
        painter.setFont(label_font(min(self.text_cells, 0.26)))
        r = NUMBER_RADIUS * CELL
        for exposure in self.cells:
            spot = self.number_at(exposure.cell)
            if spot is None:
                continue
            at, color = to_scene(spot), _color(exposure)
            painter.setPen(cosmetic_pen(color, 2.0))
            painter.setBrush(LABEL_BACK)
            painter.drawEllipse(at, r, r)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r),
                             Qt.AlignmentFlag.AlignCenter, str(exposure.seen_by))


def _color(exposure: CellExposure) -> QColor:
    """The colour of a cell's frame and number: its cover's, dark where no foe sees it."""
    return QColor(CATEGORY_COLORS[exposure.cover.value]) if exposure.seen_by else (
        QColor("#263238"))


EXPOSURE_Z = Layer.TOKENS - 1
"""The exposure frames' and numbers' z: over the walls, under every token and name."""

NUMBER_OFF = 0.24
"""How far (cells) a cell's exposure number stands beside the path."""
NUMBER_RADIUS = 0.17
"""The radius (cells) of the disc an exposure number is written on."""
_HEADINGS = tuple(-math.pi / 2 + k * math.pi / 4 for k in range(8))
"""Up first, then round clockwise (on the screen)."""
CORNER_OFF = 0.42 - NUMBER_RADIUS
"""How far (cells, across and down) a number in a corner of its cell stands from its centre:
its disc touches the cell's frame."""


def _around(cell: Point, distance: float) -> list[Point]:
    return [(cell[0] + distance * math.cos(a), cell[1] + distance * math.sin(a))
            for a in _HEADINGS]


def _corners(cell: Point, distance: float) -> list[Point]:
    return [(cell[0] + dx * distance, cell[1] + dy * distance)
            for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def _disc_box(spot: Point) -> QRectF:
    """The box (scene pixels) of the number's disc at ``spot`` (cells)."""
    r = NUMBER_RADIUS * CELL
    return QRectF(spot[0] * CELL - r, spot[1] * CELL - r, 2 * r, 2 * r)


def _distance_to_leg(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                             / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


class TableInsight:
    """Puts both overlays on the table's view: a tap on a hero shows who it can hit and who can
    hit it; a drag shows the exposure along its path."""

    def __init__(self, view: MapView, interaction: Interaction) -> None:
        self.view, self.interaction = view, interaction
        text = view.map_scene.token_style.name_cells
        self.exchange = ExchangeOverlay(text)
        self.exposure = ExposureOverlay(text)
        view.map_scene.add_overlay(self.exchange, Layer.EFFECTS)  # rings: under the names
        # tags over the fog, as the names are: one reaching past the heroes' sight is not cut
        view.map_scene.add_overlay(self.exchange.tag_item, Layer.PLAYER_LABELS)
        self.exchange.tag_item.setZValue(Layer.PLAYER_LABELS + 0.5)  # under the ruler
        # under every token and name (a frame on a token's cell would tint its disc and
        # name), over the walls and regions; the ruler, its red legs and words, over all
        view.map_scene.add_overlay(self.exposure, Layer.TOKENS)
        self.exposure.setZValue(EXPOSURE_Z)
        self._press: PointerEvent | None = None
        self._measured: tuple[str, tuple[Point, ...], tuple[int, ...]] | None = None
        interaction.preview_listeners.append(self._on_preview)
        view.pointer_handler = self._on_pointer

    @property
    def encounter(self) -> Encounter:
        return self.interaction.state.encounter

    def _on_pointer(self, event: PointerEvent) -> None:
        self.interaction.handle(event)
        if event.kind is PointerKind.PRESS:
            self._press = event
        elif event.kind is PointerKind.CANCEL:
            self._press = None
        elif event.kind is PointerKind.RELEASE and self._press is not None:
            press, self._press = self._press, None
            if abs(event.x - press.x) + abs(event.y - press.y) < CLICK_SLOP:
                self.tapped(press.x, press.y)

    def tapped(self, x: float, y: float) -> None:
        """A tap at ``(x, y)`` (cells): on a hero the players see, show its exchange of fire."""
        encounter = self.encounter
        token = token_at(encounter, x, y, include_hidden=False)
        if token is None or token.side is not Side.HERO or not visible_to_players(
                encounter, token):
            return
        self.exchange.text_cells = self.view.map_scene.token_style.name_cells
        self.exchange.show_for(token.id, exchange_of_fire(encounter, token.id), encounter)

    def _on_preview(self, preview: Preview, encounter: Encounter) -> None:
        if not isinstance(preview, DragPreview):
            self._measured = None
            self.exposure.show_cells(())
            return
        path = preview.path or (preview.start, preview.end)
        key = (preview.lead_id, path, preview.blocked)
        if key != self._measured:
            self._measured = key
            self.exposure.text_cells = self.view.map_scene.token_style.name_cells
            self.exposure.hexes = encounter.grid.kind is GridKind.HEX
            # along the path the ruler draws; none on the cells of a leg through a wall
            # (drawn red: the mover does not stand there, and its red stays in sight)
            self.exposure.show_cells(exposure_along(
                encounter, preview.lead_id, path[0], path[-1], via=path[1:-1],
                skip=preview.blocked), path, self._covered(preview, encounter))

    def _covered(self, preview: DragPreview, encounter: Encounter) -> Covered:
        """What the numbers along ``preview``'s path keep off: the tokens near it as the
        table shows them (names, badges), the drag's ghosts and the ruler's words (drawn
        over the numbers, they would hide one)."""
        sizes = {t.id: t.radius for t in encounter.tokens}
        ghosts = [(to_scene(at), sizes.get(token_id, 0.5) * CELL * GHOST_SCALE)
                  for token_id, at in preview.positions]
        near = QRectF()
        for point in preview.path or (preview.start, preview.end):
            near = near.united(QRectF(to_scene(point), to_scene(point)).adjusted(
                -CELL, -CELL, CELL, CELL))
        seen = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        words = self.interaction.overlay.label_boxes(preview, seen)
        return covered_near(self.view.map_scene, near).plus(ghosts, words)
