"""Paste stat blocks on the map (Ctrl+V, Edit > Paste Stat Block): every block in the
clipboard's text becomes a new token, as one undoable edit.

The encounter's game system reads the text
(:func:`battlemap.desktop.core.statblocks.tokens_from_text`: several blocks pasted at once make
several tokens) and the tokens stand on the free cells nearest the mouse pointer when it is over the
map, else nearest the middle of the map view. The status bar says what was added; a window lists,
block by block, what was read, what was not read and which printed figures differ (the same lines go
into the combat log). A text that cannot be used changes nothing and the status bar says why.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCursor, QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout

from battlemap.desktop.core.model import Point
from battlemap.desktop.core.statblocks import (
    Pasted,
    StatBlockError,
    reading_lines,
    tokens_from_text,
)
from battlemap.desktop.gui.style import CELL

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

__all__ = ["READING_WINDOW", "paste_point", "paste_statblocks"]

READING_WINDOW = "pastedStatBlocks"
"""The object name of the window listing what a paste read (one at a time)."""


def paste_point(window: GMWindow) -> Point:
    """Where pasted tokens go, in cells: the mouse pointer over the map, else the middle of
    the map view."""
    viewport = window.view.viewport()
    spot = viewport.mapFromGlobal(QCursor.pos())
    if not viewport.rect().contains(spot):
        spot = viewport.rect().center()
    scene = window.view.mapToScene(spot)
    return (scene.x() / CELL, scene.y() / CELL)


def paste_statblocks(window: GMWindow, text: str | None = None) -> Pasted | None:
    """Make a token from every stat block in ``text`` (default: the clipboard's text) as one
    undoable edit and show what was read; None (nothing changed, the status bar says why)
    when the text cannot be used."""
    if text is None:
        text = QGuiApplication.clipboard().text()
    if not text.strip():
        window.statusBar().showMessage("Paste Stat Block: the clipboard holds no text; copy a "
                                       "stat block (Attributes: ..., Pace: ...) first", 8000)
        return None
    try:
        pasted = tokens_from_text(window.state.encounter, text, at=paste_point(window))
    except StatBlockError as error:
        window.statusBar().showMessage(f"Paste Stat Block: {error}", 10000)
        return None
    window.state.apply(pasted.encounter.log[-1].title, pasted.encounter)
    window.statusBar().showMessage(pasted.summary(), 10000)
    _show_reading(window, pasted)
    return pasted


def _show_reading(window: GMWindow, pasted: Pasted) -> None:
    """The reading of every pasted block in a window that stays open beside the map."""
    old = window.findChild(QDialog, READING_WINDOW)
    if old is not None:
        old.close()
    dialog = QDialog(window)
    dialog.setObjectName(READING_WINDOW)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.setWindowTitle(pasted.summary())
    lines: list[str] = []
    for reading, token_id in zip(pasted.readings, pasted.ids, strict=True):
        token = pasted.encounter.token(token_id)
        lines += [f"{token.name} ({token.id}):", *reading_lines(replace(reading, name=None)),
                  ""]
    view = QPlainTextEdit("\n".join(lines))
    view.setReadOnly(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    layout = QVBoxLayout(dialog)
    layout.addWidget(view)
    layout.addWidget(buttons)
    dialog.resize(640, 480)
    dialog.show()
