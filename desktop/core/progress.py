"""A progress line on standard error for long commands (a map at the limits: seconds).

A command runs inside :func:`ticking`; the steps of the work say what they do with
:func:`step` ("reading the encounter", "drawing the map"). Once the command has run
:data:`SHOW_AFTER_S`, and only when standard error is a terminal, a line shows the step and
the seconds so far, redrawn in place each :data:`REDRAW_S` and erased (for good) before the
command prints anything itself, so piped or captured output (tests, scripts) is never
touched. A window hears the steps of work it runs in a thread through :func:`reporting`
(its progress dialog names them).

Examples
--------
>>> import io
>>> with ticking("battlemap render", io.StringIO()):  # not a terminal: never shown
...     step("drawing the map")
>>> step("outside any command: ignored")
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import TextIO

SHOW_AFTER_S = 1.0
"""A command that ends sooner shows no progress line."""
REDRAW_S = 0.5
"""How often the line is redrawn (the seconds go up)."""


class Ticker:
    """The progress line of one command on ``stream`` (a terminal), drawn by its own thread."""

    def __init__(self, command: str, stream: TextIO) -> None:
        self.command, self.stream = command, stream
        self.text = "working"
        self.started = time.monotonic()
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._shown = False
        self._thread = threading.Thread(target=self._run, name="progress", daemon=True)

    def line(self, now: float) -> str:
        """The line shown at ``now`` (monotonic seconds).

        Examples
        --------
        >>> import io
        >>> ticker = Ticker("battlemap sightlines", io.StringIO())
        >>> ticker.text = "casting the lights"
        >>> ticker.line(ticker.started + 12.3)
        'battlemap sightlines: casting the lights... 12 s'
        """
        return f"{self.command}: {self.text}... {now - self.started:.0f} s"

    def join(self) -> None:
        self._thread.join()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop drawing and erase the line (the command's own output follows)."""
        with self._lock:
            self._done.set()
            if self._shown:
                self._shown = False
                with contextlib.suppress(OSError, ValueError):
                    self.stream.write("\r\x1b[K")
                    self.stream.flush()

    def _run(self) -> None:
        if self._done.wait(SHOW_AFTER_S):
            return
        while True:
            with self._lock:
                if self._done.is_set():
                    return
                try:
                    self.stream.write("\r\x1b[K" + self.line(time.monotonic()))
                    self.stream.flush()
                except (OSError, ValueError):  # the terminal went away: stop drawing
                    return
                self._shown = True
            self._done.wait(REDRAW_S)


class _Erasing:
    """A standard stream that stops the progress line before the command's own first line."""

    def __init__(self, inner: TextIO, ticker: Ticker) -> None:
        self.inner, self.ticker = inner, ticker

    def write(self, text: str) -> int:
        self.ticker.stop()
        return self.inner.write(text)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


_CURRENT: list[Ticker | None] = [None]


@contextlib.contextmanager
def ticking(command: str, stream: TextIO) -> Iterator[None]:
    """Run the body with a progress line on ``stream`` once it has taken
    :data:`SHOW_AFTER_S`, if ``stream`` is a terminal."""
    try:
        terminal = stream.isatty()
    except (OSError, ValueError, AttributeError):
        terminal = False
    if not terminal or _CURRENT[0] is not None:
        yield
        return
    ticker = _CURRENT[0] = Ticker(command, stream)
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Erasing(out, ticker), _Erasing(err, ticker)  # type: ignore[assignment]
    ticker.start()
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
        _CURRENT[0] = None
        ticker.stop()
        ticker.join()


_LISTENER = threading.local()
"""The ``report`` of the innermost :func:`reporting` running in each thread."""


@contextlib.contextmanager
def reporting(report: Callable[[str], None]) -> Iterator[None]:
    """Send each :func:`step` of the body, in this thread, to ``report`` too.

    Examples
    --------
    >>> heard = []
    >>> with reporting(heard.append):
    ...     step("reading the encounter")
    >>> step("after the body: not heard")
    >>> heard
    ['reading the encounter']
    """
    outer = getattr(_LISTENER, "report", None)
    _LISTENER.report = report
    try:
        yield
    finally:
        _LISTENER.report = outer


def step(text: str) -> None:
    """Say what the running command does now (shown on its progress line, if any, and told to
    the thread's :func:`reporting` listener)."""
    ticker = _CURRENT[0]
    if ticker is not None:
        ticker.text = text
    report = getattr(_LISTENER, "report", None)
    if report is not None:
        report(text)
