"""The threat view off the GUI thread: :func:`battlemap.geometry.cover.cover_from` on a worker
thread.

A :class:`Battlefield` never changes and :func:`cover_from` is pure, so a worker thread may
measure while the GUI thread paints. Measured (``tests/benchmarks/test_geometry_bench.py``,
200 tokens, 2,000 walls, a 60 Hz loop doing 4 ms of Python painting a frame): computing the
view inline makes a frame's work about 14 ms (p95 over 20 ms, frames missed); on the worker the
frame's work stays about 4 ms and the overlay still updates about every frame, because numpy
and shapely release the GIL for much of the view and the GUI thread waits for events most of
the frame.

:class:`ThreatViews` keeps one worker; a new request cancels the previous one if it has not
started (only the latest position matters). The result arrives as a
:class:`concurrent.futures.Future`: poll ``done()`` from a timer, or pass a callback to
``add_done_callback`` that hands the result to the GUI thread (it runs on the worker thread).

Examples
--------
>>> from battlemap.geometry.shapes import Body, Occluder
>>> field = Battlefield.build(
...     bodies=[Body("a", 0.5, 0.5), Body("b", 4.5, 0.5)],
...     occluders=[Occluder("w", 2.0, -1.0, 2.0, 2.0)],
... )
>>> with ThreatViews() as views:
...     [(c.id, c.cover.value) for c in views.request(field, "a").result()]
[('b', 'total')]
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from types import TracebackType

from battlemap.geometry.cover import EYE_HEIGHT, CoverThresholds, TargetCover, cover_from
from battlemap.geometry.index import Battlefield

__all__ = ["ThreatViews"]


class ThreatViews:
    """One worker thread computing threat views; a newer request cancels a waiting older one.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> views = ThreatViews()
    >>> failed = views.request(Battlefield.build(bodies=[Body("a", 0, 0)]), "nobody")
    >>> str(failed.exception())
    "no body with id 'nobody' (bodies: a)"
    >>> views.close()
    """

    def __init__(self, worker: ThreadPoolExecutor | None = None) -> None:
        """``worker``: the one-thread pool to use (a new one by default)."""
        self._pool = worker or ThreadPoolExecutor(max_workers=1, thread_name_prefix="threat-view")
        self._latest: Future[tuple[TargetCover, ...]] | None = None

    def request(
        self,
        field: Battlefield,
        attacker_id: str,
        *,
        lean: bool = False,
        eye_height: float = EYE_HEIGHT,
        thresholds: CoverThresholds | None = None,
        creatures_hide: bool = False,
    ) -> Future[tuple[TargetCover, ...]]:
        """Start :func:`cover_from` of every other body from ``attacker_id`` on the worker."""
        if self._latest is not None:
            self._latest.cancel()
        self._latest = self._pool.submit(
            cover_from,
            field,
            attacker_id,
            lean=lean,
            eye_height=eye_height,
            thresholds=thresholds,
            creatures_hide=creatures_hide,
        )
        return self._latest

    def close(self) -> None:
        """Cancel what is waiting and let the worker end after its current view."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def __enter__(self) -> ThreatViews:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
