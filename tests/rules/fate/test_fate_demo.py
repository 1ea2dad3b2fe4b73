"""The demo arena (issue 16, "On the map"): it loads, and every token parses as FATE."""

from __future__ import annotations

from pathlib import Path

from desktop.core.fileformat import load_encounter
from rules.registry import find_system

DEMO = Path(__file__).parents[3] / "assets" / "demo" / "fate-arena.json"


def test_demo_arena_loads_with_zones_and_a_warband() -> None:
    encounter = load_encounter(DEMO)
    system = find_system(encounter.system)
    assert system.name == "fate"
    fighters = {t.id: system.combatant_from_dict(t.stats, f"tokens[{t.id}].stats", t.id)
                for t in encounter.tokens}
    assert sorted(fighters) == ["brennus", "tertius", "warrior-1", "warrior-2", "warrior-3",
                                "warrior-4"]
    assert [t.group for t in encounter.tokens if t.id.startswith("warrior")] == ["warband"] * 4
    assert all(fighters[f"warrior-{i}"].mook for i in range(1, 5))
    assert {r.name for r in encounter.regions if r.kind == "zone"} == {
        "West Sand", "Centre Sand", "North Sand", "South Sand", "Platform"}
    assert next(t for t in encounter.tokens if t.id == "brennus").elevation == 1.0
