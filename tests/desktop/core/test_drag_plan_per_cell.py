"""A drag's plan (the ruler's length, cost and wall crossings) is worked out once per cell
the hand reaches, not at every mouse move within it (issue 28's fog-on drag), and it is the
plan worked out afresh."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from battlemap.desktop.core import tools
from battlemap.desktop.core.model import Encounter, Token, Wall, WallKind
from battlemap.desktop.core.tools import DragPreview, PointerEvent, PointerKind, SelectTool

PRESS, MOVE, RELEASE = PointerKind.PRESS, PointerKind.MOVE, PointerKind.RELEASE


def walled() -> Encounter:
    door = Wall(id="d", points=((3, 0), (3, 4)), kind=WallKind.DOOR)
    return Encounter(tokens=(Token(id="s", name="Scout", x=0.5, y=1.5),), walls=(door,))


MOVES = [(0.5 + k / 8, 1.5 + k / 24) for k in range(1, 41)]
"""Forty moves east over five cells, across the door, eight a cell."""


def previews(tool: SelectTool, enc: Encounter, fresh: bool = False) -> list[DragPreview]:
    """The previews of a drag over :data:`MOVES` and back (``fresh``: the kept plan
    forgotten before each move)."""
    tool.feed(PointerEvent(PRESS, 0.5, 1.5), enc)
    shown = []
    for x, y in [*MOVES, *MOVES[::-1]]:
        if fresh:
            tool._planned = None
        tool.feed(PointerEvent(MOVE, x, y), enc)
        assert isinstance(tool.preview, DragPreview)
        shown.append(tool.preview)
    return shown


def test_the_plan_is_worked_out_once_a_cell_and_equals_the_fresh_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    enc = walled()
    calls: list[tuple[float, float]] = []
    plan_move = tools.plan_move

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(args[2])  # type: ignore[arg-type]
        return plan_move(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tools, "plan_move", counted)
    kept = previews(SelectTool(), enc)
    changes = sum(a != b for a, b in pairwise(kept)) + 1
    assert len(calls) == changes < len(kept) / 4  # one plan per new cell (or new path)
    monkeypatch.setattr(tools, "plan_move", plan_move)
    assert kept == previews(SelectTool(), enc, fresh=True)
    assert any(p.blocked for p in kept) and not all(p.blocked for p in kept)  # the door


def test_a_new_snapshot_plans_again() -> None:
    tool = SelectTool()
    enc = walled()
    tool.feed(PointerEvent(PRESS, 0.5, 1.5), enc)
    tool.feed(PointerEvent(MOVE, 3.6, 1.5), enc)
    before = tool.preview
    opened = replace(enc, walls=(replace(enc.walls[0], is_open=True),))
    tool.feed(PointerEvent(MOVE, 3.65, 1.5), opened)
    assert isinstance(before, DragPreview) and isinstance(tool.preview, DragPreview)
    assert before.blocked and not tool.preview.blocked
