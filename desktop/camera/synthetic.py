"""Synthetic camera frames of the table display, for the tests and ``battlemap bench camera``.

A :class:`Table` is a display ``table_mm`` wide showing the map at one cell per inch; a
:class:`Camera` looks at it from a random side, tilted up to ``max_tilt`` degrees and turned
any way (:func:`random_camera`); :func:`camera_frame` renders what it sees: the display
warped by the camera's homography, blurred, with sensor noise, a glare spot and, when asked,
a hand crossing the picture (above the table, so drawn in the camera's image).

Examples
--------
>>> table = Table()
>>> round(table.pixels_per_inch, 2), table.cell_px == table.pixels_per_inch
(48.77, True)
>>> rng = np.random.default_rng(1)
>>> camera = random_camera(table, rng)
>>> frame = camera_frame(table, camera, render_map(table, rng), rng)
>>> frame.shape, frame.dtype.name
((1080, 1920), 'uint8')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from battlemap.desktop.camera.calibration import ViewTransform, apply
from battlemap.desktop.camera.markers import BASE_MARKER_MM, BASE_MM, MM_PER_INCH, marker_image


@dataclass(frozen=True, slots=True)
class Table:
    """A table display ``size`` px showing the map at one cell per inch, ``table_mm`` wide,
    seen by a camera of ``camera_size`` px; the view's top left shows map point
    ``origin`` (cells)."""

    size: tuple[int, int] = (1920, 1080)
    table_mm: float = 1000.0
    camera_size: tuple[int, int] = (1920, 1080)
    origin: tuple[float, float] = (0.0, 0.0)

    @property
    def pixels_per_inch(self) -> float:
        return self.size[0] / (self.table_mm / MM_PER_INCH)

    @property
    def cell_px(self) -> float:
        return self.pixels_per_inch

    def view(self, origin: tuple[float, float] | None = None, turn: int = 0) -> ViewTransform:
        """The player view's transform: map cells -> display px, the map's point ``origin``
        (default :attr:`origin`) at the top left corner, the map turned ``turn`` degrees
        (0, 90, 180, 270) about the display's centre."""
        ox, oy = origin if origin is not None else self.origin
        s = self.cell_px
        shift = np.array([[s, 0, -ox * s], [0, s, -oy * s], [0, 0, 1.0]])
        w, h = self.size
        c, n = round(math.cos(math.radians(turn))), round(math.sin(math.radians(turn)))
        about = np.array([[1, 0, w / 2], [0, 1, h / 2], [0, 0, 1.0]])
        rotate = np.array([[c, -n, 0], [n, c, 0], [0, 0, 1.0]])
        back = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1.0]])
        matrix = about @ rotate @ back @ shift
        return ViewTransform(tuple(tuple(float(v) for v in row) for row in matrix))


@dataclass(frozen=True, slots=True)
class Camera:
    """Display px -> camera px (``homography``) of a camera tilted ``tilt`` degrees."""

    homography: np.ndarray
    tilt: float


def random_camera(table: Table, rng: np.random.Generator, max_tilt: float = 40.0) -> Camera:
    """A pinhole camera above the display's centre, tilted by up to ``max_tilt`` degrees
    about a random axis in the table's plane, from either long side of the table and turned
    up to 20 degrees about its own axis (its frame's long side along the table's), its
    picture of the display filling about 85 % of the frame."""
    tilt = float(rng.uniform(0.6, 1.0) * max_tilt)
    axis = rng.uniform(0, 2 * math.pi)
    spin = math.radians(rng.uniform(-20, 20) + 180 * rng.integers(0, 2))
    w, h = table.size
    mm_per_px = table.table_mm / w
    to_mm = np.array([[mm_per_px, 0, -w / 2 * mm_per_px], [0, mm_per_px, -h / 2 * mm_per_px],
                      [0, 0, 1.0]])
    rx, _ = cv2.Rodrigues(np.array([math.cos(axis), math.sin(axis), 0.0]) * math.radians(tilt))
    rz, _ = cv2.Rodrigues(np.array([0.0, 0.0, spin]))
    rotation = rz @ rx
    distance = 1.2 * table.table_mm
    plane = np.column_stack([rotation[:, 0], rotation[:, 1], [0.0, 0.0, distance]])
    projective = plane @ to_mm
    corners = apply(projective, np.array([[0, 0], [w, 0], [w, h], [0, h]], float))
    cw, ch = table.camera_size
    low, high = corners.min(axis=0), corners.max(axis=0)
    scale = 0.85 * min(cw / (high[0] - low[0]), ch / (high[1] - low[1]))
    middle = (low + high) / 2
    fit = np.array([[scale, 0, cw / 2 - scale * middle[0]], [0, scale, ch / 2 - scale * middle[1]],
                    [0, 0, 1.0]])
    homography = fit @ projective
    return Camera(homography / homography[2, 2], tilt)


