"""Universal VTT files read as a stream: the JSON outside the map image kept, the image's base64
decoded straight into a file. Qt-free.

A Dungeondraft export is one JSON object whose ``"image"`` string holds the whole map as
base64: a 512 MB file is almost all image. :func:`split_uvtt` reads such a file a chunk at a
time: everything outside the image value (walls, lights, resolution...) is kept as JSON bytes
with the image's value emptied (``"image": ""``), at most
:data:`~battlemap.desktop.core.limits.MAX_UVTT_JSON_BYTES`, for the ordinary strict parser;
the image string (found at the top level of the object, by a scan that follows strings and
brackets) is decoded in chunks of whole base64 quads (:class:`Base64Decoder`: strict
alphabet, padding only at the end, ``\\/`` the only escape allowed) into a hidden file. Its
header is checked (:func:`~battlemap.desktop.core.images.check_image`, the pixel limits) from
its first megabyte, before the rest is decoded, so a decompression bomb is refused early. A
refusal raises :class:`~battlemap.desktop.core.validation.FieldProblem` naming the field and
where, and removes the half-written file.

An image string shorter than :data:`STREAM_IMAGE_FROM` characters (or one naming a file, as
Foundry's exports do) is left in the JSON, as before.

Examples
--------
>>> import base64, io, struct, tempfile
>>> png = b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR" + struct.pack(">II", 4, 4) + bytes(90)
>>> text = base64.b64encode(png).replace(b"/", b"\\\\/")
>>> data = b'{"format": 1.0, "image": "' + text + b'", "lights": []}'
>>> split = split_uvtt(io.BytesIO(data), Path(tempfile.mkdtemp()), stream_from=16)
>>> split.document
b'{"format": 1.0, "image": "", "lights": []}'
>>> split.image.path.read_bytes() == png, split.image.kind, split.image.width
(True, 'png', 4)
>>> decoder = Base64Decoder()
>>> decoder.feed(b"aGVsbG8"), decoder.feed(b"="), decoder.finish()
(b'hel', b'lo', b'')
"""

from __future__ import annotations

import binascii
import contextlib
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, NoReturn

from battlemap.desktop.core.images import ImageError, check_image, image_size
from battlemap.desktop.core.limits import (
    MAX_IMAGE_FILE_BYTES,
    MAX_UVTT_FILE_BYTES,
    MAX_UVTT_JSON_BYTES,
)
from battlemap.desktop.core.validation import FieldProblem

CHUNK_BYTES = 4 << 20
"""Bytes read from the file at a time (4 MiB: the most of the file held at once)."""
STREAM_IMAGE_FROM = 16 << 20
"""An ``image`` string of this many characters or more (16 MiB, a 12 MB image) is decoded as a
stream; a shorter one stays in the JSON and is embedded in the encounter as before (a map of
a few megabytes, or a file name): the encounter stays whole in itself."""
HEAD_BYTES = 1 << 20
"""Decoded bytes gathered before the image's header is checked (a JPEG's frame header may
follow some metadata)."""
CACHE_NAME = "battlemap"
"""The program's folder in the user's cache folder (the one the GUI maps big images into)."""

_STRUCTURE = re.compile(rb'["{}\[\]]')
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_COLON = re.compile(rb'[ \t\r\n]*:[ \t\r\n]*')
_NOT_BLANK = re.compile(rb'[^ \t\r\n]')
_NOT_BASE64 = re.compile(rb"[^A-Za-z0-9+/=]")
_IMAGE_KEY = b'"image"'


@dataclass(frozen=True, slots=True)
class StreamedImage:
    """A map image decoded from a file's base64 into ``path``: its bytes, format and size."""

    path: Path
    size: int
    kind: str
    width: int
    height: int


@dataclass(frozen=True, slots=True)
class SplitUvtt:
    """A Universal VTT file split: its JSON with a streamed image's value emptied, and that
    image (None if it was left in the JSON or there is none)."""

    document: bytes
    image: StreamedImage | None


