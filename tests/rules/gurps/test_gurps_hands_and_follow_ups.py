"""The rules of the text the first version had only in part: hands and ready weapons (L99,
L123, L125), DX for a bare-handed parry (L125), fencing weapons by skill (L107), the lasting
dodge and drop (L155), follow-up attacks after a retreat (L143), rapid-fire hits counted at
the table (L53). Each worked by hand."""

from __future__ import annotations

from typing import Any

import pytest
from gurps_table import ARCHER, KNIGHT, ORC, FakeMap, board, facts, piece

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import StatusAdded
from battlemap.rules.gurps.defense import DefensePlan, Threat, defense_plans
from battlemap.rules.gurps.statblock import Character, character_from_dict
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError, find_system

GURPS = find_system("gurps")
AXE = {"name": "Axe", "usage": "Swung", "skill": 13, "damage": "2d+2 cut", "weight": 4}


def _who(stats: dict[str, Any], **condition: Any) -> Character:
    data = dict(stats)
    if condition:
        data["condition"] = {**dict(stats.get("condition", {})), **condition}
    return character_from_dict(data, "t")


def _plans(defender: Character, attack: dict[str, Any] | None = None,
           attacker_id: str = "foe", distance: float = 1.0) -> dict[str, DefensePlan]:
    foe = character_from_dict({"st": 12, "attacks": [attack or AXE]}, "f")
    threat = Threat(attacker_id, foe, foe.attacks[0], "front", distance)
    return {p.id: p for p in defense_plans(defender, threat)}


PUNCH = {"name": "Punch", "skill": 12, "damage": "1d-1 cr", "reach": "C", "parry": 9,
         "unarmed": True, "skill_name": "Brawling"}


def test_a_man_with_an_axe_and_a_shield_has_no_hand_free_to_parry_l99() -> None:
    # L99: "if you are unarmed, you have an empty hand". Axe in the main hand, shield in the
    # other: no bare-handed parry. Without the shield one hand is free: Punch parry 9 - 3
    # (bare hands against a weapon) = 6.
    axeman = {"dodge": 8, "shield": {"name": "Shield", "db": 2, "block": 9},
              "attacks": [{**AXE, "parry": 9}, PUNCH]}
    plans = _plans(_who(axeman))
    assert plans["parry:Punch"].why_not == "a bare-handed parry needs an empty hand"
    free = _plans(_who({**axeman, "shield": None}))
    assert free["parry:Punch"].allowed and free["parry:Punch"].score == 6


def test_a_two_handed_staff_leaves_no_hand_and_wrestling_needs_both_l125() -> None:
    # A quarterstaff held in both hands: no free hand. Wrestling "requires both hands": with a
    # knife in one hand it cannot parry; Brawling (one hand) can (9 - 3 = 6).
    staff = {"name": "Staff", "usage": "Swung", "skill": 12, "damage": "1d+2 cr", "parry": 9,
             "hand": "both", "weight": 4}
    assert _plans(_who({"attacks": [staff, PUNCH]}))["parry:Punch"].why_not == \
        "a bare-handed parry needs an empty hand"
    knife = {"name": "Knife", "skill": 12, "damage": "1d-2 cut", "parry": 8, "weight": 1}
    grapple = {**PUNCH, "name": "Grapple", "skill_name": "Wrestling"}
    plans = _plans(_who({"attacks": [knife, PUNCH, grapple]}))
    assert plans["parry:Grapple"].why_not == \
        "Wrestling parries with both hands, and they are not free"
    assert plans["parry:Punch"].allowed and plans["parry:Punch"].score == 6


def test_only_ready_weapons_parry_when_the_gm_declares_them_l99() -> None:
    # condition.ready = ["Knife"]: the axe is slung, it cannot parry; the knife is in one
    # hand, the other is free for the Punch.
    fighter = {"attacks": [{**AXE, "parry": 9},
                           {"name": "Knife", "skill": 12, "damage": "1d-2 cut", "parry": 8},
                           PUNCH]}
    plans = _plans(_who(fighter, ready=["Knife"]))
    assert plans["parry:Axe"].why_not == "Axe is not in hand"
    assert plans["parry:Knife"].allowed and plans["parry:Punch"].allowed


