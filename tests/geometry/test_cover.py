"""Cover fractions worked out by hand from the 2.5D model (docs/geometry.md, "Cover").

Eye E = (0, 0, 0.9); target silhouette at x = 5, |y| <= 0.5, 0 <= z <= 1. A wall crossed at
x = w is met at t = w / 5 of the way; a wall of top H hides z < 0.9 + (H - 0.9) / t.
"""

from __future__ import annotations

import math

import pytest
from geometry_common import ARCHER, TARGET, cross_wall, duel

from battlemap.geometry.cover import CoverCategory, CoverThresholds, cover_fraction, cover_from
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body, Occluder


def test_wall_hiding_exactly_half_the_silhouette_gives_one_half() -> None:
    # wall at x = 3 from y = 0 to 2 projects to s = y * 5 / 3 -> [0, 3.33], clipped to [0, 0.5]
    assert cover_fraction(duel(cross_wall("w", 3.0, 0.0, 2.0)), "archer", "target") == 0.5


def test_door_frame_hiding_a_quarter_of_the_width_gives_light_cover() -> None:
    # post at x = 4 from y = 0.2: s = y * 5 / 4 starts at 0.25, so s in [0.25, 0.5] is hidden
    (seen,) = cover_from(duel(cross_wall("frame", 4.0, 0.2, 3.0)), "archer", ["target"])
    assert seen.fraction == pytest.approx(0.25)
    assert seen.cover is CoverCategory.LIGHT


def test_knee_high_wall_right_in_front_hides_less_than_a_quarter() -> None:
    # t = 4.4 / 5 = 0.88: hidden z < 0.9 + (0.2 - 0.9) / 0.88 = 0.104545...
    knee_high = cross_wall("knee", 4.4, -2.0, 2.0, top=0.2)
    fraction = cover_fraction(duel(knee_high), "archer", "target")
    assert fraction == pytest.approx(0.9 - 0.7 / 0.88)
    assert CoverThresholds().category(fraction) is CoverCategory.NONE


def test_chest_high_wall_right_in_front_hides_about_two_thirds() -> None:
    # t = 4.5 / 5 = 0.9: hidden z < 0.9 + (0.7 - 0.9) / 0.9 = 0.6777...
    chest_high = cross_wall("chest", 4.5, -2.0, 2.0, top=0.7)
    fraction = cover_fraction(duel(chest_high), "archer", "target")
    assert fraction == pytest.approx(0.9 - 0.2 / 0.9)


def test_low_wall_far_from_the_target_hides_nothing() -> None:
    # t = 0.5 / 5 = 0.1: hidden z < 0.9 + (0.5 - 0.9) / 0.1 = -3.1, below the feet
    assert cover_fraction(duel(cross_wall("low", 0.5, -2.0, 2.0, top=0.5)), "archer", "target") == 0


def test_shooting_down_from_a_balcony_reduces_the_cover_of_a_chest_high_wall() -> None:
    # eye at 3 + 0.9 = 3.9: hidden z < 3.9 + (0.7 - 3.9) / 0.9 = 0.3444...
    high = Body("archer", 0.0, 0.0, base_z=3.0)
    chest_high = cross_wall("chest", 4.5, -2, 2, top=0.7)
    field = Battlefield.build(bodies=[high, TARGET], occluders=[chest_high])
    assert cover_fraction(field, "archer", "target") == pytest.approx(3.9 - 3.2 / 0.9)


def test_sloping_low_wall_is_integrated_exactly() -> None:
    # a 0.5-high wall from (4, -1) to (4.5, 1): along y it runs x = 4.25 + y / 4, so column s
    # meets it at t with 5 / t = 5 + ... ; the exact answer is the mean over s of the hidden
    # height, worked out here with the closed form of the affine hidden height
    wall = Occluder("slope", 4.0, -1.0, 4.5, 1.0, top=0.5)
    field = duel(wall)

    def hidden_height(s: float) -> float:
        # ray (5t, s t) meets x = 4.25 + y / 4 at 5t = 4.25 + s t / 4 -> 1/t = (5 - s / 4) / 4.25
        threshold = 0.9 + (0.5 - 0.9) * (5.0 - s / 4.0) / 4.25
        return min(max(threshold, 0.0), 1.0)

    # the hidden height is affine in s and positive on all of [-0.5, 0.5]: the mean is its
    # value at s = 0
    assert hidden_height(-0.5) > 0 and hidden_height(0.5) > 0
    assert cover_fraction(field, "archer", "target") == pytest.approx(hidden_height(0.0))


def test_full_height_wall_across_the_line_gives_total_cover_and_no_line_of_sight() -> None:
    (seen,) = cover_from(duel(cross_wall("w", 2.0, -3.0, 3.0)), "archer", ["target"])
    assert (seen.fraction, seen.cover, seen.line_of_sight) == (1.0, CoverCategory.TOTAL, False)


