"""Menus, the tool bar and their shortcuts, as desktop users expect them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QDialog, QLabel, QMenu

from battlemap.desktop.core.edits import turn_facing, without_ids, zones_from_rooms
from battlemap.desktop.core.grid_fit import GridBoxTool
from battlemap.desktop.core.model import RegionKind, WallKind
from battlemap.desktop.core.tools import LOW_WALL_HEIGHT, DrawTool
from battlemap.desktop.gui import file_actions
from battlemap.desktop.gui.camera_menu import build_camera_menu
from battlemap.desktop.gui.fog_menu import build_fog_menu
from battlemap.desktop.gui.help_window import build_help_menu
from battlemap.desktop.gui.notices import tell
from battlemap.desktop.gui.screens import screen_of
from battlemap.desktop.gui.settings import (
    recent_files,
    set_screen_ppi,
    set_table_rotation,
    snap_by_default,
    table_rotation,
)
from battlemap.desktop.gui.statblock_paste import paste_statblocks

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

Keys = QKeySequence.StandardKey

DRAW_TOOLS: list[tuple[str, WallKind, RegionKind | None]] = [
    ("Wall", WallKind.WALL, None),
    ("Low wall", WallKind.LOW_WALL, None),
    ("Window", WallKind.WINDOW, None),
    ("Door", WallKind.DOOR, None),
    ("Object", WallKind.OBJECT, None),
    ("Difficult ground", WallKind.WALL, RegionKind.DIFFICULT),
    ("Illumination", WallKind.WALL, RegionKind.ILLUMINATION),
    ("Zone", WallKind.WALL, RegionKind.ZONE),
]


def _action(
    window: GMWindow, menu: QMenu, text: str, slot: Callable[[], object],
    shortcut: QKeySequence | Keys | str | None = None,
) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())
    menu.addAction(action)
    return action


def build_menus(window: GMWindow) -> dict[str, QAction]:
    """Build every menu and the tool bar; return the actions by name (for tests and docs)."""
    actions: dict[str, QAction] = {}
    _file_menu(window, window.menuBar().addMenu("&File"), actions)
    _edit_menu(window, window.menuBar().addMenu("&Edit"), actions)
    _view_menu(window, window.menuBar().addMenu("&View"), actions)
    _tools_menu(window, window.menuBar().addMenu("&Tools"), actions)
    build_fog_menu(window, window.menuBar().addMenu("F&og"), actions)
    build_camera_menu(window, window.menuBar().addMenu("&Camera"), actions)
    build_help_menu(window, window.menuBar().addMenu("&Help"), actions)
    return actions


def _file_menu(window: GMWindow, menu: QMenu, actions: dict[str, QAction]) -> None:
    actions["new"] = _action(window, menu, "&New", partial(file_actions.new_encounter, window),
                             Keys.New)
    actions["open"] = _action(window, menu, "&Open...", partial(file_actions.open_dialog, window),
                              Keys.Open)
    recent = menu.addMenu("Open &Recent")
    recent.aboutToShow.connect(partial(_fill_recent, window, recent))
    actions["save"] = _action(window, menu, "&Save", partial(file_actions.save, window), Keys.Save)
    actions["save_as"] = _action(window, menu, "Save &As...", partial(file_actions.save_as, window),
                                 Keys.SaveAs)
    menu.addSeparator()
    _action(window, menu, "Import &Map Image...", partial(file_actions.import_map, window))
    _action(window, menu, "&Relink Map Image...", partial(file_actions.relink_map, window))
    _action(window, menu, "Calibrate Map &Grid...", partial(file_actions.calibrate_grid, window))
    actions["fit_grid"] = _action(window, menu, "Fit Grid to a Printed &Cell",
                                  partial(_fit_grid_tool, window))
    actions["import_uvtt"] = _action(window, menu, "Import &Universal VTT...",
                                     partial(file_actions.import_uvtt, window))
    export = menu.addMenu("&Export")
    actions["export_uvtt"] = _action(window, export, "&Universal VTT...",
                                     partial(_export, "export_uvtt_dialog", window))
    actions["export_pdf"] = _action(window, export, "&PDF to Scale...",
                                    partial(_export, "export_pdf_dialog", window))
    actions["print"] = _action(window, menu, "&Print...",
                               partial(_export, "print_dialog", window), Keys.Print)
    menu.addSeparator()
    _action(window, menu, "&Quit", window.close, Keys.Quit)


def _export(dialog: str, window: GMWindow) -> None:
    """Open :mod:`~battlemap.desktop.gui.export_actions`' ``dialog`` on ``window``; the module
    and Qt's print support load at the first export or print, not before the first frame."""
    from battlemap.desktop.gui import export_actions

    getattr(export_actions, dialog)(window)