def test_dx_parries_bare_handed_when_higher_l125() -> None:
    # L125: "Boxing, Brawling, Judo, or Karate skill - or DX, if higher": DX 14 gives 3 + 7 =
    # 10 against the Brawling Parry 9; against a punch there is no -3 (L127).
    plans = _plans(_who({"dx": 14, "attacks": [PUNCH]}), attack=PUNCH)
    assert (plans["parry:Punch"].label, plans["parry:Punch"].score) == ("Parry (Punch, DX)", 10)
    low = _plans(_who({"dx": 12, "attacks": [PUNCH]}), attack=PUNCH)
    assert low["parry:Punch"].score == 9  # 3 + 6 = 9: the skill's parry stands


def test_a_rapier_by_skill_name_gets_the_fencing_parry_penalty_l107() -> None:
    # L107: a fencing weapon parries again at -2, not -4. A rapier known by its skill name
    # (no fencing flag): the second parry at 11 - 2 = 9.
    rapier = {"name": "Rapier", "usage": "Thrust", "skill": 16, "damage": "1d+1 imp",
              "parry": 11, "skill_name": "Rapier"}
    plans = _plans(_who({"attacks": [rapier]}, parries={"Rapier": 1}))
    assert plans["parry:Rapier"].score == 9
    assert plans["parry:Rapier+retreat"].score == 12  # L141: a fencing retreat is +3


def test_a_dodge_and_drop_lasts_for_every_defense_against_that_foe_l155() -> None:
    # L155: "a dodge and drop applies to all of your defenses against one foe for one turn".
    # The knight dropped before the archer and lies prone: against the archer's next arrow
    # his Block 9 + DB 2 + 3 = 14 and Dodge 9 + 2 + 3 = 14, the prone -3 not cancelling it.
    # Against another archer he is just prone: Dodge 9 + 2 - 3 = 8.
    knight = _who(KNIGHT, posture="prone", dropped_from="foe")
    bow = ARCHER["attacks"][0]
    plans = _plans(knight, attack=bow, distance=10.0)
    assert (plans["block"].score, plans["dodge"].score) == (14, 14)
    other = _plans(knight, attack=bow, attacker_id="another", distance=10.0)
    assert other["dodge"].score == 8


def test_a_retreat_does_not_put_the_defender_beyond_follow_up_attacks_l143() -> None:
    # L143: "your retreat does not put you beyond the reach of his remaining attacks". The
    # knight retreated from the orc and now stands 2 yd off; the orc's axe (reach 1) still
    # reaches him this turn. Another foe at 2 yd does not.
    fake = FakeMap({("orc", "knight"): facts(2.0), ("ogre", "knight"): facts(2.0)})
    table = board(piece("orc", ORC), piece("ogre", ORC),
                  piece("knight", KNIGHT, x=2.0, retreated_from="orc"), measurer=fake)
    follow = GURPS.preview_attack(table, AttackRequest("orc", "knight", "Axe"))
    assert follow.problem is None
    other = GURPS.preview_attack(table, AttackRequest("ogre", "knight", "Axe"))
    assert other.problem == "out of reach (2 yd; Axe (Swung) reaches 1)"


def test_the_table_can_give_the_rapid_fire_hits_l53() -> None:
    # L53 with physical dice: the GM says 3 hits. The target (no defense: unaware) takes 3
    # hits of 1d pi: 2, 2, 2 damage, DR 0, x1 = 2 injury each (HP 10 -> 4). The attack roll
    # 4+4+4 = 12 against SMG-12 (margin 0 would give 1 hit).
    gun = {"st": 10, "dx": 12, "ht": 10, "hp": 10, "basic_speed": 5.5, "dodge": 8,
           "attacks": [{"name": "SMG", "skill": 12, "damage": "1d pi", "kind": "firearm",
                        "range": [160, 1900], "rate_of_fire": 8, "recoil": 2}]}
    target = {"hp": 10, "ht": 10, "dodge": 8, "condition": {"unaware": True}}
    table = board(piece("gunner", gun), piece("target", target, x=1.0),
                  measurer=FakeMap({("gunner", "target"): facts(1.0)}))
    done = GURPS.resolve_attack(table, AttackRequest("gunner", "target", "SMG",
                                                     params={"hits": "3"}),
                                ScriptedDice([4, 4, 4, 2, 2, 2]))
    assert done.data["hits_landed"] == 3
    assert done.board.token("target").stats["condition"]["hp"] == 4
    assert "3 hits, as the table counted them" in done.notes
    with pytest.raises(RulesError, match="hits: '9' is not a number of hits from 1 to 8"):
        GURPS.resolve_attack(table, AttackRequest("gunner", "target", "SMG",
                                                  params={"hits": "9"}), ScriptedDice([4]))
    with pytest.raises(RulesError, match="not a rapid-fire attack"):
        GURPS.resolve_attack(board(piece("orc", ORC), piece("knight", KNIGHT, x=1.0)),
                             AttackRequest("orc", "knight", "Axe", params={"hits": "2"}),
                             ScriptedDice([4]))


