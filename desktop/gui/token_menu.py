"""The right-click (or long-press) menu on the map: token actions, or "add a token here"."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QMenu

from battlemap.desktop.core.creatures import default_stats
from battlemap.desktop.core.edits import set_hidden, token_at
from battlemap.desktop.core.model import HarmShown, Side, Token
from battlemap.desktop.core.move_plan import movement_of
from battlemap.desktop.core.movement import snap_point
from battlemap.desktop.gui.token_dialog import TokenDialog

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

SCALES = [("Small", 0.5), ("Normal", 1.0), ("Large", 2.0), ("Huge", 3.0), ("Gargantuan", 4.0)]


def show_map_menu(window: GMWindow, x: float, y: float, global_pos: QPoint) -> None:
    """Pop up the menu for whatever is at ``(x, y)`` cells."""
    token = token_at(window.state.encounter, x, y)
    menu = QMenu(window)
    if token is None:
        menu.addAction("Add token here...", partial(add_token_at, window, x, y))
    else:
        window.interaction.set_selection(frozenset({token.id}))
        fill_token_menu(window, menu, token)
    menu.exec(global_pos)


def fill_token_menu(window: GMWindow, menu: QMenu, token: Token) -> None:
    state = window.state
    menu.addAction("Edit...", partial(edit_token, window, token.id))
    verb = "Show to players" if token.hidden else "Hide from players"
    menu.addAction(verb, lambda: state.apply(
        f"{verb.split()[0]} {token.name}", set_hidden(state.encounter, token.id, not token.hidden)
    ))
    sides = menu.addMenu("Side")
    for side in Side:
        sides.addAction(side.value.title(), partial(_change, window, replace(token, side=side)))
    sizes = menu.addMenu("Size")
    for name, size in SCALES:
        sizes.addAction(name, partial(_change, window, replace(token, size=size)))
    _add_harm_shown(window, menu, token)
    _add_move_modes(window, menu, token)
    if token.stats:
        from battlemap.desktop.gui.combat_tools import add_token_actions  # not for the 1st frame

        add_token_actions(window, menu, token)
    menu.addSeparator()
    menu.addAction("Delete", lambda: state.apply(
        f"Delete {token.name}", state.encounter.without_token(token.id)
    ))


HARM_SHOWN_TEXT = {HarmShown.NEVER: "Never", HarmShown.HOVER: "On hover",
                   HarmShown.ALWAYS: "Always"}


def _add_harm_shown(window: GMWindow, menu: QMenu, token: Token) -> None:
    """*Players see its harm*: its exact Wounds, hit points or stress on the table never,
    while a pointer rests on it, or always (a hero's always, anybody else's never, until the
    GM says otherwise)."""
    sub = menu.addMenu("Players See Its Harm")
    for shown, text in HARM_SHOWN_TEXT.items():
        action = sub.addAction(text, partial(_change, window, replace(token, harm_shown=shown)))
        action.setCheckable(True)
        action.setChecked(token.shows_harm is shown)


def _add_move_modes(window: GMWindow, menu: QMenu, token: Token) -> None:
    """*Move as*: the ways of moving the token's game system declares; the next drag of the
    token (and every one after, until another is picked) is counted in the one ticked."""
    movement = movement_of(window.state.encounter, token.id)
    if movement is None or len(movement.modes) < 2:
        return
    modes = window.interaction.select_tool.modes
    now = modes.get(token.id) or movement.mode or movement.modes[0].id
    sub = menu.addMenu("Move as")
    for mode in movement.modes:
        action = sub.addAction(mode.name, partial(modes.__setitem__, token.id, mode.id))
        action.setCheckable(True)
        action.setChecked(mode.id == now)
        action.setToolTip(f"{mode.factor:g} of {movement.name} a unit moved"
                          + (f", at most {mode.limit:g}" if mode.limit is not None else ""))


def _change(window: GMWindow, token: Token) -> None:
    window.state.apply(f"Change {token.name}", window.state.encounter.with_token(token))


def add_token_at(window: GMWindow, x: float, y: float) -> None:
    encounter = window.state.encounter
    cx, cy = snap_point(x, y, encounter.grid.kind)
    token_id = encounter.new_id("t")
    draft = Token(id=token_id, name="New token", x=cx, y=cy,  # ready to be dealt in at once
                  stats=default_stats(encounter.system, token_id))
    token = TokenDialog.ask(window, draft)
    if token is not None:
        window.state.apply(f"Add {token.name}", encounter.with_token(token))


def edit_token(window: GMWindow, token_id: str) -> None:
    token = TokenDialog.ask(window, window.state.encounter.token(token_id))
    if token is not None:
        window.state.apply(f"Edit {token.name}", window.state.encounter.with_token(token))
