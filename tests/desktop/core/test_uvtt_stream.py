"""Universal VTT files read as a stream (battlemap.desktop.core.uvtt_stream): a big embedded
image decoded into a file gives the same map as the whole-file read, and every hostile file is
refused naming what and where, with nothing left behind.

The files are a few megabytes, made in ``tmp_path``; the limits are lowered to match (a 64 MiB
JSON limit becomes 64 KiB, and so on), so the tests stay quick.
"""

from __future__ import annotations

import base64
import io
import itertools
import json
import random
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.desktop.cli import main
from battlemap.desktop.core import uvtt, uvtt_stream
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.uvtt import UvttError, looks_like_uvtt, parse_uvtt, read_uvtt
from battlemap.desktop.core.uvtt_stream import Base64Decoder, split_uvtt
from battlemap.desktop.core.validation import FieldProblem

SIDE = 1024
"""The synthetic map's side in pixels: 3 MiB of random RGB, stored as it is (no compression)."""


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def noise_png(width: int = SIDE, height: int = SIDE, seed: int = 7) -> bytes:
    """A valid PNG of random RGB pixels whose IDAT is stored zlib blocks (as big as the pixels)."""
    noise = random.Random(seed)
    rows = b"".join(b"\x00" + noise.randbytes(3 * width) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header)
            + png_chunk(b"IDAT", zlib.compress(rows, 0)) + png_chunk(b"IEND", b""))  # fmt: skip


