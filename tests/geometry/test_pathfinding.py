"""battlemap.geometry.pathfinding against slow references: the crossing test against exact
orientation arithmetic, A* on squares against a breadth-first search over the cells' edges, on hexes
against a breadth-first search with a brute-force crossing test, and the gridless search
against Dijkstra over every pair of the visibility graph's nodes."""

from __future__ import annotations

import heapq
import math
from collections import deque
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.geometry.errors import GeometryError
from battlemap.geometry.grid import GridKind, hex_cell, hex_centre
from battlemap.geometry.index import Battlefield
from battlemap.geometry.movement import path_length
from battlemap.geometry.pathfinding import (
    Barriers,
    SearchAbandoned,
    _corner_nodes,
    path_cost,
    shortest_path,
)
from battlemap.geometry.shapes import Area, AreaKind

Seg = tuple[float, float, float, float]


def _orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _meets(p: tuple[float, float], q: tuple[float, float], s: Seg) -> bool:
    """Closed segments p-q and s meet (exact orientation signs; collinear overlap too)."""
    a, b = (s[0], s[1]), (s[2], s[3])
    d1, d2 = _orient(p, q, a), _orient(p, q, b)
    d3, d4 = _orient(a, b, p), _orient(a, b, q)
    if ((d1 > 0) != (d2 > 0) and d1 != 0 and d2 != 0) and (
            (d3 > 0) != (d4 > 0) and d3 != 0 and d4 != 0):
        return True

    def on(u: tuple[float, float], v: tuple[float, float], w: tuple[float, float]) -> bool:
        return (_orient(u, v, w) == 0 and min(u[0], v[0]) <= w[0] <= max(u[0], v[0])
                and min(u[1], v[1]) <= w[1] <= max(u[1], v[1]))

    return on(p, q, a) or on(p, q, b) or on(a, b, p) or on(a, b, q)


coordinate = st.floats(min_value=0.0, max_value=10.0, allow_nan=False).map(lambda v: round(v, 3))
segment = st.tuples(coordinate, coordinate, coordinate, coordinate).filter(
    lambda s: math.hypot(s[2] - s[0], s[3] - s[1]) > 0.1)


@settings(max_examples=200, deadline=None)
@given(st.lists(segment, min_size=1, max_size=8), coordinate, coordinate, coordinate, coordinate)
def test_a_leg_crosses_the_barriers_exact_arithmetic_says_it_meets(
        walls: list[Seg], x1: float, y1: float, x2: float, y2: float) -> None:
    barriers = Barriers.of(walls)
    found = set(barriers.crossed((x1, y1), (x2, y2)).tolist())
    expected = {n for n, s in enumerate(walls) if _meets((x1, y1), (x2, y2), s)}
    # the only disagreement allowed: a leg through the very free end of a barrier slips by
    for n in found ^ expected:
        s = walls[n]
        ends = [(s[0], s[1]), (s[2], s[3])]
        assert any(min(math.dist(e, (x1, y1)), math.dist(e, (x2, y2))) < 1e-3 or
                   abs(_orient((x1, y1), (x2, y2), e)) < 1e-3 for e in ends), (n, s)


def test_crossings_come_nearest_first_and_a_joint_cannot_be_cut() -> None:
    walls = Barriers.of([(5, 0, 5, 4), (2, 0, 2, 4), (2, 4, 3, 4)])
    assert walls.crossed((0.0, 1.0), (6.0, 1.0)).tolist() == [1, 0]
    # (2, 4) joins two barriers: a leg through it crosses; (3, 4) ends free: a leg slips by
    assert set(walls.crossed((1.0, 5.0), (3.0, 3.0)).tolist()) == {1, 2}
    assert walls.crossed((2.0, 5.0), (4.0, 3.0)).tolist() == []


def test_a_bad_barrier_is_refused_by_its_number() -> None:
    with pytest.raises(GeometryError, match="barrier 1 must be 4 finite numbers"):
        Barriers.of([(0, 0, 1, 1), (0, 0, math.inf, 1)])


