"""No friendly fire by accident: a template that would catch the attacker or his allies asks
first, naming them; No fires nothing, Yes fires."""

from __future__ import annotations

import pytest
from gui_helpers import hover, on_screen
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.motion import MotionPreferences
from battlemap.rules.dice import ScriptedDice

FLASK = {"skills": {"athletics": "d8"}, "wild_card": True,
         "weapons": [{"name": "Flask", "damage": "2d6", "range": [4, 8, 16], "thrown": True}]}
ORC = {"attributes": {"vigor": "d6"}}


def skirmish() -> Encounter:
    """The hero throws at Orc 1 (8 cells east); Kyra stands one cell from the orc."""
    return Encounter(tokens=(
        Token("hero", "Hero", 1.5, 5.5, side=Side.HERO, stats=FLASK),
        Token("kyra", "Kyra", 8.5, 5.5, side=Side.HERO, stats={}),
        Token("orc1", "Orc 1", 9.5, 5.5, side=Side.VILLAIN, stats=ORC),
    ), width=16, height=10)


@pytest.fixture
def window(qtbot: QtBot) -> GMWindow:
    window = GMWindow(BattleState(skirmish()))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.show()
    qtbot.waitExposed(window)
    controller = window.combat_tools.attack
    controller.animator.preferences = MotionPreferences(enabled=False)
    controller.bar.template.setCurrentIndex(controller.bar.template.findData("mbt"))
    # Athletics d8 6, Wild Die 2, Medium Range -2: 4, a hit; damage 2d6 = 3 + 3 each.
    window.combat_tools.templates.tool.dice = lambda: ScriptedDice([6, 2] + [3] * 8)
    return window


def throw_at(qtbot: QtBot, window: GMWindow, target: str, answer: bool) -> list[str]:
    """Select the hero, take the Template tool, click ``target``; return the questions asked."""
    asked: list[str] = []

    def ask(question: str) -> bool:
        asked.append(question)
        return answer

    window.combat_tools.templates.ask = ask
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "hero"))
    window.actions_by_name["tool_template"].trigger()
    hover(window, on_screen(window, target))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, target))
    return asked


def test_a_blast_over_an_ally_asks_and_no_fires_nothing(qtbot: QtBot, window: GMWindow) -> None:
    asked = throw_at(qtbot, window, "orc1", answer=False)
    assert asked == ["Hero's template would also catch Kyra. Fire anyway?"]
    assert window.state.undo_label is None
    assert window.combat_tools.templates.tool.message == "not fired: Kyra beneath it"


def test_yes_fires_the_blast_on_ally_and_foe(qtbot: QtBot, window: GMWindow) -> None:
    asked = throw_at(qtbot, window, "orc1", answer=True)
    assert len(asked) == 1
    assert window.state.undo_label is not None and window.state.undo_label.startswith("Attack")


def test_a_click_on_his_own_square_names_the_attacker(qtbot: QtBot, window: GMWindow) -> None:
    asked = throw_at(qtbot, window, "hero", answer=False)
    assert asked == ["Hero's template would also catch Hero (the attacker). Fire anyway?"]
    assert window.state.undo_label is None


def test_a_blast_on_foes_alone_asks_nothing(qtbot: QtBot, window: GMWindow) -> None:
    kyra = window.state.encounter.token("kyra")
    window.state.apply("Place", window.state.encounter.with_token(kyra.moved_to(4.5, 1.5)))
    asked = throw_at(qtbot, window, "orc1", answer=False)
    assert asked == []
    assert window.state.undo_label is not None and window.state.undo_label.startswith("Attack")
