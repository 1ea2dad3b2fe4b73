"""The token HUD: on the one selected token of the GM map, a ring of the system's usual
switches (Shaken, Prone, Stunned, Bound ...) and counts (Wounds, hit points, Bennies) a click
away, instead of the right-click menu's forty entries.

It is a widget over the map's viewport (real buttons, not scene items, so the map's tools
never see its clicks), placed around the token's place on screen and following the camera.
It covers no other token, name tag or badge row when it can help it, and stays in the view:
of its arrangements (switches down the token's right and counts down its left, the two the
other way round, both down one side, rows above or below), nearest first and then a step
farther out at a time, it takes the first that covers nothing
(:func:`battlemap.desktop.gui.label_layout.covered_by_tokens`, in the view's pixels), else the one
that covers least - farther out over bare map rather than close over a token. At the view's edge
each arrangement is slid inside it, so the one that fits there without covering the token
itself wins (the HUD flips). A token's HUD keeps its arrangement while that covers nothing:
a click that adds or takes away a badge moves no chip from under the pointer needlessly.
Each click is one undoable edit checked by the system
(:func:`battlemap.desktop.core.token_hud.with_control`); a refused one reaches the status bar and
the log. The controls come from :func:`battlemap.desktop.core.token_hud.hud_controls`.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QPoint, QRect, QRectF, QSize
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.token_hud import HudControl, hud_controls, with_control
from battlemap.desktop.gui.label_layout import Covered, covered_near
from battlemap.desktop.gui.notices import tell
from battlemap.desktop.gui.style import CELL

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

CHIP_STYLE = ("QToolButton, QLabel { background: rgba(20, 20, 20, 215); color: white; "
              "border: 1px solid #888; border-radius: 8px; padding: 1px 5px; }"
              "QToolButton:checked { background: #fdd835; color: black; }")
GAP_PX = 14
"""Between the token's ring and the HUD's chips, screen pixels."""
CHIP_GAP = 2
"""Between two chips, screen pixels."""
ROW_PX = 360
"""The widest a row of chips above or below the token runs, screen pixels."""
FARTHER = 5
"""How many steps (each the token's radius on screen) the HUD may stand farther out."""
OFF_VIEW = 100
"""What a chip outside the view counts for: worse than covering any number of tokens."""

KINDS = 6
"""Arrangements at each distance (see :func:`arrangements_at`)."""

Layout = list[QRect]
"""Where each chip goes (viewport pixels): the switches' first, then the counts'."""


class TokenHud(QWidget):
    """The HUD of ``window``'s GM map; :meth:`show_for` one token or none."""

    def __init__(self, window: GMWindow) -> None:
        super().__init__(window.view.viewport())
        self.window = window
        self.token_id: str | None = None
        self.chips: dict[str, QWidget] = {}
        self._controls: tuple[HudControl, ...] = ()
        """The controls the chips show (see :meth:`show_for`)."""
        self._placed: tuple[tuple[object, ...], QPoint] | None = None
        """What the chips were last placed for (see :meth:`_panned_along`), and where the
        token's centre was from the HUD's corner then."""
        self._kept: int | None = None
        """The arrangement this token's HUD has (its number in :func:`arrangements`): kept
        while it covers nothing, so a click that adds a badge does not move the chips away
        from under the pointer."""
        self.setStyleSheet(CHIP_STYLE)
        self.hide()
        window.view.camera_changed.connect(self.place)
        window.view.settled.connect(self.place)
        window.state.changed.connect(self._on_state_change)
        window.interaction.selection_changed.append(self._on_selection)

    def _on_selection(self, selection: frozenset[str]) -> None:
        tokens = {t.id for t in self.window.state.encounter.tokens}
        chosen = [i for i in selection if i in tokens]
        self.show_for(chosen[0] if len(chosen) == 1 else None)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        present = self.token_id is not None and any(t.id == self.token_id for t in new.tokens)
        self.show_for(self.token_id if present else None)

    def show_for(self, token_id: str | None) -> None:
        """Show the HUD of ``token_id`` (None, or a token with none: hidden). The chips are
        made again only when the token or its controls differ from the shown ones: a commit
        that leaves them as they are (an attack on another token) keeps its widgets, whose
        making, polish and first paint were a share of the click's first frame (issue 28)."""
        if token_id != self.token_id:
            self._kept = None
        controls = hud_controls(self.window.state.encounter, token_id) if token_id else ()
        if (token_id, controls) != (self.token_id, self._controls):
            self._make_chips(controls)
        else:  # a refused click on a switch had toggled it
            for control in controls:
                if control.flag:
                    cast(QToolButton, self.chips[control.key]).setChecked(bool(control.value))
        self.token_id, self._controls, self._placed = token_id, controls, None
        self.setVisible(bool(self.chips))
        self.place()

    def _make_chips(self, controls: tuple[HudControl, ...]) -> None:
        for chip in self.chips.values():
            chip.deleteLater()
        self.chips = {}
        for control in controls:
            chip = self._switch(control) if control.flag else self._counter(control)
            chip.show()
            self.chips[control.key] = chip

    def _switch(self, control: HudControl) -> QToolButton:
        chip = QToolButton(self)
        chip.setText(control.label)
        chip.setCheckable(True)
        chip.setChecked(bool(control.value))
        chip.setToolTip(f"{control.label}: click to switch {'off' if control.value else 'on'}")
        chip.clicked.connect(partial(self.set_value, control, not control.value))
        return chip

    def _counter(self, control: HudControl) -> QWidget:
        chip = QWidget(self)
        row = QHBoxLayout(chip)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(1)
        less, more = QToolButton(chip), QToolButton(chip)
        less.setText("−")
        more.setText("+")
        less.setObjectName("less")
        more.setObjectName("more")
        less.setEnabled(int(control.value) > control.minimum)
        more.setEnabled(int(control.value) < control.maximum)
        less.clicked.connect(partial(self.set_value, control, int(control.value) - 1))
        more.clicked.connect(partial(self.set_value, control, int(control.value) + 1))
        row.addWidget(less)
        row.addWidget(QLabel(f"{control.label} {control.value}", chip))
        row.addWidget(more)
        chip.adjustSize()
        return chip

    def set_value(self, control: HudControl, value: int | bool) -> None:
        """One click: ``control`` to ``value``, one undoable edit (or why not, in words)."""
        if self.token_id is None:
            return
        encounter = self.window.state.encounter
        name = encounter.token(self.token_id).name
        try:
            after = with_control(encounter, self.token_id, control.key, value)
        except ValueError as error:
            tell(self.window, f"{name}: {error}")
            return
        shown = ("on" if value else "off") if control.flag else str(value)
        self.window.state.apply(f"{control.label} {shown}: {name}", after)

    def place(self) -> None:
        """The chips around the token where they cover least (see the module's words)."""
        if not self.chips or self.token_id is None:
            return
        view = self.window.view
        token = next((t for t in self.window.state.encounter.tokens if t.id == self.token_id),
                     None)
        if token is None:
            return
        centre = view.mapFromScene(token.x * CELL, token.y * CELL)
        switches = [c for c in self.chips.values() if isinstance(c, QToolButton)]
        counters = [c for c in self.chips.values() if not isinstance(c, QToolButton)]
        for chip in self.chips.values():
            chip.adjustSize()
        basis = (self.window.state.encounter, self.token_id, view.zoom, view.viewport().size(),
                 [c.size() for c in self.chips.values()])
        if self._panned_along(basis, centre):
            return  # the viewport's scroll moved the HUD with the map
        chosen = self._chosen(basis, centre, token.radius * CELL * view.zoom, switches, counters)
        self._cover([*switches, *counters], chosen)
        if self._placed is not None:  # searched, not the burst's kept arrangement
            self._placed = (basis, centre - self.pos())
        self.raise_()

    def _cover(self, chips: list[QWidget], chosen: Layout) -> None:
        """The HUD over the box of its ``chips`` at ``chosen`` (viewport pixels), masked to the
        chips. Only that box: a move or a new mask repaints the map under the widget's old
        and new rectangles (a mask, under the widget less the mask), and a viewport-sized HUD
        repainted the whole GM map at every pan step that placed it again (issue 28)."""
        box = _bounds(chosen)
        self.setGeometry(box)
        for chip, rect in zip(chips, chosen, strict=True):
            chip.move(rect.topLeft() - box.topLeft())
        self.setMask(self._chips_region())

    def _chosen(self, basis: tuple[object, ...], centre: QPoint, radius: float,
                switches: list[QToolButton], counters: list[QWidget]) -> Layout:
        """Where the chips go round the token at ``centre`` (``radius`` pixels on screen): the
        arrangement that covers least, or during a burst of zoom steps the kept one, following
        the token (searched again when the view settles: the search cost most of a coarse
        notch, issue 28)."""
        view = self.window.view
        sizes = [c.size() for c in switches], [c.size() for c in counters]
        area = view.viewport().rect()
        if view.coarse and self._kept is not None:
            far, kind = divmod(self._kept, KINDS)
            kept = arrangements_at(centre, radius + GAP_PX + far * radius, *sizes)[kind]
            self._placed = None
            return self._fitted(kept, centre, area)
        self._placed = (basis, centre)
        layouts = [self._fitted(layout, centre, area)
                   for layout in arrangements(centre, radius + GAP_PX, radius, *sizes)]
        self._kept, chosen = least_covering(layouts, self._covered_near(layouts), area,
                                            self._kept)
        return chosen

    @staticmethod
    def _fitted(layout: Layout, centre: QPoint, area: QRect) -> Layout:
        """``layout`` slid into the view ``area``, unless the token at ``centre`` is off it
        (its HUD goes with it)."""
        return inside(layout, area) if area.contains(centre) else layout

    def _panned_along(self, basis: tuple[object, ...], centre: QPoint) -> bool:
        """Whether the HUD stands where it was placed for ``basis`` (the same snapshot, token,
        zoom, view size and chips), moved with the map since (a pan: the viewport's scroll
        moved it as far as the token), all still in the view (or the token out of it, its
        HUD going with it): nothing to choose again."""
        if self._placed is None:
            return False
        (encounter, *rest), offset = self._placed
        same = encounter is basis[0] and rest == list(basis[1:])
        area = self.window.view.viewport().rect()
        return same and centre - self.pos() == offset and (not area.contains(centre) or all(
            area.contains(chip.geometry().translated(self.pos())) for chip in self.chips.values()))

    def _covered_near(self, layouts: list[Layout]) -> Covered:
        """What the map's tokens cover where any of ``layouts`` reaches, in viewport pixels."""
        view = self.window.view
        reach = QRect()
        for layout in layouts:
            reach = reach.united(_bounds(layout))
        near = view.mapToScene(reach).boundingRect()
        return covered_near(view.map_scene, near).mapped(view.viewportTransform())

    def _chips_region(self) -> QRegion:
        """Only the chips take the mouse: the map between them stays the map's."""
        region = QRegion()
        for chip in self.chips.values():
            region = region.united(QRegion(chip.geometry()))
        return region


def arrangements(centre: QPoint, ring: float, step: float, switches: list[QSize],
                 counters: list[QSize]) -> list[Layout]:
    """The HUD's places round a token at ``centre``, best first: at ``ring`` pixels from it,
    then a ``step`` farther each time, :data:`FARTHER` times; at each distance the switches
    down its right and the counts down its left (bowed like a ring), the other way round,
    both down its right, both down its left, rows above it and rows below it.

    >>> found = arrangements(QPoint(100, 100), 40, 30, [QSize(50, 20)], [QSize(80, 20)])
    >>> len(found), [(r.x(), r.y()) for r in found[0]]  # switch right, count left
    (36, [(140, 90), (-20, 90)])
    """
    return [layout for n in range(FARTHER + 1)
            for layout in arrangements_at(centre, ring + n * step, switches, counters)]


def arrangements_at(centre: QPoint, r: float, switches: list[QSize],
                    counters: list[QSize]) -> list[Layout]:
    """The :data:`KINDS` arrangements at ``r`` pixels from a token at ``centre``, best first
    (arrangement number ``n`` of :func:`arrangements` is ``arrangements_at(...)[n % KINDS]``
    at the distance ``n // KINDS`` steps out).

    >>> found = arrangements_at(QPoint(100, 100), 40, [QSize(50, 20)], [QSize(80, 20)])
    >>> len(found), [(r.x(), r.y()) for r in found[1]]  # switch left, count right
    (6, [(10, 90), (140, 90)])
    """
    right = _column(switches, centre, r, 1, bowed=True)
    left = _column(counters, centre, r, -1, bowed=True)
    flipped = _column(switches, centre, r, -1, bowed=True) + _column(counters, centre, r,
                                                                     1, bowed=True)
    wide = max((s.width() for s in switches), default=-CHIP_GAP) + CHIP_GAP
    beyond = r + wide
    return [right + left, flipped,
            _column(switches, centre, r, 1, True) + _column(counters, centre, beyond, 1),
            _column(switches, centre, r, -1, True) + _column(counters, centre, beyond, -1),
            _rows([switches, counters], centre, r, -1), _rows([switches, counters], centre, r, 1)]


def _column(sizes: list[QSize], centre: QPoint, ring: float, side: int,
            bowed: bool = False) -> Layout:
    """``sizes`` one under another, centred on ``centre``'s height, ``ring`` pixels to its
    right (``side`` 1) or left (-1); ``bowed``: the middle ones nearest, as on a ring."""
    height = sum(s.height() + CHIP_GAP for s in sizes) - CHIP_GAP
    top = centre.y() - height / 2
    found = []
    for n, size in enumerate(sizes):
        middle = (n + 0.5) / len(sizes) - 0.5
        inward = round(ring * (1 - math.cos(middle * math.pi * 0.6))) if bowed else 0
        x = (centre.x() + ring - inward if side > 0
             else centre.x() - ring + inward - size.width())
        found.append(QRect(_whole(x), _whole(top), size.width(), size.height()))
        top += size.height() + CHIP_GAP
    return found


def _rows(groups: list[list[QSize]], centre: QPoint, ring: float, side: int) -> Layout:
    """Each group of ``groups`` in rows of at most :data:`ROW_PX` centred over (``side`` -1)
    or under (1) ``centre``, the first row ``ring`` pixels from it, the others farther."""
    found = []
    edge = centre.y() + side * ring
    for row in (r for group in groups for r in _wrapped(group)):
        width = sum(s.width() + CHIP_GAP for s in row) - CHIP_GAP
        height = max(s.height() for s in row)
        top, x = (edge if side > 0 else edge - height), centre.x() - width / 2
        for size in row:
            found.append(QRect(_whole(x), _whole(top + (height - size.height()) / 2),
                               size.width(), size.height()))
            x += size.width() + CHIP_GAP
        edge += side * (height + CHIP_GAP)
    return found


def _wrapped(sizes: list[QSize]) -> list[list[QSize]]:
    """``sizes`` in rows no wider than :data:`ROW_PX` (a wider chip alone in its row)."""
    rows: list[list[QSize]] = []
    width = math.inf
    for size in sizes:
        if width + CHIP_GAP + size.width() > ROW_PX:
            rows.append([])
            width = -CHIP_GAP
        rows[-1].append(size)
        width += CHIP_GAP + size.width()
    return rows


def _whole(x: float) -> int:
    """``x`` to the nearest pixel, halves up (not to even): a pan by whole pixels moves every
    chip alike."""
    return math.floor(x + 0.5)


def inside(layout: Layout, area: QRect) -> Layout:
    """``layout`` slid as one into ``area`` (its left and top kept in when it is too big).

    >>> moved = inside([QRect(-5, 10, 20, 10), QRect(-5, 22, 30, 10)], QRect(0, 0, 100, 25))
    >>> [(r.x(), r.y()) for r in moved]
    [(0, 3), (0, 15)]
    """
    box = _bounds(layout)
    dx = max(area.left() - box.left(), min(0, area.right() - box.right()))
    dy = max(area.top() - box.top(), min(0, area.bottom() - box.bottom()))
    return [rect.translated(dx, dy) for rect in layout]


def least_covering(layouts: list[Layout], covered: Covered, area: QRect,
                   kept: int | None = None) -> tuple[int, Layout]:
    """The first of ``layouts`` whose chips cover nothing of ``covered`` and stay in ``area``,
    else the one that covers fewest (a chip out of ``area`` counting :data:`OFF_VIEW`); and
    its number. The ``kept`` one first, if it covers nothing.

    >>> name = Covered(boxes=(QRectF(0, 0, 30, 10),))
    >>> on_it, beside = [QRect(5, 2, 10, 5)], [QRect(40, 2, 10, 5)]
    >>> least_covering([on_it, beside], name, QRect(0, 0, 100, 100))[0]
    1
    """
    if kept is not None and kept < len(layouts) and _hits(layouts[kept], covered, area) == 0:
        return kept, layouts[kept]
    if not layouts or len(covered.discs) + len(covered.boxes) < MANY_COVERED:
        best, fewest = 0, math.inf
        for n, layout in enumerate(layouts):
            hits = _hits(layout, covered, area, fewest)
            if hits < fewest:
                best, fewest = n, hits
            if hits == 0:
                break
        return best, layouts[best]
    counts = _every_hits(layouts, covered, area)
    best = counts.index(min(counts))  # the first that covers fewest, as the loop finds it
    return best, layouts[best]


MANY_COVERED = 40
"""From this many discs and boxes near the HUD (a crowded map zoomed out: 300 tokens), the
layouts' hits are counted all at once (numpy) instead of one by one."""


def _every_hits(layouts: list[Layout], covered: Covered, area: QRect) -> list[int]:
    """:func:`_hits` of each of ``layouts`` (counted whole), worked out together: the same
    comparisons as :func:`~battlemap.desktop.gui.label_layout.disc_meets_box` and
    ``QRectF.intersects`` (a null rectangle meets nothing; touching is not meeting)."""
    import numpy as np

    rects = [rect for layout in layouts for rect in layout]
    x0 = np.array([float(r.x()) for r in rects])
    y0 = np.array([float(r.y()) for r in rects])
    w = np.array([float(r.width()) for r in rects])
    h = np.array([float(r.height()) for r in rects])
    x1, y1 = x0 + w, y0 + h  # QRectF(rect).right(), .bottom()
    hits = np.zeros(len(rects), dtype=np.int64)
    if covered.discs:
        cx = np.array([c.x() for c, _ in covered.discs])
        cy = np.array([c.y() for c, _ in covered.discs])
        radius = np.array([r for _, r in covered.discs])
        nx = np.minimum(np.maximum(cx[None, :], x0[:, None]), x1[:, None])
        ny = np.minimum(np.maximum(cy[None, :], y0[:, None]), y1[:, None])
        near = (cx[None, :] - nx) ** 2 + (cy[None, :] - ny) ** 2 < (radius * radius)[None, :]
        hits += near.sum(axis=1)
    if covered.boxes:
        bx = np.array([b.x() for b in covered.boxes])
        by = np.array([b.y() for b in covered.boxes])
        bw = np.array([b.width() for b in covered.boxes])
        bh = np.array([b.height() for b in covered.boxes])
        l2, r2 = np.where(bw < 0, bx + bw, bx), np.where(bw < 0, bx, bx + bw)
        t2, b2 = np.where(bh < 0, by + bh, by), np.where(bh < 0, by, by + bh)
        l1, r1 = np.minimum(x0, x1), np.maximum(x0, x1)
        t1, b1 = np.minimum(y0, y1), np.maximum(y0, y1)
        meets = ((l1 != r1)[:, None] & (l2 != r2)[None, :] & (t1 != b1)[:, None]
                 & (t2 != b2)[None, :] & (l1[:, None] < r2[None, :]) & (l2[None, :] < r1[:, None])
                 & (t1[:, None] < b2[None, :]) & (t2[None, :] < b1[:, None]))
        hits += meets.sum(axis=1)
    hits += OFF_VIEW * np.array([not area.contains(r) for r in rects], dtype=np.int64)
    counts, start = [], 0
    for layout in layouts:
        counts.append(int(hits[start:start + len(layout)].sum()))
        start += len(layout)
    return counts


def _hits(layout: Layout, covered: Covered, area: QRect, enough: float = math.inf) -> int:
    """How much ``layout`` covers (counting stops at ``enough``)."""
    near = covered.near(QRectF(_bounds(layout)))
    hits = 0
    for rect in layout:
        hits += near.count_meeting(QRectF(rect)) + OFF_VIEW * (not area.contains(rect))
        if hits >= enough:
            break
    return hits


def _bounds(layout: Layout) -> QRect:
    box = QRect()
    for rect in layout:
        box = box.united(rect)
    return box