def _square_reference(edges: set[tuple[tuple[int, int], tuple[int, int]]], size: int,
                      start: tuple[int, int], goal: tuple[int, int]) -> int | None:
    """Breadth-first search over the cells of a size x size board. ``edges`` are unit wall
    pieces on the grid lines, as pairs of corners. An orthogonal step is blocked by the piece
    on the edge it crosses; a diagonal step passes through one corner only, and is blocked
    when two or more pieces end there (a joint); a piece ending there alone lets it by."""
    ends: dict[tuple[int, int], int] = {}
    for a, b in edges:
        ends[a] = ends.get(a, 0) + 1
        ends[b] = ends.get(b, 0) + 1

    def blocked(c: tuple[int, int], d: tuple[int, int]) -> bool:
        (x, y), (dx, dy) = c, (d[0] - c[0], d[1] - c[1])
        if dx and dy:
            corner = (x + max(dx, 0), y + max(dy, 0))
            return ends.get(corner, 0) >= 2
        if dx:
            line = x + max(dx, 0)
            piece = ((line, y), (line, y + 1))
        else:
            line = y + max(dy, 0)
            piece = ((x, line), (x + 1, line))
        return piece in edges or piece[::-1] in edges

    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            return seen[cell]
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = (cell[0] + dx, cell[1] + dy)
                if (dx or dy) and nxt not in seen and 0 <= nxt[0] < size and \
                        0 <= nxt[1] < size and not blocked(cell, nxt):
                    seen[nxt] = seen[cell] + 1
                    queue.append(nxt)
    return None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_square_a_star_finds_the_breadth_first_count(data: st.DataObject) -> None:
    size = 7
    corner = st.tuples(st.integers(0, size), st.integers(0, size))
    edges: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for (x, y), vertical in data.draw(st.lists(st.tuples(corner, st.booleans()), max_size=25)):
        edges.add(((x, y), (x, y + 1)) if vertical else ((x, y), (x + 1, y)))
    cell = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))
    start, goal = data.draw(cell), data.draw(cell)
    expected = _square_reference(edges, size, start, goal)
    barriers = Barriers.of([(*a, *b) for a, b in edges])
    field = Battlefield.build(grid=GridKind.SQUARE)
    found = shortest_path(field, barriers, (start[0] + 0.5, start[1] + 0.5),
                          (goal[0] + 0.5, goal[1] + 0.5), (0.0, 0.0, size, size))
    if expected is None:
        assert found is None
        return
    assert found is not None
    assert path_cost(field, found) == path_length(field, found) == expected
    assert all(not barriers.crossed(a, b).size for a, b in pairwise(found))


@settings(max_examples=40, deadline=None)
@given(st.lists(segment, max_size=10), st.tuples(st.integers(0, 8), st.integers(0, 8)),
       st.tuples(st.integers(0, 8), st.integers(0, 8)))
def test_hex_a_star_finds_the_breadth_first_count(
        walls: list[Seg], start: tuple[int, int], goal: tuple[int, int]) -> None:
    # hexes in axial (q, r) with r the row; the board: the hexes whose centres lie in 0..10
    def inside(h: tuple[int, int]) -> bool:
        x, y = hex_centre(*h)
        return 0 <= x <= 10 and 0 <= y <= 10

    a, b = hex_centre(start[0] - start[1] // 2, start[1]), hex_centre(goal[0] - goal[1] // 2,
                                                                          goal[1])
    first, last = hex_cell(*a), hex_cell(*b)
    seen = {first: 0}
    queue = deque([first])
    while queue:
        h = queue.popleft()
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            n = (h[0] + dq, h[1] + dr)
            if n not in seen and inside(n) and not any(
                    _meets(hex_centre(*h), hex_centre(*n), s) for s in walls):
                seen[n] = seen[h] + 1
                queue.append(n)
    field = Battlefield.build(grid=GridKind.HEX)
    found = shortest_path(field, Barriers.of(walls), a, b, (0.0, 0.0, 10.0, 10.0))
    if last not in seen:
        assert found is None
    else:
        assert found is not None
        assert path_cost(field, found) == pytest.approx(seen[last])


def _dijkstra_every_pair(nodes: list[tuple[float, float]], walls: list[Seg]) -> float | None:
    """The visibility graph's shortest way from node 0 to node 1, every pair tested."""
    best = {0: 0.0}
    queue = [(0.0, 0)]
    done: set[int] = set()
    while queue:
        cost, n = heapq.heappop(queue)
        if n in done:
            continue
        if n == 1:
            return cost
        done.add(n)
        for m, point in enumerate(nodes):
            if m in done or any(_meets(nodes[n], point, s) for s in walls):
                continue
            new = cost + math.dist(nodes[n], point)
            if new < best.get(m, math.inf):
                best[m] = new
                heapq.heappush(queue, (new, m))
    return None


