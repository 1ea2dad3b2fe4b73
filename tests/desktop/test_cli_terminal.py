"""What the CLI prints is safe for a terminal and for a pipe (issue 31).

A name from a file with an ESC sequence in it is printed escaped, never raw; a reader that
closes the pipe early (``| head``) gets no BrokenPipeError traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
ROOT = Path(__file__).resolve().parents[2]


def test_a_token_name_with_an_escape_sequence_is_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(DEMO.read_text())
    goblin = next(t for t in data["tokens"] if t["id"] == "goblin-5")
    goblin["name"] = "Gob\x1b]0;owned\x07lin\x1b[2J"
    path = tmp_path / "enc.json"
    path.write_text(json.dumps(data))
    assert main(["attack", str(path), "--attacker", "harsk", "--target", "goblin-5",
                 "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "Gob\\x1b]0;owned\\x07lin\\x1b[2J" in out


def test_sightlines_piped_to_a_reader_that_stops_early_prints_no_traceback() -> None:
    command = [sys.executable, "-m", "battlemap.desktop.cli", "sightlines", str(DEMO), "--token",
               "harsk"]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # as `| head -0` does: the reader is gone before the first line
        err = proc.stderr.read().decode()
        code = proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert code in (0, 141)


@pytest.mark.parametrize("command", [
    ["move", "{file}", "valeros", "15", "14", "--save"],
    ["turn", "{file}", "deal", "--seed", "1", "--write"],
    ["attack", "{file}", "--attacker", "harsk", "--target", "goblin-5", "--seed", "7", "--write"],
])
def test_a_full_disk_is_said_as_the_file_and_why(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # rel3's walk: "battlemap move: [Errno 28] No space left on device: '/x/enc.json" (the
    # closing quote stripped as a KeyError's would be)
    import errno

    from battlemap.desktop.core import fileformat

    def full_disk(path: object, _data: bytes, **_how: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    path = tmp_path / "enc.json"
    path.write_bytes(DEMO.read_bytes())
    monkeypatch.setattr(fileformat, "atomic_write_bytes", full_disk)
    assert main([part.format(file=path) for part in command]) == 2
    assert capsys.readouterr().err == f"battlemap {command[0]}: {path}: No space left on device\n"
    assert path.read_bytes() == DEMO.read_bytes()
