"""When a marker seen by the camera counts as a mini come to rest: the state machine.

Fed once per frame with where each marker is on the map (cells; a marker not in the frame's
sightings is not seen), :meth:`Tracker.observe` returns the minis that came to rest somewhere
new. A marker counts as still while it stays within ``still_cells`` of where its run of
sightings began; after ``settle_frames`` such frames its resting place is the mean of them.
A resting place at least ``move_cells`` from the marker's last one (its *anchor*) is a move.

So a hand over the table, a lifted mini or a hidden marker never moves a token: a marker
not seen breaks its run, and seen again where it was it settles near its anchor (no move); a
mini lifted and put down elsewhere moves once it rests there. The first rest of a marker
(after binding or :meth:`Tracker.resume`) sets its anchor without a move: the minis are
taken as they stand.

Examples
--------
>>> tracker = Tracker(TrackerSettings(settle_frames=3))
>>> [tracker.observe({9: (2.5, 2.5)}) for _ in range(3)]     # first rest: the anchor
[[], [], []]
>>> tracker.observe({9: (4.5, 2.5)}), tracker.carried()     # carried: seen away from rest
([], {9: (4.5, 2.5)})
>>> tracker.observe({}), tracker.carried()                   # hidden (lifted): not shown
([], {})
>>> tracker.observe({9: (4.5, 2.5)}), tracker.observe({9: (4.52, 2.5)})
([], [])
>>> tracker.observe({9: (4.5, 2.51)})
[Settled(marker_id=9, at=(4.507, 2.503), was=(2.5, 2.5))]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class TrackerSettings:
    """``settle_frames``: frames a marker must be seen still (4: 0.13 s at 30 fps);
    ``still_cells``: how far it may wander meanwhile (detection jitter, a hand steadying
    it); ``move_cells``: how far from its last rest a new rest is a move."""

    settle_frames: int = 4
    still_cells: float = 0.2
    move_cells: float = 0.5

    def __post_init__(self) -> None:
        if self.settle_frames < 1:
            raise ValueError(f"settle_frames must be at least 1, got {self.settle_frames}")
        if not 0 < self.still_cells < self.move_cells:
            raise ValueError("still_cells must be positive and less than move_cells, got "
                             f"{self.still_cells} and {self.move_cells}")


@dataclass(frozen=True, slots=True)
class Settled:
    """Marker ``marker_id`` came to rest at ``at`` (cells); it rested at ``was`` before."""

    marker_id: int
    at: Point
    was: Point


@dataclass(slots=True)
class _Run:
    start: Point
    points: list[Point] = field(default_factory=list)


class Tracker:
    """Per marker: its run of still sightings and its anchor (last resting place)."""

    def __init__(self, settings: TrackerSettings | None = None) -> None:
        self.settings = settings if settings is not None else TrackerSettings()
        self.paused = False
        self._runs: dict[int, _Run] = {}
        self._anchors: dict[int, Point] = {}
        self._last: dict[int, Point] = {}

    def observe(self, sightings: Mapping[int, Point]) -> list[Settled]:
        """One frame: ``sightings`` marker id -> map point. The minis that came to rest
        somewhere new (none while paused)."""
        if self.paused:
            return []
        self._last = dict(sightings)
        for marker_id in list(self._runs):
            if marker_id not in sightings:
                del self._runs[marker_id]  # hidden, lifted, under a hand: the run is broken
        settled: list[Settled] = []
        for marker_id, point in sightings.items():
            run = self._runs.get(marker_id)
            if run is None or _distance(point, run.start) > self.settings.still_cells:
                run = self._runs[marker_id] = _Run(point)
            run.points.append(point)
            if len(run.points) != self.settings.settle_frames:
                continue  # not yet still long enough, or this rest was already judged
            n = len(run.points)
            at = (round(sum(p[0] for p in run.points) / n, 3),
                  round(sum(p[1] for p in run.points) / n, 3))
            anchor = self._anchors.get(marker_id)
            if anchor is None:
                self._anchors[marker_id] = at
            elif _distance(at, anchor) >= self.settings.move_cells:
                self._anchors[marker_id] = at
                settled.append(Settled(marker_id, at, anchor))
        return settled

    def carried(self) -> dict[int, Point]:
        """The markers of the last frame seen at least ``move_cells`` from where they last
        rested and not come to rest yet: minis being carried or slid, where they are now
        (none while paused; a lifted mini, not seen, is not among them)."""
        if self.paused:
            return {}
        return {m: p for m, p in self._last.items() if (anchor := self._anchors.get(m))
                is not None and _distance(p, anchor) >= self.settings.move_cells}

    def anchor(self, marker_id: int) -> Point | None:
        """Where the marker last came to rest (None: not since binding or resuming)."""
        return self._anchors.get(marker_id)

    def forget(self, marker_id: int) -> None:
        """Drop the marker's run and anchor (unbound, or bound anew)."""
        self._runs.pop(marker_id, None)
        self._anchors.pop(marker_id, None)
        self._last.pop(marker_id, None)

    def pause(self) -> None:
        """Stop following: frames are ignored until :meth:`resume`."""
        self.paused = True
        self._runs.clear()
        self._last.clear()

    def resume(self) -> None:
        """Follow again, taking the minis as they stand then (moved while paused, their
        tokens stay until they move again)."""
        self.paused = False
        self._runs.clear()
        self._anchors.clear()
        self._last.clear()


def _distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
