"""The adapter from encounters and the ``survey``, ``template`` and ``bench`` commands."""

from __future__ import annotations

import doctest
import json
import math
from pathlib import Path
from types import ModuleType

import pytest

from battlemap.desktop.cli import SUBCOMMANDS, main
from battlemap.desktop.commands import bench as bench_command
from battlemap.desktop.commands import survey as survey_command
from battlemap.desktop.commands import template as template_command
from battlemap.desktop.commands.bench import BENCHMARKS, Row, format_rows
from battlemap.desktop.core.battlefield import battlefield_of
from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.model import (
    Encounter,
    Grid,
    GridKind,
    Illumination,
    Light,
    Region,
    RegionKind,
    Token,
    Wall,
    WallKind,
)

BOW = {"name": "Bow", "damage": "2d6", "range": [12, 24, 48]}


def test_the_adapter_maps_tokens_walls_regions_and_lights() -> None:
    encounter = Encounter(
        grid=Grid(kind=GridKind.HEX),
        ambient=Illumination.DIM,
        tokens=(Token("ogre", "Ogre", 4.0, 5.0, size=2, height=2.5, elevation=1, facing=90),),
        walls=(
            Wall("hall", ((0, 0), (4, 0), (4, 3))),
            Wall("door", ((5, 0), (6, 0)), kind=WallKind.DOOR, is_open=True, hardness=8),
            Wall("window", ((7, 0), (8, 0)), kind=WallKind.WINDOW, hardness=3),
            Wall("rail", ((9, 0), (9, 2)), kind=WallKind.LOW_WALL, height=0.5),
        ),
        regions=(Region("mud", ((0, 0), (2, 0), (2, 2)), RegionKind.DIFFICULT),),
        lights=(Light("torch", 1.0, 1.0, 2.0, 4.0),),
    )
    field = battlefield_of(encounter)
    ogre = field.body("ogre")
    assert (ogre.radius, ogre.height, ogre.base_z, ogre.facing) == (1.0, 2.5, 1.0, 90.0)
    pieces = [(o.id, o.top, o.blocks_sight, o.is_solid) for o in field.occluders]
    assert pieces == [
        ("hall", math.inf, True, True),
        ("hall", math.inf, True, True),
        ("door", math.inf, False, False),
        ("window", math.inf, False, True),
        ("rail", 0.5, True, True),
    ]
    assert (field.grid.value, field.ambient.value) == ("hex", "dim")
    assert [a.kind.value for a in field.areas] == ["difficult"]
    assert field.lights[0].dim_radius == 4.0


@pytest.fixture
def duel_file(tmp_path: Path) -> Path:
    encounter = Encounter(
        tokens=(
            Token("a", "Archer", 0.5, 0.5, stats={"weapons": [BOW]}),
            Token("o", "Orc", 8.5, 0.5),
            Token("w", "Wolf", 8.5, 1.5),
        ),
        walls=(Wall("post", ((6.0, 0.5), (6.0, 2.0)), hardness=10),),
    )
    path = tmp_path / "duel.json"
    save_encounter(encounter, path)
    return path


def test_survey_prints_the_issue_keys_as_json(
    duel_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["survey", str(duel_file), "--attacker", "a", "--target", "o", "--weapon", "Bow", "--json"]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    # the post at x = 6 hides s > 0 of the orc's silhouette: exactly half
    assert (data["distance"], data["range_band"], data["cover_fraction"], data["cover"]) == (
        8.0,
        "short",
        0.5,
        "medium",
    )
    assert data["obstacles"] == [{"id": "post", "hardness": 10.0}]
    assert (data["bystanders"], data["adjacent_to_target"]) == (["w"], ["w"])


def test_survey_names_an_unknown_weapon_and_keeps_running(
    duel_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["survey", str(duel_file), "--attacker", "a", "--target", "o", "--weapon", "Axe"])
    assert code == 2
    assert "token 'a' has no weapon 'Axe' (weapons: Bow)" in capsys.readouterr().err


def test_template_lists_hits_and_protection(
    duel_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["template", str(duel_file), "--shape", "sbt", "--at", "7.5,0.5", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    # radius 1 at (7.5, 0.5): the orc's disc (gap 0.5 from the edge) touches with positive area
    assert [h["id"] for h in data["hits"]] == ["o", "w"]
    assert data["protected"] == []


def test_template_from_a_token_skips_the_breather(
    duel_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "template",
            str(duel_file),
            "--shape",
            "stream",
            "--at",
            "8.5,0.5",
            "--from",
            "a",
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    # the stream runs from the archer's edge (1, 0.5) right, y in [0, 1]: the wolf at y = 1.5
    # (radius 0.5) only touches its edge; the line to the orc touches the post's end at (6, 0.5)
    assert [h["id"] for h in data["hits"]] == ["o"]
    assert [(p["id"], p["obstacle"]) for p in data["protected"]] == [("o", "post")]


def test_template_rejects_a_bad_point(duel_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["template", str(duel_file), "--shape", "sbt", "--at", "x,y"]) == 2
    assert "--at: expected X,Y (two numbers), got 'x,y'" in capsys.readouterr().err


def test_a_missing_file_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["survey", str(tmp_path / "none.json"), "--attacker", "a", "--target", "b"]) == 2
    assert "battlemap survey:" in capsys.readouterr().err


def test_bench_is_registered_and_formats_a_table() -> None:
    assert {"survey", "template", "bench"} <= set(SUBCOMMANDS)
    assert "geometry" in BENCHMARKS
    table = format_rows([Row("survey", 0.25, 25.0, "<= 0.5 ms")])
    assert table.splitlines()[1].split()[:4] == ["survey", "0.250", "25.000", "100x"]


@pytest.mark.parametrize("module", [survey_command, template_command, bench_command])
def test_the_examples_in_the_command_modules_run(module: ModuleType) -> None:
    # desktop/commands is outside the doctest paths of the suite: run its examples here
    failures, tried = doctest.testmod(module)
    assert (failures, tried > 0) == (0, True)
