"""The bundled demo encounter: loads, is written canonically, and holds the promised skirmish."""

from __future__ import annotations

import re

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import dumps_encounter, load_encounter
from battlemap.desktop.core.model import Illumination, RegionKind, Side, WallKind

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
DIE = re.compile(r"^d(4|6|8|10|12)([+-]\d+)?$")


def test_demo_file_is_exactly_what_the_saver_writes() -> None:
    assert dumps_encounter(load_encounter(DEMO), DEMO.parent) == DEMO.read_bytes()


def test_demo_has_four_heroes_five_goblin_extras_and_a_wild_card_boss() -> None:
    demo = load_encounter(DEMO)
    heroes = [t.name for t in demo.tokens if t.side is Side.HERO]
    goblins = [t for t in demo.tokens if t.group == "goblins"]
    boss = demo.token("goblin-boss")
    assert heroes == ["Valeros", "Kyra", "Merisiel", "Harsk"]
    assert len(goblins) == 5
    assert not any(t.stats["wild_card"] for t in goblins)
    assert boss.stats["wild_card"] and boss.side is Side.VILLAIN and boss.group is None
    assert (demo.width, demo.height, demo.grid.distance_per_cell, demo.grid.unit) == (
        24.0,
        16.0,
        1.0,
        "in",
    )


def test_demo_terrain_has_door_low_wall_window_trees_rubble_gloom_and_a_fire() -> None:
    demo = load_encounter(DEMO)
    by_kind: dict[WallKind, list[str]] = {}
    for wall in demo.walls:
        by_kind.setdefault(wall.kind, []).append(wall.id)
    assert demo.wall("ruin-door").is_open is False
    assert demo.wall("low-wall").height == 0.4
    assert by_kind[WallKind.WINDOW] == ["ruin-window"]
    trees = [demo.wall(i) for i in by_kind[WallKind.OBJECT]]
    assert len(trees) == 4
    assert all(t.points[0] == t.points[-1] and t.height is None for t in trees)
    kinds = {(r.kind, r.illumination) for r in demo.regions}
    assert (RegionKind.DIFFICULT, None) in kinds
    assert (RegionKind.ILLUMINATION, Illumination.DIM) in kinds
    assert [light.id for light in demo.lights] == ["campfire"]


def test_every_stat_block_uses_the_agreed_keys_and_die_notation() -> None:
    for token in load_encounter(DEMO).tokens:
        stats = token.stats
        assert set(stats["attributes"]) == {"agility", "smarts", "spirit", "strength", "vigor"}
        dice = [*stats["attributes"].values(), *stats["skills"].values(), stats["running_die"]]
        assert all(DIE.match(die) for die in dice), token.id
        assert stats["condition"]["wounds"] == 0 and stats["condition"]["shaken"] is False
        assert all({"name", "damage"} <= set(weapon) for weapon in stats["weapons"]), token.id
