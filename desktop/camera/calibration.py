"""Calibration by the display itself: fiducials on the table display, seen by the camera.

The player view shows :data:`~battlemap.desktop.camera.markers.CALIBRATION_IDS` at known display
pixels (:func:`fiducial_layout`); :class:`Detector` finds them in a camera frame and
:func:`calibrate` fits the homography camera px -> display px (``cv2.findHomography``, RANSAC
then a least-squares refit on the inliers). It holds while the camera and the display stay
put: when the player view pans, zooms or rotates, only the view's transform (map cells ->
display px, :class:`ViewTransform`) changes, and :func:`camera_to_cells` composes the two, so
the fiducials are needed once per camera position.

Examples
--------
>>> layout = fiducial_layout(1920, 1080)
>>> len(layout), layout[0].marker_id
(8, 0)
>>> truth = np.array([[0.9, 0.1, 40.0], [-0.05, 1.1, 25.0], [1e-5, 2e-5, 1.0]])
>>> seen = {f.marker_id: apply(np.linalg.inv(truth), np.array(f.corners)) for f in layout}
>>> fit = calibrate(seen, layout)
>>> fit.markers, fit.error_px < 1e-3
(8, True)
>>> round(fit.error_mm(pixels_per_inch=48.0), 3)
0.0
>>> view = ViewTransform.from_qt((2.0, 0.0, 0.0, 0.0, 2.0, 0.0, 100.0, 50.0, 1.0), cell_px=64)
>>> apply(view.matrix, np.array([[1.0, 1.0]])).round(1).tolist()  # a cell is 128 display px
[[228.0, 178.0]]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from battlemap.desktop.camera.markers import CALIBRATION_IDS, MM_PER_INCH, dictionary, marker_image

MIN_MARKERS = 4
"""Fewer fiducials than this seen: no calibration (four give the 16 corners of a sturdy fit)."""


class CalibrationError(ValueError):
    """Too few fiducials seen, or points that give no homography: said in words."""


@dataclass(frozen=True, slots=True)
class Fiducial:
    """One calibration marker as the display shows it: its corners in display px, in ArUco's
    order (top left, top right, bottom right, bottom left)."""

    marker_id: int
    corners: tuple[tuple[float, float], ...]


def fiducial_layout(width: int, height: int) -> tuple[Fiducial, ...]:
    """Eight fiducials on a ``width`` x ``height`` display: its corners and edge midpoints,
    each a sixth of the short side wide, a quiet zone of a quarter of that around it."""
    side = min(width, height) / 6
    quiet = side / 4
    xs = (quiet, (width - side) / 2, width - quiet - side)
    ys = (quiet, (height - side) / 2, height - quiet - side)
    places = [(xs[0], ys[0]), (xs[1], ys[0]), (xs[2], ys[0]), (xs[2], ys[1]),
              (xs[2], ys[2]), (xs[1], ys[2]), (xs[0], ys[2]), (xs[0], ys[1])]
    return tuple(
        Fiducial(marker_id, ((x, y), (x + side, y), (x + side, y + side), (x, y + side)))
        for marker_id, (x, y) in zip(CALIBRATION_IDS, places, strict=True))


def render_fiducials(width: int, height: int, layout: Sequence[Fiducial]) -> np.ndarray:
    """A grey ``height`` x ``width`` image: white, the fiducials of ``layout`` drawn where it
    puts them (the picture the player view shows while it calibrates)."""
    image = np.full((height, width), 255, np.uint8)
    for fiducial in layout:
        (x0, y0), (x1, _), _, _ = fiducial.corners
        side = round(x1 - x0)
        left, top = round(x0), round(y0)
        image[top:top + side, left:left + side] = marker_image(fiducial.marker_id, side)
    return image


Box = tuple[int, int, int, int]
"""A part of a camera frame: left, top, right, bottom (px)."""


TRACKING_WINDOWS = (7, 17)
"""The adaptive-threshold windows (px) of :meth:`Detector.for_tracking`: with one only
(11 px), a sixth of the minis went unseen in a frame on the bench, and a mini put down far
from the camera was missed in every frame."""


class Detector:
    """ArUco detection with sub-pixel corners; one per thread (OpenCV's detector keeps
    state). ``windows``: the adaptive-threshold windows (px, 10 apart) instead of OpenCV's
    three (3, 13, 23): a base marker's modules are 3-6 camera px, and each window costs as
    much again per frame (None: OpenCV's, for the large calibration fiducials).
    ``min_perimeter_rate``: no candidate with a perimeter under this share of the searched
    image's long side (None: OpenCV's 0.03; :mod:`battlemap.desktop.camera.finder` raises it in the
    small windows it searches around known markers)."""

    def __init__(self, windows: tuple[int, int] | None = None,
                 min_perimeter_rate: float | None = None) -> None:
        parameters = cv2.aruco.DetectorParameters()
        parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        if min_perimeter_rate is not None:
            parameters.minMarkerPerimeterRate = min_perimeter_rate
        if windows is not None:
            parameters.adaptiveThreshWinSizeMin, parameters.adaptiveThreshWinSizeMax = windows
            parameters.adaptiveThreshWinSizeStep = 10
        self._detector: Any = cv2.aruco.ArucoDetector(dictionary(), parameters)

    @classmethod
    def for_tracking(cls) -> Detector:
        """The detector of every frame while following the minis."""
        return cls(TRACKING_WINDOWS)

    def detect(self, frame: np.ndarray, box: Box | None = None) -> dict[int, np.ndarray]:
        """Marker id -> its four corners (camera px, float 4x2) in ``frame`` (grey or BGR),
        looked for inside ``box`` only when given (the table display's part of the frame).
        A marker seen twice (a reflection) is dropped: neither copy can be trusted."""
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        left, top = 0, 0
        if box is not None:
            left, top, right, bottom = box
            grey = grey[top:bottom, left:right]
        corners, ids, _ = self._detector.detectMarkers(grey)
        if ids is None:
            return {}
        found: dict[int, np.ndarray] = {}
        twice: set[int] = set()
        for marker_id, quad in zip(ids.ravel().tolist(), corners, strict=True):
            if marker_id in found:
                twice.add(marker_id)
            found[marker_id] = quad.reshape(4, 2).astype(np.float64) + np.array([left, top])
        for marker_id in twice:
            del found[marker_id]
        return found


def apply(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    """The points (N x 2) through the 3x3 projective ``matrix``."""
    homogeneous = np.column_stack([points, np.ones(len(points))]) @ np.asarray(matrix).T
    result: np.ndarray = homogeneous[:, :2] / homogeneous[:, 2:3]
    return result


@dataclass(frozen=True, slots=True)
class CameraCalibration:
    """Camera px -> display px (``homography``, 3x3), fitted to ``markers`` fiducials with an
    RMS reprojection error of ``error_px`` display pixels."""

    homography: tuple[tuple[float, ...], ...]
    error_px: float
    markers: int

    @property
    def matrix(self) -> np.ndarray:
        return np.array(self.homography)

    def display_box(self, display: tuple[int, int], frame: tuple[int, int],
                    margin: float = 0.03) -> Box:
        """The part of a ``frame`` (w, h) camera image showing a ``display`` (w, h px), a
        ``margin`` of the frame's width around it: where the minis are looked for."""
        w, h = display
        corners = apply(np.linalg.inv(self.matrix), np.array([[0, 0], [w, 0], [w, h], [0, h]],
                                                             float))
        pad = margin * frame[0]
        low, high = corners.min(axis=0) - pad, corners.max(axis=0) + pad
        return (max(0, int(low[0])), max(0, int(low[1])), min(frame[0], int(high[0]) + 1),
                min(frame[1], int(high[1]) + 1))

    def error_mm(self, pixels_per_inch: float) -> float:
        """The reprojection error on the table, for a display of ``pixels_per_inch``."""
        return self.error_px / pixels_per_inch * MM_PER_INCH


def calibrate(seen: Mapping[int, np.ndarray],
              layout: Sequence[Fiducial]) -> CameraCalibration:
    """The homography that puts the corners of the fiducials ``seen`` (camera px) where
    ``layout`` drew them; :class:`CalibrationError` naming what is missing."""
    where = {f.marker_id: f for f in layout}
    used = sorted(i for i in seen if i in where)
    if len(used) < MIN_MARKERS:
        missing = ", ".join(str(i) for i in sorted(where) if i not in seen)
        raise CalibrationError(
            f"the camera sees {len(used)} of the {len(where)} calibration markers (at least "
            f"{MIN_MARKERS} needed; not seen: {missing}): make the whole table display visible "
            "to the camera, without glare on it")
    camera = np.vstack([seen[i] for i in used])
    display = np.vstack([np.array(where[i].corners) for i in used])
    rough, inliers = cv2.findHomography(camera, display, cv2.RANSAC, 3.0)
    if rough is None:
        raise CalibrationError("the calibration markers seen give no homography: they may "
                               "be reflections; move the camera and try again")
    keep = inliers.ravel().astype(bool)
    refined, _ = cv2.findHomography(camera[keep], display[keep], 0)
    matrix = refined if refined is not None else rough
    residual = apply(matrix, camera) - display
    error = float(np.sqrt(np.mean(np.sum(residual**2, axis=1))))
    rows = tuple(tuple(float(v) for v in row) for row in matrix / matrix[2, 2])
    return CameraCalibration(rows, error, len(used))


@dataclass(frozen=True, slots=True)
class ViewTransform:
    """Map cells -> display px of the player view (3x3, column vectors): its pan, zoom and
    rotation as the app knows them."""

    rows: tuple[tuple[float, ...], ...]

    @property
    def matrix(self) -> np.ndarray:
        return np.array(self.rows)

    @classmethod
    def from_qt(cls, m: Sequence[float], cell_px: float) -> ViewTransform:
        """From a QTransform's m11, m12, m13, m21, m22, m23, m31, m32, m33 (scene px ->
        viewport px, Qt's row-vector convention) and the scene px of one cell."""
        m11, m12, m13, m21, m22, m23, m31, m32, m33 = m
        scene_to_display = np.array([[m11, m21, m31], [m12, m22, m32], [m13, m23, m33]])
        matrix = scene_to_display @ np.diag([cell_px, cell_px, 1.0])
        return cls(tuple(tuple(float(v) for v in row) for row in matrix))


def camera_to_cells(calibration: CameraCalibration, view: ViewTransform) -> np.ndarray:
    """Camera px -> map cells now: the calibration, then the player view's transform undone."""
    result: np.ndarray = np.linalg.inv(view.matrix) @ calibration.matrix
    return result


def marker_centres(seen: Mapping[int, np.ndarray], to_cells: np.ndarray) -> dict[int, tuple[
        float, float]]:
    """Where each marker ``seen`` stands on the map: the mean of its corners taken to cells
    (the corners first, so the camera's perspective does not pull the centre)."""
    centres: dict[int, tuple[float, float]] = {}
    for marker_id, quad in seen.items():
        x, y = apply(to_cells, quad).mean(axis=0)
        centres[marker_id] = (float(x), float(y))
    return centres
