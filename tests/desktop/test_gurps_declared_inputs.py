"""GURPS's declared attack inputs reach ``battlemap attack``: the CLI makes one flag per input
key for every system at once, so a key two systems declare differently is a flag only one of
them can use (GURPS's *Hit the parrying arm* once shared ``--arm`` with Savage Pathfinder's
``--arm left|right``: ``--arm`` alone was refused and ``--arm left`` ignored by GURPS)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.desktop.cli import main
from battlemap.rules.registry import every_system

DEMO = Path(__file__).parents[2] / "assets" / "demo" / "gurps-duel.json"
ROW = 0.8660254037844386  # pointy-top hexes: rows this far apart, a row's hexes 1 apart


def test_no_two_systems_declare_one_input_key_differently() -> None:
    seen: dict[str, tuple[str, str, object, tuple[str, ...]]] = {}
    for system in every_system():
        for item in system.attack_inputs():
            shape = (system.name, item.kind.value, item.default, tuple(item.choices))
            first = seen.setdefault(item.key, shape)
            assert first[1:] == shape[1:], (item.key, first, shape)


def test_the_parrying_arm_is_declared_from_the_command_line_l129(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # L129: "a failed parry against a weapon means your attacker may choose to hit ... the
    # arm you parried with! If your arm suffers more than half your Hit Points in injury, it
    # is automatically crippled". The demo's orc stands in the hex east of Donn (facing 90:
    # his front). Falchion 14: 3+3+4 = 10 hits; Donn parries, Broadsword 11 + Medium Shield
    # DB 2 = 13: 6+6+2 = 14 fails by 1. Damage 1d+3 cut: 6+3 = 9, DR 4: 5 x 1.5 = 7 injury
    # to the sword arm, more than 13 / 2: crippled, the Broadsword dropped. HT 12 + 3 High
    # Pain Threshold = 15 against 3+3+3 = 9: no knockdown.
    data = json.loads(DEMO.read_text())
    tokens = {t["id"]: t for t in data["tokens"]}
    tokens["swordsman"].update(position={"x": 8.0, "y": 0.5773502691896258 + 9 * ROW},
                               facing=90.0)
    tokens["orc"].update(position={"x": 9.0, "y": 0.5773502691896258 + 9 * ROW})
    tokens["archer"].update(position={"x": 2.5, "y": 0.5773502691896258 + 2 * ROW})
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(data))
    code = main(["attack", str(path), "--attacker", "orc", "--target", "swordsman",
                 "--answer", "defense=parry:Broadsword", "--parrying-arm",
                 "--dice", "3,3,4,6,6,2,6,3,3,3", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    told = [e for e in out["events"] if e["type"] == "StatusAdded"]
    assert {"token": "swordsman", "status": "parrying arm crippled"} in [
        {k: e[k] for k in ("token", "status")} for e in told]
    assert "Orc Leader hits Donn the Swordsman's parrying arm" in out["notes"]
