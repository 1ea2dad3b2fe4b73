"""Following the minis (issue 30, item 3): the tracker's state machine and the follower that
moves a bound token through the drag's own tool. No camera: sightings are given by hand, as
the detector would report them in map cells."""

from __future__ import annotations

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.camera.follow import Follower, drag_preview, move_like_a_drag
from battlemap.desktop.camera.tracking import Settled, Tracker, TrackerSettings
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.state import BattleState

SETTINGS = TrackerSettings(settle_frames=4, still_cells=0.2, move_cells=0.5)
GOBLIN = Token(id="g", name="Goblin", x=2.5, y=2.5)
ORC = Token(id="o", name="Orc", x=6.5, y=2.5)
ENC = Encounter(tokens=(GOBLIN, ORC))


def _frames(tracker: Tracker, sightings: dict[int, tuple[float, float]],
            count: int) -> list[Settled]:
    return [s for _ in range(count) for s in tracker.observe(sightings)]


def _rested(tracker: Tracker, at: tuple[float, float] = (2.5, 2.5)) -> Tracker:
    assert _frames(tracker, {9: at}, SETTINGS.settle_frames) == []  # first rest: no move
    assert tracker.anchor(9) == at
    return tracker


def test_a_mini_moves_once_after_it_rests_for_the_settle_frames() -> None:
    tracker = _rested(Tracker(SETTINGS))
    jitter = [(5.5, 2.5), (5.6, 2.45), (5.45, 2.55)]
    assert [s for p in jitter for s in tracker.observe({9: p})] == []  # 3 of 4 frames
    assert tracker.observe({9: (5.5, 2.5)}) == [Settled(9, (5.513, 2.5), (2.5, 2.5))]
    assert _frames(tracker, {9: (5.5, 2.5)}, 20) == []  # resting on: no second move


def test_a_marker_hidden_by_a_hand_never_moves_its_token() -> None:
    tracker = _rested(Tracker(SETTINGS))
    for _ in range(10):  # hidden and seen in turns, never still long enough elsewhere
        assert tracker.observe({}) == []
        assert tracker.observe({9: (2.55, 2.5)}) == []
    assert _frames(tracker, {9: (2.5, 2.5)}, 12) == []  # seen again where it was: no move


def test_a_spurious_sighting_shorter_than_the_settle_frames_is_not_a_move() -> None:
    tracker = _rested(Tracker(SETTINGS))
    for _ in range(5):  # a hand's edge read as the marker for 3 frames, far away
        assert _frames(tracker, {9: (11.0, 7.0)}, 3) == []
        assert tracker.observe({}) == []
    assert tracker.anchor(9) == (2.5, 2.5)


def test_a_mini_sliding_across_the_table_moves_only_where_it_stops() -> None:
    tracker = _rested(Tracker(SETTINGS))
    path = [(2.5 + 0.3 * i, 2.5) for i in range(1, 11)]  # 0.3 cells a frame: never still
    assert [s for p in path for s in tracker.observe({9: p})] == []
    assert _frames(tracker, {9: path[-1]}, 4) == [Settled(9, (5.5, 2.5), (2.5, 2.5))]


def test_a_lifted_mini_stays_put_and_moves_when_put_down_elsewhere() -> None:
    tracker = _rested(Tracker(SETTINGS))
    assert _frames(tracker, {}, 30) == []  # lifted: not seen at all
    assert tracker.anchor(9) == (2.5, 2.5)
    assert _frames(tracker, {9: (8.5, 4.5)}, 4) == [Settled(9, (8.5, 4.5), (2.5, 2.5))]


def test_paused_tracking_moves_nothing_and_resumes_with_the_minis_as_they_stand() -> None:
    tracker = _rested(Tracker(SETTINGS))
    tracker.pause()
    assert _frames(tracker, {9: (8.5, 4.5)}, 10) == []
    tracker.resume()
    assert _frames(tracker, {9: (8.5, 4.5)}, 10) == []  # the new anchor, no move
    assert tracker.anchor(9) == (8.5, 4.5)


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="settle_frames must be at least 1"):
        TrackerSettings(settle_frames=0)
    with pytest.raises(ValueError, match="still_cells must be positive and less"):
        TrackerSettings(still_cells=0.6, move_cells=0.5)


def _follower() -> Follower:
    follower = Follower(SETTINGS)
    assert follower.bind(9, "g", ENC) == "marker 9 is now Goblin"
    for _ in range(4):
        assert follower.frame({9: (2.5, 2.5), 30: (1.0, 1.0)}, ENC) == []  # 30: not bound
    return follower


