"""The demo arena (issue 16, "On the map"): it loads, and every token parses as FATE."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from battlemap.desktop.core import table_pipeline
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import find_system

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


def test_an_exchange_in_the_arena_through_the_desktop_pipeline() -> None:
    """Zones measured on the real map: Tertius steps into the Centre Sand; the four warriors
    there engage him (4:1, +2), the chieftain on the Platform does not; the exchange pauses
    for Tertius's stance and the answer replays the same dice."""
    encounter = load_encounter(DEMO)
    moved = [replace(t, x=13.0, y=8.5) if t.id == "tertius" else t for t in encounter.tokens]
    arena = replace(encounter, tokens=moved)
    request = AttackRequest("warrior-1", "tertius")
    card = table_pipeline.preview(arena, request)
    assert card.problem is None and "4 foes" in card.lines[0] and "+2 odds 4:1" in card.lines[0]
    # Warband Toughness 2 + 2 odds = 4 rolls + + 0 0 = 6; Tertius Weapons 4 rolls 0 0 0 - = 3:
    # 3 shifts + 2 spear - 1 leather - 1 shield = 3 stress, box 3.
    paused = table_pipeline.resolve(arena, request, ScriptedDice([3, 3, 2, 2, 2, 2, 2, 1]))
    assert isinstance(paused, table_pipeline.Paused) and paused.decision.id == "stance"
    answered = replace(request, answers={"stance": ("attack",)})
    done = table_pipeline.resolve(arena, answered, paused.dice)
    assert isinstance(done, table_pipeline.TableResult)
    tertius = next(t for t in done.encounter.tokens if t.id == "tertius")
    assert tertius.stats["condition"]["stress"] == [3]
