"""Calibration by the display itself (issue 30, item 1), on synthetic camera frames.

Each frame is the table display seen by a random pinhole camera tilted 24-40 degrees, blurred,
noisy and with a glare spot (battlemap.desktop.camera.synthetic). The truth is the camera's
homography, so the fitted one is checked over the whole display, in millimetres on a 1 m table.
"""

from __future__ import annotations

import numpy as np
import pytest

from battlemap.desktop.camera.calibration import (
    CalibrationError,
    CameraCalibration,
    Detector,
    apply,
    calibrate,
    camera_to_cells,
    fiducial_layout,
    marker_centres,
    render_fiducials,
)
from battlemap.desktop.camera.synthetic import (
    Camera,
    Table,
    camera_frame,
    place_minis,
    random_camera,
    render_map,
)

TABLE = Table()
LAYOUT = fiducial_layout(*TABLE.size)


def _calibrated(seed: int, max_tilt: float = 40.0) -> tuple[Camera, np.ndarray,
                                                            CameraCalibration]:
    rng = np.random.default_rng(seed)
    camera = random_camera(TABLE, rng, max_tilt)
    frame = camera_frame(TABLE, camera, render_fiducials(*TABLE.size, LAYOUT), rng)
    return camera, frame, calibrate(Detector().detect(frame), LAYOUT)


def _worst_mm(camera: Camera, fit: CameraCalibration) -> float:
    """The worst error over a 20 x 12 grid of display points, in mm on the table."""
    grid = np.array([[x, y] for x in np.linspace(0, TABLE.size[0], 20)
                     for y in np.linspace(0, TABLE.size[1], 12)])
    back = apply(fit.matrix, apply(camera.homography, grid))
    worst_px = float(np.sqrt(((back - grid) ** 2).sum(axis=1)).max())
    return worst_px / TABLE.pixels_per_inch * 25.4


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_calibration_within_2_mm_on_a_1_m_table(seed: int) -> None:
    camera, _, fit = _calibrated(seed)
    assert camera.tilt >= 24
    assert fit.markers == 8
    assert _worst_mm(camera, fit) <= 2.0
    assert fit.error_mm(TABLE.pixels_per_inch) <= 2.0


def test_an_identity_fit_is_caught_by_the_error_check() -> None:
    """The check above can fail: a calibration from the wrong camera is metres off."""
    camera, _, _ = _calibrated(1)
    _, _, other = _calibrated(2)
    assert _worst_mm(camera, other) > 50


def test_too_few_markers_seen_is_said_in_words() -> None:
    rng = np.random.default_rng(4)
    camera = random_camera(TABLE, rng)
    seen = Detector().detect(camera_frame(TABLE, camera, render_fiducials(*TABLE.size, LAYOUT),
                                          rng))
    three = {i: seen[i] for i in sorted(seen)[:3]}
    with pytest.raises(CalibrationError, match=r"sees 3 of the 8 calibration markers .*not "
                       r"seen: 3, 4, 5, 6, 7"):
        calibrate(three, LAYOUT)


def test_the_view_pans_zooms_and_turns_without_new_fiducials() -> None:
    """Calibrated once with the view at the map's origin; the view then pans 7 cells right
    and 3 down and turns 90 degrees; the minis placed through the new view are found where
    they stand, through the same calibration composed with the new view's transform."""
    camera, _, fit = _calibrated(5)
    rng = np.random.default_rng(5)
    moved = TABLE.view(origin=(7.0, 3.0), turn=90)
    minis = {10: (20.5, 12.5), 11: (24.5, 16.5), 12: (17.5, 14.5)}
    display = place_minis(render_map(TABLE, rng), TABLE, minis, moved)
    frame = camera_frame(TABLE, camera, display, rng)
    found = marker_centres(Detector().detect(frame), camera_to_cells(fit, moved))
    assert set(found) == set(minis)
    for marker_id, (x, y) in minis.items():
        fx, fy = found[marker_id]
        assert abs(fx - x) <= 0.25 and abs(fy - y) <= 0.25, (marker_id, found[marker_id])
    stale = marker_centres(Detector().detect(frame), camera_to_cells(fit, TABLE.view()))
    off = max(np.hypot(stale[i][0] - x, stale[i][1] - y) for i, (x, y) in minis.items())
    assert off > 2  # the old view's transform would put them elsewhere


def test_the_session_tells_the_error_in_mm_or_in_px_when_the_screen_is_not_measured() -> None:
    from battlemap.desktop.camera.session import CameraSession

    rng = np.random.default_rng(1)
    camera = random_camera(TABLE, rng)
    seen = Detector().detect(camera_frame(TABLE, camera, render_fiducials(*TABLE.size, LAYOUT),
                                          rng))
    session = CameraSession()
    words = session.calibrate(seen, LAYOUT, TABLE.pixels_per_inch)
    assert words.startswith("camera calibrated on 8 markers: error 0.") and words.endswith(
        " mm on the table")
    words = session.calibrate(seen, LAYOUT, None)
    assert words.endswith("px of the table display (measure the screen in View > Calibrate "
                          "Physical Scale... to see it in mm)")
