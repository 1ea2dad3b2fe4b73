"""Crash-safe file writes: the file on disk is always either the old version or the new one.

:func:`atomic_write_bytes` writes a temporary file in the same directory, flushes and fsyncs
it, renames it over the target with :func:`os.replace` (atomic on POSIX and Windows), then
fsyncs the directory so the rename itself survives a power cut. A process killed at any moment
leaves either the previous file intact or the complete new one, plus at worst a stray
``.NAME.*.tmp`` file; a later save of the same file removes strays older than
:data:`STRAY_AGE_SECONDS` (a younger one may be another program's save in progress).

Only regular files are ever replaced: a device node, a FIFO, a socket or a folder at the path
is refused (:class:`NotARegularFile`). A symbolic link is replaced by the new file (what it
pointed to is left alone: an image written over a link to the user's notes), unless the write
is ``through_links`` (an encounter saved back where it was opened): then the regular file it
points to is replaced, atomically, and the link stays a link. An error while writing names the
file asked for, never the temporary file.

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
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

NEW_FILE_MODE = 0o666
"""The mode a new file asks for; the process umask takes away from it (as ``open`` does)."""
STRAY_AGE_SECONDS = 3600.0
"""A temporary file of a save older than this was left by a save that was killed."""


def atomic_write_bytes(path: str | Path, data: bytes, *, through_links: bool = False) -> None:
    """Replace the file at ``path`` with ``data`` atomically (see the module docstring).

    A new file gets the mode the umask allows, an existing one keeps its mode; a file the
    user may not write (a read-only encounter, ``chmod 444``) is refused with
    :class:`ReadOnlyFile` (a ``PermissionError``) and left alone. A symbolic link at ``path``
    is replaced, or with ``through_links`` written through to its target; anything but a
    regular file is refused with :class:`NotARegularFile`.

    >>> import tempfile, pathlib, os
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "real.json").write_text("old")
    3
    >>> os.symlink(folder / "real.json", folder / "link.json")
    >>> atomic_write_bytes(folder / "link.json", b"new", through_links=True)
    >>> (folder / "link.json").is_symlink(), (folder / "real.json").read_text()
    (True, 'new')
    >>> atomic_write_bytes(folder / "link.json", b"image")
    >>> (folder / "link.json").is_symlink(), (folder / "real.json").read_text()
    (False, 'new')
    >>> os.mkfifo(folder / "pipe")
    >>> try:
    ...     atomic_write_bytes(folder / "pipe", b"x")
    ... except NotARegularFile as refused:
    ...     print(refused.strerror)
    not a regular file (a device or a FIFO); not replaced
    """
    atomic_write_pieces(path, (data,), through_links=through_links)


def atomic_write_pieces(
    path: str | Path, pieces: Iterable[bytes], *, through_links: bool = False
) -> None:
    """:func:`atomic_write_bytes` of the file made of ``pieces`` in order, each written as it
    comes (a file of hundreds of MB is never held whole). An error raised while the pieces
    are made leaves the old file as it was and no temporary file.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.json"
    >>> atomic_write_pieces(target, (b"[", b"1", b"]"))
    >>> target.read_bytes()
    b'[1]'
    """
    asked = Path(path)
    target = written_path(asked, through_links=through_links)
    mode = _mode_for(target)
    try:
        fd, temp_name = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=".tmp",
                                         dir=target.parent)
    except OSError as error:
        raise _naming(error, asked) from None
    try:
        with os.fdopen(fd, "wb") as temp:
            for piece in pieces:
                temp.write(piece)
            temp.flush()
            os.fsync(temp.fileno())
        os.chmod(temp_name, mode)
        os.replace(temp_name, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise _naming(error, asked) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_directory(target.parent)
    _remove_strays(target)


def written_path(path: str | Path, *, through_links: bool = False) -> Path:
    """The file a save of ``path`` replaces: ``path`` itself (a link replaced by the file), or
    with ``through_links`` the end of its symbolic links.

    A path that exists but is not a regular file (a device, a FIFO, a socket, a folder) is
    refused with :class:`NotARegularFile`; a link to nowhere, written through, makes a new file
    where it points.

    Examples
    --------
    >>> written_path("/no/such/file.json")
    PosixPath('/no/such/file.json')
    >>> written_path("/")
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.atomic.NotARegularFile: /: a folder; not replaced
    """
    asked = Path(path)
    if asked.is_symlink() and not through_links:
        return asked
    target = Path(os.path.realpath(asked)) if asked.is_symlink() else asked
    try:
        info = target.stat()
    except FileNotFoundError:
        return target
    except OSError as error:
        raise _naming(error, asked) from None
    if stat.S_ISREG(info.st_mode):
        return target
    kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device or a FIFO)"
    raise NotARegularFile(errno.EINVAL, f"{kind}; not replaced", str(asked))


class NotARegularFile(OSError):
    """A save refused because the path is a device, a FIFO, a socket or a folder.

    Examples
    --------
    >>> str(NotARegularFile(22, "a folder; not replaced", "out"))
    'out: a folder; not replaced'
    """

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def _naming(error: OSError, asked: Path) -> OSError:
    """The same error, naming the file the user asked for (not a temporary file)."""
    if isinstance(error, ReadOnlyFile | NotARegularFile):
        return error
    named = type(error)(error.errno, error.strerror or str(error), str(asked))
    return named


def _temp_prefix(target: Path) -> str:
    """``.NAME.`` for the temporary file, shortened so a long name still leaves room for the
    random part and ``.tmp`` within the 255 bytes a file name may have."""
    return f".{target.name[:_TEMP_NAME_KEPT]}."


_TEMP_NAME_KEPT = 200


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
    for stray in target.parent.glob(f"{glob.escape(_temp_prefix(target))}*.tmp"):
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
