"""Kill test: a child process saves encounters in a loop and is SIGKILLed at random moments.

Each round starts a child that saves state 0, 1, 2, ... of a sizeable encounter (300 tokens,
2,000 walls, about 400 KB) to one file with :func:`battlemap.desktop.core.fileformat.save_encounter`
(or with the :class:`battlemap.desktop.core.storage.Autosaver`, ``--autosaver``), waits a random
0-``--max-delay`` ms after its first save, and kills it with SIGKILL. The file on disk must
then load and equal exactly one of the states the child was saving.

    python tests/soak/kill_save.py --kills 200 --seed 1

prints the kills, how many found a complete state, the states reached, and failures (goal 0);
exit status 1 if any failed. POSIX only (SIGKILL).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.desktop.core.storage import AUTOSAVE_NAME, Autosaver


def state(number: int) -> Encounter:
    """Saved state ``number``: every token shifted by it, so states are easy to tell apart."""
    tokens = tuple(
        Token(f"t{i}", f"Token {i}", (i % 30) + 0.5 + number * 0.01, (i // 30) + 0.5,
              side=Side.VILLAIN, stats={"state": number, "wounds": i % 4})
        for i in range(300)
    )  # fmt: skip
    walls = tuple(
        Wall(f"w{i}", ((i % 50, i // 50), (i % 50 + 1.0, i // 50 + 0.5))) for i in range(2000)
    )
    return Encounter(name=f"state {number}", tokens=tokens, walls=walls)


def child(target: Path, use_autosaver: bool) -> None:
    """Save states 0, 1, 2, ... forever; print "ready" after the first complete save."""
    saver = Autosaver(target.parent, delay=0.0) if use_autosaver else None
    if saver is not None:
        saver.start_session()
    number = 0
    while True:
        encounter = state(number)
        if saver is None:
            save_encounter(encounter, target)
        else:
            saver.changed(encounter)
            saver.flush()
        if number == 0:
            print("ready", flush=True)
        number += 1


def one_kill(folder: Path, rng: random.Random, max_delay_ms: float, autosaver: bool) -> int:
    """Run and kill one child; the number of the state found on disk (-1: none loads)."""
    target = folder / (AUTOSAVE_NAME if autosaver else "encounter.json")
    command = [sys.executable, __file__, "--child", str(target)] + ["--autosaver"] * autosaver
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    if process.stdout.readline().strip() != "ready":
        process.kill()
        raise RuntimeError("the child did not start")
    time.sleep(rng.uniform(0.0, max_delay_ms) / 1000.0)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    process.stdout.close()
    try:
        loaded = load_encounter(target)
    except EncounterFileError as error:
        print(f"  FAIL: {error}")
        return -1
    number = int(loaded.name.removeprefix("state "))
    return number if loaded == state(number) else -1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay", type=float, default=400.0, help="ms after first save")
    parser.add_argument("--autosaver", action="store_true", help="save through the Autosaver")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.autosaver)
    rng = random.Random(args.seed)
    found: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.kills):
            found.append(one_kill(Path(folder), rng, args.max_delay, args.autosaver))
        strays = len(list(Path(folder).glob(".*.tmp")))
    failures = found.count(-1)
    print(f"kills: {args.kills}")
    print(f"file complete and equal to a saved state: {args.kills - failures}")
    print(f"states reached: min {min(found)}, max {max(found)}, distinct {len(set(found))}")
    print(f"stray temporary files left by killed saves: {strays}")
    print(f"failures: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
