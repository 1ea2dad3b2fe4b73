"""FATE moves count zones, not metres (issue 25: "The ruler reads metres on the FATE map; in
FATE it should count zones").

The arena's zones: West Sand x 1-9, Centre Sand 9-17, and North Sand, Platform and South Sand
stacked at x 17-23. Tertius (Athletics 3) stands in West Sand at (4.5, 10.5): one zone is his
free move, up to 1 + 3 = 4 a sprint (an Athletics roll); the ruler and ``battlemap move``
count the borders the path crosses.
"""

from __future__ import annotations

import json

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.move_plan import plan_move
from battlemap.desktop.core.tools import _preview_of
from battlemap.desktop.gui.overlay_item import readout_text

ARENA = ASSETS_DIR / "demo" / "fate-arena.json"


@pytest.mark.parametrize(("to", "zones", "band"), [
    ((7.5, 10.5), 0, "pace"),       # within West Sand
    ((12.5, 10.5), 1, "pace"),      # Centre Sand: one border, the free move
    ((20.5, 8.5), 2, "running"),    # the Platform: two borders, a sprint
    ((20.5, 2.5), 2, "running"),    # North Sand straight across the corner of Centre Sand
])
def test_battlemap_move_counts_the_zone_borders_crossed(
    capsys: pytest.CaptureFixture[str], to: tuple[float, float], zones: int, band: str
) -> None:
    assert main(["move", str(ARENA), "tertius", str(to[0]), str(to[1]), "--json"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert (done["distance"], done["band"]) == (zones, band)


def test_there_and_back_counts_both_borders(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["move", str(ARENA), "tertius", "5.5", "10.5", "--via", "12.5,10.5"]) == 0
    out = capsys.readouterr().out
    assert ": 2 zones" in out and "Sprint (an Athletics roll) (4 zones)" in out


def test_the_ruler_reads_zones() -> None:
    arena = load_encounter(ARENA)
    plan = plan_move(arena, "tertius", (20.5, 8.5))
    preview = _preview_of(plan, (("tertius", (20.5, 8.5)),))
    assert readout_text(preview, arena.grid.unit) == (
        "2 zones (Free move 1) · Sprint (an Athletics roll) 4 zones")
