"""The map printed to scale: one cell = one inch (or the scale chosen), tiled over as many
pages as it takes, and images at a known scale.

:func:`plan_pages` lays the map over pages of the chosen paper (portrait or landscape,
whichever takes fewer), each page's printable area overlapping its neighbours' by
:data:`OVERLAP_INCH`. :func:`print_pages` paints the pages on a paged device - the PDF of
:func:`print_pdf` (a ``QPdfWriter``) or the printer of File > Print... - first a page map
(the whole map with each page's rectangle and name, the scale, a one-inch bar to check the
printer did not shrink the page), then one page per tile, named in its margin (A1, B1, ...
columns by letter, rows by number), with alignment crosses in the overlap bands - the same
map points on both pages of a seam - and the edge where the neighbour's page starts dashed.

What is printed is a :class:`~battlemap.desktop.gui.scene.MapScene` of the audience asked for: the
player view holds no hidden token and shows the fog as the table shows it, so a printout for
the players never shows what they must not see.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.grid_item import GridItem
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.settings import table_label_mm
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import TokenStyle

PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
MARGIN_INCH = 0.4
"""Unprinted border of each page (most printers cannot print the last 5 mm)."""
OVERLAP_INCH = 0.5
"""How much of the map two neighbouring pages both print, to align and glue them."""
PDF_DPI = 300
"""The PDF's coordinate resolution (marks and text are vector, drawn at this precision)."""
RASTER_DPI = 200
"""The map's own resolution on paper: sharp for grid lines and names, a few MB a page."""
MAX_PAGES = 400
MAX_IMAGE_SIDE = 16384
MAX_IMAGE_PIXELS = 100_000_000
"""Most pixels in an image drawn to scale (400 MB at 4 bytes a pixel; 16,384 x 16,384 is 1 GB)."""


@dataclass(frozen=True, slots=True)
class Tile:
    """One page's part of the map, in inches from the map's corner."""

    column: int
    row: int
    x: float
    y: float
    width: float
    height: float

    @property
    def name(self) -> str:
        return f"{column_letters(self.column)}{self.row + 1}"


@dataclass(frozen=True, slots=True)
class PagePlan:
    """The pages of a map printed at ``cell_inch`` inches a cell."""

    paper: str
    landscape: bool
    page_size: tuple[float, float]  # inches, as oriented
    map_size: tuple[float, float]  # inches
    columns: int
    rows: int
    tiles: tuple[Tile, ...]
    cell_inch: float

    @property
    def printable(self) -> tuple[float, float]:
        return (self.page_size[0] - 2 * MARGIN_INCH, self.page_size[1] - 2 * MARGIN_INCH)


def column_letters(index: int) -> str:
    """``0`` -> ``"A"``, ``25`` -> ``"Z"``, ``26`` -> ``"AA"``.

    >>> column_letters(0), column_letters(27)
    ('A', 'AB')
    """
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _spans(length: float, room: float) -> list[tuple[float, float]]:
    """Where each page starts along one side and how much it prints."""
    if length <= room:
        return [(0.0, length)]
    step = room - OVERLAP_INCH
    count = math.ceil((length - OVERLAP_INCH) / step - 1e-9)
    return [(i * step, min(room, length - i * step)) for i in range(count)]


