"""One attack on the board: "Defending", "Active Defense Rolls", "Active Defense Options".

Every test names the paragraph of shared/rules-text/gurps-active-defense.txt it checks and
works its numbers out by hand with scripted dice. Dice are consumed in this order: the attack
3d6, the Acrobatics 3d6 (Acrobatic Dodge), the defense 3d6, a breakage d6, then damage dice and
any HT rolls.
"""

from __future__ import annotations

from typing import Any

import pytest
from gurps_table import ARCHER, KNIGHT, ORC, FakeMap, board, facts, piece

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import (
    Defended,
    DefenseChosen,
    Hit,
    Injured,
    RollMade,
    StatusAdded,
    TokenPushed,
)
from battlemap.rules.gurps.roll import success_chance
from battlemap.rules.interface import AttackRequest, Resolution
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import Board, MapFacts, Side

GURPS = find_system("gurps")


def _duel(measured: MapFacts | None = None, orc: dict[str, Any] | None = None,
          knight: dict[str, Any] | None = None, wall_x: float | None = None) -> Board:
    fake = FakeMap({("orc", "knight"): measured or facts(1.0),
                    ("knight", "orc"): measured or facts(1.0)}, wall_x=wall_x)
    return board(piece("orc", ORC, **(orc or {})), piece("knight", KNIGHT, x=1.0, **(knight or {})),
                 measurer=fake)


def _attack(table: Board, dice: list[int], answer: tuple[str, ...] | None = None,
            weapon: str = "Axe", attacker: str = "orc", target: str = "knight",
            **kwargs: Any) -> Resolution:
    answers = {"defense": answer} if answer is not None else {}
    answers.update(kwargs.pop("answers", {}))
    request = AttackRequest(attacker, target, weapon, answers=answers, **kwargs)
    return GURPS.resolve_attack(table, request, ScriptedDice(dice))


def _condition(resolution: Resolution, token: str) -> dict[str, Any]:
    return dict(resolution.board.token(token).stats["condition"])


def test_a_hit_waits_for_the_defenders_choice_with_exact_odds() -> None:
    # "If you make your attack roll ... Your attack is good enough to hit him - if he fails to
    # defend." Axe-13, dice 3+4+4 = 11: success by 2. The knight's choices from the front:
    # Dodge 9 + DB 2 = 11, Parry 10 + 2 = 12, Block 9 + 2 = 11; dodge and drop is not allowed
    # against a melee attack.
    table = _duel()
    paused = _attack(table, [3, 4, 4])
    assert paused.decision is not None and paused.board is table
    assert [type(e) for e in paused.events] == [RollMade, Hit]
    assert paused.events[0].result == "success by 2"
    choices = {c.id: c for c in paused.decision.choices}
    assert choices["dodge"].probability == pytest.approx(float(success_chance(11)))
    assert choices["parry:Broadsword"].probability == pytest.approx(float(success_chance(12)))
    assert choices["block"].probability == pytest.approx(float(success_chance(11)))
    assert choices["block+retreat"].probability == pytest.approx(float(success_chance(12)))
    assert choices["none"].allowed
    assert not choices["dodge+drop"].allowed
    assert choices["dodge+drop"].why_not == "dodge and drop is only against ranged attacks"


def test_parry_with_retreat_steps_back_and_counts_the_parry() -> None:
    # "Retreat": +1 to Parry; the knight at (1, 0) steps one hex away from the orc at (0, 0).
    # Parry 10 + DB 2 + retreat 1 = 13; dice 5+5+3 = 13: success by 0.
    done = _attack(_duel(), [3, 4, 4, 5, 5, 3], ("parry:Broadsword", "retreat"))
    assert done.decision is None
    assert DefenseChosen("knight", "orc", "Parry (Broadsword) + Retreat 13") in done.events
    assert TokenPushed("knight", (2.0, 0.0)) in done.events
    assert Defended("knight", "orc", 1) in done.events
    assert (done.board.token("knight").x, done.board.token("knight").y) == (2.0, 0.0)
    condition = _condition(done, "knight")
    assert condition["parries"] == {"Broadsword": 1} and condition["retreated_from"] == "orc"
    assert _condition(done, "orc")["attacked_with"] == ["Axe"]
    assert done.data["defense"]["margin"] == 0 and done.data["defense"]["success"]


