"""The finder of every frame while following (issue 30, item 1 of the last gaps): known
markers in small windows, new ones in one band of the display a frame. It must find what the
whole-frame detector finds, where it finds it, and no marker in two places."""

from __future__ import annotations

import numpy as np

from battlemap.desktop.camera.calibration import Detector
from battlemap.desktop.camera.finder import BANDS, FORGET_FRAMES, MarkerFinder
from battlemap.desktop.camera.synthetic import (
    Table,
    camera_frame,
    place_minis,
    random_camera,
    render_map,
)

SMALL = Table(size=(1280, 720), table_mm=1000 * 1280 / 1920, camera_size=(1280, 720))
MINIS = {9: (3.5, 3.5), 14: (12.5, 7.5), 23: (22.5, 2.5), 31: (20.5, 11.5)}


def _frames(minis: dict[int, tuple[float, float]], count: int, seed: int = 3) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    camera = random_camera(SMALL, rng)
    display = place_minis(render_map(SMALL, np.random.default_rng(0)), SMALL, minis)
    return [camera_frame(SMALL, camera, display, rng) for _ in range(count)]


def test_after_one_round_of_bands_it_finds_what_the_whole_frame_search_finds() -> None:
    frames = _frames(MINIS, BANDS + 3)
    finder, whole = MarkerFinder(), Detector.for_tracking()
    for frame in frames[:BANDS]:
        finder.find(frame, None)
    for frame in frames[BANDS:]:
        found, truth = finder.find(frame, None), whole.detect(frame)
        assert sorted(found) == sorted(truth) == sorted(MINIS)
        assert finder.windows == len(MINIS)  # each known marker in its own window
        for marker_id, corners in truth.items():
            assert np.abs(found[marker_id] - corners).max() < 0.5  # sub-pixel, as before


def test_a_mini_put_down_elsewhere_is_found_within_one_round_of_bands() -> None:
    finder = MarkerFinder()
    for frame in _frames(MINIS, BANDS):
        finder.find(frame, None)
    moved = {**MINIS, 9: (16.5, 9.5)}
    seen_at = [9 in finder.find(frame, None) for frame in _frames(moved, BANDS + 1, seed=4)]
    assert any(seen_at[:BANDS])  # its old window is empty; a band finds it
    assert seen_at[-1]           # and from then on its new window does


def test_a_marker_seen_in_two_places_is_trusted_in_neither() -> None:
    twice = {9: (3.5, 3.5), 14: (12.5, 7.5)}
    frames = _frames(twice, BANDS + 1)
    finder = MarkerFinder()
    for frame in frames:
        finder.find(frame, None)
    copy = place_minis(render_map(SMALL, np.random.default_rng(0)), SMALL,
                       {9: (3.5, 3.5), 14: (12.5, 7.5)})
    copy = place_minis(copy, SMALL, {9: (4.5, 3.5)})  # marker 9 printed twice, a cell apart
    rng = np.random.default_rng(3)
    camera = random_camera(SMALL, rng)
    found = [finder.find(camera_frame(SMALL, camera, copy, rng), None) for _ in range(BANDS)]
    assert all(14 in f for f in found)
    # its window (four sides) holds both copies: from the first frame on, 9 is dropped
    assert not any(9 in f for f in found)


def test_a_marker_unseen_for_long_gets_no_window() -> None:
    finder = MarkerFinder()
    for frame in _frames({9: (3.5, 3.5)}, BANDS):
        finder.find(frame, None)
    empty = _frames({}, 1)[0]
    for _ in range(FORGET_FRAMES + 1):
        finder.find(empty, None)
    assert finder.windows == 0
