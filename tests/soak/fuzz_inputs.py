"""In-process input fuzzer: pasted stat blocks, GCS sheets, Foundry actors and CLI flags must be
accepted or refused in one clear line, never a traceback, a hang or gigabytes.

Four kinds of case; one that uses over 5 s of CPU (``--hang-seconds``), or is still running
after three times that by the clock, is a *hang*; one stuck in a C call for 60 s prints its
stack and ends the run:

``statblock``
    A stat block pasted as text, read by each game system's ``statblocks_from_text`` through
    :func:`battlemap.desktop.core.statblocks.tokens_from_text` (as a paste on the map does). Seeds
    are the blocks written for ``tests/rules/test_spf_statblock_*.py``; mutations change a die
    (``d12+999999999999``, ``d0``), a number (``10**40``, ``-5``), lines (dropped, repeated,
    swapped), characters, or add a long line (1 MB, or just inside the paste's 20,000-character
    limit: a repeated field, brackets, spaces) so that work quadratic in the line shows as a
    hang.
``gcs``
    A mutated GCS sheet from ``tests/data/gurps`` (every ``.gcs`` there) through
    :func:`battlemap.desktop.core.characters.add_character_reading` (``import-character``).
``foundry``
    A mutated Foundry VTT SWADE actor from ``tests/data/foundry`` the same way.
``cli``
    One subcommand of ``attack odds move roll turn template survey sightlines`` on a copy of
    one of the four demos, every flag of the subcommand's parser (the system-declared ones
    too) given a random value or left out, run in-process through
    :func:`battlemap.desktop.cli.main`; in a quarter of the cases one die of the copy's stat blocks
    is written as a hostile one (:data:`HOSTILE_DICE`: a billion dice, a billion-point bonus) and
    its token attacks or asks the odds (:func:`hostile_dice_argv`): the stat block is used, not only
    loaded.

An accepted stat block, sheet or actor must also save and open again (``dumps_encounter`` /
``loads_encounter``: what the program writes, it reads); a CLI case is accepted with exit
status 0. A *clean refusal* is a ``StatBlockError``/``CharacterError`` (a ``ValueError``) or a
CLI exit status 2 with a message, whose first line names what is wrong. Everything else is a
*traceback*. The process runs under a 2 GB address-space limit (``--memory-mb``); the peak
resident size is printed.

    python tests/soak/fuzz_inputs.py --cases 10000 --seed 1
    python tests/soak/fuzz_inputs.py --kinds statblock,cli --cases 500 --seed 3
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import faulthandler
import importlib
import io
import json
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's packages
sys.path.insert(0, str(Path(__file__).resolve().parent))  # fuzz_files

from fuzz_files import byte_level, nodes, structural

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.characters import CharacterError, add_character_reading
from battlemap.desktop.core.fileformat import dumps_encounter, loads_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.statblocks import StatBlockError, tokens_from_text
from battlemap.rules.registry import every_system

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
DEMOS = sorted((ASSETS_DIR / "demo").glob("*.json"))
COMMANDS = ("attack", "odds", "move", "roll", "turn", "template", "survey", "sightlines")
KINDS = ("statblock", "gcs", "foundry", "cli")
HANG_SECONDS = 5
"""A case using more CPU seconds is a hang (``--hang-seconds``; the suite's short run allows
more: it looks for cases that never end, not for slow ones)."""


class Hang(Exception):
    """A case still running after :data:`HANG_SECONDS`."""


@contextlib.contextmanager
def alarm(seconds: int) -> Iterator[None]:
    """Raise :class:`Hang` in the block after ``seconds``; a C call that never returns prints
    every thread's stack and ends the process after 60 s (or twice ``seconds``)."""
    def ring(_signum: int, _frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    faulthandler.dump_traceback_later(max(60, 2 * seconds), exit=True)  # a stuck C call
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# -- stat blocks as text --------------------------------------------------------------------
def statblock_seeds() -> list[str]:
    """Every string constant with an ``Attributes`` line in the stat-block tests."""
    found: list[str] = []
    for path in sorted((REPO / "tests" / "rules").glob("test_spf_statblock*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and "Attributes" in node.value and "\n" in node.value):
                found.append(node.value)
    return found


HUGE_NUMBERS = ["999999999999", "1" + "0" * 40, "100000000000000000000", "-5", "0", "1e9",
                "9" * 400, "99999999", "-999999999", "1000000", "nan", "inf", "½", "٣"]
HUGE_DICE = ["d12+999999999999", "d4+1000000000", "d0", "d1", "d1000", "d12-999999999",
             "999999999d6", "d" + "9" * 50, "d12+" + "9" * 400, "d8+d8+d8", "2d6+1d" * 50]


def _long_line(rng: random.Random) -> str:
    size = rng.choice([1_000_000, 19_999, 5_000])  # over the paste's limit, and just inside
    unit = rng.choice(["Agility d8, ", "(", ")", " ", "d6+", "Str+", "Fighting d8 (", ", ",
                       "Toughness: 7 (", "a", "Gear: sword (Str+d8), ", "\u2022 Armor +1: ",
                       "Range 12/24/48, ", "+", "1", ";", "Pace: 6; ", "\t", "\u2014"])
    body = (unit * (size // len(unit) + 1))[:size]
    head = rng.choice(["", "Attributes: ", "Skills: ", "Gear: ", "Special Abilities: ",
                       "Edges: ", "Pace: ", "Hindrances: ", "Powers: "])
    return head + body


def mutate_statblock(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        at = rng.randrange(len(lines))
        if roll < 0.2:
            words = lines[at].split(" ")
            spots = [i for i, w in enumerate(words) if any(c.isdigit() for c in w)]
            if spots:
                i = rng.choice(spots)
                if "d" in words[i] and rng.random() < 0.6:
                    words[i] = rng.choice(HUGE_DICE) + ("," if words[i].endswith(",") else "")
                else:
                    words[i] = "".join(rng.choice(HUGE_NUMBERS) if c.isdigit() and rng.random()
                                       < 0.5 else c for c in words[i])
                lines[at] = " ".join(words)
        elif roll < 0.3:
            del lines[at]
            if not lines:
                lines = [""]
        elif roll < 0.4:
            lines.insert(at, lines[at])
        elif roll < 0.5:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif roll < 0.6:
            lines.insert(at, _long_line(rng))
        elif roll < 0.75:
            line = lines[at]
            cut = rng.randrange(len(line) + 1)
            junk = "".join(rng.choice("():;,.+-/\u2022\u2013\u2014 dD0123456789\t\x00\x1b")
                           for _ in range(rng.randint(1, 12)))
            lines[at] = line[:cut] + junk + line[cut + rng.randint(0, 8):]
        elif roll < 0.85:
            lines[at] = lines[at] + rng.choice([
                " (Str+d" + rng.choice(HUGE_NUMBERS) + ")", " Range " + "/".join(
                    rng.choice(HUGE_NUMBERS) for _ in range(3)), " AP " + rng.choice(HUGE_NUMBERS),
                " RoF " + rng.choice(HUGE_NUMBERS), " (+" + rng.choice(HUGE_NUMBERS) + ")",
                "; Bennies: " + rng.choice(HUGE_NUMBERS), "; Pace: " + rng.choice(HUGE_NUMBERS),
                ", Size " + rng.choice(HUGE_NUMBERS)])
        elif sum(map(len, lines)) < 20_000:
            lines = lines * rng.randint(2, 120)  # many blocks in one paste
    return "\n".join(lines)


def statblock_case(rng: random.Random, pool: dict[str, Any]) -> str:
    system = rng.choice(pool["systems"])
    text = mutate_statblock(rng.choice(pool["blocks"]), rng)
    try:
        pasted = tokens_from_text(Encounter(width=30, height=30, system=system), text)
    except StatBlockError as error:
        return refusal(str(error))
    loads_encounter(dumps_encounter(pasted.encounter), where="pasted.json")
    return "accepted"


# -- character files ------------------------------------------------------------------------
def sheet_case(rng: random.Random, files: list[tuple[str, bytes, str]]) -> str:
    name, data, system = rng.choice(files)
    mutate = structural if rng.random() < 0.7 else byte_level
    try:
        mutated = mutate(data, rng)
    except (ValueError, IndexError):  # a seed with nothing to mutate
        mutated = data
    try:
        after, _reading = add_character_reading(Encounter(width=20, height=20, system=system),
                                                mutated, name)
    except CharacterError as error:
        return refusal(str(error))
    loads_encounter(dumps_encounter(after), where="imported.json")
    return "accepted"


def sheet_files(pattern: str, folder: Path, system: str) -> list[tuple[str, bytes, str]]:
    return [(path.name, path.read_bytes(), system) for path in sorted(folder.rglob(pattern))]


# -- command-line flags ---------------------------------------------------------------------
HOSTILE_TEXT = ["", " ", "x" * 5000, "\x1b]0;pwned\x07", "nan", "inf", "-inf", "1e400", "9" * 400,
                "-1", "0", "=", "a=", "=b", "a=b=c", ",", "1,", ",1", "1,2,3", "nan,nan",
                "1e308,1e308", "-1e9,-1e9", "\x00", "../../etc/passwd", "é", "d8", "d12+1",
                "unskilled", "d4+1000000000", "--json", "-"]  # fmt: skip
NUMBERS = ["0", "1", "2", "3", "-1", "-100", "100", "101", "1000000000", "-1000000000",
           "9" * 40, "1e9", "1e400", "nan", "inf", "0.5", "-0.0", "2.5", "x", ""]
TRAITS = ["d4", "d6", "d8", "d10", "d12", "d12+1", "d4-2", "unskilled", "fighting", "notice",
          "shooting", "agility", "vigor", "dx", "st", "broadsword", "fight", "athletics",
          "d12+999999999999", "d0", "d1000", "d6+1000000000"]
CONTROLS = ["deal", "next", "hold", "act-now", "interrupt", "start", "end", "previous", "round",
            "reset", "x"]


def _number(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return str(rng.choice([rng.randint(-5, 12), rng.randint(-10**12, 10**12)]))
    return rng.choice(NUMBERS)


def _point(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return f"{rng.uniform(-2, 32):.2f},{rng.uniform(-2, 32):.2f}"
    return rng.choice(["1e308,1e308", "nan,1", "1,inf", "-1e9,5", "1", "1,2,3", "x,y", "",
                       f"{10**40},1", "5,5"])


def _value(action: argparse.Action, rng: random.Random, ids: list[str]) -> str:
    if action.choices and rng.random() < 0.75:
        return str(rng.choice(list(action.choices)))
    dest, meta = action.dest, str(action.metavar or "")
    if rng.random() < 0.12:
        return rng.choice(HOSTILE_TEXT)
    if dest in ("attacker", "target", "token", "from_", "source") or meta == "ID":
        return rng.choice(ids)
    if dest in ("at", "to", "toward"):
        return _point(rng)
    if dest == "dice":
        return ",".join(_number(rng) if rng.random() < 0.1 else str(rng.randint(1, 12))
                        for _ in range(rng.randint(0, 40)))
    if dest == "trait":
        return rng.choice(TRAITS)
    if meta in ("INTEGER", "NUMBER") or dest in ("seed", "mod", "tn", "rotation", "rof",
                                                  "actions"):
        return _number(rng)
    if "=" in meta or dest in ("param", "override", "answer"):
        key = rng.choice(["defense", "stunts", "aspect", "cards", "large_groups", "cover",
                          "range", "band", "x", ""])
        return f"{key}={rng.choice([*HOSTILE_TEXT, 'dodge', 'parry', 'yes', 'no', '1', 'shove:2'])}"
    if dest == "shape":
        return rng.choice(["sbt", "mbt", "lbt", "cone", "stream", "x"])
    return rng.choice([*HOSTILE_TEXT, "Short sword", "Longsword", "Broadsword", "Bow", "dodge",
                       "block", "parry", "shove:2", "disarm"])


def cli_argv(command: str, demo: Path, rng: random.Random, ids: list[str]) -> list[str]:
    module = importlib.import_module(f"battlemap.desktop.commands.{command}")
    parser = argparse.ArgumentParser(prog=f"battlemap {command}")
    module.add_arguments(parser)
    argv = [command]
    for action in parser._actions:  # the parser's own declarations: every flag, generated
        if isinstance(action, argparse._HelpAction) or (action.dest == "list_options" and (
                rng.random() < 0.95)):
            continue
        if not action.option_strings:
            continue
        required = action.required
        if not required and rng.random() > 0.3:
            continue
        flag = rng.choice(action.option_strings)
        if action.nargs == 0:
            argv.append(flag)
            continue
        repeat = rng.randint(1, 3) if isinstance(action, argparse._AppendAction) else 1
        for _ in range(repeat):
            argv += [flag, _value(action, rng, ids)]
    argv.append(str(demo))
    if command == "move":
        argv += [rng.choice(ids), _number(rng) if rng.random() < 0.3 else
                 f"{rng.uniform(-1, 31):.1f}", f"{rng.uniform(-1, 31):.1f}"]
    elif command == "turn" and rng.random() < 0.8:
        argv.append(rng.choice(CONTROLS))
    if rng.random() < 0.03:
        argv.insert(rng.randrange(1, len(argv) + 1), rng.choice(HOSTILE_TEXT))
    return argv


HOSTILE_DICE = ["999999999d6", "str+999999999d6", "d4+1000000000", "d12+999999999999",
                "101d6", "d6+1001", "2d1000", "999999999d+2 imp", "1d+99999 cut", "2001d cr",
                "d" + "9" * 400, "9" * 5000 + "d6"]
"""Dice written in a stat block (rel3: a billion dice of damage took gigabytes and hung at use,
not at load, so a file fuzzer that only loads never met them)."""


_DIE = re.compile(r"(str\+)?\d*d\d*([+-]\d+)?( [a-z]+)?")


def with_hostile_dice(document: dict[str, Any], rng: random.Random) -> str | None:
    """Write one die of ``document``'s stat blocks (a trait die, a damage) as one of
    :data:`HOSTILE_DICE`; the id of the token it belongs to (None: no dice)."""
    found: list[tuple[str, Any, Any]] = []
    for token in document.get("tokens", []):
        for container, key in nodes(token.get("stats") or {}):
            value = container[key]
            if isinstance(value, str) and _DIE.fullmatch(value) and "d" in value:
                found.append((token["id"], container, key))
    if not found:
        return None
    owner, container, key = rng.choice(found)
    container[key] = rng.choice(HOSTILE_DICE)
    return str(owner)


def hostile_dice_argv(demo: Path, rng: random.Random) -> list[str] | None:
    """``attack`` or ``odds`` by the token whose die :func:`with_hostile_dice` wrote, at
    another token: the stat block is read for play, not only loaded."""
    document = json.loads(demo.read_text())
    owner = with_hostile_dice(document, rng)
    if owner is None:
        return None
    demo.write_text(json.dumps(document))
    target = rng.choice([t["id"] for t in document["tokens"] if t["id"] != owner])
    command = rng.choice(["attack", "odds"])
    return [command, str(demo), "--attacker", owner, "--target", target,
            *(["--seed", "1"] if command == "attack" else [])]


def cli_case(rng: random.Random, pool: dict[str, Any]) -> str:
    from battlemap.desktop.cli import main

    source = rng.choice(DEMOS)
    demo = pool["folder"] / "demo" / source.name
    shutil.copyfile(source, demo)  # a fresh copy: --write/--save change it
    command = rng.choice(COMMANDS)
    argv = hostile_dice_argv(demo, rng) if rng.random() < 0.25 else None
    argv = argv or cli_argv(command, demo, rng, pool["ids"][source.name] + ["nobody", "\x1b[2J"])
    pool["last_argv"] = argv
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 2
    if code == 0:
        return "accepted"
    if code != 2:
        raise AssertionError(f"exit status {code}: {err.getvalue()[-500:]}")
    return refusal(err.getvalue())


# -- running --------------------------------------------------------------------------------
def refusal(message: str) -> str:
    """``"refused"`` when ``message`` is one clear line (a usage line may come first)."""
    lines = [line for line in message.strip().splitlines() if not line.startswith(
        ("usage:", " "))]
    if not lines or "Traceback" in message or len(lines[0]) < 8:
        raise AssertionError(f"a refusal without a clear message: {message[-300:]!r}")
    return "refused"


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fuzz(kind: str, cases: int, seed: int, show: int = 20,
         hang_seconds: int = HANG_SECONDS) -> dict[str, Any]:
    """Run ``cases`` cases of ``kind``; print the first traceback of each kind (by exception and
    line) and every hang up to ``show``; return the outcome counts."""
    rng = random.Random(f"{kind}-{seed}")
    counts: dict[str, Any] = {"tried": 0, "accepted": 0, "refused": 0, "tracebacks": 0,
                              "hangs": 0, "slowest": 0.0}
    folder = Path(tempfile.mkdtemp(prefix="fuzz-inputs-"))
    pool: dict[str, Any] = {"folder": folder}
    run: Callable[[random.Random], str]
    if kind == "statblock":
        pool |= {"blocks": statblock_seeds(), "systems": [s.name for s in every_system()]
                 + ["savage-pathfinder"] * 6}
        run = lambda r: statblock_case(r, pool)  # noqa: E731
    elif kind == "gcs":
        files = sheet_files("*.gcs", DATA / "gurps", "gurps")
        run = lambda r: sheet_case(r, files)  # noqa: E731
    elif kind == "foundry":
        files = sheet_files("*.json", DATA / "foundry", "savage-pathfinder")
        run = lambda r: sheet_case(r, files)  # noqa: E731
    else:
        shutil.copytree(ASSETS_DIR / "demo", folder / "demo")  # with the maps' images
        pool["ids"] = {d.name: [t["id"] for t in json.loads(d.read_text())["tokens"]]
                       for d in DEMOS}
        run = lambda r: cli_case(r, pool)  # noqa: E731
    seen: set[tuple[str, str, int | None]] = set()
    with contextlib.suppress(Exception):  # warm up: the first case imports lazily loaded rules
        run(random.Random(-1))
    try:
        for case in range(cases):
            counts["tried"] += 1
            started = time.process_time()  # CPU: other programs on the machine do not count
            try:
                with alarm(3 * hang_seconds):  # wall clock: a blocked case
                    outcome = run(rng)
                took = time.process_time() - started
                counts["slowest"] = max(counts["slowest"], took)
                if took > hang_seconds:
                    raise Hang(f"took {took:.1f} s of CPU")
                counts[outcome] += 1
            except Hang:
                counts["hangs"] += 1
                if counts["hangs"] <= show:
                    print(f"HANG {kind} case {case}: {pool.get('last_argv', '')}\n"
                          f"{traceback.format_exc()}")
            except Exception as error:  # the fuzzer's job: count and show everything else
                counts["tracebacks"] += 1
                where = traceback.extract_tb(error.__traceback__)[-1]
                signature = (type(error).__name__, where.filename, where.lineno)
                if signature not in seen and len(seen) < show:  # each new kind once
                    seen.add(signature)
                    print(f"TRACEBACK {kind} case {case}: {pool.get('last_argv', '')}\n"
                          f"{traceback.format_exc()}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000, help="cases of each kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated: " +
                        ", ".join(KINDS))
    parser.add_argument("--hang-seconds", type=int, default=HANG_SECONDS,
                        help="a case using more CPU seconds is a hang")
    parser.add_argument("--memory-mb", type=int, default=2048,
                        help="address-space limit of the run (MemoryError beyond it)")
    args = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_AS, (args.memory_mb * 2**20, args.memory_mb * 2**20))
    bad = 0
    for kind in args.kinds.split(","):
        started = time.perf_counter()
        counts = fuzz(kind, args.cases, args.seed, hang_seconds=args.hang_seconds)
        bad += counts["tracebacks"] + counts["hangs"]
        print(f"{kind}: {counts['tried']} cases in {time.perf_counter() - started:.0f} s: "
              f"{counts['accepted']} accepted, {counts['refused']} refused cleanly, "
              f"{counts['tracebacks']} tracebacks, {counts['hangs']} hangs; slowest "
              f"{counts['slowest']:.2f} s CPU; peak RSS {peak_mb():.0f} MB", flush=True)
    print(f"tracebacks and hangs: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
