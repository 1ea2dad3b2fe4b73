"""The drag's search for the shortest way round the walls, off the GUI thread.

W during a drag asks :class:`WayFinder` for the way (a
:class:`~battlemap.desktop.core.tools.WayRequest`); the search
(:func:`battlemap.desktop.core.move_plan.shortest_way`, the one ``battlemap move --shortest`` runs)
goes in the thread pool while the window keeps painting and the drag goes on. The newest request
wins: a search still running when a newer one comes is told to stop, and its answer is never told. A
search that takes longer than ``budget`` seconds gives up and answers
:data:`~battlemap.desktop.core.tools.TIMED_OUT`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from battlemap.desktop.core.tools import TIMED_OUT, WAY_BUDGET_S, WayAnswer, WayRequest


class _Signals(QObject):
    done = Signal()  # the job's ``answer`` is set


class _WayJob(QRunnable):
    """One search in the pool: stops when told to (a newer request) or when its time is
    spent."""

    def __init__(self, request: WayRequest, budget: float) -> None:
        super().__init__()
        self.request, self.budget = request, budget
        self.signals = _Signals()
        self.stopped = threading.Event()
        self.answer: WayAnswer = TIMED_OUT

    def run(self) -> None:
        from battlemap.geometry.pathfinding import (
            SearchAbandoned,  # numpy, shapely: not at the start
        )

        deadline = time.monotonic() + self.budget
        try:
            self.answer = self.request.find(
                stop=lambda: self.stopped.is_set() or time.monotonic() > deadline)
        except SearchAbandoned:
            self.answer = TIMED_OUT
        self.signals.done.emit()


class WayFinder(QObject):
    """Runs one search at a time; :attr:`answered` is told each answer the newest request
    gets (on the GUI thread)."""

    def __init__(self, answered: Callable[[WayRequest, WayAnswer], None],
                 budget: float = WAY_BUDGET_S) -> None:
        super().__init__()
        self.answered, self.budget = answered, budget
        self._running: _WayJob | None = None
        self._next: WayRequest | None = None

    @property
    def busy(self) -> bool:
        """Whether a search runs or waits to."""
        return self._running is not None or self._next is not None

    def request(self, request: WayRequest) -> None:
        """Search for ``request``'s way; any older search still running is told to stop."""
        self._next = request
        if self._running is not None:
            self._running.stopped.set()
        else:
            self._start()

    def drop(self) -> None:
        """Forget what is asked (the drag ended): a running search is told to stop."""
        self._next = None
        if self._running is not None:
            self._running.stopped.set()

    def _start(self) -> None:
        request, self._next = self._next, None
        if request is None:
            return
        job = self._running = _WayJob(request, self.budget)
        job.signals.done.connect(self._done)
        _jobs.add(job)
        QThreadPool.globalInstance().start(job)

    def _done(self) -> None:
        job = self._running
        if job is None:
            return
        self._running = None
        _jobs.discard(job)
        job.signals.done.disconnect()
        if not job.stopped.is_set():
            self.answered(job.request, job.answer)
        self._start()


_jobs: set[_WayJob] = set()
"""Jobs still in the pool, kept alive until they finish."""
