"""``battlemap import-character actor.json`` for a Savage Pathfinder encounter (issue 26): a
Foundry SWADE actor export becomes a token, with what was not read printed and logged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
DATA = Path(__file__).parent.parent / "data" / "foundry"


def test_a_foundry_actor_becomes_a_token(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ambush.json"
    shutil.copy(DEMO, path)
    assert main(["import-character", str(DATA / "bog-wight.json"), str(path), "--side",
                 "villain", "--at", "3.5,2.5"]) == 0
    out = capsys.readouterr().out
    assert "  skills.fighting = d8   (items[0] Fighting (skill))" in out
    assert "items[3] Grave Stench (weapon): damage 'lots' is not like @str+d6 or 2d6" in \
        out.split("not read:")[1]
    assert "parry: printed 7, derived 6" in out.split("printed figures differ:")[1]
    assert out.splitlines()[-1].startswith("added Bog Wight as bog-wight at (3.5, 2.5)")
    after = load_encounter(path)
    wight = after.token("bog-wight")
    assert wight.side.value == "villain" and wight.stats["toughness_bonus"] == 3
    assert after.log[-1].title == "Imported Bog Wight from bog-wight.json"
    assert "differs from the file: parry: printed 7, derived 6" in after.log[-1].lines[-1]
