"""``battlemap bench startup``: the first frame's wall time beyond a bare window's, and the GUI
thread's CPU time to it (which a busy machine's wait for a core does not lengthen)."""

from __future__ import annotations

import re

from battlemap.desktop.commands.bench_gui import startup_rows


def test_the_startup_bench_prints_the_gui_threads_cpu_beside_the_wall_clock() -> None:
    bare, app, cpu = startup_rows(1)
    assert bare.name == "first frame: bare Qt window"
    assert app.name == "first frame: battlemap FILE (2560 px map)"
    assert re.fullmatch(r"GUI-thread CPU to it \(process \d+, old order \d+\)", cpu.name)
    assert 0 < cpu.fast_ms <= app.fast_ms and 0 < cpu.naive_ms <= app.naive_ms  # one thread's
    process, old_process = map(int, re.findall(r"\d+", cpu.name))
    assert process >= cpu.fast_ms - 1 and old_process >= cpu.naive_ms - 1  # every thread's
