"""``battlemap new`` and ``battlemap import-character``: a GURPS encounter from GCS sheets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter

SHEETS = Path(__file__).parent.parent / "data" / "gurps"


def test_six_gcs_sheets_become_six_tokens(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "duel.json"
    assert main(["new", str(path), "--system", "gurps"]) == 0
    for sheet in sorted(SHEETS.glob("*.gcs")):
        assert main(["import-character", str(sheet), str(path)]) == 0
    encounter = load_encounter(path)
    assert encounter.grid.kind.value == "hex" and encounter.grid.unit == "yd"
    assert [t.name for t in encounter.tokens] == [
        "Donn Estevane", "Black Bear", "Dai Blackthorn", "Minotaur", "Orc, Leader",
        "Jaime Ooley"]
    assert len({(t.x, t.y) for t in encounter.tokens}) == 6  # each on a cell of its own


def test_a_sheet_placed_by_hand_and_refusals_that_change_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "duel.json"
    assert main(["new", str(path), "--system", "gurps"]) == 0
    minotaur = str(SHEETS / "Minotaur.gcs")
    args = ["import-character", minotaur, str(path), "--as", "mino", "--side", "villain",
            "--at", "4,5"]
    assert main(args) == 0
    token = load_encounter(path).token("mino")
    assert (token.name, token.side.value, token.x, token.y) == ("Minotaur", "villain", 4, 5)
    saved = path.read_bytes()
    capsys.readouterr()
    assert main(args) == 2  # the id is taken
    assert "'mino' is already on the map" in capsys.readouterr().err
    bad = tmp_path / "notes.gcs"
    bad.write_text('{"version": 5, "profile": 7}')
    assert main(["import-character", str(bad), str(path)]) == 2
    assert capsys.readouterr().err.startswith("battlemap import-character: notes.gcs")
    assert path.read_bytes() == saved
    savage = tmp_path / "savage.json"
    assert main(["new", str(savage)]) == 0
    assert main(["import-character", minotaur, str(savage)]) == 2
    assert "Minotaur.gcs: not a Foundry SWADE actor" in capsys.readouterr().err


@pytest.mark.parametrize(("system", "demo"), [
    ("gurps", "gurps-duel.json"), ("storypath", "storypath-firefight.json"),
    ("fate", "fate-arena.json"), ("spf", "goblin-ambush.json")])
def test_every_system_has_a_demo_that_opens_and_renders(system: str, demo: str,
                                                        tmp_path: Path) -> None:
    """``battlemap --demo gurps`` opens the GURPS duel; ``render --demo --system gurps`` draws
    it; each demo's every stat block parses with its system."""
    from battlemap.desktop.core.assets import demo_for
    from battlemap.rules.registry import find_system

    path = demo_for(system)
    assert path.name == demo
    encounter = load_encounter(path)
    rules = find_system(encounter.system)
    assert rules is find_system(system)
    for token in encounter.tokens:
        rules.combatant_from_dict(token.stats, f"tokens[{token.id}].stats", token.id)
    out = tmp_path / "demo.png"
    assert main(["render", "--demo", "--system", system, str(out)]) == 0
    assert out.stat().st_size > 10_000


def test_the_gurps_defense_flags_answer_the_defenders_choice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """gurps-active-defense.txt, "Dodge" and "Dodge and Drop": the archer's Longbow 15, -4 for
    9 yards = 11, rolls 3+3+3 = 9: a hit. The orc dodges and drops: Dodge 7 +1 shield DB +3 =
    11; 4+4+4 = 12 fails by 1, and he is prone. Damage 1d+2 imp, 2 + 2 = 4, DR 2 leaves 2,
    x2 impaling = 4 injury: HP 14 -> 10. ``--defense dodge --drop`` is the same answer as
    ``--answer defense=dodge,drop``; ``--drop`` alone is refused."""
    demo = ASSETS_DIR / "demo" / "gurps-duel.json"
    base = ["attack", str(demo), "--attacker", "archer", "--target", "orc",
            "--dice", "3,3,3,4,4,4,2", "--json"]
    assert main([*base, "--defense", "dodge", "--drop"]) == 0
    flags = json.loads(capsys.readouterr().out)
    assert main([*base, "--answer", "defense=dodge,drop"]) == 0
    assert json.loads(capsys.readouterr().out) == flags
    assert flags["summary"]["conditions"]["orc"]["hp"] == 10
    assert flags["summary"]["conditions"]["orc"]["posture"] == "prone"
    assert "Orc Leader Dodge + Drop: 3d6 4+4+4 = 12 vs 7, +1 Small Shield with Spike DB, +3 " \
           "dodge and drop = 11: failure by 1" in flags["log"]["lines"]
    assert main([*base, "--drop"]) != 0
    assert "--retreat and --drop go with --defense CHOICE" in capsys.readouterr().err
