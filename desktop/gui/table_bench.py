"""The probe of ``battlemap bench table`` (:mod:`battlemap.desktop.commands.bench_table`): run as
``python -m battlemap.desktop.gui.table_bench MAP FOLDER ROUNDS`` on a platform with two screens, it
writes the map's encounter into FOLDER, opens it as ``battlemap FILE`` does, opens the player
view, drives real mouse and wheel events on the GM view and prints one ``ROW: {json}`` line per
interaction.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import random
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from battlemap.desktop.commands.bench_table import UVTT, summary
from battlemap.desktop.core.model import Background, Encounter, Fog, Side, Sight, Token
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import SETTLE_MS
from battlemap.desktop.gui.screens import screen_of
from battlemap.desktop.gui.style import CELL
from battlemap.rules.interface import Decision

PROFILE_VARIABLE = "BATTLEMAP_BENCH_PROFILE"
"""Set to the start of a row's name: that interaction runs under cProfile, its figures printed
after the rows (``# profile`` lines; the times then include the profiler's)."""
PROFILE = cProfile.Profile() if os.environ.get(PROFILE_VARIABLE) else None
HEROES = 6
PEAKS: list[float] = []
"""The peak resident sizes (MB) read before the peak was started afresh (the turned table's)."""
STEP_PX = 3
"""Screen pixels a mouse move goes (a finger or a mouse at a steady pace, 60 events a second)."""


def uvtt_encounter(folder: Path) -> Path:
    """The UVTT house and cave with six heroes and six goblins, as an encounter file."""
    from battlemap.desktop.core.uvtt import read_uvtt

    imported = read_uvtt(UVTT)
    (folder / "uvtt.png").write_bytes(imported.image)
    base = imported.encounter
    assert base.background is not None
    background = replace(base.background, path="uvtt.png", embedded=None)
    spots = [(3.5, 3.5), (5.5, 4.5), (7.5, 3.5), (4.5, 6.5), (6.5, 7.5), (3.5, 8.5),
             (12.5, 12.5), (14.5, 11.5), (15.5, 14.5), (11.5, 15.5), (16.5, 16.5), (9.5, 9.5)]
    tokens = tuple(_token(n, x, y) for n, (x, y) in enumerate(spots))
    return _save(folder, "uvtt", replace(base, tokens=tokens, background=background))


def dungeon_encounter(folder: Path, walls: int = 2000, pixels: int | None = 5000) -> Path:
    """The vision benchmark's dungeon (``walls`` walls, 100 x 100 cells at 2,000 and the same
    density beyond) with a ``pixels`` px image, or none."""
    from battlemap.desktop.core.vision_bench import vision_dungeon

    size = 100.0 * (walls / 2000) ** 0.5
    dungeon = vision_dungeon(walls=walls, size=size)
    tokens = tuple(_token(n, t.x, t.y) for n, t in enumerate(dungeon.tokens))
    background = None
    if pixels is not None:
        _write_image(folder / "dungeon.png", pixels)
        background = Background(path="dungeon.png", pixels_per_cell=pixels / size)
    return _save(folder, f"dungeon-{walls}",
                 replace(dungeon, tokens=tokens, background=background))


def big_encounter(folder: Path) -> Path:
    """The memory benchmark's 8192 px map (300 tokens, 2,000 wall segments), six heroes."""
    return _bench_map_encounter(folder, 8192, "big")


def huge_encounter(folder: Path) -> Path:
    """The same on a 16384 px map (256 x 256 cells, its PNG written in bands: 1.4 MB)."""
    return _bench_map_encounter(folder, 16384, "huge")


def _bench_map_encounter(folder: Path, pixels: int, name: str) -> Path:
    """The memory benchmark's encounter on a ``pixels`` square map, its first six tokens
    heroes with darkvision, saved as ``name``."""
    from battlemap.desktop.commands.bench_gui import write_bench_encounter
    from battlemap.desktop.core.fileformat import load_encounter

    encounter = load_encounter(write_bench_encounter(folder, pixels, 300, 2000))
    tokens = tuple(replace(t, side=Side.HERO if n < HEROES else Side.VILLAIN,
                           sight=Sight(darkvision=12.0))
                   for n, t in enumerate(encounter.tokens))
    return _save(folder, name, replace(encounter, tokens=tokens))


def _token(n: int, x: float, y: float) -> Token:
    hero = n < HEROES
    return Token(f"t{n}", f"{'Hero' if hero else 'Goblin'} {n}", x, y,
                 side=Side.HERO if hero else Side.VILLAIN,
                 sight=Sight(darkvision=12.0) if hero else Sight())


def _write_image(path: Path, pixels: int) -> None:
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(pixels, pixels, QImage.Format.Format_RGB32)
    image.fill(QColor("#b8a98a"))
    painter, rng = QPainter(image), random.Random(5)
    for _ in range(pixels // 8):
        x, y = rng.randrange(pixels), rng.randrange(pixels)
        painter.fillRect(x, y, rng.randrange(20, 160), rng.randrange(20, 120),
                         QColor(rng.randrange(90, 200), rng.randrange(80, 180), 110))
    painter.end()
    image.save(str(path))


def _save(folder: Path, name: str, encounter: Encounter) -> Path:
    from battlemap.desktop.core.fileformat import save_encounter

    file = folder / f"{name}.json"
    save_encounter(replace(encounter, fog=Fog(enabled=True)), file)
    return file


class Frames(QObject):
    """Counts the paints of the views it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = [0, 0]
        self.area = [0.0, 0.0]
        """Each window's painted share of its viewport (its region's rectangles), summed over
        its paints."""
        self._watched: list[QObject] = []

    def watch(self, *viewports: QObject) -> None:
        self._watched = list(viewports)
        for viewport in viewports:
            viewport.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched in self._watched:
            index = self._watched.index(watched)
            self.paints[index] += 1
            painted = sum(r.width() * r.height() for r in event.region())  # type: ignore[attr-defined]
            size = watched.size()  # type: ignore[attr-defined]
            self.area[index] += painted / max(size.width() * size.height(), 1)
        return False


class Driver:
    """Sends events to the GM view and times each to the end of the frames it causes."""

    def __init__(self, app: QApplication, window: GMWindow, frames: Frames) -> None:
        self.app, self.window, self.frames = app, window, frames
        self.viewport = window.view.viewport()
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.painted = [0, 0]
        self.area = [0.0, 0.0]
        self.painted_only = False
        """Keep only the events that painted a frame (a snapped drag moves by whole cells:
        the moves within a cell change nothing on screen)."""

    def start(self, painted_only: bool = False, name: str = "") -> None:
        self.settle()
        self.wall, self.cpu, self.painted, self.area = [], [], [0, 0], [0.0, 0.0]
        self.painted_only = painted_only
        if PROFILE is not None and name.startswith(os.environ[PROFILE_VARIABLE]):
            PROFILE.enable()

    def settle(self) -> None:
        for _ in range(5):
            self.app.processEvents()

    def timed(self, send: Callable[[], None], keep: bool = True, first: bool = False) -> None:
        """Time ``send`` to the end of the frames it causes (``first``: of the GM window's
        first frame, as an animation goes on after it)."""
        before, area = list(self.frames.paints), list(self.frames.area)
        wall, cpu = time.perf_counter(), time.thread_time()
        send()
        seen, passes = -1, 0
        while passes < 8:  # until a pass paints nothing more (scene updates are queued)
            self.app.processEvents()
            passes += 1
            total = sum(self.frames.paints)
            if (passes >= 2 and total == seen) or (first and self.frames.paints[0] > before[0]):
                break
            seen = total
        wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
        if self.painted_only and self.frames.paints == before:
            keep = False
        if keep:
            self.wall.append(wall * 1000)
            self.cpu.append(cpu * 1000)
            for k in range(2):
                self.painted[k] += self.frames.paints[k] - before[k]
                self.area[k] += self.frames.area[k] - area[k]

    def mouse(self, kind: QEvent.Type, pos: QPointF, button: Qt.MouseButton,
              buttons: Qt.MouseButton) -> None:
        glob = QPointF(self.viewport.mapToGlobal(pos.toPoint()))
        event = QMouseEvent(kind, pos, glob, button, buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(self.viewport, event)

    def wheel(self, pos: QPointF, notch: int) -> None:
        glob = QPointF(self.viewport.mapToGlobal(pos.toPoint()))
        event = QWheelEvent(pos, glob, QPoint(), QPoint(0, notch), Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(self.viewport, event)

    def row(self, name: str) -> None:
        if PROFILE is not None:
            PROFILE.disable()
        figures = summary(self.wall, self.cpu)
        print("ROW: " + json.dumps({
            "name": name, "n": len(self.wall), "low": figures.low, "median": figures.median,
            "p95": figures.p95, "high": figures.high, "over": figures.over, "cpu": figures.cpu,
            "frames": f"{self.painted[0]}/{self.painted[1]}",
            "area": "/".join(f"{a / max(n, 1):.0%}" for a, n in zip(self.area, self.painted,
                                                                   strict=True))}), flush=True)


LEFT, MIDDLE, NONE = Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton, Qt.MouseButton.NoButton
PRESS, MOVE, RELEASE = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove,
                        QEvent.Type.MouseButtonRelease)


def hero_point(window: GMWindow) -> QPointF:
    """Where the first hero is on the GM view's viewport."""
    token = next(t for t in window.state.encounter.tokens if t.side is Side.HERO)
    return QPointF(window.view.mapFromScene(QPointF(token.x * CELL, token.y * CELL)))


def drag(driver: Driver, moves: int, name: str | None, drop: bool = True) -> None:
    """Press on the first hero, move it to and fro until ``moves`` moves were kept (or twenty
    times as many were sent), release."""
    start = hero_point(driver.window)

    def press() -> None:  # and past the long press's slop before its timer can fire
        driver.mouse(PRESS, start, LEFT, LEFT)
        driver.mouse(MOVE, start + QPointF(STEP_PX, STEP_PX), NONE, LEFT)

    driver.timed(press, keep=False)
    for step in range(1, 20 * moves + 1):
        if len(driver.wall) >= moves and name is not None:
            break
        phase = step % 160
        offset = (phase if phase < 80 else 160 - phase) * STEP_PX
        at = start + QPointF(offset, offset / 3)
        driver.timed(lambda at=at: driver.mouse(MOVE, at, NONE, LEFT), keep=name is not None)
    if name is not None:
        driver.row(name)
    end = start + QPointF(STEP_PX * 4, STEP_PX * 4)
    driver.timed(lambda: driver.mouse(MOVE, end, NONE, LEFT), keep=False)
    if drop:
        driver.timed(lambda: driver.mouse(RELEASE, end, LEFT, NONE), keep=name is None)


def drops(driver: Driver, count: int, name: str) -> None:
    """``count`` drags dropped, each drop timed. A drop whose path crosses a wall is allowed
    as a GM who answers Yes allows it, so every timed drop commits its move (the question
    closed unanswered refused it: a refusal was timed, not a commit)."""
    interaction, asked = driver.window.interaction, []

    def yes(text: str) -> bool:
        asked.append(text)
        return True

    question, interaction.ask = interaction.ask, yes
    driver.start(name=name)
    for _ in range(count):
        drag(driver, 3, None)
    interaction.ask = question
    if asked:
        print(f"# {name}: {len(asked)} of {count} drops crossed a wall, allowed as the GM "
              "would (each committed)", flush=True)
    driver.row(name)


def drags(driver: Driver, rounds: int, name: str) -> None:
    driver.start(painted_only=True, name=name)
    drag(driver, rounds, name)


BURST = 4
"""Wheel notches in a burst (in, then out the next burst), each burst followed by its settle."""
REST_MS = 120
"""How long the bench leaves a burst resting before its settle is timed: as the GM's hand does
(the settle timer fires :data:`~battlemap.desktop.gui.map_view.SETTLE_MS`, 150 ms, after the
last step; the bench holds it back, :data:`HELD_MS`, and paints the settle itself, timed, so
a loaded machine's long pass cannot let it fire during the rest). The longest event-loop
pass of the rest is the row ``name`` + ", resting (longest block)"."""
HELD_MS = 60_000


def rest(driver: Driver, resting: Driver) -> None:
    """Handle events for :data:`REST_MS`; the longest single pass is kept in ``resting``."""
    end, longest, cpu = time.perf_counter() + REST_MS / 1000, 0.0, 0.0
    while time.perf_counter() < end:
        wall, thread = time.perf_counter(), time.thread_time()
        driver.app.processEvents()
        wall, thread = time.perf_counter() - wall, time.thread_time() - thread
        if wall > longest:
            longest, cpu = wall, thread
        time.sleep(0.001)
    resting.wall.append(longest * 1000)
    resting.cpu.append(cpu * 1000)


def wheel(driver: Driver, rounds: int, name: str, coarse: bool = True) -> None:
    """Bursts of :data:`BURST` notches at the viewport's centre (``rounds`` or more, as many
    out as in: the camera comes back); each burst's exact frames in
    both windows (what the settle timer paints :data:`~battlemap.desktop.gui.map_view.SETTLE_MS`
    after the last notch) timed apart, as the row ``name`` + ", settle". ``coarse`` False: every
    notch painted exact (the old way, the same-run reference)."""
    player = driver.window.player_window
    views = [driver.window.view, *([player.view] if player is not None else [])]
    for view in views:
        view.coarse_zoom = coarse
        view._settle.setInterval(HELD_MS)  # the bench paints each settle itself, timed
    settles = Driver(driver.app, driver.window, driver.frames)
    resting = Driver(driver.app, driver.window, driver.frames)

    def settle() -> None:
        for view in views:
            view.end_coarse()

    driver.start(name=name)
    centre = QPointF(driver.viewport.rect().center())
    for step in range(-(-rounds // (2 * BURST)) * 2 * BURST):  # as many out as in
        notch = 120 if (step // BURST) % 2 == 0 else -120
        driver.timed(lambda notch=notch: driver.wheel(centre, notch))
        if step % BURST == BURST - 1:
            if coarse:
                rest(driver, resting)
            settles.timed(settle)
    driver.row(name)
    if coarse:
        settles.row(f"{name}, settle")
        resting.row(f"{name}, resting (longest block)")
    for view in views:
        view.coarse_zoom = True
        view._settle.setInterval(SETTLE_MS)


PINCH_PX = 4
"""How far each finger moves a pinch step (screen pixels, apart or together)."""


def pinch(driver: Driver, rounds: int, name: str, coarse: bool = True) -> None:
    """Two fingers on the GM view, 120 px apart about its middle, spreading then closing by
    :data:`PINCH_PX` each a step (touch events as the window system sends them, through
    ``QTest.touchEvent``), in bursts of :data:`BURST` steps (the fingers come back); each
    burst's exact frames timed apart, as the row ``name`` + ", settle". ``coarse`` False:
    every step painted exact (the same-run reference)."""
    from PySide6.QtTest import QTest

    device = QTest.createTouchDevice()
    top, centre = driver.window, driver.viewport.rect().center()
    player = driver.window.player_window
    views = [driver.window.view, *([player.view] if player is not None else [])]

    def fingers(kinds: tuple[str, str], spread: int) -> None:
        sequence = QTest.touchEvent(top, device, False)
        for finger, (kind, side) in enumerate(zip(kinds, (-1, 1), strict=True)):
            where = driver.viewport.mapTo(top, centre + QPoint(side * spread, 0))
            getattr(sequence, kind)(finger, where)
        sequence.commit()

    def settle() -> None:
        for view in views:
            view.end_coarse()

    def first() -> None:
        sequence = QTest.touchEvent(top, device, False)
        sequence.press(0, driver.viewport.mapTo(top, centre + QPoint(-60, 0)))
        sequence.commit()
        fingers(("move", "press"), 60)

    for view in views:
        view.coarse_zoom = coarse
        view._settle.setInterval(HELD_MS)  # the bench paints each settle itself, timed
    settles = Driver(driver.app, driver.window, driver.frames)
    resting = Driver(driver.app, driver.window, driver.frames)
    driver.timed(first, keep=False)
    driver.start(name=name)
    spread = 60
    for step in range(-(-rounds // (2 * BURST)) * 2 * BURST):  # as many closing as spreading
        spread += PINCH_PX if (step // BURST) % 2 == 0 else -PINCH_PX
        driver.timed(lambda spread=spread: fingers(("move", "move"), spread))
        if step % BURST == BURST - 1:
            if coarse:
                rest(driver, resting)
            settles.timed(settle)
    driver.row(name)
    if coarse:
        settles.row(f"{name}, settle")
        resting.row(f"{name}, resting (longest block)")
    driver.timed(lambda: fingers(("release", "release"), spread), keep=False)
    settle()
    for view in views:
        view.coarse_zoom = True
        view._settle.setInterval(SETTLE_MS)


PAN_ZOOM = 1.0015 ** 240
"""The pan runs two wheel notches in from the opening camera (which fits the map: no room)."""


def pan(driver: Driver, rounds: int, name: str) -> None:
    view = driver.window.view
    view.zoom_by(PAN_ZOOM)
    driver.start(name=name)
    start = QPointF(driver.viewport.rect().center())
    driver.timed(lambda: driver.mouse(PRESS, start, MIDDLE, MIDDLE), keep=False)
    for step in range(1, rounds + 1):
        phase = step % 60
        offset = (phase if phase < 30 else 60 - phase) * 4 * STEP_PX
        at = start + QPointF(offset, offset / 2)
        driver.timed(lambda at=at: driver.mouse(MOVE, at, NONE, MIDDLE))
    driver.timed(lambda: driver.mouse(RELEASE, start, MIDDLE, NONE), keep=False)
    driver.row(name)
    view.zoom_by(1 / PAN_ZOOM)


TURN = 90
"""Degrees the table is turned for the turned rows (players on the long side of a table)."""
TURNED_DETAIL = 0.35
"""The table's screen pixels per map pixel the turned rows start from: past 1/4, so the table
paints from the full-size image."""


def turned_table(driver: Driver, rounds: int, label: str) -> None:
    """The table turned :data:`TURN` degrees and the GM zoomed in until the table shows the map
    at :data:`TURNED_DETAIL` or more; wheel bursts (the table following) and a pan, then the
    table upright and the camera back. The peak resident size of this part is printed apart
    (``#`` lines): before it, and from the turn on."""
    window, player = driver.window, driver.window.player_window
    background = window.state.encounter.background
    assert player is not None and background is not None
    before = window.view.camera()
    print(f"# peak resident before the table turned: {_peak_mb():.0f} MB", flush=True)
    PEAKS.append(_peak_mb())
    _forget_peak()
    player.set_rotation(TURN)
    for _ in range(30):  # (the GM's zoom has a ceiling)
        if player.view.zoom * CELL / background.pixels_per_cell >= TURNED_DETAIL:
            break
        window.view.zoom_by(1.25)
        driver.settle()
    detail = player.view.zoom * CELL / background.pixels_per_cell
    wheel(driver, max(rounds // 4, 8), f"wheel notch, {label}, table turned {TURN}")
    pan(driver, rounds, f"pan, {label}, table turned {TURN}")
    print(f"# peak resident with the table turned {TURN} degrees (the GM zoomed in until the "
          f"table showed {detail:.2f} screen px a map pixel, then the rows): {_peak_mb():.0f} MB",
          flush=True)
    player.set_rotation(0)
    window.view.set_camera(*before)
    driver.settle()


def hover(driver: Driver, rounds: int, name: str) -> None:
    """The mouse moving from token to token (no button): the hover card follows."""
    view = driver.window.view
    spots = [QPointF(view.mapFromScene(QPointF(t.x * CELL, t.y * CELL)))
             for t in driver.window.state.encounter.tokens[:12]]
    driver.start()
    for step in range(rounds):
        here, there = spots[step // 10 % len(spots)], spots[(step // 10 + 1) % len(spots)]
        at = here + (there - here) * ((step % 10) / 10)
        driver.timed(lambda at=at: driver.mouse(MOVE, at, NONE, NONE))
    driver.row(name)


SYSTEM_DEMOS = {"gurps": "gurps-duel.json", "storypath": "storypath-firefight.json",
                "fate": "fate-arena.json", "spf": "goblin-ambush.json"}
"""The demo battle of each game system (``--maps gurps,storypath,fate,spf``)."""


def system_encounter(folder: Path, name: str) -> Path:
    """The demo battle of one game system, fog and the heroes' vision on."""
    from battlemap.desktop import ASSETS_DIR
    from battlemap.desktop.core.fileformat import load_encounter

    return _save(folder, name, load_encounter(ASSETS_DIR / "demo" / SYSTEM_DEMOS[name]))


def _first_allowed(question: Decision) -> tuple[str, ...]:
    """The bench's answer to a prompt: its first allowed choice (no dialog waits)."""
    return (question.allowed[0].id,) if question.allowed else ()


def _targets(window: GMWindow, attacker: str) -> list[str]:
    """The other tokens in sight, foes of ``attacker`` first."""
    encounter = window.state.encounter
    side = encounter.token(attacker).side
    others = [t for t in encounter.tokens if not t.hidden and t.id != attacker]
    return [t.id for t in sorted(others, key=lambda t: t.side is side)]


def _pair(driver: Driver, tool: str) -> tuple[str, str] | None:
    """An attacker (heroes first) and a target the ``tool`` (``tool_attack`` or
    ``tool_template``) previews without a problem (a template: fires), or None."""
    window = driver.window
    tokens = sorted((t for t in window.state.encounter.tokens if not t.hidden),
                    key=lambda t: t.side is not Side.HERO)
    for attacker in (t.id for t in tokens):
        _select_attacker(driver, attacker)
        window.actions_by_name[tool].trigger()
        for target in _targets(window, attacker):
            driver.timed(lambda t=target: driver.mouse(MOVE, _spot(window, t), NONE, NONE),
                         keep=False)
            if tool == "tool_attack":
                aim = window.combat_tools.attack.tool.aim
                if aim is not None and aim.target == target and aim.error is None and (
                        aim.preview is not None and aim.preview.problem is None):
                    return attacker, target
            else:  # a template fires or says why not only when clicked: try, undo
                entries = len(window.state.encounter.log)
                driver.timed(lambda t=target: _click(driver, _spot(window, t)), keep=False)
                if len(window.state.encounter.log) > entries:
                    driver.timed(lambda: window.state.undo(), keep=False)
                    return attacker, target
    return None


def _no_pair(driver: Driver, name: str, tool: str) -> None:
    """Say that no token could use ``tool`` (the system offers none: FATE's templates)."""
    why = driver.window.statusBar().currentMessage()
    print(f"# {name}: not measured, no token can use {tool} here ({why})", flush=True)


def _spot(window: GMWindow, token_id: str) -> QPointF:
    token = window.state.encounter.token(token_id)
    return QPointF(window.view.mapFromScene(QPointF(token.x * CELL, token.y * CELL)))


def _click(driver: Driver, at: QPointF) -> None:
    driver.mouse(PRESS, at, LEFT, LEFT)
    driver.mouse(MOVE, at, NONE, LEFT)
    driver.mouse(RELEASE, at, LEFT, NONE)


def _select_attacker(driver: Driver, attacker: str) -> None:
    window = driver.window
    window.actions_by_name["tool_select"].trigger()
    driver.timed(lambda: _click(driver, _spot(window, attacker)), keep=False)


def aimed_hover(driver: Driver, rounds: int, name: str) -> None:
    """The Attack tool with the first hero as attacker: the mouse goes from one foe's centre
    to the next (each move a new target: the line of fire, the card and its odds)."""
    window = driver.window
    pair = _pair(driver, "tool_attack")
    if pair is None:
        return _no_pair(driver, name, "the Attack tool")
    targets = _targets(window, pair[0])
    driver.start(painted_only=True, name=name)
    for step in range(rounds):
        at = _spot(window, targets[step % len(targets)]) + QPointF(step % 3, 0)
        driver.timed(lambda at=at: driver.mouse(MOVE, at, NONE, NONE))
    driver.row(name)


def attack_clicks(driver: Driver, count: int, name: str) -> None:
    """Attack clicks on a foe (dice from a seeded source, prompts answered with their first
    choice), each timed from the press to the end of the GM window's first frame after it
    (the animation goes on); each attack is undone before the next. A first click, not
    timed and kept, commits the fog's memory of what the heroes see, as a battle's first
    commit does (each click would redo it otherwise); when it leaves the target beyond
    attack (the FATE demo's took Warrior 2 out, and the first timed click was refused), it is
    undone and the memory committed alone."""
    from battlemap.rules.dice import RandomDice

    window = driver.window
    controller = window.combat_tools.attack
    controller.tool.dice = lambda: RandomDice(7)
    controller.tool.ask = _first_allowed
    pair = _pair(driver, "tool_attack")
    if pair is None:
        return _no_pair(driver, name, "the Attack tool")
    target = pair[1]
    driver.timed(lambda: driver.mouse(MOVE, _spot(window, target), NONE, NONE), keep=False)
    warm_up = _spot(window, target)  # the first commit remembers what the heroes see now
    undo = window.state.undo_label
    driver.timed(lambda: _click(driver, warm_up), keep=False)
    driver.timed(lambda: driver.mouse(MOVE, warm_up + QPointF(1, 0), NONE, NONE), keep=False)
    aim = controller.tool.aim
    if window.state.undo_label != undo and not (  # the target cannot be attacked again:
            aim is not None and aim.target == target and aim.error is None  # undo the
            and aim.preview is not None and aim.preview.problem is None):  # attack, keep
        state = window.state  # the fog's memory alone (the FATE demo's target was taken out)
        driver.timed(lambda: state.undo(), keep=False)
        driver.timed(lambda: state.apply("Remember what the heroes see", state.encounter),
                     keep=False)
        driver.timed(lambda: driver.mouse(MOVE, warm_up, NONE, NONE), keep=False)
    driver.start(name=name)
    logged = 0
    for round_ in range(count):
        at = _spot(window, target)
        entries = len(window.state.encounter.log)
        driver.timed(lambda at=at: _click(driver, at), first=True)
        log = window.state.encounter.log
        logged += len(log) > entries
        if round_ == 0:  # what the click did, in words (an attack is logged; else the bar)
            print(f"# {name}: " + (log[-1].title if len(log) > entries else
                                   "nothing logged: " + window.statusBar().currentMessage()),
                  flush=True)
        driver.timed(lambda: window.state.undo(), keep=False)
        driver.timed(lambda at=at: driver.mouse(MOVE, at + QPointF(1, 0), NONE, NONE),
                     keep=False)
    print(f"# {name}: {logged} of {count} clicks logged an attack", flush=True)
    driver.row(name)


def template_clicks(driver: Driver, count: int, name: str) -> None:
    """Template tool clicks (the bar's shape) on a foe: as :func:`attack_clicks`, the
    friendly-fire question answered yes."""
    from battlemap.rules.dice import RandomDice

    window = driver.window
    templates = window.combat_tools.templates
    templates.tool.dice = lambda: RandomDice(7)
    templates.tool.ask = _first_allowed
    templates.ask = lambda _question: True
    pair = _pair(driver, "tool_template")
    if pair is None:
        window.actions_by_name["tool_select"].trigger()
        return _no_pair(driver, name, "the Template tool")
    target = pair[1]
    driver.timed(lambda: driver.mouse(MOVE, _spot(window, target), NONE, NONE), keep=False)
    warm_up = _spot(window, target)  # the first commit remembers what the heroes see now
    driver.timed(lambda: _click(driver, warm_up), keep=False)
    driver.start(name=name)
    logged = 0
    for round_ in range(count):
        at = _spot(window, target)
        entries = len(window.state.encounter.log)
        driver.timed(lambda at=at: _click(driver, at), first=True)
        log = window.state.encounter.log
        logged += len(log) > entries
        if round_ == 0:  # what the click did, in words (an attack is logged; else the bar)
            print(f"# {name}: " + (log[-1].title if len(log) > entries else
                                   "nothing logged: " + window.statusBar().currentMessage()),
                  flush=True)
        driver.timed(lambda: window.state.undo(), keep=False)
        driver.timed(lambda at=at: driver.mouse(MOVE, at + QPointF(1, 0), NONE, NONE),
                     keep=False)
    print(f"# {name}: {logged} of {count} clicks logged an attack", flush=True)
    driver.row(name)
    window.actions_by_name["tool_select"].trigger()


def _close_dialog(app: QApplication) -> None:
    dialog = app.activeModalWidget() or app.activePopupWidget()  # a long press's menu too
    if dialog is not None:
        print(f"# closed a dialog the bench cannot answer: {dialog.windowTitle()!r}",
              flush=True)
        dialog.close()


def fog_off(window: GMWindow) -> None:
    encounter = window.state.encounter
    window.state.apply("Fog off", replace(encounter, fog=replace(encounter.fog, enabled=False)))


def _resident_mb() -> float | None:
    """The process's resident size now (MB), where ``/proc`` tells it (Linux)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _forget_peak() -> str:
    """Start the peak resident size afresh (Linux: ``/proc/self/clear_refs``); what the peak
    printed at the end counts from."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return "the bench's start (the map file written in this process)"
    return "opening the map"


def _peak_mb() -> float:
    """The peak resident size (MB): ``VmHWM`` where ``/proc`` tells it, else ``ru_maxrss``."""
    try:
        status = Path("/proc/self/status").read_text().splitlines()
        return int(next(ln for ln in status if ln.startswith("VmHWM:")).split()[1]) / 1024
    except (OSError, StopIteration, ValueError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str]) -> int:
    name, folder, rounds = argv[0], Path(argv[1]), int(argv[2])
    from battlemap.desktop.gui.app import open_window
    from battlemap.desktop.gui.render import ensure_app

    app = ensure_app()
    makers = {"uvtt": uvtt_encounter, "dungeon": dungeon_encounter, "big": big_encounter,
              "huge": huge_encounter,
              "mega": lambda f: dungeon_encounter(f, walls=20000, pixels=None),
              "walls-500": lambda f: dungeon_encounter(f, walls=500, pixels=None),
              **{system: lambda f, s=system: system_encounter(f, s) for system in SYSTEM_DEMOS}}
    file = makers[name](folder)
    peak_from = _forget_peak()  # writing the map file is the bench's work, not the program's
    print(f"# the peak resident size at the end counts from {peak_from}", flush=True)
    closer = QTimer(app, interval=50)  # a prompt would wait for a GM (a refused map's too)
    closer.timeout.connect(lambda: _close_dialog(app))
    closer.start()
    window = open_window(str(file))
    window.toggle_player_view()
    deadline = time.monotonic() + 600
    if window.scene.background_error is not None:  # a map refused (16384 px before it was taken)
        print(f"# the map was not shown: {window.scene.background_error}", flush=True)
        return finish()
    wanted = window.state.encounter.background is not None
    while wanted and window.scene.background_size() is None and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    player = window.player_window
    assert player is not None
    frames = Frames()
    frames.watch(window.view.viewport(), player.view.viewport())
    driver = Driver(app, window, frames)
    for _ in range(20):
        driver.settle()
    sizes = (f"GM {window.view.viewport().width()}x{window.view.viewport().height()}, "
             f"table {player.view.viewport().width()}x{player.view.viewport().height()} "
             f"on {screen_of(player).name()}")
    label = {"uvtt": "UVTT house and cave", "dungeon": "2,000 walls, 5000 px",
             "big": "8192 px map", "huge": "16384 px map", "mega": "20,000 walls",
             "walls-500": "500 walls",
             **{system: f"{system} demo" for system in SYSTEM_DEMOS}}[name]
    print(f"# {label}: {sizes}", flush=True)
    opened = _resident_mb()
    if opened is not None:
        print(f"# resident with both windows open, before the interactions: {opened:.0f} MB",
              flush=True)
    drops_count = max(min(rounds // 10, 30), 5)
    if name in SYSTEM_DEMOS:
        return systems_rows(driver, rounds, label)
    if name in ("mega", "walls-500"):
        drags(driver, rounds, f"drag, {label}")
        drops(driver, drops_count, f"drop, {label}")
    else:
        drags(driver, rounds, f"drag, {label}")
        drops(driver, drops_count, f"drop, {label}")
        wheel(driver, max(rounds // 4, 8), f"wheel notch, {label}, table following")
        wheel(driver, max(rounds // 4, 8),
              f"wheel notch, {label}, exact frames (reference)", coarse=False)
        pinch(driver, max(rounds // 4, 8), f"pinch, {label}, table following")
        pinch(driver, max(rounds // 4, 8), f"pinch, {label}, exact frames (reference)",
              coarse=False)
        pan(driver, rounds, f"pan, {label}")
        hover(driver, rounds, f"hover, {label}")
        turned_table(driver, rounds, label)
    fog_off(window)
    driver.settle()
    if name != "mega":
        drags(driver, rounds, f"drag, {label}, fog off (reference)")
        pan(driver, rounds, f"pan, {label}, fog off (reference)")
    drops(driver, drops_count, f"drop, {label}, fog off (reference)")
    return finish()


def systems_rows(driver: Driver, rounds: int, label: str) -> int:
    """A game system's demo: the hover card, an attack click and a Template click, then the
    same hover with the fog off (the reference)."""
    clicks = max(min(rounds // 5, 20), 3)
    aimed_hover(driver, rounds, f"hover card, {label}")
    attack_clicks(driver, clicks, f"attack click, {label}")
    template_clicks(driver, clicks, f"template click, {label}")
    fog_off(driver.window)
    driver.settle()
    aimed_hover(driver, rounds, f"hover card, {label}, fog off (reference)")
    return finish()


def finish() -> int:
    """The profile (when asked for) and the peak resident memory, as ``#`` lines."""
    if PROFILE is not None:
        text = io.StringIO()
        pstats.Stats(PROFILE, stream=text).sort_stats("cumulative").print_stats(45)
        print("\n".join("# profile " + line for line in text.getvalue().splitlines()))
    print(f"# peak resident {max([*PEAKS, _peak_mb()]):.0f} MB", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
