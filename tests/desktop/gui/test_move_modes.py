"""The drag's ruler in a way of moving (M while dragging, the token menu's *Move as*), and the
move noted for the rest of the turn (Savage Pathfinder: C28, C30, S5)."""

from __future__ import annotations

from dataclasses import replace

from gui_helpers import at_cell
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot
from support.spf_on_map import begin_combat

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.movement import PaceBand
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.overlay_item import readout_text
from battlemap.desktop.gui.token_menu import fill_token_menu
from battlemap.rules.registry import find_system
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def drag(qtbot: QtBot, win: GMWindow, start: tuple[float, float], end: tuple[float, float],
         presses: int = 0) -> DragPreview:
    """Press at ``start``, move halfway, press M ``presses`` times, move on to ``end`` and
    release; the ruler just before the release."""
    viewport = win.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, at_cell(win, *start))
    qtbot.mouseMove(viewport, at_cell(win, (start[0] + end[0]) / 2, (start[1] + end[1]) / 2))
    for _ in range(presses):
        qtbot.keyClick(win.view, Qt.Key.Key_M)
    qtbot.mouseMove(viewport, at_cell(win, *end))
    preview = win.interaction.tool.preview
    qtbot.mouseRelease(viewport, LEFT, NONE, at_cell(win, *end))
    assert isinstance(preview, DragPreview)
    return preview


def test_m_while_dragging_climbs_and_the_ruler_counts_two_inches_an_inch(
        qtbot: QtBot, window: GMWindow) -> None:
    """C28 "Each inch of movement spent climbing, crawling, or swimming uses 2″ of Pace":
    Valeros (Pace 6) climbs 3" (M once: Walking -> Climbing): 6" of his Pace, still within it;
    4" climbed would be 8", beyond Pace 6 (the sprint band out of combat, C30: 2 x (6 + 6) =
    24")."""
    preview = drag(qtbot, window, (1.5, 1.5), (4.5, 1.5), presses=1)
    assert (preview.mode_name, preview.distance, preview.cost) == ("Climbing", 3.0, 6.0)
    assert preview.band is PaceBand.PACE
    assert readout_text(preview, "in") == 'Climbing 3" = 6" of Pace 6'
    # down the near side of the wall at x = 6 (the drag asks before going through a wall)
    further = drag(qtbot, window, (4.5, 1.5), (4.5, 5.5))  # the tool remembers Climbing
    assert (further.mode_name, further.distance, further.cost) == ("Climbing", 4.0, 8.0)
    assert further.band is PaceBand.RUNNING
    assert readout_text(further, "in") == 'Climbing 4" = 8" of Pace 6 · Sprint (3 min) 24"'


def test_in_combat_a_second_drag_counts_on_from_the_first(
        qtbot: QtBot, window: GMWindow) -> None:
    """In combat each drag is noted for the turn: Valeros walks 2" (S5: he may no longer Aim),
    then 3" more: 5" of Pace 6; a jump then goes 2" (C33: doubled after a 2" run-up) and 3"
    is refused (red)."""
    encounter, _ = begin_combat(window.state.encounter, PhysicalCards(["KS", "2C"]))
    window.state.apply("Deal", encounter)
    drag(qtbot, window, (1.5, 1.5), (3.5, 1.5))
    assert window.state.encounter.combat["moved"] == [{"token": "hero", "inches": 2.0}]
    menu = find_system("spf").action_menu(board_of(window.state.encounter), "hero")
    aim = next(entry for entry in menu if entry.action == "aim")  # S5: greyed, with the reason
    assert aim.problem == 'aim: the shooter must be stationary, but walked (2" this turn)'
    second = drag(qtbot, window, (3.5, 1.5), (3.5, 4.5))
    assert readout_text(second, "in") == '3" + 2" moved = 5" of Pace 6'
    jump = drag(qtbot, window, (3.5, 4.5), (5.5, 4.5), presses=4)  # Walking -> ... -> Jumping
    assert (jump.mode_name, jump.distance, jump.band) == ("Jumping", 2.0, PaceBand.RUNNING)
    assert readout_text(jump, "in") == \
        'Jumping 2" + 5" moved = 7" of Pace 6 · Running 12"'
    window.state.undo()
    too_far = drag(qtbot, window, (3.5, 4.5), (6.5, 4.5))  # still Jumping: 3" > 2"
    assert too_far.band is PaceBand.BEYOND
    assert readout_text(too_far, "in") == 'Jumping 3" + 5" moved = 8" of Pace 6 · at most 2"'


def test_the_token_menu_picks_how_the_token_moves(qtbot: QtBot, window: GMWindow) -> None:
    """*Move as* lists the ways of moving the system declares, ticks the current one (Kyra,
    prone, crawls: C28 "crawling ... uses 2″ of Pace") and picks another for her next drag."""
    kyra = window.state.encounter.token("kyra")
    prone = replace(kyra, stats=kyra.stats | {"condition": {"prone": True}})
    window.state.apply("Prone", window.state.encounter.with_token(prone))
    menu = QMenu(window)
    fill_token_menu(window, menu, window.state.encounter.token("kyra"))
    move_as = next(a.menu() for a in menu.actions() if a.text() == "Move as")
    assert [a.text() for a in move_as.actions()] == [
        "Walking", "Climbing", "Crawling", "Swimming", "Jumping"]
    assert [a.text() for a in move_as.actions() if a.isChecked()] == ["Crawling"]
    crawl = drag(qtbot, window, (1.5, 3.5), (3.5, 3.5))
    assert readout_text(crawl, "in") == 'Crawling 2" = 4" of Pace 6'
    menu = QMenu(window)
    fill_token_menu(window, menu, window.state.encounter.token("kyra"))
    swim = next(a.menu() for a in menu.actions() if a.text() == "Move as")
    next(a for a in swim.actions() if a.text() == "Swimming").trigger()
    assert readout_text(drag(qtbot, window, (3.5, 3.5), (4.5, 3.5)), "in") == \
        'Swimming 1" = 2" of Pace 6'
