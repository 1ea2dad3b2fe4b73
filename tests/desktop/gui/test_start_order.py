"""``battlemap FILE`` starts decoding the map before the window is built, paints its first
frame before the map is decoded (issue 19) or with the map when the decode ran meanwhile, and
imports the combat tools after the first frame that shows the map (issue 28); the map joins
the encounter as if it had always been there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import QuietGMWindow
from gui_helpers import small_encounter
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QProgressDialog, QToolBar
from pytestqt.qtbot import QtBot

from battlemap.desktop.commands.bench_gui import installed_like, write_bench_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import app
from battlemap.desktop.gui.background_item import BackgroundItem
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_loading import MapLoadJob
from battlemap.desktop.gui.settings import settings


class Order(QObject):
    """Notes, in order, the map view's first paint (and whether the map had joined the
    encounter by then), each map decode and the combat tools' install."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[str] = []
        self.window: GMWindow | None = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.window is not None:
            joined = self.window.state.encounter.background is not None
            seen = "paint, map joined" if joined else "paint, map not joined"
            if seen not in self.events:
                self.events.append(seen)
        return False


def watched_start(monkeypatch: pytest.MonkeyPatch, order: Order,
                  decoded_first: bool = False) -> None:
    """Note in ``order`` the decode's start, the window's build and its paints; with
    ``decoded_first``, the decode has run before the window is built."""
    real_start = app.start_map_load

    def start(*args: object) -> MapLoadJob | None:
        order.events.append("decode starts")
        job = real_start(*args)  # type: ignore[arg-type]
        if decoded_first and job is not None:
            assert job.ran.wait(30)
        return job

    class Watched(GMWindow):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            order.events.append("window built")
            order.window = self
            self.view.viewport().installEventFilter(order)

    real_after = app.after_first_frame

    def watched_after(window: GMWindow, then: object) -> None:
        assert window._combat_tools is None  # not installed yet
        real_after(window, lambda: (order.events.append("combat tools"), then())  # type: ignore[operator]
                   )

    monkeypatch.setattr(app, "start_map_load", start)
    monkeypatch.setattr(app, "GMWindow", Watched)
    monkeypatch.setattr(app, "after_first_frame", watched_after)


def test_the_window_paints_before_the_map_is_decoded_and_the_tools_come_after(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = write_bench_encounter(tmp_path, 4096, 5, 8)  # decoded in strips: a second or so
    order = Order()
    watched_start(monkeypatch, order)
    window = app.open_window(str(file))
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: "combat tools" in order.events)
    # the decode starts before the window is built (issue 28: it runs while the window is
    # built); the tools after the first frame with the map: imported during the decode, they
    # held that frame back
    assert order.events == ["decode starts", "window built", "paint, map not joined",
                            "paint, map joined", "combat tools"]
    assert window.state.encounter.background is not None  # the map joined the encounter...
    assert not window.state.dirty and window.state.undo_label is None  # ...as if always there
    assert any(isinstance(item, BackgroundItem) for item in window.scene.items())
    tools_bar = [a.text() for a in window.findChild(QToolBar, "ToolsBar").actions()]
    assert "&Attack" in tools_bar and "&Template" in tools_bar