def test_the_answer_can_be_one_joined_choice_id() -> None:
    joined = _attack(_duel(), [3, 4, 4, 5, 5, 3], ("parry:broadsword+retreat",))
    split = _attack(_duel(), [3, 4, 4, 5, 5, 3], ("parry:Broadsword", "retreat"))
    assert joined.events == split.events


def test_a_wall_behind_leaves_no_room_to_retreat_l139() -> None:
    # L139: to retreat "you must move away from your attacker: at least one yard". The fake
    # wall at x = 1.8 stops the knight's step (from x = 1 to 2) at 1.3: less than a yard, so
    # every retreat is refused with the reason and its odds are not offered; the plain
    # defenses stay (Parry 10 + DB 2 = 12). Axe-13 rolls 3+4+4 = 11: a hit.
    paused = _attack(_duel(wall_x=1.8), [3, 4, 4])
    assert paused.decision is not None
    choices = {c.id: c for c in paused.decision.choices}
    for retreat in ("dodge+retreat", "parry:Broadsword+retreat", "block+retreat"):
        assert not choices[retreat].allowed
        assert choices[retreat].why_not == "no room to retreat: a wall (wall-1) behind Knight"
        assert choices[retreat].probability is None
    assert choices["parry:Broadsword"].allowed and choices["parry:Broadsword"].label == \
        "Parry (Broadsword) 12"
    with pytest.raises(RulesError, match="no room to retreat"):
        _attack(_duel(wall_x=1.8), [3, 4, 4, 5, 5, 3], ("parry:Broadsword", "retreat"))
    card = GURPS.preview_attack(_duel(wall_x=1.8), AttackRequest("orc", "knight", "Axe"))
    assert not any("Retreat" in c.label for c in card.chances)


def test_failed_dodge_lets_damage_through_with_dr_wounding_and_major_wound() -> None:
    # Dodge 11, dice 6+6+1 = 13: failure by 2. Damage 2d+2 cut: 4+3+2 = 9, DR 3: 6
    # penetrating x1.5 = 9 injury; HP 12 -> 3. Shock -4 (at most). 9 > 12/2: a major wound,
    # HT 12: dice 2+3+4 = 9 succeeds, no stun.
    done = _attack(_duel(), [3, 4, 4, 6, 6, 1, 4, 3, 2, 3, 4], ("dodge",))
    assert Injured("knight", 9, 3, 9, 3, 12) in done.events
    condition = _condition(done, "knight")
    assert (condition["hp"], condition["shock"]) == (3, -4)
    assert "stunned" not in condition
    assert done.data["hits_landed"] == 1


def test_a_failed_major_wound_roll_stuns_and_knocks_down_and_stun_costs_4() -> None:
    # As above but HT dice 6+5+4 = 15 fail by 3: stunned and prone. "If you are stunned, any
    # active defense is at -4" (and no retreat while stunned); prone -3 (Posture table).
    done = _attack(_duel(), [3, 4, 4, 6, 6, 1, 4, 3, 6, 5, 4], ("dodge",))
    assert StatusAdded("knight", "stunned") in done.events
    again = _attack(done.board, [3, 4, 4])
    assert again.decision is not None
    choices = {c.id: c for c in again.decision.choices}
    # Dodge 9 + DB 2 - 4 stunned - 3 prone = 4.
    assert choices["dodge"].label == "Dodge 4"
    assert choices["dodge+retreat"].why_not == "cannot retreat while stunned"


