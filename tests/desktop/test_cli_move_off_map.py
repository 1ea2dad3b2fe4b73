"""``battlemap move --shortest`` to a point off the map is refused in one clear line: the
search for the shortest way is made on the map (the input fuzzer's case
``move --shortest goblin-1 -650820162193 1.0`` searched for minutes)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main


def test_a_shortest_way_off_the_map_is_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ambush.json"
    shutil.copy(ASSETS_DIR / "demo" / "goblin-ambush.json", path)
    # (-650820162193 itself is now refused by the flag's range, within ±100,000 cells)
    assert main(["move", "--shortest", str(path), "goblin-1", "-65082", "1.0"]) == 2
    assert capsys.readouterr().err.endswith("it lies off the map (24 x 16 cells)\n")
    assert main(["move", "--shortest", str(path), "goblin-1", "30", "1", "--via",
                 "5,5"]) == 2
    assert "no shortest way to (30.5, 1.5): it lies off the map" in capsys.readouterr().err
