"""Parries played out: "Parrying Heavy Weapons", "Parrying Unarmed Attacks", "Parrying With
Improvised Weapons"; and the turn sequence that ends per-turn limits."""

from __future__ import annotations

from typing import Any

from gurps_table import FakeMap, board, piece

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import (
    Defended,
    Injured,
    RollMade,
    StatusAdded,
    StatusRemoved,
    TokenPushed,
)
from battlemap.rules.interface import ActionRequest, AttackRequest, Resolution
from battlemap.rules.registry import find_system
from battlemap.rules.table import Board

GURPS = find_system("gurps")

FENCER: dict[str, Any] = {
    "st": 10, "dx": 14, "ht": 10, "hp": 10, "basic_speed": 6.0, "basic_lift": 20.0, "dodge": 9,
    "attacks": [{"name": "Rapier", "usage": "Thrust", "skill": 16, "damage": "1d+1 imp",
                 "parry": 11, "fencing": True, "weight": 2.75, "skill_name": "Rapier"}],
}
OGRE: dict[str, Any] = {
    "st": 20, "dx": 10, "ht": 12, "hp": 20, "basic_speed": 5.5, "dodge": 8,
    "attacks": [
        {"name": "Club", "usage": "Swung", "skill": 12, "damage": "3d+2 cr", "weight": 14},
        {"name": "Maul", "usage": "Swung", "skill": 12, "damage": "4d cr", "weight": 24},
        {"name": "Punch", "skill": 12, "damage": "1d+1 cr", "reach": "C", "unarmed": True,
         "skill_name": "Brawling"},
    ],
}


def _table(fencer: dict[str, Any] = FENCER) -> Board:
    return board(piece("ogre", OGRE), piece("fencer", fencer, x=1.0), measurer=FakeMap())


def _parry(table: Board, weapon: str, dice: list[int]) -> Resolution:
    request = AttackRequest("ogre", "fencer", weapon, answers={"defense": ("parry:Rapier",)})
    return GURPS.resolve_attack(table, request, ScriptedDice(dice))


def test_a_weapon_parrying_five_times_its_weight_may_break_but_the_parry_counts() -> None:
    # 14 lb club / 2.75 lb rapier = 5 times: breaks on 1-4 on 1d. Club-12: 3+3+3 = 9 hits;
    # Parry 11: 3+3+3 = 9 succeeds; breakage d6 = 2: broken, "the parry still counts".
    done = _parry(_table(), "Club", [3, 3, 3, 3, 3, 3, 2])
    assert StatusAdded("fencer", "Rapier broken") in done.events
    assert Defended("fencer", "ogre", 1) in done.events
    assert done.board.token("fencer").stats["condition"]["broken"] == ["Rapier"]


def test_a_parry_past_six_in_six_does_not_count() -> None:
    # A 24 lb maul on a 2.75 lb rapier: 8 times -> 7 in 6: "the parry does not count". The
    # fencer has Basic Lift 30 here, so the maul is not beyond it. Maul 4d: 1+1+1+1 = 4 cr.
    fencer = dict(FENCER, basic_lift=30.0)
    done = _parry(_table(fencer), "Maul", [3, 3, 3, 3, 3, 3, 6, 1, 1, 1, 1])
    assert not any(isinstance(e, Defended) for e in done.events)
    assert "the parry does not count: Rapier offered too little resistance" in done.notes
    assert Injured("fencer", 4, 0, 4, 6, 10) in done.events


def test_parrying_a_weapon_heavier_than_basic_lift_fails_and_drops_the_weapon() -> None:
    # "you cannot parry a weapon heavier than your Basic Lift": 24 lb > BL 20: the parry fails
    # whatever the dice. Breakage odds 7 in 6: the d6 (6) breaks it rather than dropping it.
    done = _parry(_table(), "Maul", [3, 3, 3, 3, 3, 3, 6, 1, 1, 1, 1])
    assert "the parry fails: the attack is heavier than Basic Lift" in done.notes
    assert StatusAdded("fencer", "Rapier broken") in done.events


