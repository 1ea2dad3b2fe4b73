"""ArUco markers: the dictionary, one marker's image, the sheet of base markers to print.

Marker ids 0-7 are the calibration fiducials the table display shows; 8-49 go on the bases
of miniatures (:data:`BASE_IDS`). A base marker is printed :data:`BASE_MARKER_MM` wide with a
white margin, so it fits a 25 mm base with room for the mini's feet around it.

Examples
--------
>>> sheet = base_marker_sheet(BASE_IDS[:6], dpi=150)
>>> sheet.shape[1], sheet.dtype.name      # an A4 page 210 mm wide at 150 dpi
(1240, 'uint8')
>>> base_marker_sheet([3], dpi=150)
Traceback (most recent call last):
...
ValueError: marker 3 is a calibration fiducial, not a base marker (8-49)
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from functools import cache
from typing import Any

import cv2
import numpy as np

MARKER_DICTIONARY = cv2.aruco.DICT_4X4_50
"""4x4 bits, 50 ids: large modules (a marker 20 mm wide has 3.3 mm modules), so a 1080p
webcam a metre above the table reads it."""
CALIBRATION_IDS = tuple(range(8))
BASE_IDS = tuple(range(8, 50))
BASE_MM = 25.0
BASE_MARKER_MM = 20.0
"""The black square of a base marker (modules of 3.3 mm); the rest of the 25 mm base is its
white margin, the quiet zone the detector needs between the marker and a dark map."""
A4_MM = (210.0, 297.0)
MM_PER_INCH = 25.4


@cache
def dictionary() -> Any:
    return cv2.aruco.getPredefinedDictionary(MARKER_DICTIONARY)


def marker_image(marker_id: int, side_px: int) -> np.ndarray:
    """The marker ``marker_id`` (its black border included) ``side_px`` square, grey."""
    image: np.ndarray = cv2.aruco.generateImageMarker(dictionary(), marker_id, side_px)
    return image


def base_marker_sheet(ids: Sequence[int] = BASE_IDS, dpi: int = 300) -> np.ndarray:
    """An A4 page (grey, ``dpi``) of base markers ``ids`` in a grid: each marker
    :data:`BASE_MARKER_MM` wide inside a 25 mm cut square, its id printed beneath; printed
    at 100 % ("actual size"), each square fits a 25 mm base."""
    for marker_id in ids:
        if marker_id not in BASE_IDS:
            raise ValueError(f"marker {marker_id} is a calibration fiducial, not a base marker "
                             f"({BASE_IDS[0]}-{BASE_IDS[-1]})")
    px_per_mm = dpi / MM_PER_INCH
    width, height = (round(side * px_per_mm) for side in A4_MM)
    page = np.full((height, width), 255, np.uint8)
    if len(set(ids)) != len(ids):
        raise ValueError("each marker goes on the sheet once: two minis with one marker "
                         "cannot be told apart")
    cut = round(BASE_MM * px_per_mm)
    for marker_id, (left, top, side) in sheet_places(ids, dpi).items():
        inset = (cut - side) // 2
        cv2.rectangle(page, (left - inset, top - inset), (left - inset + cut, top - inset + cut),
                      160, 1)  # the cut line
        page[top:top + side, left:left + side] = marker_image(marker_id, side)
        cv2.putText(page, str(marker_id), (left - inset, top - inset + cut + round(
            4 * px_per_mm)), cv2.FONT_HERSHEY_SIMPLEX, 0.09 * px_per_mm, 0, 1, cv2.LINE_AA)
    return page


def sheet_places(ids: Sequence[int], dpi: int) -> dict[int, tuple[int, int, int]]:
    """Where :func:`base_marker_sheet` puts each marker: its left, top and side (px)."""
    px_per_mm = dpi / MM_PER_INCH
    pitch_mm, margin_mm = BASE_MM + 6.0, 10.0  # 6 x 8 squares: all 42 base markers
    columns = int((A4_MM[0] - 2 * margin_mm) // pitch_mm)
    side = round(BASE_MARKER_MM * px_per_mm)
    inset = (round(BASE_MM * px_per_mm) - side) // 2
    places = {}
    for index, marker_id in enumerate(ids):
        row, column = divmod(index, columns)
        left = round((margin_mm + column * pitch_mm) * px_per_mm)
        top = round((margin_mm + row * pitch_mm) * px_per_mm)
        places[marker_id] = (left + inset, top + inset, side)
    return places


def sheet_png(ids: Sequence[int] = BASE_IDS, dpi: int = 300) -> bytes:
    """:func:`base_marker_sheet` as PNG bytes with its ``dpi`` in a pHYs chunk, so a printer
    at 100 % prints each marker its true size."""
    ok, encoded = cv2.imencode(".png", base_marker_sheet(ids, dpi))
    if not ok:
        raise ValueError("the marker sheet could not be encoded as PNG")
    data = encoded.tobytes()
    per_metre = round(dpi / MM_PER_INCH * 1000)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    header_end = 8 + 8 + 13 + 4  # signature, IHDR length+type, IHDR data, CRC
    return data[:header_end] + chunk + data[header_end:]
