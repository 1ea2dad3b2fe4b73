"""The base markers of every frame while following, found fast enough for 30 fps.

Looking for markers over the whole table display at full size costs 50-100 ms a 1080p frame
on a two-core machine, most of it spent rejecting the candidates that sensor noise and the
map's grid make. :class:`MarkerFinder` spends a few milliseconds instead:

- a marker it knows is looked for in a small window around where it was last seen
  (:data:`WINDOW_SIDES` marker sides wide), at full size so its corners keep their sub-pixel
  refinement, with no candidate smaller than :data:`WINDOW_MIN_PERIMETER` of the window's
  side: a window holds a handful of candidates, not hundreds;
- new markers (a mini put down, a lifted mini put down elsewhere, one that moved faster than
  its window) are looked for in one band of the display's box each frame, the bands taking
  turns (:data:`BANDS`), so the whole box is searched every few frames, each frame paying for
  a part of it; a band overlaps the next by a marker side and a fifth, so a marker on the
  seam is whole in one of them.

A marker seen twice at different places (a reflection) is dropped, as
:meth:`~battlemap.desktop.camera.calibration.Detector.detect` drops one seen twice in a frame.

Examples
--------
>>> from battlemap.desktop.camera.synthetic import Table, camera_frame, place_minis, random_camera
>>> from battlemap.desktop.camera.synthetic import render_map
>>> table, rng = Table(), np.random.default_rng(5)
>>> camera = random_camera(table, rng)
>>> frame = camera_frame(table, camera, place_minis(render_map(table, rng), table,
...                      {9: (10.5, 6.5)}), rng)
>>> finder = MarkerFinder()
>>> found = [finder.find(frame, None) for _ in range(BANDS)]  # the bands take turns
>>> any(9 in markers for markers in found)                      # one of them finds it
True
>>> list(finder.find(frame, None)), finder.windows   # then its window does, every frame
([9], 1)
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from battlemap.desktop.camera.calibration import TRACKING_WINDOWS, Box, Detector

BANDS = 6
"""The display's box is searched for new markers a sixth at a time: all of it every six
frames (0.2 s at 30 fps)."""
BAND_WINDOW = TRACKING_WINDOWS[0]
"""The bands are thresholded with one window (7 px) of the two the known markers' windows
use: half the cost, and a marker it misses is looked for again six frames later."""
WINDOW_SIDES = 4.0
"""A known marker's window: this many of its sides wide, centred where it was; a mini
carried up to 1.5 sides a frame (about 0.9 m/s on a 1 m table at 30 fps) stays in it."""
WINDOW_MIN_PERIMETER = 0.4
"""In a window, no candidate with a perimeter under this share of the window's side (a
marker 0.4 as wide as the one last seen there): noise is not looked at."""
FORGET_FRAMES = 90
"""A known marker unseen this many frames (3 s) gets no window any more: the bands find it
if it comes back."""
SAME_PLACE_PX = 3.0
"""Two sightings of a marker within this many px (their centres) are the same sighting."""


@dataclass(slots=True)
class _Known:
    corners: np.ndarray
    seen_frame: int


class MarkerFinder:
    """Finds the markers of a run of frames of one camera (one per thread)."""

    def __init__(self) -> None:
        self._bands = Detector((BAND_WINDOW, BAND_WINDOW))
        self._window = Detector(TRACKING_WINDOWS, min_perimeter_rate=WINDOW_MIN_PERIMETER)
        self._known: dict[int, _Known] = {}
        self._frame = 0
        self._box: Box | None = None
        self.windows = 0
        """How many windows the last frame was searched in."""

    def find(self, frame: np.ndarray, box: Box | None) -> dict[int, np.ndarray]:
        """Marker id -> its four corners (camera px) in ``frame``: the known markers in
        their windows, one band of ``box`` (None: the whole frame) for new ones."""
        if frame.ndim == 3:  # once, not in every window
            frame = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        height, width = frame.shape[:2]
        if box != self._box:  # calibrated anew: the camera may have moved
            self._known.clear()
            self._box = box
        whole = box if box is not None else (0, 0, width, height)
        self._frame += 1
        sightings: dict[int, list[np.ndarray]] = {}
        self.windows = 0
        for marker_id, known in list(self._known.items()):
            if self._frame - known.seen_frame > FORGET_FRAMES:
                del self._known[marker_id]
                continue
            window = _window_around(known.corners, whole)
            if window is None:
                continue
            self.windows += 1
            found = self._window.detect(frame, window)
            if marker_id in found:
                sightings.setdefault(marker_id, []).append(found[marker_id])
        for marker_id, quad in self._bands.detect(frame, self._band(whole)).items():
            sightings.setdefault(marker_id, []).append(quad)
        result: dict[int, np.ndarray] = {}
        for marker_id, quads in sightings.items():
            centres = [q.mean(axis=0) for q in quads]
            if any(np.hypot(*(c - centres[0])) > SAME_PLACE_PX for c in centres[1:]):
                continue  # two places at once: a reflection; neither is trusted
            result[marker_id] = quads[0]
            self._known[marker_id] = _Known(quads[0], self._frame)
        return result

    def _band(self, whole: Box) -> Box:
        """This frame's band of ``whole``: a :data:`BANDS`-th of its long side, and a marker
        side and a fifth more, so a marker on the seam is whole in one band."""
        left, top, right, bottom = whole
        sides = [float(np.ptp(k.corners, axis=0).max()) for k in self._known.values()]
        overlap = round(1.2 * max(sides)) if sides else (right - left) // (4 * BANDS)
        index = self._frame % BANDS
        if right - left >= bottom - top:
            step = (right - left) / BANDS
            start = left + round(index * step)
            return (start, top, min(right, round(start + step) + overlap), bottom)
        step = (bottom - top) / BANDS
        start = top + round(index * step)
        return (left, start, right, min(bottom, round(start + step) + overlap))


def _window_around(corners: np.ndarray, whole: Box) -> Box | None:
    """The window of a marker last seen at ``corners``, inside ``whole`` (None: outside)."""
    low, high = corners.min(axis=0), corners.max(axis=0)
    centre, side = (low + high) / 2, float((high - low).max())
    half = WINDOW_SIDES * side / 2
    left, top, right, bottom = whole
    box = (max(left, int(centre[0] - half)), max(top, int(centre[1] - half)),
           min(right, int(centre[0] + half) + 1), min(bottom, int(centre[1] + half) + 1))
    return box if box[2] - box[0] > side and box[3] - box[1] > side else None
