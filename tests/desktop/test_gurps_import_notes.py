"""``battlemap import-character`` says what a GCS sheet's importer skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.desktop.cli import main

SAMPLE = Path(__file__).parent.parent / "data" / "gurps" / "library-sample"


def test_the_skipped_aura_is_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The Electric Jelly's aura has no attack level in GCS: the jelly is added, the aura is
    # listed as skipped (not silently dropped).
    path = tmp_path / "fight.json"
    assert main(["new", str(path), "--system", "gurps"]) == 0
    assert main(["import-character", str(SAMPLE / "Electric_Jelly.gcs"), str(path)]) == 0
    out = capsys.readouterr().out
    assert "skipped: Innate Attack (Burn) (Electrical Aura)" in out
