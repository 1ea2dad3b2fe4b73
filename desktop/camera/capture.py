"""Frames from a camera, a video file or a folder of images, detected in a worker thread.

:func:`open_source` reads ``--camera-source``: a camera's number ("0"), a video file
(``clip.mp4``) or a folder of images (read in name order). :class:`CaptureWorker` runs two
Python threads: ``battlemap-camera-read`` reads the frames, ``battlemap-camera`` finds the
markers of the newest one (the fiducials with
:class:`~battlemap.desktop.camera.calibration.Detector`, then the base markers with
:class:`~battlemap.desktop.camera.finder.MarkerFinder`) and hands a :class:`FrameResult` to its
callback - from that thread: the GUI turns it into a queued Qt signal, so the GUI thread
only maps the markers to the map and moves tokens.

Examples
--------
>>> open_source("/no/such/clip.mp4")
Traceback (most recent call last):
...
battlemap.desktop.camera.capture.SourceError: camera source '/no/such/clip.mp4': no such file or \
folder
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

from battlemap.desktop.camera.calibration import Box, Detector
from battlemap.desktop.camera.finder import MarkerFinder

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
    """The images of a folder, in name order: stills, each detected (none dropped)."""

    live = False

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
    """A camera (by number) or a video file, through ``cv2.VideoCapture``: frames in real
    time, the stale ones dropped when detection lags."""

    live = True

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
    dropped: int = 0
    """Frames read but never detected so far (detection lagged: a newer frame was waiting)."""
    taken_at: float = 0.0
    """When detection took the frame (``read_at`` plus its wait for the detection thread)."""


DETECTION_THREADS = 1
"""OpenCV's threads for detection (``cv2.setNumThreads``): on a two-core machine one core
detects and the other stays the GUI's; the windows :class:`MarkerFinder` searches are too
small to gain from more."""


class _Newest:
    """The frame waiting for detection: one slot, a newer frame replaces a waiting one (and
    counts it dropped) unless ``keep_all``; closed with the reason reading stopped."""

    def __init__(self, keep_all: bool) -> None:
        self.keep_all = keep_all
        self.dropped = 0
        self.reason: str | None = None
        self._slot: tuple[int, float, np.ndarray] | None = None
        self._changed = threading.Condition()

    def put(self, item: tuple[int, float, np.ndarray], stop: threading.Event) -> None:
        with self._changed:
            while self.keep_all and self._slot is not None and not stop.is_set():
                self._changed.wait(0.1)
            if self._slot is not None:
                self.dropped += 1
            self._slot = item
            self._changed.notify_all()

    def close(self, reason: str) -> None:
        with self._changed:
            if self.reason is None:
                self.reason = reason
            self._changed.notify_all()

    def take(self) -> tuple[int, float, np.ndarray] | None:
        """The newest frame (waiting for one); None once closed and empty."""
        with self._changed:
            while self._slot is None and self.reason is None:
                self._changed.wait()
            item, self._slot = self._slot, None
            self._changed.notify_all()
            return item


class CaptureWorker:
    """Reads frames in one thread and detects them in another, ``fps`` at most (None: every
    frame as fast as the source gives them and detection takes them); ``on_frame`` gets each
    result, ``on_end`` why it stopped (the source ended, or an error), both called from the
    detection thread.

    With ``fps`` set and a live source (a camera, a video file), detection always takes the
    newest frame read: a frame still waiting when a newer one comes is dropped
    (:attr:`FrameResult.dropped` counts them), so a slow frame delays the ones after it by one
    frame at most, never by a growing queue. A folder's images are each detected."""

    def __init__(self, source: FrameSource, on_frame: Callable[[FrameResult], None],
                 on_end: Callable[[str], None], fps: float | None = 30.0) -> None:
        self.source, self.on_frame, self.on_end, self.fps = source, on_frame, on_end, fps
        self.tracking = False
        """True: the fast finder for the base markers (once calibrated), False: the
        thorough detector for the fiducials. Read afresh each frame."""
        self.box: Box | None = None
        """Where in the frame to look (the table display, once calibrated); None: all of it.
        Set from another thread: the worker reads it afresh each frame."""
        self._stop = threading.Event()
        self._newest = _Newest(keep_all=fps is None or not getattr(source, "live", True))
        self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
        self._reader = threading.Thread(target=self._read, name=f"{THREAD_NAME}-read",
                                        daemon=True)

    def start(self) -> None:
        self._reader.start()
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop reading and wait for the threads (detection finishes the frame it is on)."""
        self._stop.set()
        self._newest.close("camera stopped")
        for thread in (self._reader, self._thread):
            if thread.is_alive() and threading.current_thread() is not thread:
                thread.join(timeout)

    def wait(self, timeout: float) -> bool:
        """Wait for the source to end (or an error); whether the thread has ended."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _read(self) -> None:
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
                self._newest.put((index, time.perf_counter(), frame), self._stop)
                index += 1
                wait = period - (time.perf_counter() - started)
                if wait > 0:
                    self._stop.wait(wait)
        except (SourceError, cv2.error) as error:
            reason = f"camera stopped: {error}"
        finally:
            self.source.close()
            self._newest.close(reason)

    def _run(self) -> None:
        cv2.setNumThreads(DETECTION_THREADS)
        thorough, finder = Detector(), MarkerFinder()
        reason = "camera stopped"
        try:
            while (item := self._newest.take()) is not None:
                if self._stop.is_set():
                    break  # stopped: the frame waiting is not detected
                index, read_at, frame = item
                taken_at = time.perf_counter()
                box = self.box
                markers = finder.find(frame, box) if self.tracking else thorough.detect(frame,
                                                                                        box)
                self.on_frame(FrameResult(index, read_at, time.perf_counter(), markers,
                                          threading.current_thread().name,
                                          (frame.shape[1], frame.shape[0]),
                                          self._newest.dropped, taken_at))
            reason = self._newest.reason or reason
        except cv2.error as error:
            reason = f"camera stopped: {error}"
            self._stop.set()
        self.on_end(reason)
