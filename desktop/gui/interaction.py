"""Connects a map view to the Qt-free tools and the battle state.

Pointer events from the view go to the active tool with the current encounter; the tool's
preview is drawn by a :class:`ToolOverlayItem`, and the tokens it drags are told to the
state's :class:`~battlemap.desktop.core.fog.SightTracker` (the heroes' sight follows the pointer); a
tool's :class:`Commit` becomes one ``state.apply`` (so a whole drag is one undo step). Switching
tools cancels the old one's work in progress but never touches the undo history.

A commit that asks first (a drop through a closed door) is put to the GM (:attr:`ask`); on
the table it is refused, and the refusal is told (:attr:`tell`: the GM window's status bar)
and logged. A drag adds a waypoint when the hand rests :data:`WAYPOINT_PAUSE_MS` still.

The shortest way (W) is searched for off the GUI thread (:class:`WayFinder`): the drag goes
on and the bar says "Finding the shortest way…" until it is found; a drop while it is
sought waits for it (the window painting meanwhile), at most the search's budget.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QMessageBox

from battlemap.desktop.core.fog import tracker_for
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.move_plan import allowed_through, refused_through
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.tools import (
    Commit,
    DragPreview,
    LightDragPreview,
    PointerEvent,
    PointerKind,
    Preview,
    SelectTool,
    Tool,
    WayAnswer,
    WayRequest,
)
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.overlay_item import ToolOverlayItem
from battlemap.desktop.gui.scene import Layer
from battlemap.desktop.gui.way_finder import WayFinder

FINDING = "Finding the shortest way…"
"""What the status bar says while the drag's shortest way is sought."""
WAYPOINT_PAUSE_MS = 500
"""How long the hand rests still during a drag before a waypoint is added."""


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
        # the ruler over the fog (the GM's tint dimmed its words) and the table's names
        self.overlay.setZValue(Layer.PLAYER_LABELS + 1 if for_players else Layer.FOG + 1)
        view.pointer_handler = self.handle
        view.cancel_requested.connect(self.cancel)
        view.finish_requested.connect(self.finish)
        view.mode_requested.connect(self.next_mode)
        view.waypoint_requested.connect(self.add_waypoint)
        view.unwaypoint_requested.connect(self.remove_waypoint)
        view.shortest_requested.connect(self.toggle_shortest)
        self.for_players = for_players
        self.ask: Callable[[str], bool] = self._ask
        """Asks the GM whether a move may go through walls (the text says which, where)."""
        self.tell: Callable[[str], None] = lambda text: None
        """Shows a refusal in words (the GM window sets its status bar)."""
        self.note: Callable[[str], None] = lambda text: None
        """Shows a passing word, not logged (the GM window's status bar); "" takes it away."""
        self.noted = FINDING
        """The passing word :attr:`note` last showed."""
        self._pause = QTimer(view, singleShot=True, interval=WAYPOINT_PAUSE_MS)
        self._pause.timeout.connect(self._paused)
        self.finder = WayFinder(self._way_answered)
        self.select_tool.finder = self.finder.request
        self._waiting: QEventLoop | None = None
        self.selection_changed: list[Callable[[frozenset[str]], None]] = []
        self.preview_listeners: list[Callable[[Preview, Encounter], None]] = []
        """Told the tool's preview (a drag, a box, a shape, or None) after every refresh."""
        self.tool_reset: Callable[[], None] = lambda: None
        """Called when a single-use tool hands back to selecting (the window ticks Select)."""
        self.carried: DragPreview | None = None
        """A drag made elsewhere (a mini the camera sees carried), drawn as this view's own
        drag's ruler and ghost while the tool has no preview of its own."""
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
        if self._waiting is not None:
            return  # the drop waits for the shortest way: the hand's moves meanwhile are late
        if event.kind is PointerKind.RELEASE and self.tool is self.select_tool:
            self._wait_for_way()
        before, preview = self.select_tool.selection, self.tool.preview
        commit = self.tool.feed(event, self.state.encounter)
        if not self.select_tool.is_dragging:
            self.finder.drop()
        if self.select_tool.refused:
            self.tell(self.select_tool.refused)
            self.select_tool.refused = ""
        self._watch_pause(event)
        if commit is not None and commit.confirm is not None:
            commit = self._allowed(commit)
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

    def _watch_pause(self, event: PointerEvent) -> None:
        """A move during a drag restarts the pause clock; anything else stops it."""
        if event.kind is PointerKind.MOVE and self.select_tool.is_dragging:
            self._pause.start()
        else:
            self._pause.stop()

    def show_carried(self, preview: DragPreview | None) -> None:
        """Draw ``preview`` (None: nothing) as a drag of this view's, until replaced."""
        if preview != self.carried:
            self.carried = preview
            self._refresh()

    def allow(self, commit: Commit) -> Commit | None:
        """A commit made elsewhere (the camera's move), put to the GM when it asks first,
        exactly as this view's own drag's is."""
        return self._allowed(commit) if commit.confirm is not None else commit

    def _allowed(self, commit: Commit) -> Commit | None:
        """The commit that asks first, once the GM allows it (noted in the log); on the
        table, or when the GM says no, None: the refusal told and logged."""
        assert commit.confirm is not None
        if not self.for_players and self.ask(commit.confirm):
            return Commit(commit.label, allowed_through(commit.encounter, commit.confirm))
        text, logged = refused_through(self.state.encounter, commit.confirm)
        if self.for_players:
            self.state.apply("Move refused", logged)
        self.tell(text if self.for_players else f"Not moved: {commit.confirm}")
        return None

    def _ask(self, text: str) -> bool:
        answer = QMessageBox.question(
            self.view.window(), "Move through a wall?", f"{text}.\n\nMove there anyway?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _wait_for_way(self) -> None:
        """A drop while the shortest way is sought: wait for it (the window keeps painting),
        at most the search's budget."""
        if not self.select_tool.finding:
            return
        loop = self._waiting = QEventLoop()
        QTimer.singleShot(int(self.finder.budget * 1000) + 500, loop.quit)
        loop.exec()
        self._waiting = None

    def _way_answered(self, request: WayRequest, answer: WayAnswer) -> None:
        """The finder's answer: shown when the drag still wants it, said in words when it
        is that there is no way (or none found in time)."""
        if self._waiting is not None:
            self._waiting.quit()
        if not self.select_tool.way_found(request, answer, self.state.encounter):
            return
        self._refresh()
        preview = self.select_tool.preview
        if isinstance(preview, DragPreview) and preview.way_note:
            self.tell(f"{preview.way_note}: the path follows the hand")
        else:
            self.note("")

    def _paused(self) -> None:
        """The hand rested: a waypoint, unless the drag waits for the shortest way (then
        the clock starts again)."""
        if self.select_tool.finding:
            self._pause.start()
        else:
            self.add_waypoint()

    def add_waypoint(self) -> None:
        """A pause, a click of another button or Space during a drag: pin the path so far."""
        self._pause.stop()
        if self.select_tool.add_waypoint(self.state.encounter):
            self._refresh()

    def remove_waypoint(self) -> None:
        """Backspace during a drag: unpin the last waypoint."""
        if self.select_tool.remove_waypoint(self.state.encounter):
            self._refresh()

    def toggle_shortest(self) -> None:
        """W during a drag: follow the shortest way round the walls, or stop following it."""
        if self.select_tool.toggle_shortest(self.state.encounter):
            self._refresh()
            preview = self.select_tool.preview
            if isinstance(preview, DragPreview) and preview.finding:
                self.note(FINDING)
            elif isinstance(preview, DragPreview) and preview.way_note:
                self.tell(f"{preview.way_note}: the path follows the hand")

    def cancel(self) -> None:
        """Esc: drop the drag, box or shape in progress."""
        self._pause.stop()
        self.tool.cancel()
        self.finder.drop()
        if self._waiting is not None:  # a drop waiting for the way: nothing to wait for
            self._waiting.quit()
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
        preview = self.tool.preview if self.tool.preview is not None else self.carried
        moving = dict(preview.positions) if isinstance(preview, DragPreview) else {}
        lights = {preview.light_id: preview.at} if isinstance(preview, LightDragPreview) else {}
        encounter = self.state.encounter
        tracker_for(self.state).set_moving(moving, lights, encounter)  # the views follow a drag
        known = {t.id for t in encounter.tokens} | {w.id for w in encounter.walls}
        known |= {r.id for r in encounter.regions}
        self.select_tool.selection &= known
        self.overlay.draw_state(preview, self.select_tool.selection, encounter)
        for listener in self.preview_listeners:
            listener(preview, encounter)
