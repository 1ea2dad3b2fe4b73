"""GURPS facing on the hex map (rules text L33: a shield's DB counts against an attack "from in
front of you or from your shield side"; an attack from behind allows no defense).

The hexes are pointy-top: the six neighbours of a hex lie at bearings 30, 90, 150, 210, 270 and
330 degrees (clockwise from up), so a facing must point at one of those sides. The GURPS hex
diagram: the three hexes ahead are the front, one hex each side is the right or left, the one
hex behind is the back; further off, a hex takes the arc of the neighbour in whose 60-degree
sector it lies (a hex on a spine between two sectors: the better arc for the defender).

Every facing the GUI can produce is tried: the default 0 and each `[`/`]` step from it
(:func:`battlemap.desktop.core.edits.turn_facing`), and the corner facings older files hold.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.edits import faced_on_grid, turn_facing
from battlemap.desktop.core.model import Encounter, Grid, GridKind, Side, Token, Wall
from battlemap.geometry.grid import hex_centre
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import find_system

GURPS = find_system("gurps")
# axial steps to the six neighbours, clockwise from the side at 30 degrees
NEIGHBOURS = {30: (1, -1), 90: (1, 0), 150: (0, 1), 210: (-1, 1), 270: (-1, 0), 330: (0, -1)}
CENTRE = (5, 5)
GUARD: dict[str, Any] = {
    "st": 11, "dx": 11, "ht": 11, "hp": 11, "basic_speed": 5.5, "dodge": 8,
    "shield": {"name": "Medium Shield", "db": 2, "block": 9, "side": "left"},
    "skills": {"Shield": 12},
    "attacks": [{"name": "Spear", "usage": "Thrust", "skill": 12, "damage": "1d+1 imp",
                 "reach": "1", "parry": 9, "weight": 4}],
}
FOE: dict[str, Any] = {
    "st": 11, "dx": 11, "ht": 11, "hp": 11, "basic_speed": 5.5, "dodge": 8,
    "attacks": [{"name": "Spear", "usage": "Thrust", "skill": 14, "damage": "1d+1 imp",
                 "reach": "1,2", "parry": 9, "weight": 4}],
}


def _at(dq: int, dr: int) -> tuple[float, float]:
    return hex_centre(CENTRE[0] + dq, CENTRE[1] + dr)


def _encounter(facing: float, where: tuple[int, int]) -> Encounter:
    gx, gy = _at(0, 0)
    fx, fy = _at(*where)
    return Encounter(system="gurps", grid=Grid(GridKind.HEX, 1.0, "yd"), tokens=(
        Token("guard", "Guard", gx, gy, facing=facing, side=Side.HERO, stats=GUARD),
        Token("foe", "Foe", fx, fy, side=Side.VILLAIN, stats=FOE)))


def _arc(facing: float, where: tuple[int, int]) -> str:
    return board_of(_encounter(facing, where)).map().facts("foe", "guard").attacker_arc


def _gui_facings() -> list[float]:
    """The default 0 and every facing the `[`/`]` keys reach from it."""
    found = {0.0}
    for steps in range(-6, 7):
        found.add(turn_facing(0.0, steps, GridKind.HEX))
    return sorted(found)


def test_the_gui_turns_by_hex_sides_never_corners() -> None:
    # from the default 0 (a corner of a pointy-top hex, read as the side clockwise of it, 30):
    # ] -> 90, [ -> 330; six steps come round again.
    assert _gui_facings() == [0.0, 30.0, 90.0, 150.0, 210.0, 270.0, 330.0]
    assert turn_facing(0.0, 1, GridKind.HEX) == 90.0
    assert turn_facing(0.0, -1, GridKind.HEX) == 330.0
    # the facing mark drawn is the side measured
    assert faced_on_grid(Token("g", "G", 0, 0, facing=0.0), GridKind.HEX).facing == 30.0
    assert faced_on_grid(Token("g", "G", 0, 0, facing=60.0), GridKind.HEX).facing == 90.0


def _side_of(facing: float) -> int:
    return int(faced_on_grid(Token("g", "G", 0, 0, facing=facing), GridKind.HEX).facing)


@pytest.mark.parametrize("facing", [*_gui_facings(), 60.0, 120.0, 180.0, 240.0, 300.0])
def test_six_neighbours_are_three_front_one_right_one_left_one_back(facing: float) -> None:
    side = _side_of(facing)
    expected = {side % 360: "front", (side + 60) % 360: "front", (side + 120) % 360: "right",
                (side + 180) % 360: "back", (side + 240) % 360: "left",
                (side + 300) % 360: "front"}
    arcs = {bearing: _arc(facing, step) for bearing, step in NEIGHBOURS.items()}
    assert arcs == expected
    assert sorted(arcs.values()) == ["back", "front", "front", "front", "left", "right"]


@pytest.mark.parametrize("facing", _gui_facings())
def test_at_two_hexes_the_arcs_run_out_by_hex_rows(facing: float) -> None:
    # Ring 2: six hexes two steps along a neighbour's direction take that neighbour's arc; six
    # on the spines between two neighbours take the better of the two: front 3 + 4, right 1 + 1,
    # left 1 + 1, back 1 (the spines either side of the back hex are side hexes).
    side = _side_of(facing)
    by_bearing = {bearing: "front" for bearing in (side, side + 60, side + 300)}
    by_bearing |= {side + 120: "right", side + 180: "back", side + 240: "left"}
    arc_of = {b % 360: a for b, a in by_bearing.items()}
    order = {"front": 0, "right": 1, "left": 1, "back": 2}
    bearings = sorted(NEIGHBOURS)
    for i, bearing in enumerate(bearings):
        dq, dr = NEIGHBOURS[bearing]
        assert _arc(facing, (2 * dq, 2 * dr)) == arc_of[bearing]
        nxt = bearings[(i + 1) % 6]
        eq, er = NEIGHBOURS[nxt]
        better = min(arc_of[bearing], arc_of[nxt], key=order.__getitem__)
        assert _arc(facing, (dq + eq, dr + er)) == better, (facing, bearing, nxt)


def test_a_foe_at_the_side_hex_leaves_a_defense_l33() -> None:
    # The guard keeps the default facing 0 on the hex map (read as the side at 30 degrees). The
    # foe stands in the hex at 150 degrees: that is the guard's right hex (30 + 120), not his
    # back. Before, the facing pointed at a corner and the hex at 150 fell in the back arc:
    # "no defense: attacked from behind". Spear-14 rolls 2+4+5 = 11: a hit (not a critical);
    # the guard may defend. Right side, shield on the left: no DB (L33), Dodge 8 stays 8.
    table = board_of(_encounter(0.0, NEIGHBOURS[150]))
    request = AttackRequest("foe", "guard", "Spear (Thrust)")
    card = GURPS.preview_attack(table, request)
    assert "Foe stands in Guard's right arc" in card.lines
    assert card.data["arc"] == "right"
    paused = GURPS.resolve_attack(table, request, ScriptedDice([2, 4, 5]))
    assert paused.decision is not None, "the guard must get a defense from his right hex"
    labels = {c.id: c.label for c in paused.decision.choices}
    assert labels["dodge"] == "Dodge 8"


def test_the_shield_side_hex_gets_the_db_and_the_back_hex_no_defense_l33() -> None:
    # Facing 60 (a corner; `]` once from 0 in the old 60-degree steps) is read as the side at
    # 90. The hex at 210 is then his right (90 + 120): a defense, no DB for a left shield; the
    # hex at 330 is his left (90 + 240), the shield side: Dodge 8 + DB 2 = 10. Before, both the
    # hexes at 210 and 270 were "back". The hex at 270 is the back now: no defense.
    right = board_of(_encounter(60.0, NEIGHBOURS[210]))
    paused = GURPS.resolve_attack(right, AttackRequest("foe", "guard", "Spear (Thrust)"),
                                  ScriptedDice([2, 4, 5]))
    assert paused.decision is not None
    assert {c.id: c.label for c in paused.decision.choices}["dodge"] == "Dodge 8"
    left = board_of(_encounter(60.0, NEIGHBOURS[330]))
    paused = GURPS.resolve_attack(left, AttackRequest("foe", "guard", "Spear (Thrust)"),
                                  ScriptedDice([2, 4, 5]))
    assert paused.decision is not None
    assert {c.id: c.label for c in paused.decision.choices}["dodge"] == "Dodge 10"
    back = board_of(_encounter(60.0, NEIGHBOURS[270]))
    card = GURPS.preview_attack(back, AttackRequest("foe", "guard", "Spear (Thrust)"))
    assert "no defense: attacked from behind" in card.lines


@pytest.mark.parametrize(("facing", "where", "arc"), [
    # squares: three front, two right, two left, one back (the diagram on squares)
    (0.0, (0, -1), "front"), (0.0, (1, -1), "front"), (0.0, (-1, -1), "front"),
    (0.0, (1, 0), "right"), (0.0, (1, 1), "right"), (0.0, (-1, 0), "left"),
    (0.0, (-1, 1), "left"), (0.0, (0, 1), "back"),
    (45.0, (1, 0), "front"), (45.0, (1, 1), "right"), (45.0, (-1, -1), "left"),
    (45.0, (-1, 1), "back"), (10.0, (-1, -1), "front"),
])
def test_square_grids_keep_sensible_arcs(facing: float, where: tuple[int, int],
                                         arc: str) -> None:
    encounter = Encounter(system="gurps", grid=Grid(GridKind.SQUARE, 1.0, "yd"), tokens=(
        Token("guard", "Guard", 5.5, 5.5, facing=facing, side=Side.HERO, stats=GUARD),
        Token("foe", "Foe", 5.5 + where[0], 5.5 + where[1], side=Side.VILLAIN, stats=FOE)))
    assert board_of(encounter).map().facts("foe", "guard").attacker_arc == arc


@pytest.mark.parametrize(("dx", "dy", "arc"), [
    (0.0, -3.0, "front"), (2.9, -0.1, "front"), (3.0, 1.0, "right"), (-3.0, 1.0, "left"),
    (0.5, 3.0, "back"), (-0.5, 3.0, "back"),
])
def test_gridless_maps_keep_a_half_circle_front_and_a_sixty_degree_back(
        dx: float, dy: float, arc: str) -> None:
    encounter = Encounter(system="gurps", grid=Grid(GridKind.GRIDLESS, 1.0, "yd"), tokens=(
        Token("guard", "Guard", 5.0, 5.0, facing=0.0, side=Side.HERO, stats=GUARD),
        Token("foe", "Foe", 5.0 + dx, 5.0 + dy, side=Side.VILLAIN, stats=FOE)))
    assert board_of(encounter).map().facts("foe", "guard").attacker_arc == arc


def _retreat_choices(encounter: Encounter) -> dict[str, Any]:
    paused = GURPS.resolve_attack(board_of(encounter),
                                  AttackRequest("foe", "guard", "Spear (Thrust)"),
                                  ScriptedDice([2, 4, 5]))
    assert paused.decision is not None
    return {c.id: c for c in paused.decision.choices}


def test_on_the_real_map_a_wall_or_a_token_behind_leaves_no_room_to_retreat_l139() -> None:
    # L139: a retreat moves "at least one yard" away. The foe attacks from the hex at 90
    # degrees (east); the guard's step goes one hex west, to the centre of the hex at 270.
    # Open ground: the retreat is offered (Dodge 8 + 3 = 11). A wall between the guard and
    # that hex, or a token on it, leaves no room: refused with the reason.
    open_ground = _encounter(0.0, NEIGHBOURS[90])
    assert _retreat_choices(open_ground)["dodge+retreat"].allowed
    gx, gy = _at(0, 0)
    wall = Wall("hedge", ((gx - 0.7, gy - 1.0), (gx - 0.7, gy + 1.0)))
    walled = replace(open_ground, walls=(wall,))
    refused = _retreat_choices(walled)["dodge+retreat"]
    assert (refused.allowed, refused.why_not) == (False, "no room to retreat: a wall (hedge) "
                                                         "behind Guard")
    bx, by = _at(*NEIGHBOURS[270])
    crowded = replace(open_ground, tokens=(*open_ground.tokens,
                                           Token("ally", "Squire", bx, by, side=Side.HERO)))
    refused = _retreat_choices(crowded)["dodge+retreat"]
    assert refused.why_not == "no room to retreat: Squire behind Guard"


def _retreated(encounter: Encounter) -> tuple[float, float]:
    # Spear 14: 2, 4, 5 = 11 hits; the guard's Dodge + Retreat: 6, 6, 6 = 18 fails; damage
    # 1d+1 imp: 1 + 1 = 2, x2 = 4 injury (HP 11: no major wound, no further roll)
    done = GURPS.resolve_attack(board_of(encounter), AttackRequest(
        "foe", "guard", "Spear (Thrust)", answers={"defense": ("dodge+retreat",)}),
        ScriptedDice([2, 4, 5, 6, 6, 6, 1]))
    guard = done.board.token("guard")
    return guard.x, guard.y


def test_a_retreat_from_a_foe_off_the_hex_rows_lands_in_a_hex_l139() -> None:
    # L139: the retreat is "exactly as for a step": one hex. A foe with a reach 3 spear
    # stands three hexes off, at axial (3, -1): 2.5 yd east and one row up, bearing 71
    # degrees - no hex row. Straight away is bearing 251; of the six neighbours the one at
    # 270 (west) is nearest that way (19 degrees off; the one at 210 is 41 off): the guard
    # lands on that hex's centre, not 1 yd along 251 between two hexes.
    encounter = _encounter(0.0, (3, -1))
    foe = encounter.token("foe")
    attacks = [{**FOE["attacks"][0], "reach": "1-3"}]
    encounter = replace(encounter, tokens=(encounter.token("guard"),
                                           replace(foe, stats={**FOE, "attacks": attacks})))
    x, y = _retreated(encounter)
    assert (x, y) == pytest.approx(_at(*NEIGHBOURS[270]))


def test_a_retreat_on_squares_steps_into_a_square_l139() -> None:
    # Squares: the foe stands diagonally north-east (5.5, 4.5 -> the guard at 4.5, 5.5);
    # straight away is south-west, the diagonal neighbour (3.5, 6.5), not 0.71 cells along
    # each axis.
    encounter = Encounter(system="gurps", grid=Grid(GridKind.SQUARE, 1.0, "yd"), tokens=(
        Token("guard", "Guard", 4.5, 5.5, side=Side.HERO, stats=GUARD),
        Token("foe", "Foe", 5.5, 4.5, side=Side.VILLAIN, stats=FOE)))
    assert _retreated(encounter) == pytest.approx((3.5, 6.5))
