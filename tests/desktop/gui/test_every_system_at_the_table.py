"""Every game system through the GM window: hover a target, click, answer the system's
decision in the generic prompt, and the log entry is the one ``battlemap attack`` writes for
the same dice and answers (the GUI and the CLI go through the one interface)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import QuietGMWindow
from gui_helpers import hover, on_screen
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.table_pipeline import ReplayDice
from battlemap.desktop.gui import file_actions
from battlemap.desktop.gui.combat_tools import add_roll_menu, roll_trait
from battlemap.desktop.gui.docks import StatBlockTextDialog
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.marks_item import marks_on_map
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import marks_of
from battlemap.rules.dice import RandomDice, ScriptedDice
from battlemap.rules.interface import Decision

CASES = [  # demo, attacker, target, where the GM first drags the attacker (None: stays)
    ("gurps-duel.json", "archer", "orc", None),
    ("storypath-firefight.json", "mara", "thug-1", None),
    ("fate-arena.json", "tertius", "warrior-2", (10.5, 10.5)),  # into the centre sand
    ("goblin-ambush.json", "harsk", "goblin-5", None),
]


@pytest.fixture
def demo_window(qtbot: QtBot, request: pytest.FixtureRequest) -> Iterator[GMWindow]:
    win = QuietGMWindow(BattleState(load_encounter(ASSETS_DIR / "demo" / request.param)))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.set_zoom(0.6)
    yield win


def _first_allowed(asked: list[Decision]):  # type: ignore[no-untyped-def]
    def answer(decision: Decision) -> tuple[str, ...]:
        asked.append(decision)
        return (decision.allowed[0].id,)
    return answer


@pytest.mark.parametrize(("demo_window", "attacker", "target", "moved_to"), CASES,
                         indirect=["demo_window"])
def test_an_attack_from_the_map_writes_what_the_cli_writes(
        qtbot: QtBot, demo_window: GMWindow, attacker: str, target: str,
        moved_to: tuple[float, float] | None, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    window = demo_window
    if moved_to is not None:
        moved = window.state.encounter.token(attacker).moved_to(*moved_to)
        window.state.apply("Move", window.state.encounter.with_token(moved))
    before = window.state.encounter
    path = tmp_path / "before.json"
    save_encounter(before, path)
    one, other = before.token(attacker), before.token(target)
    window.view.centerOn((one.x + other.x) / 2 * CELL, (one.y + other.y) / 2 * CELL)
    controller = window.combat_tools.attack
    asked: list[Decision] = []
    controller.tool.ask = _first_allowed(asked)
    controller.tool.dice = lambda: RandomDice(11)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, attacker))
    window.actions_by_name["tool_attack"].trigger()
    hover(window, on_screen(window, target))
    assert controller.card.isVisible() and controller.card.lines  # the system's preview
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, target))
    after = window.state.encounter
    assert len(after.log) == len(before.log) + 1, controller.tool.message
    answers = [f"{d.id}={d.allowed[0].id}" for d in asked]
    args = ["attack", str(path), "--attacker", attacker, "--target", target, "--seed", "11",
            "--json", *(a for answer in answers for a in ("--answer", answer))]
    assert main(args) == 0
    printed = json.loads(capsys.readouterr().out)
    assert after.log[-1].title == printed["log"]["title"]
    assert marks_of(after).keys() == {t.id for t in after.tokens}  # badges still readable


@pytest.mark.parametrize(("demo_window", "attacker", "target", "faces", "decision", "choice"), [
    # GURPS: 3d6 = 9 against the archer's Longbow 15 less 4 for 9 yards = 11: a hit, so the
    # orc chooses his defense (Dodge among the choices, each with its odds).
    ("gurps-duel.json", "archer", "orc", [3, 3, 3], "defense", "dodge"),
    # Storypath: every die of Mara's pool shows 10, a success each, far above Thug 1's
    # Defense: the successes left go to the stunt menu.
    ("storypath-firefight.json", "mara", "thug-1", [10] * 12, "stunts", "inflict-damage"),
], indirect=["demo_window"])
def test_the_systems_decision_comes_to_the_generic_prompt(
        qtbot: QtBot, demo_window: GMWindow, attacker: str, target: str, faces: list[int],
        decision: str, choice: str) -> None:
    window = demo_window
    one, other = window.state.encounter.token(attacker), window.state.encounter.token(target)
    window.view.centerOn((one.x + other.x) / 2 * CELL, (one.y + other.y) / 2 * CELL)
    controller = window.combat_tools.attack
    asked: list[Decision] = []

    def answer(question: Decision) -> tuple[str, ...]:
        asked.append(question)
        return (choice,)

    controller.tool.ask = answer
    controller.tool.dice = lambda: ReplayDice(RandomDice(5), list(faces))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, attacker))
    window.actions_by_name["tool_attack"].trigger()
    hover(window, on_screen(window, target))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, target))
    assert [d.id for d in asked][:1] == [decision]
    offered = {c.id for c in asked[0].choices}
    assert choice in offered and all(c.probability is None or 0 <= c.probability <= 1
                                     for c in asked[0].choices)
    assert window.state.encounter.log, controller.tool.message


def test_the_systems_marks_are_placed_on_the_map() -> None:
    """The firefight starts with Mara grappling Thug 1 (2 successes): one link between their
    centres. A pistol knocked to (7.5, 3.0) is a marker; a hidden grappler's link is not on
    the players' map."""
    demo = load_encounter(ASSETS_DIR / "demo" / "storypath-firefight.json")
    marks = marks_on_map(demo)
    assert marks.links == (((12.5, 9.5), (13.5, 9.5), "grapple 2"),)
    item = {"id": "item-1", "name": "Pistol", "owner": "thug-2", "x": 7.5, "y": 3.0}
    dropped = replace(demo, combat={**demo.combat, "items": [item]})
    assert [(m.x, m.y, m.label) for m in marks_on_map(dropped).markers] == [(7.5, 3.0, "Pistol")]
    hidden = demo.with_token(replace(demo.token("mara"), hidden=True))
    assert marks_on_map(hidden, for_players=True).links == ()
    assert marks_on_map(hidden).links == marks.links


