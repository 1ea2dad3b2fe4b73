"""A token on the map: a disc (colour and initials, or an image) in a thick side-coloured ring,
a facing tick, its name below and status badges above.

The name tag is a separate item, :class:`TokenLabelItem`, that the scene puts in a layer above
every token, so the token in the row below never covers it; it follows its token's position and
opacity. Everything is sized in cells so it reads from across a table at one cell per inch.

A :class:`TokenStyle` sets how the table draws tokens: names and badges sized by the height of a
capital letter in millimetres (at one cell per inch), and the "ring only" look that leaves the
glass clear under a physical miniature.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from typing import Any
from weakref import WeakKeyDictionary

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.edits import initials
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.gui.style import CELL, LABEL_BACK, LABEL_TEXT, SIDE_COLORS, label_font
from battlemap.rules.registry import GameSystem, RulesError, find_system
from battlemap.rules.table import Board, Piece

GraphicsChange = QGraphicsItem.GraphicsItemChange
RING = 0.13 * CELL
"""Width of the side ring, in scene pixels."""
BADGE_HEIGHT = 0.33 * CELL
PIP = 0.17 * CELL
TURN_COLOR = "#fff176"
"""The halo around a token whose turn it is."""


MM_PER_INCH = 25.4

_COVER_CHANGES: WeakKeyDictionary[QGraphicsScene, int] = WeakKeyDictionary()
"""Each scene's count of :func:`cover_changes`."""
_MOVES = frozenset({GraphicsChange.ItemPositionHasChanged, GraphicsChange.ItemTransformHasChanged,
                    GraphicsChange.ItemRotationHasChanged, GraphicsChange.ItemScaleHasChanged,
                    GraphicsChange.ItemTransformOriginPointHasChanged})
"""The changes of a token's place on the scene (its name tag follows it)."""


def cover_changes(scene: QGraphicsScene) -> int:
    """A count that grows whenever what a token of ``scene`` or its name tag covers may have
    changed: one comes or goes, moves, shows or hides, or its reach, badges or name change.
    While it stays the same, what the tokens cover there
    (:func:`battlemap.desktop.gui.label_layout.covered_near`) is the same: a place worked
    out clear of them can be kept.

    >>> from battlemap.desktop.gui.render import ensure_app
    >>> _ = ensure_app()
    >>> scene, item = QGraphicsScene(), TokenItem(Token("a", "Amiri", 1.5, 1.5))
    >>> scene.addItem(item)
    >>> before = cover_changes(scene)
    >>> item.setPos(3 * CELL, 1.5 * CELL)
    >>> cover_changes(scene) > before
    True
    """
    return _COVER_CHANGES.get(scene, 0)


def _covers_changed(scene: QGraphicsScene | None) -> None:
    if scene is not None:
        _COVER_CHANGES[scene] = _COVER_CHANGES.get(scene, 0) + 1


def _cover_change(item: QGraphicsItem, change: GraphicsChange, value: Any) -> None:
    """Count the change of ``item`` in its scene's :func:`cover_changes` if it is one of its
    place (``moves``), visibility or scene (the old scene's and the new one's)."""
    if change in _MOVES or change == GraphicsChange.ItemVisibleHasChanged or (
            change == GraphicsChange.ItemSceneChange):
        _covers_changed(item.scene())
    elif change == GraphicsChange.ItemSceneHasChanged:
        _covers_changed(value)


def cap_height_ratio() -> float:
    """A capital letter's height as a fraction of the label font's pixel size."""
    font = label_font(1.0)
    return QFontMetricsF(font).capHeight() / font.pixelSize()


@dataclass(frozen=True, slots=True)
class TokenStyle:
    """How tokens are drawn: name and badge font sizes (cells), ring only."""

    name_cells: float = 0.28
    badge_cells: float = 0.23
    rings_only: bool = False

    @classmethod
    def for_table(cls, cap_mm: float, rings_only: bool) -> TokenStyle:
        """The table's style: capitals ``cap_mm`` tall at one cell per inch.

        Examples
        --------
        >>> style = TokenStyle.for_table(8.0, rings_only=False)
        >>> 8.0 <= style.name_cells * cap_height_ratio() * MM_PER_INCH < 8.3
        True
        """
        pixels = math.ceil(cap_mm / MM_PER_INCH * CELL / cap_height_ratio())  # never smaller
        return cls(pixels / CELL, pixels / CELL, rings_only)

    @property
    def marker_width(self) -> float:
        """The width of the acting halo, scene pixels: grows with the labels."""
        return max(RING * 1.4, 0.45 * self.name_cells * CELL)


