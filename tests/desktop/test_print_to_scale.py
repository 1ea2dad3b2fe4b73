"""Print to scale (issue 29): ``battlemap print`` as a user runs it, the PDF's pages rendered
with pdftoppm and a cell measured in pixels; the player view prints nothing the players must
not see; ``battlemap render --cell-px/--dpi`` draws at a known scale.
"""

from __future__ import annotations

import itertools
import shutil
import struct
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.model import Encounter, Fog, Token
from battlemap.desktop.gui.print_map import MAX_PAGES, OVERLAP_INCH, plan_pages

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                reason="needs pdftoppm (poppler-utils, in .ci/run's apt list)")


def pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(next(line.split()[-1] for line in info.stdout.splitlines()
                    if line.startswith("Pages:")))  # fmt: skip


def page_pixels(pdf: Path, page: int, dpi: int) -> tuple[int, int, bytes]:
    """Page ``page`` rendered in grey at ``dpi``: width, height and one byte a pixel."""
    done = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page),
                           "-gray", str(pdf)], capture_output=True, check=True)  # fmt: skip
    data = done.stdout  # a binary PGM: P5 width height 255 pixels
    magic, width, height, depth, pixels = data.split(maxsplit=4)
    assert (magic, depth) == (b"P5", b"255")
    return int(width), int(height), pixels


