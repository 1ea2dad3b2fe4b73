"""Every number of a file has a range, checked at load (issue 31, "Unbounded numbers").

Each case is one of the probe's: a value far beyond any real table put into a demo encounter
of its system. The load refuses it naming the file, the field path and the allowed range, and
every command refuses it the same way (exit 2, one line, no traceback).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter

DEMOS = ASSETS_DIR / "demo"


def demo_with(tmp_path: Path, demo: str, token: str, change: Any) -> Path:
    data = json.loads((DEMOS / f"{demo}.json").read_text())
    stats = next(t for t in data["tokens"] if t["id"] == token)["stats"]
    change(stats)
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(data))
    return path


CASES = [
    # (demo, token, change, the field named, the range named)
    ("gurps-duel", "orc", lambda s: s.update(st=10**300), "tokens[2].stats.st", "0 to 10000"),
    ("goblin-ambush", "harsk", lambda s: s.update(armor=10**9), ".stats.armor", "0 to 30"),
    ("goblin-ambush", "harsk", lambda s: s.update(pace=10**40), ".stats.pace", "0 to 30"),
    ("goblin-ambush", "harsk", lambda s: s["weapons"][0].update(rof=999_999_999),
     ".stats.weapons[0].rof", "-10000 to 10000"),
    ("goblin-ambush", "harsk", lambda s: s.update(bennies=10**20), ".stats.bennies", "0 to 20"),
    ("storypath-firefight", "mara", lambda s: s["weapons"][0].update(enhancement=10**30),
     ".stats.weapons[0].enhancement", "-1000000 to 1000000"),
    ("storypath-firefight", "mara", lambda s: s["attributes"].update(might=11),
     ".stats.attributes.might", "1 to 10"),
]


@pytest.mark.parametrize(("demo", "token", "change", "field", "allowed"), CASES)
def test_a_number_beyond_its_range_is_refused_at_load(
    tmp_path: Path, demo: str, token: str, change: Any, field: str, allowed: str
) -> None:
    path = demo_with(tmp_path, demo, token, change)
    with pytest.raises(EncounterFileError) as refused:
        load_encounter(path)
    assert str(path) in str(refused.value)
    assert refused.value.field.endswith(field) and allowed in refused.value.problem


def test_every_command_refuses_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = demo_with(tmp_path, "gurps-duel", "orc", lambda s: s.update(st=10**300))
    for command in (["odds", str(path), "--attacker", "archer", "--target", "orc"],
                    ["move", str(path), "orc", "3", "3"],
                    ["survey", str(path), "--attacker", "archer", "--target", "orc"],
                    ["sightlines", str(path), "--token", "orc"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, err
        assert "tokens[2].stats.st" in err and "allowed range 0 to 10000" in err
        assert "301 digits" in err and "0" * 50 not in err


def test_the_combat_state_is_bounded_too(tmp_path: Path) -> None:
    data = json.loads((DEMOS / "fate-arena.json").read_text())
    data["combat"]["round"] = 10**12
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(data))
    with pytest.raises(EncounterFileError, match=r"combat\.round: .* allowed range"):
        load_encounter(path)


def test_the_demos_and_real_tables_load_within_the_ranges() -> None:
    for demo in DEMOS.glob("*.json"):
        assert load_encounter(demo).tokens


@pytest.mark.parametrize(("demo", "key", "value", "said"), [
    ("gurps-duel", "order", 5, "combat.order: expected a list of texts, got 5"),
    ("gurps-duel", "round", "one", "combat.round: expected a whole number"),
    ("fate-arena", "round", {"x": 1}, "combat.round: expected a whole number"),
    ("fate-arena", "zone_aspects", ["On Fire"], "combat.zone_aspects: expected an object"),
    ("storypath-firefight", "acting", 3, "combat.acting: expected a token's id"),
    ("goblin-ambush", "timers", [{"token": "harsk"}], "combat.timers[0].status: missing"),
])
def test_a_combat_state_of_the_wrong_shape_is_refused_at_load_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], demo: str, key: str, value: Any,
    said: str,
) -> None:
    # The probe's "order a number" and FATE "round an object" broke every command and the GUI's
    # start with a TypeError; now the load refuses the file and every command says why.
    data = json.loads((DEMOS / f"{demo}.json").read_text())
    data["combat"] = {**(data.get("combat") or {}), key: value}
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(data))
    with pytest.raises(EncounterFileError) as refused:
        load_encounter(path)
    assert said in str(refused.value)
    assert main(["turn", str(path)]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
