"""What a move costs along its path, and the walls it goes through, as the ruler and
``battlemap move`` both count them (battlemap.desktop.core.move_plan)."""

from __future__ import annotations

import pytest

from battlemap.desktop.core.model import Encounter, Grid, GridKind, Region, Token, Wall, WallKind
from battlemap.desktop.core.move_plan import plan_move, shortest_way
from battlemap.desktop.core.movement import blocks_movement, hex_centre

ANN = Token(id="a", name="Ann", x=0.5, y=0.5, stats={"pace": 6})


def test_the_count_follows_the_path_not_the_straight_line() -> None:
    # Savage count (every step one inch): straight (0.5,0.5) -> (3.5,3.5) is 3"; through the
    # waypoint (3.5, 0.5) it is 3" east then 3" south = 6": Pace 6, still within Pace
    enc = Encounter(system="savage-pathfinder", tokens=(ANN,))
    assert plan_move(enc, "a", (3.5, 3.5)).distance == 3.0
    plan = plan_move(enc, "a", (3.5, 3.5), via=[(3.5, 0.5)])
    assert (plan.distance, plan.band.value) == (6.0, "pace")
    assert plan.path == ((0.5, 0.5), (3.5, 0.5), (3.5, 3.5))
    # one more leg of 1" back west: 7" is beyond Pace 6, within the run (6 + d6 counted as 12)
    plan = plan_move(enc, "a", (2.5, 3.5), via=[(3.5, 0.5), (3.5, 3.5)])
    assert (plan.distance, plan.band.value) == (7.0, "running")


def test_difficult_ground_and_climbing_count_leg_by_leg() -> None:
    # mud over x 2..3 (one cell) on the second leg only: leg 1 (0.5,0.5)->(0.5,2.5) is 2",
    # leg 2 (0.5,2.5)->(4.5,2.5) is 4" with 1 of them in mud counted twice: 5"; total 7"
    mud = Region("m", ((2, 2), (3, 2), (3, 3), (2, 3)))
    enc = Encounter(system="savage-pathfinder", tokens=(ANN,), regions=(mud,))
    plan = plan_move(enc, "a", (4.5, 2.5), via=[(0.5, 2.5)])
    assert plan.distance == 7.0
    # climbing: each inch uses 2" of Pace (the system's MoveMode factor): 7 x 2 = 14"
    assert plan_move(enc, "a", (4.5, 2.5), "climb", via=[(0.5, 2.5)]).cost == 14.0


def test_hexes_count_steps_along_the_path() -> None:
    start, turn, end = hex_centre(0, 0), hex_centre(3, 0), hex_centre(3, 2)
    hero = Token(id="a", name="Ann", x=start[0], y=start[1])
    enc = Encounter(grid=Grid(GridKind.HEX), tokens=(hero,))
    # 3 hexes east, then 2 rows down (odd row shifted right): 2 more hex steps = 5
    assert plan_move(enc, "a", end, via=[turn]).distance == 5.0


@pytest.mark.parametrize(
    ("wall", "stops"),
    [(Wall("w", ((2, 0), (2, 2))), True),
     (Wall("w", ((2, 0), (2, 2)), WallKind.DOOR), True),
     (Wall("w", ((2, 0), (2, 2)), WallKind.DOOR, is_open=True), False),
     (Wall("w", ((2, 0), (2, 2)), WallKind.WINDOW), True),
     (Wall("w", ((2, 0), (2, 2)), WallKind.WINDOW, is_open=True), False),
     (Wall("w", ((2, 0), (2, 2)), WallKind.LOW_WALL, height=0.5), False),
     (Wall("w", ((2, 0), (2, 2)), WallKind.OBJECT, height=0.4), False),
     (Wall("w", ((2, 0), (2, 2)), WallKind.OBJECT), True)],
)
def test_which_walls_stop_a_move(wall: Wall, stops: bool) -> None:
    assert blocks_movement(wall) is stops
    enc = Encounter(tokens=(ANN,), walls=(wall,))
    assert bool(plan_move(enc, "a", (3.5, 0.5)).crossings) is stops


