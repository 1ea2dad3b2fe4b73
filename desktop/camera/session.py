"""One camera at the table: its calibration, the view it maps through, the follower.

What the Camera menu and ``battlemap bench camera`` drive, frame by frame: the fiducials of
a frame calibrate it (:meth:`CameraSession.calibrate`), the base markers of every later frame
are mapped to the map through the player view's transform *now*
(:meth:`CameraSession.sightings`) and handed to the
:class:`~battlemap.desktop.camera.follow.Follower`.

Examples
--------
>>> session = CameraSession()
>>> try:
...     session.sightings({}, None)
... except CalibrationError as error:
...     print(error)
the camera is not calibrated yet: Camera > Calibrate first
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from battlemap.desktop.camera.calibration import (
    CalibrationError,
    CameraCalibration,
    Fiducial,
    ViewTransform,
    calibrate,
    camera_to_cells,
    marker_centres,
)
from battlemap.desktop.camera.follow import CameraMove, Follower
from battlemap.desktop.camera.markers import BASE_IDS
from battlemap.desktop.camera.tracking import Point, TrackerSettings
from battlemap.desktop.core.model import Encounter


class CameraSession:
    def __init__(self, settings: TrackerSettings | None = None) -> None:
        self.calibration: CameraCalibration | None = None
        self.follower = Follower(settings)

    def calibrate(self, markers: Mapping[int, np.ndarray], layout: Sequence[Fiducial],
                  pixels_per_inch: float | None) -> str:
        """Calibrate from one frame's fiducials; the sentence for the GM (the error in mm on
        the table when the screen's scale is known). :class:`CalibrationError` when too few
        are seen (the old calibration, if any, is kept)."""
        fit = calibrate(markers, layout)
        self.calibration = fit
        error = (f"{fit.error_mm(pixels_per_inch):.1f} mm on the table"
                 if pixels_per_inch else
                 f"{fit.error_px:.1f} px of the table display (measure the screen in View > "
                 "Calibrate Physical Scale... to see it in mm)")
        return f"camera calibrated on {fit.markers} markers: error {error}"

    def sightings(self, markers: Mapping[int, np.ndarray],
                  view: ViewTransform | None) -> dict[int, Point]:
        """The base markers of a frame on the map (cells), through the view now."""
        if self.calibration is None or view is None:
            raise CalibrationError("the camera is not calibrated yet: Camera > Calibrate first")
        based = {i: q for i, q in markers.items() if i in BASE_IDS}
        return marker_centres(based, camera_to_cells(self.calibration, view))

    def frame(self, markers: Mapping[int, np.ndarray], view: ViewTransform,
              encounter: Encounter, dragging: frozenset[str] = frozenset()) -> list[CameraMove]:
        """One frame's moves (see :meth:`Follower.frame`)."""
        return self.follower.frame(self.sightings(markers, view), encounter, dragging)
