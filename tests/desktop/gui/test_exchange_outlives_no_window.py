"""Closing the windows while the table still shows "who can I hit" (a tap on a hero) raises
nothing: the tags' timer dies with the table, it does not fire into a deleted scene.

Before the fix, the timer (parented to nothing) fired after the scene and its items were gone
and called into the deleted overlay: a RuntimeError from a slot, which pytest-qt reports."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import replace

import pytest
from gui_helpers import open_table, small_encounter
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui import table_insight
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL

WAIT_MS = 60
"""How long the exchange shows in this test (the table's 4 s would only make it slower)."""


@pytest.fixture(autouse=True)
def _short_exchange(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_insight, "INSIGHT_MS", WAIT_MS)


@pytest.fixture(autouse=True)
def _cycles_live_on() -> Iterator[None]:
    """As in the app between two collections: the closed table's Python side (kept in its
    reference cycles) outlives its C++ objects while the timer runs; a collection at a random
    moment of the test would hide the fault."""
    gc.disable()
    yield
    gc.enable()


def _tap_hero_on_the_table(qtbot: QtBot, window: GMWindow) -> None:
    base = small_encounter()
    player = open_table(window, base.with_token(replace(base.token("gob"), hidden=False)))
    hero = player.view.mapFromScene(1.5 * CELL, 1.5 * CELL)
    viewport = player.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, hero)
    qtbot.mouseMove(viewport, hero)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       hero)
    assert player.insight.exchange.hero == "hero"  # the exchange shows, its timer runs


def test_closing_the_gm_window_while_the_exchange_shows(qtbot: QtBot,
                                                         window: GMWindow) -> None:
    _tap_hero_on_the_table(qtbot, window)
    window.close()
    qtbot.wait(3 * WAIT_MS)  # past the timer's end: pytest-qt fails on a slot's exception


def test_closing_the_table_while_the_exchange_shows(qtbot: QtBot, window: GMWindow) -> None:
    _tap_hero_on_the_table(qtbot, window)
    window.actions_by_name["player_view"].trigger()  # the View menu closes the table
    assert window.player_window is None
    qtbot.wait(3 * WAIT_MS)
