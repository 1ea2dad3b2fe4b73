"""What a token shows: badges from its condition, wound pips, the Joker from the Action Cards."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from support.spf_on_map import begin_combat

from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import RING, UNREADABLE, TokenItem, marks_of
from battlemap.rules.savage_pathfinder.cards import PhysicalCards


def test_badges_follow_the_condition_in_reading_order() -> None:
    condition = {"shaken": True, "stunned": True, "prone": True, "entangled": True,
                 "on_hold": True, "fatigue": 1, "wounds": 2}
    token = Token(id="a", name="A", x=0, y=0, stats={"condition": condition})
    marks = marks_of(Encounter(tokens=(token,)))["a"]
    assert [b.text for b in marks.badges] == [
        "SHAKEN", "FAT 1", "STUN", "PRONE", "ENTANGLED", "HOLD"]
    assert marks.harm == 2


def test_a_token_without_a_condition_shows_no_badge() -> None:
    token = Token(id="a", name="A", x=0, y=0, stats={"condition": "garbled"})
    marks = marks_of(Encounter(tokens=(token,)))["a"]
    assert marks.badges == () and marks.harm == 0


def test_a_stat_block_its_system_cannot_read_shows_a_badge_instead_of_stopping_the_window() -> None:
    # a Storypath weapon without a name: the file fuzzer's case the GM window could not open
    rook = Token("rook", "Rook", 1, 1, stats={"weapons": [{"kind": "ranged", "range": "medium"}]})
    fine = Token("ada", "Ada", 3, 1)
    marks = marks_of(Encounter(system="storypath", tokens=(rook, fine)))
    assert marks["rook"] == UNREADABLE and [b.text for b in UNREADABLE.badges] == ["STATS?"]
    assert marks["ada"] != UNREADABLE


def test_the_joker_badge_appears_when_a_joker_is_dealt(qtbot: QtBot, window: GMWindow) -> None:
    # Valeros (hero) is dealt the Red Joker, Kyra the King of Diamonds.
    dealt, _ = begin_combat(window.state.encounter, PhysicalCards(["RJ", "KD"]))
    window.state.apply("Deal", dealt)
    hero, kyra = window.scene.token_item("hero"), window.scene.token_item("kyra")
    assert hero is not None and kyra is not None
    assert [b.text for b in hero.badges] == ["JOKER"]
    assert [b.text for b in kyra.badges] == []


def test_the_acting_token_gets_the_turn_halo(qtbot: QtBot, window: GMWindow) -> None:
    dealt, _ = begin_combat(window.state.encounter, PhysicalCards(["KD", "2C"]))
    window.state.apply("Deal", dealt)  # Valeros's King acts before Kyra's Two
    hero, kyra = window.scene.token_item("hero"), window.scene.token_item("kyra")
    assert hero is not None and kyra is not None
    assert (hero.acting, kyra.acting) == (True, False)


def test_badges_clear_the_facing_mark_of_a_token_facing_up(qtbot: QtBot) -> None:
    # Facing 0 (north): the mark's tip reaches 0.5 cell + 1.1 ring above the centre; the badges
    # sit above the reach (0.5 cell + 1.2 ring), so the mark never runs into them.
    token = Token(id="v", name="Valeros", x=1.5, y=1.5, facing=0.0,
                  stats={"condition": {"shaken": True}})
    item = TokenItem(token, marks=marks_of(Encounter(tokens=(token,)))["v"])
    assert [b.text for b in item.badges] == ["SHAKEN"]
    tip = 0.5 * CELL + 1.1 * RING
    assert item.badge_box().bottom() <= -tip
    assert item.badge_box().bottom() == pytest.approx(-(0.5 * CELL + 1.2 * RING))
