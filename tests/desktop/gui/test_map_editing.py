"""Editing the map on the GM window: draw walls and regions, open doors, properties, undo."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from gui_helpers import at_cell
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.battlefield import battlefield_of
from battlemap.desktop.core.model import RegionKind, WallKind
from battlemap.desktop.gui import file_actions
from battlemap.desktop.gui.grid_calibration_dialog import GridCalibrationDialog
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.token_menu import fill_token_menu

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def click(qtbot: QtBot, win: GMWindow, x: float, y: float) -> None:
    qtbot.mouseClick(win.view.viewport(), LEFT, NONE, at_cell(win, x, y))


def test_draw_a_wall_then_undo_and_redo_it(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["tool_wall"].trigger()
    click(qtbot, window, 8.1, 1.2)
    click(qtbot, window, 9.9, 0.8)
    qtbot.mouseDClick(window.view.viewport(), LEFT, NONE, at_cell(window, 10.2, 3.1))
    added = window.state.encounter.walls[-1]
    assert added.points == ((8.0, 1.0), (10.0, 1.0), (10.0, 3.0))  # snapped to corners
    assert added.kind is WallKind.WALL
    assert window.state.undo_label == "Add wall"
    window.actions_by_name["undo"].trigger()
    assert [w.id for w in window.state.encounter.walls] == ["wall", "door"]
    window.actions_by_name["redo"].trigger()
    assert window.state.encounter.walls[-1] == added


def test_the_low_wall_tool_draws_a_wall_half_a_cell_high_that_gives_cover(
    qtbot: QtBot, window: GMWindow
) -> None:
    # It drew walls of no height (full height): they blocked sight and fire like a wall.
    window.actions_by_name["tool_low_wall"].trigger()
    click(qtbot, window, 8.1, 1.2)
    qtbot.mouseDClick(window.view.viewport(), LEFT, NONE, at_cell(window, 9.9, 0.8))
    added = window.state.encounter.walls[-1]
    assert (added.kind, added.height, added.points) == (WallKind.LOW_WALL, 0.5, ((8, 1), (10, 1)))


def test_enter_finishes_a_difficult_ground_polygon(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["tool_difficult_ground"].trigger()
    for x, y in ((7, 5), (9, 5), (9, 7)):
        click(qtbot, window, x, y)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    region = window.state.encounter.regions[-1]
    assert region.kind is RegionKind.DIFFICULT
    assert region.points == ((7.0, 5.0), (9.0, 5.0), (9.0, 7.0))


def test_escape_drops_a_half_drawn_wall(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["tool_window"].trigger()
    click(qtbot, window, 8, 1)
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.mouseDClick(window.view.viewport(), LEFT, NONE, at_cell(window, 10, 1))
    assert len(window.state.encounter.walls) == 2


def test_click_a_door_to_open_it_and_undo_closes_it(qtbot: QtBot, window: GMWindow) -> None:
    click(qtbot, window, 6.05, 3.5)
    assert window.state.encounter.wall("door").is_open
    assert window.state.undo_label == "Open door"
    window.actions_by_name["undo"].trigger()
    assert not window.state.encounter.wall("door").is_open
    window.actions_by_name["redo"].trigger()
    assert window.state.encounter.wall("door").is_open


def test_click_a_wall_selects_it_and_the_panel_edits_its_height(
    qtbot: QtBot, window: GMWindow
) -> None:
    click(qtbot, window, 6.1, 1.0)
    assert window.interaction.selection == {"wall"}
    form = window.properties.wall_form
    assert window.properties.currentWidget() is form
    form.full.setChecked(False)
    form.height_box.setValue(0.5)
    form.height_box.editingFinished.emit()
    assert window.state.encounter.wall("wall").height == 0.5
    form.kind.setCurrentText("low_wall")
    assert window.state.encounter.wall("wall").kind is WallKind.LOW_WALL
    window.actions_by_name["undo"].trigger()
    window.actions_by_name["undo"].trigger()
    window.actions_by_name["undo"].trigger()
    assert window.state.encounter.wall("wall").height is None


def test_undo_history_survives_a_tool_switch(qtbot: QtBot, window: GMWindow) -> None:
    click(qtbot, window, 6.05, 3.5)
    window.actions_by_name["tool_zone"].trigger()
    window.actions_by_name["tool_select"].trigger()
    assert window.state.undo_label == "Open door"


def test_a_bad_file_shows_the_error_and_keeps_the_encounter(
    qtbot: QtBot, window: GMWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(window, "show_error", lambda title, text: shown.append(text))
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": 1, "tokens": [{"id": "x"}]}')
    before = window.state.encounter
    assert not file_actions.open_path(window, bad)
    assert window.state.encounter is before
    assert len(shown) == 1 and "broken.json" in shown[0] and "tokens[0]" in shown[0]


def test_save_then_open_round_trips(qtbot: QtBot, window: GMWindow, tmp_path: Path) -> None:
    click(qtbot, window, 6.05, 3.5)  # open the door: one unsaved change
    window.path = tmp_path / "saved.json"
    assert file_actions.save(window)
    assert not window.state.dirty
    assert file_actions.open_path(window, tmp_path / "saved.json")
    assert window.state.encounter.wall("door").is_open


def test_geometry_sees_a_drawn_wall(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["tool_wall"].trigger()
    click(qtbot, window, 8, 1)
    qtbot.mouseDClick(window.view.viewport(), LEFT, NONE, at_cell(window, 8, 7))
    wall_id = window.state.encounter.walls[-1].id
    pieces = [o for o in battlefield_of(window.state.encounter).occluders if o.id == wall_id]
    assert len(pieces) == 1  # one straight piece from (8, 1) to (8, 7), full height
    piece = pieces[0]
    assert (piece.x1, piece.y1, piece.x2, piece.y2, piece.top) == (8, 1, 8, 7, math.inf)


def test_delete_removes_the_selection_as_one_undo_step(qtbot: QtBot, window: GMWindow) -> None:
    click(qtbot, window, 1.5, 1.5)
    click(qtbot, window, 6.1, 1.0)  # the wall, added with Ctrl below
    qtbot.mouseClick(window.view.viewport(), LEFT, Qt.KeyboardModifier.ControlModifier,
                     at_cell(window, 1.5, 1.5))
    assert window.interaction.selection == {"wall", "hero"}
    window.actions_by_name["delete"].trigger()
    assert [t.id for t in window.state.encounter.tokens] == ["kyra", "gob"]
    assert [w.id for w in window.state.encounter.walls] == ["door"]
    window.actions_by_name["undo"].trigger()
    assert len(window.state.encounter.tokens) == 3 and len(window.state.encounter.walls) == 2


def test_the_token_menu_hides_a_token_from_the_players(qtbot: QtBot, window: GMWindow) -> None:
    menu = QMenu(window)
    fill_token_menu(window, menu, window.state.encounter.token("kyra"))
    hide = next(a for a in menu.actions() if a.text() == "Hide from players")
    hide.trigger()
    assert window.state.encounter.token("kyra").hidden
    assert window.state.undo_label == "Hide Kyra"
    item = window.scene.token_item("kyra")
    assert item is not None and item.opacity() == pytest.approx(0.45)


def test_selecting_a_token_shows_its_stat_block(qtbot: QtBot, window: GMWindow) -> None:
    click(qtbot, window, 1.5, 3.5)
    assert window.combatants.form.widgets["pace"].value() == 6
    window.combatants.apply_json('{"pace": 5')
    assert window.combatants.message.text().startswith("Not valid JSON: line 1")
    assert window.state.encounter.token("kyra").stats["pace"] == 6
    window.combatants.apply_json('{"pace": 5}')
    assert window.state.encounter.token("kyra").stats == {"pace": 5}


def with_green_map(window: GMWindow, tmp_path: Path) -> None:
    """A plain 640 x 448 px map image set as the background at 64 px a cell."""
    image = QImage(640, 448, QImage.Format.Format_RGB32)
    image.fill(QColor("#446644"))
    image.save(str(tmp_path / "map.png"))
    file_actions.apply_map_image(window, str(tmp_path / "map.png"), 640, 448, 64.0)


def test_import_a_map_image_and_calibrate_its_grid(
    qtbot: QtBot, window: GMWindow, tmp_path: Path
) -> None:
    with_green_map(window, tmp_path)
    encounter = window.state.encounter
    assert (encounter.width, encounter.height) == (10.0, 7.0)  # 640 / 64, 448 / 64
    assert window.scene.background_size() == (640, 448)
    assert encounter.background is not None
    dialog = GridCalibrationDialog(encounter.background, window)
    dialog.pixels.setValue(32.0)
    dialog.offset_x.setValue(16.0)
    calibrated = dialog.encounter(encounter, (640, 448))
    assert (calibrated.width, calibrated.height) == (19.5, 14.0)  # (640 - 16) / 32, 448 / 32
    assert calibrated.background is not None and calibrated.background.offset_x == 16.0


def test_fit_the_grid_by_dragging_over_a_printed_cell(
    qtbot: QtBot, window: GMWindow, tmp_path: Path
) -> None:
    with_green_map(window, tmp_path)
    window.view.set_zoom(1.0)
    window.view.centerOn(2 * 64, 2 * 64)
    window.actions_by_name["fit_grid"].trigger()
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, at_cell(window, 1.0, 1.0))
    qtbot.mouseMove(viewport, at_cell(window, 1.25, 1.25))
    qtbot.mouseMove(viewport, at_cell(window, 1.5, 1.5))
    qtbot.mouseRelease(viewport, LEFT, NONE, at_cell(window, 1.5, 1.5))
    encounter = window.state.encounter
    assert encounter.background is not None
    assert encounter.background.pixels_per_cell == 32.0  # half a 64 px cell
    assert (encounter.width, encounter.height) == (20.0, 14.0)
    assert window.interaction.tool is window.interaction.select_tool
    assert window.actions_by_name["tool_select"].isChecked()


def test_zones_are_made_from_the_rooms_the_walls_enclose(qtbot: QtBot, window: GMWindow) -> None:
    """FATE's zones from rooms: a wall round the 12 x 8 map and the wall, door and a new wall
    down x = 6 make two rooms of 6 x 8 squares: Tools > Make Zones from Rooms adds a zone for
    each (one undoable edit); again, nothing new; undo takes both away."""
    from battlemap.desktop.core.model import Wall

    encounter = window.state.encounter
    for wall in (Wall(id="round", points=((0, 0), (12, 0), (12, 8), (0, 8), (0, 0))),
                 Wall(id="down", points=((6, 4), (6, 8)))):
        encounter = encounter.with_wall(wall)
    window.state.apply("Walls", encounter)
    window.actions_by_name["zones_from_rooms"].trigger()
    zones = [r for r in window.state.encounter.regions if r.kind is RegionKind.ZONE]
    assert [z.name for z in zones] == ["Room 1", "Room 2"]
    assert [sorted(z.points) for z in zones] == [
        [(0.0, 0.0), (0.0, 8.0), (6.0, 0.0), (6.0, 3.0), (6.0, 4.0), (6.0, 8.0)],
        [(6.0, 0.0), (6.0, 3.0), (6.0, 4.0), (6.0, 8.0), (12.0, 0.0), (12.0, 8.0)]]
    made = window.state.encounter
    window.actions_by_name["zones_from_rooms"].trigger()
    assert window.state.encounter is made
    assert "No new zone" in window.statusBar().currentMessage()
    window.state.undo()
    assert not [r for r in window.state.encounter.regions if r.kind is RegionKind.ZONE]
