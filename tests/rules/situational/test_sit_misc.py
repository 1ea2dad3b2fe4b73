"""Evasion, Finishing Move, Free Attacks, Withdrawing from Melee, Readying and Reload, Rest."""

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Died
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import AttackContext, CalledShot
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.situational.misc import (
    evasion_roll,
    finishing_move,
    free_attack_context,
    items_ready_actions,
    reload_actions,
    rest,
    running_reload_roll,
    withdrawal_attackers,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

KNIFE = Weapon("Dagger", DamageDice(True, (4,)))
CROSSBOW = Weapon("Heavy crossbow", DamageDice(False, (6, 6)), range=(15, 30, 60), reload=2,
                  two_handed=True)


def test_evasion_is_agility_minus_two() -> None:
    # Evasion: "he makes an Agility roll at -2". Wild Card Agility d8 shows 5, Wild Die 1: 3.
    roll = evasion_roll(ScriptedDice([5, 1]), Combatant(id="h", wild_card=True,
                                                        agility=TraitDie(8)))
    assert (roll.total, roll.result.succeeded) == (3, False)


def test_finishing_move_on_helpless_victim() -> None:
    # Finishing Move: "A completely helpless victim may be dispatched ... as an action. This is
    # automatic".
    helpless = Combatant(id="g", condition=Condition(incapacitated=True))
    out = finishing_move(Combatant(id="a"), helpless, KNIFE, adjacent=True)
    assert out.events == (Died("g"),)
    assert out.states[0].condition.dead is True


def test_finishing_move_rules() -> None:
    with pytest.raises(RulesError, match="not helpless"):
        finishing_move(Combatant(id="a"), Combatant(id="g"), KNIFE, adjacent=True)
    bound = Combatant(id="g", condition=Condition(bound=True))
    # "must usually dispatch his foe up close ... the GM may occasionally let Finishing Moves
    # be performed at range".
    with pytest.raises(RulesError, match="adjacent"):
        finishing_move(Combatant(id="a"), bound, KNIFE, adjacent=False)
    assert finishing_move(Combatant(id="a"), bound, KNIFE, adjacent=False,
                          gm_allows=True).states[0].condition.dead


def test_free_attack_is_unaltered_by_options() -> None:
    # Free Attacks: "a single attack unaltered by other Edges or combat options"; the Withdrawing
    # example keeps "+2 for Ganging Up".
    context = AttackContext(wild_attack=True, desperate_attack=0, aim=True,
                            called_shot=CalledShot.HEAD, actions=3, gang_up=2)
    free = free_attack_context(context)
    assert (free.wild_attack, free.aim, free.called_shot, free.actions) == (False, False, None, 1)
    assert free.gang_up == 2


def test_withdrawing_druid_example() -> None:
    # "all adjacent non-Shaken and non-Stunned opponents get an immediate free attack": the
    # three bandits around the druid all attack; a Shaken or Stunned one would not.
    bandits = [Combatant(id=f"b{n}") for n in (1, 2, 3)]
    assert withdrawal_attackers(bandits) == ("b1", "b2", "b3")
    dazed = [Combatant(id="b4", condition=Condition(shaken=True)),
             Combatant(id="b5", condition=Condition(stunned=True))]
    assert withdrawal_attackers([*bandits, *dazed]) == ("b1", "b2", "b3")


def test_readying_items() -> None:
    # "ready up to two items per turn as a free action ... Each additional item readied is an
    # action, as is recovering an item from a difficult location".
    assert items_ready_actions(2) == 0
    assert items_ready_actions(4) == 2
    assert items_ready_actions(1, hard_to_reach=1) == 1


def test_reload() -> None:
    # "Reload X"; "reloading any ranged weapon requires two hands (thrown weapons are readied)".
    assert reload_actions(CROSSBOW, hands_free=2) == 2
    with pytest.raises(RulesError, match="two hands"):
        reload_actions(CROSSBOW, hands_free=1)
    with pytest.raises(RulesError, match="readied"):
        reload_actions(Weapon("Dagger", DamageDice(True, (4,)), range=(3, 6, 12), thrown=True), 2)


def test_running_and_reloading() -> None:
    # "Running and loading requires an Agility roll (at the usual -2 penalty for running)":
    # Agility d6 shows 5: 3 fails; 6 (Ace) + 1 = 7 - 2 = 5 succeeds.
    ranger = Combatant(id="r")
    assert running_reload_roll(ScriptedDice([5]), ranger).result.succeeded is False
    assert running_reload_roll(ScriptedDice([6, 1]), ranger).result.succeeded is True


def test_rest() -> None:
    # Rest: "each Wild Card in the party recovers one Benny ... the GM also regains a Benny."
    party, gm = rest([Combatant(id="h1", wild_card=True, bennies=0),
                      Combatant(id="h2", wild_card=True, bennies=2), Combatant(id="dog")], 1)
    assert [c.bennies for c in party] == [1, 3, 0]
    assert gm == 2
