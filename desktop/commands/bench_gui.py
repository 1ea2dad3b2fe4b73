"""``battlemap bench startup`` and ``battlemap bench memory``: the GUI's start and peak memory.

Each figure comes from fresh processes (``sys.executable``, offscreen Qt), the median of a few,
beside a reference measured in the same run:

- **startup**: seconds from starting ``battlemap FILE`` (a 2560 px map;
  :func:`battlemap.desktop.cli.main`, as the console script runs it) to the end of the first full
  frame: the map view's first paint that shows the map, painted and flushed (the event loop's next
  turn), against the end of a bare Qt window's first frame; the naive reference is the old order --
  decode the map before the window exists, import the combat tools before it. Every probe runs as an
  installed program does: with compiled bytecode (kept in a temporary folder, made by one
  untimed run of each probe first, whatever ``PYTHONDONTWRITEBYTECODE`` says) and a home
  folder of its own (no saved window layout, no autosave to offer). The ``battlemap FILE``
  probe loads Qt where the command does (with the GUI, once the collector is off), not
  before the command's own imports: Qt loaded first, with the collector on, cost that start
  about 20 ms of CPU which ``battlemap FILE`` does not spend.
- **memory**: the *peak* resident size (``VmHWM`` in ``/proc/self/status``; ``getrusage``'s
  ``ru_maxrss`` where there is none, which on Linux keeps the launching process's peak across
  ``exec``: the bench's own, which painted the map) of opening an 8192 px
  map with 300 tokens and 2,000 wall segments in the GM window plus the player view; the naive
  reference decodes as before: whole, the 32-bit image and its 24-bit copy alive together.

Examples
--------
>>> "first-paint" in PROBE_APP and "VmHWM" in PROBE_MEMORY
True
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from battlemap.desktop.commands.bench import BENCHMARKS, Row

if TYPE_CHECKING:  # Qt is imported where a map is drawn: the other benches need none
    from PySide6.QtGui import QImage

__all__ = ["memory_rows", "spread", "startup_rows", "write_bench_encounter"]

_FIRST_PAINT = """
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
class Watch(QObject):
    def __init__(self, ready=lambda: True):
        super().__init__()
        self.ready = ready
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and self.ready():
            obj.removeEventFilter(self)
            QTimer.singleShot(0, self.done)  # once the frame is painted and flushed
        return False
    def done(self):  # the wall clock, then this thread's and the process's CPU seconds
        print("first-paint", time.time(), time.thread_time(), time.process_time(), flush=True)
        QCoreApplication.instance().quit()
"""
PROBE_BARE = "import time\n" + """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
""" + _FIRST_PAINT + """
window = QMainWindow(); window.resize(1400, 900)
watch = Watch(); window.installEventFilter(watch)
window.show(); app.exec()
"""
PROBE_APP = """import gc, time, sys
from battlemap.desktop import cli
gc.disable()  # as cli.main does before the GUI's imports: Qt loads with the collector off
from battlemap.desktop.gui import app as gui  # Qt first loads here, as it does for cli.main
""" + _FIRST_PAINT + """
real_after = gui.after_first_frame
def after_first_frame(window, then):  # the end of the first frame that shows the map
    real_after(window, then)
    watch = Watch(lambda: window.scene.background_size() is not None)
    watch.setParent(window)  # filtering before the app's own: timed before what it runs then
    window.view.viewport().installEventFilter(watch)
gui.after_first_frame = after_first_frame
cli.main([sys.argv[1]])
"""
PROBE_OLD_ORDER = "import time, sys\n" + """
from battlemap.desktop.gui.render import ensure_app
app = ensure_app()
""" + _FIRST_PAINT + """
from pathlib import Path
import battlemap.desktop.gui.combat_tools
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_image import shared_map_image
file = Path(sys.argv[1])
encounter = load_encounter(file)
shared_map_image(encounter.background, file.parent)
window = GMWindow(BattleState(encounter), file)
window.view.viewport().installEventFilter(
    watch := Watch(lambda: window.scene.background_size() is not None))
window.show()
app.exec()
"""
PROBE_MEMORY = "import resource, sys\n" + """
def peak_kb():  # this program's own peak: ru_maxrss keeps the launching process's across exec
    try:
        with open("/proc/self/status") as status:
            return int(next(ln for ln in status if ln.startswith("VmHWM:")).split()[1])
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
from pathlib import Path
from battlemap.desktop.gui.render import ensure_app
app = ensure_app()
if sys.argv[2] == "naive":
    from battlemap.desktop.gui import map_image
    from PySide6.QtGui import QImage
    def both_at_once(image):  # the old decode: a 24-bit copy beside the 32-bit image
        return image.convertToFormat(QImage.Format.Format_RGB888)
    map_image.compact_in_place = both_at_once
    map_image.STRIPS_FROM = 1 << 62  # decode whole