def _grid_walls(draws: list[tuple[int, int, int, bool]]) -> list[Seg]:
    return [(x, y, x + (0 if up else n), y + (n if up else 0)) for x, y, n, up in draws]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 9), st.integers(1, 9), st.integers(1, 4),
                          st.booleans()), max_size=12),
       st.tuples(st.integers(0, 9), st.integers(0, 9)),
       st.tuples(st.integers(0, 9), st.integers(0, 9)))
def test_gridless_search_matches_dijkstra_over_every_pair(
        draws: list[tuple[int, int, int, bool]], start: tuple[int, int],
        goal: tuple[int, int]) -> None:
    walls = _grid_walls(draws)
    barriers = Barriers.of(walls)
    a, b = (start[0] + 0.5, start[1] + 0.5), (goal[0] + 0.5, goal[1] + 0.5)
    corners = [tuple(p) for p in _corner_nodes(barriers, 0.2).tolist()]
    nodes = [a, b, *[(x, y) for x, y in corners if -1 <= x <= 11 and -1 <= y <= 11]]
    # the reference slips past free ends as the search does: test against the tested rows
    expected = _dijkstra_every_pair(nodes, [tuple(r) for r in barriers.tested.tolist()])
    field = Battlefield.build(grid=GridKind.GRIDLESS)
    found = shortest_path(field, barriers, a, b, (-1.0, -1.0, 11.0, 11.0))
    if expected is None:
        assert found is None
        return
    assert found is not None
    assert path_cost(field, found) == pytest.approx(expected, abs=1e-6)
    assert all(not barriers.crossed(p, q).size for p, q in pairwise(found))


def test_difficult_ground_is_gone_round_when_that_is_cheaper() -> None:
    # mud over x 2..5, y 0..3. Straight along row 0 from (0.5, 0.5) to (6.5, 0.5): 6 steps,
    # half of them in the mud counted twice: 6 x (1 + 3/6) = 9. Round below it, through row 3
    # (y 3.5): 3 steps down to (2.5, 3.5), 2 across to (4.5, 3.5), 3 up to (6.5, 0.5) = 8,
    # touching the mud only at its corners (2, 3) and (5, 3). Any way through the mud spends
    # 3 cells of x in it at double cost: at least 1 + 6 + 2 = 9.
    mud = Area("mud", ((2, 0), (5, 0), (5, 3), (2, 3)), AreaKind.DIFFICULT)
    field = Battlefield.build(areas=[mud], grid=GridKind.SQUARE)
    found = shortest_path(field, Barriers.of([]), (0.5, 0.5), (6.5, 0.5), (0.0, 0.0, 8.0, 8.0))
    assert found is not None
    assert path_cost(field, found) == path_length(field, found) == 8.0
    assert path_cost(field, [(0.5, 0.5), (6.5, 0.5)]) == 9.0
    crawl = shortest_path(field, Barriers.of([]), (0.5, 0.5), (6.5, 0.5), (0.0, 0.0, 8.0, 8.0),
                          crawling=True)
    assert crawl == ((0.5, 0.5), *[(x + 0.5, 0.5) for x in range(1, 6)], (6.5, 0.5))


def test_a_shut_room_has_no_way_in_on_any_grid() -> None:
    room = Barriers.of([(2, 2, 6, 2), (6, 2, 6, 6), (6, 6, 2, 6), (2, 6, 2, 2)])
    for kind in GridKind:
        field = Battlefield.build(grid=kind)
        assert shortest_path(field, room, (0.5, 0.5), (4.5, 4.5), (0.0, 0.0, 9.0, 9.0)) is None


def test_dungeon_and_uvtt_search_times_are_printed() -> None:
    """Not a timed assertion: the figures are printed (``-s``) for docs/performance.md."""
    import time

    from battlemap.desktop.core.vision_bench import vision_dungeon, wall_rows

    dungeon = vision_dungeon()
    barriers = Barriers.of(wall_rows(dungeon))
    box = (0.0, 0.0, dungeon.width, dungeon.height)
    for kind in GridKind:
        field = Battlefield.build(grid=kind)
        began = time.perf_counter()
        found = shortest_path(field, barriers, (2.5, 2.5), (96.5, 96.5), box)
        took = time.perf_counter() - began
        assert found is not None
        assert all(not barriers.crossed(p, q).size for p, q in pairwise(found))
        began = time.perf_counter()  # the hand moved on a little: the graph is kept
        again = shortest_path(field, barriers, (2.5, 2.5), (96.2, 96.7), box)
        then = time.perf_counter() - began
        assert again is not None
        print(f"2,000-wall dungeon corner to corner, {kind}: {took:.3f} s, "
              f"{path_cost(field, found):.1f} cells; a goal 0.4 cells off then {then:.3f} s")
    assert np.isfinite(box).all()


