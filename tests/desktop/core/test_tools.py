"""The Qt-free map tools, driven with hand-made pointer events."""

from __future__ import annotations

import pytest

from battlemap.desktop.core.model import (
    Encounter,
    Grid,
    GridKind,
    Region,
    RegionKind,
    Token,
    Wall,
    WallKind,
)
from battlemap.desktop.core.movement import PaceBand, pace_band, snap_point
from battlemap.desktop.core.tools import (
    BoxPreview,
    Button,
    Commit,
    DragPreview,
    DrawTool,
    Modifier,
    PointerEvent,
    PointerKind,
    Preview,
    SelectTool,
)
from battlemap.rules.interface import Movement

PRESS, MOVE, RELEASE = PointerKind.PRESS, PointerKind.MOVE, PointerKind.RELEASE


def scout(x: float, y: float, pace: int = 6) -> Token:
    return Token(id="s", name="Scout", x=x, y=y, stats={"pace": pace, "running_die": "d6"})


def field() -> Encounter:
    mud = Region(id="mud", points=((2, 0), (4, 0), (4, 4), (2, 4)), kind=RegionKind.DIFFICULT)
    door = Wall(id="d", points=((8, 0), (8, 1)), kind=WallKind.DOOR)
    return Encounter(tokens=(scout(0.5, 1.5), Token(id="o", name="Ox", x=0.5, y=3.5)),
                     regions=(mud,), walls=(door,))


def drag(tool: SelectTool, enc: Encounter, start: tuple[float, float], end: tuple[float, float],
         modifiers: frozenset[Modifier] = frozenset()) -> tuple[Preview, Commit | None]:
    tool.feed(PointerEvent(PRESS, *start, modifiers=modifiers), enc)
    tool.feed(PointerEvent(MOVE, *end, modifiers=modifiers), enc)
    preview = tool.preview
    return preview, tool.feed(PointerEvent(RELEASE, *end, modifiers=modifiers), enc)


def test_a_drag_over_mud_costs_double_for_the_muddy_stretch() -> None:
    # (0.5, 1.5) -> (6.5, 1.5): 6 cells, 2 of them (x 2..4) in mud: 6 + 2 = 8 > Pace 6.
    preview, commit = drag(SelectTool(), field(), (0.5, 1.5), (6.4, 1.7))
    assert isinstance(preview, DragPreview)
    assert preview.end == (6.5, 1.5)
    assert preview.distance == pytest.approx(8.0)
    assert preview.band is PaceBand.RUNNING
    assert commit.label == "Move Scout"
    assert commit.encounter.token("s").x == 6.5


def test_free_placement_with_alt_keeps_the_exact_point() -> None:
    _, commit = drag(SelectTool(), field(), (0.5, 1.5), (1.3, 1.9), frozenset({Modifier.ALT}))
    assert (commit.encounter.token("s").x, commit.encounter.token("s").y) == (1.3, 1.9)


def test_a_tiny_wobble_is_a_click_not_a_move() -> None:
    tool = SelectTool()
    preview, commit = drag(tool, field(), (0.5, 1.5), (0.55, 1.52))
    assert preview is None and commit is None
    assert tool.selection == {"s"}


def test_a_selection_box_picks_the_tokens_inside_it() -> None:
    tool = SelectTool()
    preview, commit = drag(tool, field(), (0.0, 0.0), (1.0, 4.0))
    assert isinstance(preview, BoxPreview)
    assert commit is None
    assert tool.selection == {"s", "o"}


def test_clicking_a_door_opens_it_and_clicking_again_closes_it() -> None:
    tool = SelectTool()
    _, opened = drag(tool, field(), (8.1, 0.5), (8.1, 0.5))
    assert opened.label == "Open door" and opened.encounter.wall("d").is_open
    _, closed = drag(tool, opened.encounter, (8.0, 0.6), (8.0, 0.6))
    assert closed.label == "Close door" and not closed.encounter.wall("d").is_open


def test_cancel_drops_the_drag() -> None:
    tool = SelectTool()
    tool.feed(PointerEvent(PRESS, 0.5, 1.5), field())
    tool.feed(PointerEvent(MOVE, 3.5, 1.5), field())
    tool.feed(PointerEvent(PointerKind.CANCEL, 3.5, 1.5), field())
    assert tool.preview is None
    assert tool.feed(PointerEvent(RELEASE, 3.5, 1.5), field()) is None


def test_players_cannot_pick_a_hidden_token() -> None:
    enc = Encounter(tokens=(Token(id="h", name="Hidden", x=0.5, y=0.5, hidden=True),))
    tool = SelectTool(pick_hidden=False)
    _, commit = drag(tool, enc, (0.5, 0.5), (3.5, 0.5))
    assert commit is None and tool.selection == frozenset()


def test_draw_tool_builds_a_low_wall_and_right_click_ends_it() -> None:
    tool, enc = DrawTool(WallKind.LOW_WALL, wall_height=0.5), Encounter()
    for x, y in ((1.2, 1.1), (3.9, 0.8)):
        tool.feed(PointerEvent(PRESS, x, y), enc)
    commit = tool.feed(PointerEvent(PRESS, 5, 5, buttons=frozenset({Button.RIGHT})), enc)
    assert commit.label == "Add low wall"
    wall = commit.encounter.walls[0]
    assert (wall.id, wall.points, wall.kind, wall.height) == (
        "w1", ((1.0, 1.0), (4.0, 1.0)), WallKind.LOW_WALL, 0.5)


def test_a_region_needs_three_corners() -> None:
    tool, enc = DrawTool(region_kind=RegionKind.ZONE), Encounter()
    for x, y in ((0, 0), (2, 0)):
        tool.feed(PointerEvent(PRESS, x, y), enc)
    assert tool.finish(enc) is None
    for x, y in ((0, 0), (2, 0), (2, 2)):
        tool.feed(PointerEvent(PRESS, x, y), enc)
    region = tool.finish(enc).encounter.regions[0]
    assert region.points == ((0.0, 0.0), (2.0, 0.0), (2.0, 2.0))


@pytest.mark.parametrize(("distance", "band"), [
    (6.0, PaceBand.PACE), (6.01, PaceBand.RUNNING), (12.0, PaceBand.RUNNING),
    (12.01, PaceBand.BEYOND),
])
def test_pace_bands_for_pace_6_and_a_d6_running_die(distance: float, band: PaceBand) -> None:
    assert pace_band(distance, Movement(6, 12)) is band


@pytest.mark.parametrize(("size", "expected"), [(1, (3.5, 4.5)), (2, (3.0, 5.0)), (3, (3.5, 4.5))])
def test_snapping_by_token_size(size: float, expected: tuple[float, float]) -> None:
    assert snap_point(3.2, 4.9, GridKind.SQUARE, size) == expected


def test_clicking_inside_a_region_selects_it() -> None:
    tool = SelectTool()
    drag(tool, field(), (3.0, 3.0), (3.0, 3.0))
    assert tool.selection == {"mud"}


def test_on_a_hex_grid_a_drag_snaps_to_hex_centres_and_counts_hex_steps() -> None:
    # Hex (0, 0) is centred at (0.5, 0.577); three hexes to the right is (3.5, 0.577).
    enc = Encounter(grid=Grid(kind=GridKind.HEX), tokens=(scout(0.5, 0.577),))
    preview, commit = drag(SelectTool(), enc, (0.5, 0.577), (3.4, 0.7))
    assert isinstance(preview, DragPreview)
    assert preview.end == (3.5, 0.577)
    assert preview.distance == 3.0
    assert commit is not None and commit.encounter.token("s").x == 3.5
