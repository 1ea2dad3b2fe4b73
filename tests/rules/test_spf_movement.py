"""Movement and actions worked out by hand.

Paragraphs: *Movement* (Pace), *Wound Penalties* (-1 Pace per Wound, minimum 1"), climbing /
crawling / swimming ("uses 2″ of Pace"), *Difficult Ground* ("counts as 2″"; "Crawling is
unaffected"), out-of-combat sprinting, *Hazards* (Athletics to move), *Running* (running die,
never Aces; -2 to other actions), *Jumping*, *Prone* ("Standing ... reduces total Pace for the
turn by 2"), *Actions* / *Limited Actions* / Multi-Actions (up to three, -2 per extra action,
one limited action).
"""

import pytest
from spf_people import hero

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder import (
    ActionKind,
    Hazard,
    MoveMode,
    TraitResult,
    check_turn,
    hazard_roll,
    jump_distance,
    movement_cost,
    pace_for_turn,
    roll_running,
    sprint,
)


def test_pace_less_wounds_never_below_one() -> None:
    assert pace_for_turn(hero()) == 6
    assert pace_for_turn(hero(condition={"wounds": 3})) == 3
    assert pace_for_turn(hero(pace=2, condition={"wounds": 3})) == 1


def test_running_die_adds_to_pace_and_never_aces() -> None:
    dice = ScriptedDice([6, 6])
    run = roll_running(dice, hero())
    assert run.total == 6 and dice.remaining == (6,)
    assert pace_for_turn(hero(), running=run.total) == 12


def test_standing_up_costs_two_inches() -> None:
    assert pace_for_turn(hero(), stood_up=True) == 4


@pytest.mark.parametrize(("mode", "difficult", "cost"), [
    (MoveMode.WALK, False, 3), (MoveMode.WALK, True, 6), (MoveMode.CLIMB, False, 6),
    (MoveMode.SWIM, False, 6), (MoveMode.CRAWL, False, 6), (MoveMode.CRAWL, True, 6),
    (MoveMode.CLIMB, True, 12),
])
def test_movement_costs(mode: MoveMode, difficult: bool, cost: int) -> None:
    assert movement_cost(3, mode, difficult) == cost


@pytest.mark.parametrize(("vertical", "run_up", "athletics", "inches"), [
    (False, False, None, 1.0), (True, False, None, 0.5), (False, True, None, 2.0),
    (False, False, TraitResult.SUCCESS, 2.0), (False, True, TraitResult.RAISE, 4.0),
    (True, False, TraitResult.RAISE, 1.5), (False, False, TraitResult.FAILURE, 1.0),
])
def test_jumping(vertical: bool, run_up: bool, athletics: TraitResult | None,
                 inches: float) -> None:
    assert jump_distance(vertical, run_up, athletics) == inches


def test_multi_actions_cost_two_per_extra_action_and_free_actions_nothing() -> None:
    assert check_turn([ActionKind.REGULAR]).penalty == 0
    assert check_turn([ActionKind.REGULAR, ActionKind.FREE, ActionKind.FREE]).penalty == 0
    assert check_turn([ActionKind.REGULAR] * 3).penalty == -4
    with pytest.raises(RulesError, match="at most three"):
        check_turn([ActionKind.REGULAR] * 4)


def test_only_one_limited_and_one_limited_free_action() -> None:
    assert check_turn([ActionKind.LIMITED, ActionKind.LIMITED_FREE]).penalty == 0
    with pytest.raises(RulesError, match="only one limited free action"):
        check_turn([ActionKind.LIMITED_FREE] * 2)


def test_sprinting_out_of_combat() -> None:
    # "a Fleet-Footed character with Vigor d6 can sprint at a Pace of 32 for three minutes":
    # Pace 8 and a d8 running die -> 2 x (8 + 8) = 32, d6 / 2 = 3 minutes
    fleet = hero(pace=8, running_die="d8", attributes={"vigor": "d6"})
    assert sprint(fleet) == (32, 3.0)


@pytest.mark.parametrize(("values", "hazard"), [
    ([4, 2], Hazard.MOVES_ON),      # Athletics d6 4: success, continues normally
    ([3, 2], Hazard.CANNOT_MOVE),   # 3: failure, can't move
    ([1, 1], Hazard.MISHAP),        # both 1: Critical Failure - Fatigue, a fall or drowning
])
def test_hazardous_movement(values: list[int], hazard: Hazard) -> None:
    assert hazard_roll(ScriptedDice(values), hero())[1] is hazard
