"""The last wrong rulings of issue 26, each worked by hand with scripted dice from the line it
names, played through the system's interface (what the GUI and ``battlemap attack`` call).
Each failed before its fix."""

from __future__ import annotations

from typing import Any

import pytest

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import ActionRequest, AttackRequest
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.savage_pathfinder.cards import PhysicalCards
from battlemap.rules.savage_pathfinder.table.turns import begin_combat
from battlemap.rules.table import Board, Piece, Side
from battlemap.rules.testing import open_board

SYSTEM = find_system("savage-pathfinder")
SWORD = {"name": "Sword", "damage": "Str+d8"}


def _hero(**stats: Any) -> Piece:
    return Piece("ann", "Ann", 1.5, 1.5, side=Side.HERO, stats={
        "skills": {"fighting": "d8", "taunt": "d8"}, "weapons": [SWORD], **stats})


def _orc(x: float = 2.5, **stats: Any) -> Piece:
    return Piece("orc", "Orc", x, 1.5, side=Side.VILLAIN,
                 stats={"skills": {"fighting": "d6"}, **stats})


def _fight(*tokens: Piece) -> Board:
    """Combat, Ann acting on the King of Spades."""
    return begin_combat(open_board(tokens), PhysicalCards(["KS", "2C", "3C"]))[0]


def _act(board: Board, action: str, target: str | None = None, dice: tuple[int, ...] = (),
         **params: str) -> Any:
    return SYSTEM.perform_action(board, ActionRequest(action, "ann", target, params),
                                 ScriptedDice(dice))


def test_defend_takes_the_whole_turn() -> None:
    """S46: Defend "takes her entire turn - she cannot perform Multi-Actions". After Defend an
    attack or a Test is refused (before: allowed at -2 Multi-Action); a free action (going
    prone) is not. And one who has already attacked this turn cannot Defend."""
    board = _act(_fight(_hero(), _orc()), "defend").board
    with pytest.raises(RulesError, match="Ann Defends: Defend takes his entire turn"):
        SYSTEM.resolve_attack(board, AttackRequest("ann", "orc", "Sword"), ScriptedDice([5, 5]))
    with pytest.raises(RulesError, match="Defend takes his entire turn"):
        _act(board, "test", "orc", (6, 2), skill="taunt")
    assert _act(board, "go-prone").title == "Ann goes prone"
    # Fighting d8 5 vs Parry 5: a hit; Str d6 3 + d8 1 = 4 vs Toughness 5: no harm
    struck = SYSTEM.resolve_attack(_fight(_hero(), _orc()), AttackRequest("ann", "orc", "Sword"),
                                   ScriptedDice([5, 3, 1])).board
    with pytest.raises(RulesError, match="Ann has taken an action this turn: Defend takes"):
        _act(struck, "defend")


CROSSBOW = {"name": "Hand Crossbow", "damage": "2d4", "range": [5, 10, 20]}


def test_a_prone_defender_caught_in_melee_has_parry_two_less_for_a_shot_too() -> None:
    """S133: "If a prone defender is caught in melee, his Parry is reduced by 2"; S143: a
    one-handed ranged weapon in melee has "the TN ... the defender's Parry". The orc's Parry
    2 + d6/2 = 5, prone 3. Ann's Shooting d8 3 with the hand crossbow at him, adjacent: TN 3,
    a hit (before: TN 5, a miss); damage 2d4 1 + 1 = 2 vs Toughness 5: no harm. A sword blow at
    him meets TN 3 too, with no separate +2 for the prone (the Parry is the TN; the +2 is S183's
    Unarmed Defender: the orc holds no weapon)."""
    ann = _hero(skills={"shooting": "d8", "fighting": "d8"}, weapons=[SWORD, CROSSBOW])
    board = _fight(ann, _orc(condition={"prone": True}))
    shot = SYSTEM.resolve_attack(board, AttackRequest("ann", "orc", "Hand Crossbow"),
                                 ScriptedDice([3, 1, 1]))
    assert shot.title.startswith("Ann shoots Orc (Hand Crossbow): hit")
    assert "+1 in melee: TN is Parry 3" in shot.notes[0]
    blow = SYSTEM.preview_attack(board, AttackRequest("ann", "orc", "Sword"))
    assert "TN 3 · total +2" in blow.lines and "+2 Unarmed Defender" in blow.lines


