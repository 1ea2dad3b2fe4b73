"""Obstacles on the line of fire and innocent bystanders."""

from __future__ import annotations

from geometry_common import ARCHER, TARGET

from battlemap.geometry.index import Battlefield
from battlemap.geometry.line_of_fire import Obstacle, bystanders, obstacles_between
from battlemap.geometry.shapes import Body, Occluder
from battlemap.geometry.survey import survey


def test_obstacles_are_solid_occluders_crossed_below_their_top_nearest_first() -> None:
    # the line of fire runs from z = 0.9 at x = 0 to z = 0.5 at x = 5: at x = 2.5 it is at 0.7
    walls = [
        Occluder("plank", 4.0, -1.0, 4.0, 1.0, hardness=8.0),
        Occluder("glass", 1.0, -1.0, 1.0, 1.0, hardness=3.0, blocks_sight=False),
        Occluder("hedge", 2.5, -1.0, 2.5, 1.0, top=0.6, hardness=4.0),
        Occluder("rail", 2.5, -2.0, 2.5, 2.0, top=0.8, hardness=6.0),
        Occluder("open door", 3.0, -1.0, 3.0, 1.0, blocks_sight=False, is_solid=False),
        Occluder("beside", 1.0, 1.0, 4.0, 1.0),
    ]
    field = Battlefield.build(bodies=[ARCHER, TARGET], occluders=walls)
    assert obstacles_between(field, "archer", "target") == (
        Obstacle("glass", 3.0),
        Obstacle("rail", 6.0),
        Obstacle("plank", 8.0),
    )


def test_bystanders_in_the_corridor_nearest_first_then_those_adjacent_to_the_target() -> None:
    bodies = [
        ARCHER,
        TARGET,
        Body("far in line", 3.0, 0.2),
        Body("near in line", 1.5, -0.6),  # gap to the corridor edge 0.6 - 0.15 < 0.5
        Body("wide", 2.0, 1.5),
        Body("behind target", 5.9, 0.0),
        Body("behind archer", -1.0, 0.0),
    ]
    field = Battlefield.build(bodies=bodies)
    assert bystanders(field, "archer", "target") == ("near in line", "far in line", "behind target")


def test_survey_reports_everything_under_the_cli_keys() -> None:
    bodies = [ARCHER, Body("target", 5.0, 0.0, base_z=1.0, facing=90.0), Body("friend", 0.0, 1.0)]
    walls = [Occluder("post", 3.0, 0.0, 3.0, 2.0, hardness=10.0)]
    report = survey(
        Battlefield.build(bodies=bodies, occluders=walls),
        "archer",
        "target",
        weapon_ranges=(12.0, 24.0, 48.0),
    )
    data = report.to_json()
    assert list(data) == [
        "distance",
        "range_band",
        "cover_fraction",
        "cover",
        "line_of_sight",
        "obstacles",
        "bystanders",
        "adjacent_to_attacker",
        "adjacent_to_target",
        "elevation_difference",
        "attacker_arc",
        "illumination",
    ]
    assert data["range_band"] == "short" and data["adjacent_to_attacker"] == ["friend"]
    assert data["elevation_difference"] == 1.0 and data["attacker_arc"] == "back"
    assert data["distance"] == (25.0 + 1.0) ** 0.5
