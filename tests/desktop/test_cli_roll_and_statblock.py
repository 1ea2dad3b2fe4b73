"""``battlemap roll`` (issue 13's Roll) and ``battlemap import-statblock`` (paste a stat block)
on the demo, with scripted dice and the results worked out by hand."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


def test_a_wounded_and_fatigued_notice_roll(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Wound Penalties "-1 per Wound" and Fatigued "-1 to all Trait rolls" reach a bare Notice
    roll: Valeros (Notice d6, Wild Card) with 1 Wound and Fatigued rolls 5 and Wild 2: 5 - 2 =
    3 vs 4, a failure; the odds: d6 or Wild d6 at 6 (aces count): 1 - (5/6)^2 = 11/36."""
    path = tmp_path / "ambush.json"
    shutil.copy(DEMO, path)
    data = json.loads(path.read_text())
    valeros = next(t for t in data["tokens"] if t["id"] == "valeros")
    valeros["stats"]["condition"] = {**valeros["stats"].get("condition", {}), "wounds": 1,
                                     "fatigue": 1}
    path.write_text(json.dumps(data))
    assert main(["roll", str(path), "--token", "valeros", "--trait", "notice", "--odds",
                 "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)["odds"]
    assert odds["success or better"]["fraction"] == "11/36"
    assert main(["roll", str(path), "--token", "valeros", "--trait", "notice", "--dice", "5,2",
                 "--write"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Valeros rolls Notice: 3, failure"
    assert load_encounter(path).log[-1].title == "Valeros rolls Notice: 3, failure"


def test_a_group_of_extras_rolls_one_die(capsys: pytest.CaptureFixture[str]) -> None:
    """Group rolls: one Vigor d6 for Goblins 1 and 2 shows 4: both reach 4, success each."""
    assert main(["roll", str(DEMO), "--token", "goblin-1", "--token", "goblin-2", "--trait",
                 "vigor", "--dice", "4"]) == 0
    title = capsys.readouterr().out.splitlines()[0]
    assert title == "Group roll of Vigor: Goblin 1 4 success, Goblin 2 4 success"


ORC = """Orc Warrior
Attributes: Agility d6, Smarts d4, Spirit d6, Strength d8, Vigor d8
Skills: Athletics d6, Fighting d8, Notice d6
Pace: 6; Parry: 7; Toughness: 9 (3)
Gear: Battle axe (Str+d8), chain shirt (+3)
Special Abilities: Infravision
"""


def test_a_pasted_stat_block_names_what_it_read_and_what_differs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Parry is 2 + half Fighting: 2 + 4 = 6, not the printed 7, and the GM is told; Toughness
    2 + half Vigor 4 + Armor 3 = 9 agrees. The token gets the block, its condition kept."""
    path, text = tmp_path / "ambush.json", tmp_path / "orc.txt"
    shutil.copy(DEMO, path)
    text.write_text(ORC)
    before = load_encounter(path).token("goblin-1").stats.get("condition")
    assert main(["import-statblock", str(text), str(path), "--token", "goblin-1"]) == 0
    out = capsys.readouterr().out
    assert "  skills.fighting = d8   (Fighting d8)" in out
    assert "printed figures differ:" in out and "parry: printed 7, derived 6" in out
    assert "Infravision" in out.split("not read:")[1]
    stats = load_encounter(path).token("goblin-1").stats
    assert stats["attributes"]["strength"] == "d8" and stats.get("condition") == before
    assert main(["import-statblock", str(text), str(path), "--token", "nobody"]) == 2
