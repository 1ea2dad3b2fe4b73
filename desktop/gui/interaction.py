"""Connects a map view to the Qt-free tools and the battle state.

Pointer events from the view go to the active tool with the current encounter; the tool's
preview is drawn by a :class:`ToolOverlayItem`, and the tokens it drags are told to the
state's :class:`~desktop.core.fog.SightTracker` (the heroes' sight follows the pointer); a
tool's :class:`Commit` becomes one ``state.apply`` (so a whole drag is one undo step). Switching
tools cancels the old one's work in progress but never touches the undo history.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.core.fog import tracker_for
from desktop.core.model import Encounter
from desktop.core.state import BattleState
from desktop.core.tools import (
    DragPreview,
    LightDragPreview,
    PointerEvent,
    Preview,
    SelectTool,
    Tool,
)
from desktop.gui.map_view import MapView
from desktop.gui.overlay_item import ToolOverlayItem
from desktop.gui.scene import Layer


class Interaction:
    """The active tool of one view; ``select_tool`` keeps the selection across tool switches."""

    def __init__(self, view: MapView, state: BattleState, for_players: bool = False) -> None:
        self.view, self.state = view, state
        self.select_tool = SelectTool(pick_hidden=not for_players)
        if for_players:  # players pick only what their view draws
            self.select_tool.shown = lambda tid: view.map_scene.token_item(tid) is not None
            self.select_tool.move_lights = False
        self.tool: Tool = self.select_tool
        self.overlay = ToolOverlayItem(show_selection=not for_players)
        view.map_scene.add_overlay(self.overlay, Layer.TOOL)
        view.pointer_handler = self.handle
        view.cancel_requested.connect(self.cancel)
        view.finish_requested.connect(self.finish)
        view.mode_requested.connect(self.next_mode)
        self.selection_changed: list[Callable[[frozenset[str]], None]] = []
        self.preview_listeners: list[Callable[[Preview, Encounter], None]] = []
        """Told the tool's preview (a drag, a box, a shape, or None) after every refresh."""
        self.told: Callable[[str], None] = lambda text: None
        """Shows a refusal in words (the GM window's status bar): a drag of a held token."""
        self.tool_reset: Callable[[], None] = lambda: None
        """Called when a single-use tool hands back to selecting (the window ticks Select)."""
        state.changed.connect(self._on_state_change)

    def detach(self) -> None:
        """Stop following the state (the view is going away)."""
        self.state.changed.disconnect(self._on_state_change)

    @property
    def selection(self) -> frozenset[str]:
        return self.select_tool.selection

    def set_selection(self, ids: frozenset[str]) -> None:
        self.select_tool.selection = ids
        self._refresh()

    def set_tool(self, tool: Tool) -> None:
        """Make ``tool`` active; whatever the old tool had in progress is dropped."""
        self.tool.cancel()
        self.tool = tool
        self._refresh()

    def handle(self, event: PointerEvent) -> None:
        before, preview = self.select_tool.selection, self.tool.preview
        commit = self.tool.feed(event, self.state.encounter)
        if self.select_tool.refused:
            self.told(self.select_tool.refused)
            self.select_tool.refused = ""
        if commit is not None:
            self.state.apply(commit.label, commit.encounter)
            if getattr(self.tool, "single_use", False):  # tools from before the flag lack it
                self.set_tool(self.select_tool)
                self.tool_reset()
        if commit is not None or self.tool.preview != preview or (
            self.select_tool.selection != before
        ):
            self._refresh()  # a plain hover changes nothing: no repaint
        if self.select_tool.selection != before:
            for callback in self.selection_changed:
                callback(self.select_tool.selection)

    def cancel(self) -> None:
        """Esc: drop the drag, box or shape in progress."""
        self.tool.cancel()
        self._refresh()

    def next_mode(self) -> None:
        """M while dragging: the dragged token moves the next way (the ruler counts again)."""
        self.select_tool.next_mode(self.state.encounter)
        self._refresh()

    def finish(self) -> None:
        """Enter: finish the shape being drawn."""
        commit = self.tool.finish(self.state.encounter)
        if commit is not None:
            self.state.apply(commit.label, commit.encounter)
        self._refresh()

    def _on_state_change(self, old: object, new: object) -> None:
        self._refresh()

    def _refresh(self) -> None:
        preview = self.tool.preview
        moving = dict(preview.positions) if isinstance(preview, DragPreview) else {}
        lights = {preview.light_id: preview.at} if isinstance(preview, LightDragPreview) else {}
        tracker_for(self.state).set_moving(moving, lights)  # the views follow a drag
        encounter = self.state.encounter
        known = {t.id for t in encounter.tokens} | {w.id for w in encounter.walls}
        known |= {r.id for r in encounter.regions}
        self.select_tool.selection &= known
        self.overlay.draw_state(self.tool.preview, self.select_tool.selection, encounter)
        for listener in self.preview_listeners:
            listener(self.tool.preview, encounter)
