"""Bounded reads of untrusted files: regular files only, never more than the limit plus one byte.

A file named by the user or inside a downloaded encounter may be ``/dev/zero`` (endless), a
FIFO (blocks forever), a device, or a sparse file claiming gigabytes. :func:`read_regular_file`
opens without blocking, checks on the open descriptor that it is a regular file no larger
than the limit, and reads at most ``limit + 1`` bytes, so a file that grows while it is read
is refused too. Problems raise :class:`UnreadableFile`, an ``OSError`` whose ``strerror``
says what is wrong, so callers that already report ``OSError.strerror`` need no change.

Examples
--------
>>> read_regular_file("/dev/zero", 1024)
Traceback (most recent call last):
...
battlemap.desktop.core.reading.UnreadableFile: [Errno 22] not a regular file (a character device): \
'/dev/zero'
"""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class UnreadableFile(OSError):
    """A file refused before or while reading it: not a regular file, or too large."""


def file_kind(mode: int) -> str:
    """What a non-regular file is, in words, from its ``st_mode``.

    Examples
    --------
    >>> file_kind(stat.S_IFIFO)
    'a FIFO'
    """
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` if it holds at most ``limit`` bytes.

    Symbolic links are followed (the file they reach is checked). Raises ``OSError`` (an
    :class:`UnreadableFile` for a special or oversized file).
    """
    with open_regular_file(path, limit) as file:
        data = _read_at_most(file, limit + 1)
    if len(data) > limit:
        raise UnreadableFile(errno.EFBIG, _too_large(len(data), limit), str(path))
    return data


def open_regular_file(path: str | Path, limit: int) -> io.FileIO:
    """The regular file at ``path``, open for reading, if it holds at most ``limit`` bytes now
    (a reader that goes on must still stop at the limit: the file may grow).

    Opened without blocking and checked on the open descriptor, as :func:`read_regular_file`.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile() as named:
    ...     _ = named.write(b"0123456789")
    ...     named.flush()
    ...     with open_regular_file(named.name, 1024) as file:
    ...         file.read(4)
    b'0123'
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        _check_regular(os.fstat(fd), limit, str(path))
    except OSError:
        os.close(fd)
        raise
    return io.FileIO(fd, "rb")


def read_head(path: str | Path, count: int) -> bytes:
    """The first ``count`` bytes of the regular file at ``path`` (all of a shorter one), whatever
    its size.

    >>> read_head("/dev/zero", 8)
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.reading.UnreadableFile: [Errno 22] not a regular file (a character \
device): '/dev/zero'
    """
    with open_regular_file(path, sys.maxsize) as file:
        return _read_at_most(file, count)


def _check_regular(info: os.stat_result, limit: int, where: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = file_kind(info.st_mode)
        raise UnreadableFile(errno.EINVAL, f"not a regular file ({kind})", where)
    if info.st_size > limit:
        raise UnreadableFile(errno.EFBIG, _too_large(info.st_size, limit), where)


def _read_at_most(file: io.RawIOBase, count: int) -> bytes:
    chunks: list[bytes] = []
    left = count
    while left > 0:
        chunk = file.read(min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _too_large(size: int, limit: int) -> str:
    return f"{size:,} bytes; the limit is {limit:,}"
