"""``battlemap odds --trait ...``: the exact trait-roll odds from the command line."""

import json

import pytest

from battlemap.desktop.cli import main


def test_wild_card_d8_against_four_is_81_25_percent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--trait", "d8", "--wild", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["roll"] == "d8 (Wild Card) vs TN 4"
    assert report["odds"]["success or better"] == {"probability": 0.8125, "fraction": "13/16"}


def test_modifier_and_target_number(capsys: pytest.CaptureFixture[str]) -> None:
    # an Extra's d8 at -2 against 6 needs 8 on the die: 1/8 (an 8 that Aces always counts)
    assert main(["odds", "--trait", "d8", "--mod", "-2", "--tn", "6"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("d8 -2 vs TN 6:")
    assert "success or better  1/8        12.50 %" in out


def test_unskilled(capsys: pytest.CaptureFixture[str]) -> None:
    # d4 - 2 needs 6: a 4 then 2+ = 3/16
    assert main(["odds", "--trait", "unskilled", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["odds"]["success or better"]["fraction"] == "3/16"


def test_bad_die_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--trait", "d7"]) == 2
    assert "battlemap odds: --trait: 'd7' is not a die like d8 or d12+1" in capsys.readouterr().err
