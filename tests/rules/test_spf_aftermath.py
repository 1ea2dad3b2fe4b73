"""Shaken recovery, Bennies, Incapacitation, the Injury Table and Bleeding Out, by hand.

Paragraphs: *Shaken* ("At the start of their turn, Shaken characters must attempt to recover
... Spirit roll"; Failure / Success), *Bennies* ("spend a Benny at any time to remove her
Shaken status"), *Incapacitation* (Critical Failure / Failure / Success / Raise; the daily
Vigor roll), the *Injury Table* (2d6 with the Guts and Head sub-rolls), *Bleeding Out* (Vigor
each turn; failure perishes, success rolls again, raise stabilises; a Healing roll stabilises).
"""

import pytest
from spf_people import hero

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import BennySpent, Died, InjuryRolled, StatusAdded, StatusRemoved
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder import (
    InjuryLasts,
    bleeding_out_roll,
    daily_recovery_roll,
    incapacitation_roll,
    recover_from_shaken,
    roll_injury,
    stabilise,
    unshake_with_benny,
)

SHAKEN = {"shaken": True}
OUT = {"wounds": 3, "incapacitated": True}


def test_spirit_success_at_the_start_of_the_turn_removes_shaken() -> None:
    # Spirit d6 3, Wild Die 4: 4, success
    outcome = recover_from_shaken(ScriptedDice([3, 4]), hero(condition=SHAKEN))
    assert outcome.events[-1] == StatusRemoved("h1", "Shaken")
    assert not outcome.states[0].condition.shaken


def test_spirit_failure_stays_shaken_and_wounds_count() -> None:
    # 1 Wound: Spirit 4 (Wild 1) - 1 = 3, failure
    h = hero(condition={"shaken": True, "wounds": 1})
    outcome = recover_from_shaken(ScriptedDice([4, 1]), h)
    assert len(outcome.events) == 1 and outcome.states == (h,)


def test_no_roll_when_not_shaken() -> None:
    assert recover_from_shaken(ScriptedDice([]), hero()).events == ()


def test_a_benny_removes_shaken_at_any_time() -> None:
    outcome = unshake_with_benny(hero(condition=SHAKEN))
    assert outcome.events == (BennySpent("h1", "remove Shaken"), StatusRemoved("h1", "Shaken"))
    assert outcome.states[0].bennies == 2 and not outcome.states[0].condition.shaken
    with pytest.raises(RulesError, match="no Bennies"):
        unshake_with_benny(hero(bennies=0, condition=SHAKEN))
    with pytest.raises(RulesError, match="not Shaken"):
        unshake_with_benny(hero())


def test_incapacitation_critical_failure_dies() -> None:
    outcome = incapacitation_roll(ScriptedDice([1, 1]), hero(condition=OUT))
    assert outcome.events[-1] == Died("h1") and outcome.states[0].condition.dead


def test_incapacitation_failure_is_a_permanent_injury_and_bleeding_out() -> None:
    # Vigor d8 5 (Wild 4) - 3 = 2 fails; Injury 2 + 1 = 3: Arm, d6 5: right
    outcome = incapacitation_roll(ScriptedDice([5, 4, 2, 1, 5]), hero(condition=OUT))
    assert outcome.events[-2:] == (InjuryRolled("h1", "Arm: right arm unusable", "permanent"),
                                   StatusAdded("h1", "Bleeding Out"))
    assert outcome.states[0].condition.bleeding_out


def test_incapacitation_success_injury_lasts_until_healed() -> None:
    # Vigor 7 (Wild 2) - 3 = 4 success; Injury 4 + 5 = 9 Guts, d6 3 Battered (Vigor down)
    outcome = incapacitation_roll(ScriptedDice([7, 2, 4, 5, 3]), hero(condition=OUT))
    injury = outcome.states[0].condition.injuries[0]
    assert (injury.lasts, injury.lowers) == (InjuryLasts.UNTIL_HEALED, "vigor")
    assert not outcome.states[0].condition.bleeding_out


