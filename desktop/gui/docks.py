"""The GM window's side docks: combatants (with their stat blocks), properties, initiative and
the combat log. Dock positions are saved with the window layout.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QGridLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from battlemap.desktop.core.characters import CharacterError, add_character_reading, read_sheet_file
from battlemap.desktop.core.edits import with_stats
from battlemap.desktop.core.model import Encounter, Point, Token
from battlemap.desktop.core.statblocks import StatBlockError, reading_lines, with_statblock_text
from battlemap.desktop.gui.combat_log import CombatLogPanel
from battlemap.desktop.gui.initiative_panel import InitiativePanel
from battlemap.desktop.gui.notices import tell
from battlemap.desktop.gui.statblock_form import StatBlockForm
from battlemap.desktop.gui.token_item import NO_MARKS, Marks, marks_of
from battlemap.rules.registry import RulesError, find_system

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow
    from battlemap.rules.registry import GameSystem

COLUMNS = ["Name", "Side", "Harm", "Marks"]
TABLE_MAX_WIDTH = 480
"""The widest the combatants table asks to be, in pixels."""


class StatBlockTextDialog(QDialog):
    """A stat block pasted as text for ``token_id``: what the system reads in it, field by
    field, with the lines it could not read and the printed figures that differ, live."""

    def __init__(self, parent: QWidget, encounter: Encounter, token_id: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Paste a stat block for {encounter.token(token_id).name}")
        self.encounter, self.token_id = encounter, token_id
        self.result_encounter: Encounter | None = None
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("Attributes: Agility d8, Smarts d6, ...\nSkills: ...\n"
                                     "Pace: 6; Parry: 5; Toughness: 7 (2)\nGear: ...")
        self.reading = QLabel("")
        self.reading.setWordWrap(True)
        self.reading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply |
                                        QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Apply).clicked.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 2)
        layout.addWidget(self.reading, 3)
        layout.addWidget(self.buttons)
        self.text.textChanged.connect(self._read)
        self._read()

    def _read(self) -> None:
        apply = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        try:
            self.result_encounter, reading = with_statblock_text(
                self.encounter, self.token_id, self.text.toPlainText())
        except (StatBlockError, ValueError) as error:
            self.result_encounter = None
            self.reading.setText(f"Not usable yet: {error}")
            apply.setEnabled(False)
            return
        self.reading.setText("\n".join(reading_lines(reading)))
        apply.setEnabled(True)


def combatant_row(token: Token, marks: Marks) -> list[str]:
    """The table cells of one combatant: its name, side, harm and the badges it shows.

    Examples
    --------
    >>> from battlemap.desktop.gui.token_item import Badge
    >>> combatant_row(Token(id="a", name="A", x=0, y=0), Marks((Badge("SHAKEN", "#fff"),), 2))
    ['A', 'neutral', '2', 'SHAKEN']
    """
    return [token.name, token.side.value, str(marks.harm),
            " ".join(b.text for b in marks.badges)]


class CombatantsPanel(QWidget):
    """Every token in a table; the selected token's stat block as a form (raw JSON on request)."""

    def __init__(self, window: GMWindow) -> None:
        super().__init__()
        self.gm, self.state = window, window.state
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()  # every column as wide as its longest text
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._on_row_select)
        self.form = StatBlockForm()
        scroll = QScrollArea()
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        self.apply_button = QPushButton("Apply stat block")
        self.apply_button.clicked.connect(self.apply_stats)
        self.json_button = QPushButton("JSON…")
        self.json_button.setToolTip("Edit the stat block as raw JSON (for keys the form lacks)")
        self.json_button.clicked.connect(self.edit_json)
        self.paste_button = QPushButton("Paste stat block…")
        self.paste_button.setToolTip("Give the selected token a stat block copied from a book")
        self.paste_button.clicked.connect(self.paste_statblock)
        self.import_button = QPushButton("Import character…")
        self.import_button.setToolTip("Add a token from a character sheet (GURPS: a GCS .gcs "
                                      "file); dropping the file on the map does the same")
        self.import_button.clicked.connect(self.choose_character)
        buttons = QGridLayout()  # two rows: the dock stays narrow, the map keeps the room
        buttons.addWidget(self.apply_button, 0, 0)
        buttons.addWidget(self.json_button, 0, 1)
        buttons.addWidget(self.paste_button, 1, 0)
        buttons.addWidget(self.import_button, 1, 1)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(scroll, 4)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        self._ids: list[str] = []
        self._rows: list[tuple[Token, Marks]] = []
        """The token and marks each row's texts were made from (its cells hold them)."""
        self._shown: str | None = None
        self._loaded: tuple[str, object] | None = None  # (token id, stats) the form shows
        self.state.changed.connect(self._on_state_change)
        self._fill(self.state.encounter)

    def paste_statblock(self) -> None:
        """Ask for a stat block as text, show what the system reads in it as it is typed,
        and give it to the selected token (one undoable edit)."""
        if self._shown is None:
            self.message.setText("Select the token to give the stat block to first (Ctrl+V on "
                                 "the map makes new tokens from copied stat blocks)")
            return
        dialog = StatBlockTextDialog(self, self.state.encounter, self._shown)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.result_encounter:
            token = dialog.result_encounter.token(self._shown)
            self.state.apply(f"Paste stat block: {token.name}", dialog.result_encounter)
        dialog.deleteLater()

    def choose_character(self) -> None:
        """Ask for a character sheet and add it (see :meth:`import_character`)."""
        name, _ = QFileDialog.getOpenFileName(self, "Import a character sheet", "",
                                              "Character sheets (*.gcs *.json);;All files (*)")
        if name:
            self.import_character(Path(name))

    def import_character(self, path: Path, at: Point | None = None, quiet: bool = False) -> bool:
        """Add a token from the sheet at ``path`` as one undoable edit; a sheet that cannot be
        read shows why under the buttons (``quiet``: says nothing, for a dropped file that may
        be an encounter instead) and changes nothing. What the system could not read in it is
        said too (and logged)."""
        try:
            before = self.state.encounter
            after, reading = add_character_reading(before, read_sheet_file(path), path.name,
                                                   at=at)
        except (CharacterError, ValueError) as error:
            if not quiet:
                self.message.setText(str(error))
            return False
        added = after.tokens[-1]
        unread = "".join(f"\nnot read: {line}" for line in reading.unread)
        differ = "".join(f"\ndiffers from the file: {line}" for line in reading.mismatches)
        self.state.apply(f"Import character {added.name}", after)
        self.message.setText(f"Added {added.name} ({added.id}) from {path.name}{unread}{differ}")
        self.gm.statusBar().showMessage(
            f"Added {added.name} ({added.id}) from {path.name}" + (
                f"; {len(reading.unread)} not read, {len(reading.mismatches)} figures differ "
                "(see the log)" if reading.unread or reading.mismatches else ""), 10000)
        return True

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        if old.tokens != new.tokens:
            self._fill(new)

    def _fit_table_width(self) -> None:
        """Ask for room to show every column (the dock widens up to ``TABLE_MAX_WIDTH``)."""
        scroll_bar = self.table.verticalScrollBar().sizeHint().width()
        wanted = self.table.horizontalHeader().length() + 2 * self.table.frameWidth() + scroll_bar
        self.table.setMinimumWidth(min(wanted, TABLE_MAX_WIDTH))

    def _fill(self, encounter: Encounter) -> None:
        self._ids = [t.id for t in encounter.tokens]
        self.table.blockSignals(True)
        self.table.setRowCount(len(encounter.tokens))
        del self._rows[len(encounter.tokens):]
        marks = marks_of(encounter)
        for row, token in enumerate(encounter.tokens):
            shown = (token, marks.get(token.id, NO_MARKS))
            if row < len(self._rows) and self._rows[row][0] is token and (
                    self._rows[row][1] == shown[1]):
                continue  # the same token and marks as the row shows: the same texts
            for col, text in enumerate(combatant_row(*shown)):
                item = self.table.item(row, col)  # a cell set re-measures its whole column
                if item is None or item.text() != text:
                    self.table.setItem(row, col, QTableWidgetItem(text))
            self._rows[row:row + 1] = [shown]
        self.table.blockSignals(False)
        self._fit_table_width()
        self._refresh_form()

    def _refresh_form(self) -> None:
        """Reload the form only when the shown token's stat block changed: a token moved
        elsewhere keeps the form (and any edit not applied yet) as it is."""
        shown = next((t for t in self.state.encounter.tokens if t.id == self._shown), None)
        if shown is None or self._loaded != (shown.id, shown.stats):
            self.show_token(self._shown)

    def _on_row_select(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedItems()})
        ids = frozenset(self._ids[r] for r in rows)
        self.gm.interaction.set_selection(ids)
        self.show_token(self._ids[rows[0]] if len(rows) == 1 else None)

    def show_selected(self, selection: frozenset[str]) -> None:
        """Show the stat block of the one selected token (the map's selection changed)."""
        tokens = [tid for tid in self._ids if tid in selection]
        self.show_token(tokens[0] if len(tokens) == 1 else None)

    def show_token(self, token_id: str | None) -> None:
        """Show the stat block of ``token_id`` in the form (None clears it)."""
        tokens = {t.id: t for t in self.state.encounter.tokens}
        self._shown = token_id if token_id in tokens else None
        self.message.setText("")
        self._loaded = None
        readable = False
        if self._shown is not None:
            try:
                stats = tokens[self._shown].stats
                self.form.load(stats, self._system(), self._shown)
                self._loaded, readable = (self._shown, stats), True
            except RulesError as error:
                self.message.setText(f"{error} (fix it with JSON…)")
        self.form.setEnabled(readable)
        self.apply_button.setEnabled(readable)
        self.json_button.setEnabled(self._shown is not None)

    def _system(self) -> GameSystem:
        return find_system(self.state.encounter.system)

    def apply_stats(self) -> None:
        """Store the form's stat block as one undoable edit, or show the engine's complaint."""
        if self._shown is None:
            return
        try:
            self.form.parse()
        except RulesError as error:
            self.message.setText(str(error))
            return
        self._store(self.form.stats())

    def edit_json(self) -> None:
        """Open the shown stat block as raw JSON; OK applies it like :meth:`apply_json`."""
        if self._shown is None:
            return
        token = self.state.encounter.token(self._shown)
        text, ok = QInputDialog.getMultiLineText(
            self, f"Stat block of {token.name}", "JSON:", json.dumps(token.stats, indent=1))
        if ok:
            self.apply_json(text)

    def apply_json(self, text: str) -> None:
        """Store ``text`` (a JSON stat block) if the rules engine reads it, else say why not."""
        if self._shown is None:
            return
        try:
            stats = json.loads(text or "{}")
        except json.JSONDecodeError as error:
            self.message.setText(f"Not valid JSON: line {error.lineno}: {error.msg}")
            return
        if not isinstance(stats, dict):
            self.message.setText("A stat block must be a JSON object { ... }")
            return
        try:
            self._system().combatant_from_dict(stats, "stats", self._shown)
        except RulesError as error:
            self.message.setText(str(error))
            return
        self._store(stats)

    def _store(self, stats: dict[str, object]) -> None:
        token = self.state.encounter.token(self._shown or "")
        self.state.apply(f"Edit stat block: {token.name}",
                         with_stats(self.state.encounter, token.id, stats))


