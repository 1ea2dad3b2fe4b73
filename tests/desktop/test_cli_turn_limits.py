"""What a token has taken this turn, kept by the table: the Multi-Action count without a
declaration, one limited action and one limited free action a turn, three actions at most
(Savage Pathfinder C25, C26, S118); scripted dice, worked out by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.spf_on_map import begin_combat, next_turn

from battlemap.desktop.cli import main
from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Token
from battlemap.rules.registry import find_system
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

BOW = {"name": "Longbow", "damage": "2d6", "ap": 1, "range": [15, 30, 60], "two_handed": True}


def _archery(tmp_path: Path) -> Path:
    """Harsk (Wild Card, Shooting d8, Intimidation d6, a longbow) acting in round one (King
    of Spades), a goblin 8" east (Short range, TN 4)."""
    harsk = Token(id="harsk", name="Harsk", x=0.5, y=0.5, stats={
        "pace": 5, "running_die": "d4", "wild_card": True,
        "skills": {"shooting": "d8", "intimidation": "d6"}, "weapons": [BOW]})
    goblin = Token(id="gob", name="Goblin", x=8.5, y=0.5, stats={"skills": {"fighting": "d6"}})
    encounter, _ = begin_combat(Encounter(width=20, height=8, tokens=(harsk, goblin)),
                                PhysicalCards(["KS", "2C"]))
    path = tmp_path / "archery.json"
    save_encounter(encounter, path)
    return path


def _shoot(path: Path, dice: str, *more: str) -> int:
    return main(["attack", str(path), "--attacker", "harsk", "--target", "gob", "--dice", dice,
                 "--write", *more])


def test_the_second_shot_takes_the_multi_action_penalty_undeclared(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S118 "Each additional action beyond the first inflicts a -2 penalty": the first shot
    (Shooting 3, Wild 3) is 3; the second, with nothing declared, is 3 - 2 = 1; a third 3 - 4
    = -1. A new turn starts the count again."""
    path = _archery(tmp_path)
    assert _shoot(path, "3,3") == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("→ 3 vs TN 4: miss")
    assert _shoot(path, "3,3") == 0
    assert "-2 Multi-Action (2 actions) → 1 vs TN 4" in capsys.readouterr().out
    assert _shoot(path, "3,3") == 0
    assert "-4 Multi-Action (3 actions) → -1 vs TN 4" in capsys.readouterr().out
    encounter, _ = next_turn(load_encounter(path))
    encounter, _ = next_turn(encounter)  # the goblin's turn, then round over: Harsk's turn ends
    assert [t for t in encounter.combat.get("taken", []) if t["token"] == "harsk"] == []


def test_one_limited_action_and_one_limited_free_action_a_turn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C25 "A character may only perform one limited action on their turn": a shot declared
    limited goes, a second limited shot is refused, a plain one goes (-2: two actions). C26
    "only one limited free action per turn": an Intimidation Test as a limited free action (an
    Intimidating Glare) goes without counting for the Multi-Action, a second is refused; a
    fourth action (the third counted) goes, and then the Actions menu greys every action but
    the free ones: "at most three"."""
    path = _archery(tmp_path)
    assert _shoot(path, "2,2", "--limited", "action") == 0
    assert _shoot(path, "3,3", "--limited", "action") == 2
    assert capsys.readouterr().err.strip().endswith(
        "battlemap attack: Harsk has taken a limited action this turn: one a turn (limited)")
    glare = ["attack", str(path), "--attacker", "harsk", "--action", "test", "--target", "gob",
             "--param", "skill=intimidation", "--limited", "free-action", "--dice", "1,1"]
    assert main([*glare, "--write"]) == 0
    assert main(glare) == 2
    assert capsys.readouterr().err.strip().endswith(
        "Harsk has taken a limited free action this turn: one a turn (limited, limited free)")
    assert _shoot(path, "3,3") == 0
    assert "-2 Multi-Action (2 actions) → 1 vs TN 4" in capsys.readouterr().out
    assert _shoot(path, "3,3") == 0
    assert "-4 Multi-Action (3 actions) → -1 vs TN 4" in capsys.readouterr().out
    assert main(["attack", str(path), "--attacker", "harsk", "--action", "defend"]) == 2
    assert "Harsk has taken three actions this turn: at most three" in capsys.readouterr().err
    menu = find_system("spf").action_menu(board_of(load_encounter(path)), "harsk")
    greyed = {e.action: e.problem for e in menu}
    assert greyed["defend"] == ("Harsk has taken three actions this turn: at most three "
                                "(limited, limited free, regular, regular)")
    assert greyed["go-prone"] is None  # a free action is still allowed


CROSSBOW = {"name": "Heavy crossbow", "damage": "2d6", "range": [15, 30, 60], "reload": 2,
            "two_handed": True}


def test_reloading_while_running_asks_for_agility(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S150 "Running and loading requires an Agility roll (at the usual -2 penalty for
    running). Failure means no progress toward reloading was made that action": Kyra (Agility
    d8, Pace 6) standing still reloads her heavy crossbow without a roll; declaring Running,
    Agility 4 - 2 = 2 fails (no progress); after a 7" drag (beyond Pace 6: she ran) Agility 7 -
    2 = 5 reloads it."""
    kyra = Token(id="kyra", name="Kyra", x=0.5, y=0.5, stats={
        "pace": 6, "wild_card": True, "attributes": {"agility": "d8"}, "weapons": [CROSSBOW]})
    goblin = Token(id="gob", name="Goblin", x=12.5, y=0.5, stats={})
    encounter, _ = begin_combat(Encounter(width=20, height=8, tokens=(kyra, goblin)),
                                PhysicalCards(["KS", "2C"]))
    path = tmp_path / "reload.json"
    save_encounter(encounter, path)
    reload = ["attack", str(path), "--attacker", "kyra", "--action", "reload"]
    assert main(reload) == 0
    assert capsys.readouterr().out.splitlines() == ["Kyra reloads Heavy crossbow",
                                                    "  Reload 2: 2 actions"]
    assert main([*reload, "--running", "--dice", "4,1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Kyra fails to reload Heavy crossbow while running"
    assert "running" in out[1] and out[1].endswith("→ 2 vs TN 4: failure")
    assert out[2] == "  Running & Reloading: no progress toward reloading this action"
    assert main(["move", str(path), "kyra", "7.5", "0.5", "--save"]) == 0
    capsys.readouterr()
    assert main([*reload, "--dice", "7,1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Kyra reloads Heavy crossbow while running"


def test_reloading_needs_two_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S147 "reloading any ranged weapon requires two hands": Kyra with her left arm unusable
    (the Injury Table's Arm result, C83) cannot reload her crossbow; the refusal names it and
    nothing is logged (with both arms she reloads: the test above)."""
    maimed = {"wild_card": True, "weapons": [CROSSBOW], "condition": {"injuries": [
        {"name": "Arm: left arm unusable", "lasts": "until all Wounds are healed"}]}}
    path = tmp_path / "maimed.json"
    save_encounter(Encounter(width=20, height=8, tokens=(
        Token(id="kyra", name="Kyra", x=0.5, y=0.5, stats=maimed),)), path)
    assert main(["attack", str(path), "--attacker", "kyra", "--action", "reload",
                 "--write"]) == 2
    assert "reloading Heavy crossbow needs two hands" in capsys.readouterr().err
    assert load_encounter(path).log == ()


