"""The detector on photographs of the printed base-marker sheet (issue 30, item 5 of the last
gaps): JPEGs made by OpenCV's marker generator and spoiled as a photo would be (paper, slant,
lens distortion, defocus, noise, JPEG blocks; tests/data/camera/SOURCES.md). Every marker it
reports is one on the sheet, where the sheet puts it; the finder of every frame agrees."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from battlemap.desktop.camera.calibration import Detector
from battlemap.desktop.camera.finder import BANDS, MarkerFinder
from battlemap.desktop.camera.markers import BASE_IDS

DATA = Path(__file__).parents[2] / "data" / "camera"
TRUTH: dict[str, dict[str, list[float]]] = json.loads((DATA / "truth.json").read_text())


def _photo(name: str) -> np.ndarray:
    image = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    assert image is not None, name
    return image


@pytest.mark.parametrize("name", sorted(TRUTH))
def test_every_marker_read_is_on_the_sheet_where_it_is_printed(name: str) -> None:
    truth = {int(m): np.array(p) for m, p in TRUTH[name].items()}
    assert sorted(truth) == list(BASE_IDS)
    found = Detector().detect(_photo(name))
    assert set(found) <= set(truth)  # no id misread
    assert len(found) >= 0.9 * len(truth)  # a miss only delays a move
    for marker_id, corners in found.items():
        assert np.hypot(*(corners.mean(axis=0) - truth[marker_id])) < 1.5  # px


@pytest.mark.parametrize("name", sorted(TRUTH)[:2])
def test_the_finder_reads_the_photos_as_the_detector_does(name: str) -> None:
    photo, finder = _photo(name), MarkerFinder()
    for _ in range(BANDS + 1):  # a round of its bands, then the markers' windows
        found = finder.find(photo, None)
    whole = Detector.for_tracking().detect(photo)
    assert set(found) == set(whole)
    for marker_id, corners in found.items():
        assert np.abs(corners - whole[marker_id]).max() < 0.5
