"""Cost of one wall or light edit on a lit map, per scene, against a full rebuild of every glow.

A 100 x 100 cell map holds 2,000 short walls (walls, doors, windows, low walls, objects) and
30 lights with dim radius 4 to 12 cells, as in Universal VTT exports. Each case times one
:meth:`MapScene.sync` between two snapshots (an edit, then its undo) -- door toggle, a short
wall drawn, a light moved, each within reach of a light -- and prints the median beside the
same edit in a scene that rebuilds every glow from the whole map on every change (the naive
reference, as the scene did before, measured in the same run), with the ratio. The times hold
the whole sync, wall tiles included. Target: well under a frame (16 ms) per scene. Run with
``--benchmark-enable`` (on a busy machine add ``--benchmark-timer=time.thread_time``); tests
run offscreen. No timing is asserted; that both scenes show the same glows is.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtGui import QPainterPath

from battlemap.desktop.core.battlefield import battlefield_of
from battlemap.desktop.core.edits import toggle_door
from battlemap.desktop.core.model import Encounter, Light, Wall, WallKind
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.light_item import LightItem
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import Layer, MapScene
from battlemap.geometry.light_reach import lit_rings

CELLS = 100
KINDS = (WallKind.WALL,) * 6 + (WallKind.DOOR, WallKind.WINDOW, WallKind.LOW_WALL,
                                WallKind.OBJECT)
MEDIANS: dict[str, float] = {}


def lit_map() -> Encounter:
    """2,000 walls of one to three cells and 30 lights, spread over the map."""
    rng = random.Random(11)
    walls = []
    for i in range(2000):
        x, y = rng.uniform(1, CELLS - 1), rng.uniform(1, CELLS - 1)
        kind = KINDS[i % len(KINDS)]
        end = (x + rng.uniform(-2, 2), y + rng.uniform(-2, 2))
        walls.append(Wall(f"w{i}", ((x, y), end), kind=kind,
                          height=0.5 if kind is WallKind.LOW_WALL else None))
    lights = []
    for i in range(30):
        dim = rng.uniform(4, 12)
        lights.append(Light(f"l{i}", rng.uniform(0, CELLS), rng.uniform(0, CELLS), dim / 2, dim))
    return Encounter(width=CELLS, height=CELLS, walls=tuple(walls), lights=tuple(lights))


def edited(encounter: Encounter, edit: str) -> Encounter:
    """``encounter`` after ``edit``, made within reach of the first light."""
    light = encounter.lights[0]
    if edit == "door toggle":
        door = min((w for w in encounter.walls if w.kind is WallKind.DOOR),
                   key=lambda w: abs(w.points[0][0] - light.x) + abs(w.points[0][1] - light.y))
        return toggle_door(encounter, door.id)
    if edit == "add a wall":
        wall = Wall("new", ((light.x + 2, light.y - 1), (light.x + 2, light.y + 1)))
        return replace(encounter, walls=(*encounter.walls, wall))
    moved = replace(light, x=light.x + 1)
    return replace(encounter, lights=(moved, *encounter.lights[1:]))


class FullRebuildScene(MapScene):
    """The naive reference: every light's glow rebuilt on any light or wall change."""

    def _sync_lights(self, encounter: Encounter) -> None:
        for item in self._lights:
            self.removeItem(item)
        field = battlefield_of(encounter)
        self._lights = [LightItem(light, lit_rings(field, source), ())
                        for light, source in zip(encounter.lights, field.lights, strict=True)]
        for item in self._lights:
            item.setZValue(Layer.LIGHTS)
            self.addItem(item)


@pytest.fixture(scope="module")
def encounter() -> Encounter:
    ensure_app()
    return lit_map()


def clips(scene: MapScene) -> list[tuple[str, list[tuple[float, float]]]]:
    """Each light item's id and glow outline, by id."""
    items = (item for item in scene.items() if isinstance(item, LightItem))
    return sorted((item.light.id, outline(item.clip)) for item in items)


def outline(path: QPainterPath) -> list[tuple[float, float]]:
    """Every point of ``path``, exactly."""
    return [(path.elementAt(i).x, path.elementAt(i).y) for i in range(path.elementCount())]


def _report(name: str, benchmark: Any, pair: tuple[str, str]) -> None:
    stats = benchmark.stats
    MEDIANS[name] = float(stats.stats.median) if stats is not None else float("nan")
    print(f"\n{name}: median {MEDIANS[name] * 1e3:.3f} ms per scene (target well under 16 ms)")
    ours, reference = pair
    if {ours, reference} <= MEDIANS.keys():
        print(f"{ours} is {MEDIANS[reference] / MEDIANS[ours]:.1f}x faster than {reference}")


def _time_edit(benchmark: Any, scene: MapScene, encounter: Encounter, edit: str,
               rounds: int | None) -> None:
    snapshots = itertools.cycle([edited(encounter, edit), encounter])
    if rounds is None:
        benchmark(lambda: scene.sync(next(snapshots)))
    else:
        benchmark.pedantic(lambda: scene.sync(next(snapshots)), rounds=rounds, iterations=1)


EDITS = ["door toggle", "add a wall", "move a light"]


@pytest.mark.parametrize("edit", EDITS)
def test_edit(benchmark: Any, encounter: Encounter, edit: str) -> None:
    scene = MapScene(BattleState(encounter))
    _time_edit(benchmark, scene, encounter, edit, None)
    assert clips(scene) == clips(FullRebuildScene(BattleState(scene._shown)))
    _report(edit, benchmark, (edit, f"full rebuild: {edit}"))


@pytest.mark.parametrize("edit", EDITS)
def test_reference_full_rebuild(benchmark: Any, encounter: Encounter, edit: str) -> None:
    scene = FullRebuildScene(BattleState(encounter))
    _time_edit(benchmark, scene, encounter, edit, 10)
    assert len(clips(scene)) == 30
    _report(f"full rebuild: {edit}", benchmark, (edit, f"full rebuild: {edit}"))
