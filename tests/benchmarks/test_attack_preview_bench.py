"""Speed of the attack preview the GM sees while hovering: one frame is 16 ms at 60 Hz.

:func:`battlemap.desktop.core.table_pipeline.preview` (what the GM window calls) hands the
encounter's game system a board whose measurer surveys the snapshot's cached battlefield; the system
translates, plans and computes the exact odds for one attacker and target: on
the demo encounter, and on the demo grown to 100 tokens and 1,000 wall segments. The naive
reference builds the battlefield again for every preview (what a pipeline without the
per-snapshot cache would do), measured in the same run; each benchmark prints its median and
the ratio. Run with ``--benchmark-enable``.
"""

import random
from dataclasses import replace
from typing import Any

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core import battlefield
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Wall
from battlemap.desktop.core.table_pipeline import preview
from battlemap.rules.interface import AttackRequest

DEMO = load_encounter(ASSETS_DIR / "demo" / "goblin-ambush.json")
MEDIANS: dict[str, float] = {}


def _big_map() -> Encounter:
    """The demo on a 60 x 60 map with 90 more goblins and 1,000 short walls east of it."""
    rng = random.Random(7)
    extra = tuple(replace(DEMO.token("goblin-1"), id=f"extra-{n}", x=30.5 + n % 10 * 2,
                          y=1.5 + n // 10 * 2) for n in range(90))
    walls = tuple(Wall(f"w{n}", ((x, y), (x + rng.uniform(-2, 2), y + rng.uniform(-2, 2))))
                  for n in range(1000)
                  for x, y in [(rng.uniform(30, 60), rng.uniform(0, 60))])
    return replace(DEMO, width=60, height=60, tokens=DEMO.tokens + extra,
                   walls=DEMO.walls + walls)


ENCOUNTER = _big_map()


def _report(name: str, benchmark: Any) -> None:
    stats = benchmark.stats
    MEDIANS[name] = float(stats.stats.median) if stats is not None else float("nan")
    print(f"\n{name}: median {MEDIANS[name] * 1e3:.3f} ms")
    if {"preview (cached battlefield)", "preview (battlefield rebuilt)"} <= MEDIANS.keys():
        ratio = MEDIANS["preview (battlefield rebuilt)"] / MEDIANS["preview (cached battlefield)"]
        print(f"the per-snapshot battlefield cache makes a preview {ratio:.1f}x faster")


BOSS_AT_KYRA = AttackRequest("goblin-boss", "kyra")


def _hit(encounter: Encounter) -> float:
    chances = {c.label: c.probability for c in preview(encounter, BOSS_AT_KYRA).chances}
    return chances.get("hit", -1.0)


def test_preview_on_the_demo(benchmark: Any) -> None:
    assert 0 < benchmark(_hit, DEMO) < 1
    _report("preview on the demo", benchmark)


def test_preview_with_the_cached_battlefield(benchmark: Any) -> None:
    assert 0 < benchmark(_hit, ENCOUNTER) < 1
    _report("preview (cached battlefield)", benchmark)


def _rebuilt() -> float:
    battlefield._FIELDS.clear()
    return _hit(ENCOUNTER)


def test_reference_preview_rebuilding_the_battlefield(benchmark: Any) -> None:
    assert 0 < benchmark(_rebuilt) < 1
    _report("preview (battlefield rebuilt)", benchmark)