def test_a_map_decoded_while_the_window_was_built_is_in_its_first_frame(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decode that has run by the time the window shows is taken at once: the window's first
    frame shows the map (no frame without it before, no event handled in between)."""
    file = write_bench_encounter(tmp_path, 512, 5, 8)
    order = Order()
    watched_start(monkeypatch, order, decoded_first=True)
    window = app.open_window(str(file))
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: "combat tools" in order.events)
    assert order.events == ["decode starts", "window built", "paint, map joined", "combat tools"]
    assert not window.state.dirty and window.state.undo_label is None
    assert window.findChildren(QProgressDialog) == []


def test_asking_for_the_combat_tools_early_installs_them_once(qtbot: QtBot) -> None:
    from battlemap.desktop.core.state import BattleState

    window = GMWindow(BattleState(), combat_tools_later=True)
    qtbot.addWidget(window)
    assert window._combat_tools is None
    tools = window.combat_tools
    assert window.combat_tools is tools and window.install_combat_tools() is tools


FIRST_FRAME_MODULES = """
import sys
from PySide6.QtCore import QEvent, QObject
from battlemap.desktop.gui import app as gui
from battlemap.desktop.gui.render import ensure_app

WATCHED = ("numpy", "shapely", "battlemap.geometry.index", "battlemap.geometry.visibility",
           "battlemap.desktop.gui.combat_tools", "battlemap.desktop.gui.player_window",
           "battlemap.desktop.gui.light_item", "battlemap.rules.savage_pathfinder",
           "battlemap.rules.gurps", "battlemap.rules.storypath", "battlemap.rules.fate",
           "battlemap.desktop.gui.export_actions", "PySide6.QtPrintSupport")
def loaded():
    return sorted(m for m in WATCHED if m in sys.modules)
class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not seen:
            seen.append(loaded())
        return False
seen, watch = [], FirstPaint()
real_after = gui.after_first_frame
def after_first_frame(window, then):
    window.view.viewport().installEventFilter(watch)
    real_after(window, lambda: (then(), seen.append(loaded())))
gui.after_first_frame = after_first_frame
app = ensure_app()
window = gui.open_window(sys.argv[1])
while len(seen) < 2:
    app.processEvents()
print(seen[0])
print(seen[1])
"""


def test_the_first_frame_of_a_map_without_lights_or_fog_loads_no_shapely_and_one_system(
    tmp_path: Path,
) -> None:
    """Before the first frame: the map's own system (Savage Pathfinder, for the badges) and no
    numpy (a map under 4096 px decodes whole, without the strips' copy), no shapely, no sight
    or light geometry, no other system, no combat tools, no player view and no export or
    print code (Qt's print support loads at the first export or print); the combat tools
    come just after it and bring shapely (templates) and numpy."""
    file = write_bench_encounter(tmp_path, 256, 3, 8)  # no lights, fog off
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME_MODULES, str(file)],
                          capture_output=True, text=True, env=env, timeout=120, check=True)
    at_first_frame, after_tools = done.stdout.splitlines()[-2:]
    assert at_first_frame == "['battlemap.rules.savage_pathfinder']"
    assert after_tools == ("['battlemap.desktop.gui.combat_tools', 'battlemap.geometry.index', "
                           "'battlemap.rules.savage_pathfinder', 'numpy', 'shapely']")


COLLECTOR_AT_THE_MAP_FRAME = """
import gc, sys
from PySide6.QtCore import QCoreApplication, QTimer
from battlemap.desktop import cli
from battlemap.desktop.gui import app as gui
real_map_painted = gui.map_painted
def map_painted(window):
    seen = [gc.isenabled()]
    real_map_painted(window)
    print(seen + [gc.isenabled(), window._combat_tools is not None], flush=True)
    QTimer.singleShot(0, QCoreApplication.instance().quit)
gui.map_painted = map_painted
print(gc.isenabled(), flush=True)
sys.exit(cli.main([sys.argv[1]]))
"""


def test_battlemap_file_runs_without_the_collector_until_the_map_has_painted(
    tmp_path: Path,
) -> None:
    """``battlemap FILE`` turns the garbage collector off before its GUI imports (its pauses,
    about 30 ms, held the map's first frame back) and on again with the combat tools, once
    that frame has painted."""
    file = write_bench_encounter(tmp_path, 256, 3, 8)
    env = {**installed_like(tmp_path), "QT_QPA_PLATFORM": "offscreen"}  # no autosave to offer
    done = subprocess.run([sys.executable, "-c", COLLECTOR_AT_THE_MAP_FRAME, str(file)],
                          capture_output=True, text=True, env=env, timeout=120, check=True)
    assert done.stdout.splitlines()[-2:] == ["True", "[False, True, True]"]


def test_a_window_that_never_paints_still_gets_its_combat_tools_and_its_collector(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a window opened minimized (or on a screen turned off) may never paint its map view:
    # what waits for the first frame runs anyway, once, after FIRST_FRAME_WAIT_MS
    monkeypatch.setattr(app, "FIRST_FRAME_WAIT_MS", 50)
    settings().remove("gm")
    window = QuietGMWindow(BattleState(small_encounter()))
    qtbot.addWidget(window)  # never shown: no paint comes
    calls: list[str] = []
    app.after_first_frame(window, lambda: calls.append("then"))
    qtbot.waitUntil(lambda: calls == ["then"], timeout=2000)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(100)
    assert calls == ["then"]  # the paint that comes later runs nothing again