def _fill_recent(window: GMWindow, menu: QMenu) -> None:
    menu.clear()
    for name in recent_files():
        _action(window, menu, name, partial(file_actions.open_asking, window, Path(name)))
    if menu.isEmpty():
        menu.addAction("(none)").setEnabled(False)


def _edit_menu(window: GMWindow, menu: QMenu, actions: dict[str, QAction]) -> None:
    actions["undo"] = _action(window, menu, "&Undo", window.state.undo, Keys.Undo)
    actions["redo"] = _action(window, menu, "&Redo", window.state.redo, "Ctrl+Shift+Z")

    def relabel() -> None:
        undo, redo = window.state.undo_label, window.state.redo_label
        actions["undo"].setText(f"&Undo {undo}" if undo else "&Undo")
        actions["undo"].setEnabled(undo is not None)
        actions["redo"].setText(f"&Redo {redo}" if redo else "&Redo")
        actions["redo"].setEnabled(redo is not None)

    window.state.history_changed.connect(relabel)
    relabel()
    actions["delete"] = _action(window, menu, "&Delete Selection", partial(_delete, window),
                                Keys.Delete)
    actions["paste_statblock"] = _action(window, menu, "&Paste Stat Block",
                                         partial(paste_statblocks, window), Keys.Paste)
    actions["turn_left"] = _action(window, menu, "Turn Selected Tokens &Left",
                                   partial(_turn, window, -1), "[")
    actions["turn_right"] = _action(window, menu, "Turn Selected Tokens Ri&ght",
                                    partial(_turn, window, 1), "]")
    menu.addSeparator()
    actions["preferences"] = _action(window, menu, "&Preferences...",
                                     partial(_preferences, window))


def _preferences(window: GMWindow) -> None:
    """Ask for the preferences; the open table follows them at once."""
    from battlemap.desktop.gui.preferences_dialog import PreferencesDialog  # not for the 1st frame

    PreferencesDialog.ask(window, window.apply_table_preferences)


def _turn(window: GMWindow, steps: int) -> None:
    """Turn the selected tokens' facing one side of a hex (60°) or an eighth (45°) on squares
    and gridless maps, as one undoable edit; the facing mark shows on both windows."""
    encounter = window.state.encounter
    chosen = [t for t in encounter.tokens if t.id in window.interaction.selection]
    if not chosen:
        return
    turned = encounter
    for token in chosen:
        turned = turned.with_token(replace(token, facing=turn_facing(
            token.facing, steps, encounter.grid.kind)))
    window.state.apply(f"Turn {len(chosen)} token(s)", turned)


def _delete(window: GMWindow) -> None:
    selection = window.interaction.selection
    if selection:
        window.state.apply(f"Delete {len(selection)} item(s)",
                           without_ids(window.state.encounter, selection))


