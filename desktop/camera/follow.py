"""A mini come to rest moves its bound token through the drag's own tool.

:class:`Follower` holds the bindings (base marker id -> token id) and a
:class:`~battlemap.desktop.camera.tracking.Tracker`; :meth:`Follower.frame` takes one frame's marker
points on the map and returns a :class:`CameraMove` for each bound mini that came to rest
somewhere new. Each move is made by :func:`move_like_a_drag`: a press on the token, a move
and a release where its mini stands, fed to a fresh
:class:`battlemap.desktop.core.tools.SelectTool`, so it snaps, counts its cost, moves a rider's
mount and is refused or flagged exactly as the GM's drag would be (a commit through a closed door
keeps its ``confirm``: the GUI asks the GM as for a drag); the GUI applies its commit as one
undoable edit, like a drag's. While a mini is carried, :meth:`Follower.carried` gives the same
tool's preview (:func:`drag_preview`): the ruler and ghost both windows draw for a drag.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token(id="g", name="Goblin", x=0.5, y=0.5),))
>>> follower = Follower(TrackerSettings(settle_frames=2))
>>> follower.bind(12, "g", enc)
'marker 12 is now Goblin'
>>> [follower.frame({12: (0.45, 0.52)}, enc) for _ in range(2)]   # taken as it stands
[[], []]
>>> [m.message for _ in range(2) for m in follower.frame({12: (3.4, 0.6)}, enc)]
['camera: Goblin moved 3" to where its mini came to rest']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from battlemap.desktop.camera.tracking import Point, Tracker, TrackerSettings
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.tools import Commit, DragPreview, PointerEvent, PointerKind, SelectTool


@dataclass(frozen=True, slots=True)
class CameraMove:
    """A bound mini came to rest: the ``commit`` to apply (None: refused, or nothing to
    move) and what the GM is told (status bar and log)."""

    token_id: str
    commit: Commit | None
    message: str


def _dragged(encounter: Encounter, token_id: str, to: Point) -> SelectTool:
    """A fresh select tool with the token pressed where it stands and moved to ``to``."""
    token = encounter.token(token_id)
    tool = SelectTool()
    tool.selection = frozenset({token_id})
    # the press takes this token, not one stacked over it: it is put on top for the press
    on_top = replace(encounter, tokens=(*(t for t in encounter.tokens if t.id != token_id),
                                        token))
    tool.feed(PointerEvent(PointerKind.PRESS, token.x, token.y), on_top)
    tool.feed(PointerEvent(PointerKind.MOVE, *to), encounter)
    return tool


def drag_preview(encounter: Encounter, token_id: str, to: Point) -> DragPreview | None:
    """The ruler and ghost of the token dragged to where its carried mini is now: the
    drag's own preview (None: the token cannot be dragged)."""
    preview = _dragged(encounter, token_id, to).preview
    return preview if isinstance(preview, DragPreview) else None


def move_like_a_drag(encounter: Encounter, token_id: str, to: Point) -> CameraMove:
    """The token dragged from where it stands to ``to`` (map cells) by the select tool."""
    token = encounter.token(token_id)
    tool = _dragged(encounter, token_id, to)
    preview = tool.preview
    commit = tool.feed(PointerEvent(PointerKind.RELEASE, *to), encounter)
    refused = getattr(tool, "refused", "")  # a token its system holds to its spot
    if refused:
        return CameraMove(token_id, None, f"camera: {token.name} stays: {refused}")
    if not isinstance(preview, DragPreview):
        return CameraMove(token_id, None, f"camera: {token.name} cannot be moved by its mini")
    if commit is None:
        return CameraMove(token_id, None, f"camera: {token.name}'s mini came to rest on the "
                          "token's own square; nothing moved")
    unit = '"' if encounter.grid.unit == "in" else f" {encounter.grid.unit}"
    label = f"{commit.label} (camera)"
    if commit.confirm is not None:
        # through a wall that stops a move (a closed door): the drag's commit asks first,
        # and so does this one: the GUI puts it to the GM as the GM's own drag's
        return CameraMove(token_id, Commit(label, commit.encounter, commit.confirm),
                          f"camera: {token.name}'s mini came to rest {preview.distance:g}"
                          f"{unit} on, but {commit.confirm}")
    return CameraMove(token_id, Commit(label, commit.encounter),
                      f"camera: {token.name} moved {preview.distance:g}{unit} to where its "
                      "mini came to rest")


