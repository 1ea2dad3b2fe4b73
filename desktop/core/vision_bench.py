"""The heroes' vision benchmarks (issue 17), shared by ``battlemap bench vision`` and
``tests/benchmarks/test_vision_bench.py``.

- one token's visibility polygon among 2,000 walls, against the naive cast (one ray per wall
  end against every wall), target <= 2 ms;
- six heroes' sight (floor and creatures) while one of them is dragged, against the same with
  every polygon cast naively, target <= 8 ms;
- a hero walking 10,000 steps through the 2,000-wall dungeon, its memory of the floor updated
  at every step: the traced memory must not grow.

Examples
--------
>>> dungeon = vision_dungeon(walls=50, size=20.0)
>>> len(dungeon.walls), sum(t.side is Side.HERO for t in dungeon.tokens)
(50, 6)
>>> len(drag_path(dungeon, 3))
3
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from battlemap.desktop.core.fog import Vision, remember_vision
from battlemap.desktop.core.model import Encounter, Fog, Light, Point, Side, Token, Wall
from battlemap.geometry.naive import benchmark_map
from battlemap.geometry.visibility import naive_visibility_polygon, visibility_polygon

HEROES = 6
SIZE = 100.0
WALLS = 2000


def vision_dungeon(walls: int = WALLS, size: float = SIZE, seed: int = 17) -> Encounter:
    """A dungeon of ``walls`` grid-aligned walls (1-3 cells), six heroes, 20 foes and 10 lights
    on a ``size`` map, fog and vision on, in dim ambient light.
    """
    field = benchmark_map(tokens=HEROES + 20, walls=walls, size=size, seed=seed)
    tokens = tuple(
        Token(body.id, body.id, body.x, body.y,
              side=Side.HERO if n < HEROES else Side.VILLAIN)
        for n, body in enumerate(field.bodies)
    )
    rng = np.random.default_rng(seed)
    lights = tuple(Light(f"l{k}", *rng.uniform(0, size, 2).tolist(), 3.0, 6.0) for k in range(10))
    return Encounter(
        width=size, height=size, tokens=tokens, lights=lights, fog=Fog(enabled=True),
        walls=tuple(Wall(o.id, ((o.x1, o.y1), (o.x2, o.y2))) for o in field.occluders),
    )


def wall_rows(encounter: Encounter) -> np.ndarray:
    """The walls as rows x1, y1, x2, y2."""
    return np.array([(*w.points[0], *w.points[-1]) for w in encounter.walls], dtype=float)


def drag_path(encounter: Encounter, steps: int) -> list[Point]:
    """Pointer positions of a drag of the first hero: ``steps`` small steps (a pointer's
    move between two frames) along a loop of radius 1.3 cells around it."""
    hero = encounter.tokens[0]
    angles = np.linspace(0.0, 2 * np.pi, steps, endpoint=False)
    return [(hero.x + 1.3 * float(np.cos(a)), hero.y + 1.3 * float(np.sin(a))) for a in angles]


def polygon_calls(encounter: Encounter) -> tuple[Callable[[], object], Callable[[], object]]:
    """One token's polygon, fast and naive, at the heroes' places in turn."""
    walls, bounds = wall_rows(encounter), (0.0, 0.0, encounter.width, encounter.height)
    eyes = [(t.x, t.y) for t in encounter.tokens[:HEROES]]
    turn = {"fast": 0, "naive": 0}

    def call(kind: str, cast: Callable[..., object]) -> object:
        turn[kind] += 1
        return cast(eyes[turn[kind] % len(eyes)], walls, bounds)

    return (lambda: call("fast", visibility_polygon),
            lambda: call("naive", naive_visibility_polygon))


def drag_calls(encounter: Encounter) -> tuple[Callable[[], object], Callable[[], object]]:
    """The six heroes' sight with the first one dragged one step further each call."""
    path = drag_path(encounter, 4096)  # no position twice in a run
    hero = encounter.tokens[0].id
    fast, naive = Vision(), Vision(cast=naive_visibility_polygon, cached=0)
    fast.sight(encounter)
    step = {"fast": 0, "naive": 0}

    def call(kind: str, vision: Vision) -> object:
        step[kind] += 1
        return vision.sight(encounter, {hero: path[step[kind] % len(path)]})

    return (lambda: call("fast", fast), lambda: call("naive", naive))


def walk_growth(encounter: Encounter, steps: int) -> tuple[float, int]:
    """Walk the first hero ``steps`` steps (back and forth along a loop), remembering what the
    heroes see at each; the milliseconds a step and the traced memory growth in bytes between
    the tenth of the walk and its end."""
    import time

    vision, hero = Vision(), encounter.tokens[0]
    path = drag_path(encounter, 200)
    snapshot = encounter
    tracemalloc.start()
    start = time.perf_counter()
    warm = 0
    for k in range(steps):
        x, y = path[k % len(path)]
        snapshot = remember_vision(snapshot.with_token(replace(hero, x=x, y=y)), vision)
        if k == steps // 10:
            gc.collect()
            warm = tracemalloc.get_traced_memory()[0]
    gc.collect()
    end = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (time.perf_counter() - start) * 1000.0 / steps, end - warm