@dataclass(frozen=True, slots=True)
class Badge:
    """A status badge: short text on a coloured tag."""

    text: str
    color: str
    harm: bool = False
    """It tells exact harm (hit points, stress): hidden from the players where the GM says."""


ROLE_COLORS = {"bad": "#e53935", "good": "#43a047", "info": "#78909c"}
"""Badge colours by the system's role, for badges that name no colour of their own."""


@dataclass(frozen=True, slots=True)
class Marks:
    """What the game system says a token shows: its badges in reading order, pips of harm
    (Wounds, stress) and whether it is down (Incapacitated, taken out)."""

    badges: tuple[Badge, ...] = ()
    harm: int = 0
    down: bool = False


NO_MARKS = Marks()
UNREADABLE = Marks((Badge("STATS?", "#e53935", harm=False),))
"""The marks of a token whose stat block its system cannot read (the properties panel says
why): the window still opens, and the token says it."""


def without_harm(marks: Marks) -> Marks:
    """``marks`` as players see a token whose harm is not theirs to know: no harm pips, no
    badge telling exact harm (its other badges, and whether it is down, stay).

    >>> without_harm(Marks((Badge("5/11", "#e53935", True), Badge("Stun", "#e53935")), 2))
    Marks(badges=(Badge(text='Stun', color='#e53935', harm=False),), harm=0, down=False)
    """
    return replace(marks, badges=tuple(b for b in marks.badges if not b.harm), harm=0)


def marks_of(encounter: Encounter) -> dict[str, Marks]:
    """Every token's marks, from the encounter's game system.

    Examples
    --------
    >>> t = Token(id="a", name="A", x=0, y=0, stats={"condition": {"shaken": True, "fatigue": 2}})
    >>> [b.text for b in marks_of(Encounter(tokens=(t,)))["a"].badges]
    ['SHAKEN', 'FAT 2']
    """
    last = _MARKS_OF[0]
    if last is not None and last[0] is encounter:  # snapshots never change
        return dict(last[1])
    system = find_system(encounter.system)
    board = board_of(encounter)
    marks = {piece.id: _marks(system, piece, board) for piece in board.tokens}
    _MARKS_OF[0] = (encounter, marks)
    return dict(marks)


_MARKS_OF: list[tuple[Encounter, dict[str, Marks]] | None] = [None]
"""The last snapshot :func:`marks_of` answered for and its answer (a commit: the scenes and
the Combatants table ask for the same one)."""


def _marks(system: GameSystem, piece: Piece, board: Board) -> Marks:
    try:
        return Marks(tuple(Badge(b.text, b.color or ROLE_COLORS.get(b.role, "#78909c"), b.harm)
                           for b in system.badges(piece, board)),
                     system.harm(piece), system.is_down(piece))
    except RulesError:
        return UNREADABLE