def test_a_flyer_rolls_aerobatics_and_drops_only_with_cover_below_l61_l161() -> None:
    # L61: "If flying, roll against Aerobatics instead": a flying harpy with Aerobatics-13
    # has the Acrobatic Dodge; without the skill it has none. L161: flying, a dodge and drop
    # "is possible only if a step would take you below concealing terrain".
    harpy = {"dodge": 9, "skills": {"Aerobatics": 13}, "attacks": [PUNCH]}
    bow = ARCHER["attacks"][0]
    plans = _plans(_who(harpy, moving="flying"), attack=bow, distance=10.0)
    assert plans["dodge+acrobatic"].allowed and plans["dodge+acrobatic"].acrobatics == 13
    assert plans["dodge+drop"].why_not == \
        "flying: no concealing terrain a step below (L161)"
    assert _plans(_who(harpy), attack=bow, distance=10.0)["dodge+acrobatic"].why_not == \
        "needs the Acrobatics skill"
    covered = _plans(_who(harpy, moving="flying", cover_below=True), attack=bow, distance=10.0)
    assert covered["dodge+drop"].allowed and covered["dodge+drop"].score == 12


def test_a_flyer_dropping_below_cover_does_not_end_prone_l161() -> None:
    # Bow-14 at 10 yd: -4 -> 10; 3+3+3 = 9 hits. Dodge 9 + 3 (drop) = 12: 3+3+3 = 9 succeeds.
    # "You don't end up prone."
    harpy = {"hp": 10, "ht": 10, "dodge": 9, "attacks": [PUNCH],
             "condition": {"moving": "flying", "cover_below": True}}
    table = board(piece("archer", ARCHER), piece("harpy", harpy, x=10.0),
                  measurer=FakeMap({("archer", "harpy"): facts(10.0)}))
    done = GURPS.resolve_attack(table, AttackRequest("archer", "harpy", "Bow",
                                                     answers={"defense": ("dodge", "drop")}),
                                ScriptedDice([3, 3, 3, 3, 3, 3]))
    condition = done.board.token("harpy").stats["condition"]
    assert condition.get("posture", "standing") == "standing"
    assert condition["dropped_from"] == "archer"
    assert "Harpy drops below the terrain (flying)" in done.notes


def test_the_attacker_may_follow_the_retreat_with_his_step_l145() -> None:
    # L145: "he can choose to follow you by taking his unused step". The knight at (1, 0)
    # retreats from the orc at (0, 0) to (2, 0) (Parry 10 + DB 2 + 1 = 13: 5+5+3 = 13 holds);
    # declared `follow`: the orc steps to (1, 0).
    fake = FakeMap({("orc", "knight"): facts(1.0)})
    table = board(piece("orc", ORC), piece("knight", KNIGHT, x=1.0), measurer=fake)
    request = AttackRequest("orc", "knight", "Axe", params={"follow": "yes"},
                            answers={"defense": ("parry:Broadsword", "retreat")})
    done = GURPS.resolve_attack(table, request, ScriptedDice([3, 4, 4, 5, 5, 3]))
    assert (done.board.token("knight").x, done.board.token("orc").x) == (2.0, 1.0)
    assert "Orc follows the retreat" in done.notes
    plain = GURPS.resolve_attack(table, AttackRequest(
        "orc", "knight", "Axe", answers={"defense": ("parry:Broadsword", "retreat")}),
        ScriptedDice([3, 4, 4, 5, 5, 3]))
    assert plain.board.token("orc").x == 0.0