def _view_menu(window: GMWindow, menu: QMenu, actions: dict[str, QAction]) -> None:
    _action(window, menu, "Zoom &In", partial(window.view.zoom_by, 1.25), Keys.ZoomIn)
    _action(window, menu, "Zoom &Out", partial(window.view.zoom_by, 0.8), Keys.ZoomOut)
    actions["fit"] = _action(window, menu, "&Fit Map", window.view.fit_map, "Ctrl+0")
    menu.addSeparator()
    actions["player_view"] = _action(window, menu, "&Player View", window.toggle_player_view, "F5")
    pin = _action(window, menu, "Pin Player Camera", partial(_toggle_pin, window), "F6")
    pin.setCheckable(True)
    actions["pin"] = pin
    acting = _action(window, menu, "Centre Player View on Whoever Acts",
                     partial(_toggle_centre_acting, window), "F8")
    acting.setCheckable(True)
    actions["centre_acting"] = acting
    _turn_menu(window, menu.addMenu("Turn Player View"), actions)
    blackout = partial(_toggle_blackout, window)
    actions["blackout"] = _action(window, menu, "&Blackout", blackout, "F7")
    _action(window, menu, "Calibrate Physical Scale...", partial(_calibrate, window))
    screens = menu.addMenu("Player View Screen")
    screens.aboutToShow.connect(partial(_fill_screens, window, screens))
    menu.addSeparator()
    for dock in window.docks:
        menu.addAction(dock.toggleViewAction())


def _tools_menu(window: GMWindow, menu: QMenu, actions: dict[str, QAction]) -> None:
    """Two tool bars on one row, by task: running the fight (Select, Snap, then the combat
    tools) and building the map (walls, doors, regions); the Tools menu lists them alike."""
    bar = window.addToolBar("Tools")
    bar.setObjectName("ToolsBar")
    map_bar = window.addToolBar("Map building")
    map_bar.setObjectName("MapBar")
    map_bar.addWidget(QLabel(" Map: "))
    group = QActionGroup(window)
    select = _action(window, menu, "&Select / Move", partial(window.interaction.set_tool,
                                                             window.interaction.select_tool), "S")
    actions["tool_select"] = select
    menu.addSection("Map building")
    for text, wall_kind, region_kind in DRAW_TOOLS:
        tool_slot = partial(_draw_tool, window, wall_kind, region_kind)
        actions[f"tool_{text.lower().replace(' ', '_')}"] = _action(window, menu, text, tool_slot)
    actions["zones_from_rooms"] = _action(window, menu, "Make Zones from &Rooms",
                                          partial(_zones_from_rooms, window))
    for name, action in actions.items():
        if name.startswith("tool_"):
            action.setCheckable(True)
            group.addAction(action)
            (bar if action is select else map_bar).addAction(action)
    select.setChecked(True)
    window.interaction.tool_reset = lambda: select.setChecked(True)
    menu.addSection("Combat")
    snap = _action(window, menu, "Snap to &Grid", partial(_toggle_snap, window), "G")
    snap.setCheckable(True)
    snap.setChecked(snap_by_default())
    window.interaction.select_tool.snap = snap.isChecked()
    actions["snap"] = snap
    actions["rules_settings"] = _action(window, menu, "&Rules Settings…",
                                        partial(_rules_settings, window))
    bar.addSeparator()
    bar.addAction(snap)


def _rules_settings(window: GMWindow) -> None:
    """The encounter's rules settings as its system declares them (one undoable edit)."""
    from battlemap.desktop.gui.rules_settings_dialog import RulesSettingsDialog

    encounter = window.state.encounter
    dialog = RulesSettingsDialog(encounter, window)
    if not dialog.fields:
        window.statusBar().showMessage("This game system declares no rules settings.", 8000)
        return
    if dialog.exec() == QDialog.DialogCode.Accepted and dialog.chosen is not None:
        window.state.apply("Rules settings", dialog.chosen)
        window.statusBar().showMessage("Rules settings changed: "
                                       + ", ".join(dialog.changed()), 8000)


def _zones_from_rooms(window: GMWindow) -> None:
    """One zone for each room the walls enclose that has none yet (one undoable edit)."""
    encounter, made = zones_from_rooms(window.state.encounter)
    if not made:
        window.statusBar().showMessage(
            "No new zone: every room the walls enclose (2 squares or more) has one already.",
            8000)
        return
    window.state.apply("Zones from rooms", encounter)
    window.statusBar().showMessage(f"{made} zone{'s' * (made != 1)} made from the rooms the "
                                   "walls enclose (rename them in Properties).", 8000)


