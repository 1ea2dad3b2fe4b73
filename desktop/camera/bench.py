"""The synthetic camera bench (issue 30): what ``battlemap bench camera`` prints.

Every figure comes from frames rendered by :mod:`battlemap.desktop.camera.synthetic` (random cameras
tilted up to 40 degrees, blur, noise, glare, a hand), with the truth known:

- :func:`calibration_trials`: the worst error of the fitted homography over the whole display,
  in mm on a 1 m table, and the reprojection error the GM is shown;
- :func:`position_trials`: how far a detected mini is from where it stands, in cells (the
  frame searched whole, and by the finder in the mini's window);
- :func:`photo_trials`: the detector on photographs of the printed sheet (made with OpenCV's
  generator and spoiled as a photo is: no package ships real ones);
- :func:`occlusion_run`: a hand sweeping over six bound minis while one is lifted and put
  down elsewhere; every token move is checked against where its mini stands;
- :func:`latency_run`: the same frames through
  :class:`~battlemap.desktop.camera.capture.CaptureWorker` read at 30 fps as a camera gives them
  (the newest frame detected, the stale ones dropped and counted): detection in the worker thread by
  the :class:`~battlemap.desktop.camera.finder.MarkerFinder`, the move applied in the main thread
  (standing in for the GUI's), the time from reading a frame to the follower done with it and
  from reading the frame that settles a mini to its token moved;
- :func:`whole_box_ms`: the reference, the same frames searched whole as before the finder.

A timed figure is printed as the least, the median and the greatest of its run.
"""

from __future__ import annotations

import copy
import math
import os
import queue
import statistics
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from battlemap.desktop.camera.calibration import (
    Detector,
    apply,
    calibrate,
    camera_to_cells,
    fiducial_layout,
    marker_centres,
    render_fiducials,
)
from battlemap.desktop.camera.capture import DETECTION_THREADS, CaptureWorker, FrameResult
from battlemap.desktop.camera.finder import BANDS, MarkerFinder
from battlemap.desktop.camera.markers import BASE_IDS
from battlemap.desktop.camera.session import CameraSession
from battlemap.desktop.camera.synthetic import (
    Camera,
    Table,
    camera_frame,
    place_minis,
    printed_photo,
    random_camera,
    render_map,
)
from battlemap.desktop.camera.tracking import Point
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.state import BattleState

TABLE = Table()


@dataclass(frozen=True, slots=True)
class Figure:
    """One printed figure: its name, value, unit and the target it is held to."""

    name: str
    value: float
    unit: str
    target: str
    met: bool
    low: float | None = None
    """A timed figure's least (its ``value`` is the median) and greatest."""
    high: float | None = None


def calibration_trials(trials: int, seed: int = 0) -> tuple[float, float, float]:
    """(worst error over the display in mm, worst reprojection error shown in mm, steepest
    tilt in degrees) over ``trials`` random cameras."""
    rng = np.random.default_rng(seed)
    layout = fiducial_layout(*TABLE.size)
    detector = Detector()
    worst = shown = steepest = 0.0
    grid = np.array([[x, y] for x in np.linspace(0, TABLE.size[0], 20)
                     for y in np.linspace(0, TABLE.size[1], 12)])
    for _ in range(trials):
        camera = random_camera(TABLE, rng)
        frame = camera_frame(TABLE, camera, render_fiducials(*TABLE.size, layout), rng)
        fit = calibrate(detector.detect(frame), layout)
        back = apply(fit.matrix, apply(camera.homography, grid))
        error_px = float(np.sqrt(((back - grid) ** 2).sum(axis=1)).max())
        worst = max(worst, error_px / TABLE.pixels_per_inch * 25.4)
        shown = max(shown, fit.error_mm(TABLE.pixels_per_inch))
        steepest = max(steepest, camera.tilt)
    return worst, shown, steepest


