"""``battlemap sightlines``: the table's "who can I hit" and a move's exposure, headless."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop import ASSETS_DIR
from desktop.cli import main

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