BRAWLER: dict[str, Any] = {
    "st": 10, "dx": 12, "ht": 10, "hp": 10, "basic_speed": 5.5, "basic_lift": 20.0, "dodge": 8,
    "attacks": [{"name": "Punch", "skill": 14, "damage": "1d-2 cr", "reach": "C", "parry": 10,
                 "unarmed": True, "skill_name": "Brawling"}],
}


def _bare_handed(dice: list[int]) -> Resolution:
    table = board(piece("ogre", OGRE), piece("brawler", BRAWLER, x=1.0), measurer=FakeMap())
    request = AttackRequest("ogre", "brawler", "Maul", answers={"defense": ("parry:Punch",)})
    return GURPS.resolve_attack(table, request, ScriptedDice(dice))


def test_a_bare_handed_parry_beyond_basic_lift_knocks_back_a_yard_l95() -> None:
    # L95: the 24 lb maul is heavier than the brawler's Basic Lift 20: the parry fails
    # automatically and, unarmed, "you are knocked back one yard (make a DX roll to avoid
    # falling over)". Maul-12: 3+3+3 = 9 hits. Parry (Punch) 10 - 3 (bare hands against a
    # weapon) = 7: 3+3+3 = 9, failed anyway. Knocked back from x = 1 to x = 2 (straight away
    # from the ogre at 0). DX 12: 4+4+4 = 12, success by 0: he stays on his feet. Damage 4d:
    # 1+1+1+1 = 4 cr. His fists are not "dropped": the Punch stays his.
    done = _bare_handed([3, 3, 3, 3, 3, 3, 4, 4, 4, 1, 1, 1, 1])
    assert "the parry fails: the attack is heavier than Basic Lift" in done.notes
    assert TokenPushed("brawler", (2.0, 0.0)) in done.events
    dx_roll = [e for e in done.events if isinstance(e, RollMade) and e.purpose.startswith("DX")]
    assert [(r.total, r.target, r.result) for r in dx_roll] == [(12, 12, "success by 0")]
    assert StatusAdded("brawler", "Punch dropped") not in done.events
    condition = done.board.token("brawler").stats["condition"]
    assert "dropped" not in condition and condition.get("posture", "standing") == "standing"
    assert Injured("brawler", 4, 0, 4, 6, 10) in done.events
    assert (done.board.token("brawler").x, done.board.token("brawler").y) == (2.0, 0.0)
    again = GURPS.resolve_attack(done.board, AttackRequest("brawler", "ogre", "Punch"),
                                 ScriptedDice([6, 6, 6]))
    assert again.title.startswith("Brawler attacks Ogre (Punch)")


def test_a_failed_dx_roll_after_the_knock_back_lays_him_prone_l95() -> None:
    # As above, but DX 12 against 5+5+3 = 13: failure by 1: he falls (prone). The parry roll
    # (6+6+1 = 13 against 7) failing changes nothing: the maul sweeps the hands aside anyway.
    done = _bare_handed([3, 3, 3, 6, 6, 1, 5, 5, 3, 1, 1, 1, 1])
    assert TokenPushed("brawler", (2.0, 0.0)) in done.events
    assert StatusAdded("brawler", "prone") in done.events
    assert done.board.token("brawler").stats["condition"]["posture"] == "prone"


def test_parrying_a_punch_with_a_weapon_strikes_the_limb() -> None:
    # "Parrying Unarmed Attacks": after a successful parry, roll against the weapon's skill
    # (Rapier-16): 3+3+3 = 9 succeeds; damage 1d+1 imp: 4 + 1 = 5, x2 = 10 injury to the ogre
    # (no defense). Punch weight 20/10 = 2 lb: under 3 times the rapier, no breakage roll.
    done = _parry(_table(), "Punch", [3, 3, 3, 3, 3, 3, 3, 3, 3, 4])
    rolls = [e.purpose for e in done.events if isinstance(e, RollMade)]
    assert rolls == ["Punch", "Parry (Rapier)", "Rapier (Thrust) strikes the limb",
                     "Rapier (Thrust) damage 1d+1 imp"]
    assert Injured("ogre", 5, 0, 10, 10, 20) in done.events
    assert done.board.token("ogre").stats["condition"]["hp"] == 10


