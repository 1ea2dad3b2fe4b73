"""Cost of placing every name tag clear of tokens, badges and walls after a token move.

A 100 x 100 cell map holds 2,000 short walls (as in Universal VTT exports) and 60 tokens in
clusters. Each case times :func:`battlemap.desktop.gui.label_layout.place_labels` once more after a
token moved (as :meth:`MapScene.sync` does) and prints the median beside the naive reference
measured in the same run: the same placement testing every candidate place against every wall (no
wall index, rebuilt each time), with the ratio. Target: a small share of a frame (16 ms). Run
with ``--benchmark-enable``; no timing is asserted; that both place every tag alike is.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import QLineF, QPointF, QRectF

from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import label_layout
from battlemap.desktop.gui.label_layout import place_labels, segment_meets_box
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import MapScene
from battlemap.desktop.gui.style import CELL

MEDIANS: dict[str, float] = {}


def crowded_map() -> Encounter:
    rng = random.Random(5)
    walls = []
    for i in range(2000):
        x, y = rng.uniform(1, 99), rng.uniform(1, 99)
        walls.append(Wall(f"w{i}", ((x, y), (x + rng.uniform(-2, 2), y + rng.uniform(-2, 2)))))
    tokens = []
    for i in range(60):
        cx, cy = 10 + (i // 6) * 9, 10 + (i % 6) * 14
        tokens.append(Token(f"t{i}", f"Goblin {i}", cx + rng.choice((0, 1, 2)) + 0.5,
                            cy + rng.choice((0, 1, 2)) + 0.5, side=Side.VILLAIN))
    return Encounter(width=100, height=100, walls=tuple(walls), tokens=tuple(tokens))


class EveryWall:
    """The naive reference index: every wall segment, tested against every candidate box."""

    def __init__(self, walls: tuple[Wall, ...]) -> None:
        self.segments = [QLineF(QPointF(a[0] * CELL, a[1] * CELL),
                                QPointF(b[0] * CELL, b[1] * CELL))
                         for w in walls for a, b in zip(w.points, w.points[1:], strict=False)]

    def crosses(self, box: QRectF) -> int:
        return sum(segment_meets_box(s, box) for s in self.segments)


@pytest.fixture(scope="module")
def scene() -> MapScene:
    ensure_app()
    return MapScene(BattleState(crowded_map()))


def tags(scene: MapScene) -> list[tuple[float, float]]:
    return [(i.label.box.x(), i.label.box.y()) for i in scene.token_items()]


def _report(name: str, benchmark: Any) -> None:
    stats = benchmark.stats
    MEDIANS[name] = float(stats.stats.median) if stats is not None else float("nan")
    print(f"\n{name}: median {MEDIANS[name] * 1e3:.3f} ms (target: a small share of 16 ms)")
    if {"indexed", "every wall"} <= MEDIANS.keys():
        print(f"indexed is {MEDIANS['every wall'] / MEDIANS['indexed']:.1f}x faster than "
              "every wall")


def test_indexed(benchmark: Any, scene: MapScene) -> None:
    walls = scene.state.encounter.walls
    benchmark(lambda: place_labels(scene.token_items(), walls))
    _report("indexed", benchmark)


def test_reference_every_wall(benchmark: Any, scene: MapScene,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    walls = scene.state.encounter.walls
    place_labels(scene.token_items(), walls)
    indexed = tags(scene)
    monkeypatch.setattr(label_layout, "wall_index_of", EveryWall)
    benchmark.pedantic(lambda: place_labels(scene.token_items(), walls), rounds=5, iterations=1)
    assert tags(scene) == indexed
    _report("every wall", benchmark)
