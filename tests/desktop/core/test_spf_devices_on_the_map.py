"""Issue 13, S18 Breaking Free from a Device, on a real map through the action menu's entries
and their handlers (the path the app uses)."""

import pytest
from support.spf_on_map import ActionRequest, AttackError, perform_action

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.registry import find_system

NETTED = {"wild_card": True, "attributes": {"strength": "d6"}, "skills": {"athletics": "d8"},
          "condition": {"entangled": True, "vulnerable": True}}


def netted() -> Encounter:
    return Encounter(system="savage-pathfinder", tokens=(
        Token("hero", "Hero", 1.5, 1.5, side=Side.HERO, stats=NETTED),
        Token("orc", "Orc", 4.5, 1.5, side=Side.VILLAIN, stats={})))


def entry(enc: Encounter, label: str):
    return next(e for e in find_system(enc.system).action_menu(board_of(enc), "hero")
                if e.label == label)


def test_a_failed_try_against_a_device_allows_no_retry_until_the_gm_says_so() -> None:
    """S18: "A character bound by a physical device (such as a net ...) who fails to break
    free can't try again until the situation changes in some way (GM's call)." The menu offers
    the device entries; Strength d6 3, Wild d6 2, -2 = 1 vs 4: still held, and Break free is
    greyed with why. The GM's *Situation changed* lifts it: Athletics d8 5, Wild 1 = 5 vs 4,
    he is free (and no longer Vulnerable)."""
    enc = netted()
    assert [c.params.get("device") for c in entry(enc, "Break free").children] == \
        [None, None, "yes", "yes"]
    failed = perform_action(enc, ActionRequest("break-free", "hero", device=True),
                            ScriptedDice([3, 2])).encounter
    why = "Hero failed to break free of a device: no new try until the situation changes"
    assert entry(failed, "Break free").problem == why
    with pytest.raises(AttackError, match="no new try"):
        perform_action(failed, ActionRequest("break-free", "hero", trait="athletics"),
                       ScriptedDice([8, 1]))
    changed = perform_action(failed, ActionRequest("device-retry", "hero"),
                             ScriptedDice([])).encounter
    assert entry(changed, "Break free").problem is None
    free = perform_action(changed, ActionRequest("break-free", "hero", trait="athletics",
                                                 device=True), ScriptedDice([5, 1])).encounter
    condition = free.token("hero").stats["condition"]
    assert (condition["entangled"], condition.get("vulnerable", False)) == (False, False)


def test_a_failed_try_against_a_grip_or_rope_may_be_made_again() -> None:
    """S18 is for devices only: without one, Strength d6 3, Wild 2, -2 = 1 fails but the
    next try is allowed (the menu's Break free stays open)."""
    failed = perform_action(netted(), ActionRequest("break-free", "hero"),
                            ScriptedDice([3, 2])).encounter
    assert failed.token("hero").stats["condition"]["entangled"] is True
    assert entry(failed, "Break free").problem is None
    assert entry(failed, "Situation changed: may try again").problem == \
        "Hero may try to break free already"