@pytest.mark.parametrize("demo_window", ["gurps-duel.json"], indirect=True)
def test_a_gcs_sheet_from_the_combatants_dock(qtbot: QtBot, demo_window: GMWindow,
                                              tmp_path: Path) -> None:
    """Import character adds the Minotaur as one undoable edit; the form then shows GURPS's
    own fields; an unreadable sheet is named under the buttons and changes nothing."""
    window = demo_window
    panel = window.combatants
    sheets = Path(__file__).parent.parent.parent / "data" / "gurps"
    before = window.state.encounter
    assert panel.import_character(sheets / "Minotaur.gcs", at=(3.0, 3.0))
    added = window.state.encounter.tokens[-1]
    assert (added.name, added.x, added.y) == ("Minotaur", 3.0, 3.0)
    panel.table.selectRow(len(window.state.encounter.tokens) - 1)
    keys = set(panel.form.widgets)
    assert {"st", "dx", "ht", "dodge"} <= keys and "attributes.agility" not in keys
    window.state.undo()
    assert window.state.encounter == before
    bad = tmp_path / "junk.gcs"
    bad.write_text("not json")
    assert not panel.import_character(bad)
    assert panel.message.text().startswith("junk.gcs") and window.state.encounter == before


@pytest.mark.parametrize("demo_window", ["goblin-ambush.json"], indirect=True)
def test_roll_from_a_tokens_menu_and_paste_a_stat_block(qtbot: QtBot,
                                                        demo_window: GMWindow) -> None:
    """The token menu's Roll lists each trait with its chance now: Valeros's Notice d6 as a
    Wild Card is 1 - (1/2)(1/2) = 75 %; rolling it with 5 and Wild 2 logs a success. A stat
    block pasted for Goblin 1 shows what was read before it is applied, as one edit."""
    window = demo_window
    menu = QMenu()
    add_roll_menu(window, menu, window.state.encounter.token("valeros"))
    roll_menu = next(a.menu() for a in menu.actions() if a.text() == "Roll")
    labels = [a.text() for a in roll_menu.actions()]
    assert "Notice · 75 %" in labels and labels[0].startswith("Agility")
    window.combat_tools.attack.dice = lambda: ScriptedDice([5, 2])
    roll_trait(window, "valeros", "notice")
    assert window.state.encounter.log[-1].title == "Valeros rolls Notice: 5, success"
    dialog = StatBlockTextDialog(window, window.state.encounter, "goblin-1")
    dialog.text.setPlainText("Attributes: Agility d8, Smarts d4, Spirit d6, Strength d6, "
                             "Vigor d6\nSkills: Fighting d8\nPace: 6; Parry: 6; Toughness: 5")
    assert "skills.fighting = d8" in dialog.reading.text()
    assert dialog.result_encounter is not None
    assert dialog.result_encounter.token("goblin-1").stats["skills"] == {"fighting": "d8"}
    dialog.text.setPlainText("a shopping list")
    assert dialog.result_encounter is None and "Not usable yet" in dialog.reading.text()