def test_a_critical_hit_allows_no_defense() -> None:
    # "Your foe does not get to attempt a defense roll if you rolled a critical hit."
    # Dice 1+1+2 = 4: critical; damage 1+1+1 = 3, DR 3: nothing gets through.
    done = _attack(_duel(), [1, 1, 2, 1, 1])
    assert done.decision is None and "critical hit: no defense" in done.notes
    assert Injured("knight", 4, 3, 1, 11, 12) in done.events


@pytest.mark.parametrize(("knight", "arc", "why"), [
    ({"unaware": True}, "front", "no defense: unaware of the attack"),
    ({"unconscious": True}, "front", "no defense: unconscious"),
    ({"immobilized": True}, "front", "no defense: immobilized"),
    ({"maneuver": "all-out-attack"}, "front", "no defense: made an All-Out Attack"),
    ({}, "back", "no defense: attacked from behind"),
])
def test_no_active_defense(knight: dict[str, Any], arc: str, why: str) -> None:
    # "You also get no active defense if you're unaware of the attack ... unconscious,
    # immobilized"; "if you made an All-Out Attack, you have no active defense"; the map's
    # back arc. Dice 3+4+4 hit; damage 1+1 = 2+2 = 4 vs DR 3: 1 x1.5 = 1 injury.
    done = _attack(_duel(facts(1.0, arc=arc), knight=knight), [3, 4, 4, 1, 1])
    assert done.decision is None and why in done.notes


def test_dodge_and_drop_against_a_bow_lays_the_defender_prone() -> None:
    # "Dodge and Drop": +3 against ranged attacks, leaves you prone. Bow-14 at 12 yards:
    # range -5 (15 yd column) -> 9; dice 2+3+3 = 8. Dodge 9 + DB 2 (a bow is muscle-powered)
    # + 3 = 14; dice 6+5+2 = 13 succeeds.
    fake = FakeMap({("archer", "knight"): facts(12.0)})
    table = board(piece("archer", ARCHER), piece("knight", KNIGHT, x=12.0), measurer=fake)
    done = _attack(table, [2, 3, 3, 6, 5, 2], ("dodge", "drop"), weapon="Bow",
                   attacker="archer")
    assert done.data["target_number"] == 9
    assert DefenseChosen("knight", "archer", "Dodge + Drop 14") in done.events
    assert StatusAdded("knight", "prone") in done.events
    assert _condition(done, "knight")["posture"] == "prone"


def test_block_once_per_turn_and_not_against_bullets() -> None:
    # "You may attempt to block only one attack per turn." Block 11: dice 3+3+3 = 9 succeeds.
    done = _attack(_duel(), [3, 4, 4, 3, 3, 3], ("block",))
    second = _attack(done.board, [3, 4, 4])
    assert second.decision is not None
    block = next(c for c in second.decision.choices if c.id == "block")
    assert block.why_not == "blocked already this turn"
    # "You cannot block bullets or beam weapons"; a shield's DB does not count against them.
    gunman = {"attacks": [{"name": "Pistol", "skill": 14, "damage": "2d pi", "kind": "firearm",
                           "range": [150, 1500]}]}
    fake = FakeMap({("gun", "knight"): facts(5.0)})
    table = board(piece("gun", gunman), piece("knight", KNIGHT, x=5.0), measurer=fake)
    shot = _attack(table, [3, 3, 3], weapon="Pistol", attacker="gun")
    assert shot.decision is not None
    choices = {c.id: c for c in shot.decision.choices}
    assert choices["block"].why_not == "cannot block bullets or beams"
    assert choices["dodge"].label == "Dodge 9"


def test_all_out_defense_gives_a_second_different_defense() -> None:
    # "All-Out Defense (Double Defense) ... a second defense ... if your first defense fails."
    # Dodge 11: dice 6+6+2 = 14 fails; the second decision forbids Dodge; Parry 12: 3+3+3 = 9.
    table = _duel(knight={"maneuver": "all-out-defense"})
    paused = _attack(table, [3, 4, 4, 6, 6, 2], ("dodge",))
    assert paused.decision is not None and paused.decision.id == "second-defense"
    assert next(c for c in paused.decision.choices if c.id == "dodge").allowed is False
    done = _attack(table, [3, 4, 4, 6, 6, 2, 3, 3, 3], ("dodge",),
                   answers={"second-defense": ("parry:Broadsword",)})
    assert Defended("knight", "orc", 1) in done.events and done.data["hits_landed"] == 0


