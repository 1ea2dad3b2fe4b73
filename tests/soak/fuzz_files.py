"""File fuzzer: mutated encounter and Universal VTT files must load or fail cleanly, never crash.

Seeds are the four demos (one per game system, so every system's stat blocks and combat state
are mutated) and the two real Universal VTT exports (each also with its map image swapped for
a tiny PNG, so most cases run fast). Each case applies one mutation - byte level (truncation,
bit flips, inserted/deleted/duplicated bytes) or structural (a value replaced by a wrong type,
NaN, Infinity, a huge number, deep nesting, a long string; a key removed, added or written
twice, the real value then a hostile one; a bad base64 image or a 50,000 x 50,000 PNG header)
- and loads the result under a 5 s alarm.

Outcomes: *accepted* (it still loads; the encounter must then save and load back equal),
*clean rejection* (an ``EncounterFileError``/``UvttError``, both ``ValueError``, naming
the file, the field and the problem), *crash* (anything else, printed with its traceback,
or a case over 5 s). Goal: 0 crashes. The peak resident size of the run is printed.

Path cases (``--path-cases``) put hostile files on disk and name them where a downloaded file
can: an encounter's ``background.path`` or a token's ``image``, a Universal VTT 1.0 ``image``,
the encounter or Universal VTT file itself, and the file a save replaces. The targets are
``/dev/zero``, ``/dev/urandom``, a FIFO, a folder, a sparse 3 GB PNG, a decompression-bomb
header, a real image outside the folder, ``../`` and absolute paths, symbolic links out of the
folder, to a device, in a loop or dangling, a NUL in the name, a 5,000-character name, a URL,
a read-only file and a link to the input. Each case runs under a 5 s alarm. A case *escapes*
(counted with the crashes) if an image outside the folder is read, a special file is read
at all, a save writes through a link or replaces a read-only file, or a case hangs.

    python tests/soak/fuzz_files.py --cases 10000 --path-cases 2000 --seed 1
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import random
import resource
import shutil
import signal
import struct
import sys
import tempfile
import time
import traceback
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import (
    EncounterFileError,
    dumps_encounter,
    loads_encounter,
    open_encounter,
    save_encounter,
)
from battlemap.desktop.core.images import ImageError, read_image_file
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.uvtt import parse_uvtt, read_uvtt

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "tests" / "data" / "uvtt"
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
    """(name, bytes, loader) for every seed file available: the four demos (one per game
    system: their stat blocks and combat state) and the Universal VTT samples."""
    found = [(path.stem, path.read_bytes(), load_encounter_bytes)
             for path in sorted((ASSETS_DIR / "demo").glob("*.json"))]
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
DUPLICATE = "__a key written twice__"
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
    elif roll < 0.4 and isinstance(container, dict):
        real, container[key] = container[key], DUPLICATE  # the key twice: real, then hostile
        text = json.dumps(document)
        again = f"{json.dumps(real)}, {json.dumps(key)}: {json.dumps(rng.choice(HOSTILE_VALUES))}"
        return text.replace(json.dumps(DUPLICATE), again, 1).encode()
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
        if not (error.field and error.problem) or str(error) != (
                f"{error.where}: {error.field}: {error.problem}"):
            raise AssertionError(f"a rejection naming no field: {error}") from error
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
        started = time.perf_counter()
        try:
            with alarm(5):  # a hang is a crash too
                outcome = run_case(mutated, loader)
            if time.perf_counter() - started > 5:  # the alarm waits for a C call to return
                raise Escaped(f"took {time.perf_counter() - started:.1f} s")
            counts[outcome] += 1
        except Exception:  # the fuzzer's job is to catch and count everything else
            counts["crashes"] += 1
            if counts["crashes"] <= show:
                print(f"CRASH case {case} ({name}, {mutate.__name__}):\n{traceback.format_exc()}")
    return counts


class Escaped(AssertionError):
    """A path case that got through: something outside the folder or special was read, a
    save wrote through a link or replaced a read-only file, or a case hung."""


@contextlib.contextmanager
def alarm(seconds: int) -> Iterator[None]:
    """Raise :class:`Escaped` if the block runs longer than ``seconds`` (a blocking read)."""

    def ring(_signum: int, _frame: object) -> None:
        raise Escaped(f"still running after {seconds} s: a read blocks or never ends")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def hostile_world(root: Path) -> dict[str, tuple[str, bool]]:
    """Make the hostile files under ``root``; name -> (path as written in ``root/enc/``, whether
    reading it as an image of an encounter in ``root/enc/`` is allowed)."""
    enc, outside = root / "enc", root / "outside"
    enc.mkdir(), outside.mkdir()
    (outside / "secret.png").write_bytes(png(8, 8))
    (enc / "ok.png").write_bytes(png(8, 8))
    (enc / "sub").mkdir()
    (enc / "sub" / "ok.png").write_bytes(png(8, 8))
    (enc / "bomb.png").write_bytes(png(50_000, 50_000, pixels=False))
    with (enc / "sparse.png").open("wb") as sparse:
        sparse.write(png(8, 8))
        sparse.truncate(3_000_000_000)
    os.mkfifo(enc / "fifo.png")
    (enc / "folder.png").mkdir()
    (enc / "out-link.png").symlink_to(outside / "secret.png")
    (enc / "zero-link.png").symlink_to("/dev/zero")
    (enc / "loop-a.png").symlink_to(enc / "loop-b.png")
    (enc / "loop-b.png").symlink_to(enc / "loop-a.png")
    (enc / "dangling.png").symlink_to(root / "nowhere.png")
    (enc / "sub-link.png").symlink_to(enc / "sub" / "ok.png")
    return {
        "inside": ("ok.png", True), "below": ("sub/ok.png", True),
        "link-inside": ("sub-link.png", True), "assets": (str(ASSETS_DIR / "demo"), False),
        "up": ("../outside/secret.png", False), "absolute": (str(outside / "secret.png"), False),
        "dev-zero": ("/dev/zero", False), "dev-urandom": ("/dev/urandom", False),
        "fifo": ("fifo.png", False), "folder": ("folder.png", False),
        "sparse": ("sparse.png", False), "bomb": ("bomb.png", False),
        "link-out": ("out-link.png", False), "link-zero": ("zero-link.png", False),
        "loop": ("loop-a.png", False), "dangling": ("dangling.png", False),
        "nul": ("ok\x00.png", False), "long": ("x" * 5000 + ".png", False),
        "url": ("https://example.com/map.png", False), "home": ("~/map.png", False),
        "windows": ("C:\\maps\\map.png", False), "dots": ("sub/../../outside/secret.png", False),
    }  # fmt: skip


def image_case(root: Path, named: str, allowed: bool, where: str) -> str:
    """An encounter in ``root/enc`` naming ``named`` as its map or a token's image, opened and
    its image read as the GUI and ``render`` do."""
    token = {"id": "t", "name": "T", "position": {"x": 1, "y": 1}}
    document: dict[str, Any] = {"format": 1, "tokens": [token]}
    if where == "background":
        document["background"] = {"path": named, "pixels_per_cell": 8}
    else:
        token["image"] = named
    file = root / "enc" / "case.json"
    file.write_text(json.dumps(document))
    try:
        encounter, _warnings = open_encounter(file)
        paths = [encounter.background.path] if encounter.background else []
        paths += [t.image for t in encounter.tokens if t.image]
        for path in paths:
            read_image_file(path or "", file.resolve().parent)
    except (EncounterFileError, ImageError):
        return "rejected"
    if not paths:  # a token image refused when the encounter was opened
        return "rejected"
    if not allowed:
        raise Escaped(f"{where} {named!r:.80} was read")
    return "accepted"


def uvtt_case(root: Path, named: str, allowed: bool) -> str:
    """A Universal VTT 1.0 export in ``root/enc`` whose ``image`` names ``named``."""
    document = {"format": 1.0, "image": named,
                "resolution": {"map_size": {"x": 2.0, "y": 2.0}, "pixels_per_grid": 4.0}}
    file = root / "enc" / "case.uvtt"
    file.write_text(json.dumps(document))
    try:
        imported = read_uvtt(file)
    except EncounterFileError:
        return "rejected"
    if imported.image and not allowed:
        raise Escaped(f"uvtt image {named!r:.80} was read")
    return "accepted" if imported.image else "rejected"


def file_case(root: Path, named: str, allowed: bool) -> str:
    """The encounter or Universal VTT file itself is the hostile path."""
    target = root / "enc" / named
    for loader in (open_encounter, read_uvtt):
        try:
            loader(target)
        except (EncounterFileError, ValueError):
            continue
        if not allowed:
            raise Escaped(f"{named!r:.80} was read as a file")
    return "rejected"


def save_case(root: Path, rng: random.Random) -> str:
    """A save onto a link to another file, a hard link, or a read-only file."""
    victim = root / "outside" / "victim.json"
    victim.write_text("keep me")
    target = root / "enc" / "saved.json"
    target.unlink(missing_ok=True)
    kind = rng.choice(["symlink", "hardlink", "readonly"])
    if kind == "symlink":
        target.symlink_to(victim)
    elif kind == "hardlink":
        os.link(victim, target)
        victim.chmod(0o444)
    else:
        target.write_text("read-only")
        target.chmod(0o444)
    with contextlib.suppress(EncounterFileError, OSError):
        save_encounter(Encounter(tokens=(Token("t", "T", 1, 1),)), target)
    kept = kind != "readonly" or target.read_text() == "read-only"
    if victim.read_text() != "keep me" or not kept:
        raise Escaped(f"a save through a {kind} changed a file it must not")
    victim.chmod(0o644)
    target.chmod(0o644)
    target.unlink()
    return "rejected" if kind != "symlink" else "accepted"


def fuzz_paths(cases: int, seed: int, show: int = 5) -> dict[str, int]:
    """Run ``cases`` path cases in a fresh temporary folder; return the outcome counts."""
    rng = random.Random(seed)
    counts = {"tried": 0, "accepted": 0, "rejected": 0, "crashes": 0}
    root = Path(tempfile.mkdtemp(prefix="fuzz-paths-"))
    try:
        world = hostile_world(root)
        for case in range(cases):
            name = rng.choice(sorted(world))
            named, allowed = world[name]
            kind = rng.choice(["background", "token", "uvtt", "file", "save"])
            counts["tried"] += 1
            try:
                with alarm(5):
                    outcome = (
                        image_case(root, named, allowed, kind) if kind in ("background", "token")
                        else uvtt_case(root, named, allowed) if kind == "uvtt"
                        else file_case(root, named, allowed and name != "inside")
                        if kind == "file" else save_case(root, rng)
                    )  # fmt: skip
                counts[outcome] += 1
            except Exception:  # count everything that got through, with its traceback
                counts["crashes"] += 1
                if counts["crashes"] <= show:
                    print(f"ESCAPE/CRASH path case {case} ({kind}, {name}):\n"
                          f"{traceback.format_exc()}")  # fmt: skip
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--path-cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    paths = fuzz_paths(args.path_cases, args.seed)
    print(f"path cases tried: {paths['tried']} in {time.perf_counter() - started:.1f} s: "
          f"{paths['accepted']} read (allowed), {paths['rejected']} refused, "
          f"{paths['crashes']} escaped or crashed")  # fmt: skip
    started = time.perf_counter()
    counts = fuzz(args.cases, args.seed)
    seconds = time.perf_counter() - started
    print(f"seeds: {', '.join(name for name, _, _ in seeds())}")
    print(f"cases tried: {counts['tried']} in {seconds:.1f} s")
    print(f"accepted (still valid, round-trip checked): {counts['accepted']}")
    print(f"clean rejections: {counts['rejected']}")
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    print(f"crashes: {counts['crashes'] + paths['crashes']}")
    return 1 if counts["crashes"] or paths["crashes"] else 0


if __name__ == "__main__":
    sys.exit(main())
