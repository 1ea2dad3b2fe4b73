"""The token HUD (issue 27): on the one selected token, the system's usual switches and counts
a click away; each click one undoable edit; a refused one said in words; the map's clicks
between the chips still reach the map."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import shown_gm
from gui_helpers import on_screen
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolButton
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL


@pytest.fixture
def demo(qtbot: QtBot, request: pytest.FixtureRequest) -> Iterator[GMWindow]:
    yield shown_gm(qtbot, load_encounter(ASSETS_DIR / "demo" / request.param), 0.8)


def select(qtbot: QtBot, window: GMWindow, token_id: str) -> None:
    token = window.state.encounter.token(token_id)
    window.view.centerOn(token.x * CELL, token.y * CELL)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, token_id))


def click(qtbot: QtBot, button: QToolButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=button.rect().center())


@pytest.mark.parametrize("demo", ["goblin-ambush.json"], indirect=True)
def test_shaken_wounds_and_bennies_at_a_click(qtbot: QtBot, demo: GMWindow) -> None:
    select(qtbot, demo, "valeros")
    hud = demo.combat_tools.hud
    assert hud.isVisible() and hud.token_id == "valeros"
    assert {"condition.shaken", "condition.prone", "condition.wounds", "bennies"} <= set(
        hud.chips)
    click(qtbot, hud.chips["condition.shaken"])
    valeros = demo.state.encounter.token("valeros")
    assert valeros.stats["condition"]["shaken"] is True
    assert demo.state.undo_label == "Shaken on: Valeros"
    assert hud.chips["condition.shaken"].isChecked()
    click(qtbot, hud.chips["condition.wounds"].findChild(QToolButton, "more"))
    assert demo.state.encounter.token("valeros").stats["condition"]["wounds"] == 1
    bennies = demo.state.encounter.token("valeros").stats["bennies"]
    click(qtbot, hud.chips["bennies"].findChild(QToolButton, "less"))
    assert demo.state.encounter.token("valeros").stats["bennies"] == bennies - 1
    demo.state.undo()
    assert demo.state.encounter.token("valeros").stats["bennies"] == bennies


@pytest.mark.parametrize("demo", ["goblin-ambush.json"], indirect=True)
def test_an_extra_has_no_wounds_to_add_and_the_hud_leaves_with_the_selection(
        qtbot: QtBot, demo: GMWindow) -> None:
    select(qtbot, demo, "goblin-1")
    hud = demo.combat_tools.hud
    more = hud.chips["condition.wounds"].findChild(QToolButton, "more")
    assert not more.isEnabled()  # an Extra's Wounds stay at 0 (the system's limit)
    qtbot.mouseClick(demo.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=demo.view.mapFromScene(0.5 * CELL, 0.5 * CELL))
    assert not hud.isVisible()


@pytest.mark.parametrize("demo", ["goblin-ambush.json"], indirect=True)
def test_stunned_at_a_click_brings_what_the_rules_say(qtbot: QtBot, demo: GMWindow) -> None:
    """Savage Pathfinder's Stunned characters "Are Distracted", "Are Vulnerable" and "Fall
    prone": the one click switches all four on (one undoable edit), the log says so and the
    chips show it; undo takes all four back."""
    select(qtbot, demo, "goblin-1")
    hud = demo.combat_tools.hud
    click(qtbot, hud.chips["condition.stunned"])
    condition = demo.state.encounter.token("goblin-1").stats["condition"]
    brought = ("stunned", "distracted", "vulnerable", "prone")
    assert all(condition[key] is True for key in brought)
    assert demo.state.undo_label == "Stunned on: Goblin 1"
    assert demo.state.encounter.log[-1].title == "Goblin 1 is Stunned"
    assert all(hud.chips[f"condition.{key}"].isChecked() for key in brought)
    demo.state.undo()
    condition = demo.state.encounter.token("goblin-1").stats["condition"]
    assert not any(condition[key] for key in brought)


@pytest.mark.parametrize("demo", ["gurps-duel.json"], indirect=True)
def test_gurps_hit_points_and_stun(qtbot: QtBot, demo: GMWindow) -> None:
    select(qtbot, demo, "orc")
    hud = demo.combat_tools.hud
    click(qtbot, hud.chips["condition.hp"].findChild(QToolButton, "less"))
    assert demo.state.encounter.token("orc").stats["condition"]["hp"] == 13
    before = demo.state.encounter
    click(qtbot, hud.chips["condition.stunned"])
    after = demo.state.encounter
    assert after.token("orc").stats["condition"] == {
        **before.token("orc").stats["condition"], "stunned": True}  # GURPS adds nothing
    assert (after.log, after.combat) == (before.log, before.combat)


@pytest.mark.parametrize("demo", ["fate-arena.json"], indirect=True)
def test_fate_stress_boxes_to_tick(qtbot: QtBot, demo: GMWindow) -> None:
    """FATE's stress is a track of boxes (Tertius has health 5: boxes 1-5). A click on box 2
    checks it (the stat block's list becomes [2], one undoable edit); box 4 then [2, 4]; a
    second click on 2 clears it: [4]. A mook's stress is a sum against his Toughness, not
    boxes: a warrior has none to tick. (Before: FATE had no HUD at all.)"""
    select(qtbot, demo, "tertius")
    hud = demo.combat_tools.hud
    assert hud.isVisible()
    assert sorted(k for k in hud.chips if k.startswith("condition.stress=")) == [
        f"condition.stress={n}" for n in range(1, 6)]
    stress = lambda: demo.state.encounter.token("tertius").stats["condition"]["stress"]  # noqa: E731
    click(qtbot, hud.chips["condition.stress=2"])
    assert stress() == [2] and demo.state.undo_label == "Stress 2 on: Tertius"
    assert hud.chips["condition.stress=2"].isChecked()
    click(qtbot, hud.chips["condition.stress=4"])
    click(qtbot, hud.chips["condition.stress=2"])
    assert stress() == [4] and not hud.chips["condition.stress=2"].isChecked()
    demo.state.undo()
    assert stress() == [2, 4]
    select(qtbot, demo, "warrior-1")
    assert not any(k.startswith("condition.stress=") for k in hud.chips)


@pytest.mark.parametrize("demo", ["gurps-duel.json"], indirect=True)
def test_a_commit_that_leaves_the_controls_keeps_the_chips(qtbot: QtBot, demo: GMWindow) -> None:
    """A commit that changes another token (an attack on a foe) keeps the selected token's
    chips as they are, the same widgets (issue 28: making them again was a share of a click's
    first frame), a switch a refused click had toggled set back to its value; a change to the
    token's own controls makes them again, showing the new value."""
    select(qtbot, demo, "orc")
    hud = demo.combat_tools.hud
    chips = dict(hud.chips)
    hud.chips["condition.stunned"].setChecked(True)  # as a refused click leaves it
    archer = demo.state.encounter.token("archer")
    demo.state.apply("Move archer", demo.state.encounter.with_token(
        archer.moved_to(archer.x + 1, archer.y)))
    assert hud.chips == chips and all(hud.chips[k] is chips[k] for k in chips)
    assert not hud.chips["condition.stunned"].isChecked()
    click(qtbot, hud.chips["condition.hp"].findChild(QToolButton, "less"))
    hp = hud.chips["condition.hp"]
    assert hp is not chips["condition.hp"]
    assert "13" in hp.findChild(QLabel).text()
