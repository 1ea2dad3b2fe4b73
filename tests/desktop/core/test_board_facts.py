"""The map facts a system asks for are measured once per snapshot and question (issue 28: a
hover card measured the same pair at every preview, once per weapon tried), and the turn
order is read once per snapshot; a new snapshot, a token moved, a wall put up or the next
turn, is worked out afresh, never answered from the old one."""

from __future__ import annotations

from dataclasses import replace

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.rules.table import MapFacts

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


def test_the_turn_order_is_read_once_per_snapshot_and_afresh_after_a_turn() -> None:
    """Round 1 of Savage Pathfinder: the hero dealt the King, the orc the Two, so the hero
    acts; the same snapshot gives the same answer, the next turn's snapshot the orc."""
    from support.spf_on_map import begin_combat

    from battlemap.desktop.core.table_pipeline import acting_tokens, turn_order, turn_step
    from battlemap.rules.dice import ScriptedDice
    from battlemap.rules.savage_pathfinder.cards import PhysicalCards

    hero = Token("hero", "Hero", 1.5, 5.5, side=Side.HERO,
                 stats={"wild_card": True, "skills": {"fighting": "d8"}})
    orc = Token("orc", "Orc", 2.5, 5.5, side=Side.VILLAIN, stats={"skills": {"fighting": "d6"}})
    fight = begin_combat(Encounter(tokens=(hero, orc)), PhysicalCards(["KS", "2C"]))[0]
    assert turn_order(fight) is turn_order(fight)
    assert acting_tokens(fight) == ("hero",)
    after = turn_step(fight, "next", ScriptedDice([])).encounter
    assert acting_tokens(after) == ("orc",)
    assert turn_order(after) == turn_order(replace(after))  # as an uncached copy reads it
