"""``battlemap turn``: the initiative panel from the command line (Savage Pathfinder Action
Cards), S110 "Mounts aren't dealt Action Cards—they act with their riders" and S116's
interrupt with a weapon set against a charge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_spf_mounts import saddled

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Side, Token


def _turn(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> dict[str, object]:
    capsys.readouterr()
    assert main(["turn", str(path), *args, "--json"]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_a_ridden_horse_is_dealt_no_card_and_acts_with_its_knight(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S110: the knight rides the horse, so two cards are dealt, not three (C9: one a Wild
    Card or group): the King of Spades to the knight, whose turn is the horse's too, the Two
    of Clubs to the archer, who acts next (C16, the countdown)."""
    path = saddled(tmp_path)
    dealt = _turn(capsys, path, "deal", "--param", "cards=KS 2C", "--write")
    assert dealt["step"] == ["Round 1: Action Cards dealt",
                             "  A fresh deck of 54 cards is shuffled.",
                             "  Knight is dealt K♠ (King of Spades).",
                             "  Archer is dealt 2♣ (Two of Clubs).",
                             "  Knight (K♠) acts."]
    assert dealt["acting"] == ["knight", "horse"]
    after = _turn(capsys, path, "next", "--write")
    assert after["acting"] == ["archer"]
    assert load_encounter(path).combat["initiative"]["round"] == 1


def test_an_unridden_horse_gets_its_own_card(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Without a rider the horse is an Extra of its own (C11-12): three cards, the horse's
    the Ten of Hearts, after the knight's King."""
    path = saddled(tmp_path)
    assert main(["attack", str(path), "--attacker", "knight", "--action", "dismount",
                 "--write"]) == 0
    dealt = _turn(capsys, path, "deal", "--param", "cards=KS 10H 2C")
    assert "  Horse is dealt 10♥ (Ten of Hearts)." in dealt["step"]
    assert dealt["acting"] == ["knight"]


def test_the_order_and_a_refused_control_are_printed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Out of combat only Deal can be pressed; Next turn says why not, and nothing is saved."""
    path = saddled(tmp_path)
    capsys.readouterr()
    assert main(["turn", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "No combat: press Deal to shuffle and deal Action Cards."
    assert out[-1].startswith("controls: deal (Deal); next: no combat is running")
    assert main(["turn", str(path), "next", "--write"]) == 2
    assert capsys.readouterr().err.startswith("battlemap turn: ")
    assert "initiative" not in load_encounter(path).combat


def test_a_pike_set_against_a_charge_interrupts_from_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S116 through ``battlemap turn``: the pikeman (King of Spades) goes on Hold, the orc rider
    (Two of Clubs) acts and charges; ``interrupt --token hero --param set_weapon=yes``: the
    pike's Reach 2 against the axe's 0 gives +2, Athletics d8 4, Wild 1, + 2 = 6 against the
    orc's d6 5: the pikeman acts first. Without the set weapon, 4 loses to 5."""
    pike = {"wild_card": True, "attributes": {"agility": "d8"}, "skills": {
        "fighting": "d8", "athletics": "d8"},
        "weapons": [{"name": "Pike", "damage": "str+d8", "reach": 2}]}
    orc = {"skills": {"fighting": "d6", "athletics": "d6"},
           "weapons": [{"name": "Axe", "damage": "str+d6"}]}
    path = tmp_path / "charge.json"
    save_encounter(Encounter(system="savage-pathfinder", tokens=(
        Token("hero", "Pikeman", 2.5, 2.5, side=Side.HERO, stats=pike),
        Token("orc", "Orc", 8.5, 2.5, side=Side.VILLAIN, stats=orc))), path)
    _turn(capsys, path, "deal", "--param", "cards=KS 2C", "--write")
    held = _turn(capsys, path, "hold", "--write")
    assert held["acting"] == ["orc"]
    plain = _turn(capsys, path, "interrupt", "--token", "hero", "--dice", "4,1,5")
    assert plain["acting"] == ["orc"]
    set_pike = _turn(capsys, path, "interrupt", "--token", "hero", "--param", "set_weapon=yes",
                     "--dice", "4,1,5")
    assert any("+2 most Reach" in line for line in set_pike["step"])
    assert set_pike["acting"][0] == "hero"