@pytest.mark.parametrize(
    "wall",
    [
        Occluder("left side", 4.5, -0.5, 5.5, -0.5),
        Occluder("right side", 4.5, 0.5, 5.5, 0.5),
        Occluder("behind", 5.5, -0.5, 5.5, 0.5),
        Occluder("behind the plane", 5.0, -0.5, 5.0, 0.5),
    ],
    ids=lambda w: w.id,
)
def test_wall_touching_the_targets_side_or_behind_it_gives_no_cover(wall: Occluder) -> None:
    # the side walls project to |s| >= 0.5 (the silhouette's edge); walls at or past the
    # silhouette's plane are not between eye and target
    assert cover_fraction(duel(wall), "archer", "target") == 0.0


def test_walls_on_the_grid_lines_of_the_targets_cell_give_no_cover() -> None:
    cell = [
        Occluder("top", 5.0, 0.0, 6.0, 0.0),
        Occluder("bottom", 5.0, 1.0, 6.0, 1.0),
        Occluder("back", 6.0, 0.0, 6.0, 1.0),
    ]
    field = Battlefield.build(
        bodies=[Body("archer", 0.5, 0.5), Body("target", 5.5, 0.5)], occluders=cell
    )
    assert cover_fraction(field, "archer", "target") == 0.0


def test_open_doors_and_windows_hide_nothing() -> None:
    door = Occluder("door", 3.0, -2.0, 3.0, 2.0, blocks_sight=False, is_solid=False)
    window = Occluder("window", 3.5, -2.0, 3.5, 2.0, blocks_sight=False)
    assert cover_fraction(duel(door, window), "archer", "target") == 0.0


def test_leaning_round_a_corner_takes_the_best_viewpoint() -> None:
    # a wall at x = 1 from y = -3 to 0.05: from the centre it hides s < 0.05 * 5 / 1 = 0.25,
    # i.e. 0.75 of the width; leaning to (0, 0.45) its end (1, 0.05) projects to s = -1.5, off
    # the silhouette, so nothing is hidden
    corner = cross_wall("corner", 1.0, -3.0, 0.05)
    assert cover_fraction(duel(corner), "archer", "target") == pytest.approx(0.75)
    assert cover_fraction(duel(corner), "archer", "target", lean=True) == 0.0


def test_threat_view_matches_one_target_at_a_time() -> None:
    walls = [cross_wall("a", 3.0, 0.0, 2.0), cross_wall("b", 2.0, 3.0, 9.0, top=0.4)]
    bodies = [ARCHER, *(Body(f"t{k}", 5.0 + k % 3, k - 3.0, radius=0.3 + k / 20) for k in range(8))]
    field = Battlefield.build(bodies=bodies, occluders=walls)
    together = {c.id: c.fraction for c in cover_from(field, "archer")}
    one_by_one = {b.id: cover_fraction(field, "archer", b.id) for b in bodies[1:]}
    assert together == pytest.approx(one_by_one)


def test_custom_thresholds_move_the_categories() -> None:
    strict = CoverThresholds(light=0.1, medium=0.2, heavy=0.3, near_total=0.4)
    assert strict.category(0.25) is CoverCategory.MEDIUM
    assert CoverThresholds().category(0.874) is CoverCategory.HEAVY
    assert CoverThresholds().category(math.nextafter(1.0, 0.0)) is CoverCategory.TOTAL


def test_a_creature_on_the_ground_hides_like_a_low_wall_when_creatures_hide() -> None:
    # a body 0.5 tall and 4 wide centred at x = 4.5 is a card from (4.5, -2) to (4.5, 2), like
    # a 0.5-high wall there: t = 0.9, hidden z < 0.9 + (0.5 - 0.9) / 0.9 = 0.4556
    crate_like = Body("boar", 4.5, 0.0, radius=2.0, height=0.5)
    field = Battlefield.build(bodies=[ARCHER, TARGET, crate_like])
    assert cover_fraction(field, "archer", "target") == 0.0
    hidden = cover_fraction(field, "archer", "target", creatures_hide=True)
    assert hidden == pytest.approx(0.9 - 0.4 / 0.9)
    wall = cross_wall("w", 4.5, -2.0, 2.0, top=0.5)
    assert hidden == pytest.approx(cover_fraction(duel(wall), "archer", "target"))


def test_flying_creatures_and_the_attacker_itself_never_hide_anything() -> None:
    bat = Body("bat", 3.0, 0.0, radius=1.0, base_z=2.0, height=0.5)
    field = Battlefield.build(bodies=[ARCHER, TARGET, bat])
    assert cover_fraction(field, "archer", "target", creatures_hide=True, lean=True) == 0.0
    (seen,) = cover_from(field, "archer", ["bat"], creatures_hide=True)
    assert seen.fraction == 0.0
