"""The sheet of base markers (issue 30, item 2): printed at its dpi, each marker 20 mm in a
25 mm cut square, and every marker on it read back by the detector with its own id."""

from __future__ import annotations

import struct

import cv2
import numpy as np
import pytest

from battlemap.desktop.camera.calibration import Detector
from battlemap.desktop.camera.markers import BASE_IDS, base_marker_sheet, sheet_png


def test_every_base_marker_on_the_sheet_is_read_back_with_its_id() -> None:
    sheet = base_marker_sheet(BASE_IDS[:20], dpi=150)
    assert set(Detector().detect(sheet)) == set(BASE_IDS[:20])


def test_a_marker_is_20_mm_wide_at_the_sheets_dpi() -> None:
    dpi = 200
    [quad] = Detector().detect(base_marker_sheet([8], dpi=dpi)).values()
    width_px = float(np.linalg.norm(quad[1] - quad[0]))
    assert abs(width_px / dpi * 25.4 - 20.0) < 0.5  # the black square, 20 mm


def test_the_png_carries_its_dpi_for_the_printer() -> None:
    data = sheet_png([8, 9], dpi=300)
    at = data.index(b"pHYs")
    x, y, unit = struct.unpack(">IIB", data[at + 4:at + 13])
    assert (x, y, unit) == (11811, 11811, 1)  # 300 dpi = 11811 px a metre
    decoded = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    assert decoded.shape == (3508, 2480)  # A4 at 300 dpi


def test_all_42_base_markers_fit_one_page_and_none_twice() -> None:
    assert set(Detector().detect(base_marker_sheet(BASE_IDS, dpi=150))) == set(BASE_IDS)
    with pytest.raises(ValueError, match="each marker goes on the sheet once"):
        base_marker_sheet([8, 8])
