"""What a hover redraws and need not (issue 28, the hover card): the bar's weapon list is
rebuilt only when the attacker or its weapons change, and the card lays out each set of lines
once at each width, as it laid them out before."""

from __future__ import annotations

import math

import pytest
from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.gui import aim_overlay
from battlemap.desktop.gui.action_bar import ActionBar
from battlemap.desktop.gui.aim_overlay import PreviewCard

LINES = ["Goblin 2", "Longbow (Shoot): Short range, Light Cover, the Orc Leader in the way",
         "Skill 13 - 2 (cover) - 1 (range) = 10", "TN 10 · 50.0 % to hit"]


def test_the_weapon_list_is_rebuilt_only_when_it_changes(qtbot: QtBot) -> None:
    changed: list[None] = []
    bar = ActionBar(lambda: Encounter(), lambda: changed.append(None),
                    lambda action, params: None, lambda: None)
    qtbot.addWidget(bar)
    resets: list[int] = []  # the list's rebuilds: the default put in first again
    bar.weapon.model().rowsInserted.connect(lambda parent, first, last: first == 0 and
                                            resets.append(first))
    bar.show_attacker("Valeros", ["Sword", "Bow"])
    assert len(resets) == 1
    bar.weapon.setCurrentIndex(bar.weapon.findData("Bow"))
    changed.clear()
    for _ in range(3):  # each hover redraws the bar with the same attacker
        bar.show_attacker("Valeros", ["Sword", "Bow"])
    assert len(resets) == 1 and not changed
    assert bar.chosen_weapon() == "Bow" and bar.attacker_label.text() == "Attacker: Valeros"
    bar.show_attacker("Valeros", ["Sword", "Bow", "Dagger"])  # a weapon picked up: rebuilt
    assert len(resets) == 2 and bar.chosen_weapon() == "Bow" and bar.weapon.count() == 4
    bar.show_attacker("Merisiel", ["Sword", "Bow", "Dagger"])  # another attacker: the default
    assert len(resets) == 3 and bar.chosen_weapon() is None and changed
    assert bar.attacker_label.text() == "Attacker: Merisiel"
    bar.show_attacker(None, [])
    assert bar.attacker_label.text() == "Attacker: (click a token)"
    assert not bar.weapon.isVisibleTo(bar)


def laid_out_before(card: PreviewCard, lines: list[str], widest: float) -> tuple[list[str],
                                                                                   float, float]:
    """The card's lines, width and height as :meth:`PreviewCard.show_lines` made them before
    the layouts were kept: every line wrapped word by word, at every width."""
    metrics = QFontMetricsF(card._font)
    wrapped = [part for line in lines for part in aim_overlay._wrapped(line, metrics,
                                                                       widest - 20)]
    width = max((metrics.horizontalAdvance(line) for line in wrapped), default=0.0) + 20
    return wrapped, width, len(wrapped) * metrics.lineSpacing() + 12


@pytest.mark.parametrize("widest", [math.inf, 900.0, 260.0, 80.0])
def test_the_card_lays_out_each_set_of_lines_once_as_before(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, widest: float) -> None:
    card = PreviewCard()
    laid: list[tuple[str, ...]] = []
    real = card._lay_out
    monkeypatch.setattr(card, "_lay_out", lambda lines, wide: laid.append(tuple(lines)) or
                        real(lines, wide))
    for lines in (LINES, ["Orc Leader", "out of reach", ""], LINES, [], LINES):
        card.show_lines(lines, False, widest)
        wrapped, width, height = laid_out_before(card, lines, widest)
        assert card.lines == wrapped
        assert (card.boundingRect().width(), card.boundingRect().height()) == (width, height)
        assert card.isVisible() == bool(lines)
    assert laid == [tuple(LINES), ("Orc Leader", "out of reach", ""), ()]

