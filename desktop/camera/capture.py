"""Frames from a camera, a video file or a folder of images, detected in a worker thread.

:func:`open_source` reads ``--camera-source``: a camera's number ("0"), a video file
(``clip.mp4``) or a folder of images (read in name order). :class:`CaptureWorker` runs a
Python thread named ``battlemap-camera`` that reads a frame, finds its markers
(:class:`~desktop.camera.calibration.Detector`) and hands a :class:`FrameResult` to its
callback - from that thread: the GUI turns it into a queued Qt signal, so the GUI thread
only maps the markers to the map and moves tokens.

Examples
--------
>>> open_source("/no/such/clip.mp4")
Traceback (most recent call last):
...
desktop.camera.capture.SourceError: camera source '/no/such/clip.mp4': no such file or folder
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from desktop.camera.calibration import Box, Detector

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
THREAD_NAME = "battlemap-camera"


class SourceError(ValueError):
    """A camera source that cannot be read, said with what and where."""


class FrameSource(Protocol):
    def read(self) -> np.ndarray | None:
        """The next frame (grey or BGR), None at the end."""
        ...

    def close(self) -> None: ...


class FolderSource:
    """The images of a folder, in name order."""

    def __init__(self, folder: Path) -> None:
        self.files = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.files:
            raise SourceError(f"camera source '{folder}': the folder holds no images "
                              f"({', '.join(IMAGE_SUFFIXES)})")
        self._next = 0

    def read(self) -> np.ndarray | None:
        if self._next >= len(self.files):
            return None
        path = self.files[self._next]
        self._next += 1
        frame: np.ndarray | None = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
        if frame is None:
            raise SourceError(f"camera source: '{path}' is not an image OpenCV can read")
        return frame

    def close(self) -> None:
        self._next = len(self.files)


class VideoSource:
    """A camera (by number) or a video file, through ``cv2.VideoCapture``."""

    def __init__(self, spec: str | int) -> None:
        self._capture: Any = cv2.VideoCapture(spec)
        if not self._capture.isOpened():
            what = f"camera {spec}" if isinstance(spec, int) else f"'{spec}'"
            raise SourceError(f"camera source {what}: cannot be opened (no such camera, or a "
                              "video format OpenCV cannot read)")

    def read(self) -> np.ndarray | None:
        ok, frame = self._capture.read()
        return frame if ok else None

    def close(self) -> None:
        self._capture.release()


def open_source(spec: str) -> FrameSource:
    """The source ``spec`` names (see the module's docstring)."""
    if spec.isdigit():
        return VideoSource(int(spec))
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path)
    if not path.is_file():
        raise SourceError(f"camera source '{spec}': no such file or folder")
    return VideoSource(str(path))


@dataclass(frozen=True, slots=True)
class FrameResult:
    """One frame's markers (id -> corners in camera px), when it was read and detected
    (``time.perf_counter``), and the thread that detected it."""

    index: int
    read_at: float
    detected_at: float
    markers: dict[int, np.ndarray]
    thread: str
    size: tuple[int, int] = (0, 0)
    """The frame's width and height (px)."""


class CaptureWorker:
    """Reads and detects frames in its own thread, ``fps`` at most (None: as fast as the
    source gives them); ``on_frame`` gets each result, ``on_end`` why it stopped (the
    source ended, or an error), both called from the worker thread."""

    def __init__(self, source: FrameSource, on_frame: Callable[[FrameResult], None],
                 on_end: Callable[[str], None], fps: float | None = 30.0) -> None:
        self.source, self.on_frame, self.on_end, self.fps = source, on_frame, on_end, fps
        self.tracking = False
        """True: the fast detector for the base markers (once calibrated), False: the
        thorough one for the fiducials. Read by the worker when it starts."""
        self.box: Box | None = None
        """Where in the frame to look (the table display, once calibrated); None: all of it.
        Set from another thread: the worker reads it afresh each frame."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop reading and wait for the thread (it finishes the frame it is on)."""
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    def wait(self, timeout: float) -> bool:
        """Wait for the source to end (or an error); whether the thread has ended."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        thorough, fast = Detector(), Detector.for_tracking()
        period = 1.0 / self.fps if self.fps else 0.0
        index = 0
        reason = "camera stopped"
        try:
            while not self._stop.is_set():
                started = time.perf_counter()
                frame = self.source.read()
                if frame is None:
                    reason = "camera: the source has no more frames"
                    break
                detector = fast if self.tracking else thorough
                markers = detector.detect(frame, self.box)
                self.on_frame(FrameResult(index, started, time.perf_counter(), markers,
                                          threading.current_thread().name,
                                          (frame.shape[1], frame.shape[0])))
                index += 1
                wait = period - (time.perf_counter() - started)
                if wait > 0:
                    self._stop.wait(wait)
        except (SourceError, cv2.error) as error:
            reason = f"camera stopped: {error}"
        finally:
            self.source.close()
        self.on_end(reason)
