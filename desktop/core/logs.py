"""Battlemap's log file: one rotating file in the platform's log folder, Qt-free.

:func:`start_logging` sends the ``battlemap`` loggers to
``battlemap.log`` in :func:`log_dir` (``platformdirs.user_log_dir("battlemap")``: for example
``~/.local/state/battlemap/log`` on Linux, ``~/Library/Logs/battlemap`` on macOS,
``%LOCALAPPDATA%\\battlemap\\Logs`` on Windows). The file rotates at :data:`MAX_BYTES` and
keeps :data:`BACKUPS` old files, so a long campaign never fills the disk. A log folder that
cannot be made or written leaves the program running without a file (the reason is
returned, and the caller tells the GM).

The GUI adds Qt's own messages and uncaught exceptions (:mod:`battlemap.desktop.gui.crash`).

Examples
--------
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> start_logging(folder) is None
True
>>> logging.getLogger("battlemap").info("hello")
>>> "INFO battlemap: hello" in (folder / LOG_NAME).read_text()
True
>>> stop_logging()
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

import platformdirs

LOG_NAME = "battlemap.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("battlemap")


def log_dir() -> Path:
    """The folder the log file goes to (it may not exist yet)."""
    return Path(platformdirs.user_log_dir("battlemap", appauthor=False))


def log_file(directory: Path | None = None) -> Path:
    """The current log file in ``directory`` (default: :func:`log_dir`)."""
    return (directory or log_dir()) / LOG_NAME


def start_logging(directory: Path | None = None) -> str | None:
    """Log to the rotating file in ``directory`` (default :func:`log_dir`); None, or why the
    file cannot be written (the program then goes on without a log file)."""
    stop_logging()
    folder = directory or log_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            folder / LOG_NAME, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as problem:
        return f"no log file in {folder}: {problem.strerror or problem}"
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.set_name("battlemap-file")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    return None


def stop_logging() -> None:
    """Close and remove the file handler :func:`start_logging` added (if any)."""
    for handler in list(log.handlers):
        if handler.get_name() == "battlemap-file":
            log.removeHandler(handler)
            handler.close()
