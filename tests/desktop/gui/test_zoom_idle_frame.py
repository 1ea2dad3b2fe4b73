"""The first notch of a burst without copying the window's frame (issue 28, ninth round): a
frame of a size not copied yet is copied just after its paint (the first notch of a session
copied into fresh memory: 4-5 ms of page faults a window, the bench's wheel p95), and an exact
frame left at rest is copied for the next burst, which takes the copy as it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import shown_pixels
from pytestqt.qtbot import QtBot
from test_zoom_burst import encounter, shown, wheel
from test_zoom_notch import counted_copies, rgb, settled

from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.map_view import IDLE_KEEP_MS


def test_a_frame_of_a_new_size_is_copied_just_after_its_paint(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    view.resize(700, 520)
    view.viewport().repaint()
    assert view._frame.size() != view.viewport().size()  # not within the paint
    qtbot.wait(5)  # the events after it
    assert view._frame.size() == view.viewport().size()
    assert view._kept_frame() is view._frame
    assert (rgb(view._frame) == rgb(shown_pixels(view.viewport()))).all()
    copies = counted_copies(view, monkeypatch)
    wheel(view, 1)
    assert view._coarse is not None and view._coarse[0] is view._frame
    assert not copies


def test_an_exact_frame_left_at_rest_is_copied_for_the_next_burst(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    wheel(view, 2)
    settled(qtbot, view)
    frame = view._frame
    view.viewport().update(10, 10, 40, 40)  # a token moved: the settle's copy is stale
    view.viewport().repaint(10, 10, 40, 40)
    assert view._kept_frame() is None
    qtbot.waitUntil(lambda: view._kept_frame() is not None, timeout=20 * IDLE_KEEP_MS)
    assert view._frame is frame  # the same image, copied into again
    assert (rgb(view._frame) == rgb(shown_pixels(view.viewport()))).all()
    copies = counted_copies(view, monkeypatch)
    wheel(view, -1)
    assert view._coarse is not None and view._coarse[0] is view._frame
    assert not copies
    settled(qtbot, view)
    view.viewport().update(30, 30, 20, 20)
    view.viewport().repaint(30, 30, 20, 20)
    wheel(view, 1)  # before the rest is over: the notch copies the frame as before
    assert copies == [1]


def test_no_copy_at_rest_is_kept_of_a_frame_whose_camera_moved(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The camera moved after the last exact paint, its frame not painted yet: the backing
    store shows the old camera, so the copy at rest keeps nothing."""
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    view.viewport().update(10, 10, 40, 40)
    view.viewport().repaint(10, 10, 40, 40)
    view.set_zoom(view.zoom * 1.1)  # no paint yet
    view._keep_idle_frame()  # the rest's timer, before the moved frame is painted
    assert view._kept_frame() is None
    view.viewport().repaint()
    view._keep_idle_frame()
    assert view._kept_frame() is view._frame
    assert (rgb(view._frame) == rgb(shown_pixels(view.viewport()))).all()


def test_the_settles_frame_is_copied_once_when_the_viewport_changed_size_in_the_burst(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scroll bar comes or goes as the zoom crosses the map's size: the settle's frame is
    of a size not copied yet, and it is copied once (by the settle's copy, not again at
    once as a new size)."""
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    view.viewport().repaint()
    wheel(view, 1)
    view.resize(660, 470)
    view.viewport().repaint()
    copies = counted_copies(view, monkeypatch, "_copy_of_store")
    settled(qtbot, view)
    qtbot.wait(5)
    assert copies == [1]
    assert view._kept_frame() is view._frame
    assert view._frame.size() == view.viewport().size()
    assert (rgb(view._frame) == rgb(shown_pixels(view.viewport()))).all()


def test_a_frame_a_few_rows_smaller_lies_in_the_memory_of_the_larger(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A scroll bar comes as the zoom crosses the map's size: the smaller frame is copied
    into the larger one's memory (no fresh pages), and it is the viewport's pixels; a larger
    frame again takes new memory."""
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    view.viewport().repaint()
    qtbot.wait(5)
    memory = view._frame_memory
    assert view._frame.size() == memory.size() == view.viewport().size()
    view.resize(view.width(), view.height() - 14)
    view.viewport().repaint()
    qtbot.wait(5)
    size = view.viewport().size()
    assert view._frame.size() == size and view._frame_memory is memory
    shown_now = rgb(shown_pixels(view.viewport()))
    assert (rgb(view._frame) == shown_now).all()
    assert (rgb(memory)[: size.height(), : size.width()] == shown_now).all()  # the same pixels
    view.resize(view.width() + 20, view.height() + 14)
    view.viewport().repaint()
    qtbot.wait(5)
    assert view._frame_memory is not memory
    assert view._frame.size() == view._frame_memory.size() == view.viewport().size()
    assert (rgb(view._frame) == rgb(shown_pixels(view.viewport()))).all()