def _fit_grid_tool(window: GMWindow) -> None:
    size = window.scene.background_size()
    if size is None:
        window.show_error("Fit grid", "The encounter has no map image to fit the grid to.")
        return
    window.interaction.set_tool(GridBoxTool(size))
    window.statusBar().showMessage("Drag a box over one cell printed on the map.", 8000)


def _draw_tool(window: GMWindow, wall_kind: WallKind, region_kind: RegionKind | None) -> None:
    height = LOW_WALL_HEIGHT if wall_kind is WallKind.LOW_WALL else None
    window.interaction.set_tool(DrawTool(wall_kind, region_kind, height))


def _toggle_snap(window: GMWindow) -> None:
    window.interaction.select_tool.snap = window.actions_by_name["snap"].isChecked()


def _toggle_pin(window: GMWindow) -> None:
    if window.actions_by_name["pin"].isChecked():
        window.actions_by_name["centre_acting"].setChecked(False)
    if window.player_window is not None:
        window.player_window.set_mode(window.camera_mode())


def _toggle_centre_acting(window: GMWindow) -> None:
    if window.actions_by_name["centre_acting"].isChecked():
        window.actions_by_name["pin"].setChecked(False)
    if window.player_window is not None:
        window.player_window.set_mode(window.camera_mode())


def _turn_menu(window: GMWindow, menu: QMenu, actions: dict[str, QAction]) -> None:
    """0, 90, 180 or 270 degrees: the side of the table the player view faces."""
    group = QActionGroup(window)
    current = table_rotation()
    for degrees, text in ((0, "Upright (0°)"), (90, "90° clockwise"), (180, "180°"),
                          (270, "90° anticlockwise (270°)")):
        action = _action(window, menu, text, partial(_turn_table, window, degrees))
        action.setCheckable(True)
        action.setChecked(degrees == current)
        group.addAction(action)
        actions[f"turn_{degrees}"] = action


def _turn_table(window: GMWindow, degrees: int) -> None:
    set_table_rotation(degrees)
    if window.player_window is not None:
        window.player_window.set_rotation(degrees)


def _toggle_blackout(window: GMWindow) -> None:
    if window.player_window is not None:
        window.player_window.set_blackout(not window.player_window.is_blacked_out)


def _fill_screens(window: GMWindow, menu: QMenu) -> None:
    menu.clear()
    gm_screen = screen_of(window)
    for screen in QGuiApplication.screens():
        size = screen.size()
        text = f"{screen.name()} ({size.width()} x {size.height()})"
        if screen is gm_screen:
            text += " - the GM window's"
        menu.addAction(text, partial(_put_player_view_on, window, screen))


def _put_player_view_on(window: GMWindow, screen: QScreen) -> None:
    """Full screen on ``screen`` - never on the GM window's own screen, which it would cover
    (the GM is told why)."""
    if screen is screen_of(window):
        tell(window, f"The table view stays off {screen.name()}: the GM window is on that "
                     "screen and would be covered. Move the GM window to another screen first.")
        return
    if window.player_window is None or not window.player_window.isVisible():
        window.toggle_player_view()
    assert window.player_window is not None
    window.player_window.put_on(screen)


def _calibrate(window: GMWindow) -> None:
    from battlemap.desktop.gui.calibration_dialog import CalibrationDialog  # not for 1st frame

    target = window.player_window or window
    screen = screen_of(target)
    size = screen.size()
    dialog = CalibrationDialog((size.width(), size.height()), window)
    if dialog.exec() and dialog.pixels_per_inch is not None:
        set_screen_ppi(screen.name(), dialog.pixels_per_inch)
        if window.player_window is not None:
            window.player_window.set_mode(window.player_window.mode)