def test_incapacitation_raise_injury_lasts_a_day() -> None:
    # Vigor 8 + 3 = 11 (Wild 2) - 3 = 8: raise; Injury 5 + 6 = 11: Leg
    outcome = incapacitation_roll(ScriptedDice([8, 3, 2, 5, 6]), hero(condition=OUT))
    assert outcome.events[-1] == InjuryRolled(
        "h1", "Leg (Slow, or Major if already Slow or injured in a leg)",
        "24 hours or until all Wounds are healed")


@pytest.mark.parametrize(("values", "name"), [
    ([1, 1], "Unmentionables"),
    ([1, 2, 3], "Arm: left arm unusable"),
    ([2, 2, 4], "Arm: right arm unusable"),
    ([2, 3, 1], "Guts: Broken (Agility -1 die type)"),
    ([3, 6, 4], "Guts: Battered (Vigor -1 die type)"),
    ([4, 4, 6], "Guts: Busted (Strength -1 die type)"),
    ([4, 6], "Leg (Slow, or Major if already Slow or injured in a leg)"),
    ([5, 6], "Leg (Slow, or Major if already Slow or injured in a leg)"),
    ([6, 6, 3], "Head: Hideous Scar (Ugly, Major)"),
    ([6, 6, 5], "Head: Blinded (One Eye)"),
    ([6, 6, 6], "Head: Brain Damage (Smarts -1 die type)"),
])
def test_injury_table(values: list[int], name: str) -> None:
    dice = ScriptedDice(values)
    injury, _ = roll_injury(dice, InjuryLasts.PERMANENT, "h1")
    assert injury.name == name and dice.remaining == ()


def test_daily_vigor_roll_ends_incapacitation() -> None:
    # "makes a Vigor roll each day thereafter and is no longer Incapacitated if successful":
    # Vigor d8 7 (Wild 2) - 3 Wounds = 4, success; 6 (Wild 1) - 3 = 3, still out
    out = hero(condition=OUT)
    awake = daily_recovery_roll(ScriptedDice([7, 2]), out)
    assert awake.events[-1] == StatusRemoved("h1", "Incapacitated")
    assert not awake.states[0].condition.incapacitated
    assert daily_recovery_roll(ScriptedDice([6, 1]), out).states == (out,)


def test_bleeding_out_failure_perishes() -> None:
    # Vigor 2 (Wild 3) - 3 = 0
    bleeding = hero(condition={**OUT, "bleeding_out": True})
    assert bleeding_out_roll(ScriptedDice([2, 3]), bleeding).events[-1] == Died("h1")


def test_bleeding_out_success_rolls_again_next_turn_raise_stabilises() -> None:
    bleeding = hero(condition={**OUT, "bleeding_out": True})
    # 7 (Wild 1) - 3 = 4: survives, still bleeding
    assert bleeding_out_roll(ScriptedDice([7, 1]), bleeding).states == (bleeding,)
    # 8 + 3 = 11 - 3 = 8: raise, stable
    stable = bleeding_out_roll(ScriptedDice([8, 3, 1]), bleeding)
    assert stable.events[-1] == StatusRemoved("h1", "Bleeding Out")
    assert not stable.states[0].condition.bleeding_out


def test_a_healing_roll_stabilises() -> None:
    bleeding = hero("h2", condition={**OUT, "bleeding_out": True})
    healer = hero(skills={"healing": "d8"})
    # Healing d8 4 (Wild 2): success
    assert not stabilise(ScriptedDice([4, 2]), healer, bleeding).states[0].condition.bleeding_out
    # the hero without Healing rolls d4 - 2: 3 (Wild 1) - 2 = 1, failure
    assert stabilise(ScriptedDice([3, 1]), hero(), bleeding).states == (bleeding,)