def test_a_not_allowed_answer_is_refused_naming_why() -> None:
    with pytest.raises(RulesError, match=r"not allowed \(dodge and drop is only against ranged"):
        _attack(_duel(), [3, 4, 4], ("dodge", "drop"))
    with pytest.raises(RulesError, match="no such defense"):
        _attack(_duel(), [3, 4, 4], ("parry:Spoon",))


def test_acrobatic_dodge_rolls_acrobatics_first() -> None:
    # "Acrobatic Dodge": Acrobatics-12 first: dice 5+5+5 = 15 fails, -2: Dodge 11 - 2 = 9;
    # dice 3+3+3 = 9 still succeeds. Once per turn: the next one is not allowed.
    knight = dict(KNIGHT, skills={"Acrobatics": 12})
    fake = FakeMap({("orc", "knight"): facts(1.0)})
    table = board(piece("orc", ORC), piece("knight", knight, x=1.0), measurer=fake)
    done = _attack(table, [3, 4, 4, 5, 5, 5, 3, 3, 3], ("dodge", "acrobatic"))
    rolls = [e for e in done.events if isinstance(e, RollMade)]
    assert [r.purpose for r in rolls] == ["Axe (Swung)", "Acrobatics", "Dodge + Acrobatic"]
    assert (rolls[2].target, rolls[2].result) == (9, "success by 0")
    again = _attack(done.board, [3, 4, 4])
    assert again.decision is not None
    acrobatic = next(c for c in again.decision.choices if c.id == "dodge+acrobatic")
    assert acrobatic.why_not == "Acrobatic Dodge once per turn"


def test_rapid_fire_dodge_avoids_one_hit_plus_margin() -> None:
    # "If a single rapid-fire attack scores multiple hits, a successful Dodge roll lets you avoid
    # one hit, plus additional hits equal to your margin of success." SMG RoF 4, Recoil 2,
    # skill 16 at 5 yd (-2) = 14; dice 2+2+3 = 7: margin 7 -> 1 + 3 = 4 hits. Dodge 9 (no DB
    # against a firearm): dice 3+3+2 = 8 succeeds by 1 -> avoids 2; 2 hits land.
    gunman = {"attacks": [{"name": "SMG", "skill": 16, "damage": "1d pi", "kind": "firearm",
                           "range": [160, 1900], "rate_of_fire": 4, "recoil": 2}]}
    fake = FakeMap({("gun", "knight"): facts(5.0)})
    table = board(piece("gun", gunman), piece("knight", KNIGHT, x=5.0), measurer=fake)
    done = _attack(table, [2, 2, 3, 3, 3, 2, 1, 1], ("dodge",), weapon="SMG", attacker="gun")
    assert Defended("knight", "gun", 2) in done.events
    assert done.data["hits_landed"] == 2
    assert [e for e in done.events if isinstance(e, Injured)] == [
        Injured("knight", 1, 3, 0, 12, 12), Injured("knight", 1, 3, 0, 12, 12)]


def test_out_of_reach_is_refused() -> None:
    with pytest.raises(RulesError, match=r"out of reach \(3 yd; Axe \(Swung\) reaches 1"):
        _attack(_duel(facts(3.0)), [3, 4, 4])


SQUIRE = {"st": 10, "dx": 11, "ht": 10, "hp": 10, "dodge": 9,
          "attacks": [{"name": "Spear", "skill": 12, "damage": "1d+1 imp", "parry": 9}]}


