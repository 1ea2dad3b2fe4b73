"""The map facts a system asks for are measured once per snapshot and question (issue 28: a
hover card measured the same pair at every preview, once per weapon tried); a new snapshot, a
token moved or a wall put up, is measured afresh, never answered from the old one."""

from __future__ import annotations

from dataclasses import replace

from desktop.core.board import board_of
from desktop.core.model import Encounter, Side, Token, Wall
from rules.table import MapFacts

ARCHER = Token("a", "Archer", 2.5, 2.5, side=Side.HERO)
ORC = Token("o", "Orc", 8.5, 2.5)
OPEN = Encounter(tokens=(ARCHER, ORC), width=12, height=8)
RANGES = (12.0, 24.0, 48.0)


def uncached(encounter: Encounter, weapon_ranges: tuple[float, ...] | None = None) -> MapFacts:
    """The facts of a copy of ``encounter``: another snapshot, equal, never measured."""
    return board_of(replace(encounter)).map().facts("a", "o", weapon_ranges)


def test_the_same_question_on_the_same_snapshot_is_answered_once() -> None:
    first = board_of(OPEN).map().facts("a", "o", RANGES)
    assert board_of(OPEN).map().facts("a", "o", RANGES) is first  # another board, same snapshot
    assert board_of(OPEN).map().facts("a", "o") == uncached(OPEN)  # no ranges: its own answer
    assert first == uncached(OPEN, RANGES)


def test_a_wall_put_up_is_measured_afresh() -> None:
    before = board_of(OPEN).map().facts("a", "o", RANGES)
    walled = replace(OPEN, walls=(Wall("w", ((5.5, 0.0), (5.5, 8.0))),))
    after = board_of(walled).map().facts("a", "o", RANGES)
    assert after == uncached(walled, RANGES)
    assert (after.line_of_sight, after.obstacles) != (before.line_of_sight, before.obstacles)


def test_a_moved_token_is_measured_afresh() -> None:
    before = board_of(OPEN).map().facts("a", "o", RANGES)
    moved = replace(OPEN, tokens=(ARCHER, replace(ORC, x=3.5)))
    after = board_of(moved).map().facts("a", "o", RANGES)
    assert after == uncached(moved, RANGES)
    assert after.distance < before.distance
    assert board_of(OPEN).map().facts("a", "o", RANGES) is before  # the old snapshot's kept