def dark_runs(row: bytes) -> list[float]:
    """The centres of the runs of pixels clearly darker than the row's usual (floor) value."""
    floor = sorted(row)[len(row) // 2]
    centres, start = [], None
    for x, value in enumerate([*row, 255]):
        dark = value < floor - 20
        if dark and start is None:
            start = x
        elif not dark and start is not None:
            centres.append((start + x - 1) / 2)
            start = None
    return centres


def write(encounter: Encounter, folder: Path, name: str = "map.json") -> Path:
    path = folder / name
    save_encounter(encounter, path)
    return path


def test_a_cell_is_one_inch_on_the_printed_page(tmp_path: Path) -> None:
    """A 12 x 10 cell map on A4 at 1 in a cell: the page map and 2 portrait pages (see
    plan_pages). Page 2 (A1) rendered at 100 dpi: the map starts at the 0.4 in margin (40 px)
    and the grid lines are 100 px apart, one inch."""
    path = write(Encounter(width=12, height=10), tmp_path)
    out = tmp_path / "map.pdf"
    assert main(["print", str(path), str(out), "--paper", "a4"]) == 0
    assert pages(out) == 3
    width, height, pixels = page_pixels(out, 2, 100)
    assert (width, height) == (827, 1170)  # A4 (8.27 x 11.69 in) at 100 dpi, rounded up
    row = pixels[500 * width:501 * width]
    lines = [x for x in dark_runs(row) if 35 <= x <= 730]  # the map, left of the seam (737)
    gaps = [b - a for a, b in itertools.pairwise(lines)]
    assert len(gaps) >= 6, lines
    assert all(abs(gap - 100) <= 1.5 for gap in gaps), gaps
    assert abs(lines[0] - 40) <= 1.5, lines  # the map's edge at the margin


def test_half_inch_cells_and_letter_paper_fit_one_page(tmp_path: Path) -> None:
    path = write(Encounter(width=12, height=10), tmp_path)
    out = tmp_path / "small.pdf"
    assert main(["print", str(path), str(out), "--paper", "letter", "--cell-inch", "0.5"]) == 0
    assert pages(out) == 2  # the page map and one page: 6 x 5 in fits 7.7 x 10.2 in
    width, height, pixels = page_pixels(out, 2, 100)
    assert (width, height) == (850, 1100)  # Letter at 100 dpi
    row = pixels[300 * width:301 * width]
    lines = [x for x in dark_runs(row) if 35 <= x <= 40 + 600 + 5]
    gaps = [b - a for a, b in itertools.pairwise(lines)]
    assert len(gaps) >= 10 and all(abs(gap - 50) <= 1.5 for gap in gaps), gaps


def test_no_grid_leaves_the_lines_out(tmp_path: Path) -> None:
    path = write(Encounter(width=12, height=10), tmp_path)
    out = tmp_path / "bare.pdf"
    assert main(["print", str(path), str(out), "--no-grid"]) == 0
    width, _, pixels = page_pixels(out, 2, 100)
    row = pixels[500 * width:501 * width]
    assert [x for x in dark_runs(row) if 45 <= x <= 730] == []  # the map edge, the seam only


def test_the_player_view_prints_no_hidden_token_and_the_fog(tmp_path: Path) -> None:
    """The same map with and without a hidden goblin prints the same player pages, pixel for
    pixel; the GM's pages show it. With fog on and no hero seeing, the players' map is dark."""
    goblin = Token("g1", "Goblin scout", 3.5, 3.5, hidden=True)
    bare = Encounter(width=6, height=5, fog=Fog(enabled=False))
    with_goblin = write(replace(bare, tokens=(goblin,)), tmp_path, "goblin.json")
    without = write(bare, tmp_path, "bare.json")
    for name, path, view in (("g-player", with_goblin, "player"), ("b-player", without, "player"),
                             ("g-gm", with_goblin, "gm")):
        assert main(["print", str(path), str(tmp_path / f"{name}.pdf"), "--view", view]) == 0
    player = page_pixels(tmp_path / "g-player.pdf", 2, 60)
    assert player == page_pixels(tmp_path / "b-player.pdf", 2, 60)
    assert page_pixels(tmp_path / "g-gm.pdf", 2, 60) != player
    fogged = write(replace(bare, tokens=(goblin,), fog=Fog(enabled=True)), tmp_path, "fog.json")
    assert main(["print", str(fogged), str(tmp_path / "fog.pdf"), "--view", "player"]) == 0
    width, _, pixels = page_pixels(tmp_path / "fog.pdf", 2, 60)
    inside = [pixels[y * width + x] for y in range(40, 40 + 5 * 60, 7)
              for x in range(30, 30 + 6 * 60, 7)]  # fmt: skip
    assert sum(v < 60 for v in inside) / len(inside) > 0.9


def test_pages_overlap_and_the_plan_refuses_too_many() -> None:
    plan = plan_pages(40, 30, "letter")
    tiles = {t.name: t for t in plan.tiles}
    a1, b1, a2 = tiles["A1"], tiles["B1"], tiles["A2"]
    assert a1.x + a1.width - b1.x == pytest.approx(OVERLAP_INCH)
    assert a1.y + a1.height - a2.y == pytest.approx(OVERLAP_INCH)
    last = plan.tiles[-1]
    assert last.x + last.width == pytest.approx(40) and last.y + last.height == pytest.approx(30)
    with pytest.raises(ValueError, match=f"the limit is {MAX_PAGES}"):
        plan_pages(400, 400, "a4", 2.0)


def test_print_refusals_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", str(tmp_path / "none.json"), str(tmp_path / "x.pdf")]) == 2
    assert "none.json" in capsys.readouterr().err
    path = write(Encounter(width=400, height=400), tmp_path)
    assert main(["print", str(path), str(tmp_path / "x.pdf"), "--cell-inch", "2"]) == 2
    assert "choose a smaller --cell-inch" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_render_at_a_known_scale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(Encounter(width=12, height=10), tmp_path)
    out = tmp_path / "map.png"
    assert main(["render", str(path), str(out), "--cell-px", "25"]) == 0
    assert "(300x250, 25 px a cell, gm view)" in capsys.readouterr().out
    assert main(["render", str(path), str(out), "--dpi", "150"]) == 0
    data = out.read_bytes()
    assert struct.unpack(">II", data[16:24]) == (1800, 1500)  # the PNG's IHDR: 12 x 150 px
    at = data.index(b"pHYs")
    per_metre_x, per_metre_y, unit = struct.unpack(">IIB", data[at + 4:at + 13])
    assert unit == 1 and round(per_metre_x * 0.0254) == round(per_metre_y * 0.0254) == 150
