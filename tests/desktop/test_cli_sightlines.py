"""``battlemap sightlines``: the table's "who can I hit" and a move's exposure, headless."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


def test_the_demo_as_json_leaves_out_the_hidden_goblin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sightlines", str(DEMO), "--token", "harsk", "--to", "14.5,12.5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    foes = {f["id"] for f in report["foes"]}
    assert "goblin-4" not in foes  # hidden from the players
    assert {"goblin-1", "goblin-5"} <= foes
    assert report["path"][-1]["cell"] == [14.5, 12.5]
    assert all(c["seen_by"] <= len(foes) for c in report["path"])


def test_a_bad_token_or_point_is_one_line(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sightlines", str(DEMO), "--token", "nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["sightlines", str(DEMO), "--token", "harsk", "--to", "here"])
    assert "expected X,Y" in capsys.readouterr().err


def test_incapacitated_goblins_are_no_foes_on_any_cell(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Three goblins Incapacitated: they are left out of the foes and of every cell's count
    (issue 27: "three Incapacitated goblins are still 4 foes on every cell")."""
    from dataclasses import replace

    from battlemap.desktop.core.fileformat import load_encounter, save_encounter

    enc = load_encounter(DEMO)
    for gid in ("goblin-1", "goblin-2", "goblin-3"):
        goblin = enc.token(gid)
        condition = {**goblin.stats.get("condition", {}), "incapacitated": True}
        enc = enc.with_token(replace(goblin, stats={**goblin.stats, "condition": condition}))
    path = tmp_path / "down.json"
    save_encounter(enc, path)
    assert main(["sightlines", str(DEMO), "--token", "harsk", "--to", "14.5,12.5", "--json"]) == 0
    before = json.loads(capsys.readouterr().out)
    assert main(["sightlines", str(path), "--token", "harsk", "--to", "14.5,12.5", "--json"]) == 0
    after = json.loads(capsys.readouterr().out)
    foes = {f["id"] for f in after["foes"]}
    assert foes == {f["id"] for f in before["foes"]} - {"goblin-1", "goblin-2", "goblin-3"}
    assert all(c["seen_by"] <= len(foes) for c in after["path"])
    assert max(c["seen_by"] for c in before["path"]) > max(c["seen_by"] for c in after["path"])