def test_improvised_weapons_count_as_cheap() -> None:
    # "Most improvised weapons count as 'cheap' for breakage": a 2 lb improvised staff against
    # the 14 lb club: 7 times -> 2 + 4 = 6, +2 cheap = 8 in 6: the parry cannot count.
    staff = dict(FENCER, attacks=[{"name": "Pole", "skill": 12, "damage": "1d cr",
                                   "parry": 9, "weight": 2, "improvised": True}])
    request = AttackRequest("ogre", "fencer", "Club")
    paused = GURPS.resolve_attack(_table(staff), request, ScriptedDice([3, 3, 3]))
    assert paused.decision is not None
    pole = next(c for c in paused.decision.choices if c.id == "parry:Pole")
    assert pole.probability == 0.0


def test_a_new_turn_clears_the_turns_parries_block_and_retreat() -> None:
    # "This penalty only applies to multiple parries on the same turn"; "once you retreat, you
    # may not retreat again until after your next turn"; shock lasts to the end of the next turn.
    fencer = dict(FENCER, condition={"hp": 10, "parries": {"Rapier": 2}, "blocked": True,
                                     "retreated_from": "ogre", "shock": -2, "stunned": True})
    table = _table(fencer)
    started = GURPS.turn_control(table, "start", ScriptedDice([])).board
    assert started.combat["order"] == ["fencer", "ogre"]  # Basic Speed 6 before 5.5
    condition = started.token("fencer").stats["condition"]
    assert "parries" not in condition and "retreated_from" not in condition
    # The fencer's turn ends: HT 10 against stun, 2+2+2 = 6 recovers; shock ends.
    ended = GURPS.turn_control(started, "next", ScriptedDice([2, 2, 2]))
    assert StatusRemoved("fencer", "stunned") in ended.events
    assert ended.board.combat["acting"] == 1
    assert "shock" not in ended.board.token("fencer").stats["condition"]


def test_all_out_defense_action_and_stand_up() -> None:
    table = _table(dict(FENCER, condition={"hp": 10, "posture": "prone"}))
    done = GURPS.perform_action(table, ActionRequest("all-out-defense", "fencer"),
                                ScriptedDice([]))
    assert done.board.token("fencer").stats["condition"]["maneuver"] == "all-out-defense"
    up = GURPS.perform_action(done.board, ActionRequest("stand-up", "fencer"), ScriptedDice([]))
    assert "posture" not in up.board.token("fencer").stats["condition"]


def test_parrying_with_a_bow_ruins_it_as_a_bow() -> None:
    # "Parrying With Improvised Weapons": "A pole or rifle could parry like a staff, a bow like a
    # light club. However, parrying just once with a bow will ruin it as a bow - although it
    # may survive ... as a club!" The ogre punches (3+3+3 hits; 2 lb: no breakage roll); Bow as
    # a club, Parry 8: 3+3+2 = 8 succeeds; the strike at the punching limb (6+6+6) misses.
    archer = dict(FENCER, attacks=[
        {"name": "Bow", "usage": "Shoot", "skill": 14, "damage": "1d+2 imp", "kind": "missile",
         "range": [150, 200], "weight": 3},
        {"name": "Bow", "usage": "as a club", "skill": 11, "damage": "1d cr", "parry": 8,
         "weight": 3, "improvised": True}])
    request = AttackRequest("ogre", "fencer", "Punch", answers={"defense": ("parry:Bow",)})
    done = GURPS.resolve_attack(_table(archer), request, ScriptedDice([3, 3, 3, 3, 3, 2, 6, 6, 6]))
    assert StatusAdded("fencer", "Bow (Shoot) ruined") in done.events
    fencer = GURPS.combatant_from_dict(done.board.token("fencer").stats, "f", "fencer")
    assert fencer.attack(None).label == "Bow (as a club)"
