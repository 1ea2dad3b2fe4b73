"""``battlemap turn``: the initiative panel from the command line (Savage Pathfinder Action
Cards), and S110 "Mounts aren't dealt Action Cards—they act with their riders"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_spf_mounts import saddled

from desktop.cli import main
from desktop.core.fileformat import load_encounter


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
