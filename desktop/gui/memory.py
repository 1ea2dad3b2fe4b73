"""Handing freed memory back to the operating system after an encounter is replaced.

glibc keeps freed heap pages for reuse, so after a large map and its walls are let go, tens of
MB stay counted in the program's resident memory until ``malloc_trim`` returns them. On other
C libraries (macOS, Windows, musl) this does nothing.
"""

from __future__ import annotations

import ctypes
import gc
import sys
from collections.abc import Callable


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
