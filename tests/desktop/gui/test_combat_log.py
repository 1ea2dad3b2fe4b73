"""The combat log dock: follows the encounter (undo too), filters, copies, exports Markdown."""

from pathlib import Path

from PySide6.QtCore import Qt

from battlemap.desktop.core.model import Encounter, LogEntry
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.combat_log import CombatLogPanel

SHOT = LogEntry("Valeros shoots Goblin 1: miss", ("Shooting d8 2 → 2 vs TN 4: miss",), 1)
CUT = LogEntry("Kyra attacks Goblin 2: hit; Goblin 2 is Shaken", ("Fighting d8 6 → 6 vs TN 5: hit",
               "Goblin 2 is Shaken"), 1)


def panel_with_two_entries(qtbot) -> tuple[BattleState, CombatLogPanel]:
    state = BattleState(Encounter(name="Ambush"))
    panel = CombatLogPanel(state)
    qtbot.addWidget(panel)
    state.apply("Attack", state.encounter.with_log(SHOT))
    state.apply("Attack", state.encounter.with_log(CUT))
    return state, panel


def test_undo_of_an_attack_removes_its_entry(qtbot) -> None:
    state, panel = panel_with_two_entries(qtbot)
    assert panel.tree.topLevelItemCount() == 2
    assert panel.tree.topLevelItem(1).child(1).text(0) == "Goblin 2 is Shaken"
    state.undo()
    assert panel.shown_entries == (SHOT,)
    assert panel.tree.topLevelItem(0).text(0) == "R1  Valeros shoots Goblin 1: miss"


def test_filter_keeps_entries_mentioning_the_text(qtbot) -> None:
    _, panel = panel_with_two_entries(qtbot)
    panel.filter.setText("shaken")
    assert panel.shown_entries == (CUT,)
    panel.filter.setText("")
    assert panel.shown_entries == (SHOT, CUT)


def test_copy_takes_the_selected_entry_or_everything_shown(qtbot) -> None:
    _, panel = panel_with_two_entries(qtbot)
    assert panel.copy_text().count("\n") == 4
    panel.tree.topLevelItem(1).child(0).setSelected(True)
    assert panel.copy_text() == ("R1  Kyra attacks Goblin 2: hit; Goblin 2 is Shaken\n"
                                 "    Fighting d8 6 → 6 vs TN 5: hit\n    Goblin 2 is Shaken")


def test_export_writes_the_whole_log_as_markdown(qtbot, tmp_path: Path) -> None:
    _, panel = panel_with_two_entries(qtbot)
    panel.filter.setText("Kyra")
    panel.export_markdown(tmp_path / "log.md")
    text = (tmp_path / "log.md").read_text(encoding="utf-8")
    assert text.startswith("# Combat log: Ambush\n\n## Round 1\n\n- **Valeros shoots Goblin 1")
    assert "  - Goblin 2 is Shaken\n" in text


def test_an_entry_outside_combat_has_no_round_tag(qtbot) -> None:
    state = BattleState(Encounter())
    panel = CombatLogPanel(state)
    qtbot.addWidget(panel)
    throw = LogEntry("Harsk throws a Medium Blast on Goblin 5: miss", ("Athletics d8 2 vs TN 4",))
    state.apply("Attack", state.encounter.with_log(throw))
    assert panel.tree.topLevelItem(0).text(0) == "Harsk throws a Medium Blast on Goblin 5: miss"
    assert panel.copy_text().startswith("Harsk throws")


def shown_rows(panel: CombatLogPanel) -> list[tuple[str, ...]]:
    tree = panel.tree
    return [(tree.topLevelItem(n).text(0), *(tree.topLevelItem(n).child(k).text(0)
                                             for k in range(tree.topLevelItem(n).childCount())))
            for n in range(tree.topLevelItemCount())]


def rows_made_afresh(state: BattleState, panel: CombatLogPanel, qtbot) -> list[tuple[str, ...]]:
    fresh = CombatLogPanel(state)
    qtbot.addWidget(fresh)
    fresh._notices = list(panel._notices)
    fresh.filter.setText(panel.filter.text())
    fresh._fill(state.encounter)
    return shown_rows(fresh)


def test_a_new_entry_is_added_below_the_rows_already_shown(qtbot) -> None:
    """An attack adds its entry and an undo takes it away; the rows before stay as they were
    (the same rows, not made again), and the panel shows what one made afresh shows, notices,
    filter and all."""
    state, panel = panel_with_two_entries(qtbot)
    first = panel.tree.topLevelItem(0)
    panel.add_notice("No template fired")
    state.apply("Attack", state.encounter.with_log(SHOT))
    assert panel.tree.topLevelItem(0) is first
    assert [row[0] for row in shown_rows(panel)] == [
        "R1  Valeros shoots Goblin 1: miss", "R1  Kyra attacks Goblin 2: hit; Goblin 2 is Shaken",
        "⚠ No template fired", "R1  Valeros shoots Goblin 1: miss"]
    assert shown_rows(panel) == rows_made_afresh(state, panel, qtbot)
    assert panel.shown_entries == (SHOT, CUT, SHOT)
    panel.tree.topLevelItem(2).setSelected(True)  # a notice: no entry
    panel.tree.topLevelItem(3).setSelected(True)
    assert panel.selected_entries() == (SHOT,)
    state.undo()
    state.undo()
    assert panel.tree.topLevelItem(0) is first
    assert shown_rows(panel) == rows_made_afresh(state, panel, qtbot)
    assert panel.shown_entries == (SHOT,)
    panel.filter.setText("kyra")
    assert shown_rows(panel) == rows_made_afresh(state, panel, qtbot)
    state.redo()
    assert shown_rows(panel) == rows_made_afresh(state, panel, qtbot)
    assert panel.shown_entries == (CUT,)
    panel.filter.setText("")
    assert panel.shown_entries == (SHOT, CUT)
    assert panel.tree.topLevelItem(1).data(0, Qt.ItemDataRole.UserRole) == 1
