"""File fuzzer: mutated encounter and Universal VTT files must load or fail cleanly, never crash.

Seeds are the demo encounter and the two real Universal VTT exports (each also with its map
image swapped for a tiny PNG, so most cases run fast). Each case applies one mutation - byte
level (truncation, bit flips, inserted/deleted/duplicated bytes) or structural (a value
replaced by a wrong type, NaN, Infinity, a huge number, deep nesting, a long string; a key
removed or added; a bad base64 image or a 50,000 x 50,000 PNG header) - and loads the result.

Outcomes: *accepted* (it still loads; the encounter must then save and load back equal),
*clean rejection* (an ``EncounterFileError``/``UvttError``, both ``ValueError``, with a
message), *crash* (anything else, printed with its traceback). Goal: 0 crashes.

    python tests/soak/fuzz_files.py --cases 10000 --seed 1
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import struct
import sys
import time
import traceback
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from desktop import ASSETS_DIR
from desktop.core.fileformat import EncounterFileError, dumps_encounter, loads_encounter
from desktop.core.model import Encounter
from desktop.core.uvtt import parse_uvtt

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO.parent / "shared" / "maps" / "uvtt"
Loader = Callable[[bytes], Encounter]


def png(width: int, height: int, pixels: bool = True) -> bytes:
    """A grey PNG; with ``pixels=False`` only its header (a decompression-bomb claim)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    head = b"\x89PNG\r\n\x1a\n" + chunk(
        b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    )
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height)) if pixels else b""
    return head + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def load_encounter_bytes(data: bytes) -> Encounter:
    return loads_encounter(data, where="fuzz.json")


def load_uvtt_bytes(data: bytes) -> Encounter:
    return parse_uvtt(data, where="fuzz.dd2vtt").encounter


def seeds() -> list[tuple[str, bytes, Loader]]:
    """(name, bytes, loader) for every seed file available."""
    found = [
        ("demo", (ASSETS_DIR / "demo" / "goblin-ambush.json").read_bytes(), load_encounter_bytes)
    ]
    for path in sorted(SAMPLES.glob("*.dd2vtt")):
        data = path.read_bytes()
        small = json.loads(data) | {"image": base64.b64encode(png(8, 8)).decode()}
        found.append((path.stem, data, load_uvtt_bytes))
        found.append((path.stem + "-small", json.dumps(small).encode(), load_uvtt_bytes))
    return found


def nested(depth: int) -> list[Any]:
    """A list nested ``depth`` levels deep."""
    value: list[Any] = [1]
    for _ in range(depth - 1):
        value = [value]
    return value


HUGE_INTEGER = "__a 5,000-digit integer, which Python's int() refuses__"
HOSTILE_VALUES: list[Any] = [
    None, True, 0, -1, 10**400, 1e308, -1e308, float("nan"), float("inf"), "", "x" * 200_000,
    HUGE_INTEGER, 99_999.9, -100_000, 100_000, [], {}, nested(40),
    {"x": "1", "y": None}, [1.0], [1, 2, 3], "d12+1", "ffzz0000",
    base64.b64encode(png(50_000, 50_000, pixels=False)).decode(), "not base64 @@@",
    base64.b64encode(b"GIF89a" + b"\x00" * 20).decode(), base64.b64encode(png(4, 4)[:20]).decode(),
]  # fmt: skip


def nodes(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) pair in a parsed JSON tree, skipping huge strings."""
    found: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        pairs = item.items() if isinstance(item, dict) else enumerate(item)
        for key, child in pairs:
            found.append((item, key))
            if isinstance(child, dict | list):
                stack.append(child)
    return found


def structural(data: bytes, rng: random.Random) -> bytes:
    document = json.loads(data)
    container, key = rng.choice(nodes(document))
    roll = rng.random()
    if roll < 0.15 and isinstance(container, dict):
        del container[key]
    elif roll < 0.25 and isinstance(container, dict):
        container[f"unknown_{rng.randrange(100)}"] = rng.choice(HOSTILE_VALUES)
    elif roll < 0.35 and isinstance(container, list):
        container.append(container[key])  # a duplicate: ids, points
    else:
        container[key] = rng.choice(HOSTILE_VALUES)
    text = json.dumps(document).encode()
    return text.replace(json.dumps(HUGE_INTEGER).encode(), b"9" * 5000)


def byte_level(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data))
    kind = rng.randrange(5)
    if kind == 0:
        return data[:at]
    if kind == 1:
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            flipped[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return bytes(flipped)
    if kind == 2:
        return data[:at] + rng.randbytes(rng.randint(1, 16)) + data[at:]
    if kind == 3:
        return data[:at] + data[at + rng.randint(1, 64) :]
    return data[:at] + data[at : at + 64] + data[at:]


def run_case(data: bytes, loader: Loader) -> str:
    """``"accepted"`` or ``"rejected"``; raises anything that is a crash."""
    try:
        encounter = loader(data)
    except EncounterFileError as error:
        if not str(error):
            raise AssertionError("a rejection with an empty message") from error
        return "rejected"
    if loads_encounter(dumps_encounter(encounter)) != encounter:
        raise AssertionError("loaded, but saving and loading again changed it")
    return "accepted"


def fuzz(cases: int, seed: int, show: int = 5) -> dict[str, int]:
    """Run ``cases`` cases; print crashes as they happen; return the outcome counts."""
    rng = random.Random(seed)
    pool = seeds()
    full_size = [s for s in pool if len(s[1]) > 1_000_000]
    counts = {"tried": 0, "accepted": 0, "rejected": 0, "crashes": 0}
    for case in range(cases):
        name, data, loader = rng.choice(full_size if full_size and case % 50 == 0 else pool)
        mutate = structural if rng.random() < 0.5 else byte_level
        mutated = mutate(data, rng)
        counts["tried"] += 1
        try:
            counts[run_case(mutated, loader)] += 1
        except Exception:  # the fuzzer's job is to catch and count everything else
            counts["crashes"] += 1
            if counts["crashes"] <= show:
                print(f"CRASH case {case} ({name}, {mutate.__name__}):\n{traceback.format_exc()}")
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    counts = fuzz(args.cases, args.seed)
    seconds = time.perf_counter() - started
    print(f"seeds: {', '.join(name for name, _, _ in seeds())}")
    print(f"cases tried: {counts['tried']} in {seconds:.1f} s")
    print(f"accepted (still valid, round-trip checked): {counts['accepted']}")
    print(f"clean rejections: {counts['rejected']}")
    print(f"crashes: {counts['crashes']}")
    return 1 if counts["crashes"] else 0


if __name__ == "__main__":
    sys.exit(main())
