"""Battlemap's application icon (``assets/battlemap.svg``, with a PNG for desktops and
platforms without the SVG image plugin), on every window and in the task bar."""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon

from battlemap.desktop import ASSETS_DIR

ICON_SVG = ASSETS_DIR / "battlemap.svg"
ICON_PNG = ASSETS_DIR / "battlemap.png"


@cache
def app_icon() -> QIcon:
    """The icon: the PNG's pixels, the SVG for every other size."""
    icon = QIcon(str(ICON_PNG))
    icon.addFile(str(ICON_SVG))
    return icon
