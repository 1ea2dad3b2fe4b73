"""The screen a widget is on, asked without handing Qt's own screen object to Python.

PySide makes the wrapper of the ``QScreen`` that ``QWidget.screen()`` (or ``QWindow.screen()``)
returns a child of the widget's wrapper. When the garbage collector frees a window that sits in
a reference cycle (GM and player windows do) and clears the screen's wrapper first, that
wrapper takes ownership of the ``QScreen`` and deletes it, although Qt still lists it: the next
window made crashes in ``QScreen::virtualSiblings``. ``QGuiApplication``'s static look-ups
parent nothing, so this module asks those instead. Never call ``.screen()`` on a widget.
"""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget


def screen_of(widget: QWidget) -> QScreen:
    """The screen under the middle of ``widget``, else the primary screen (as Qt's own
    ``QWidget.screen()`` falls back for a window off every screen)."""
    middle = widget.mapToGlobal(widget.rect().center())
    return QGuiApplication.screenAt(middle) or QGuiApplication.primaryScreen()
