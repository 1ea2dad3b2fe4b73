"""The drag's ruler in the Qt-free SelectTool: the path follows the hand, waypoints pin it,
Backspace unpins, W follows the shortest way round the walls, a drop through a closed door
asks first."""

from __future__ import annotations

from battlemap.desktop.core.model import Encounter, Token, Wall, WallKind
from battlemap.desktop.core.tools import Button, DragPreview, PointerEvent, PointerKind, SelectTool

ANN = Token(id="a", name="Ann", x=0.5, y=0.5, stats={"pace": 6})
OPEN = Encounter(system="savage-pathfinder", tokens=(ANN,))


def _drag(tool: SelectTool, enc: Encounter, *points: tuple[float, float]) -> DragPreview:
    tool.feed(PointerEvent(PointerKind.PRESS, 0.5, 0.5), enc)
    for x, y in points:
        tool.feed(PointerEvent(PointerKind.MOVE, x, y), enc)
    assert isinstance(tool.preview, DragPreview)
    return tool.preview


def test_the_path_follows_the_hand_through_the_cells() -> None:
    tool = SelectTool()
    # the hand goes 3 cells east, then 3 south: 6" along the path (a straight line: 3")
    preview = _drag(tool, OPEN, (1.5, 0.5), (2.5, 0.5), (3.5, 0.5), (3.5, 1.5), (3.5, 2.5),
                    (3.5, 3.5))
    assert preview.path == ((0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (3.5, 0.5), (3.5, 1.5),
                            (3.5, 2.5), (3.5, 3.5))
    assert (preview.distance, preview.band.value) == (6.0, "pace")
    # going back over its own cells cuts the loop off: back to (3.5, 0.5), then 1 east
    tool.feed(PointerEvent(PointerKind.MOVE, 3.5, 1.6), OPEN)
    tool.feed(PointerEvent(PointerKind.MOVE, 3.6, 0.6), OPEN)
    tool.feed(PointerEvent(PointerKind.MOVE, 4.5, 0.5), OPEN)
    assert isinstance(tool.preview, DragPreview)
    assert tool.preview.path == ((0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (3.5, 0.5), (4.5, 0.5))
    commit = tool.feed(PointerEvent(PointerKind.RELEASE, 4.5, 0.5), OPEN)
    assert commit is not None and commit.confirm is None
    assert commit.encounter.token("a").x == 4.5


def test_waypoints_pin_the_path_and_backspace_unpins_the_last() -> None:
    tool = SelectTool()
    _drag(tool, OPEN, (1.5, 1.5), (2.5, 2.5))
    assert tool.add_waypoint(OPEN)
    assert not tool.add_waypoint(OPEN)  # the path already ends at a waypoint
    # back over the cells the hand came by: the pinned path stays, so (2.5,2.5) -> (1.5,1.5)
    tool.feed(PointerEvent(PointerKind.MOVE, 1.5, 1.5), OPEN)
    preview = tool.preview
    assert isinstance(preview, DragPreview)
    assert preview.waypoints == ((2.5, 2.5),)
    assert preview.path == ((0.5, 0.5), (1.5, 1.5), (2.5, 2.5), (1.5, 1.5))
    assert preview.distance == 3.0  # 1 + 1 diagonal steps out, 1 back: the Savage count
    # a click of the other button during the drag adds a waypoint; its release drops nothing
    tool.feed(PointerEvent(PointerKind.MOVE, 1.5, 3.5), OPEN)
    tool.feed(PointerEvent(PointerKind.PRESS, 1.5, 3.5, frozenset({Button.RIGHT})), OPEN)
    assert tool.feed(PointerEvent(PointerKind.RELEASE, 1.5, 3.5,
                                  frozenset({Button.RIGHT})), OPEN) is None
    assert isinstance(tool.preview, DragPreview)
    assert tool.preview.waypoints == ((2.5, 2.5), (1.5, 3.5))
    assert tool.remove_waypoint(OPEN) and tool.remove_waypoint(OPEN)
    assert not tool.remove_waypoint(OPEN)
    assert isinstance(tool.preview, DragPreview)
    # no waypoint left: straight from the start to where the token is now, (1.5, 3.5): 3"
    assert (tool.preview.path, tool.preview.distance) == (((0.5, 0.5), (1.5, 3.5)), 3.0)


def test_a_path_through_a_closed_door_is_flagged_and_asks_before_the_drop() -> None:
    door = Wall("d", ((2, 0), (2, 1)), WallKind.DOOR)
    enc = Encounter(system="savage-pathfinder", tokens=(ANN,), walls=(door,),
                    width=8, height=8)
    tool = SelectTool()
    preview = _drag(tool, enc, (1.5, 0.5), (2.5, 0.5), (3.5, 0.5))
    assert preview.blocked == (1,)  # the leg (1.5, 0.5) -> (2.5, 0.5) goes through the door
    assert preview.through == ('Ann\'s path goes through a closed door 1.5" east of where '
                               'Ann stood')
    commit = tool.feed(PointerEvent(PointerKind.RELEASE, 3.5, 0.5), enc)
    assert commit is not None and commit.confirm == preview.through
    # the same door open: nothing to ask
    opened = Encounter(system="savage-pathfinder", tokens=(ANN,),
                       walls=(Wall("d", door.points, WallKind.DOOR, is_open=True),))
    _drag(tool, opened, (1.5, 0.5), (2.5, 0.5), (3.5, 0.5))
    commit = tool.feed(PointerEvent(PointerKind.RELEASE, 3.5, 0.5), opened)
    assert commit is not None and commit.confirm is None


def test_w_follows_the_shortest_way_round_the_wall() -> None:
    # a wall x = 2 from y 0 to 3: from (0.5, 0.5) to (3.5, 0.5) round its end: 6 steps
    enc = Encounter(system="savage-pathfinder", tokens=(ANN,),
                    walls=(Wall("w", ((2, 0), (2, 3))),), width=8, height=8)
    tool = SelectTool()
    _drag(tool, enc, (3.5, 0.5))
    assert tool.toggle_shortest(enc)
    preview = tool.preview
    assert isinstance(preview, DragPreview)
    assert preview.shortest and preview.blocked == () and preview.distance == 6.0
    assert preview.path[0] == (0.5, 0.5) and preview.path[-1] == (3.5, 0.5)
    commit = tool.feed(PointerEvent(PointerKind.RELEASE, 3.5, 0.5), enc)
    assert commit is not None and commit.confirm is None
    assert commit.encounter.token("a").x == 3.5
