"""Push: opposed Strength, distance, prone, running, Size Matters, Skill, Shields."""

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import StatusAdded, TokenPushed
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.situational.push import push, push_distance, pushed_to
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon

PUSHER = Combatant(id="p", strength=TraitDie(8))
FOE = Combatant(id="f", strength=TraitDie(6))
AT = ((0.0, 0.0), (1.0, 0.0))


def test_push_one_inch_and_stay_standing() -> None:
    # "If the attacker is successful he pushes the foe back 1"". 6 against 4; the foe's
    # Athletics (unskilled d4 - 2) shows 4, Aces, 2: 6 - 2 = 4, he stays up.
    result = push(ScriptedDice([6, 4, 4, 2]), PUSHER, FOE, *AT)
    assert result.distance == 1
    assert TokenPushed("f", (2.0, 0.0)) in result.outcome.events
    assert result.outcome.states[0].condition.prone is False


def test_push_with_raise_two_inches_and_prone() -> None:
    # 8 (Ace) + 2 = 10 against 4: a raise, "twice that"; the foe's Athletics is "at -2 if the
    # attacker got a raise": 3 - 2 - 2 = -1, knocked prone.
    result = push(ScriptedDice([8, 2, 4, 3]), PUSHER, FOE, *AT)
    assert result.distance == 2
    assert TokenPushed("f", (3.0, 0.0)) in result.outcome.events
    assert StatusAdded("f", "prone") in result.outcome.events


def test_running_adds_two() -> None:
    # "If the attacker runs at least 2" before the Push, he adds +2": 4 + 2 = 6 beats 5.
    assert push(ScriptedDice([4, 5, 4, 1]), PUSHER, FOE, *AT, ran=2.0).distance == 1
    assert push(ScriptedDice([4, 5]), PUSHER, FOE, *AT).distance == 0


def test_shield_parry_bonus_adds() -> None:
    # "Shields: ... add their shield's Parry bonus": 5 against 4 + 1 = 5, a tie, no push.
    assert push(ScriptedDice([5, 4]), PUSHER, FOE, *AT, defender_shield=1).distance == 0


def test_athletics_instead_of_strength() -> None:
    # "Skill: The attacker or defender may roll Athletics instead of Strength".
    athlete = Combatant(id="p", skills=(("athletics", TraitDie(10)),))
    result = push(ScriptedDice([7, 5, 3]), athlete, FOE, *AT, attacker_trait="athletics")
    assert result.outcome.events[0].purpose == "Athletics"
    assert result.distance == 1


def test_larger_scale_doubles_distance() -> None:
    # "Double the distance pushed if the attacker's Scale is larger than the foe's."
    assert push_distance(False, 4, 0) == 2
    assert push_distance(True, 4, 0) == 4
    assert push_distance(True, 2, 0) == 2


def test_no_pushing_much_larger_foes() -> None:
    with pytest.raises(RulesError, match="3 Sizes larger"):
        push(ScriptedDice([]), PUSHER, Combatant(id="o", size=3), *AT)


def test_pushed_directly_away() -> None:
    assert pushed_to((0.0, 0.0), (0.0, 2.0), 2) == (0.0, 4.0)
    with pytest.raises(ValueError, match="same point"):
        pushed_to((1.0, 1.0), (1.0, 1.0), 1)


def test_shield_from_the_stat_block() -> None:
    # Shields: the defender's medium shield (+2 Parry) adds 2: 6 against 4 + 2 = 6, a tie.
    shield = Weapon("Medium shield", DamageDice(True, ()), parry=2, shield=True)
    guarded = Combatant(id="f", strength=TraitDie(6), weapons=(shield,))
    assert push(ScriptedDice([6, 4]), PUSHER, guarded, *AT).distance == 0
