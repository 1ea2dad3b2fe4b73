r"""What the program prints reaches the terminal as text, never as control sequences.

Token, weapon and profile names come from files a stranger may have written; printed raw, an
ESC sequence in one would retitle the terminal, clear the screen or hide the lines before it.
:func:`escaped` shows every control character (C0 but newline and tab, DEL, C1) as a visible
``\xNN`` escape; :func:`escaped_streams` applies it to everything written to standard output
and standard error while a command runs. JSON output is unchanged: the encoder already writes
those characters as ``\u001b``.

Examples
--------
>>> escaped("Goblin\x1b]0;pwned\x07 Boss\n")
'Goblin\\x1b]0;pwned\\x07 Boss\n'
>>> escaped("plain text, tabs\tand accents: Séla")
'plain text, tabs\tand accents: Séla'
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import TextIO

__all__ = ["EscapingStream", "escaped", "escaped_streams"]

_CONTROLS = [c for c in (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)) if c not in (0x09, 0x0A)]
_TABLE = {c: f"\\x{c:02x}" for c in _CONTROLS}


def escaped(text: str) -> str:
    r"""``text`` with every control character but newline and tab shown as ``\xNN``."""
    return text.translate(_TABLE)


class EscapingStream:
    r"""A text stream that writes :func:`escaped` text to the stream it wraps.

    Examples
    --------
    >>> import io
    >>> inner = io.StringIO()
    >>> EscapingStream(inner).write("a\x1b[2Jb")
    9
    >>> inner.getvalue()
    'a\\x1b[2Jb'
    """

    def __init__(self, inner: TextIO) -> None:
        self.inner = inner

    def write(self, text: str) -> int:
        return self.inner.write(escaped(text))

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


@contextlib.contextmanager
def escaped_streams() -> Iterator[None]:
    """Escape what is written to ``sys.stdout`` and ``sys.stderr`` inside the block."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = EscapingStream(out)  # type: ignore[assignment]
    sys.stderr = EscapingStream(err)  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