def test_a_failed_parry_lets_the_attacker_hit_the_parrying_arm_l129() -> None:
    # L129: "a failed parry against a weapon means your attacker may choose to hit his
    # original target or the arm you parried with! If your arm suffers more than half your Hit
    # Points in injury, it is automatically crippled". Declared `arm`. Axe-13: 3+4+4 = 11 hits;
    # the knight parries, Broadsword 10 + DB 2 = 12: 6+6+1 = 13 fails. Damage 2d+2 cut:
    # 4+3 + 2 = 9, DR 3: 6 x 1.5 = 9 injury to the sword arm: more than 12 / 2 -> crippled,
    # the broadsword dropped. Major wound: HT 12 against 2+3+4 = 9 holds.
    table = board(piece("orc", ORC), piece("knight", KNIGHT, x=1.0),
                  measurer=FakeMap({("orc", "knight"): facts(1.0)}))
    request = AttackRequest("orc", "knight", "Axe", params={"parrying_arm": "yes"},
                            answers={"defense": ("parry:Broadsword",)})
    done = GURPS.resolve_attack(table, request, ScriptedDice([3, 4, 4, 6, 6, 1, 4, 3, 2, 3, 4]))
    assert StatusAdded("knight", "parrying arm crippled") in done.events
    assert StatusAdded("knight", "Broadsword dropped") in done.events
    assert done.board.token("knight").stats["condition"]["dropped"] == ["Broadsword"]
    assert "Orc hits Knight's parrying arm" in done.notes
    # the same dice without the declaration: a torso hit, nothing crippled
    plain = GURPS.resolve_attack(table, AttackRequest(
        "orc", "knight", "Axe", answers={"defense": ("parry:Broadsword",)}),
        ScriptedDice([3, 4, 4, 6, 6, 1, 4, 3, 2, 3, 4]))
    assert StatusAdded("knight", "parrying arm crippled") not in plain.events


def test_the_ruler_shows_move_and_a_move_beyond_basic_move_is_a_sprint_l147() -> None:
    # Basic Speed 6.25 -> Basic Move 6; encumbrance 1: Move 6 x 4/5 = 4.8 -> 4; the sprint
    # 4 x 1.2 = 4.8 -> at least Move + 1 = 5; the step of a maneuver is one yard. In combat,
    # 4 yards and then 3 more this turn: 7 > Basic Move 6, so he sprinted: L147, no retreat.
    knight = {**KNIGHT, "basic_speed": 6.25, "encumbrance": 1}
    move = GURPS.movement(piece("knight", knight))
    assert move is not None
    assert (move.name, move.pace, move.dash, move.dash_name) == ("Move", 4, 5, "Sprint")
    assert move.mode_named("step") is not None and move.mode_named("step").limit == 1.0
    table = board(piece("orc", ORC), piece("knight", knight, x=1.0),
                  combat={"round": 1, "order": ["knight", "orc"], "acting": 0})
    table = GURPS.moved(table, "knight", 4.0, "move")
    assert "sprinted" not in table.token("knight").stats["condition"]
    table = GURPS.moved(table, "knight", 3.0, "move")
    assert table.token("knight").stats["condition"]["sprinted"] is True
    plans = _plans(character_from_dict(table.token("knight").stats, "k"))
    assert plans["dodge+retreat"].why_not == "moved faster than Basic Move last turn"