def test_goblin_hideout_uvtt_search_times_are_printed() -> None:
    """The Dungeondraft house and cave (tests/data/uvtt, three closed doors): a way round from
    the north-west corner to the south-east one on each grid, crossing no wall; figures
    printed, never asserted."""
    import time
    from dataclasses import replace
    from pathlib import Path

    from battlemap.desktop.core.model import Token
    from battlemap.desktop.core.move_plan import plan_move, shortest_way
    from battlemap.desktop.core.uvtt import parse_uvtt

    sample = Path(__file__).parents[1] / "data" / "uvtt" / "oganm_dd2vtt_importer_test.dd2vtt"
    cave = parse_uvtt(sample.read_bytes(), where=sample.name, name="cave").encounter
    cave = replace(cave, tokens=(Token("a", "Ann", 1.5, 1.5),))
    for kind in GridKind:
        encounter = replace(cave, grid=replace(cave.grid, kind=kind))
        began = time.perf_counter()
        way = shortest_way(encounter, "a", (1.5, 1.5), (18.5, 18.5))
        took = time.perf_counter() - began
        assert way is not None
        plan = plan_move(encounter, "a", way[-1], via=way[1:-1])
        assert plan.crossings == ()
        print(f"goblin hideout UVTT, {kind}: {took:.3f} s, {plan.distance:.1f} cells")


def test_a_large_body_goes_round_a_gap_narrower_than_itself_on_every_grid() -> None:
    # a wall x = 4 from y 0 to 11 with a gap y 4..5 (1 cell) and one y 6.5..9.5 (3 cells:
    # a hex row's centre falls far enough from both sides only in a gap that wide)
    narrow = Barriers.of([(4, 0, 4, 4), (4, 5, 4, 6.5), (4, 9.5, 4, 11)])
    box = (0.0, 0.0, 8.0, 11.0)
    for kind, start, goal in ((GridKind.SQUARE, (2.0, 4.0), (6.0, 4.0)),
                              (GridKind.GRIDLESS, (2.0, 4.5), (6.0, 4.5)),
                              (GridKind.HEX, hex_centre(*hex_cell(1.8, 4.5)),
                               hex_centre(*hex_cell(6.2, 4.5)))):
        field = Battlefield.build(grid=kind)
        small = shortest_path(field, narrow, start, goal, box)
        big = shortest_path(field, narrow, start, goal, box, body=2.0)
        assert small is not None and big is not None, kind
        square = kind is GridKind.SQUARE
        # the centre line slips through the narrow gap; the body of 2 sweeps clear of every
        # barrier only through the wide one, below it
        assert not narrow.clear_sweeps(np.array([start]), np.array([goal]), 2.0, square)[0]
        assert max(y for _, y in small) < 6.5, kind
        assert max(y for _, y in big) > 7.0, kind
        legs = np.array(big[:-1]), np.array(big[1:])
        assert narrow.clear_sweeps(*legs, 2.0, square).all(), kind
    # shut the wide gap too: no way for the large body, still one for the small
    shut = Barriers.of([(4, 0, 4, 4), (4, 5, 4, 8), (4, 9, 4, 11)])
    field = Battlefield.build(grid=GridKind.GRIDLESS)
    assert shortest_path(field, shut, (2.0, 4.5), (6.0, 4.5), box, body=2.0) is None
    assert shortest_path(field, shut, (2.0, 4.5), (6.0, 4.5), box) is not None


def test_a_search_told_to_stop_gives_up_in_words() -> None:
    wall = Barriers.of([(2, -2, 2, 3)])
    for kind in GridKind:
        field = Battlefield.build(grid=kind)
        with pytest.raises(SearchAbandoned, match="stopped after 0 places"):
            shortest_path(field, wall, (1.0, 1.0), (3.0, 1.0), (-2.0, -2.0, 5.0, 5.0),
                          stop=lambda: True)