from battlemap.desktop.gui.app import open_window
window = open_window(sys.argv[1])
window.toggle_player_view()
for _ in range(3):
    app.processEvents()
window.view.viewport().repaint()
window.player_window.view.viewport().repaint()
print("peak-kb", peak_kb(), flush=True)
"""


def write_bench_encounter(folder: Path, pixels: int, tokens: int, walls: int) -> Path:
    """An encounter file in ``folder`` on a ``pixels`` square PNG map (64 px a cell), with
    ``tokens`` tokens and ``walls`` wall segments (4 to a polyline); its path.

    Examples
    --------
    >>> import tempfile
    >>> from battlemap.desktop.core.fileformat import load_encounter
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     encounter = load_encounter(write_bench_encounter(Path(folder), 256, 3, 8))
    >>> len(encounter.tokens), len(encounter.walls), Path(encounter.background.path).name
    (3, 2, 'map-256.png')
    """
    from PySide6.QtGui import QImage

    from battlemap.desktop.core.fileformat import save_encounter
    from battlemap.desktop.core.model import Background, Encounter, Side, Token, Wall, WallKind
    from battlemap.desktop.gui.render import ensure_app

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # only draws a PNG: no screen needed
    ensure_app()
    rng = random.Random(3)
    boxes = [(rng.randrange(pixels), rng.randrange(pixels)) for _ in range(pixels // 20)]
    if pixels > WHOLE_UP_TO:
        _write_png_in_bands(folder / f"map-{pixels}.png", pixels, boxes)
    else:
        image = QImage(pixels, pixels, QImage.Format.Format_RGB32)
        _paint_map(image, boxes, 0)
        image.save(str(folder / f"map-{pixels}.png"))
    cells = pixels // 64
    token_list = tuple(
        Token(id=f"t{i}", name=f"Goblin {i}", x=rng.randrange(cells) + 0.5,
              y=rng.randrange(cells) + 0.5, side=list(Side)[i % 3], color="#2e7d32")
        for i in range(tokens)
    )
    wall_list = []
    for i in range(walls // 4):
        x, y = rng.randrange(max(cells - 4, 1)), rng.randrange(max(cells - 4, 1))
        points = ((x, y), (x + 3, y), (x + 3, y + 2), (x + 1, y + 3), (x + 1, y + 4))
        wall_list.append(Wall(id=f"w{i}", points=points, kind=list(WallKind)[i % 5]))
    encounter = Encounter(
        width=cells, height=cells, tokens=token_list, walls=tuple(wall_list),
        background=Background(path=f"map-{pixels}.png", pixels_per_cell=64.0),
    )
    save_encounter(encounter, folder / f"bench-{pixels}.json")
    return folder / f"bench-{pixels}.json"


WHOLE_UP_TO = 8192
"""The widest bench map drawn whole and saved by Qt (256 MB at 4 bytes a pixel); a wider one
(16384 px: 1 GB) is drawn and written :data:`BAND_ROWS` rows at a time."""
BAND_ROWS = 256


def _paint_map(image: QImage, boxes: list[tuple[int, int]], top: int) -> None:
    """The bench map's rows from ``top`` into ``image``: a flat floor and its boxes."""
    from PySide6.QtGui import QColor, QPainter

    image.fill(QColor("#c8b99a"))
    painter = QPainter(image)
    for x, y in boxes:
        painter.fillRect(x, y - top, 180, 120, QColor("#8f7f62"))
    painter.end()


def _write_png_in_bands(path: Path, pixels: int, boxes: list[tuple[int, int]]) -> None:
    """The bench map as an 8-bit RGB PNG written :data:`BAND_ROWS` rows at a time (each row
    unfiltered): the pixels Qt would save, without the whole image in memory."""
    import struct
    import zlib

    from PySide6.QtGui import QImage

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    squeeze = zlib.compressobj(6)
    with path.open("wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", pixels,
                                                                        pixels, 8, 2, 0, 0, 0)))
        for top in range(0, pixels, BAND_ROWS):
            band = QImage(pixels, min(BAND_ROWS, pixels - top), QImage.Format.Format_RGB888)
            _paint_map(band, [(x, y) for x, y in boxes if top - 120 < y < top + BAND_ROWS], top)
            line, width = band.bytesPerLine(), pixels * 3
            rows = bytes(band.constBits())
            raw = b"".join(b"\0" + rows[r * line:r * line + width] for r in range(band.height()))
            out.write(chunk(b"IDAT", squeeze.compress(raw)))
        out.write(chunk(b"IDAT", squeeze.flush()) + chunk(b"IEND", b""))


