"""File > Print... (issue 29): Ctrl+P, the printout's choices, the system's print dialog and the
pages on the printer - here a QPrinter writing a PDF at 150 dpi stands in for the printer
(``export_actions.ask_printer`` is the seam), its pages rendered with pdftoppm and a cell
measured: one inch at the printer's resolution.
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui import export_actions
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.scene import Audience

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                reason="needs pdftoppm (poppler-utils, in .ci/run's apt list)")

PRINTER_DPI = 150


def grey_page(pdf: Path, page: int, dpi: int) -> tuple[int, bytes]:
    """Page ``page`` rendered in grey at ``dpi``: its width and one byte a pixel."""
    done = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page),
                           "-gray", str(pdf)], capture_output=True, check=True)  # fmt: skip
    magic, width, _height, depth, pixels = done.stdout.split(maxsplit=4)
    assert (magic, depth) == (b"P5", b"255")
    return int(width), pixels


def dark_spans(row: bytes) -> list[tuple[int, int]]:
    """The first and last pixel of each run clearly darker than the row's usual value."""
    floor = sorted(row)[len(row) // 2]
    spans, start = [], None
    for x, value in enumerate([*row, 255]):
        dark = value < floor - 20
        if dark and start is None:
            start = x
        elif not dark and start is not None:
            spans.append((start, x - 1))
            start = None
    return spans


class PdfPrinter:
    """Stands in for the system's print dialog: the GM picks a printer that writes ``out``."""

    def __init__(self, out: Path, accept: bool = True) -> None:
        self.out, self.accept = out, accept
        self.printers: list[QPrinter] = []

    def __call__(self, _window: GMWindow, printer: QPrinter) -> bool:
        self.printers.append(printer)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(self.out))
        printer.setResolution(PRINTER_DPI)
        return self.accept


def press_ctrl_p(qtbot: QtBot, window: GMWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)


def test_ctrl_p_prints_the_players_view_a_cell_an_inch_at_the_printers_dpi(
    window: GMWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 12 x 8 map on A4 at 1 in a cell: the page map and A1, B1 (see plan_pages). On page
    2 at 150 dpi the map starts at the 0.4 in margin (60 px) and the grid lines are 150 px
    apart; the page map's one-inch bar is 150 px long."""
    chosen: list[export_actions.PrintOptions] = []

    def defaults(win: GMWindow, title: str) -> export_actions.PrintChoice:
        chosen.append(export_actions.PrintOptions(win, title))  # the real dialog, untouched
        return chosen[-1].choice()

    printer = PdfPrinter(tmp_path / "printer.pdf")
    monkeypatch.setattr(export_actions, "ask_print_options", defaults)
    monkeypatch.setattr(export_actions, "ask_printer", printer)
    assert window.actions_by_name["print"].shortcut().toString() == "Ctrl+P"
    press_ctrl_p(qtbot, window)
    assert chosen and chosen[0].windowTitle() == "Print to scale"
    assert chosen[0].choice().audience is Audience.PLAYER  # the safe default
    message = window.statusBar().currentMessage()
    assert message == (f"Printed 3 pages of {window.state.encounter.name} at 1 cell = 1 in "
                       "to printer.pdf"), message
    width, pixels = grey_page(printer.out, 2, PRINTER_DPI)
    assert width == round(8.27 * PRINTER_DPI)  # A4, portrait
    y = round((0.4 + 5.5) * PRINTER_DPI)  # below the names and the door, above the mud
    row = pixels[y * width:(y + 1) * width]
    lines = [(a + b) / 2 for a, b in dark_spans(row) if (a + b) / 2 <= 7.3 * PRINTER_DPI]
    gaps = [b - a for a, b in itertools.pairwise(lines)]
    assert len(gaps) >= 6 and all(abs(gap - PRINTER_DPI) <= 1.5 for gap in gaps), lines
    assert abs(lines[0] - 0.4 * PRINTER_DPI) <= 1.5, lines
    width, pixels = grey_page(printer.out, 1, PRINTER_DPI)
    y = round(1.4 * PRINTER_DPI)  # the bar: MARGIN_INCH + 1 in down the page map
    bar = max(dark_spans(pixels[y * width:(y + 1) * width]), key=lambda s: s[1] - s[0])
    assert abs(bar[1] - bar[0] - PRINTER_DPI) <= 4, bar  # its pen's width at the ends


def test_the_hidden_goblin_is_printed_only_when_the_gm_asks(
    window: GMWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The goblin (hidden, at 9.5, 5.5) is on page 3 (B1, from x = 6.97 in) of the GM's print
    and not of the players'."""
    def page_of(audience: Audience) -> bytes:
        printer = PdfPrinter(tmp_path / f"{audience.value}.pdf")
        monkeypatch.setattr(export_actions, "ask_print_options",
                            lambda win, title: export_actions.PrintChoice(audience=audience))
        monkeypatch.setattr(export_actions, "ask_printer", printer)
        window.actions_by_name["print"].trigger()
        return grey_page(printer.out, 3, 40)[1]

    players, gm = page_of(Audience.PLAYER), page_of(Audience.GM)
    assert players != gm
    assert page_of(Audience.PLAYER) == players  # the same print is the same pages


@pytest.mark.parametrize("where", ["options", "printer"])
def test_a_cancelled_print_says_so_and_prints_nothing(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    printer = PdfPrinter(tmp_path / "never.pdf", accept=where != "printer")
    monkeypatch.setattr(export_actions, "ask_print_options",
                        lambda win, title: None if where == "options"
                        else export_actions.PrintChoice())
    monkeypatch.setattr(export_actions, "ask_printer", printer)
    window.actions_by_name["print"].trigger()
    assert window.statusBar().currentMessage() == "Print cancelled"
    assert not printer.out.exists()
    assert len(printer.printers) == (where == "printer")


def test_the_paper_chosen_in_the_print_dialog_wins(
    window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QPageSize

    def letter(win: GMWindow, printer: QPrinter) -> bool:
        PdfPrinter(tmp_path / "letter.pdf")(win, printer)
        printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
        return True

    monkeypatch.setattr(export_actions, "ask_print_options",
                        lambda win, title: export_actions.PrintChoice(paper="a4"))
    monkeypatch.setattr(export_actions, "ask_printer", letter)
    window.actions_by_name["print"].trigger()
    assert grey_page(tmp_path / "letter.pdf", 2, 100)[0] == 850  # Letter is 8.5 in wide
