"""How long the GM window stays unresponsive during a huge image's work (issue 28): the
longest gap between ticks of a 5 ms timer on the GUI thread, and the view's repaints (one asked
every 16 ms), while File > Export > Universal VTT writes a map, or while a token's picture is
decoded. Not a test: run it with a checkout on ``PYTHONPATH`` (the old code, which works on the
GUI thread, or the new one), from a folder outside both trees::

    cd /tmp && PYTHONPATH=CHECKOUT python CHECKOUT/tests/benchmarks/freeze_gaps.py \\
        export /tmp/freeze/crop-16384.json
    cd /tmp && PYTHONPATH=CHECKOUT python CHECKOUT/tests/benchmarks/freeze_gaps.py \\
        token /tmp/freeze/map-16384.png
    cd /tmp && PYTHONPATH=CHECKOUT python CHECKOUT/tests/benchmarks/freeze_gaps.py \\
        idle /tmp/freeze/crop-16384.json 10

(``idle``: the same figures with nothing running for 10 s, the map shown: the machine's own
gaps, a reference for the same run.) The files are the bench's 16384 px map
(``write_bench_encounter``) and its encounter calibrated at 64.3 px a cell from (10, 6) px.

It prints one line of JSON: the work's wall time, the longest tick gap, the ticks, the
repaints and the longest gap between repaints, and the GUI thread's CPU time meanwhile.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def measured(start: Callable[[], None], done: Callable[[], bool], view: object) -> dict[str, float]:
    from PySide6.QtCore import QEvent, QEventLoop, QObject, QTimer

    ticks: list[float] = []
    paints: list[float] = []

    class Paints(QObject):
        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                paints.append(time.perf_counter())
            return False

    viewport = view.viewport()  # type: ignore[attr-defined]
    counter = Paints()
    viewport.installEventFilter(counter)
    tick = QTimer()
    tick.setInterval(5)
    tick.timeout.connect(lambda: ticks.append(time.perf_counter()))
    repaint = QTimer()
    repaint.setInterval(16)
    repaint.timeout.connect(viewport.update)
    loop = QEventLoop()
    check = QTimer()
    check.setInterval(20)
    check.timeout.connect(lambda: done() and loop.quit())
    began: list[float] = []

    def go() -> None:
        began.extend((time.perf_counter(), time.thread_time()))
        ticks.append(began[0])
        paints.append(began[0])
        start()

    for timer in (tick, repaint, check):
        timer.start()
    QTimer.singleShot(50, go)
    loop.exec()
    end, cpu = time.perf_counter(), time.thread_time()
    ticks.append(end)
    paints.append(end)
    for timer in (tick, repaint, check):
        timer.stop()
    ticks = [t for t in ticks if t >= began[0]]
    paints = [t for t in paints if t >= began[0]]
    gaps = sorted((b - a, a - began[0]) for a, b in itertools.pairwise(ticks))
    return {
        "wall_s": round(end - began[0], 2),
        "longest_gaps_ms_at_s": [(round(1000 * g, 1), round(at, 2)) for g, at in gaps[-3:]],
        "max_tick_gap_ms": round(1000 * max(b - a for a, b in itertools.pairwise(ticks)), 1),
        "ticks": len(ticks) - 2,
        "paints": len(paints) - 2,
        "max_paint_gap_ms": round(1000 * max(b - a for a, b in itertools.pairwise(paints)), 1),
        "gui_cpu_s": round(cpu - began[1], 2),
    }


def main(argv: list[str]) -> int:
    from battlemap.desktop.core.fileformat import load_encounter
    from battlemap.desktop.core.model import Encounter, Token
    from battlemap.desktop.core.state import BattleState
    from battlemap.desktop.gui.main_window import GMWindow
    from battlemap.desktop.gui.render import ensure_app

    class Window(GMWindow):
        def confirm_discard(self) -> bool:
            return True

    ensure_app()
    kind, file = argv[0], Path(argv[1])
    if kind == "export":
        from battlemap.desktop.gui import export_actions

        window = Window(BattleState(load_encounter(file)), file)
        window.show()
        out = Path(tempfile.mkdtemp()) / "out.dd2vtt"

        def exported() -> bool:
            return window.statusBar().currentMessage().startswith(("Exported", "Universal"))

        figures = measured(lambda: export_actions.export_uvtt_to(window, out), exported,
                           window.view)
        figures["said"] = window.statusBar().currentMessage()[:60]  # type: ignore[assignment]
        figures["written_mb"] = round(out.stat().st_size / 1e6, 1) if out.exists() else 0
        if out.exists():
            out.unlink()
    elif kind == "idle":  # the same-run reference: the map shown, nothing running
        window = Window(BattleState(load_encounter(file)), file)
        window.show()
        seconds, began = float(argv[2]), []
        figures = measured(lambda: began.append(time.perf_counter()),
                           lambda: bool(began) and time.perf_counter() - began[0] > seconds,
                           window.view)
    else:
        window = Window(BattleState(Encounter(width=20, height=20)))
        window.scene.base_dir = file.parent
        window.show()
        token = Token("t", "Giant", 3, 3, image=file.name)

        def shown() -> bool:
            item = window.scene.token_item("t")
            return item is not None and item.image is not None

        figures = measured(lambda: window.state.load(Encounter(width=20, height=20,
                                                               tokens=(token,))),
                           shown, window.view)
        item = window.scene.token_item("t")
        assert item is not None and item.image is not None
        figures["image"] = f"{item.image.width()}x{item.image.height()}"  # type: ignore[assignment]
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