def plan_pages(width_cells: float, height_cells: float, paper: str = "a4",
               cell_inch: float = 1.0) -> PagePlan:
    """The pages for a ``width_cells`` x ``height_cells`` map; ``ValueError`` for an unknown
    paper, a bad scale or more than :data:`MAX_PAGES` pages.

    A 12 x 10 cell map at one inch a cell on A4 (8.27 x 11.69 in, 7.47 x 10.89 printable):
    portrait takes 2 columns (12 - 0.5 overlap over 7.47 - 0.5 = 6.97 a page) and 1 row;
    landscape would take 2 x 2.

    >>> plan = plan_pages(12, 10, "a4")
    >>> plan.landscape, plan.columns, plan.rows, [t.name for t in plan.tiles]
    (False, 2, 1, ['A1', 'B1'])
    >>> round(plan.tiles[1].x, 2), round(plan.tiles[1].width, 2)
    (6.97, 5.03)
    """
    if paper not in PAPERS:
        raise ValueError(f"paper {paper!r}: expected one of {', '.join(PAPERS)}")
    if not (math.isfinite(cell_inch) and 0.1 <= cell_inch <= 10):
        raise ValueError(f"cell size {cell_inch}: expected 0.1 to 10 inches a cell")
    size = QPageSize(PAPERS[paper]).size(QPageSize.Unit.Inch)
    map_size = (width_cells * cell_inch, height_cells * cell_inch)
    plans = []
    for landscape in (False, True):
        page = (size.height(), size.width()) if landscape else (size.width(), size.height())
        across = _spans(map_size[0], page[0] - 2 * MARGIN_INCH)
        down = _spans(map_size[1], page[1] - 2 * MARGIN_INCH)
        tiles = tuple(Tile(c, r, x, y, w, h) for r, (y, h) in enumerate(down)
                      for c, (x, w) in enumerate(across))  # fmt: skip
        plans.append(PagePlan(paper, landscape, page, map_size, len(across), len(down), tiles,
                              cell_inch))
    best = min(plans, key=lambda p: len(p.tiles))  # portrait first on a tie
    if len(best.tiles) > MAX_PAGES:
        raise ValueError(f"{len(best.tiles)} pages at {cell_inch:g} in a cell; the limit is "
                         f"{MAX_PAGES}: choose a smaller --cell-inch")
    return best


def hide_grid(scene: MapScene) -> None:
    for item in scene.items():
        if isinstance(item, GridItem):
            item.setVisible(False)


def _inch(value: float) -> float:
    return value * PDF_DPI


def _raster(scene: MapScene, source: QRectF, width_inch: float, height_inch: float,
            dpi: float) -> QImage:
    """``source`` (scene pixels) drawn at ``dpi`` for a ``width_inch`` x ``height_inch`` place
    on paper. The scene is drawn to an image first: lights and fog blend in ways a PDF cannot
    hold, and Qt's PDF fallback for them ignores the clip."""
    width = max(1, round(width_inch * dpi))
    height = max(1, round(height_inch * dpi))
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    scene.render(painter, QRectF(0, 0, width, height), source,
                 Qt.AspectRatioMode.IgnoreAspectRatio)
    painter.end()
    return image


def print_pages(device: QPagedPaintDevice, scene: MapScene, plan: PagePlan, title: str) -> int:
    """Paint the page map and every tile of ``plan`` on ``device`` (a ``QPdfWriter`` or a
    ``QPrinter`` at its own resolution), set to the plan's paper and orientation; the page
    count. ``OSError`` if the device cannot be painted on.

    The pages are drawn in :data:`PDF_DPI` units, scaled to the device's resolution, so a PDF
    and a printer get the same marks at the same places.
    """
    device.setPageSize(QPageSize(PAPERS[plan.paper]))
    device.setPageOrientation(QPageLayout.Orientation.Landscape if plan.landscape
                              else QPageLayout.Orientation.Portrait)
    device.setPageMargins(QMarginsF(0, 0, 0, 0))  # a printer may keep its own; MARGIN_INCH
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("the device could not be opened for painting")
    try:
        painter.scale(device.logicalDpiX() / PDF_DPI, device.logicalDpiY() / PDF_DPI)
        _page_map(painter, scene, plan, title)
        for tile in plan.tiles:
            device.newPage()
            _tile_page(painter, scene, plan, tile)
    finally:
        painter.end()
    return 1 + len(plan.tiles)


def print_pdf(scene: MapScene, plan: PagePlan, out: Path, title: str) -> int:
    """Write the page map and every tile of ``plan`` to the PDF ``out``; the page count.
    ``OSError`` if the file cannot be written."""
    writer = QPdfWriter(str(out))
    writer.setResolution(PDF_DPI)
    writer.setTitle(title)
    writer.setCreator("Battlemap")
    try:
        pages = print_pages(writer, scene, plan, title)
    except OSError:
        raise OSError(f"cannot write {out}") from None
    if not out.is_file():
        raise OSError(f"cannot write {out}")
    return pages


def _font(painter: QPainter, points: float, bold: bool = False) -> None:
    font = QFont("DejaVu Sans")  # points on paper, whatever the device's scale (print_pages)
    font.setPointSizeF(points * PDF_DPI / painter.device().logicalDpiY())
    font.setBold(bold)
    painter.setFont(font)


