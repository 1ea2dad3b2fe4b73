"""The start frozen out of the garbage collector's later collections (issue 28, the tails: a
full collection traversed the start's 70,000 objects again, 50-70 ms): once a process, after
the combat tools are installed; what is made after it is still collected."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from battlemap.desktop.gui import app, collector


@pytest.fixture
def unfrozen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(collector, "_FROZEN", [False])
    yield
    gc.unfreeze()


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def test_what_the_start_made_is_frozen_once(unfrozen: None) -> None:
    made_at_the_start = [Node()]
    assert any(o is made_at_the_start for o in gc.get_objects())
    assert collector.freeze_the_start()
    assert not any(o is made_at_the_start for o in gc.get_objects())  # left out
    frozen = gc.get_freeze_count()
    assert frozen > 0
    assert not collector.freeze_the_start()  # a second window's start
    assert gc.get_freeze_count() == frozen


def test_a_cycle_made_after_the_freeze_is_collected(unfrozen: None) -> None:
    collector.freeze_the_start()
    one, other = Node(), Node()
    one.other, other.other = other, one
    gone = weakref.ref(one)
    del one, other
    gc.collect()
    assert gone() is None


def test_the_start_is_frozen_once_the_combat_tools_are_installed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []

    class Window:
        def install_combat_tools(self) -> None:
            said.append("tools")

    monkeypatch.setattr(app, "freeze_the_start", lambda: said.append("frozen"))
    app.map_painted(Window())  # type: ignore[arg-type]
    assert said == ["tools", "frozen"]
    assert gc.isenabled()
