"""The Creatures dock: the creature library of the encounter's game system.

Save the selected token's stat block (*Save Token*), paste a stat block from a book (*Paste…*),
import character files or a shared library (*Import…*), *Export…* the whole library as one
file, *Remove* one. Drag a creature onto the map (or double-click it: the middle of the view)
to add it, numbered, as often as needed; each drop is one undoable edit. The library lives in
the user's data folder (:func:`battlemap.desktop.core.creatures.library_path`); every refusal
reaches the status bar and the log (:func:`battlemap.desktop.gui.notices.tell`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QMimeData, QObject
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop.core.characters import read_sheet_file
from battlemap.desktop.core.creatures import (
    Creature,
    CreatureError,
    Library,
    from_sheet,
    from_text,
    from_token,
    library_path,
    place,
)
from battlemap.desktop.core.model import Encounter, Point
from battlemap.desktop.core.movement import snap_point
from battlemap.desktop.gui.notices import tell
from battlemap.desktop.gui.style import CELL

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

MIME = "application/x-battlemap-creature"
"""What a creature dragged from the dock carries: its row in the list."""


class CreatureList(QListWidget):
    """The list; a dragged row carries its number as :data:`MIME`."""

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:  # type: ignore[override]
        data = QMimeData()
        if items:
            data.setData(MIME, QByteArray(str(self.row(items[0])).encode()))
        return data

    def mimeTypes(self) -> list[str]:
        return [MIME]


class CreaturesPanel(QWidget):
    """The creatures of the encounter's system, saved in ``path`` (the user's library)."""

    def __init__(self, window: GMWindow, path: Path | None = None) -> None:
        super().__init__()
        self.window = window
        self.path = path or library_path()
        self.library = self._load()
        self.list = CreatureList()
        self.list.setDragEnabled(True)
        self.list.setToolTip("Drag a creature onto the map (or double-click it) to add one")
        self.list.itemDoubleClicked.connect(lambda _item: self.place_in_view())
        self.buttons = {name: QPushButton(text) for name, text in (
            ("save", "Save Token"), ("paste", "Paste…"), ("import", "Import…"),
            ("export", "Export…"), ("remove", "Remove"))}
        self.buttons["save"].clicked.connect(self.save_selected)
        self.buttons["paste"].clicked.connect(self._ask_paste)
        self.buttons["import"].clicked.connect(self._ask_import)
        self.buttons["export"].clicked.connect(self._ask_export)
        self.buttons["remove"].clicked.connect(self.remove_chosen)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        for names in (("save", "paste", "import"), ("export", "remove")):
            row = QHBoxLayout()
            for name in names:
                row.addWidget(self.buttons[name])
            layout.addLayout(row)
        self._drops = CreatureDropFilter(self)
        window.view.viewport().installEventFilter(self._drops)
        window.state.changed.connect(self._on_state_change)
        self._system = ""
        self._fill()

    @property
    def shown(self) -> tuple[Creature, ...]:
        """The creatures listed: those of the encounter's system."""
        return self.library.of(self.window.state.encounter.system)

    def _load(self) -> Library:
        try:
            return Library.load(self.path)
        except CreatureError as error:
            tell(self.window, f"The creature library cannot be read: {error}")
            return Library()

    def _store(self, library: Library, said: str) -> None:
        try:
            library.save(self.path)
        except OSError as error:
            tell(self.window, f"The creature library cannot be written to {self.path}: {error}")
            return
        self.library = library
        self._fill()
        self.window.statusBar().showMessage(said, 6000)

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        if new.system != self._system:
            self._fill()

    def _fill(self) -> None:
        self._system = self.window.state.encounter.system
        self.list.clear()
        for creature in self.shown:
            item = QListWidgetItem(creature.name)
            item.setToolTip(f"{creature.name} ({creature.side.value}): drag onto the map")
            self.list.addItem(item)

    def save_selected(self) -> None:
        """The selected token's stat block into the library, under its name."""
        encounter = self.window.state.encounter
        chosen = [t for t in encounter.tokens if t.id in self.window.interaction.selection]
        if len(chosen) != 1:
            tell(self.window, "Nothing saved: select the one token to save as a creature")
            return
        creature = from_token(chosen[0], encounter.system)
        self._store(self.library.with_creature(creature),
                    f"Saved {creature.name} in the creature library")

    def paste(self, text: str, name: str = "") -> bool:
        """A stat block pasted from a book into the library."""
        try:
            creature = from_text(self.window.state.encounter.system, text, name)
        except CreatureError as error:
            tell(self.window, str(error))
            return False
        self._store(self.library.with_creature(creature), f"Added {creature.name}")
        return True

    def import_file(self, path: Path) -> bool:
        """A shared library, or a character file the system reads, into the library."""
        try:
            data = read_sheet_file(path)
            try:
                other = Library.from_bytes(data, path.name)
            except CreatureError:
                other = Library((from_sheet(self.window.state.encounter.system, data,
                                            path.name),))
        except (CreatureError, ValueError) as error:
            tell(self.window, str(error))
            return False
        names = ", ".join(c.name for c in other.creatures)
        self._store(self.library.merged(other), f"Imported {names or 'no creature'}")
        return True

    def export(self, path: Path) -> None:
        """The whole library (every system's) as one file to share."""
        try:
            self.library.save(path)
        except OSError as error:
            tell(self.window, f"The creature library cannot be exported to {path}: {error}")
            return
        self.window.statusBar().showMessage(
            f"Exported {len(self.library.creatures)} creatures to {path.name}", 6000)

    def chosen(self) -> Creature | None:
        row = self.list.currentRow()
        return self.shown[row] if 0 <= row < len(self.shown) else None

    def remove_chosen(self) -> None:
        creature = self.chosen()
        if creature is None:
            tell(self.window, "Nothing removed: pick a creature in the list first")
            return
        self._store(self.library.without(creature), f"Removed {creature.name}")

    def place_at(self, row: int, at: Point) -> None:
        """One more of the creature in ``row`` at ``at`` (cells, snapped), one undo step."""
        if not 0 <= row < len(self.shown):
            tell(self.window, "Nothing placed: that creature is no longer in the library")
            return
        creature, encounter = self.shown[row], self.window.state.encounter
        spot = snap_point(at[0], at[1], encounter.grid.kind, creature.size)
        try:
            after = place(encounter, creature, spot)
        except CreatureError as error:
            tell(self.window, str(error))
            return
        self.window.state.apply(f"Add {after.tokens[-1].name}", after)

    def place_in_view(self) -> None:
        """The chosen creature in the middle of the GM's view."""
        centre = self.window.view.camera()[0]
        self.place_at(self.list.currentRow(), (centre.x() / CELL, centre.y() / CELL))

    def _ask_paste(self) -> None:
        text, ok = QInputDialog.getMultiLineText(self, "Paste a stat block",
                                                 "The stat block as printed:")
        if ok and text.strip():
            self.paste(text)

    def _ask_import(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import creatures", "",
                                              "Creatures and characters (*.json *.gcs);;"
                                              "All files (*)")
        if name:
            self.import_file(Path(name))

    def _ask_export(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export the creature library",
                                              "creatures.json", "Creature library (*.json)")
        if name:
            self.export(Path(name))


class CreatureDropFilter(QObject):
    """A creature dragged from the dock and dropped on the map is placed there."""

    def __init__(self, panel: CreaturesPanel) -> None:
        super().__init__(panel)
        self.panel = panel

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        assert isinstance(event, QDropEvent)
        if not event.mimeData().hasFormat(MIME):
            return False
        event.acceptProposedAction()
        if kind == QEvent.Type.Drop:
            row = int(bytes(event.mimeData().data(MIME).data()).decode() or -1)
            spot = self.panel.window.view.mapToScene(event.position().toPoint())
            self.panel.place_at(row, (spot.x() / CELL, spot.y() / CELL))
        return True
