"""Bound and Entangled, Stunned, Distracted and Vulnerable durations."""

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import StatusAdded, StatusRemoved
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.situational.states import (
    Timer,
    bind,
    break_free,
    cut_free,
    end_turn,
    entangle,
    may_move,
    may_take_physical_actions,
    set_timed,
    stun,
    stunned_recovery,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, Weapon

KNIFE = Weapon("Dagger", DamageDice(True, (4,)))
GOBLIN = Combatant(id="g1")


def test_entangled_cannot_move_and_is_vulnerable() -> None:
    # "Entangled: The victim can't move and is Vulnerable as long as he remains Entangled."
    out = entangle(GOBLIN)
    condition = out.states[0].condition
    assert (condition.entangled, condition.vulnerable, may_move(condition)) == (True, True, False)
    assert may_take_physical_actions(condition) is True
    assert out.events == (StatusAdded("g1", "Entangled"),)


def test_bound_replaces_entangled() -> None:
    # "Bound: The victim may not move, is Distracted and Vulnerable ... and cannot make physical
    # actions"; "Characters are either Bound or Entangled - effects don't stack."
    out = bind(entangle(GOBLIN).states[0])
    condition = out.states[0].condition
    assert (condition.bound, condition.entangled) == (True, False)
    assert (condition.distracted, condition.vulnerable) == (True, True)
    assert may_take_physical_actions(condition) is False
    assert out.events == (StatusRemoved("g1", "Entangled"), StatusAdded("g1", "Bound"))


def test_break_free_with_strength_minus_two() -> None:
    # Breaking Free: "an action using Strength at -2 or Athletics". Strength d6 shows 6 (Ace)
    # then 2: 8 - 2 = 6, a success: free, no longer Vulnerable.
    held = entangle(GOBLIN).states[0]
    tried = break_free(ScriptedDice([6, 2]), held)
    freed = tried.outcome.states[0].condition
    assert tried.outcome.events[0].total == 6
    assert (freed.entangled, freed.vulnerable) == (False, False)


def test_break_free_from_bound_while_distracted() -> None:
    # Bound also Distracted (-2): Strength shows 5, 5 - 2 - 2 = 1, a failure.
    held = bind(GOBLIN).states[0]
    tried = break_free(ScriptedDice([5]), held)
    assert tried.outcome.events[0].total == 1
    assert tried.outcome.states[0].condition.bound is True
    assert tried.may_retry is True


def test_break_free_with_athletics() -> None:
    athlete = entangle(Combatant(id="a", skills=(("athletics", TraitDie(8)),))).states[0]
    tried = break_free(ScriptedDice([4]), athlete, trait="athletics")
    assert tried.outcome.states[0].condition.entangled is False


def test_failing_against_a_device_blocks_retries() -> None:
    # "fails to break free can't try again until the situation changes".
    tried = break_free(ScriptedDice([2]), entangle(GOBLIN).states[0], device=True)
    assert tried.may_retry is False


def test_cut_free_hits_automatically_against_hardness_four() -> None:
    # Strength d6 shows 1, dagger d4 shows 3: 4 >= Hardness 4, the net is cut.
    out = cut_free(ScriptedDice([1, 3]), entangle(GOBLIN).states[0], KNIFE)
    assert out.states[0].condition.entangled is False


def test_cut_free_with_wild_attack() -> None:
    # 1 + 2 = 3 is short of 4; a Wild Attack adds +2 damage: 5 cuts it.
    held = entangle(GOBLIN).states[0]
    assert cut_free(ScriptedDice([1, 2]), held, KNIFE).states[0].condition.entangled is True
    freed = cut_free(ScriptedDice([1, 2]), held, KNIFE, wild_attack=True)
    assert freed.states[0].condition.entangled is False


def test_distracted_lasts_until_end_of_next_turn() -> None:
    # "These states last until the end of the character's next turn". Gained outside his turn:
    # the end of his next turn removes it.
    out, timers = set_timed(GOBLIN, "Distracted", (), during_own_turn=False)
    assert timers == (Timer("g1", "Distracted", 1),)
    out, timers = end_turn(out.states[0], timers)
    assert out.states[0].condition.distracted is False
    assert out.events == (StatusRemoved("g1", "Distracted"),)


def test_vulnerable_gained_in_own_turn_survives_this_turn() -> None:
    # "If a hero becomes Distracted or Vulnerable during her current turn, it lasts until the
    # end of her next turn."
    out, timers = set_timed(GOBLIN, "Vulnerable", (), during_own_turn=True)
    out, timers = end_turn(out.states[0], timers)
    assert out.states[0].condition.vulnerable is True
    out, timers = end_turn(out.states[0], timers)
    assert out.states[0].condition.vulnerable is False


def test_like_effects_do_not_stack() -> None:
    # "Like effects don't stack": a second Vulnerable only restarts the clock.
    out, timers = set_timed(GOBLIN, "Vulnerable", (), during_own_turn=False)
    again, timers = set_timed(out.states[0], "Vulnerable", timers, during_own_turn=True)
    assert again.events == ()
    assert timers == (Timer("g1", "Vulnerable", 2),)


def test_other_tokens_turns_do_not_count_down() -> None:
    _, timers = set_timed(GOBLIN, "Vulnerable", (), during_own_turn=False)
    _, timers = end_turn(Combatant(id="h1"), timers)
    assert timers == (Timer("g1", "Vulnerable", 1),)


def test_stunned_effects() -> None:
    # Stunned: "Are Distracted ..., Are Vulnerable ..., Fall prone ..., Can't move or take any
    # actions".
    out, timers = stun(GOBLIN, ())
    condition = out.states[0].condition
    assert (condition.stunned, condition.distracted, condition.vulnerable, condition.prone) == (
        True, True, True, True)
    assert (may_move(condition), may_take_physical_actions(condition)) == (False, False)
    assert timers == (Timer("g1", "Distracted", 1),)


def test_stunned_stays_vulnerable_until_recovery() -> None:
    # Vulnerable "remains until a victim recovers from being Stunned"; Distracted goes as usual.
    out, timers = stun(GOBLIN, ())
    out, timers = end_turn(out.states[0], timers)
    assert (out.states[0].condition.distracted, out.states[0].condition.vulnerable) == (
        False, True)


def test_stunned_recovery_failure() -> None:
    # Vigor d6 shows 5, Distracted -2: 3, still Stunned.
    stunned, timers = stun(GOBLIN, ())
    out, _ = stunned_recovery(ScriptedDice([5]), stunned.states[0], timers)
    assert out.states[0].condition.stunned is True


def test_stunned_recovery_success_vulnerable_until_end_of_next_turn() -> None:
    # Vigor 6 (Ace) + 1 = 7, -2 Distracted = 5: success, "remains Vulnerable until the end of
    # his next turn".
    stunned, timers = stun(GOBLIN, ())
    out, timers = stunned_recovery(ScriptedDice([6, 1]), stunned.states[0], timers)
    assert out.states[0].condition.stunned is False
    assert Timer("g1", "Vulnerable", 2) in timers


def test_stunned_recovery_raise_vulnerable_until_end_of_this_turn() -> None:
    # Vigor 6 + 6 + 2 = 14, -2 = 12: a raise - "his Vulnerable state goes away at the end of
    # this turn".
    stunned, timers = stun(GOBLIN, ())
    out, timers = stunned_recovery(ScriptedDice([6, 6, 2]), stunned.states[0], timers)
    out, timers = end_turn(out.states[0], timers)
    assert out.states[0].condition.vulnerable is False


def test_restunning_restarts() -> None:
    # "Restart the process if a Stunned character is Stunned again."
    stunned, timers = stun(GOBLIN, ())
    again, timers = stun(stunned.states[0], timers, during_own_turn=True)
    assert timers == (Timer("g1", "Distracted", 2),)
    assert again.states[0].condition == Condition(stunned=True, distracted=True,
                                                  vulnerable=True, prone=True)
