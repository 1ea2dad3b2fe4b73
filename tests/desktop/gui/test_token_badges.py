"""What a token shows: badges from its condition, wound pips, the Joker from the Action Cards."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from support.spf_on_map import begin_combat

from desktop.core.model import Encounter, Token
from desktop.gui.main_window import GMWindow
from desktop.gui.token_item import marks_of
from rules.savage_pathfinder.cards import PhysicalCards


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
