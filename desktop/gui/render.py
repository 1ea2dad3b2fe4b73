"""Render an encounter offscreen to an image, as the GM or the players would see it.

Used by ``battlemap render`` (no window is shown) and by the README screenshots.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter, QPixmapCache
from PySide6.QtWidgets import QApplication

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.scene import Audience, MapScene

BACKDROP = QColor("#202124")
IMAGE_ALLOCATION_LIMIT_MB = 512
"""Qt refuses to decode any image needing more memory than this (decompression bombs)."""
ITEM_CACHE_KB = 48 * 1024
"""Room for cached token and wall-tile pixmaps (Qt's default, 10 MB, thrashes on big maps)."""


POOL_VARIABLE = "BATTLEMAP_QT_POOL"
"""Set (to anything): Qt's raster thread pool stays on (the default is off on two cores or
fewer, below)."""
SERIAL_UP_TO_CORES = 2
"""Machines with this many cores or fewer paint without Qt's raster thread pool (measured on
two); more keep Qt's default (not measured here: more cores may gain from it)."""


def paints_without_pool(cores: int | None, environ: Mapping[str, str]) -> bool:
    """Whether a new application should paint without Qt's raster thread pool: on
    :data:`SERIAL_UP_TO_CORES` cores or fewer (unknown: one), unless :data:`POOL_VARIABLE`
    is set.

    >>> paints_without_pool(2, {}), paints_without_pool(8, {})
    (True, False)
    >>> paints_without_pool(2, {POOL_VARIABLE: "1"}), paints_without_pool(None, {})
    (False, True)
    """
    return not environ.get(POOL_VARIABLE) and (cores or 1) <= SERIAL_UP_TO_CORES


def ensure_app() -> QApplication:
    """The running QApplication, created (with the image allocation limit) if needed.

    Qt's raster engine hands each fill of more than 95 rows to a thread pool and waits for it;
    on two cores this lost time everywhere (issue 28, eighth round: at load 0.7 the 8192 px
    map's wheel notch 6.9 against 14.8 ms wall, its pan 6.5 against 12.5, the FATE attack
    click 22.6 against 40.3), so a new application on such a machine
    (:data:`SERIAL_UP_TO_CORES`) runs without it (``QT_NO_GUI_THREADPOOL``, read by Qt at its
    first fill) unless :data:`POOL_VARIABLE` is set."""
    app = QApplication.instance()
    if app is None:
        if paints_without_pool(os.cpu_count(), os.environ):
            os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
        app = QApplication(sys.argv[:1])
    QImageReader.setAllocationLimit(IMAGE_ALLOCATION_LIMIT_MB)
    QPixmapCache.setCacheLimit(ITEM_CACHE_KB)
    assert isinstance(app, QApplication)
    return app


def render_scene(scene: MapScene, width: int, height: int, rotation: int = 0) -> QImage:
    """The whole map of ``scene`` fitted (aspect kept) into a ``width`` x ``height`` image,
    turned ``rotation`` degrees clockwise (as a turned table view shows it)."""
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(BACKDROP)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    painter.translate(width / 2, height / 2)
    painter.rotate(rotation)
    w, h = (height, width) if rotation % 180 else (width, height)
    source = scene.map_rect().adjusted(-8, -8, 8, 8)
    scale = min(w / source.width(), h / source.height())
    fitted = source.size() * scale
    target = QRectF(-fitted.width() / 2, -fitted.height() / 2, fitted.width(), fitted.height())
    scene.render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
    painter.end()
    return image


def render_encounter(
    encounter: Encounter,
    audience: Audience = Audience.GM,
    size: tuple[int, int] = (1600, 1000),
    base_dir: Path | None = None,
) -> QImage:
    """An image of ``encounter`` as ``audience`` sees it."""
    ensure_app()
    scene = MapScene(BattleState(encounter), audience, base_dir)
    image = render_scene(scene, *size)
    scene.detach()
    return image