def _dock(window: GMWindow, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(f"dock_{title.lower()}")
    # keep the width the panel needs at the start, so the map does not jump sideways when a
    # panel's content changes (the initiative panel needs less room once cards are dealt)
    widget.setMinimumWidth(widget.minimumSizeHint().width())
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
    return dock


def add_docks(window: GMWindow) -> list[QDockWidget]:
    """Dock the window's panels in one column on the right, so the map gets the room: the
    Initiative, Combatants and Properties panels tabbed above the Log. The properties and
    combatants panels follow the selection; selecting a wall or region brings Properties
    forward."""
    right = Qt.DockWidgetArea.RightDockWidgetArea
    window.interaction.selection_changed.append(window.properties.show_selection)
    window.interaction.selection_changed.append(window.combatants.show_selected)
    turns = InitiativePanel(window.state)
    turns.on_refusal = lambda text: tell(window, text)
    initiative = _dock(window, "Initiative", turns, right)
    combatants = _dock(window, "Combatants", window.combatants, right)
    properties = _dock(window, "Properties", window.properties, right)
    log = _dock(window, "Log", CombatLogPanel(window.state), right)
    from battlemap.desktop.gui.creature_library import CreaturesPanel

    creatures = _dock(window, "Creatures", CreaturesPanel(window), right)
    window.tabifyDockWidget(initiative, combatants)
    window.tabifyDockWidget(combatants, properties)
    window.tabifyDockWidget(properties, creatures)
    initiative.raise_()

    def bring_properties(selection: frozenset[str]) -> None:
        encounter = window.state.encounter
        map_parts = {w.id for w in encounter.walls} | {r.id for r in encounter.regions}
        if selection and selection <= map_parts:
            properties.raise_()

    window.interaction.selection_changed.append(bring_properties)
    return [initiative, combatants, properties, log, creatures]