def test_a_sprint_counts_only_in_his_own_turn_is_shown_and_the_gm_may_rule_it_l147() -> None:
    # L147 "if you moved faster than your Basic Move on your last turn": 7 yd > Basic Move 6
    # dragged in the orc's turn (the GM placing him) is no sprint of the knight's; the sprint
    # is shown on the token; the GM rules it either way for one attack (--override sprinted=).
    table = board(piece("orc", ORC), piece("knight", KNIGHT, x=1.0),
                  combat={"round": 1, "order": ["knight", "orc"], "acting": 1})
    assert "sprinted" not in GURPS.moved(table, "knight", 7.0, "move").token(
        "knight").stats.get("condition", {})
    sprinter = piece("knight", KNIGHT, x=1.0, sprinted=True)
    assert ("Spr", "moved beyond Basic Move: no retreat until his next turn (L147)") in [
        (b.text, b.tooltip) for b in GURPS.badges(sprinter, table)]

    def retreat(knight: Any, ruling: str) -> Any:
        request = AttackRequest("orc", "knight", "Axe", overrides={"sprinted": ruling})
        paused = GURPS.resolve_attack(board(piece("orc", ORC), knight), request,
                                      ScriptedDice([2, 3, 4]))
        assert paused.decision is not None
        return {c.id: c for c in paused.decision.choices}["dodge+retreat"]

    assert retreat(sprinter, "no").allowed
    fresh = retreat(piece("knight", KNIGHT, x=1.0), "yes")
    assert (fresh.allowed, fresh.why_not) == (False, "moved faster than Basic Move last turn")
    with pytest.raises(RulesError, match="override sprinted: 'maybe' is not yes or no"):
        retreat(sprinter, "maybe")


def test_a_vehicle_dodges_by_half_the_operators_skill_plus_handling_l73() -> None:
    # L73: "a biker with Driving (Motorcycle)-14 on a motorcycle with Handling +1 would have a
    # Dodge of 8" (14 / 2 = 7, + 1). The stat block's own dodge is replaced.
    bike = _who({"dodge": 11, "vehicle": {"operator_skill": 14, "handling": 1}})
    assert bike.dodge == 8
    assert _plans(bike)["dodge"].score == 8
    with pytest.raises(RulesError, match="vehicle: needs operator_skill"):
        _who({"vehicle": {"handling": 1}})


def test_a_hurt_tokens_hp_is_exact_harm_and_how_hurt_it_looks_is_for_everybody() -> None:
    # The exact HP is harm (the player view hides it unless the GM shares the token's harm);
    # everybody sees Reeling under a third of HP (4 of 14) and 0 HP at none left.
    from battlemap.rules.table import Side

    def shown(hp: int, side: Side) -> list[tuple[str, bool]]:
        stats = {"hp": 14, "condition": {"hp": hp}}
        return [(b.text, b.harm) for b in GURPS.badges(piece("orc", stats, side=side), board())
                if "HP" in b.tooltip or b.tooltip == "hit points"]
    assert shown(10, Side.VILLAIN) == [("10/14", True)]
    assert shown(4, Side.VILLAIN) == [("4/14", True), ("Reeling", False)]
    assert shown(0, Side.VILLAIN) == [("0/14", True), ("0 HP", False)]
    assert shown(4, Side.HERO) == [("4/14", True), ("Reeling", False)]


def test_a_bow_parries_like_a_light_club_and_is_ruined_as_a_bow_l119() -> None:
    # L119: "a bow like a light club. However, parrying just once with a bow will ruin it as a
    # bow". The archer (DX 13, no Broadsword: DX-5 = 8) parries as a club: 3 + 4 = 7. Axe-13:
    # 3+4+4 = 11 hits; 2+2+2 = 6 against 7 succeeds. The 4 lb axe against the 2 lb bow: twice
    # its weight, no breakage. The bow's shot is ruined; it still parries as a club.
    table = board(piece("orc", ORC), piece("archer", ARCHER, x=1.0),
                  measurer=FakeMap({("orc", "archer"): facts(1.0)}))
    paused = GURPS.resolve_attack(table, AttackRequest("orc", "archer", "Axe"),
                                  ScriptedDice([3, 4, 4]))
    assert paused.decision is not None
    labels = {c.id: c.label for c in paused.decision.choices}
    assert labels["parry:Bow club"] == "Parry (Bow club) 7"
    done = GURPS.resolve_attack(table, AttackRequest(
        "orc", "archer", "Axe", answers={"defense": ("parry:Bow club",)}),
        ScriptedDice([3, 4, 4, 2, 2, 2]))
    assert StatusAdded("archer", "Bow ruined") in done.events
    with pytest.raises(RulesError):
        GURPS.resolve_attack(done.board, AttackRequest("archer", "orc", "Bow"),
                             ScriptedDice([3, 3, 3]))
    again = GURPS.resolve_attack(done.board, AttackRequest("orc", "archer", "Axe"),
                                 ScriptedDice([3, 4, 4]))
    assert again.decision is not None
    assert "parry:Bow club" in {c.id for c in again.decision.choices}
