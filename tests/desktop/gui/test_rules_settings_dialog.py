"""*Tools > Rules Settings…* is built from the system's declared settings and keeps a change
as one undoable edit; a value the rules refuse is named in the dialog, nothing changes.

Storypath demo firefight: the settings of ``rules/storypath/settings.py`` (L3: Firearms at
long range takes Composure by default).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDoubleSpinBox

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.rules_settings_dialog import RulesSettingsDialog

DEMO = ASSETS_DIR / "demo" / "storypath-firefight.json"


def test_the_dialog_shows_every_setting_and_keeps_a_change(qtbot) -> None:
    state = BattleState(load_encounter(DEMO))
    dialog = RulesSettingsDialog(state.encounter)
    qtbot.addWidget(dialog)
    long_attribute = dialog.editors["attributes.ranged.long"]
    assert isinstance(long_attribute, QComboBox) and long_attribute.currentText() == "composure"
    tens = dialog.editors["tens"]
    assert isinstance(tens, QComboBox)
    tens.setCurrentText("reroll")
    dialog.accept()
    assert dialog.chosen is not None
    state.apply("Rules settings", dialog.chosen)
    assert state.encounter.combat["settings"] == {"tens": "reroll"}
    state.undo()
    assert state.encounter.combat["settings"] == {"tens": "none"}


def test_a_refused_value_is_named_and_nothing_changes(qtbot) -> None:
    dialog = RulesSettingsDialog(load_encounter(DEMO))
    qtbot.addWidget(dialog)
    short = dialog.editors["bands.short"]
    assert isinstance(short, QDoubleSpinBox)
    short.setValue(1.0)  # nearer than close (2 m)
    dialog.accept()
    assert dialog.chosen is None
    assert "each band must reach at least as far as the one before" in dialog.error.text()
