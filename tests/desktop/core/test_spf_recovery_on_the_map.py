"""Issue 13: Savage Pathfinder recovery that takes days or hours, played on a real map
through the table modules the app uses (the action menu's entries and their handlers)."""

import pytest
from support.spf_on_map import ActionRequest, AttackError, perform_action

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.registry import find_system

DOWN = {"wild_card": True, "attributes": {"vigor": "d8"},
        "condition": {"wounds": 3, "incapacitated": True}}


def one(stats: dict) -> Encounter:
    return Encounter(system="savage-pathfinder",
                     tokens=(Token("hero", "Hero", 1.5, 1.5, side=Side.HERO, stats=stats),))


def menu_problem(enc: Encounter, label: str) -> str | None:
    entries = find_system(enc.system).action_menu(board_of(enc), "hero")
    return next(e for e in entries if e.label == label).problem


def test_the_daily_vigor_roll_ends_incapacitation_on_a_success() -> None:
    """C77 Incapacitated: "The victim makes a Vigor roll each day thereafter and is no longer
    Incapacitated ... if successful." Three Wounds take -3 from the roll: Vigor d8 6, Wild d6 1
    = 6 - 3 = 3, a failure: still down. The next day d8 7, Wild 1: 7 - 3 = 4, a success."""
    enc = one(DOWN)
    assert menu_problem(enc, "Daily Vigor roll") is None
    failed = perform_action(enc, ActionRequest("daily-vigor", "hero"), ScriptedDice([6, 1]))
    assert failed.encounter.token("hero").stats["condition"]["incapacitated"] is True
    woke = perform_action(failed.encounter, ActionRequest("daily-vigor", "hero"),
                          ScriptedDice([7, 1]))
    assert woke.encounter.token("hero").stats["condition"].get("incapacitated", False) is False
    assert woke.entry.title == "Hero recovers: no longer Incapacitated (daily Vigor)"


def test_the_daily_roll_needs_an_incapacitated_token_that_is_not_bleeding_out() -> None:
    """C77: the roll is for the Incapacitated, "each day thereafter"; one Bleeding Out rolls
    for that each turn first (Bleeding Out), and one "Incapacitated from Fatigue" is helpless
    "for 2d6 hours" (Fatigue), so the menu greys the daily roll with why."""
    assert menu_problem(one({"wild_card": True}), "Daily Vigor roll") == \
        "Hero is not incapacitated"
    bleeding = {**DOWN, "condition": {**DOWN["condition"], "bleeding_out": True}}
    assert menu_problem(one(bleeding), "Daily Vigor roll") == \
        "Hero is Bleeding Out: the daily roll begins once he is stable"
    with pytest.raises(AttackError, match="Bleeding Out"):
        perform_action(one(bleeding), ActionRequest("daily-vigor", "hero"), ScriptedDice([8]))
    tired = {"wild_card": True, "condition": {"fatigue": 3, "incapacitated": True}}
    assert menu_problem(one(tired), "Daily Vigor roll") == \
        "Hero is Incapacitated by Fatigue: 2d6 hours, or treatment"


def test_fatigue_from_two_sources_wears_off_at_the_shortest_then_the_longest() -> None:
    """S64 Mixed Fatigue: "remove one level when the effect with the shortest duration expires,
    then another level when the longest expires." Cold (1 h) and hunger (8 h) leave the hero
    Exhausted; 4 hours later only the cold has worn off: Fatigued (a level an hour would have
    left him fresh); 4 more hours and the hunger is gone too: fresh."""
    enc = one({"wild_card": True})
    for source, hours in (("cold", 1.0), ("hunger", 8.0)):
        enc = perform_action(enc, ActionRequest("gain-fatigue", "hero", source=source,
                                                hours=hours), ScriptedDice([])).encounter
    assert enc.token("hero").stats["condition"]["fatigue"] == 2
    later = perform_action(enc, ActionRequest("time-passes", "hero", hours=4.0),
                           ScriptedDice([]))
    assert later.encounter.token("hero").stats["condition"]["fatigue"] == 1
    assert later.entry.lines == ("worn off: cold", "still: hunger (4 h)")
    rested = perform_action(later.encounter, ActionRequest("time-passes", "hero", hours=4.0),
                            ScriptedDice([])).encounter
    assert rested.token("hero").stats["condition"]["fatigue"] == 0
    assert rested.combat["fatigue_sources"] == {}