def test_a_settled_mini_is_one_undoable_edit_like_a_drag() -> None:
    state = BattleState(ENC)
    follower = _follower()
    for _ in range(3):  # the mini is carried, put down; not yet still for 4 frames
        assert follower.frame({9: (5.4, 3.6)}, state.encounter) == []
    [move] = follower.frame({9: (5.4, 3.6)}, state.encounter)
    assert move.message == 'camera: Goblin moved 3" to where its mini came to rest'
    assert move.commit is not None and move.commit.label == "Move Goblin (camera)"
    state.apply(move.commit.label, move.commit.encounter)
    goblin = state.encounter.token("g")
    assert (goblin.x, goblin.y) == (5.5, 3.5)  # snapped to the square, as a drag snaps
    assert state.encounter.token("o") == ORC
    assert state.undo() == "Move Goblin (camera)"
    assert state.encounter.token("g") == GOBLIN


def test_the_gms_drag_wins_over_the_camera() -> None:
    follower = _follower()
    moves = [m for _ in range(4) for m in follower.frame({9: (5.5, 2.5)}, ENC,
                                                          dragging=frozenset({"g"}))]
    assert [(m.commit, m.message) for m in moves] == [
        (None, "camera: Goblin's mini moved while the GM drags the token: the GM's drag wins")]
    # the GM dropped the Goblin elsewhere; its mini resting where it is never pulls it back
    dropped = Encounter(tokens=(Token(id="g", name="Goblin", x=9.5, y=9.5), ORC))
    assert [m for _ in range(20) for m in follower.frame({9: (5.5, 2.5)}, dropped)] == []


def test_a_held_token_is_refused_in_words_as_its_drag_is() -> None:
    # L101 "You cannot move from the spot" (Storypath): Thug 1 is held in Mara's grapple in
    # the demo; the drag refuses it (tests/desktop/test_cli_storypath.py), so does the camera
    encounter = load_encounter(ASSETS_DIR / "demo" / "storypath-firefight.json")
    move = move_like_a_drag(encounter, "thug-1", (15.5, 9.5))
    assert move.commit is None
    assert move.message.startswith(
        "camera: Thug 1 stays: not moved: Thug 1 is held in Mara's grapple")


def test_a_mini_resting_in_its_own_square_is_told_not_moved() -> None:
    move = move_like_a_drag(ENC, "g", (2.7, 2.3))
    assert (move.commit, move.message) == (
        None, "camera: Goblin's mini came to rest on the token's own square; nothing moved")


def test_the_press_takes_the_bound_token_even_under_another() -> None:
    stacked = Encounter(tokens=(GOBLIN, Token(id="x", name="Bat", x=2.5, y=2.5)))
    move = move_like_a_drag(stacked, "g", (4.5, 2.5))
    assert move.commit is not None
    assert move.commit.encounter.token("g").x == 4.5
    assert move.commit.encounter.token("x").x == 2.5


def test_binding_keeps_one_marker_per_token_and_one_token_per_marker() -> None:
    follower = _follower()
    assert follower.bind(10, "g", ENC) == "marker 10 is now Goblin"
    assert follower.bindings == {10: "g"}
    assert follower.bind(10, "o", ENC) == "marker 10 is now Orc (it was Goblin)"
    assert follower.bindings == {10: "o"}
    follower.unbind("o")
    assert follower.bindings == {}


def test_a_bound_token_removed_from_the_map_unbinds_its_marker() -> None:
    follower = _follower()
    gone = Encounter(tokens=(ORC,))
    moves = [m for _ in range(4) for m in follower.frame({9: (5.5, 2.5)}, gone)]
    assert [m.message for m in moves] == [
        "camera: marker 9's token is gone from the map; the marker is unbound"]
    assert follower.bindings == {}


def test_pausing_is_told() -> None:
    follower = _follower()
    assert follower.set_paused(True).startswith("camera: tracking paused")
    assert [m for _ in range(8) for m in follower.frame({9: (5.5, 2.5)}, ENC)] == []
    assert follower.set_paused(False).startswith("camera: tracking resumed")
    assert [m for _ in range(8) for m in follower.frame({9: (5.5, 2.5)}, ENC)] == []


def test_a_carried_mini_gives_the_drags_preview_until_it_rests_or_is_lifted() -> None:
    follower = _follower()
    assert follower.carried(ENC) is None  # resting where it was
    follower.frame({9: (5.4, 3.6)}, ENC)
    preview = follower.carried(ENC)
    # the select tool's own preview of the Goblin dragged there: snapped to (5.5, 3.5), 3"
    assert preview is not None and preview.lead_id == "g"
    assert (preview.start, preview.end, preview.distance) == ((2.5, 2.5), (5.5, 3.5), 3.0)
    assert preview == drag_preview(ENC, "g", (5.4, 3.6))
    assert follower.carried(ENC, dragging=frozenset({"g"})) is None  # the GM's drag wins
    follower.frame({}, ENC)
    assert follower.carried(ENC) is None  # lifted: where it goes is not seen
    follower.frame({9: (2.55, 2.45)}, ENC)
    assert follower.carried(ENC) is None  # put back where it rested
    follower.set_paused(True)
    follower.frame({9: (5.4, 3.6)}, ENC)
    assert follower.carried(ENC) is None  # paused: nothing followed, nothing shown