def text_color_on(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    luma = 0.299 * fill.red() + 0.587 * fill.green() + 0.114 * fill.blue()
    return QColor("#000000") if luma > 150 else QColor("#ffffff")


def split_rows(widths: list[float], rows: int) -> list[tuple[int, int]]:
    """The badges of ``widths``, in reading order, cut into ``rows`` rows (first and end
    index of each) so that the widest row is as narrow as it can be.

    >>> split_rows([5.0, 4.0, 3.0, 2.0], 2), split_rows([1.0], 3), split_rows([], 1)
    ([(0, 1), (1, 4)], [(0, 1)], [])
    """
    count = len(widths)
    rows = max(1, min(rows, count))
    if count == 0:
        return []

    def widest_then_narrowest(cuts: tuple[int, ...]) -> tuple[float, float]:
        sums = [sum(widths[a:b]) for a, b in itertools.pairwise((0, *cuts, count))]
        return max(sums), -min(sums)

    cuts = min(itertools.combinations(range(1, count), rows - 1), key=widest_then_narrowest)
    return list(itertools.pairwise((0, *cuts, count)))


class TokenLabelItem(QGraphicsRectItem):
    """A token's name on a dark tag just below its disc (placed at the token's centre).

    Its rect is the tag (:attr:`box`): a rect item's bounds are known to Qt without a call into
    Python, which Qt would make three times a frame for every item drawn from its cache.
    """

    def __init__(self, style: TokenStyle = TokenStyle()) -> None:
        super().__init__()
        self.setPen(Qt.PenStyle.NoPen)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.style = style
        self.show_name("", 0.0)

    def itemChange(self, change: GraphicsChange, value: Any) -> Any:
        _cover_change(self, change, value)  # (its place: its token's, which counts it)
        return super().itemChange(change, value)

    def show_name(self, name: str, radius: float, style: TokenStyle | None = None) -> None:
        """Show ``name`` under a disc of ``radius`` scene pixels, sized by ``style``."""
        _covers_changed(self.scene())
        self.prepareGeometryChange()
        self.style = style or self.style
        self._font = label_font(self.style.name_cells)
        self.name = name
        width = QFontMetricsF(self._font).horizontalAdvance(name) + 0.4 * self._font.pixelSize()
        height = 1.4 * self._font.pixelSize()
        self.setRect(QRectF(-width / 2, radius + RING * 0.6, width, height))
        self.update()

    @property
    def box(self) -> QRectF:
        """The tag, in label coordinates (the token at 0, 0)."""
        return self.rect()

    def move_box(self, centre: QPointF) -> None:
        """Put the tag's centre at ``centre`` (label coordinates: the token at 0, 0)."""
        box = self.rect()
        box.moveCenter(centre)
        if box != self.rect():
            _covers_changed(self.scene())
            self.setRect(box)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(LABEL_BACK)
        painter.drawRoundedRect(self.box, 0.25 * self.box.height(), 0.25 * self.box.height())
        painter.setFont(self._font)
        painter.setPen(LABEL_TEXT)
        painter.drawText(self.box, Qt.AlignmentFlag.AlignCenter, self.name)


class TokenItem(QGraphicsRectItem):
    """One token; rebuild it with :meth:`set_token` when its snapshot changes.

    Its rect is its bounds, so Qt draws it from its cache without calling into Python.

    Its :attr:`label` is a separate item: add it to the scene with the token, in a layer above
    the tokens; it moves (a drag, a slide animation) and fades with the token.
    """

    def __init__(
        self, token: Token, image: QImage | None = None, marks: Marks = NO_MARKS,
        acting: bool = False, style: TokenStyle = TokenStyle(),
    ) -> None:
        super().__init__()
        self.setPen(Qt.PenStyle.NoPen)
        self.style = style
        self.label = TokenLabelItem(style)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, True)
        self.hover_marks: Marks | None = None
        """The marks shown while a pointer rests on it (its harm, shown on hover), if any."""
        self._resting: Marks | None = None
        self.set_token(token, image, marks, acting)

    def show_on_hover(self, full: Marks | None) -> None:
        """Show ``full`` (the marks with its harm) while a pointer rests on the token."""
        self.hover_marks = full
        if full is None:
            self.set_pointer_over(False)

    @property
    def pointer_over(self) -> bool:
        """Whether its hover marks show now (a pointer rests on it)."""
        return self._resting is not None

    def set_pointer_over(self, over: bool) -> None:
        """A pointer came to rest on the token (or left it): its :attr:`hover_marks` show."""
        if over and self.hover_marks is not None and self._resting is None:
            self._resting = self.marks
            self.set_token(self.token, self.image, self.hover_marks, self.acting)
        elif not over and self._resting is not None:
            resting, self._resting = self._resting, None
            self.set_token(self.token, self.image, resting, self.acting)

    def itemChange(self, change: GraphicsChange, value: Any) -> Any:
        _cover_change(self, change, value)
        if change == GraphicsChange.ItemPositionHasChanged:
            self.label.setPos(self.pos())
        elif change == GraphicsChange.ItemOpacityHasChanged:
            self.label.setOpacity(self.opacity())
        elif change == GraphicsChange.ItemVisibleHasChanged:
            self.label.setVisible(self.isVisible())
        return super().itemChange(change, value)

    def set_token(
        self, token: Token, image: QImage | None = None, marks: Marks = NO_MARKS,
        acting: bool = False
    ) -> None:
        """Show ``token`` with the ``marks`` its system gives it; ``acting``: the turn halo."""
        _covers_changed(self.scene())
        self.prepareGeometryChange()
        self.token, self.image, self.marks = token, image, marks
        self.badges, self.acting = list(marks.badges), acting
        self.setPos(token.x * CELL, token.y * CELL)
        self._radius = token.radius * CELL
        self.label.show_name(token.name, self._radius, self.style)
        self._badge_font = label_font(self.style.badge_cells)
        pad = 0.5 * self._badge_font.pixelSize()
        self._badge_widths = [
            QFontMetricsF(self._badge_font).horizontalAdvance(b.text) + pad for b in self.badges
        ]
        self._badge_height = max(BADGE_HEIGHT, 1.4 * self._badge_font.pixelSize())
        self._badge_shift = QPointF()
        self._badge_rows = 1
        self.setRect(self._outline())
        self.update()

    def move_badges(self, shift: QPointF, rows: int = 1) -> None:
        """Shift the badges, wrapped into ``rows`` rows, by ``shift`` from their place above
        the disc (a neighbour's badges or disc were there); where they are already, nothing
        is done (the tokens' tags and badges are placed again at every change of the map)."""
        rows = max(1, min(rows, len(self.badges)))
        if (shift.x(), shift.y(), rows) == (self._badge_shift.x(), self._badge_shift.y(),
                                            self._badge_rows):
            return
        _covers_changed(self.scene())
        self.prepareGeometryChange()
        self._badge_shift = QPointF(shift)
        self._badge_rows = rows
        self.setRect(self._outline())
        self.update()

    def set_style(self, style: TokenStyle) -> None:
        """Draw with ``style`` from now on."""
        self.style = style
        self.set_token(self.token, self.image, self.marks, self.acting)

    def reach(self) -> float:
        """How far the disc, ring, facing mark and acting halo reach from the centre."""
        return self._radius + 1.2 * RING + (self.style.marker_width if self.acting else 0.0)

    def badge_box(self) -> QRectF:
        """Where the badges are, around the token's centre (empty: none)."""
        if not self.badges:
            return QRectF()
        return self.badges_above().translated(self._badge_shift)

    def badges_above(self, rows: int | None = None) -> QRectF:
        """The badges' own place, wrapped into ``rows`` rows (as now if None): centred just
        above the disc's reach."""
        lines = self._badge_lines(rows)
        width = max((sum(self._badge_widths[a:b]) for a, b in lines), default=0.0)
        height = self._badge_height * len(lines)
        return QRectF(-width / 2, -self.reach() - height, width, height)

    def _badge_lines(self, rows: int | None = None) -> list[tuple[int, int]]:
        count = self._badge_rows if rows is None else max(1, min(rows, len(self.badges)))
        return split_rows(self._badge_widths, count)

    def _outline(self) -> QRectF:
        reach = self._radius + RING + self.style.marker_width
        half = max(reach, self.badges_above().width() / 2) + 4
        top = max(reach, -self.badges_above().top()) + 6
        outline = QRectF(-half, -top, 2 * half, top + reach + 4)
        return outline.united(self.badge_box().adjusted(-4, -4, 4, 4)) if self.badges else outline

    def shape(self) -> QPainterPath:
        """The disc with its ring, facing mark and halo, and the badges: what covers it."""
        path = QPainterPath()
        r = self.reach()
        path.addEllipse(QPointF(0, 0), r, r)
        if self.badges:
            path.addRect(self.badge_box())
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        if self.acting:
            self._paint_turn_halo(painter)
        if not self.style.rings_only:
            self._paint_disc(painter)
        self._paint_ring(painter)
        if not self.style.rings_only:
            self._paint_initials(painter)
        self._paint_wounds(painter)
        self._paint_badges(painter)

    def _paint_turn_halo(self, painter: QPainter) -> None:
        width = self.style.marker_width
        r = self._radius + RING / 2 + width / 2
        painter.setPen(QPen(QColor("#000000"), width + 4))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.setPen(QPen(QColor(TURN_COLOR), width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0, 0), r, r)

    def _paint_disc(self, painter: QPainter) -> None:
        r = self._radius - RING / 2
        disc = QRectF(-r, -r, 2 * r, 2 * r)
        fill = QColor(self.token.color)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawEllipse(disc)
        if self.image is not None and not self.image.isNull():
            clip = QPainterPath()
            clip.addEllipse(disc)
            painter.save()
            painter.setClipPath(clip)
            painter.drawImage(disc, self.image)
            painter.restore()

    def _paint_initials(self, painter: QPainter) -> None:
        if self.image is not None and not self.image.isNull():
            return
        r = self._radius - RING / 2
        painter.setFont(label_font(0.4 * max(self.token.size, 0.5)))
        painter.setPen(text_color_on(QColor(self.token.color)))
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter,
                         initials(self.token.name))

    def _paint_ring(self, painter: QPainter) -> None:
        r = self._radius - RING / 2
        color = SIDE_COLORS[self.token.side]
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QColor(0, 0, 0, 220).toRgb())
        painter.drawEllipse(QPointF(0, 0), self._radius, self._radius)
        ring = painter.pen()
        ring.setColor(color)
        ring.setWidthF(RING)
        painter.setPen(ring)
        painter.drawEllipse(QPointF(0, 0), r, r)
        if self.marks.down:
            self._paint_cross(painter, r)
        self._paint_facing(painter, color)

    def _paint_cross(self, painter: QPainter, r: float) -> None:
        painter.setBrush(QColor(60, 60, 60, 150))
        painter.drawEllipse(QPointF(0, 0), r, r)
        pen = painter.pen()
        pen.setColor(QColor("#222222"))
        painter.setPen(pen)
        d = r * 0.7
        painter.drawLine(QPointF(-d, -d), QPointF(d, d))
        painter.drawLine(QPointF(-d, d), QPointF(d, -d))

    def _paint_facing(self, painter: QPainter, color: QColor) -> None:
        angle = math.radians(self.token.facing)
        ux, uy = math.sin(angle), -math.cos(angle)
        tip, base, spread = self._radius + RING * 1.1, self._radius - RING * 0.2, RING * 1.1
        triangle = QPolygonF([
            QPointF(ux * tip, uy * tip),
            QPointF(ux * base - uy * spread, uy * base + ux * spread),
            QPointF(ux * base + uy * spread, uy * base - ux * spread),
        ])
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color.darker(160))
        painter.drawPolygon(triangle)

    def _paint_leader(self, painter: QPainter, area: QRectF) -> None:
        """A line from the disc to a badge row moved off its place (above, below or beside
        the disc), so it reads as this token's."""
        end = QPointF(min(max(0.0, area.left()), area.right()),
                      min(max(0.0, area.top()), area.bottom()))
        length = math.hypot(end.x(), end.y()) or 1.0
        start = QPointF(end.x() / length * self._radius, end.y() / length * self._radius)
        painter.setPen(QPen(QColor("#000000"), RING * 0.5))
        painter.drawLine(start, end)
        painter.setPen(QPen(SIDE_COLORS[self.token.side], RING * 0.25))
        painter.drawLine(start, end)

    def _paint_wounds(self, painter: QPainter) -> None:
        wounds = min(self.marks.harm, 6)
        y = self._radius - PIP * 0.6
        painter.setPen(QColor("#ffffff"))
        painter.setBrush(QColor("#d50000"))
        for i in range(wounds):
            x = (i - (wounds - 1) / 2) * PIP * 1.25
            painter.drawEllipse(QPointF(x, y), PIP / 2, PIP / 2)

    def _paint_badges(self, painter: QPainter) -> None:
        area = self.badge_box()
        if self.badges and area.center().y() != self.badges_above().center().y():
            self._paint_leader(painter, area)
        painter.setFont(self._badge_font)
        for line, (first, end) in enumerate(self._badge_lines()):
            widths = self._badge_widths[first:end]
            x = area.center().x() - sum(widths) / 2  # each row centred in the block
            top = area.top() + line * self._badge_height
            for badge, width in zip(self.badges[first:end], widths, strict=True):
                box = QRectF(x, top, width - 2, self._badge_height)
                fill = QColor(badge.color)
                painter.setPen(QColor("#000000"))
                painter.setBrush(QBrush(fill))
                painter.drawRoundedRect(box, 5, 5)
                painter.setPen(text_color_on(fill))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, badge.text)
                x += width
