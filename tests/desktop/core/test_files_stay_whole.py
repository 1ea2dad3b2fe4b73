"""Files that load also save, and a migration never shows the players more (issue 31)."""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.limits import MAX_LOG_ENTRIES
from battlemap.desktop.core.model import LogEntry

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


def test_a_log_at_its_limit_still_saves_keeping_the_newest_entries(tmp_path: Path) -> None:
    data = json.loads(DEMO.read_text())
    data["log"] = [{"title": f"Entry {n}"} for n in range(MAX_LOG_ENTRIES)]
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(data))
    encounter = load_encounter(path).with_log(LogEntry("The newest"))
    save_encounter(encounter, path)  # refused before: 100,001 entries would not load back
    log = load_encounter(path).log
    assert len(log) == MAX_LOG_ENTRIES
    assert log[-1].title == "The newest" and log[0].title == "Entry 1"


def test_a_format_1_file_that_carries_fog_keeps_it(tmp_path: Path) -> None:
    data = json.loads(DEMO.read_text())
    data["format"] = 1
    data["fog"] = {"enabled": True, "vision": True}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    assert load_encounter(path).fog.enabled  # the migration used to turn it off


def test_a_format_1_file_without_fog_opens_with_fog_off(tmp_path: Path) -> None:
    data = json.loads(DEMO.read_text())
    data["format"] = 1
    data.pop("fog", None)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    assert not load_encounter(path).fog.enabled