def _guarded(attacker: str = "orc", distance: float = 1.0) -> Board:
    fake = FakeMap({(attacker, "knight"): facts(distance), (attacker, "squire"): facts(distance)},
                   touching={frozenset(("squire", "knight"))})
    foe = ORC if attacker == "orc" else ARCHER
    return board(piece(attacker, foe), piece("knight", KNIGHT, x=1.0, side=Side.HERO),
                 piece("squire", SQUIRE, x=0.5, y=0.87, side=Side.HERO), measurer=fake)
    # the squire stands in the hex beside both the attacker's line and the knight


def test_sacrificial_dodge_only_for_an_ally_who_can_step_in_the_way_l67() -> None:
    # L67: "you must be close enough to interpose yourself between your friend and his
    # attacker by taking a step". The orc at (0, 0), the knight at (1, 0): a squire touching
    # the knight from behind, at (2, 0), is a step from the knight but not from the line
    # between them (every point short of the knight is more than a yard off): refused with the
    # reason. The squire at (0.5, 0.87) is 0.87 yd from the line: offered.
    fake = FakeMap({("orc", "knight"): facts(1.0), ("orc", "squire"): facts(2.0)},
                   touching={frozenset(("squire", "knight"))})
    behind = board(piece("orc", ORC), piece("knight", KNIGHT, x=1.0, side=Side.HERO),
                   piece("squire", SQUIRE, x=2.0, side=Side.HERO), measurer=fake)
    paused = _attack(behind, [3, 4, 4])
    assert paused.decision is not None
    choice = {c.id: c for c in paused.decision.choices}["sacrifice:squire"]
    assert (choice.allowed, choice.why_not) == (False, "Squire cannot step between Orc and "
                                                       "Knight")
    beside = _attack(_guarded(), [3, 4, 4])
    assert beside.decision is not None
    assert {c.id: c for c in beside.decision.choices}["sacrifice:squire"].allowed


def test_sacrificial_dodge_puts_the_ally_in_the_way() -> None:
    # "Sacrificial Dodge": an ally a step away dodges (his own Dodge 9, no retreat); "If you
    # succeed, you are hit by the attack." Squire 3+3+3 = 9 succeeds; damage 2d+2 cut:
    # 1+1+2 = 4, no DR, x1.5 = 6 injury (HP 10 -> 4); a major wound: HT 10, 3+3+3 holds.
    paused = _attack(_guarded(), [3, 4, 4])
    assert paused.decision is not None
    choice = next(c for c in paused.decision.choices if c.id == "sacrifice:squire")
    assert choice.probability == pytest.approx(float(success_chance(9)))
    done = _attack(_guarded(), [3, 4, 4, 3, 3, 3, 1, 1, 3, 3, 3], ("sacrifice:squire",))
    assert Injured("squire", 4, 0, 6, 4, 10) in done.events
    assert not any(isinstance(e, Injured) and e.token == "knight" for e in done.events)
    assert _condition(done, "squire")["sacrificed"] is True


def test_a_failed_sacrificial_dodge_leaves_the_friend_his_defense() -> None:
    # "If you fail, you didn't move in time, but your friend still gets his normal defense
    # roll." Squire 6+6+6 fails; the knight is asked again and dodges (11): 3+3+3.
    paused = _attack(_guarded(), [3, 4, 4, 6, 6, 6], ("sacrifice:squire",))
    assert paused.decision is not None and paused.decision.id == "defense-after-sacrifice"
    done = _attack(_guarded(), [3, 4, 4, 6, 6, 6, 3, 3, 3], ("sacrifice:squire",),
                   answers={"defense-after-sacrifice": ("dodge",)})
    assert Defended("knight", "orc", 1) in done.events
    assert _condition(done, "squire")["sacrificed"] is True


