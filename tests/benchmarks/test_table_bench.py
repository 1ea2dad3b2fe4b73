"""``battlemap bench table`` from pytest (issue 28): real mouse and wheel events on the GM
window and the player view on two 1920 x 1080 offscreen screens, fog and six heroes' vision
on. Prints every row (min / median / max, the share over 16.7 ms, GUI-thread CPU, the fog-off
reference); asserts only that each interaction was driven and painted both windows, never a
time. A fresh Qt process per map: with ``--benchmark-enable`` 20 events of each kind (tens of
seconds), in the everyday suite 3, so the bench itself is tested on every run."""

from __future__ import annotations

import pytest

from battlemap.desktop.commands.bench_table import format_summaries, table_rows


def test_every_interaction_is_driven_and_painted(request: pytest.FixtureRequest) -> None:
    rounds = 3 if request.config.getoption("benchmark_disable") else 20
    rows = table_rows(rounds, ("uvtt",))
    print()
    print(format_summaries(rows))
    names = {str(row["name"]).split(",")[0] for row in rows}
    assert names == {"drag", "drop", "wheel notch", "pinch", "pan", "hover"}
    painted = {str(row["name"]): str(row["frames"]) for row in rows}
    gm, table = painted["drag, UVTT house and cave"].split("/")
    assert int(gm) > 0 and int(table) > 0  # the dragged hero's sight moved on both windows
    for turned in ("wheel notch", "pan"):  # the table turned 90 degrees painted every step
        gm, table = painted[f"{turned}, UVTT house and cave, table turned 90"].split("/")
        assert int(gm) > 0 and int(table) > 0


def test_the_hover_card_and_the_clicks_are_driven_on_a_game_systems_demo(
        request: pytest.FixtureRequest) -> None:
    """GURPS's duel: the archer's hover card, her attack click and the orc's bomb (the
    Template tool) each painted a frame on the GM window (times are only printed)."""
    rounds = 3 if request.config.getoption("benchmark_disable") else 20
    rows = table_rows(rounds, ("gurps",))
    print()
    print(format_summaries(rows))
    painted = {str(row["name"]): str(row["frames"]) for row in rows}
    assert set(painted) == {"hover card, gurps demo", "attack click, gurps demo",
                            "template click, gurps demo",
                            "hover card, gurps demo, fog off (reference)"}
    assert all(int(frames.split("/")[0]) > 0 for frames in painted.values())
