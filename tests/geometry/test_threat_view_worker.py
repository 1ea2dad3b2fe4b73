"""The threat view on a worker thread gives what :func:`cover_from` gives, latest first."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from battlemap.geometry.cover import cover_from
from battlemap.geometry.index import Battlefield
from battlemap.geometry.naive import benchmark_map
from battlemap.geometry.threat_view import ThreatViews


def test_the_worker_measures_what_cover_from_measures() -> None:
    field = benchmark_map(tokens=40, walls=200, size=20.0, seed=7)
    with ThreatViews() as views:
        for viewer in ("t0", "t5"):
            assert views.request(field, viewer, lean=True).result() == cover_from(
                field, viewer, lean=True
            )


def test_a_newer_request_cancels_one_still_waiting() -> None:
    field = benchmark_map(tokens=40, walls=200, size=20.0, seed=7)
    gate, worker = threading.Event(), ThreadPoolExecutor(max_workers=1)
    worker.submit(gate.wait)  # keep the worker busy so the requests wait
    with ThreatViews(worker) as views:
        older = views.request(field, "t0")
        newer = views.request(field, "t1")
        gate.set()
        assert older.cancelled()
        assert newer.result() == cover_from(field, "t1")


def test_closing_cancels_what_waits() -> None:
    gate, worker = threading.Event(), ThreadPoolExecutor(max_workers=1)
    worker.submit(gate.wait)
    views = ThreatViews(worker)
    waiting = views.request(Battlefield.build(), "nobody")
    views.close()
    gate.set()
    assert waiting.cancelled()