def uvtt_json(image_text: bytes, *, extra: bytes = b"", cells: int = SIDE // 64) -> bytes:
    """A Universal VTT file with walls, a door, a light and ``image_text`` as its image value
    (written between the lights and the environment, as an exporter could)."""
    head = json.dumps({
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": cells, "y": cells},
                       "pixels_per_grid": 64},
        "line_of_sight": [[{"x": 1, "y": 1}, {"x": 9, "y": 1}, {"x": 9, "y": 7}]],
        "objects_line_of_sight": [[{"x": 3, "y": 3}, {"x": 4, "y": 3}]],
        "portals": [{"position": {"x": 5, "y": 1}, "bounds": [{"x": 4.5, "y": 1},
                     {"x": 5.5, "y": 1}], "rotation": 0, "closed": True, "freestanding": False}],
        "lights": [{"position": {"x": 2, "y": 2}, "range": 6, "intensity": 1,
                    "color": "ffeccd8b", "shadows": True}],
    })[:-1].encode()  # fmt: skip
    tail = b', "environment": {"baked_lighting": true, "ambient_light": "ffffffff"}' + extra
    return head + b', "image": "' + image_text + b'"' + tail + b"}"


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Images of 64 KiB of base64 and more are streamed; the JSON outside them may be 64 KiB."""
    monkeypatch.setattr(uvtt_stream, "STREAM_IMAGE_FROM", 64 << 10)
    monkeypatch.setattr(uvtt_stream, "MAX_UVTT_JSON_BYTES", 64 << 10)
    monkeypatch.setattr(uvtt_stream, "CHUNK_BYTES", 100_003)  # chunk edges fall anywhere


def written(tmp_path: Path, data: bytes, name: str = "map.dd2vtt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def left_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("escaped", [False, True], ids=["plain", "every slash escaped"])
def test_a_file_over_the_json_limit_imports_as_the_whole_read_does(
    tmp_path: Path, small_limits: None, escaped: bool
) -> None:
    png = noise_png()
    text = base64.b64encode(png)
    data = uvtt_json(text.replace(b"/", b"\\/") if escaped else text)
    assert len(data) > 64 * uvtt_stream.MAX_UVTT_JSON_BYTES  # 4 MiB: over the limit, as 64 MiB+
    source, cache = written(tmp_path, data), tmp_path / "cache"
    cache.mkdir()
    streamed = read_uvtt(source, image_folder=cache)
    whole = parse_uvtt(data, where=str(source), name=source.stem)  # the old, whole-file path
    assert streamed.streamed is not None and streamed.image == b""
    assert streamed.streamed.path.read_bytes() == whole.image == png
    assert (streamed.streamed.kind, streamed.streamed.width, streamed.image_format) == (
        "png", SIDE, "png")  # fmt: skip
    assert streamed.encounter.walls == whole.encounter.walls
    assert streamed.encounter.lights == whole.encounter.lights
    assert streamed.warnings == whole.warnings == ()
    background = streamed.encounter.background
    assert background is not None and background.path == str(streamed.streamed.path)
    assert left_in(cache) == [streamed.streamed.path.name]  # no .part file


def test_opening_the_same_file_again_replaces_its_image_in_the_cache(
    tmp_path: Path, small_limits: None
) -> None:
    source = written(tmp_path, uvtt_json(base64.b64encode(noise_png(256, 256))))
    cache = tmp_path / "cache"
    cache.mkdir()
    first = read_uvtt(source, image_folder=cache).streamed
    second = read_uvtt(source, image_folder=cache).streamed
    assert first is not None and second is not None and first.path == second.path
    assert left_in(cache) == [first.path.name]


def refused(tmp_path: Path, data: bytes) -> tuple[str, list[str]]:
    """The refusal of ``data`` as a file, and what it left in the image folder."""
    cache = tmp_path / "cache"
    cache.mkdir(exist_ok=True)
    with pytest.raises(UvttError) as error:
        read_uvtt(written(tmp_path, data), image_folder=cache)
    return str(error.value), left_in(cache)


def test_bad_base64_mid_stream_is_refused_at_its_character(
    tmp_path: Path, small_limits: None
) -> None:
    text = bytearray(base64.b64encode(noise_png()))
    text[2_000_001] = ord("%")
    message, left = refused(tmp_path, uvtt_json(bytes(text)))
    assert "map.dd2vtt: image: not base64 at character 2,000,002 of the image text ('%')" in message
    assert left == []


def test_an_escape_other_than_a_slash_is_refused(tmp_path: Path, small_limits: None) -> None:
    text = base64.b64encode(noise_png())
    text = text[:1_500_000] + b"\\n" + text[1_500_000:]
    message, left = refused(tmp_path, uvtt_json(text))
    assert "image: the escape '\\\\n' at character 1,500,001 of the image text is not base64" \
        in message  # fmt: skip
    assert left == []


def test_padding_before_the_end_is_refused(tmp_path: Path, small_limits: None) -> None:
    text = base64.b64encode(noise_png())
    message, left = refused(tmp_path, uvtt_json(base64.b64encode(b"ab") + text))
    assert "image: padding '=' at character 4 of the image text, before its end" in message
    assert left == []


def test_a_truncated_file_is_refused(tmp_path: Path, small_limits: None) -> None:
    data = uvtt_json(base64.b64encode(noise_png()))
    message, left = refused(tmp_path, data[: len(data) // 2])
    assert "map.dd2vtt: image: the file ends inside the image text" in message
    assert "truncated" in message
    assert left == []


def test_a_text_of_the_wrong_length_is_refused(tmp_path: Path, small_limits: None) -> None:
    message, left = refused(tmp_path, uvtt_json(base64.b64encode(noise_png())[:-1]))
    assert "image: the base64 text is cut short" in message and "not a multiple of 4" in message
    assert left == []


class CountingFile(io.BytesIO):
    """A file that counts the bytes read from it."""

    taken = 0

    def read(self, size: int | None = -1) -> bytes:
        chunk = super().read(size)
        self.taken += len(chunk)
        return chunk


def test_an_image_over_the_pixel_limit_is_refused_from_its_first_chunk(
    tmp_path: Path, small_limits: None
) -> None:
    header = struct.pack(">IIBBBBB", 50_000, 50_000, 8, 2, 0, 0, 0)
    bomb = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + bytes(30 << 20)
    file = CountingFile(uvtt_json(base64.b64encode(bomb)))
    with pytest.raises(FieldProblem, match=r"^image: image is 50000 x 50000 px; the limit is "):
        split_uvtt(file, tmp_path)
    assert file.taken < 4 << 20  # of 40 MiB: refused from the first megabyte decoded
    assert left_in(tmp_path) == []


def test_an_image_decoding_to_more_than_the_image_limit_is_refused(
    tmp_path: Path, small_limits: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(uvtt_stream, "MAX_IMAGE_FILE_BYTES", 2 << 20)
    message, left = refused(tmp_path, uvtt_json(base64.b64encode(noise_png())))
    assert "map.dd2vtt: image: decodes to more than 2,097,152 bytes; the limit is 2,097,152" \
        in message  # fmt: skip
    assert left == []


def test_a_file_over_512_mib_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.dd2vtt"
    with path.open("wb") as file:
        file.truncate(512 * 1024 * 1024 + 1)  # sparse: nothing written
    with pytest.raises(UvttError, match=r"huge.dd2vtt: \(file\): 536,870,913 bytes; the limit "
                                        r"is 536,870,912"):  # fmt: skip
        read_uvtt(path, image_folder=tmp_path)
    assert left_in(tmp_path) == ["huge.dd2vtt"]


def test_a_file_growing_past_the_limit_while_read_is_refused(
    tmp_path: Path, small_limits: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = uvtt_json(base64.b64encode(noise_png()))
    monkeypatch.setattr(uvtt_stream, "MAX_UVTT_FILE_BYTES", len(data) - 1)  # grew after fstat
    with pytest.raises(FieldProblem, match=rf"^\(file\): more than {len(data) - 1:,} bytes"):
        split_uvtt(io.BytesIO(data), tmp_path)
    assert left_in(tmp_path) == []


def test_json_outside_the_image_over_its_limit_is_refused(
    tmp_path: Path, small_limits: None
) -> None:
    walls = b', "notes": "' + b"x" * (70 << 10) + b'"'
    message, left = refused(tmp_path, uvtt_json(base64.b64encode(noise_png()), extra=walls))
    assert "map.dd2vtt: (file): more than 65,536 bytes of JSON outside the map image; the " \
        "limit is 65,536" in message  # fmt: skip
    assert left == []


def test_a_second_image_key_is_refused(tmp_path: Path, small_limits: None) -> None:
    text = base64.b64encode(noise_png(256, 256))
    message, left = refused(tmp_path, uvtt_json(text, extra=b', "image": "' + text + b'"'))
    assert "image: the key appears more than once" in message
    message, left = refused(tmp_path, uvtt_json(text, extra=b', "image": "aGk="'))
    assert "image: the key appears more than once" in message
    assert left == []


def test_an_image_key_inside_another_object_is_not_the_map(
    tmp_path: Path, small_limits: None
) -> None:
    text = base64.b64encode(noise_png(256, 256))
    nested = b', "battlemap": {"image": "' + text + b'"}'
    message, left = refused(tmp_path, uvtt_json(b"", extra=nested))
    assert "bytes of JSON outside the map image" in message  # not streamed: counted as JSON
    assert left == []


def test_bad_json_outside_the_image_is_refused_by_the_strict_parser(
    tmp_path: Path, small_limits: None
) -> None:
    text = base64.b64encode(noise_png(256, 256))
    message, left = refused(tmp_path, uvtt_json(text, extra=b', "lights": 7'))
    assert "lights: the key appears more than once" in message
    message, left = refused(tmp_path, uvtt_json(text).replace(b'"format": 0.3', b'"format": 9'))
    assert "format: unsupported version 9" in message
    assert left == []


def test_looks_like_uvtt_reads_only_the_head_of_a_big_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(uvtt, "SNIFF_BYTES", 4096)
    big = written(tmp_path, uvtt_json(base64.b64encode(noise_png(256, 256))), "map.json")
    assert looks_like_uvtt(big)
    encounter = b'{"format": 2, "tokens": [], "notes": "' + b"x" * 8192 + b'"}'
    assert not looks_like_uvtt(written(tmp_path, encounter, "encounter.json"))
    assert not looks_like_uvtt(written(tmp_path, b"[" * 8192, "list.json"))


def test_the_import_command_renames_the_streamed_image_beside_the_encounter(
    tmp_path: Path, small_limits: None, capsys: pytest.CaptureFixture[str]
) -> None:
    png = noise_png()
    source = written(tmp_path, uvtt_json(base64.b64encode(png)))
    out = tmp_path / "out" / "map.json"
    out.parent.mkdir()
    assert main(["import-uvtt", str(source), str(out)]) == 0
    assert left_in(out.parent) == ["map.json", "map.png"]
    assert (out.parent / "map.png").read_bytes() == png
    background = load_encounter(out).background
    assert background is not None and Path(background.path or "") == out.parent / "map.png"
    assert '"map.png"' in out.read_text()
    assert "image map.png" in capsys.readouterr().out


def test_the_import_command_embeds_a_streamed_image_that_fits(
    tmp_path: Path, small_limits: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    png = noise_png(256, 256)
    source = written(tmp_path, uvtt_json(base64.b64encode(png)))
    out = tmp_path / "out" / "map.json"
    out.parent.mkdir()
    assert main(["import-uvtt", str(source), str(out), "--embed"]) == 0
    background = load_encounter(out).background
    assert background is not None and base64.b64decode(background.embedded or "") == png
    assert left_in(out.parent) == ["map.json"]
    from battlemap.desktop.commands import import_uvtt

    monkeypatch.setattr(import_uvtt, "MAX_FILE_BYTES", len(png))
    other = out.with_name("other.json")
    assert main(["import-uvtt", str(source), str(other), "--embed"]) == 2
    assert left_in(out.parent) == ["map.json"]  # nothing written, no decoded image left


def test_a_refused_import_command_leaves_nothing_beside_out(
    tmp_path: Path, small_limits: None, capsys: pytest.CaptureFixture[str]
) -> None:
    text = bytearray(base64.b64encode(noise_png()))
    text[3_000_000] = ord("!")
    source = written(tmp_path, uvtt_json(bytes(text)))
    out = tmp_path / "out" / "map.json"
    out.parent.mkdir()
    assert main(["import-uvtt", str(source), str(out)]) == 2
    assert "image: not base64 at character 3,000,001" in capsys.readouterr().err
    assert left_in(out.parent) == []


def decoded_in_pieces(text: bytes, cuts: list[int]) -> bytes:
    decoder = Base64Decoder()
    edges = [0, *sorted(c % (len(text) + 1) for c in cuts), len(text)]
    pieces = [decoder.feed(text[a:b]) for a, b in itertools.pairwise(edges)]
    decoder.finish()
    return b"".join(pieces)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600), st.lists(st.integers(min_value=0), max_size=8))
def test_the_streamed_decode_equals_b64decode(data: bytes, cuts: list[int]) -> None:
    text = base64.b64encode(data)
    assert decoded_in_pieces(text, cuts) == base64.b64decode(text, validate=True) == data


BASE64ISH = st.text(alphabet="ABCab01+/=%\\ ", max_size=40).map(str.encode)


@settings(max_examples=500, deadline=None)
@given(BASE64ISH, st.lists(st.integers(min_value=0), max_size=6))
def test_the_streamed_decode_refuses_what_b64decode_refuses(text: bytes, cuts: list[int]) -> None:
    """Never accepted where ``b64decode`` refuses, never different where both decode; it is
    stricter only where ``b64decode`` lets stray padding through (``b"0000="``)."""
    expected: Any
    try:
        expected = base64.b64decode(text, validate=True)
    except ValueError:
        expected = None
    try:
        got: Any = decoded_in_pieces(text, cuts)
    except FieldProblem:
        got = None
    assert got is None or got == expected
    if got is None and expected is not None:
        assert text.endswith(b"=")  # only stray padding


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 64, 4099])
def test_any_chunk_size_gives_the_same_document_and_image(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    """Chunk edges anywhere: inside a key, between a backslash and its slash, on the quotes."""
    monkeypatch.setattr(uvtt_stream, "CHUNK_BYTES", chunk)
    png = noise_png(24, 24)
    data = uvtt_json(base64.b64encode(png).replace(b"/", b"\\/"))
    data = data.replace(b'"image": "', b'"image" \n\t: \r\n "')  # blanks around the colon
    split = split_uvtt(io.BytesIO(data), tmp_path, stream_from=100)
    assert split.image is not None and split.image.path.read_bytes() == png
    assert json.loads(split.document) == {**json.loads(data), "image": ""}
