"""``battlemap render`` draws at most 100 million pixels (400 MB; 16,384 px a side both ways
would be 1 GB), whether the size is given or follows from ``--cell-px`` (issue 31)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.desktop.cli import main


def test_a_size_over_a_hundred_million_pixels_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["render", "--demo", str(tmp_path / "out.png"), "--size", "10001x10000"])
    assert refused.value.code == 2
    assert "size '10001x10000': at most 100,000,000 pixels in all" in capsys.readouterr().err
    assert not (tmp_path / "out.png").exists()


def test_a_scale_drawing_over_a_hundred_million_pixels_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 1,000 x 1,000 cells at 16 px a cell: 16,000 px a side, within 16,384, but 256 M pixels
    encounter = tmp_path / "big.json"
    encounter.write_text(json.dumps({"format": 2, "width": 1000, "height": 1000}))
    assert main(["render", str(encounter), str(tmp_path / "out.png"), "--cell-px", "16"]) == 2
    assert capsys.readouterr().err == (
        "battlemap render: 16000 x 16000 px at 16 px a cell; at most 100,000,000 pixels in all\n")
    assert not (tmp_path / "out.png").exists()