def _run(code: str, *args: str, env: dict[str, str] | None = None) -> tuple[float, str]:
    """Run ``code`` in a fresh offscreen Python (in ``env``, or this one's); seconds from
    start to its first line's number (a time stamp), and that line."""
    env = {**(os.environ if env is None else env), "QT_QPA_PLATFORM": "offscreen"}
    start = time.time()
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, timeout=300, check=True)
    marks = ("first-paint", "peak-kb")
    line = next(ln for ln in done.stdout.splitlines() if ln.split()[0] in marks)
    return float(line.split()[1]) - start, line


def installed_like(folder: Path) -> dict[str, str]:
    """This process's environment for a probe that starts as an installed program: bytecode
    compiled once and kept (under ``folder``, not beside the sources) and ``folder`` as its
    home (no saved layout, autosave or font cache of the user's).

    Examples
    --------
    >>> env = installed_like(Path("/tmp/x"))
    >>> env["HOME"], env["PYTHONPYCACHEPREFIX"], "PYTHONDONTWRITEBYTECODE" in env
    ('/tmp/x', '/tmp/x/pycache', False)
    """
    env = {k: v for k, v in os.environ.items()
           if k != "PYTHONDONTWRITEBYTECODE" and not k.startswith("XDG_")}
    return {**env, "HOME": str(folder), "PYTHONPYCACHEPREFIX": str(folder / "pycache")}


def startup_rows(rounds: int) -> list[Row]:
    """Seconds to the first frame (as milliseconds in the table): bare Qt, ``battlemap FILE``
    now and in the old order, on a 2560 px map; the median of ``min(rounds, 5)`` starts each,
    taken in turn (bare, now, old) after one untimed start of each. A third row: the CPU
    seconds of the GUI thread to that frame (the process's, the decoding worker's too, in its
    name), which waiting for a core on a busy machine does not lengthen.

    Examples
    --------
    >>> BENCHMARKS["startup"] is startup_rows
    True
    """
    times = max(min(rounds, 5), 1)
    with tempfile.TemporaryDirectory() as folder:
        file = str(write_bench_encounter(Path(folder), 2560, 40, 200))
        env = installed_like(Path(folder))
        probes = ((PROBE_BARE,), (PROBE_APP, file), (PROBE_OLD_ORDER, file))
        starts = [[_start(probe, env) for probe in probes] for _ in range(times + 1)][1:]
    (bare, *_), (now, gui, process), (old, old_gui, old_process) = (
        [statistics.median(figures) for figures in zip(*column, strict=True)]
        for column in zip(*starts, strict=True))
    beyond = [round((s[1][0] - s[0][0]) * 1000) for s in starts]
    return [
        Row("first frame: bare Qt window", bare * 1000, bare * 1000, "reference"),
        Row("first frame: battlemap FILE (2560 px map)", now * 1000, old * 1000,
            f"<= bare + 350 ms: +{(now - bare) * 1000:.0f} ms, each start "
            f"+{min(beyond)} to +{max(beyond)} (old order +{(old - bare) * 1000:.0f} ms)"),
        Row(f"GUI-thread CPU to it (process {process * 1000:.0f}, old order "
            f"{old_process * 1000:.0f})", gui * 1000, old_gui * 1000, "the old order's"),
    ]


def _start(probe: tuple[str, ...], env: dict[str, str]) -> tuple[float, float, float]:
    """One start of ``probe``: seconds to its first frame, its GUI thread's and its process's
    CPU seconds by then."""
    seconds, line = _run(*probe, env=env)
    return seconds, float(line.split()[2]), float(line.split()[3])


def memory_rows(rounds: int) -> list[Row]:
    """Peak resident MB (in the table's ms columns) of an 8192 px map, 300 tokens, 2,000 wall
    segments, GM window and player view: now, and decoding as before; the median of
    ``min(rounds, 5)`` fresh processes each (3 at least), taken in turns, their range in the
    row's name.

    Examples
    --------
    >>> BENCHMARKS["memory"] is memory_rows
    True
    """
    times = max(min(rounds, 5), 3)
    now: list[float] = []
    old: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        file = str(write_bench_encounter(Path(folder), 8192, 300, 2000))
        for _ in range(times):  # in turns: both meet the same machine
            now.append(_peak_mb(file, "now"))
            old.append(_peak_mb(file, "naive"))
    name = (f"peak resident MB: 8192 px map, GM + player view ({times} runs: {spread(now)}, "
            f"naive {spread(old)})")
    return [Row(name, statistics.median(now), statistics.median(old), "<= 350 MB peak")]


def _peak_mb(file: str, decode: str) -> float:
    return int(_run(PROBE_MEMORY, file, decode)[1].split()[1]) / 1024


def spread(values: list[float]) -> str:
    """The least and the greatest of ``values``, rounded.

    >>> spread([339.4, 341.2, 338.9])
    '339-341'
    """
    return f"{min(values):.0f}-{max(values):.0f}"


BENCHMARKS["startup"] = startup_rows
BENCHMARKS["memory"] = memory_rows
