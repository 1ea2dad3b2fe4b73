"""Breaking Things: target number, Hardness table, no raise bonus and no Aces."""

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.situational.breaking import (
    HARDNESS,
    object_target_number,
    roll_item_damage,
    roll_object_damage,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon

SWORD = Weapon("Longsword", DamageDice(True, (8,)))
BARBARIAN = Combatant(id="b", strength=TraitDie(12))


def test_hardness_table() -> None:
    # "4 Rope, 6 Bow, 8 Polearm, thin wooden door or wall, 10 Shield, longsword, thick wooden
    # door or wall, 12 Iron lock, manacles, shackles"
    assert [HARDNESS[k] for k in ("rope", "bow", "polearm", "thin wooden door", "shield",
                                  "longsword", "thick wooden wall", "iron lock", "manacles")] \
        == [4, 6, 8, 8, 10, 10, 10, 12, 12]


def test_target_number_parry_if_held_else_two() -> None:
    # "Use the wielder's Parry if held, or 2 if it's motionless."
    assert object_target_number(None) == 2
    assert object_target_number(7) == 7


def test_object_damage_does_not_ace() -> None:
    # "No Bonus Damage or Aces": d12 Strength shows 12, d8 shows 8 - neither is rolled again:
    # 12 + 8 = 20 >= 12 breaks an iron lock. Only two dice are used.
    dice = ScriptedDice([12, 8, 5])
    hit = roll_object_damage(dice, BARBARIAN, SWORD, HARDNESS["iron lock"])
    assert (hit.roll.total, hit.broken, dice.remaining) == (20, True, (5,))


def test_object_holds_below_hardness() -> None:
    # 3 + 4 = 7 against a thick door (10): it holds.
    hit = roll_object_damage(ScriptedDice([3, 4]), BARBARIAN, SWORD, HARDNESS["thick wooden door"])
    assert (hit.roll.total, hit.broken, hit.roll.result) == (7, False, "holds")


def test_damage_types_that_cannot_break_the_object() -> None:
    # "Damage Types: ... A club can't cut a rope": the GM says so, nothing breaks.
    club = Weapon("Club", DamageDice(True, (6,)))
    hit = roll_object_damage(ScriptedDice([6, 6]), BARBARIAN, club, HARDNESS["rope"],
                             can_damage=False)
    assert hit.broken is False


def test_item_damage_keeps_strength_bonus() -> None:
    # d12+1 Strength: 5 + 3 + 1 = 9.
    strong = Combatant(id="s", strength=TraitDie(12, 1))
    assert roll_item_damage(ScriptedDice([5, 3]), strong, SWORD).total == 9
