"""Help inside the app: the user guide and the rules pages in a browser pane, the About box,
and the log folder.

:class:`HelpWindow` is one non-modal window (F1 brings it back) showing the Markdown pages
of :mod:`battlemap.desktop.core.help_docs` in a ``QTextBrowser``: links between pages work, Back and
Forward walk the history, links to the web open in the desktop's browser.
:func:`build_help_menu` fills the Help menu.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMenu,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop import installed_version
from battlemap.desktop.core.help_docs import docs_dir, rules_page_path, user_guide_path
from battlemap.desktop.core.logs import log_dir
from battlemap.desktop.core.storage import autosave_dir
from battlemap.desktop.gui.crash import open_folder
from battlemap.desktop.gui.notices import tell

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

QUICK_REFERENCE = (
    "Drag tokens to move them (Shift or Alt: no snapping; Esc cancels).\n"
    "Right-click a token for its menu; click a door to open or close it.\n"
    "Wheel zooms; middle or right drag, Space + drag or the arrow keys pan.\n"
    "Draw tools: click each corner; double-click, right-click or Enter finishes.\n"
    "F5 opens the player view; F6 pins its camera; F7 blacks it out; F8 centres it on\n"
    "whoever acts; F9 lifts its fog for a moment (Fog menu: reveal, hide, vision).\n"
    "Drag the white TABLE frame to move the table's view.\n"
    "Ctrl+Shift+click (or a long press on the table) pings a point on both screens.\n"
    "Help > User Guide (F1) has everything else."
)


class HelpWindow(QWidget):
    """A browser pane on the Markdown help pages."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        from battlemap.desktop.gui.app_icon import app_icon

        self.setWindowTitle("Battlemap help")
        self.setWindowIcon(app_icon())
        self.setObjectName("HelpWindow")
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)
        self.browser.setSearchPaths([str(docs_dir())])
        self.browser.sourceChanged.connect(self._retitle)
        buttons = QHBoxLayout()
        for text, slot in (("◀ Back", self.browser.backward), ("Forward ▶", self.browser.forward),
                           ("User guide", partial(self.show_page, user_guide_path()))):
            button = QPushButton(text, self)
            button.clicked.connect(lambda _checked=False, slot=slot: slot())
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.browser)
        self.resize(900, 800)

    def show_page(self, page: Path) -> None:
        """Show the Markdown file ``page`` and bring the window to the front."""
        self.browser.setSource(QUrl.fromLocalFile(str(page)))
        self.show()
        self.raise_()
        self.activateWindow()

    def _retitle(self, url: QUrl) -> None:
        title = self.browser.documentTitle() or Path(url.toLocalFile()).stem
        self.setWindowTitle(f"{title} - Battlemap help")


def help_window(window: GMWindow) -> HelpWindow:
    """The GM window's help window, made on first use."""
    found = window.findChild(HelpWindow)
    return found if found is not None else HelpWindow(window)


def show_user_guide(window: GMWindow) -> None:
    help_window(window).show_page(user_guide_path())


def show_rules(window: GMWindow) -> None:
    """The rules page of the encounter's game system; a system without one is told."""
    system = window.state.encounter.system
    try:
        page = rules_page_path(system)
    except ValueError as problem:
        tell(window, str(problem))
        return
    help_window(window).show_page(page)


def about_text() -> str:
    return (
        f"<h3>Battlemap {installed_version()}</h3>"
        "<p>A desktop battle map for in-person tabletop combat.</p>"
        "<p>Licence: MIT (see the LICENSE file).</p>"
        "<table>"
        f"<tr><td>Data folder</td><td>{platformdirs.user_data_dir('battlemap', appauthor=False)}"
        "</td></tr>"
        f"<tr><td>Autosave</td><td>{autosave_dir()}</td></tr>"
        f"<tr><td>Log folder</td><td>{log_dir()}</td></tr>"
        f"<tr><td>Help pages</td><td>{docs_dir()}</td></tr>"
        "</table>"
    )


def show_about(window: GMWindow) -> QMessageBox:
    box = QMessageBox(QMessageBox.Icon.NoIcon, "About Battlemap", about_text(),
                      QMessageBox.StandardButton.Ok, window)
    from battlemap.desktop.gui.app_icon import app_icon

    box.setIconPixmap(app_icon().pixmap(64, 64))
    box.setObjectName("AboutBox")
    box.open()
    return box


def open_log_folder(window: GMWindow) -> None:
    folder = log_dir()
    if not open_folder(folder):
        tell(window, f"No file manager could open the log folder; it is {folder}")
    else:
        window.statusBar().showMessage(f"Log folder: {folder}", 8000)


def show_quick_reference(window: GMWindow) -> None:
    QMessageBox.information(window, "Battlemap", QUICK_REFERENCE)


def build_help_menu(window: GMWindow, menu: QMenu, actions: dict[str, QAction]) -> None:
    """User Guide (F1), Rules of this system, Quick Reference, Open Log Folder, About."""
    def add(name: str, text: str, slot: Callable[[GMWindow], object],
            shortcut: QKeySequence | None = None) -> None:
        action = QAction(text, window)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _checked=False: slot(window))
        menu.addAction(action)
        actions[name] = action

    add("user_guide", "&User Guide", show_user_guide,
        QKeySequence(QKeySequence.StandardKey.HelpContents))
    add("rules_help", "&Rules of This System", show_rules)
    add("quick_reference", "&Quick Reference", show_quick_reference)
    menu.addSeparator()
    add("open_log_folder", "Open &Log Folder", open_log_folder)
    add("about", "&About Battlemap", show_about)