class Base64Decoder:
    """Strict base64 decoded a piece at a time: :meth:`feed` any split of the text, then
    :meth:`finish`. The same bytes as ``base64.b64decode(text, validate=True)``, or a
    :class:`~battlemap.desktop.core.validation.FieldProblem` saying what is wrong and at which
    character (``field`` names the text).

    >>> decoder = Base64Decoder("image")
    >>> decoder.feed(b"QUJD"), decoder.feed(b"R%==")
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.validation.FieldProblem: image: not base64 at character 6 of the \
image text ('%')
    """

    def __init__(self, field: str = "image") -> None:
        self.field = field
        self.characters = 0
        """Characters decoded so far (whole quads)."""
        self._pending = b""
        self._padded = False

    def feed(self, text: bytes) -> bytes:
        """The bytes the whole quads of ``text`` (and what was left over before) decode to."""
        data = self._pending + text
        whole = len(data) - len(data) % 4
        self._pending = data[whole:]
        if not whole:
            return b""
        if self._padded:
            raise FieldProblem(self.field, f"padding '=' at character {self.characters:,} of "
                                           f"the {self.field} text, before its end")  # fmt: skip
        quads = data[:whole]
        try:
            decoded = binascii.a2b_base64(quads, strict_mode=True)
        except binascii.Error:
            decoded = None
        if decoded is None:
            self._refuse(quads, "not base64")
        self._padded = quads.endswith(b"=")
        self.characters += whole
        return decoded

    def finish(self) -> bytes:
        """Nothing more to decode; refuses a text whose length is not a multiple of 4."""
        if self._pending:
            found = f"{self.characters + len(self._pending):,} characters"
            raise FieldProblem(self.field, f"the base64 text is cut short: {found}, not a "
                                           "multiple of 4 (a truncated file?)")  # fmt: skip
        return b""

    @property
    def position(self) -> int:
        """Characters taken so far (decoded, and held back until their quad is whole)."""
        return self.characters + len(self._pending)

    def _refuse(self, quads: bytes, problem: str) -> NoReturn:
        bad = _NOT_BASE64.search(quads)
        if bad is None:  # every character is base64's: a "=" where padding may not be
            where = self.characters + quads.find(b"=") + 1
            raise FieldProblem(self.field, f"padding '=' at character {where:,} of the "
                                           f"{self.field} text, before its end")  # fmt: skip
        where = self.characters + bad.start() + 1
        shown = chr(quads[bad.start()])
        raise FieldProblem(self.field, f"{problem} at character {where:,} of the {self.field} "
                                       f"text ({shown!r})")  # fmt: skip


def cache_folder() -> Path:
    """The program's folder in the user's cache folder, made if need be (``~/.cache/battlemap``
    on Linux, as the GUI's; ``~/Library/Caches/battlemap`` on macOS, ``%LOCALAPPDATA%`` on
    Windows).

    >>> cache_folder().name
    'battlemap'
    """
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(base) / CACHE_NAME
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def split_uvtt(file: BinaryIO, image_folder: Path, *, stream_from: int | None = None
               ) -> SplitUvtt:  # fmt: skip
    """Read ``file`` (an open binary file at its start) as described in the module docstring;
    a streamed image is decoded into a hidden ``.uvtt-image-*.part`` file of ``image_folder``
    (the caller renames or removes it). ``stream_from`` defaults to :data:`STREAM_IMAGE_FROM`.

    Refuses a file over :data:`~battlemap.desktop.core.limits.MAX_UVTT_FILE_BYTES` (never more
    is read), JSON outside the image over ``MAX_UVTT_JSON_BYTES``, and an image that is not
    strict base64, not a PNG/JPEG/WebP within the pixel limits, decodes to over
    ``MAX_IMAGE_FILE_BYTES`` or is cut short.
    """
    threshold = STREAM_IMAGE_FROM if stream_from is None else stream_from
    return _Splitter(file, image_folder, threshold).run()


