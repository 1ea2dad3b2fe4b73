"""The Attack tool previews the chosen attacker's targets in idle slices, one target a slice
(issue 28, the hover card's first visits): the hovers after them preview nothing and show the
cards a fresh preview gives; another snapshot stops them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gui_helpers import hover, on_screen
from PySide6.QtCore import Qt
from support.spf_on_map import preview_attack

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.rules.savage_pathfinder.table import pipeline
from battlemap.rules.savage_pathfinder.table.preview_text import card_lines
from tests.desktop.core.test_aims_ahead import counting

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


@pytest.fixture
def window(qtbot) -> GMWindow:
    window = GMWindow(BattleState(load_encounter(DEMO)))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.show()
    qtbot.waitExposed(window)
    return window


def choose(qtbot, window: GMWindow, attacker: str) -> None:
    """Click the attacker with the Select tool and choose Attack (no event processed after)."""
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, attacker))
    window.actions_by_name["tool_attack"].trigger()


def test_one_target_a_slice_then_the_hovers_preview_nothing(
        qtbot, window: GMWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    controller, tool = window.combat_tools.attack, window.combat_tools.attack.tool
    monkeypatch.setattr(pipeline, "PREVIEWS", pipeline.KeptPreviews())
    choose(qtbot, window, "harsk")
    encounter = window.state.encounter
    targets = tool.ahead(encounter)
    assert len(targets) == 8 and controller.ahead.isActive()
    controller.ahead.stop()
    controller.ahead.timeout.emit()  # one slice
    assert tool.ahead(encounter) == targets[1:] and controller.ahead.isActive()
    qtbot.waitUntil(lambda: not controller.ahead.isActive())
    assert tool.ahead(encounter) == []
    asked = counting(monkeypatch)
    names = {t.id: t.name for t in encounter.tokens}
    for target in targets:
        hover(window, on_screen(window, target))
        assert tool.aim is not None and tool.aim.target == target
    assert asked == []
    hover(window, on_screen(window, "goblin-5"))
    assert controller.card.lines == card_lines(preview_attack(encounter, "harsk", "goblin-5"),
                                               names)


def test_another_snapshot_stops_the_slices(qtbot, window: GMWindow) -> None:
    controller, tool = window.combat_tools.attack, window.combat_tools.attack.tool
    choose(qtbot, window, "harsk")
    moved = window.state.encounter.token("goblin-5")
    window.state.apply("Move", window.state.encounter.with_token(
        replace(moved, x=moved.x + 1)))
    qtbot.waitUntil(lambda: not controller.ahead.isActive())
    assert len(tool.ahead(window.state.encounter)) == 8  # nothing kept on the new one