@pytest.mark.parametrize("demo_window", ["gurps-duel.json"], indirect=True)
def test_the_gm_turns_a_tokens_facing_with_keys(qtbot: QtBot, demo_window: GMWindow) -> None:
    """GURPS faces by hex sides: ] turns the selected orc one side clockwise (60°), [ back;
    the arc an attack comes from follows (facing decides front, side and back). The pointy-top
    hexes' sides face 30°, 90° ... 330°: the demo's 180° (a corner) reads as the side 210°."""
    window = demo_window
    assert window.state.encounter.token("orc").facing == 180.0
    window.interaction.set_selection(frozenset({"orc"}))
    window.actions_by_name["turn_right"].trigger()
    assert window.state.encounter.token("orc").facing == 270.0
    window.actions_by_name["turn_left"].trigger()
    window.actions_by_name["turn_left"].trigger()
    assert window.state.encounter.token("orc").facing == 150.0
    window.state.undo()
    assert window.state.encounter.token("orc").facing == 210.0


@pytest.mark.parametrize("demo_window", ["gurps-duel.json"], indirect=True)
def test_a_gcs_sheet_dropped_on_the_map_stands_where_it_fell(qtbot: QtBot,
                                                             demo_window: GMWindow) -> None:
    window = demo_window
    file_actions.accept_dropped_files(window)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(Path(__file__).parent.parent.parent / "data" / "gurps"
                                         / "Pixie_Thief.gcs"))])
    viewport = window.view.viewport()
    at = QPointF(viewport.rect().center())
    spot = window.view.mapToScene(at.toPoint())
    enter = QDragEnterEvent(at.toPoint(), Qt.DropAction.CopyAction, data,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(viewport, QDropEvent(at, Qt.DropAction.CopyAction, data,
                                                Qt.MouseButton.LeftButton,
                                                Qt.KeyboardModifier.NoModifier))
    qtbot.waitUntil(lambda: len(window.state.encounter.tokens) == 4)
    added = window.state.encounter.tokens[-1]
    assert added.name == "Jaime Ooley"
    assert (added.x, added.y) == pytest.approx((spot.x() / CELL, spot.y() / CELL))


@pytest.mark.parametrize("demo_window", ["fate-arena.json"], indirect=True)
def test_the_gm_types_an_aspect_from_the_actions_menu(qtbot: QtBot, demo_window: GMWindow) -> None:
    """fate-roman-combat.txt, aspects: the GM adds one to Tertius, then one on Centre Sand.
    The action asks for its text (and a zone, blank: the token); the token's badges and the
    zone's label show it; cancelling the typing does nothing."""
    from battlemap.desktop.gui.action_menu import fill_action_menu

    window = demo_window
    controller = window.combat_tools.attack
    typed = iter([{"aspect": "Sand in the Eyes"}, {"aspect": "Slick with Blood",
                                                   "zone": "Centre Sand"}, None])
    asked: list[str] = []

    def type_in(action: object) -> dict[str, str] | None:
        asked.append(getattr(action, "id", ""))
        return next(typed)

    controller.ask_inputs = type_in
    controller.activate("tertius")
    menu = QMenu()
    fill_action_menu(menu, window.state.encounter, "tertius", controller.pick_action)
    entries = {a.text(): a for a in menu.actions()}
    (add,) = [a for text, a in entries.items() if text.startswith("Add an aspect")]
    add.trigger()
    badges = marks_of(window.state.encounter)["tertius"].badges
    assert "Sand in the Eyes" in [b.text for b in badges]
    add.trigger()
    assert window.state.encounter.log[-1].title == (
        "zone Centre Sand gains the aspect Slick with Blood")
    assert "Slick with Blood" in [text for _at, text in marks_on_map(window.state.encounter).zones]
    before = window.state.encounter
    add.trigger()
    assert window.state.encounter is before and asked == ["add-aspect"] * 3


@pytest.mark.parametrize("demo_window", ["fate-arena.json"], indirect=True)
def test_a_maneuver_option_asks_for_its_aspect(qtbot: QtBot, demo_window: GMWindow) -> None:
    """fate-roman-combat.txt, maneuvers: checking *Place an aspect* in the attack bar's Options
    asks for the aspect's text, which goes with the attack (as ``--param aspect=...`` does on
    the command line); cancelled, the option stays unchecked."""
    controller = demo_window.combat_tools.attack
    answers = iter([{"aspect": "Off Balance"}, None])
    controller.ask_inputs = lambda _spec: next(answers)
    bar = controller.bar
    (place,) = [a for a in bar._options_menu.actions() if a.data() == "maneuver:aspect"]
    place.setChecked(True)
    assert bar.chosen_options() == ("maneuver:aspect",)
    assert bar.chosen_params()["aspect"] == "Off Balance"
    assert controller.tool.choices.params["aspect"] == "Off Balance"  # the attack gets it
    place.setChecked(False)
    assert "aspect" not in bar.chosen_params()
    place.setChecked(True)  # the GM cancels the typing
    assert not place.isChecked() and bar.chosen_options() == ()
