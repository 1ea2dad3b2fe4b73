"""Disarm: hitting the weapon (item damage vs Strength) or the limb / hand (-2 / -4)."""

from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Shaken, StatusAdded, Wounded
from battlemap.rules.savage_pathfinder.expressions import DamageDice
from battlemap.rules.savage_pathfinder.situational.disarm import (
    disarm_after_hit,
    disarm_weapon_hit,
    drop_weapon,
    shaken_or_wounded,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon

AXE = Weapon("Axe", DamageDice(True, (6,)))
SWORD = Weapon("Longsword", DamageDice(True, (8,)))
FIGHTER = Combatant(id="f", weapons=(SWORD,))


def test_hit_weapon_item_damage_no_aces_then_strength() -> None:
    # "the attacker rolls damage normally for an item (no raise effect or Aces)": Strength d6
    # shows 6, axe d6 shows 6 - no Aces - 12. "The defender must make a Strength roll equal to
    # the damage or drop the item": d6 shows 5 against 12, dropped.
    out = disarm_weapon_hit(ScriptedDice([6, 6, 5]), Combatant(id="a"), AXE, FIGHTER, "Longsword")
    assert out.events[0].total == 12
    assert out.events[1].target == 12
    assert out.states[0].weapons == ()
    assert StatusAdded("f", "disarmed: Longsword") in out.events


def test_hit_weapon_kept() -> None:
    # 1 + 2 = 3 damage; Strength 4 against 3 keeps the sword.
    out = disarm_weapon_hit(ScriptedDice([1, 2, 4]), Combatant(id="a"), AXE, FIGHTER,
                            "Longsword")
    assert out.states[0].weapons == (SWORD,)


def test_hand_hit_minus_four() -> None:
    # "he must make a Strength roll at -2 if it hit his limb or -4 if it hit his hand": Strength
    # d6 shows 6 (Ace) + 3 = 9 - 4 = 5, he keeps it.
    out = disarm_after_hit(ScriptedDice([6, 3]), FIGHTER, "Longsword", hand=True)
    assert out.events[0].total == 5
    assert out.states[0].weapons == (SWORD,)


def test_limb_hit_minus_two() -> None:
    # 5 - 2 = 3: he drops it.
    out = disarm_after_hit(ScriptedDice([5]), FIGHTER, "Longsword", hand=False)
    assert out.events[0].total == 3
    assert out.states[0].weapons == ()


def test_disarm_due_only_when_shaken_or_wounded() -> None:
    # "If an attack against a target's hand or limb Shakes or Wounds him".
    assert shaken_or_wounded([Shaken("f")], "f") is True
    assert shaken_or_wounded([Wounded("f", 1, 1)], "f") is True
    assert shaken_or_wounded([Shaken("g")], "f") is False


def test_drop_unknown_weapon_is_refused() -> None:
    try:
        drop_weapon(FIGHTER, "Bow")
    except ValueError as error:
        assert "no weapon called 'Bow'" in str(error)
    else:
        raise AssertionError("dropping a weapon he does not hold must fail")
