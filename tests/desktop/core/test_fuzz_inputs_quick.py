"""A short seeded run of the input fuzzer (tests/soak/fuzz_inputs.py) of each kind: pasted
stat blocks, GCS sheets, Foundry actors and CLI flags are accepted or refused in one line,
never a traceback or a case that never ends. The long run is ``--cases 10000`` (figures in
docs/encounter-format.md, "Hostile input")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FUZZ_SCRIPT = Path(__file__).resolve().parents[2] / "soak" / "fuzz_inputs.py"
REPO = FUZZ_SCRIPT.parents[2]


@pytest.mark.parametrize(("kind", "cases"), [
    ("statblock", 100), ("gcs", 300), ("foundry", 300), ("cli", 150),
])
def test_the_input_fuzzer_finds_no_traceback_in_a_short_run(kind: str, cases: int) -> None:
    result = subprocess.run(
        [sys.executable, str(FUZZ_SCRIPT), "--kinds", kind, "--cases", str(cases),
         "--seed", "7", "--hang-seconds", "60"],
        capture_output=True, text=True, timeout=600, check=False, cwd=REPO,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert f"{kind}: {cases} cases in " in result.stdout
    assert " 0 tracebacks, 0 hangs;" in result.stdout
    assert result.stdout.endswith("tracebacks and hangs: 0\n")
