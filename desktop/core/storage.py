"""Autosave and crash recovery, Qt-free: the GUI calls it from its change signal and a timer.

An :class:`Autosaver` writes the current encounter to ``autosave/current.json`` in the user
data folder (``platformdirs.user_data_dir("battlemap")``) a short ``delay`` after the last
committed change. If a second change arrives before the first was written, the first is
written at once, so a crash loses at most the last action. A marker file,
``autosave/session.json``, exists while a session runs; if it is still there at the next
start, the last session crashed and :func:`pending_restore` offers the autosaved encounter.

Autosaves hold the GM's notes and hidden tokens, so the folder is private to the user
(mode 0700), the files get the mode the umask allows, and a clean exit removes both the
marker and the autosave. The marker holds the process id, the start time and the path of the
file being edited (restoring needs it to save back to the same file), nothing else.

The autosave never stops the GM's work: a data folder that cannot be made or written (read
only, full disk, no permission) pauses it instead of raising. :attr:`Autosaver.problem` then
says why in one line, ``on_problem`` hears of it (and of the resumption, with ``None``), and
each later change tries again; the edits themselves are applied and undoable as ever.

Typical wiring: at start ``restore = pending_restore()`` (ask the user), then
``saver.start_session()``; on every ``BattleState.changed`` call ``saver.changed(encounter)``;
a timer calls ``saver.poll()`` every few hundred ms; on quit ``saver.end_session()``.

Examples
--------
>>> import tempfile
>>> from battlemap.desktop.core.model import Encounter
>>> folder = Path(tempfile.mkdtemp())
>>> saver = Autosaver(folder, delay=0.0)
>>> saver.start_session()
>>> saver.changed(Encounter(name="Ambush"))
>>> saver.poll()
True
>>> pending_restore(folder).encounter.name  # the session has not ended: as after a crash
'Ambush'
>>> saver.end_session()
>>> pending_restore(folder) is None
True
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from battlemap.desktop.core.atomic import atomic_write_bytes
from battlemap.desktop.core.fileformat import EncounterFileError, dumps_encounter, load_encounter
from battlemap.desktop.core.fileformat import loads_encounter as _verify
from battlemap.desktop.core.model import Encounter

AUTOSAVE_NAME = "current.json"
MARKER_NAME = "session.json"


def autosave_dir() -> Path:
    """The folder autosaves go to: ``<user data dir>/battlemap/autosave``."""
    return Path(platformdirs.user_data_dir("battlemap", appauthor=False)) / "autosave"


@dataclass(frozen=True, slots=True)
class Restore:
    """An encounter autosaved by a session that did not exit cleanly."""

    encounter: Encounter
    source: str | None
    saved_at: float


def pending_restore(directory: Path | None = None) -> Restore | None:
    """The autosave left by a crashed session, or None (clean exit, nothing saved, unreadable).

    Call it before :meth:`Autosaver.start_session`, which overwrites the marker.
    """
    folder = directory or autosave_dir()
    marker = _read_marker(folder / MARKER_NAME)
    if marker is None or _still_running(marker.get("pid")):
        return None
    try:
        encounter = load_encounter(folder / AUTOSAVE_NAME)
    except EncounterFileError:
        return None
    source = marker.get("source")
    saved_at = (folder / AUTOSAVE_NAME).stat().st_mtime
    return Restore(encounter, source if isinstance(source, str) else None, saved_at)


def discard_restore(directory: Path | None = None) -> None:
    """Forget a crashed session's autosave (the user declined to restore it)."""
    folder = directory or autosave_dir()
    for name in (MARKER_NAME, AUTOSAVE_NAME):
        with contextlib.suppress(FileNotFoundError):
            (folder / name).unlink()


class Autosaver:
    """Debounced autosave of the live encounter (see the module docstring)."""

    def __init__(
        self,
        directory: Path | None = None,
        delay: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.directory = directory or autosave_dir()
        self.delay = delay
        self.source: str | None = None
        self.problem: str | None = None
        """Why the autosave is paused (one line for the GM), or None while it works."""
        self.on_problem: Callable[[str | None], None] | None = None
        """Told the problem when the autosave pauses, and None when it works again."""
        self._clock = clock
        self._pending: Encounter | None = None
        self._changed_at = 0.0
        self._marked = False

    def start_session(self, source: str | None = None) -> None:
        """Mark a session as running; ``source`` is the file being edited, if any."""
        self.source = source
        self._guarded(self._start)

    def _start(self) -> None:
        self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.directory.chmod(0o700)  # made by an older version with the umask's mode
        for stray in self.directory.glob(".*.tmp"):  # left by a save killed mid-write
            stray.unlink(missing_ok=True)
        self._write_marker()
        self._marked = True

    def changed(self, encounter: Encounter) -> None:
        """Note a committed change; an older change not yet written is written now."""
        if self._pending is not None:
            self._guarded(self._save, self._pending)
        self._pending = encounter
        self._changed_at = self._clock()

    def poll(self) -> bool:
        """Write the pending change if ``delay`` has passed since it; True if written."""
        if self._pending is None or self._clock() - self._changed_at < self.delay:
            return False
        self.flush()
        return True

    def flush(self) -> None:
        """Write the pending change now, if any (kept for the next try if it fails)."""
        if self._pending is not None and self._guarded(self._save, self._pending):
            self._pending = None

    def set_source(self, source: str | None) -> None:
        """Record the file now being edited (after Open or Save As)."""
        self.source = source
        self._guarded(self._write_marker)

    def end_session(self) -> None:
        """Clean exit: remove the autosave and the marker (nothing needs restoring)."""
        self._pending = None
        with contextlib.suppress(OSError):
            discard_restore(self.directory)

    def _guarded(self, action: Callable[..., None], *args: Encounter) -> bool:
        """Run ``action``; an OSError pauses the autosave (see the module text). True if done."""
        try:
            if not self._marked and action != self._start:
                self._start()
            action(*args)
        except (OSError, EncounterFileError) as error:
            self._tell(_paused_because(self.directory, error))
            return False
        self._tell(None)
        return True

    def _tell(self, problem: str | None) -> None:
        if problem == self.problem:
            return
        self.problem = problem
        if self.on_problem is not None:
            self.on_problem(problem)

    def _save(self, encounter: Encounter) -> None:
        data = dumps_encounter(encounter)  # no base dir: image paths stay absolute
        _verify(data, where=f"autosave of {encounter.name!r} (not written)")
        atomic_write_bytes(self.directory / AUTOSAVE_NAME, data)

    def _write_marker(self) -> None:
        marker = {"pid": os.getpid(), "started": time.time(), "source": self.source}
        atomic_write_bytes(self.directory / MARKER_NAME, json.dumps(marker).encode())


def _paused_because(directory: Path, error: Exception) -> str:
    """The one line the GM reads when the autosave cannot write.

    Examples
    --------
    >>> import errno
    >>> line = _paused_because(Path("/data/autosave"), OSError(errno.ENOSPC, "No space left"))
    >>> line[:54]
    'Autosave paused: /data/autosave: No space left. Your e'
    """
    why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return (f"Autosave paused: {directory}: {why}. Your edits are kept; save with Ctrl+S "
            f"(File > Save As to another disk) to keep them on disk.")


def _read_marker(path: Path) -> dict[str, object] | None:
    try:
        marker = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    return marker if isinstance(marker, dict) else {}


def _still_running(pid: object) -> bool:
    """True if ``pid`` is another live process (two Battlemaps open: not a crash)."""
    if not isinstance(pid, int) or pid == os.getpid() or os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
