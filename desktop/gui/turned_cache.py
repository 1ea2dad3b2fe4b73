"""A device cache that survives a pan on a view turned a quarter (90 or 270 degrees).

Qt's ``DeviceCoordinateCache`` keeps an item's pixels at the view's transform and, at a pan,
only draws them elsewhere; but it counts a turn by a quarter as "simple" only at a zoom of
exactly 1, so on a turned table it throws the pixels away and renders the item afresh at every
paint (``QGraphicsScenePrivate::drawItemHelper``: a pan of the turned 8192 px map rendered
eight wall tiles a step, 6.5 ms). :func:`paint_cached` does what Qt's cache does on such a
paint (the item painted into a transparent pixmap of its device bounds at the painter's
transform shifted by whole pixels, then the pixmap drawn untransformed), and keeps the pixmap
in :class:`QPixmapCache` (so the same room as Qt's own caches) under the item, the view and
everything that decides those pixels: the transform's linear part, where the item falls
within a device pixel and the pixmap's size. A pan moves the view by whole pixels, so it
finds the pixmap and only draws it: the same pixels as Qt's fresh render, without the render.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter, QPixmap, QPixmapCache, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

_SERIALS = itertools.count()


def serial() -> int:
    """A number no other cached item has had in this process (an id may be reused)."""
    return next(_SERIALS)


def quarter_turned(world: QTransform) -> bool:
    """Whether ``world`` turns by a quarter (its diagonal zero): the transforms whose device
    cache Qt throws away at every paint unless the zoom is 1.

    >>> quarter_turned(QTransform().rotate(90).scale(0.3, 0.3)), quarter_turned(QTransform())
    (True, False)
    """
    return world.m11() == 0 and world.m22() == 0 and world.m12() != 0 and world.m21() != 0


def paint_cached(
    item: QGraphicsItem, number: int, painter: QPainter, option: QStyleOptionGraphicsItem,
    widget: QWidget | None,
    draw: Callable[[QPainter, QStyleOptionGraphicsItem], None],
) -> None:
    """Paint ``item`` (whose own pixels ``draw`` paints; ``number`` its :func:`serial`) as
    Qt's device cache paints it on a turned view, keeping the pixmap for the next paint at
    the same transform up to whole pixels. An item over 1.2 times the view (Qt then caches
    only the part on screen) or painted without a view is rendered as Qt renders it, not kept.
    """
    world = painter.worldTransform()
    device = world.mapRect(item.boundingRect()).toRect().adjusted(-1, -1, 1, 1)
    if device.isEmpty():
        return
    view = widget.rect() if widget is not None else QRect()
    if widget is not None and not view.intersects(device):
        return
    partial = not view.isNull() and not view.contains(device) and (
        view.width() * 1.2 < device.width() or view.height() * 1.2 < device.height())
    if partial:
        device &= view
    key = None
    if widget is not None and not partial:
        key = (f"turned {number} {id(widget)} {world.m11()!r} {world.m12()!r} "
               f"{world.m21()!r} {world.m22()!r} {round(world.dx() - device.left(), 6)!r} "
               f"{round(world.dy() - device.top(), 6)!r} {device.width()} {device.height()}")
    pixmap = QPixmapCache.find(key) if key is not None else None
    if pixmap is None:
        pixmap = _render(item, painter, option, world, device, draw)
        if key is not None:
            QPixmapCache.insert(key, pixmap)
    painter.save()
    painter.setWorldTransform(QTransform())
    painter.drawPixmap(device.topLeft(), pixmap)
    painter.restore()


def _render(
    item: QGraphicsItem, painter: QPainter, option: QStyleOptionGraphicsItem, world: QTransform,
    device: QRect, draw: Callable[[QPainter, QStyleOptionGraphicsItem], None],
) -> QPixmap:
    """The item's pixels over ``device`` as Qt's ``_q_paintIntoCache`` renders them."""
    pixmap = QPixmap(device.size())
    pixmap.fill(Qt.GlobalColor.transparent)
    into = QPainter(pixmap)
    into.setRenderHints(into.renderHints(), False)
    into.setRenderHints(painter.renderHints(), True)
    into.setWorldTransform(world * QTransform.fromTranslate(-device.left(), -device.top()))
    whole = QStyleOptionGraphicsItem(option)
    whole.exposedRect = item.boundingRect().adjusted(-1, -1, 1, 1)
    draw(into, whole)
    into.end()
    return pixmap