def render_map(table: Table, rng: np.random.Generator) -> np.ndarray:
    """The display showing a map (grey): floor tiles of random shades, the grid's lines."""
    w, h = table.size
    cell = table.cell_px
    tiles = rng.integers(90, 200, size=(math.ceil(h / cell) + 1, math.ceil(w / cell) + 1))
    ys, xs = np.mgrid[0:h, 0:w]
    image: np.ndarray = tiles[(ys / cell).astype(int), (xs / cell).astype(int)].astype(np.uint8)
    for x in np.arange(0, w, cell):
        cv2.line(image, (round(x), 0), (round(x), h), 40, 1)
    for y in np.arange(0, h, cell):
        cv2.line(image, (0, round(y)), (w, round(y)), 40, 1)
    return image


def place_minis(display: np.ndarray, table: Table, minis: Mapping[int, tuple[float, float]],
                view: ViewTransform | None = None) -> np.ndarray:
    """``display`` with a base marker (its white 25 mm base) at each mini's map point
    (cells), as the camera sees a base standing on the display."""
    image = display.copy()
    view = view if view is not None else table.view()
    px_per_mm = table.pixels_per_inch / MM_PER_INCH
    base, side = round(BASE_MM * px_per_mm), round(BASE_MARKER_MM * px_per_mm)
    for marker_id, (x, y) in minis.items():
        (cx, cy), = apply(view.matrix, np.array([[x, y]]))
        patch = np.full((base, base), 255, np.uint8)
        inset = (base - side) // 2
        patch[inset:inset + side, inset:inset + side] = marker_image(marker_id, side)
        left, top = round(cx - base / 2), round(cy - base / 2)
        image[top:top + base, left:left + base] = patch
    return image


def camera_frame(table: Table, camera: Camera, display: np.ndarray, rng: np.random.Generator,
                 *, blur: float = 1.0, noise: float = 6.0, glare: bool = True,
                 hand: float | None = None) -> np.ndarray:
    """What the camera sees of ``display``: warped, blurred (Gaussian ``blur`` px), a glare
    spot, sensor ``noise`` (grey levels); ``hand`` (0-1): a hand and forearm that far across
    the frame, reaching in from its bottom edge."""
    cw, ch = table.camera_size
    frame: np.ndarray = cv2.warpPerspective(display, camera.homography, (cw, ch),
                                            flags=cv2.INTER_LINEAR,
                                            borderValue=70).astype(np.float32)
    if blur > 0:
        frame = cv2.GaussianBlur(frame, (0, 0), blur)
    if glare:
        gx, gy = rng.uniform(0.2, 0.8) * cw, rng.uniform(0.2, 0.8) * ch
        ys, xs = np.mgrid[0:ch, 0:cw]
        radius = 0.08 * cw
        frame += 110.0 * np.exp(-(((xs - gx) ** 2 + (ys - gy) ** 2) / (2 * radius**2)))
    if hand is not None:
        cx = hand * cw
        arm = np.array([[cx - 0.06 * cw, ch], [cx + 0.06 * cw, ch], [cx + 0.05 * cw, 0.45 * ch],
                        [cx - 0.05 * cw, 0.45 * ch]], np.int32)
        cv2.fillConvexPoly(frame, arm, 165.0)
        cv2.ellipse(frame, (round(cx), round(0.4 * ch)), (round(0.08 * cw), round(0.12 * ch)),
                    0, 0, 360, 175.0, -1)
    if noise > 0:
        frame += rng.normal(0, noise, frame.shape).astype(np.float32)
    result: np.ndarray = np.clip(frame, 0, 255).astype(np.uint8)
    return result


@dataclass(frozen=True, slots=True)
class Photo:
    """A photograph of a printed sheet of base markers, as a phone or webcam would take it:
    ``jpeg`` (its bytes), and where each marker's centre is in it (px, ``truth``)."""

    jpeg: bytes
    truth: dict[int, tuple[float, float]]


