"""The Combatants dock's stat-block form: edit in Savage Pathfinder terms, one undoable edit."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.gui.main_window import GMWindow

VALEROS = {
    "wild_card": True,
    "attributes": {"agility": "d8", "smarts": "d6", "spirit": "d6", "strength": "d6",
                   "vigor": "d8"},
    "skills": {"fighting": "d8", "shooting": "d6", "athletics": "d6", "notice": "d6"},
    "pace": 6, "running_die": "d6", "armor": 2, "parry_bonus": 0, "toughness_bonus": 0,
    "edges": ["Quick", "Dodge"], "bennies": 3, "size": 0,
    "weapons": [
        {"name": "Longsword", "damage": "str+d8", "ap": 0, "reach": 0, "parry": 0,
         "min_str": "d8", "two_handed": False},
        {"name": "Shortbow", "damage": "2d6", "ap": 0, "range": [12, 24, 48], "rof": 1,
         "min_str": "d6", "reload": 0, "shots": None, "two_handed": True},
    ],
    "condition": {"shaken": False, "wounds": 1, "fatigue": 0, "injuries": []},
}


@pytest.fixture
def dock(window: GMWindow) -> GMWindow:
    """The window with Valeros selected (his stat block in the Combatants dock)."""
    hero = Token(id="hero", name="Valeros", x=1.5, y=1.5, side=Side.HERO, stats=VALEROS)
    window.state.load(Encounter(width=12, height=8, tokens=(hero,)))
    window.combatants.table.selectRow(0)  # pick him in the dock's table
    return window


def skill_combo(window: GMWindow, skill: str) -> QComboBox:
    table = window.combatants.form.widgets["skills"].table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == skill)
    combo = table.cellWidget(row, 1)
    assert isinstance(combo, QComboBox)
    return combo


def test_the_form_shows_the_selected_stat_block(qtbot: QtBot, dock: GMWindow) -> None:
    form = dock.combatants.form
    assert form.isEnabled() and form.widgets["wild_card"].isChecked()
    assert form.widgets["attributes.vigor"].currentText() == "d8"
    assert skill_combo(dock, "fighting").currentText() == "d8"
    wounds = form.widgets["condition.wounds"]
    assert wounds.value() == 1 and wounds.maximum() == 3  # a Wild Card takes 3
    # Parry 2 + d8/2 = 6; Toughness 2 + d8/2 + Armor 2 = 8, armor shown as (2)
    assert "Parry 6  Toughness 8 (2)" in form.derived.text()
    checked = [form.widgets["edges"].item(n).text() for n in range(form.widgets["edges"].count())
               if form.widgets["edges"].item(n).checkState() == Qt.CheckState.Checked]
    assert checked == ["Quick", "Dodge"]


def test_raising_fighting_is_one_undoable_edit(qtbot: QtBot, dock: GMWindow) -> None:
    combo = skill_combo(dock, "fighting")
    combo.setCurrentIndex(combo.findText("d10"))
    assert "Parry 7" in dock.combatants.form.derived.text()  # the preview, before applying
    dock.combatants.apply_button.click()
    stats = dock.state.encounter.token("hero").stats
    assert stats["skills"]["fighting"] == "d10"
    assert stats["weapons"][0]["min_str"] == "d8"  # a key the form does not show is kept
    assert dock.state.undo_label == "Edit stat block: Valeros"
    assert "Parry 7  Toughness 8 (2)" in dock.combatants.form.derived.text()
    dock.state.undo()
    assert dock.state.encounter.token("hero").stats == VALEROS
    assert skill_combo(dock, "fighting").currentText() == "d8"
    assert "Parry 6" in dock.combatants.form.derived.text()


def test_a_bad_damage_string_is_refused_with_the_engines_message(
    qtbot: QtBot, dock: GMWindow
) -> None:
    before = dock.state.encounter
    dock.combatants.form.widgets["weapons"].cell(0, 1).setText("banana")
    assert "Parry ?" in dock.combatants.form.derived.text()
    dock.combatants.apply_button.click()
    assert dock.combatants.message.text().startswith("stats.weapons[0].damage: 'banana'")
    assert dock.state.encounter is before and dock.state.undo_label is None


def test_conditions_edges_and_weapons_are_written_in_the_stat_block_terms(
    qtbot: QtBot, dock: GMWindow
) -> None:
    form = dock.combatants.form
    form.widgets["condition.shaken"].setChecked(True)
    form.widgets["condition.wounds"].setValue(2)
    form.widgets["edges"].item(0).setCheckState(Qt.CheckState.Unchecked)  # Quick off
    form.widgets["weapons"].cell(1, 3).setText("15/30/60")
    form.widgets["weapons"].add_row()
    form.widgets["weapons"].cell(2, 0).setText("Dagger")
    form.widgets["weapons"].cell(2, 1).setText("str+d4")
    form.widgets["weapons"].cell(2, 6).setCheckState(Qt.CheckState.Checked)
    dock.combatants.apply_stats()
    stats = dock.state.encounter.token("hero").stats
    assert stats["condition"]["shaken"] and stats["condition"]["wounds"] == 2
    assert stats["edges"] == ["Dodge"]
    assert stats["weapons"][1]["range"] == [15, 30, 60]
    assert stats["weapons"][2] == {"name": "Dagger", "damage": "str+d4", "range": None,
                                   "ap": 0, "rof": 1, "reach": 0, "parry": 0,
                                   "thrown": True, "two_handed": False, "off_hand": False}


def test_an_extra_takes_no_wounds_before_incapacitation(qtbot: QtBot, dock: GMWindow) -> None:
    form = dock.combatants.form
    form.widgets["condition.wounds"].setValue(0)
    form.widgets["wild_card"].setChecked(False)  # an Extra: max_wounds 0 by the engine
    assert form.widgets["condition.wounds"].maximum() == 0
    form.widgets["wild_card"].setChecked(True)
    assert form.widgets["condition.wounds"].maximum() == 3


def test_an_unreadable_stat_block_is_fixed_through_json(qtbot: QtBot, dock: GMWindow) -> None:
    goblin = Token(id="gob", name="Goblin", x=3.5, y=1.5, stats={"pace": "six"})
    dock.state.apply("Add Goblin", dock.state.encounter.with_token(goblin))
    dock.combatants.table.selectRow(1)
    message = "stats.pace: expected a whole number of at least 0, got 'six'"
    assert dock.combatants.message.text() == f"{message} (fix it with JSON…)"
    assert not dock.combatants.form.isEnabled() and dock.combatants.json_button.isEnabled()
    dock.combatants.apply_json('{"pace": "seven"}')
    assert dock.state.encounter.token("gob").stats == {"pace": "six"}
    dock.combatants.apply_json('{"pace": 5}')
    assert dock.state.encounter.token("gob").stats == {"pace": 5}
    assert dock.combatants.form.isEnabled()
    assert dock.combatants.form.widgets["pace"].value() == 5


def test_the_dock_shows_the_form_readably(qtbot: QtBot, dock: GMWindow, tmp_path: Path) -> None:
    panel = dock.combatants
    image = panel.grab()
    assert image.save(str(tmp_path / "combatants.png"))
    derived = panel.form.derived  # Parry and Toughness never clipped
    assert derived.isVisible() and derived.width() >= derived.sizeHint().width()
    skills = panel.form.widgets["skills"].table  # every row shown without an inner scroll bar
    assert not skills.verticalScrollBar().isVisible() and skills.rowCount() == 4


def test_stunned_ticked_in_the_form_brings_distracted_vulnerable_and_prone(
    qtbot: QtBot, dock: GMWindow
) -> None:
    """Savage Pathfinder's Stunned characters "Are Distracted", "Are Vulnerable" and "Fall
    prone": ticked in the form and applied, the edit sets all four and the log says so; the
    form shows them after."""
    form = dock.combatants.form
    form.widgets["condition.stunned"].setChecked(True)
    dock.combatants.apply_stats()
    condition = dock.state.encounter.token("hero").stats["condition"]
    brought = ("stunned", "distracted", "vulnerable", "prone")
    assert all(condition[key] is True for key in brought)
    assert dock.state.encounter.log[-1].title == "Valeros is Stunned"
    assert all(form.widgets[f"condition.{key}"].isChecked() for key in brought)