def test_a_face_shot_with_an_armor_piercing_weapon_takes_the_armor_off_once() -> None:
    """S33: a face shot (-5, the head: +4 damage) bypasses the open-faced helmet's Armor;
    Armor Piercing takes Armor off too - but the Armor is gone once. The orc: Toughness 2 +
    d6/2 + Armor 2 = 7. A bolt with AP 2 from 5" (Short): Shooting d12 10 - 5 = 5, a hit;
    damage 2d4 1 + 2 = 3, +4 head = 7 against Toughness 7 - 2 (AP) = 5: Shaken (before: +2
    more for the bypass, 9: a raise, the orc out). With AP 1 the bypass is the 1 point AP
    leaves: 3 + 4 + 1 = 8 against 7 - 1 = 6: Shaken."""
    for ap, bypass in ((2, ""), (1, "+1 face: bypasses Armor 2 (AP 1 takes the rest)")):
        bolt = {**CROSSBOW, "ap": ap}
        board = _fight(_hero(skills={"shooting": "d12"}, weapons=[bolt]),
                       _orc(x=6.5, armor=2))
        shot = SYSTEM.resolve_attack(board, AttackRequest("ann", "orc", "Hand Crossbow",
                                                          ("called-shot-face",)),
                                     ScriptedDice([10, 1, 2]))
        assert shot.title == "Ann shoots Orc (Hand Crossbow): hit; Orc is Shaken"
        damage = shot.notes[1]
        assert ("bypasses" in damage) == bool(bypass) and bypass in damage


def test_a_bound_hero_may_taunt_and_support_with_words_but_not_with_a_blade() -> None:
    """S16: Bound, he "cannot make physical actions other than trying to break free" - words
    are no physical action (before: every Test and Support refused). Bound he is Distracted
    (-2, S51): Taunt d8 6 - 2 = 4 against the orc's Smarts d6 2: won, Distracted; a Fighting
    Support for Bo is refused with the reason; a verbal (Taunt) Support goes: d8 7 - 2 = 5, +1."""
    bound = {"bound": True, "distracted": True}
    board = _fight(_hero(condition=bound), _orc(), Piece("bo", "Bo", 1.5, 2.5, side=Side.HERO,
                                                        stats={}))
    taunted = _act(board, "test", "orc", (6, 2), skill="taunt")
    assert taunted.title == "Ann Tests Orc (Taunt): Orc is Distracted"
    with pytest.raises(RulesError, match="Bound, and may make no physical action"):
        _act(board, "support", "bo", (7,), skill="fighting")
    assert _act(board, "support", "bo", (7,), skill="taunt").title == \
        "Ann supports Bo (Taunt): +1"


def test_a_bound_or_entangled_victim_may_cut_himself_free() -> None:
    """S19: "Bound or Entangled victims may try to destroy the entanglement with an accessible
    and appropriate weapon. Weapon attacks hit automatically ... Hardness 4". Ann, Bound, with
    her sword: Strength d6 1 + d8 2 = 3 < 4, it holds; again 2 + 2 = 4: she is free (no
    longer Bound, so no longer Distracted or Vulnerable by it)."""
    board = _fight(_hero(condition={"bound": True}), _orc(x=6.5))
    held = _act(board, "cut-self-free", None, (1, 2), weapon="Sword")
    assert held.title == "Ann fails to cut himself free (Sword)"
    freed = _act(board, "cut-self-free", None, (2, 2), weapon="Sword")
    assert freed.title == "Ann cuts himself free (Sword)"
    assert not freed.board.token("ann").stats["condition"].get("bound")


def test_scale_reaches_every_attack() -> None:
    """S31: "Use the Scale Modifiers table to determine any bonus or penalty for the target's
    Scale"; S78: Huge is +4 against Normal; S4: Aim may "ignore up to 4 points of ... Scale
    penalties". Ann's sword at a Huge (Size 8) beast, Parry 5: Fighting d8 2 + 4 = 6, a hit
    (before: 2, a miss). Her hand crossbow at a Tiny (Size -4) rat 3" off: Shooting d8 7 - 6 = 1,
    a miss (before: 7, a hit); aimed, 7 - 6 + 4 = 5, a hit."""
    beast = _orc(size=8)
    board = _fight(_hero(weapons=[SWORD]), beast)
    blow = SYSTEM.resolve_attack(board, AttackRequest("ann", "orc", "Sword"),
                                 ScriptedDice([2, 1, 1]))
    assert blow.title.startswith("Ann attacks Orc (Sword): hit")
    assert "+4 Scale" in blow.notes[0]
    rat = Piece("rat", "Rat", 4.5, 1.5, side=Side.VILLAIN, stats={"size": -4})
    board = _fight(_hero(skills={"shooting": "d8"}, weapons=[CROSSBOW]), rat)
    shot = SYSTEM.resolve_attack(board, AttackRequest("ann", "rat", "Hand Crossbow"),
                                 ScriptedDice([7]))
    assert shot.title == "Ann shoots Rat (Hand Crossbow): miss"
    assert "-6 Scale" in shot.notes[0]
    aimed = SYSTEM.resolve_attack(board, AttackRequest("ann", "rat", "Hand Crossbow", ("aim",)),
                                  ScriptedDice([7, 1, 1]))
    assert aimed.title.startswith("Ann shoots Rat (Hand Crossbow): hit")
