"""Every line of the stress tables (text, "Attacker's Weapon", "Defender's Armor",
"Situational bonuses"), mooks, multiple opponents and blow-through (text, "Mooks",
"Multiple Opponents")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fate_fakes import TOUCHING, FakeMap, board, piece

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Modifier, StressMarked, TakenOut
from battlemap.rules.fate.statblock import Combatant, Weapon
from battlemap.rules.fate.stress import stress_modifiers
from battlemap.rules.fate.system import Fate
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError
from battlemap.rules.table import MapFacts, Piece, Side

FATE = Fate()


@pytest.mark.parametrize(("weapon", "stress"), [
    ("unarmed", 0), ("dagger", 1), ("javelin", 1), ("bow", 1), ("improvised", 1),
    ("sword", 2), ("spear", 2), ("great-sword", 3), ("great-axe", 3)])
def test_attackers_weapon_row(weapon: str, stress: int) -> None:
    mods = stress_modifiers(Combatant("a", weapon=Weapon("w", weapon)), Combatant("d"),
                            higher=False, from_cover=False)
    assert sum(m.value for m in mods) == stress


@pytest.mark.parametrize(("armour", "stress"), [
    ("none", 0), ("leather", -1), ("light-scale", -1), ("chain", -2), ("heavy-scale", -2),
    ("legionary", -3)])
def test_defenders_armour_row(armour: str, stress: int) -> None:
    mods = stress_modifiers(Combatant("a"), Combatant("d", armour=armour), higher=False,
                            from_cover=False)
    assert sum(m.value for m in mods) == stress


def test_situational_lines_one_by_one() -> None:
    sword, axe, mace = Weapon("s", "sword"), Weapon("a", "axe"), Weapon("m", "mace")

    def extra(winner: Combatant, loser: Combatant, **where: bool) -> list[Modifier]:
        mods = stress_modifiers(winner, loser, higher=where.get("higher", False),
                                from_cover=where.get("cover", False))
        return [m for m in mods if m.reason not in (winner.wielded.type,)
                and not m.reason.endswith("armour")]

    # Half Might rounded down: Might 5 -> +2.
    assert extra(Combatant("a", skills={"might": 5}, weapon=sword), Combatant("d")) == \
        [Modifier(2, "half Might")]
    # Shield -1 unless an axe; an axe against a shield +1.
    assert extra(Combatant("a", weapon=sword), Combatant("d", shield=True)) == \
        [Modifier(-1, "shield")]
    assert extra(Combatant("a", weapon=axe), Combatant("d", shield=True)) == \
        [Modifier(1, "axe against a shield")]
    # Mace against chain mail +1 (net -1 for armour).
    mods = stress_modifiers(Combatant("a", weapon=mace), Combatant("d", armour="chain"),
                            higher=False, from_cover=False)
    assert sum(m.value for m in mods) == 2 - 2 + 1
    # Height, cover, getting up, rearming, surprised, immobilized.
    assert extra(Combatant("a", weapon=sword), Combatant("d"), higher=True) == \
        [Modifier(1, "height")]
    assert extra(Combatant("a", weapon=sword), Combatant("d"), cover=True) == \
        [Modifier(1, "from cover")]
    fighter = Combatant("a", weapon=sword)
    assert extra(fighter.with_condition(prone=True), Combatant("d")) == \
        [Modifier(-1, "getting up")]
    assert extra(fighter.with_condition(rearming=2), Combatant("d")) == \
        [Modifier(-1, "rearming")]
    assert extra(fighter.with_condition(surprised=True), Combatant("d")) == \
        [Modifier(-1, "surprised")]
    assert extra(fighter.with_condition(immobilized=True), Combatant("d")) == \
        [Modifier(-2, "immobilized")]


def test_height_from_elevation_and_cover_from_the_measured_map() -> None:
    # Aulus stands 1 cell above Brennus and Brennus sees him in light cover: +1 height,
    # +1 from cover. Aulus 0 0 0 + (+3) = 4 vs Brennus 0 0 0 0 (+2) = 2: 2 shifts,
    # stress 2 + 2 sword + 1 height + 1 cover = 6 -> no box: taken out (answer).
    up = MapFacts(distance=1.5, range_band="melee", cover_fraction=0.0, cover="none",
                  elevation_difference=1.0)
    back = MapFacts(distance=1.5, range_band="melee", cover_fraction=0.3, cover="light",
                    elevation_difference=-1.0)
    fake = FakeMap(pairs={("aulus", "brennus"): up, ("brennus", "aulus"): back})
    sword = {"skills": {"weapons": 3}, "weapon": {"name": "Gladius"}}
    table = board(piece("aulus", sword, Side.HERO),
                  piece("brennus", {"skills": {"fists": 2}}), fake=fake)
    done = FATE.resolve_attack(table, AttackRequest(
        "aulus", "brennus", answers={"stance": ("attack",), "consequence": ("severe",)}),
        ScriptedDice([2, 2, 2, 3, 2, 2, 2, 2]))
    reasons = [m["reason"] for m in done.data["stress"]["modifiers"]]
    assert reasons == ["sword", "height", "from cover"] and done.data["stress"]["stress"] == 6


def test_mounted_against_foot_counts_as_height() -> None:
    rider = Combatant("r", weapon=Weapon("Spatha", "sword"), mounted=True)
    # The resolution decides "higher" from elevation or mounted; check it end to end.
    table = board(piece("rider", {"skills": {"weapons": 2}, "weapon": {"name": "Spatha"},
                                  "mounted": True}, Side.HERO),
                  piece("foot", {}))
    done = FATE.resolve_attack(table, AttackRequest("rider", "foot",
                                                    answers={"stance": ("attack",)}),
                               ScriptedDice([2, 2, 2, 2, 2, 2, 2, 2]))
    # 2 vs 0 (foot unarmed Fists 0): 2 shifts + 2 sword + 1 height = 5: box 5.
    assert StressMarked("foot", 5, "Health", box=5) in done.events
    assert rider.mounted


WARRIOR = {"mook": True, "toughness": 2, "weapon": {"name": "Spear", "type": "spear"}}
CHIEF = {"skills": {"weapons": 4, "might": 3}, "weapon": {"name": "Great axe",
                                                          "type": "great-axe"}}
GLADIATOR = {"skills": {"weapons": 4, "athletics": 3, "might": 2},
             "weapon": {"name": "Gladius", "type": "sword"}, "armour": "leather",
             "shield": True, "health": 6}


def arena() -> object:
    warriors = [piece(f"w{i}", WARRIOR, group="warband") for i in range(1, 5)]
    fake = FakeMap(zones={p: "Sand" for p in ("pc", "chief", "w1", "w2", "w3", "w4")})
    return board(piece("pc", GLADIATOR, Side.HERO), piece("chief", CHIEF), *warriors,
                 fake=fake)


def test_chieftain_leading_4_warriors_rolls_weapons_6() -> None:
    # The text's example: a chieftain with Weapons 4 leads 4 warriors: 5 opponents against
    # one PC is 4:1 to 6:1, +2: the GM rolls at 6.
    card = FATE.preview_attack(arena(), AttackRequest("w1", "pc"))
    assert "odds 5:1" in card.lines[0] and "= +6" in card.lines[0]


def test_group_win_uses_the_leaders_great_axe() -> None:
    # Group +6 rolls 0 0 0 0 = 6; the gladiator attacks back at +4 and rolls 0 0 0 - = 3.
    # 3 shifts + 3 great axe - 1 leather + 1 half Might (3 // 2) + 1 axe against a shield
    # = 7 > 6 boxes: the gladiator takes a mild consequence.
    done = FATE.resolve_attack(arena(), AttackRequest(
        "w1", "pc", answers={"stance": ("attack",), "consequence": ("mild",)}),
        ScriptedDice([2, 2, 2, 2, 2, 2, 2, 1]))
    assert done.data["stress"]["stress"] == 7


def test_stress_of_an_attack_on_one_mook_stays_on_that_mook() -> None:
    # L75 "If a PC attacks multiple opponents simultaneously, any stress that blows through
    # one opponent is applied to the next one": an attack on warrior 1 alone is not that.
    # The gladiator +4 rolls + + 0 0 = 6 vs Toughness 2 rolling 0 0 0 0 = 2: 4 shifts + 2 sword
    # + 1 half Might (no armour) = 7 stress; w1 holds 2 and is out, the other 5 go nowhere.
    warriors = [piece(f"w{i}", WARRIOR, group="warband") for i in range(1, 5)]
    table = board(piece("pc", GLADIATOR, Side.HERO), *warriors)
    done = FATE.resolve_attack(table, AttackRequest("pc", "w1",
                                                    answers={"stance": ("attack",)}),
                               ScriptedDice([3, 3, 2, 2, 2, 2, 2, 2]))
    assert [e for e in done.events if isinstance(e, TakenOut)] == [TakenOut("w1")]
    assert [e.token for e in done.events if isinstance(e, StressMarked)] == ["w1"]
    assert all(not done.board.token(f"w{i}").stats.get("condition") for i in (2, 3, 4))


def test_stress_blows_through_to_the_next_of_the_mooks_attacked_at_once() -> None:
    # L75: the gladiator attacks w3 and then w1 at once (a volley: target w3, also w1). Same
    # roll, 7 stress: w3 takes 2 (out), w1 takes 2 (out); 3 are left and no one else is
    # attacked, so w2 and w4 (same group, same place) take nothing.
    warriors = [piece(f"w{i}", WARRIOR, group="warband") for i in range(1, 5)]
    table = board(piece("pc", GLADIATOR, Side.HERO), *warriors)
    done = FATE.resolve_attack(table, AttackRequest("pc", "w3", also=("w1",),
                                                    answers={"stance": ("attack",)}),
                               ScriptedDice([3, 3, 2, 2, 2, 2, 2, 2]))
    assert [e for e in done.events if isinstance(e, TakenOut)] == [TakenOut("w3"),
                                                                  TakenOut("w1")]
    assert StressMarked("w1", 2, "Toughness", total=2) in done.events
    assert not done.board.token("w2").stats.get("condition")
    assert not done.board.token("w4").stats.get("condition")


def test_several_opponents_at_once_must_be_mooks() -> None:
    # Blow-through is mook to mook: a named gladiator among them is refused before any die.
    table = board(piece("pc", GLADIATOR, Side.HERO), piece("w1", WARRIOR),
                  piece("g", GLADIATOR))
    with pytest.raises(RulesError, match="G is not a mook"):
        FATE.resolve_attack(table, AttackRequest("pc", "w1", also=("g",),
                                                 answers={"stance": ("attack",)}),
                            ScriptedDice([]))


def test_odds_table_rows() -> None:
    from battlemap.rules.fate.groups import odds_bonus
    assert [odds_bonus(n) for n in (2, 3, 4, 6, 7, 9, 10, 12)] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert TOUCHING.cover == "none"


def test_a_group_rolls_once_per_exchange() -> None:
    # L61 "the GM makes a single roll for them": three warriors in the gladiator's zone
    # attack him as one (Toughness 2 + 1 for 3:1). Exchange 1: W1's click rolls for all
    # three; W2's click in the same exchange is refused before any die; the next exchange
    # they roll again.
    fake = FakeMap(zones={t: "Sand" for t in ("pc", "w1", "w2", "w3")})
    warriors = [piece(f"w{i}", WARRIOR, group="warband") for i in range(1, 4)]
    table = board(piece("pc", GLADIATOR, Side.HERO), *warriors, fake=fake)
    fight = FATE.turn_control(table, "start", ScriptedDice([])).board
    first = FATE.resolve_attack(fight, AttackRequest("w1", "pc", answers={"stance": ("attack",)}),
                                ScriptedDice([2] * 8))
    assert first.data["rolls"][0]["modifiers"][-1] == {"value": 1, "reason": "odds 3:1"}
    with pytest.raises(RulesError, match="W1, W2, W3 already made their one roll against Pc"):
        FATE.resolve_attack(first.board, AttackRequest("w2", "pc"), ScriptedDice([]))
    later = FATE.turn_control(first.board, "next", ScriptedDice([])).board
    assert FATE.preview_attack(later, AttackRequest("w2", "pc")).problem is None


def test_taken_out_mooks_are_down_and_the_text_names_tokens() -> None:
    # The blow-through roll of the volley test: W3 and W1 taken out are down (the map greys
    # them), W2 is not; the group's roll names its leader by name, not by id (L61).
    warriors = [Piece(f"w{i}", f"Warrior {i}", 0, 0, side=Side.VILLAIN, group="warband",
                      stats=dict(WARRIOR)) for i in range(1, 4)]
    table = board(piece("pc", GLADIATOR, Side.HERO), *warriors)
    done = FATE.resolve_attack(table, AttackRequest("pc", "w3", also=("w1",),
                                                    answers={"stance": ("attack",)}),
                               ScriptedDice([3, 3, 2, 2, 2, 2, 2, 2]))
    assert [FATE.is_down(done.board.token(f"w{i}")) for i in (1, 2, 3)] == [True, False, True]
    touching = FakeMap(pairs={("w1", "pc"): replace(TOUCHING, adjacent_to_target=("w2",))})
    mob = board(piece("pc", GLADIATOR, Side.HERO), *warriors, fake=touching)
    card = FATE.preview_attack(mob, AttackRequest("w1", "pc"))
    assert card.lines[0].startswith("Warrior 1: Toughness Fair (+2) (leader Warrior 1, 2 foes)")


def test_the_gms_rulings_on_height_and_cover_reach_the_stress_from_the_override_menu() -> None:
    # L25 "Height: +1", L26 "Fighting from cover: +1", ruled by the GM on a flat, open map
    # (the fake measures everything level and in the open). Turn-based, Aulus Weapons +3,
    # Gladius, Might 2, against Brennus Weapons +3, Gladius, no shield or armour.
    # Aulus + 0 0 0 = 4 against Brennus 0 0 0 0 = 3: won by 1 shift.
    # Stress = 1 shift +2 sword +1 half Might (2 // 2) +1 height +1 from cover = 6.
    assert [f.key for f in FATE.overridable()] == ["cover", "attacker_cover", "elevation"]
    sword = {"skills": {"weapons": 3, "might": 2}, "weapon": {"name": "Gladius", "type": "sword"}}
    table = board(piece("aulus", sword, Side.HERO), piece("brennus", sword), mode="turns")
    ruled = AttackRequest("aulus", "brennus", overrides={"elevation": "1",
                                                         "attacker_cover": "cover"})
    card = FATE.preview_attack(table, ruled)
    assert "+1 height +1 from cover (shifts +5)" in card.lines[2]
    done = FATE.resolve_attack(table, ruled, ScriptedDice([3, 2, 2, 2, 2, 2, 2, 2]))
    assert done.data["stress"]["stress"] == 6
    # The other way: Brennus beats Aulus by 1 from the cover the GM gives him (the target's
    # cover as Aulus sees it): 1 +2 sword +1 half Might +1 from cover = 5; Aulus being higher
    # gives Brennus nothing.
    back = replace(ruled, overrides={"elevation": "1", "cover": "cover"})
    lost = FATE.resolve_attack(table, back, ScriptedDice([2, 2, 2, 2, 3, 2, 2, 2]))
    assert lost.data["stress"]["stress"] == 5
    assert "stress on Aulus: 1 shift +2 sword +1 half Might +1 from cover = 5" in lost.notes


def test_out_of_reach_is_refused_in_words_naming_both_and_their_zones() -> None:
    # Melee needs both in one zone (the docs' "Grid and zones"): Aulus in the Arena, Brennus
    # two metres off on the Platform; the card says who, whom and where, not only "not engaged".
    far = replace(TOUCHING, edge_gap=2.0)
    fake = FakeMap(pairs={("aulus", "brennus"): far, ("brennus", "aulus"): far},
                   zones={"aulus": "Arena", "brennus": "Platform"})
    sword = {"skills": {"weapons": 3}, "weapon": {"name": "Gladius", "type": "sword"}}
    table = board(piece("aulus", sword, Side.HERO), piece("brennus", sword), fake=fake)
    card = FATE.preview_attack(table, AttackRequest("aulus", "brennus"))
    assert card.problem == ("Aulus is not engaged with Brennus (Arena and Platform): melee "
                            "needs the same zone (or touching where no zones are drawn)")
