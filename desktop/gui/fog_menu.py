"""The Fog menu of the GM window: fog and vision switches, the reveal and hide tools, and the
button (also on the Tools bar) that shows the players everything for a moment.

Every switch and reset is one undoable edit; the checkmarks follow the encounter (undo, open).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from desktop.core.fog import revealed_everywhere
from desktop.core.fog_tool import FogShape, FogTool

if TYPE_CHECKING:
    from desktop.gui.main_window import GMWindow

PEEK_SECONDS = 5
"""How long "Show Players Everything" lifts the fog."""

SWITCHES: list[tuple[str, str, str]] = [
    ("fog_enabled", "Fog of &War", "enabled"),
    ("fog_vision", "Heroes' &Vision", "vision"),
    ("fog_acting_only", "&Acting Hero's View Only", "acting_only"),
]
"""Action name, text and the :class:`~desktop.core.model.Fog` flag it switches."""

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
    actions["fog_peek"] = _add(window, menu, f"Show Players Everything for {PEEK_SECONDS} s",
                               partial(_peek, window), "F9")
    bar = window.findChild(QToolBar, "ToolsBar")
    if bar is not None:  # the GM's button beside the tools
        bar.addSeparator()
        bar.addAction(actions["fog_peek"])

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
    def report(message: str) -> None:
        window.statusBar().showMessage(message, 5000)

    window.interaction.set_tool(FogTool(shape, reveal, report=report))
    verb = "Reveal" if reveal else "Hide"
    window.statusBar().showMessage(f"{verb} {SHAPE_TEXT[shape].lower()}: {_HINTS[shape]}", 8000)


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


def _peek(window: GMWindow) -> None:
    if window.player_window is not None:
        window.player_window.show_everything(PEEK_SECONDS * 1000)

