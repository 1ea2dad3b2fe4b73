"""The generic prompt lets through only what the decision allows (Decision.refusal): the
Storypath stunt menu of the demo firefight, Mara's grapple attack on Thug 1.

Storypath text, GRAPPLE stunts: Mara (in control) rolls Athletics 2 + Might 3 = 5 dice, 8, 9,
10, 1, 1 = 3 successes vs Thug 1's Defense 1: 2 left. Takedown (1s) is not *Variable*: once
only. Break Free (L36, 0s in control) with Pin (2s) would end the grapple and pin again: OK is
greyed with the reason.
"""

from __future__ import annotations

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.gui.decision_dialog import DecisionForm
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import find_system

DEMO = ASSETS_DIR / "demo" / "storypath-firefight.json"


def _menu():
    board = board_of(load_encounter(DEMO))
    paused = find_system("storypath").resolve_attack(
        board, AttackRequest("mara", "thug-1"), ScriptedDice([8, 9, 10, 1, 1]))
    assert paused.decision is not None and paused.decision.budget == 2
    return paused.decision


def test_once_only_stunts_count_to_one_and_clashing_ones_are_refused(qtbot) -> None:
    form = DecisionForm(_menu())
    qtbot.addWidget(form)
    assert form.counts["takedown"].maximum() == 1  # 2 successes would pay 2, once only
    assert form.counts["position"].maximum() == 2  # per success: as the budget pays
    form.counts["break-free"].setValue(1)
    form.counts["pin"].setValue(1)
    assert form.refusal() is not None and "cannot be taken with" in form.refusal()
    assert "cannot be taken with" in form.total.text()
    form.counts["pin"].setValue(0)
    assert form.refusal() is None and form.answer() == ("break-free",)


def test_a_position_that_cannot_beat_the_dodge_keeps_ok_greyed(qtbot) -> None:
    # L27 Position (per success; Difficulty equal to Opponent's Dodge): Thug 1's Dodge 1 takes
    # the first success, so Position once buys nothing: the total says why; twice it may go.
    form = DecisionForm(_menu())
    qtbot.addWidget(form)
    form.counts["position"].setValue(1)
    assert form.refusal() is not None and "buys nothing taken fewer than 2 times" in \
        form.total.text()
    form.counts["position"].setValue(2)
    assert form.refusal() is None and form.answer() == ("position", "position")
