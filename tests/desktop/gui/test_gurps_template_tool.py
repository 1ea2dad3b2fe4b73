"""The Template tool on the GURPS demo, with real mouse events: the orc's black powder bomb on
Donn's hex, Donn's dive for cover (L159) through the generic prompt.

Worked by hand (see tests/desktop/test_gurps_area.py): the orc's Throwing 12 - 3 (5.6 yd) =
9, 3+3+3 hits; Donn beneath the Small Blast dives, Dodge 9 + 3 = 12, 2+2+2 succeeds: a yard
farther from the centre, prone; damage 6+6+6 = 18 / 3 = 6, DR 2: 4 injury, HP 13 -> 9."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from conftest import QuietGMWindow
from gui_helpers import hover, on_screen
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.table_pipeline import ReplayDice
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL
from battlemap.rules.dice import RandomDice
from battlemap.rules.interface import Decision


@pytest.fixture
def duel(qtbot: QtBot) -> Iterator[GMWindow]:
    win = QuietGMWindow(BattleState(load_encounter(ASSETS_DIR / "demo" / "gurps-duel.json")))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.set_zoom(0.6)
    yield win


def _click(qtbot: QtBot, window: GMWindow, pos: QPoint) -> None:
    hover(window, pos)
    qtbot.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseMove(window.view.viewport(), pos)
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_the_template_tool_throws_the_bomb_and_donn_dives_for_cover(
        qtbot: QtBot, duel: GMWindow) -> None:
    orc, donn = duel.state.encounter.token("orc"), duel.state.encounter.token("swordsman")
    duel.view.centerOn((orc.x + donn.x) / 2 * CELL, (orc.y + donn.y) / 2 * CELL)
    _click(qtbot, duel, on_screen(duel, "orc"))
    bar = duel.combat_tools.attack.bar
    bar.template.setCurrentIndex(bar.template.findData("sbt"))
    duel.actions_by_name["tool_template"].trigger()
    templates = duel.combat_tools.templates
    asked: list[Decision] = []

    def answer(question: Decision) -> tuple[str, ...]:
        asked.append(question)
        return ("dive",)

    templates.tool.ask = answer
    templates.tool.dice = lambda: ReplayDice(RandomDice(5), [3, 3, 3, 2, 2, 2, 6, 6, 6])
    where = on_screen(duel, "swordsman")
    _click(qtbot, duel, where)
    assert [d.id for d in asked] == ["dive:swordsman"], templates.tool.message
    assert {c.id for c in asked[0].allowed} == {"dive", "smother", "none"}
    after = duel.state.encounter.token("swordsman")
    assert after.stats["condition"]["hp"] == 9
    assert after.stats["condition"]["posture"] == "prone"
    assert math.dist((after.x, after.y), (donn.x, donn.y)) == pytest.approx(1.0, abs=0.05)
    assert "dives for cover: a step farther away" in "\n".join(
        duel.state.encounter.log[-1].lines)