def test_sacrificial_dodge_and_drop_by_three_saves_both() -> None:
    # "Sacrificial Dodge and Drop": both fall prone; "unless you succeed by 3 or more, in which
    # case neither of you is hit!" Bow-14 at 12 yd (-5) = 9: 2+3+3 = 8 hits. Squire Dodge
    # 9 + 3 = 12: 3+3+3 = 9, success by 3.
    done = _attack(_guarded("archer", 12.0), [2, 3, 3, 3, 3, 3], ("sacrifice:squire", "drop"),
                   weapon="Bow", attacker="archer")
    assert StatusAdded("squire", "prone") in done.events
    assert StatusAdded("knight", "prone") in done.events
    assert Defended("knight", "archer", 1) in done.events
    assert done.data["hits_landed"] == 0


def test_a_token_behind_leaves_no_room_to_retreat_l139() -> None:
    # L139 ("at least one yard"): a squire stands on (2, 0), where the knight would step; the
    # retreat is refused (greyed with the reason), not played for +1 without a step. The plain
    # parry 12 stays; a GM who overrides gets the +1 and a note, and the knight stays put.
    fake = FakeMap({("orc", "knight"): facts(1.0)})
    table = board(piece("orc", ORC), piece("knight", KNIGHT, x=1.0),
                  piece("squire", SQUIRE, x=2.0), measurer=fake)
    paused = _attack(table, [3, 4, 4])
    assert paused.decision is not None
    retreat = {c.id: c for c in paused.decision.choices}["parry:Broadsword+retreat"]
    assert not retreat.allowed
    assert retreat.why_not == "no room to retreat: Squire behind Knight"
    done = _attack(table, [3, 4, 4, 5, 5, 3], ("parry:Broadsword", "retreat"), gm_override=True)
    assert not any(isinstance(e, TokenPushed) for e in done.events)
    assert "no room to retreat: Squire behind Knight" in done.notes


def test_the_log_lines_show_every_roll_with_its_margin() -> None:
    # The breakdown the log shows: dice, skill, modifiers, effective skill, margin.
    done = _attack(_duel(), [3, 4, 4, 5, 5, 3], ("parry:Broadsword", "retreat"))
    assert done.notes[:3] == (
        "Orc Axe (Swung): 3d6 3+4+4 = 11 vs 13: success by 2",
        "Orc hits Knight",
        "Knight defends against Orc: Parry (Broadsword) + Retreat 13")
    assert "Knight Parry (Broadsword) + Retreat: 3d6 5+5+3 = 13 vs 10, +2 Medium Shield DB, " \
           "+1 retreat = 13: success by 0" in done.notes
    assert done.title == "Orc attacks Knight (Axe (Swung)): defended"


def test_all_out_attack_determined_and_its_price() -> None:
    # All-Out Attack (Determined): +4 in melee (Axe-13 -> 17); "if you made an All-Out Attack,
    # you have no active defense" - until the orc's next turn.
    table = _duel()
    done = _attack(table, [3, 4, 4, 3, 3, 3], ("parry:Broadsword",), options=("all-out-attack",))
    assert done.data["target_number"] == 17
    assert _condition(done, "orc")["maneuver"] == "all-out-attack"
    back = _attack(done.board, [3, 4, 4, 1, 1], weapon="Broadsword", attacker="knight",
                   target="orc")
    assert back.decision is None and "no defense: made an All-Out Attack" in back.notes


@pytest.mark.parametrize(("damage", "message"), [
    ("999999999d+2 imp", r"\.attacks\[0\]\.damage: damage '999999999d\+2 imp' rolls 999999999 "
                         r"dice: at most 2000"),
    ("1d+99999 cut", r"\.attacks\[0\]\.damage: damage '1d\+99999 cut' adds 99999: outside the "
                     r"allowed range -10000 to 10000"),
])
def test_damage_beyond_its_range_is_refused_naming_the_field(damage: str, message: str) -> None:
    # issue 31: a billion dice of damage rolled for minutes
    archer = {**ARCHER, "attacks": [{**ARCHER["attacks"][0], "damage": damage}]}
    with pytest.raises(RulesError, match=message):
        find_system("gurps").combatant_from_dict(archer, "tokens[archer].stats", "archer")