def test_a_thrown_flask_is_an_action_of_the_turn(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """C25/S118 for area attacks: in her turn the hero throws a flask (a Small Blast) at the orc
    3" away, then another: the second is her second action, -2 Multi-Action: Athletics d8 7,
    Wild 1 = 7 - 2 = 5 vs TN 4, a hit; the first had no penalty (d8 5 → 5). Each blast's 2d6 2
    + 1 = 3 does not hurt the orc (Toughness 5)."""
    flask = {"skills": {"athletics": "d8"}, "wild_card": True,
             "weapons": [{"name": "Flask", "damage": "2d6", "range": [4, 8, 16], "thrown": True}]}
    encounter, _ = begin_combat(Encounter(width=20, height=10, tokens=(
        Token(id="hero", name="Hero", x=1.5, y=5.5, stats=flask),
        Token(id="orc", name="Orc", x=4.5, y=5.5, stats={"attributes": {"vigor": "d6"}}))),
        PhysicalCards(["KS", "2C"]))
    path = tmp_path / "flask.json"
    save_encounter(encounter, path)
    throw = ["attack", str(path), "--attacker", "hero", "--template", "sbt", "--at", "4.5,5.5",
             "--json", "--write"]
    assert main([*throw, "--dice", "5,1,2,1"]) == 0
    first = json.loads(capsys.readouterr().out)["log"]["lines"][0]
    assert first.endswith("d8 5, Wild d6 1 → 5 vs TN 4: hit")
    assert main([*throw, "--dice", "7,1,2,1"]) == 0
    second = json.loads(capsys.readouterr().out)["log"]["lines"][0]
    assert second.endswith("= 7; -2 Multi-Action (2 actions) → 5 vs TN 4: hit")