def test_the_walls_gone_through_are_named_by_where_they_are() -> None:
    door = Wall("d1", ((2, 0), (2, 1)), WallKind.DOOR)
    wall = Wall("w1", ((0, 3), (4, 3)))
    enc = Encounter(tokens=(ANN,), walls=(door, wall))
    plan = plan_move(enc, "a", (3.5, 4.5), via=[(3.5, 0.5)])
    # the door is met at (2, 0.5): 1.5 east of (0.5, 0.5); the wall at (3.5, 3): 3 east and
    # 2.5 south, 3.9" away, nearest the south-east of the eight headings
    assert [c.wall_id for c in plan.crossings] == ["d1", "w1"]
    assert plan.through == ('Ann\'s path goes through a closed door 1.5" east of where Ann '
                            'stood and a wall 3.9" south-east of where Ann stood')
    assert plan_move(enc, "a", (0.5, 2.5)).through is None


def test_the_shortest_way_goes_round_and_counts_like_the_drag() -> None:
    # a wall x = 2 from y 0 to 3: the way from (0.5, 0.5) to (3.5, 0.5) dips to row 3 and
    # back: 6 steps of 1" (the Savage count)
    enc = Encounter(system="savage-pathfinder", tokens=(ANN,),
                    walls=(Wall("w", ((2, 0), (2, 3))),))
    way = shortest_way(enc, "a", (0.5, 0.5), (3.5, 0.5))
    assert way is not None
    plan = plan_move(enc, "a", way[-1], via=way[1:-1])
    assert (plan.distance, plan.crossings) == (6.0, ())
    shut = Encounter(tokens=(ANN,), walls=(Wall("r", ((2, 0), (2, 2), (5, 2), (5, 0))),),
                     width=5, height=5)
    # a room open only on the map's top edge: the path keeps to the map, so no way in
    assert shortest_way(shut, "a", (0.5, 0.5), (3.5, 0.5)) is None


@pytest.mark.parametrize("kind", [GridKind.SQUARE, GridKind.GRIDLESS])
def test_a_large_token_is_too_big_for_a_narrow_gap_and_goes_round_by_the_wide_one(
        kind: GridKind) -> None:
    # a wall x = 6 in three pieces: "n" y 0..4, "m" y 5..7, "s" y 9..12: a gap 1 cell wide
    # (y 4..5) and one 2 cells wide (y 7..9). The Ogre (size 2, its square 4..6 wide at
    # (4, 4): x 3..5, y 3..5) going east at y 4 sweeps into "n" (its top half passes by
    # y 3..4 < 4); its centre line meets no wall (it slips by n's free end at (6, 4))
    ogre = Token("o", "Ogre", 4.0, 4.0, size=2.0, stats={"pace": 6})
    walls = (Wall("n", ((6, 0), (6, 4))), Wall("m", ((6, 5), (6, 7))),
             Wall("s", ((6, 9), (6, 12))))
    enc = Encounter(system="savage-pathfinder", width=12, height=12, grid=Grid(kind),
                    tokens=(ogre,), walls=walls)
    plan = plan_move(enc, "o", (8.0, 4.0))
    # met at n's end (6, 4): 2" east of (4, 4); the gap's other side is "m", 1 cell below
    assert plan.through == ('Ogre is too big for the gap between two walls 2" east of where '
                            'Ogre stood')
    assert [(c.wall_id, c.squeeze) for c in plan.crossings] == [("n", True)]
    # Ann (size 1) goes by her centre line: through the narrow gap, nothing to say
    ann = Token("a", "Ann", 4.5, 4.5)
    small = Encounter(width=12, height=12, grid=Grid(kind), tokens=(ann,), walls=walls)
    assert plan_move(small, "a", (8.5, 4.5)).through is None
    way = shortest_way(enc, "o", (4.0, 4.0), (8.0, 4.0))
    assert way is not None and max(y for _, y in way) >= 7.5  # by the wide gap (y 7..9)
    assert plan_move(enc, "o", way[-1], via=way[1:-1]).crossings == ()
    # with the wide gap shut too, there is no way for the Ogre
    shut = Encounter(width=12, height=12, grid=Grid(kind), tokens=(ogre,),
                     walls=(*walls, Wall("x", ((6, 7), (6, 9)), WallKind.DOOR)))
    assert shortest_way(shut, "o", (4.0, 4.0), (8.0, 4.0)) is None