class _Splitter:
    """One pass over a file: outside the image the bytes are kept, inside they are decoded."""

    def __init__(self, file: BinaryIO, folder: Path, stream_from: int) -> None:
        self.file, self.folder, self.stream_from = file, folder, stream_from
        self.buffer = b""
        self.kept = bytearray()
        self.read_bytes = 0
        self.at_end = False
        self.image: StreamedImage | None = None
        self.image_file: Path | None = None

    def run(self) -> SplitUvtt:
        try:
            self._outside()
        except BaseException:
            if self.image_file is not None:
                remove_quietly(self.image_file)
            raise
        return SplitUvtt(bytes(self.kept), self.image)

    def _more(self, keep_from: int) -> bool:
        """Move ``buffer[:keep_from]`` to the kept JSON and read the next chunk after the rest
        (itself JSON outside the image, so counted against the limit); False at the end."""
        if self.at_end:
            return False
        self._keep(self.buffer[:keep_from])
        rest = self.buffer[keep_from:]
        if len(self.kept) + len(rest) > MAX_UVTT_JSON_BYTES:
            self._keep(rest)  # refused
        chunk = self._read(max(CHUNK_BYTES, len(rest)))
        self.buffer = rest + chunk
        return bool(chunk)

    def _extend(self) -> bool:
        """Read the next chunk onto the buffer (a look ahead, bounded by its caller)."""
        chunk = b"" if self.at_end else self._read(CHUNK_BYTES)
        self.buffer += chunk
        return bool(chunk)

    def _read(self, count: int) -> bytes:
        chunk = self.file.read(count)
        if not chunk:
            self.at_end = True
            return b""
        self.read_bytes += len(chunk)
        if self.read_bytes > MAX_UVTT_FILE_BYTES:
            raise FieldProblem("(file)", f"more than {MAX_UVTT_FILE_BYTES:,} bytes; the limit "
                                         f"is {MAX_UVTT_FILE_BYTES:,}")  # fmt: skip
        return chunk

    def _keep(self, data: bytes) -> None:
        self.kept += data
        if len(self.kept) > MAX_UVTT_JSON_BYTES:
            raise FieldProblem("(file)", f"more than {MAX_UVTT_JSON_BYTES:,} bytes of JSON "
                                         f"outside the map image; the limit is "
                                         f"{MAX_UVTT_JSON_BYTES:,}")  # fmt: skip

    def _outside(self) -> None:
        """Scan for the top-level ``"image"`` key, keeping every byte, until the end."""
        depth, at = 0, 0
        while True:
            found = _STRUCTURE.search(self.buffer, at)
            if found is None:
                if not self._more(len(self.buffer)):
                    self._keep(self.buffer)
                    return
                at = 0
                continue
            at = found.start()
            char = self.buffer[at : at + 1]
            if char != b'"':
                depth += 1 if char in b"{[" else -1
                at += 1
                continue
            string = _STRING.match(self.buffer, at)
            if string is None:
                if self._more(at):
                    at = 0
                    continue
                self._keep(self.buffer)  # cut short inside a string: the parser says where
                return
            at = string.end()
            if depth == 1 and string.group() == _IMAGE_KEY:
                at = self._after_image_key(at)

    def _after_image_key(self, at: int) -> int:
        """Past the image's value if it is a long string (streamed), else just past the key."""
        colon = self._colon(at)
        if colon is None or self.buffer[colon : colon + 1] != b'"':
            return at
        if self.image is not None or self.image_file is not None:
            raise FieldProblem("image", "the key appears more than once in its object; "
                                        "which one is meant is unclear, so nothing was loaded")
        while (len(self.buffer) - colon - 1 < self.stream_from
               and self.buffer.find(b'"', colon + 1) < 0 and self._extend()):
            pass
        closing = self.buffer.find(b'"', colon + 1, colon + 1 + self.stream_from)
        if closing >= 0 or len(self.buffer) - colon - 1 < self.stream_from:
            return at  # short: stays in the JSON (a missing end is the parser's to report)
        self._keep(self.buffer[:colon] + b'""')
        self.buffer = self.buffer[colon + 1 :]
        self._stream_image()
        return 0

    def _colon(self, at: int) -> int | None:
        """Where the value after a key's ``:`` starts; None if no ``:`` follows (within 4 KiB
        of blanks: the scan goes on and the parser judges)."""
        while True:
            colon = _COLON.match(self.buffer, at)
            other = _NOT_BLANK.search(self.buffer, at)  # no colon: the blanks' end, if any
            reached = colon.end() if colon is not None else other.start() if other else -1
            known = 0 <= reached < len(self.buffer)  # else only blanks (and ":") so far
            if known or len(self.buffer) - at > 4096 or not self._extend():
                return colon.end() if colon is not None else None

    def _stream_image(self) -> None:
        """Decode the image string (``buffer`` starts inside it) into the image file; leave
        ``buffer`` just after its closing quote."""
        descriptor, name = tempfile.mkstemp(prefix=".uvtt-image-", suffix=".part",
                                            dir=self.folder)  # fmt: skip
        self.image_file = Path(name)
        decoder = Base64Decoder("image")
        head = bytearray()
        written = 0
        with os.fdopen(descriptor, "wb") as out:
            at = 0  # a piece of at most CHUNK_BYTES of the buffer at a time: a bounded peak
            while True:
                if at >= len(self.buffer) - 1 and not self.at_end:
                    self.buffer = self.buffer[at:]
                    at = 0
                    if not self._extend() and not self.buffer:
                        self._truncated(decoder)
                piece = at + max(CHUNK_BYTES, 2)  # 2: an escape always fits in a piece
                closing = self.buffer.find(b'"', at, piece)
                end = closing if closing >= 0 else min(len(self.buffer), piece)
                held = 1 if closing < 0 and self.buffer[end - 1 : end] == b"\\" else 0
                if closing < 0 and self.at_end and end == len(self.buffer):
                    self._truncated(decoder)
                decoded = decoder.feed(_unescaped(self.buffer[at : end - held], decoder))
                if closing >= 0:
                    decoder.finish()
                written += len(decoded)
                if written > MAX_IMAGE_FILE_BYTES:
                    raise FieldProblem("image", f"decodes to more than {MAX_IMAGE_FILE_BYTES:,} "
                                                f"bytes; the limit is {MAX_IMAGE_FILE_BYTES:,}")
                if len(head) < HEAD_BYTES:
                    head += decoded[: HEAD_BYTES - len(head)]
                    if len(head) >= HEAD_BYTES:
                        _check_head(bytes(head))
                out.write(decoded)
                if closing >= 0:
                    self.buffer = self.buffer[closing + 1 :]
                    break
                at = end - held
        kind, width, height = _check_head(bytes(head))
        self.image = StreamedImage(self.image_file, written, kind, width, height)

    def _truncated(self, decoder: Base64Decoder) -> NoReturn:
        raise FieldProblem("image", f"the file ends inside the image text (after "
                                    f"{decoder.position:,} characters): it is truncated")


def _unescaped(text: bytes, decoder: Base64Decoder) -> bytes:
    """``text`` of the image string with its ``\\/`` escapes undone; any other escape (or a
    lone backslash) is refused."""
    if b"\\" not in text:
        return text
    plain = text.replace(b"\\/", b"/")
    if b"\\" in plain:
        at = plain.find(b"\\")
        escape = plain[at : at + 2].decode("ascii", "replace")
        where = decoder.position + at + 1
        raise FieldProblem("image", f"the escape {escape!r} at character {where:,} of the image "
                                    "text is not base64 (only '\\/' may appear in it)")
    return plain


def _check_head(head: bytes) -> tuple[str, int, int]:
    try:
        check_image(head)
        return image_size(head)
    except ImageError as error:
        raise FieldProblem("image", str(error)) from None


def remove_quietly(path: Path) -> None:
    """Remove ``path`` if it is there (a half-made image file), whatever happens."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