def random_minis(rng: np.random.Generator, count: int, table: Table = TABLE) -> dict[
        int, Point]:
    """``count`` minis on distinct cell centres of the map the table shows, clear of the
    display's edge."""
    columns, rows = int(table.size[0] / table.cell_px), int(table.size[1] / table.cell_px)
    cells = rng.choice((columns - 4) * (rows - 4), size=count, replace=False)
    return {8 + i: (float(c % (columns - 4) + 2.5), float(c // (columns - 4) + 2.5))
            for i, c in enumerate(cells)}


def position_trials(trials: int, seed: int = 1) -> tuple[float, int, int, float]:
    """(worst distance in cells of a detected mini from where it stands, minis found, minis
    placed; the worst distance once the finder knows them, in their windows) over
    ``trials`` random cameras, six minis each."""
    rng = np.random.default_rng(seed)
    layout = fiducial_layout(*TABLE.size)
    detector = Detector()
    tracking = Detector.for_tracking()
    worst, found, placed, windowed = 0.0, 0, 0, 0.0
    for _ in range(trials):
        camera = random_camera(TABLE, rng)
        fit = calibrate(detector.detect(camera_frame(
            TABLE, camera, render_fiducials(*TABLE.size, layout), rng)), layout)
        minis = random_minis(rng, 6)
        frame = camera_frame(TABLE, camera, place_minis(render_map(TABLE, rng), TABLE, minis),
                             rng)
        box = fit.display_box(TABLE.size, TABLE.camera_size)
        to_cells = camera_to_cells(fit, TABLE.view())
        seen = marker_centres(tracking.detect(frame, box), to_cells)
        finder = MarkerFinder()
        for _ in range(BANDS + 1):  # a round of bands finds them, then their windows
            known = marker_centres(finder.find(frame, box), to_cells)
        placed += len(minis)
        for marker_id, (x, y) in minis.items():
            if marker_id in seen:
                found += 1
                worst = max(worst, math.hypot(seen[marker_id][0] - x, seen[marker_id][1] - y))
            if marker_id in known:
                windowed = max(windowed, math.hypot(known[marker_id][0] - x,
                                                    known[marker_id][1] - y))
    return worst, found, placed, windowed


def photo_trials(count: int, seed: int = 10) -> tuple[int, int, int, float]:
    """(markers read, markers on the sheets, ids misread, worst centre error in px) over
    ``count`` photographs of the printed sheet of all 42 base markers
    (:func:`~battlemap.desktop.camera.synthetic.printed_photo`: paper, slant, lens distortion,
    defocus, noise, JPEG), each read whole by the calibration's detector, as tests/data/camera's
    are."""
    rng = np.random.default_rng(seed)
    detector = Detector()
    read = total = misread = 0
    worst = 0.0
    for i in range(count):
        photo = printed_photo(rng, BASE_IDS, size=((1280, 720), (1920, 1080))[i % 2],
                              fill=float(rng.uniform(0.75, 0.95)))
        image = cv2.imdecode(np.frombuffer(photo.jpeg, np.uint8), cv2.IMREAD_COLOR)
        if image is None:
            raise ValueError("a generated photo could not be decoded")
        found = detector.detect(image)
        total += len(photo.truth)
        misread += len(set(found) - set(photo.truth))
        for marker_id, corners in found.items():
            if marker_id in photo.truth:
                read += 1
                worst = max(worst, float(np.hypot(*(corners.mean(axis=0)
                                                    - photo.truth[marker_id]))))
    return read, total, misread, worst


@dataclass(frozen=True, slots=True)
class Scenario:
    """A camera, its calibrated session, the encounter with a token on each mini, and the
    frames of a hand sweeping across while mini ``lifted`` is lifted and put down at
    ``put_at``; ``where[i]``: where each mini stands in frame ``i`` (absent: lifted)."""

    table: Table
    camera: Camera
    session: CameraSession
    encounter: Encounter
    frames: tuple[np.ndarray, ...]
    where: tuple[dict[int, Point], ...]
    lifted: int
    put_at: Point


def scenario(frames: int = 60, seed: int = 2, table: Table = TABLE) -> Scenario:
    """Six bound minis, ``frames`` frames: the first tenth still (taken as they stand), then a
    hand sweeps across the table over the middle half while mini 8 is lifted (absent for a
    fifth of the frames) and put down three cells on."""
    rng = np.random.default_rng(seed)
    camera = random_camera(table, rng)
    layout = fiducial_layout(*table.size)
    session = CameraSession()
    session.calibrate(Detector().detect(camera_frame(
        table, camera, render_fiducials(*table.size, layout), rng)), layout,
        table.pixels_per_inch)
    minis = random_minis(rng, 6, table)
    tokens = tuple(Token(id=f"t{m}", name=f"Mini {m}", x=x, y=y) for m, (x, y) in minis.items())
    encounter = Encounter(tokens=tokens)
    for marker_id in minis:
        session.follower.bind(marker_id, f"t{marker_id}", encounter)
    lifted = 8
    x, y = minis[lifted]
    columns = int(table.size[0] / table.cell_px)
    put_at = (x + 3 if x + 3 < columns - 1 else x - 3, y)
    background = render_map(table, rng)
    lift_from, lift_to = frames * 4 // 10, frames * 6 // 10
    rendered, where = [], []
    for i in range(frames):
        now = dict(minis)
        if lift_from <= i < lift_to:
            del now[lifted]
        elif i >= lift_to:
            now[lifted] = put_at
        hand = (i - frames / 4) / (frames / 2) if frames / 4 <= i < frames * 3 / 4 else None
        display = place_minis(background, table, now)
        rendered.append(camera_frame(table, camera, display, rng, hand=hand))
        where.append(now)
    return Scenario(table, camera, session, encounter, tuple(rendered), tuple(where), lifted,
                    put_at)


@dataclass(frozen=True, slots=True)
class MoveCheck:
    """Token moves made by the camera in a scenario: all, right (onto its mini's square),
    wrong (anywhere else, or a token whose mini did not move)."""

    moves: int
    right: int
    wrong: int
    refusals: tuple[str, ...]


def _check(encounter: Encounter, token_id: str, standing: dict[int, Point]) -> bool:
    marker_id = int(token_id[1:])
    if marker_id not in standing:
        return False
    token = encounter.token(token_id)
    x, y = standing[marker_id]
    return math.hypot(token.x - x, token.y - y) < 0.25


def _box(run: Scenario) -> tuple[int, int, int, int]:
    assert run.session.calibration is not None
    return run.session.calibration.display_box(run.table.size, run.table.camera_size)


def occlusion_run(run: Scenario) -> MoveCheck:
    """Every frame of the scenario through the finder and the session, in this thread."""
    session = copy.deepcopy(run.session)  # each run follows from the bound, calibrated start
    finder, state = MarkerFinder(), BattleState(run.encounter)
    box = _box(run)
    right = wrong = 0
    refusals: list[str] = []
    for frame, standing in zip(run.frames, run.where, strict=True):
        for move in session.frame(finder.find(frame, box), run.table.view(),
                                  state.encounter):
            if move.commit is None or move.commit.confirm is not None:  # no GM to ask
                refusals.append(move.message)
                continue
            state.apply(move.commit.label, move.commit.encounter)
            if _check(state.encounter, move.token_id, standing):
                right += 1
            else:
                wrong += 1
    return MoveCheck(right + wrong, right, wrong, tuple(refusals))


class ListSource:
    """Frames held in memory, as a camera would give them."""

    def __init__(self, frames: Sequence[np.ndarray]) -> None:
        self._frames = list(frames)

    def read(self) -> np.ndarray | None:
        return self._frames.pop(0) if self._frames else None

    def close(self) -> None:
        self._frames.clear()


@dataclass(frozen=True, slots=True)
class Latency:
    """Milliseconds from reading the frame that settles a mini to its token moved (each
    move), from reading each frame detected to the follower done with it (what a move in
    that frame would take), detection per frame, the frames dropped, and the threads that
    detected and moved."""

    move_ms: tuple[float, ...]
    frame_ms: tuple[float, ...]
    detect_ms: tuple[float, ...]
    dropped: int
    detected_in: frozenset[str]
    moved_in: str
    check: MoveCheck


def latency_run(run: Scenario, fps: float | None = 30.0) -> Latency:
    """The scenario's frames through a :class:`CaptureWorker` read at ``fps`` as a camera
    gives them (a frame detection has not taken when the next comes is dropped; None: every
    frame, as fast as detection goes); this thread applies the moves (the GUI thread's
    part)."""
    results: queue.Queue[FrameResult | None] = queue.Queue()
    worker = CaptureWorker(ListSource(run.frames), results.put, lambda reason: results.put(None),
                           fps)
    worker.box, worker.tracking = _box(run), True
    session = copy.deepcopy(run.session)
    state = BattleState(run.encounter)
    move_ms: list[float] = []
    frame_ms: list[float] = []
    detect_ms: list[float] = []
    dropped = 0
    threads: set[str] = set()
    right = wrong = 0
    refusals: list[str] = []
    worker.start()
    while (result := results.get(timeout=30)) is not None:
        detect_ms.append((result.detected_at - result.taken_at) * 1000)
        dropped = result.dropped
        threads.add(result.thread)
        standing = run.where[result.index]
        for move in session.frame(result.markers, run.table.view(), state.encounter):
            if move.commit is None or move.commit.confirm is not None:  # no GM to ask
                refusals.append(move.message)
                continue
            state.apply(move.commit.label, move.commit.encounter)
            move_ms.append((time.perf_counter() - result.read_at) * 1000)
            if _check(state.encounter, move.token_id, standing):
                right += 1
            else:
                wrong += 1
        frame_ms.append((time.perf_counter() - result.read_at) * 1000)
    worker.stop()
    return Latency(tuple(move_ms), tuple(frame_ms), tuple(detect_ms), dropped,
                   frozenset(threads),
                   threading.current_thread().name,
                   MoveCheck(right + wrong, right, wrong, tuple(refusals)))


def load_line() -> str:
    """The machine's load while the bench ran: the times above depend on it."""
    cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except OSError:
        return f"{cores} cores"
    return f"{cores} cores, load average {load:.1f} (the times grow with it)"


def whole_box_ms(run: Scenario, frames: int = 12) -> tuple[float, ...]:
    """The reference: milliseconds a frame of the scenario takes searched whole (the box of
    the display, both threshold windows) by one detector, in this thread, as every frame
    was before :class:`MarkerFinder`."""
    detector, box = Detector.for_tracking(), _box(run)
    times = []
    for frame in run.frames[:frames]:
        started = time.perf_counter()
        detector.detect(frame, box)
        times.append((time.perf_counter() - started) * 1000)
    return tuple(times)


def _spread(values: Sequence[float]) -> tuple[float, float, float]:
    return min(values), statistics.median(values), max(values)


def figures(trials: int = 5, frames: int = 60) -> list[Figure]:
    """Every figure of the bench, each with its target; a timed figure is the median of its
    run, with its least and greatest."""
    worst, shown, steepest = calibration_trials(trials)
    position, found, placed, windowed = position_trials(trials)
    read, printed, misread, photo_px = photo_trials(min(trials, 4))
    run = scenario(frames)
    occluded = occlusion_run(run)
    timed = latency_run(run)
    cv2.setNumThreads(DETECTION_THREADS)  # the reference on the worker's footing
    whole = _spread(whole_box_ms(run))
    cv2.setNumThreads(-1)
    detect, each = _spread(timed.detect_ms), _spread(timed.frame_ms)
    moved = _spread(timed.move_ms) if timed.move_ms else (math.inf,) * 3
    off_gui = timed.moved_in not in timed.detected_in
    return [
        Figure(f"calibration error, worst over the display ({trials} cameras, tilt up to "
               f"{steepest:.0f} deg)", worst, "mm", "<= 2 mm on a 1 m table", worst <= 2.0),
        Figure("reprojection error shown to the GM, worst", shown, "mm", "<= 2 mm",
               shown <= 2.0),
        Figure("mini position, worst (frame searched whole)", position, "cells",
               "<= 0.25 cell", position <= 0.25),
        Figure("mini position, worst (finder: in its window)", windowed, "cells",
               "<= 0.25 cell", windowed <= 0.25),
        Figure(f"minis found in one frame searched whole ({found} of {placed})",
               found / placed, "share", "a miss only delays a move", True),
        Figure(f"photos of the printed sheet: markers read ({read} of {printed})",
               read / printed, "share", ">= 0.9", read >= 0.9 * printed),
        Figure("photos of the printed sheet: ids misread", misread, "ids", "0", misread == 0),
        Figure("photos of the printed sheet: marker centre, worst", photo_px, "px", "< 1.5 px",
               photo_px < 1.5),
        Figure("token moves under a hand and a lifted mini: wrong", occluded.wrong, "moves",
               "0", occluded.wrong == 0),
        Figure("token moves under a hand and a lifted mini: right (1 expected)",
               occluded.right, "moves", "1", occluded.right == 1),
        Figure("detection per frame, finder (windows + one band)", detect[1], "ms",
               "< 33 ms (30 fps)", detect[1] < 1000 / 30, detect[0], detect[2]),
        Figure("  reference, same frames searched whole", whole[1], "ms", "(before)", True,
               whole[0], whole[2]),
        Figure(f"frames dropped, detection lagging ({timed.dropped} of {len(run.frames)})",
               timed.dropped / len(run.frames), "share", "the newest frame is detected",
               True),
        Figure(f"latency frame -> follower done, each of {len(timed.frame_ms)} frames",
               each[1], "ms", "<= 100 ms", each[2] <= 100, each[0], each[2]),
        Figure(f"latency frame -> token moved ({len(timed.move_ms)} move, 30 fps)", moved[1],
               "ms", "<= 100 ms", moved[2] <= 100 and timed.check.right == 1
               and timed.check.wrong == 0, moved[0], moved[2]),
        Figure(f"detection off the GUI thread (in {', '.join(sorted(timed.detected_in))}, "
               f"moves in {timed.moved_in})", float(off_gui), "yes=1", "1", off_gui),
    ]


def format_figures(rows: Sequence[Figure]) -> str:
    """A plain table of the figures; a timed one's value is its median, between its least
    and greatest.

    Examples
    --------
    >>> print(format_figures([Figure("x", 1.25, "mm", "<= 2 mm", True),
    ...                       Figure("t", 20.0, "ms", "< 33 ms", True, 9.5, 41.0)]))
    figure      min     value       max  unit   target   met
    x                   1.250            mm     <= 2 mm  yes
    t         9.500    20.000    41.000  ms     < 33 ms  yes
    """
    width = max(len("figure"), *(len(f.name) for f in rows)) + 4
    target = max(len("target"), *(len(f.target) for f in rows))
    lines = [f"{'figure':<{width - 4}}{'min':>9}  {'value':>8}  {'max':>8}  {'unit':<5}  "
             f"{'target':<{target}}  met"]
    for f in rows:
        low = f"{f.low:>9.3f}" if f.low is not None else " " * 9
        high = f"{f.high:>8.3f}" if f.high is not None else " " * 8
        lines.append(f"{f.name:<{width - 4}}{low}  {f.value:>8.3f}  {high}  {f.unit:<5}  "
                     f"{f.target:<{target}}  {'yes' if f.met else 'NO'}".rstrip())
    return "\n".join(lines)
