"""Handing freed memory back to the operating system, and not holding what is never used.

glibc keeps freed heap pages for reuse, so after a large map and its walls are let go, tens of
MB stay counted in the program's resident memory until ``malloc_trim`` returns them. On other
C libraries (macOS, Windows, musl) this does nothing.

PySide6 reads the source of every module imported after it (to see whether it uses PySide6)
and Python's :mod:`linecache` keeps every line read: :func:`keep_import_sources_out` stops that,
and answers from the file's bytes (a tenth of the time: about 30 ms of the start).
"""

from __future__ import annotations

import ctypes
import functools
import gc
import importlib
import linecache
import sys
from collections.abc import Callable
from types import ModuleType


def _find_malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim  # the C library loaded
    except (OSError, AttributeError):
        return None
    return trim


_MALLOC_TRIM = _find_malloc_trim()


def hand_back_freed_pages() -> bool:
    """Give freed heap pages back to the operating system (``malloc_trim``); True if the C
    library did so. A worker freeing big buffers in a loop keeps its peak down with it.

    >>> hand_back_freed_pages() in (True, False)
    True
    """
    return _MALLOC_TRIM is not None and bool(_MALLOC_TRIM(0))


def return_freed_memory() -> bool:
    """Free what only reference cycles still hold (an old encounter's items and their
    wrappers), then give freed heap pages back to the operating system; True if the C library
    did so.

    >>> return_freed_memory() in (True, False)
    True
    """
    gc.collect()
    return hand_back_freed_pages()


FEATURE_MODULE = "PySide6.support.feature"
"""PySide6's import hook for ``from __feature__ import ...``: it reads each module's source."""


def keep_import_sources_out() -> bool:
    """Stop PySide6's import hook keeping the source lines of every module imported after
    PySide6 in :mod:`linecache` (about 13 MB of strings for this program's modules and the
    libraries they import); True if the hook was found.

    The hook gives the same answer: whether the module's source holds "PySide6", read from
    its ``.py`` file's bytes, or by the hook itself for any other module (its lines let go at
    once: a traceback reads them again when it needs them); the lines read before are let go
    now. Calling it again changes nothing.

    >>> keep_import_sources_out() in (True, False)
    True
    """
    importlib.import_module("PySide6.QtCore")  # sets up the hook
    feature = sys.modules.get(FEATURE_MODULE)
    uses_pyside = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(uses_pyside):
        return False
    if not hasattr(uses_pyside, "__wrapped__"):
        feature._mod_uses_pyside = _from_source_bytes(uses_pyside)  # type: ignore[attr-defined]
        linecache.clearcache()
    return True


def _from_source_bytes(read: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    """``read`` (whether a module's source holds "PySide6"), answered from the bytes of the
    module's ``.py`` file; ``read`` itself for a module without one, letting go of the lines it
    cached."""

    @functools.wraps(read)
    def uses_pyside(module: ModuleType) -> bool:
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and file.endswith(".py"):
            try:
                with open(file, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass  # as the hook finds it (gone, unreadable): its own answer
        cached = set(linecache.cache)
        try:
            return read(module)
        finally:
            for name in set(linecache.cache) - cached:
                linecache.cache.pop(name, None)

    return uses_pyside