class Follower:
    """Bindings, the tracker and pausing: what the Camera menu drives."""

    def __init__(self, settings: TrackerSettings | None = None) -> None:
        self.tracker = Tracker(settings)
        self.bindings: dict[int, str] = {}

    @property
    def paused(self) -> bool:
        return self.tracker.paused

    def set_paused(self, paused: bool) -> str:
        """Pause or resume following; the sentence for the status bar."""
        if paused:
            self.tracker.pause()
            return "camera: tracking paused; minis moved now leave their tokens where they are"
        self.tracker.resume()
        return "camera: tracking resumed; the minis are taken as they stand now"

    def bind(self, marker_id: int, token_id: str, encounter: Encounter) -> str:
        """Bind base marker ``marker_id`` to the token (a token has one marker, a marker one
        token); the sentence for the status bar."""
        name = encounter.token(token_id).name
        before = self.bindings.get(marker_id)
        for old in [m for m, t in self.bindings.items() if t == token_id and m != marker_id]:
            del self.bindings[old]
            self.tracker.forget(old)
        self.bindings[marker_id] = token_id
        self.tracker.forget(marker_id)
        if before is not None and before != token_id:
            other = _name(encounter, before)
            return f"marker {marker_id} is now {name} (it was {other})"
        return f"marker {marker_id} is now {name}"

    def carried(self, encounter: Encounter,
                dragging: frozenset[str] = frozenset()) -> DragPreview | None:
        """The drag's ruler and ghost for a bound mini being carried now (seen away from
        where it rested, not yet still), the first one if several; None when none is (or
        its token is the GM's to drag now, or gone)."""
        tokens = {t.id for t in encounter.tokens}
        for marker_id, at in self.tracker.carried().items():
            token_id = self.bindings.get(marker_id)
            if token_id is not None and token_id in tokens and token_id not in dragging:
                preview = drag_preview(encounter, token_id, at)
                if preview is not None:
                    return preview
        return None

    def unbind(self, token_id: str) -> None:
        for marker_id in [m for m, t in self.bindings.items() if t == token_id]:
            del self.bindings[marker_id]
            self.tracker.forget(marker_id)

    def frame(self, sightings: Mapping[int, Point], encounter: Encounter,
              dragging: frozenset[str] = frozenset()) -> list[CameraMove]:
        """One frame's base markers on the map (cells): the moves of the minis that came to
        rest. ``dragging``: tokens the GM is dragging now (the GM's drag wins: their minis'
        moves are dropped, and the mini's new place becomes its anchor). Each move is made on
        the encounter after the ones before it in the frame."""
        bound = {m: p for m, p in sightings.items() if m in self.bindings}
        moves: list[CameraMove] = []
        for settled in self.tracker.observe(bound):
            token_id = self.bindings[settled.marker_id]
            if not any(t.id == token_id for t in encounter.tokens):
                del self.bindings[settled.marker_id]
                self.tracker.forget(settled.marker_id)
                moves.append(CameraMove(token_id, None, f"camera: marker {settled.marker_id}'s "
                                        "token is gone from the map; the marker is unbound"))
                continue
            if token_id in dragging:
                name = encounter.token(token_id).name
                moves.append(CameraMove(token_id, None, f"camera: {name}'s mini moved while "
                                        "the GM drags the token: the GM's drag wins"))
                continue
            move = move_like_a_drag(encounter, token_id, settled.at)
            if move.commit is not None and move.commit.confirm is None:
                encounter = move.commit.encounter  # one through a wall waits for the GM
            moves.append(move)
        return moves


def _name(encounter: Encounter, token_id: str) -> str:
    found = [t.name for t in encounter.tokens if t.id == token_id]
    return found[0] if found else "a token no longer on the map"
