"""``battlemap bench table`` from pytest (issue 28): real mouse and wheel events on the GM
window and the player view on two 1920 x 1080 offscreen screens, fog and six heroes' vision
on. Prints every row (min / median / max, the share over 16.7 ms, GUI-thread CPU, the fog-off
reference); asserts only that each interaction was driven and painted both windows, never a
time. Runs with ``--benchmark-enable`` (a fresh Qt process per map: tens of seconds)."""

from __future__ import annotations

import pytest

from desktop.commands.bench_table import format_summaries, table_rows


def test_every_interaction_is_driven_and_painted(request: pytest.FixtureRequest) -> None:
    if request.config.getoption("benchmark_disable"):
        pytest.skip("a benchmark: run with --benchmark-enable")
    rows = table_rows(20, ("uvtt",))
    print()
    print(format_summaries(rows))
    names = {str(row["name"]).split(",")[0] for row in rows}
    assert names == {"drag", "drop", "wheel notch", "pan", "hover"}
    painted = {str(row["name"]): str(row["frames"]) for row in rows}
    gm, table = painted["drag, UVTT house and cave"].split("/")
    assert int(gm) > 0 and int(table) > 0  # the dragged hero's sight moved on both windows
