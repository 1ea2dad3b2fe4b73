"""Capture off the GUI thread and the synthetic bench end to end (issue 30, items 4-5).

A hand sweeps over six bound minis while one is lifted and put down three cells on: the
frames (warped by a random camera, blurred, noisy, with glare) go through the detector, the
calibration composed with the view, the tracker and the drag's tool. No figure is timed here:
``battlemap bench camera`` prints the times.
"""

from __future__ import annotations

import threading
from pathlib import Path

import cv2
import numpy as np
import pytest

from battlemap.desktop.camera.bench import (
    ListSource,
    Scenario,
    latency_run,
    occlusion_run,
    scenario,
)
from battlemap.desktop.camera.capture import CaptureWorker, FrameResult, SourceError, open_source
from battlemap.desktop.camera.synthetic import (
    Table,
    camera_frame,
    place_minis,
    random_camera,
    render_map,
)
from battlemap.desktop.cli import main

SMALL = Table(size=(1280, 720), table_mm=1000 * 1280 / 1920, camera_size=(1280, 720))
"""Two thirds of the bench's table and camera, at the same px per mm: faster frames."""


@pytest.fixture(scope="module")
def run() -> Scenario:
    return scenario(frames=36, table=SMALL)


def test_a_hand_and_a_lifted_mini_make_no_wrong_move_and_the_one_right_move(run: Scenario) -> None:
    check = occlusion_run(run)
    assert (check.moves, check.right, check.wrong) == (1, 1, 0)


def test_detection_runs_in_the_worker_thread_and_moves_in_this_one(run: Scenario) -> None:
    timed = latency_run(run, fps=None)  # every frame detected, whatever the machine's load
    assert timed.detected_in == {"battlemap-camera"}
    assert timed.moved_in == threading.current_thread().name
    assert (timed.check.right, timed.check.wrong) == (1, 0)
    assert len(timed.move_ms) == 1 and len(timed.detect_ms) == len(run.frames)
    assert timed.dropped == 0


class _Exhausted(ListSource):
    """Frames in memory: the second is read once detection has ``started`` on the first;
    ``done`` is set once the reader has read them all."""

    def __init__(self, frames: list[np.ndarray]) -> None:
        super().__init__(frames)
        self.started, self.done, self.reads = threading.Event(), threading.Event(), 0

    def read(self) -> np.ndarray | None:
        self.reads += 1
        if self.reads == 2:
            assert self.started.wait(30)
        frame = super().read()
        if frame is None:
            self.done.set()
        return frame


def test_detection_lagging_takes_the_newest_frame_and_counts_the_dropped_ones() -> None:
    frames = [np.full((60, 80), i * 20, np.uint8) for i in range(10)]
    source = _Exhausted(frames)
    results: list[FrameResult] = []

    def slow(result: FrameResult) -> None:  # the first frame's detection outlasts the rest
        results.append(result)
        source.started.set()
        assert source.done.wait(30)

    worker = CaptureWorker(source, slow, lambda reason: None, fps=1000)
    worker.start()
    assert worker.wait(timeout=30)
    # frame 0 detected; 1-8 each replaced by the next while it waited; 9, the newest, next
    assert [r.index for r in results] == [0, 9]
    assert [r.dropped for r in results] == [0, 8]


def test_a_folder_of_images_stands_in_for_the_camera(tmp_path: Path) -> None:
    table, rng = SMALL, np.random.default_rng(7)
    camera = random_camera(table, rng)
    display = place_minis(render_map(table, rng), table, {20: (10.5, 5.5)})
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"frame-{i:03}.png"), camera_frame(table, camera, display, rng))
    (tmp_path / "notes.txt").write_text("not an image")
    results: list[FrameResult] = []
    ended: list[str] = []
    worker = CaptureWorker(open_source(str(tmp_path)), results.append, ended.append, fps=None)
    worker.start()
    assert worker.wait(timeout=30)
    assert ended == ["camera: the source has no more frames"]
    assert [r.index for r in results] == [0, 1, 2]
    assert all(20 in r.markers for r in results)


def test_bad_sources_are_named() -> None:
    with pytest.raises(SourceError, match="camera source '/no/such': no such file or folder"):
        open_source("/no/such")


def test_an_empty_folder_and_a_broken_image_are_named(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="the folder holds no images"):
        open_source(str(tmp_path))
    (tmp_path / "a.png").write_bytes(b"not a png")
    ended: list[str] = []
    worker = CaptureWorker(open_source(str(tmp_path)), lambda r: None, ended.append, fps=None)
    worker.start()
    assert worker.wait(timeout=30)
    assert len(ended) == 1 and ended[0].startswith("camera stopped: camera source: '")
    assert ended[0].endswith("a.png' is not an image OpenCV can read")


def test_bench_camera_is_a_bench_subsystem(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    assert "camera" in capsys.readouterr().out
