"""Support and Test."""

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Modifier, Shaken, StatusAdded
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.situational.states import Timer
from battlemap.rules.savage_pathfinder.situational.support import (
    perform_test,
    support_bonus,
    support_roll,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition

PALADIN = Combatant(id="p", wild_card=True, skills=(("riding", TraitDie(8)),))
TRICKSTER = Combatant(id="t", skills=(("athletics", TraitDie(8)), ("taunt", TraitDie(8))))
OGRE = Combatant(id="o", agility=TraitDie(6))


def test_support_results() -> None:
    # "Success grants the ally +1 ... a raise adds +2. A Critical Failure ... subtracts 2".
    # The paladin's example: Riding gets a raise: 8 (Ace) + 2 = 10, the cleric gets +2.
    assert support_roll(ScriptedDice([8, 2, 3]), PALADIN, "riding")[1] == 2
    assert support_roll(ScriptedDice([5, 1]), PALADIN, "riding")[1] == 1
    assert support_roll(ScriptedDice([3, 2]), PALADIN, "riding")[1] == 0
    assert support_roll(ScriptedDice([1, 1]), PALADIN, "riding")[1] == -2


def test_support_to_an_adjacent_ally_ignores_the_dark() -> None:
    # Illumination: "A friendly, cooperative, adjacent character in Pitch Darkness where touch
    # and communication overcome lack of sight" is not penalized; at a distance Pitch is -6.
    # Riding d8 5, Wild 1: 5 (+1 for the ally) adjacent; 5 - 6 = -1, no help, farther away.
    assert support_roll(ScriptedDice([5, 1]), PALADIN, "riding", light=Illumination.PITCH,
                        adjacent_ally=True)[1] == 1
    assert support_roll(ScriptedDice([5, 1]), PALADIN, "riding",
                        light=Illumination.PITCH)[1] == 0


def test_support_maximum() -> None:
    # "The maximum bonus from all Support rolls is +4. Strength checks are an exception".
    assert support_bonus([2, 2, 1]) == Modifier(4, "Support")
    assert support_bonus([2, 2, 1], strength=True) == Modifier(5, "Support")
    assert support_bonus([2, -2]) is None
    assert support_bonus([1, -2]) == Modifier(-1, "Support")


def test_trip_is_athletics_against_agility() -> None:
    # Test: "Tripping someone is an Athletics roll versus Agility". 5 against the ogre's Agility
    # 3: won by 2 - Vulnerable (the attacker's choice), not Shaken.
    out, timers = perform_test(ScriptedDice([5, 3]), TRICKSTER, "athletics", OGRE, "Vulnerable",
                               ())
    assert out.events[1].purpose == "Agility (resist Test)"
    assert out.states[0].condition.vulnerable is True
    assert out.states[0].condition.shaken is False
    assert timers == (Timer("o", "Vulnerable", 1),)


def test_test_raise_also_shakes() -> None:
    # "If he wins with a raise, the target is also Shaken": 8 (Ace) + 1 = 9 against 3.
    out, _ = perform_test(ScriptedDice([8, 1, 3]), TRICKSTER, "taunt", OGRE, "Distracted", ())
    assert StatusAdded("o", "Distracted") in out.events
    assert Shaken("o") in out.events


def test_defender_wins_tie() -> None:
    out, timers = perform_test(ScriptedDice([4, 4]), TRICKSTER, "athletics", OGRE, "Vulnerable",
                               ())
    assert out.states[0] == OGRE and timers == ()


def test_shaken_again_by_a_test_is_no_wound() -> None:
    # Damage: a second Shaken causes a Wound only "from physical damage ... (not a Test)".
    shaken = Combatant(id="o", condition=Condition(shaken=True))
    out, _ = perform_test(ScriptedDice([8, 1, 3]), TRICKSTER, "taunt", shaken, "Distracted", ())
    assert out.states[0].condition.wounds == 0


def test_additional_dice_take_the_highest() -> None:
    # "he may roll all the dice but takes only the highest as his Test total": three dice show
    # 2, 6 (Ace) + 1 = 7 and 3 - the total is 7, against Agility 4: won.
    shooter = Combatant(id="s", skills=(("shooting", TraitDie(6)),))
    out, _ = perform_test(ScriptedDice([2, 6, 1, 3, 4]), shooter, "shooting", OGRE,
                          "Distracted", (), dice_count=3)
    assert out.events[0].total == 7
    assert out.states[0].condition.distracted is True
