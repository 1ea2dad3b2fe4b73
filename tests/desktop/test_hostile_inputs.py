"""What the input fuzzer (tests/soak/fuzz_inputs.py) found, each refused in one line naming
the field (issue 31): a point at infinity, a sheet whose stats a load would refuse, a paste
too long to read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.characters import CharacterError, add_character_reading
from battlemap.desktop.core.fileformat import dumps_encounter, loads_encounter
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.statblocks import (
    MAX_PASTE_CHARACTERS,
    StatBlockError,
    tokens_from_text,
    with_statblock_text,
)
from battlemap.rules.interface import TextReading
from battlemap.rules.registry import find_system

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
WARRIOR = Path(__file__).parents[1] / "data" / "gurps" / "Basic_Warrior.gcs"
BLOCK = "Goblin\nAttributes: Agility d8, Smarts d4, Spirit d6, Strength d6, Vigor d6\nPace: 6\n"


@pytest.mark.parametrize("point", ["1,inf", "nan,2", "1e308,1", "100001,5"])
def test_a_point_at_infinity_or_off_any_map_is_one_line(
        point: str, capsys: pytest.CaptureFixture[str]) -> None:
    # before: 1,inf -> OverflowError in threats.path_cells; 1e308,1 -> 4e308 path steps
    with pytest.raises(SystemExit) as stop:
        main(["sightlines", str(DEMO), "--token", "harsk", "--to", point])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert f"point '{point}'" in error and "Traceback" not in error
    assert "not finite" in error or "within ±100,000 cells" in error


def test_a_point_on_the_map_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sightlines", str(DEMO), "--token", "harsk", "--to", "14.5,12.5"]) == 0


def test_a_sheet_whose_stats_a_load_would_refuse_is_refused_at_import() -> None:
    sheet = json.loads(WARRIOR.read_bytes())
    for attribute in sheet["attributes"]:
        if attribute.get("attr_id") == "st":
            attribute["calc"]["value"] = -1  # GURPS declares ST 0 to 10,000
    encounter = Encounter(width=10, height=10, system="gurps")
    with pytest.raises(CharacterError, match=r"^w\.gcs: stats\.st: -1 is outside the allowed "
                                             r"range 0 to 10000"):
        add_character_reading(encounter, json.dumps(sheet).encode(), "w.gcs")
    after, _reading = add_character_reading(encounter, WARRIOR.read_bytes(), "w.gcs")
    assert loads_encounter(dumps_encounter(after)) == after  # what it writes, a load reads


def test_a_pasted_block_a_load_would_refuse_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A reading the load's ranges refuse (a Pace of a million) makes no token: what a paste
    writes, a load reads."""
    system = type(find_system("savage-pathfinder"))
    stats = {"attributes": {"agility": "d8", "smarts": "d4", "spirit": "d6", "strength": "d6",
                            "vigor": "d6"}, "pace": 1_000_000}
    reading = TextReading("Giant", stats, (("pace", "1000000", "Pace: 1000000"),), (), ())
    monkeypatch.setattr(system, "statblocks_from_text", lambda _self, _text: (reading,))
    monkeypatch.setattr(system, "statblock_from_text", lambda _self, _text: reading)
    encounter = Encounter(width=10, height=10, tokens=(Token("g", "Goblin", 1.5, 1.5),))
    with pytest.raises(StatBlockError, match=r"^Giant: stats\.pace: 1000000 is outside the "
                                             r"allowed range 0 to \d+"):
        tokens_from_text(encounter, "Giant\nPace: 1000000")
    with pytest.raises(StatBlockError, match=r"^tokens\[g\]\.stats\.pace: 1000000 is outside"):
        with_statblock_text(encounter, "g", "Giant\nPace: 1000000")


def test_a_paste_too_long_to_read_is_refused_unread() -> None:
    encounter = Encounter(width=10, height=10, tokens=(Token("g", "Goblin", 1.5, 1.5),))
    long_line = BLOCK + "Gear: " + "sword (Str+d8), " * 2_000
    with pytest.raises(StatBlockError, match=r"^line 4 of the paste has 32,006 characters: "
                                             r"at most 20,000$"):
        tokens_from_text(encounter, long_line)
    with pytest.raises(StatBlockError, match="line 4 of the paste"):
        with_statblock_text(encounter, "g", long_line)
    huge = (BLOCK * (MAX_PASTE_CHARACTERS // len(BLOCK) + 1))
    with pytest.raises(StatBlockError, match=r"^the paste has [\d,]+ characters: at most "
                                             r"500,000$"):
        tokens_from_text(encounter, huge)
    assert len(tokens_from_text(encounter, BLOCK * 3).ids) == 3


def test_a_character_named_at_great_length_gets_a_short_id() -> None:
    """A 5,000-character name made a 5,000-character id, which no load reads (at most 200)."""
    sheet = json.loads(WARRIOR.read_bytes())
    sheet["profile"]["name"] = "Ser " + "x" * 5_000
    encounter = Encounter(width=10, height=10, system="gurps")
    after, _reading = add_character_reading(encounter, json.dumps(sheet).encode(), "w.gcs")
    assert after.tokens[0].id == "ser-" + "x" * 56
    assert loads_encounter(dumps_encounter(after)) == after
    with pytest.raises(CharacterError, match=r"^w\.gcs: the token's id has 201 characters: "
                                             r"at most 200$"):
        add_character_reading(encounter, WARRIOR.read_bytes(), "w.gcs", token_id="i" * 201)


@pytest.mark.parametrize("args", [
    ["odds", "--attacker", "nobody", "--target", "thug-1"],
    ["attack", "--attacker", "nobody", "--action", "rook"],
    ["attack", "--attacker", "rook", "--target", "nobody", "--seed", "1"],
])
def test_an_unknown_token_in_any_system_is_one_line(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Storypath looked the ids up itself and raised KeyError (a traceback)."""
    firefight = str(ASSETS_DIR / "demo" / "storypath-firefight.json")
    assert main([*args, firefight]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"battlemap {args[0]}: no token with id 'nobody' (tokens: rook,")
    assert "\n" not in error
