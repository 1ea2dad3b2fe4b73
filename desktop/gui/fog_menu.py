"""The Fog menu of the GM window: fog and vision switches, the reveal and hide tools, and
*Show Players Everything* for a moment (asked first: it lifts the fog on the table).

Every switch and reset is one undoable edit; the checkmarks follow the encounter (undo, open).
A fog tool is safe: while it is armed the status bar says so in a mark of its own (what it
does, and that Esc disarms it); Esc hands back to selecting; what it refuses (a room click
where no walls close a room) reaches the status bar and the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QMessageBox

from battlemap.desktop.core.fog import revealed_everywhere
from battlemap.desktop.core.fog_tool import FogShape, FogTool
from battlemap.desktop.gui.notices import tell

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

PEEK_SECONDS = 5
"""How long "Show Players Everything" lifts the fog."""

SWITCHES: list[tuple[str, str, str]] = [
    ("fog_enabled", "Fog of &War", "enabled"),
    ("fog_vision", "Heroes' &Vision", "vision"),
    ("fog_acting_only", "&Acting Hero's View Only", "acting_only"),
]
"""Action name, text and the :class:`~battlemap.desktop.core.model.Fog` flag it switches."""

SHAPE_TEXT = {FogShape.BRUSH: "with Brush", FogShape.RECTANGLE: "Rectangle",
              FogShape.POLYGON: "Polygon", FogShape.ROOM: "Room"}


def build_fog_menu(window: GMWindow, menu: QMenu, actions: dict[str, QAction]) -> None:
    """Fill ``menu`` and register its actions in ``actions`` by name."""
    for name, text, flag in SWITCHES:
        action = _add(window, menu, text, partial(_switch, window, flag))
        action.setCheckable(True)
        actions[name] = action
    menu.addSeparator()
    for reveal in (True, False):
        verb = "Reveal" if reveal else "Hide"
        for shape, text in SHAPE_TEXT.items():
            actions[f"fog_{verb.lower()}_{shape.value}"] = _add(
                window, menu, f"{verb} {text}", partial(_use_tool, window, shape, reveal))
        menu.addSeparator()
    actions["fog_reveal_all"] = _add(window, menu, "Reveal Everything",
                                     partial(_reset, window, "Reveal everything", True))
    actions["fog_hide_all"] = _add(window, menu, "Hide Everything",
                                   partial(_reset, window, "Hide everything", False))
    actions["fog_forget"] = _add(window, menu, "Forget What the Heroes Saw",
                                 partial(_forget, window))
    menu.addSeparator()
    actions["fog_peek"] = _add(window, menu, f"Show Players Everything for {PEEK_SECONDS} s…",
                               partial(_peek, window), "F9")
    _watch_fog_tools(window)

    def follow(*_: object) -> None:
        fog = window.state.encounter.fog
        for name, _text, flag in SWITCHES:
            actions[name].setChecked(bool(getattr(fog, flag)))

    window.state.changed.connect(follow)
    follow()


def _add(window: GMWindow, menu: QMenu, text: str, slot: Callable[[], None],
         shortcut: str | None = None) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _checked=False: slot())
    menu.addAction(action)
    return action


def _switch(window: GMWindow, flag: str) -> None:
    encounter = window.state.encounter
    on = not getattr(encounter.fog, flag)
    label = next(text for _, text, name in SWITCHES if name == flag).replace("&", "")
    fog = replace(encounter.fog, **{flag: on})  # type: ignore[arg-type]  # flags are bools
    window.state.apply(f"{label} {'on' if on else 'off'}", replace(encounter, fog=fog))


def _use_tool(window: GMWindow, shape: FogShape, reveal: bool) -> None:
    window.interaction.set_tool(FogTool(shape, reveal, report=lambda text: tell(window, text)))
    window.statusBar().showMessage(f"{armed_text(shape, reveal)}: {_HINTS[shape]}", 8000)


def armed_text(shape: FogShape, reveal: bool) -> str:
    """What an armed fog tool does: ``Reveal room``."""
    return f"{'Reveal' if reveal else 'Hide'} {SHAPE_TEXT[shape].lower()}"


def _watch_fog_tools(window: GMWindow) -> None:
    """The mark on the status bar while a fog tool is armed, and Esc disarming it."""
    mark = QLabel("")
    mark.setObjectName("FogToolArmed")
    mark.setStyleSheet("background: #ff6d00; color: black; padding: 1px 8px; "
                       "font-weight: bold;")
    window.statusBar().addPermanentWidget(mark)
    mark.hide()

    def show_mark(*_: object) -> None:
        tool = window.interaction.tool
        if isinstance(tool, FogTool):
            mark.setText(f"FOG: {armed_text(tool.shape, tool.reveal)} · Esc disarms")
        mark.setVisible(isinstance(tool, FogTool))

    def disarm() -> None:
        tool = window.interaction.tool
        if isinstance(tool, FogTool):
            window.interaction.set_tool(window.interaction.select_tool)
            window.actions_by_name["tool_select"].setChecked(True)
            window.statusBar().showMessage(f"{armed_text(tool.shape, tool.reveal)} disarmed",
                                           5000)

    window.interaction.preview_listeners.append(show_mark)
    window.view.cancel_requested.connect(disarm)


_HINTS = {
    FogShape.BRUSH: "drag over the map.",
    FogShape.RECTANGLE: "drag a box.",
    FogShape.POLYGON: "click each corner; double-click, right-click or Enter finishes.",
    FogShape.ROOM: "click inside a room.",
}


def _reset(window: GMWindow, label: str, reveal: bool) -> None:
    window.state.apply(label, revealed_everywhere(window.state.encounter, reveal))


def _forget(window: GMWindow) -> None:
    encounter = window.state.encounter
    window.state.apply("Forget what the heroes saw",
                       replace(encounter, fog=replace(encounter.fog, seen=None)))


def confirm_peek(window: GMWindow) -> bool:
    """Ask the GM before the fog lifts on the table (No is the default)."""
    answer = QMessageBox.question(
        window, "Show the players everything?",
        f"Lift the fog on the table for {PEEK_SECONDS} s? The players see the whole map, "
        "hidden rooms included (hidden tokens stay hidden).",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def _peek(window: GMWindow) -> None:
    if window.player_window is None or not window.player_window.isVisible():
        tell(window, "Nothing shown: the table view is not open")
        return
    if confirm_peek(window):
        window.player_window.show_everything(PEEK_SECONDS * 1000)