def printed_photo(rng: np.random.Generator, ids: tuple[int, ...],
                  size: tuple[int, int] = (1280, 720), fill: float = 0.8) -> Photo:
    """The sheet :func:`~battlemap.desktop.camera.markers.base_marker_sheet` prints (``ids``), as
    printed and photographed: toner grey on off-white paper with its fibres and blotches, lit
    unevenly, lying on a wooden table seen at a slant (the sheet ``fill`` of the frame's
    height), through a lens with barrel distortion, defocused, with sensor noise and a
    colour cast, saved as a JPEG of middling quality."""
    from battlemap.desktop.camera.markers import base_marker_sheet, sheet_places

    dpi = 100
    sheet = base_marker_sheet(ids, dpi).astype(np.float32) / 255
    sh, sw = sheet.shape
    ink, paper = rng.uniform(30, 55), rng.uniform(222, 245)
    texture = cv2.GaussianBlur(rng.normal(0, 1, (sh, sw)).astype(np.float32), (0, 0), 25)
    texture = texture / (np.abs(texture).max() + 1e-6) * 6 + rng.normal(0, 2.5, (sh, sw))
    printed = ink + (paper - ink) * sheet + texture
    w, h = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), sigmaX=40,
                             sigmaY=2)
    table = 110 + 10 * np.sin(ys / rng.uniform(5, 9) + 4 * grain) + 12 * grain
    # the sheet's corners on the frame: a slanted, turned quadrilateral
    height = fill * h
    width = height * sw / sh
    centre = np.array([w / 2 + rng.uniform(-0.1, 0.1) * w, h / 2])
    turn = math.radians(rng.uniform(-25, 25))
    rotate = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    corners = np.array([[-width, -height], [width, -height], [width, height], [-width, height]],
                       np.float64) / 2
    slant = rng.uniform(0.12, 0.3)  # the far edge shorter: the camera looks at a slant
    corners[:2, 0] *= 1 - slant
    quad = (corners @ rotate.T + centre).astype(np.float32)
    homography = cv2.getPerspectiveTransform(
        np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32), quad)
    on_table = cv2.warpPerspective(printed, homography, (w, h), flags=cv2.INTER_AREA,
                                   borderValue=-1.0)
    image = np.where(on_table >= 0, on_table, table)
    light = 0.75 + 0.35 * (xs / w) * rng.uniform(0.6, 1.0) + 0.1 * (ys / h)
    image = image * light
    # barrel distortion: what the lens shows at p is the ideal picture at f(p), the frame's
    # corners at its corners
    k = rng.uniform(0.08, 0.18)
    half = math.hypot(w / 2, h / 2)
    dx, dy = (xs - w / 2) / half, (ys - h / 2) / half
    factor = (1 + k * (dx * dx + dy * dy)) / (1 + k)
    image = cv2.remap(image.astype(np.float32), (w / 2 + dx * half * factor).astype(np.float32),
                      (h / 2 + dy * half * factor).astype(np.float32), cv2.INTER_LINEAR,
                      borderValue=60.0)
    image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.6, 1.3))
    cast = np.array([rng.uniform(0.85, 0.95), 1.0, rng.uniform(1.0, 1.08)], np.float32)  # BGR
    colour = image[:, :, None] * cast + rng.normal(0, 4, (h, w, 3)).astype(np.float32)
    ok, encoded = cv2.imencode(".jpg", np.clip(colour, 0, 255).astype(np.uint8),
                               [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 80))])
    if not ok:
        raise ValueError("the photo could not be encoded as JPEG")
    truth = {}
    for marker_id, (left, top, side) in sheet_places(ids, dpi).items():
        (ideal,) = apply(homography, np.array([[left + side / 2, top + side / 2]]))
        seen = ideal.copy()  # solve f(seen) = ideal: a few fixed-point steps
        for _ in range(20):
            d = (seen - (w / 2, h / 2)) / half
            seen = np.array([w / 2, h / 2]) + (ideal - (w / 2, h / 2)) * (1 + k) / (
                1 + k * (d @ d))
        truth[marker_id] = (round(float(seen[0]), 2), round(float(seen[1]), 2))
    return Photo(encoded.tobytes(), truth)
