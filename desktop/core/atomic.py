"""Crash-safe file writes: the file on disk is always either the old version or the new one.

:func:`atomic_write_bytes` writes a temporary file in the same directory, flushes and fsyncs
it, renames it over the target with :func:`os.replace` (atomic on POSIX and Windows), then
fsyncs the directory so the rename itself survives a power cut. A process killed at any moment
leaves either the previous file intact or the complete new one, plus at worst a stray
``.NAME.*.tmp`` file; a later save of the same file removes strays older than
:data:`STRAY_AGE_SECONDS` (a younger one may be another program's save in progress).

Examples
--------
>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "enc.json"
>>> atomic_write_bytes(target, b"{}")
>>> target.read_bytes()
b'{}'
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import tempfile
import time
from pathlib import Path

NEW_FILE_MODE = 0o666
"""The mode a new file asks for; the process umask takes away from it (as ``open`` does)."""
STRAY_AGE_SECONDS = 3600.0
"""A temporary file of a save older than this was left by a save that was killed."""


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Replace the file at ``path`` with ``data`` atomically (see the module docstring).

    A new file gets the mode the umask allows, an existing one keeps its mode; a file the
    user may not write (a read-only encounter, ``chmod 444``) is refused with
    :class:`ReadOnlyFile` (a ``PermissionError``) and left alone. A symbolic link at ``path``
    is replaced by the new file; what it pointed to is not written.
    """
    target = Path(path)
    mode = _mode_for(target)
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as temp:
            temp.write(data)
            temp.flush()
            os.fsync(temp.fileno())
        os.chmod(temp_name, mode)
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_directory(target.parent)
    _remove_strays(target)


class ReadOnlyFile(PermissionError):
    """A save refused because the file is read-only; the message names the file.

    Examples
    --------
    >>> str(ReadOnlyFile(13, "read-only file; not replaced", "enc.json"))
    'enc.json: read-only file; not replaced'
    """

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def same_file(first: str | Path, second: str | Path) -> bool:
    """True if both paths reach the same file (device and inode: hard and symbolic links too);
    False if either does not exist.

    Examples
    --------
    >>> import tempfile, pathlib, os
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "a.json").write_text("{}")
    2
    >>> os.link(folder / "a.json", folder / "b.json")
    >>> same_file(folder / "a.json", folder / "b.json"), same_file(folder / "a.json", folder)
    (True, False)
    """
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def _mode_for(target: Path) -> int:
    """The mode to give the new version of ``target``; refuses a file the user cannot write."""
    try:
        info = target.stat()
    except FileNotFoundError:
        return NEW_FILE_MODE & ~current_umask()
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):  # 0o222: root too
        raise ReadOnlyFile(errno.EACCES, "read-only file; not replaced", str(target))
    return info.st_mode & 0o777


def current_umask() -> int:
    """The process umask (read by setting it and putting it back).

    Examples
    --------
    >>> 0 <= current_umask() <= 0o777
    True
    """
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def _remove_strays(target: Path) -> None:
    """Delete the temporary files that killed saves of ``target`` left behind."""
    too_old = time.time() - STRAY_AGE_SECONDS
    for stray in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            if stray.stat().st_mtime < too_old:
                stray.unlink()


def _fsync_directory(directory: Path) -> None:
    if os.name != "posix":  # Windows cannot open a directory; its rename is durable enough
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