def _text(painter: QPainter, x: float, y: float, text: str, points: float = 9,
          bold: bool = False) -> None:
    _font(painter, points, bold)
    painter.setPen(QColor("black"))
    painter.drawText(QPointF(_inch(x), _inch(y)), text)


def _page_map(painter: QPainter, scene: MapScene, plan: PagePlan, title: str) -> None:
    """Page 1: the whole map with each page's rectangle and name, the scale and a check bar."""
    m = MARGIN_INCH
    _text(painter, m, m + 0.2, title, 14, bold=True)
    _text(painter, m, m + 0.5, (
        f"{plan.map_size[0] / plan.cell_inch:g} x {plan.map_size[1] / plan.cell_inch:g} cells "
        f"at {plan.cell_inch:g} in a cell: {plan.columns} x {plan.rows} pages of "
        f"{plan.paper.upper()} {'landscape' if plan.landscape else 'portrait'}, overlapping "
        f"{OVERLAP_INCH:g} in. Print at actual size (100 %, no 'fit to page')."))
    _text(painter, m, m + 0.75, "Line the crosses of two pages up, one page over the other; "
                                "the dashed line shows where the neighbour's page starts.")
    bar_y = m + 1.0
    painter.setPen(QPen(QColor("black"), _inch(0.02)))
    painter.drawLine(QPointF(_inch(m), _inch(bar_y)), QPointF(_inch(m + 1), _inch(bar_y)))
    for x in (m, m + 1):
        painter.drawLine(QPointF(_inch(x), _inch(bar_y - 0.08)),
                         QPointF(_inch(x), _inch(bar_y + 0.08)))
    _text(painter, m + 1.15, bar_y + 0.05, "this bar is 1 inch (25.4 mm): measure it to check "
                                           "the scale")
    top = bar_y + 0.4
    room = QRectF(_inch(m), _inch(top), _inch(plan.printable[0]),
                  _inch(plan.page_size[1] - m - top))
    scale = min(room.width() / plan.map_size[0], room.height() / plan.map_size[1])  # px/inch
    target = QRectF(room.x(), room.y(), plan.map_size[0] * scale, plan.map_size[1] * scale)
    scene.render(painter, target, scene.map_rect(), Qt.AspectRatioMode.IgnoreAspectRatio)
    for tile in plan.tiles:
        rect = QRectF(target.x() + tile.x * scale, target.y() + tile.y * scale,
                      tile.width * scale, tile.height * scale)
        painter.setPen(QPen(QColor(200, 0, 0), _inch(0.015)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        _font(painter, 12, bold=True)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, tile.name)


def _cross(painter: QPainter, x: float, y: float) -> None:
    arm = _inch(0.15)
    painter.drawLine(QPointF(x - arm, y), QPointF(x + arm, y))
    painter.drawLine(QPointF(x, y - arm), QPointF(x, y + arm))


def _tile_page(painter: QPainter, scene: MapScene, plan: PagePlan, tile: Tile) -> None:
    """One page: its part of the map at scale, its name, the crosses and the seams."""
    m = MARGIN_INCH
    target = QRectF(_inch(m), _inch(m), _inch(tile.width), _inch(tile.height))
    per_inch = CELL / plan.cell_inch  # scene pixels an inch
    source = QRectF(tile.x * per_inch, tile.y * per_inch, tile.width * per_inch,
                    tile.height * per_inch)
    dpi = min(RASTER_DPI, painter.device().logicalDpiX())  # no finer than the printer
    painter.drawImage(target, _raster(scene, source, tile.width, tile.height, dpi))
    neighbours = []
    if tile.column + 1 < plan.columns:
        neighbours.append(f"{column_letters(tile.column + 1)}{tile.row + 1} to the right")
    if tile.row + 1 < plan.rows:
        neighbours.append(f"{column_letters(tile.column)}{tile.row + 2} below")
    _text(painter, m, m - 0.12, f"{tile.name}  (page {tile.row * plan.columns + tile.column + 2}"
          f"; {', '.join(neighbours) or 'the last page'})  1 cell = {plan.cell_inch:g} in", 8)
    pen = QPen(QColor(200, 0, 0), _inch(0.01))
    dashed = QPen(QColor(200, 0, 0), _inch(0.01), Qt.PenStyle.DashLine)

    def at(x_inch: float, y_inch: float) -> tuple[float, float]:  # map inches -> page
        return (_inch(m + x_inch - tile.x), _inch(m + y_inch - tile.y))

    ys = [tile.y + tile.height * f for f in (0.25, 0.75)]
    xs = [tile.x + tile.width * f for f in (0.25, 0.75)]
    seams_x = {t.x for t in plan.tiles if t.column > 0}  # where a column's page starts
    seams_y = {t.y for t in plan.tiles if t.row > 0}
    for seam in seams_x:
        band = seam + OVERLAP_INCH / 2
        if tile.x < seam and seam + OVERLAP_INCH <= tile.x + tile.width + 1e-9:
            painter.setPen(dashed)
            painter.drawLine(QPointF(*at(seam, tile.y)), QPointF(*at(seam, tile.y + tile.height)))
        if tile.x - 1e-9 <= band <= tile.x + tile.width + 1e-9:
            painter.setPen(pen)
            for y in ys:
                _cross(painter, *at(band, y))
    for seam in seams_y:
        band = seam + OVERLAP_INCH / 2
        if tile.y < seam and seam + OVERLAP_INCH <= tile.y + tile.height + 1e-9:
            painter.setPen(dashed)
            painter.drawLine(QPointF(*at(tile.x, seam)), QPointF(*at(tile.x + tile.width, seam)))
        if tile.y - 1e-9 <= band <= tile.y + tile.height + 1e-9:
            painter.setPen(pen)
            for x in xs:
                _cross(painter, *at(x, band))


def render_to_scale(scene: MapScene, pixels_per_cell: float, dpi: float | None = None) -> QImage:
    """The whole map at ``pixels_per_cell`` (nothing around it); with ``dpi`` the image says
    so, for printing at actual size. ``ValueError`` beyond :data:`MAX_IMAGE_SIDE`."""
    source = scene.map_rect()
    size = QSizeF(source.width() / CELL * pixels_per_cell,
                  source.height() / CELL * pixels_per_cell)
    width, height = round(size.width()), round(size.height())
    if not (1 <= width <= MAX_IMAGE_SIDE and 1 <= height <= MAX_IMAGE_SIDE):
        raise ValueError(f"{width} x {height} px at {pixels_per_cell:g} px a cell; each side "
                         f"must be 1 to {MAX_IMAGE_SIDE} px")
    if width * height > MAX_IMAGE_PIXELS:
        raise ValueError(f"{width} x {height} px at {pixels_per_cell:g} px a cell; at most "
                         f"{MAX_IMAGE_PIXELS:,} pixels in all")
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    if dpi is not None:
        image.setDotsPerMeterX(round(dpi / 0.0254))
        image.setDotsPerMeterY(round(dpi / 0.0254))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    scene.render(painter, QRectF(0, 0, width, height), source,
                 Qt.AspectRatioMode.IgnoreAspectRatio)
    painter.end()
    return image


def print_title(encounter: Encounter, audience: Audience) -> str:
    """The printout's title: the encounter and whose view.

    >>> print_title(Encounter(name="Crypt"), Audience.PLAYER)
    'Crypt (players)'
    """
    return f"{encounter.name} ({'players' if audience is Audience.PLAYER else 'GM'})"


def print_encounter(encounter: Encounter, base_dir: Path | None, audience: Audience, grid: bool,
                    plan: PagePlan, out: Path | QPagedPaintDevice) -> tuple[int, str | None]:
    """Print ``encounter`` as ``audience`` sees it after ``plan`` to the PDF file ``out`` or
    the device ``out`` (a printer): the page count and the map image's problem, if it could
    not be shown. ``OSError`` if ``out`` cannot be written."""
    scene = MapScene(BattleState(encounter), audience, base_dir)
    if audience is Audience.PLAYER:  # the table's names: legible at one cell an inch
        scene.set_token_style(TokenStyle.for_table(table_label_mm(), rings_only=False))
    if not grid:
        hide_grid(scene)
    title = print_title(encounter, audience)
    try:
        if isinstance(out, Path):
            return print_pdf(scene, plan, out, title), scene.background_error
        return print_pages(out, scene, plan, title), scene.background_error
    finally:
        scene.detach()
