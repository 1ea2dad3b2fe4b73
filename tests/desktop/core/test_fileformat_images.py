"""Image headers: format and size read before any decoding; bombs and junk refused clearly."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from battlemap.desktop.core.images import ImageError, check_image, image_size, read_image_file

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_header(width: int, height: int) -> bytes:
    return PNG_SIGNATURE + b"\x00\x00\x00\rIHDR" + struct.pack(">II", width, height) + b"\x08\x02"


def jpeg(width: int, height: int) -> bytes:
    app0 = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dqt = b"\xff\xdb\x00\x04\x00\x00"
    sof2 = b"\xff\xc2\x00\x11\x08" + struct.pack(">HH", height, width) + b"\x03" + b"\x00" * 9
    return b"\xff\xd8" + app0 + dqt + sof2 + b"\xff\xd9"


def webp(chunk: bytes, body: bytes) -> bytes:
    payload = chunk + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", 4 + len(payload)) + b"WEBP" + payload


def test_sizes_come_from_each_formats_header() -> None:
    lossy = webp(b"VP8 ", b"\x00\x00\x00\x9d\x01\x2a" + struct.pack("<HH", 640, 480))
    lossless_bits = (640 - 1) | ((480 - 1) << 14)
    lossless = webp(b"VP8L", b"\x2f" + struct.pack("<I", lossless_bits))
    extended = webp(
        b"VP8X", b"\x00" * 4 + (639).to_bytes(3, "little") + (479).to_bytes(3, "little")
    )
    assert image_size(png_header(640, 480)) == ("png", 640, 480)
    assert image_size(jpeg(640, 480)) == ("jpeg", 640, 480)  # progressive SOF2 after a DQT
    assert [image_size(w) for w in (lossy, lossless, extended)] == [("webp", 640, 480)] * 3


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (png_header(50_000, 50_000), "image is 50000 x 50000 px; the limit is 16384 px a side"),
        (png_header(16_384, 16_385), "image is 16384 x 16385 px; the limit is 16384 px a side"),
        (jpeg(12_000, 9_000),
         "image is 12000 x 9000 px = 108,000,000 px; a JPEG is decoded whole, at most "
         "100,000,000 px: save it as a PNG (8-bit RGB or RGBA), which is decoded a strip at a "
         "time up to 268,435,456 px (16384 x 16384)"),
        (png_header(0, 10), "image is 0 x 10 px; it must have pixels"),
        (PNG_SIGNATURE + b"\x00\x00", "truncated PNG: no IHDR header"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "truncated JPEG: no frame header with the image size"),
        (b"\xff\xd8\xff\xe0\x00\x01abcd", "corrupt JPEG: segment length 1 at byte 2"),
        (webp(b"VP8 ", b"\x00"),
         "truncated or unknown WebP: no VP8, VP8L or VP8X header with the size"),
        (b"BM\x00\x00", "not a PNG, JPEG or WebP image (unrecognised first bytes)"),
    ],
)  # fmt: skip
def test_bad_or_oversized_images_are_refused(data: bytes, message: str) -> None:
    with pytest.raises(ImageError) as caught:
        check_image(data)
    assert str(caught.value) == message


def test_a_png_is_taken_up_to_16384_px_a_side_any_other_format_up_to_100_mpx() -> None:
    assert check_image(png_header(16_384, 16_384)) == "png"  # decoded in strips
    assert check_image(png_header(12_000, 9_000)) == "png"
    assert check_image(jpeg(10_000, 10_000)) == "jpeg"  # decoded whole: 100,000,000 px
    with pytest.raises(ImageError, match="a JPEG is decoded whole"):
        check_image(jpeg(10_000, 10_001))


def test_reading_an_image_file_names_the_file(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png_header(50_000, 50_000))
    with pytest.raises(ImageError) as caught:
        read_image_file(bomb)
    assert str(caught.value) == f"{bomb}: image is 50000 x 50000 px; the limit is 16384 px a side"
    good = tmp_path / "good.png"
    good.write_bytes(png_header(64, 64))
    assert read_image_file(good) == png_header(64, 64)
