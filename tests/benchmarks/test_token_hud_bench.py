"""Cost of placing the token HUD where it covers no token (issue 27), on a crowded map.

Tokens stand every 2 cells, each with a SHAKEN badge and its name, so no arrangement of the
HUD round the middle one is free and every one of them is tried: the worst case. Prints the
median of placing it afresh (a zoom step, a state change) and of a pan step (the HUD moved
with the map: nothing to choose again), for 400 and 2,000 tokens. Run with
``--benchmark-enable``; no timing is asserted; that the HUD stays with its token over the
pan is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.style import CELL


class _Quiet(GMWindow):
    def confirm_discard(self) -> bool:
        return True


def grid_of(count: int) -> Encounter:
    side = int(count ** 0.5) + 1
    tokens = tuple(Token(f"t{i}", f"Token {i}", 1.5 + 2 * (i % side), 1.5 + 2 * (i // side),
                         side=Side.VILLAIN, stats={"condition": {"shaken": True}})
                   for i in range(count))
    return Encounter(width=2 * side + 2, height=2 * side + 2, tokens=tokens)


@pytest.fixture(params=[400, 2000], ids=["400 tokens", "2000 tokens"])
def window(request: pytest.FixtureRequest) -> Iterator[GMWindow]:
    ensure_app()
    window = _Quiet(BattleState(grid_of(request.param)))
    window.resize(1400, 900)
    window.show()
    QApplication.processEvents()
    window.view.set_zoom(1.0)
    middle = window.state.encounter.tokens[request.param // 2]
    window.view.centerOn(middle.x * CELL, middle.y * CELL)
    window.combat_tools.hud.show_for(middle.id)
    yield window
    window.close()


def _report(name: str, benchmark: Any) -> None:
    stats = benchmark.stats
    median = float(stats.stats.median) if stats is not None else float("nan")
    print(f"\nHUD {name}: median {median * 1e3:.3f} ms (a frame: 16 ms)")


def test_placed_afresh(benchmark: Any, window: GMWindow) -> None:
    hud = window.combat_tools.hud

    def place() -> None:
        hud._placed = None  # nothing placed before: choose again
        hud.place()

    benchmark(place)
    _report("placed afresh", benchmark)


def test_a_pan_step(benchmark: Any, window: GMWindow) -> None:
    hud = window.combat_tools.hud
    chip = next(iter(hud.chips.values()))
    before = chip.mapTo(window.view.viewport(), QPoint(0, 0))
    steps = [0]

    def pan() -> None:  # the view's camera_changed places the HUD
        window.view.pan_by(1 if steps[0] % 2 == 0 else -1, 0)
        steps[0] += 1

    benchmark(pan)
    _report("after a pan step (the pan included)", benchmark)
    moved = 1 if steps[0] % 2 else 0
    assert chip.mapTo(window.view.viewport(), QPoint(0, 0)) == before - QPoint(moved, 0)
