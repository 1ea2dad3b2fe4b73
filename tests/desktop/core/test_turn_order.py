"""Who may act when, Defend's no-running rule, and the Natural Weapons a GM reaches by action.

Expected values are worked out from the Savage Pathfinder situational rules text (paragraphs
named in each test) and the Action Card turn order (battlemap.desktop.core.turns). The hero (a Wild
Card) and the orc (an Extra, Parry 5, Toughness 5) stand side by side.
"""

import pytest
from support.spf_on_map import (
    ActionRequest,
    AttackError,
    Declared,
    begin_combat,
    go_on_hold,
    perform_action,
    resolve_attack,
    resolve_volley,
)

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

HERO = {"wild_card": True, "attributes": {"strength": "d8", "vigor": "d8"},
        "skills": {"fighting": "d8", "athletics": "d8"},
        "weapons": [{"name": "Sword", "damage": "str+d8"}]}
ORC = {"attributes": {"vigor": "d6"}, "skills": {"fighting": "d6"},
       "weapons": [{"name": "Axe", "damage": "str+d6"}]}
WOLF = {"wild_card": True, "attributes": {"strength": "d6"},
        "skills": {"fighting": "d8", "athletics": "d8"},
        "weapons": [{"name": "Bite", "damage": "str+d6", "natural": True}]}
CAT = {"skills": {"athletics": "d6"},
       "weapons": [{"name": "Claws", "damage": "str+d4", "natural": True}]}


def side_by_side(*extra: Token) -> Encounter:
    return Encounter(tokens=(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO, stats=HERO),
                             Token("orc", "Orc", 2.5, 5.5, side=Side.VILLAIN, stats=ORC),
                             *extra))


def hero_first(enc: Encounter) -> Encounter:
    """Round 1: the hero is dealt the King, the orc the Two: the hero acts."""
    return begin_combat(enc, PhysicalCards(["KS", "2C"]))[0]


def test_an_attack_out_of_turn_is_refused_naming_whose_turn_it_is() -> None:
    enc = hero_first(side_by_side())
    with pytest.raises(AttackError, match="it is Hero's turn, not Orc's"):
        resolve_attack(enc, "orc", "hero", ScriptedDice([1]))


def test_the_gm_overrides_the_turn_order_and_the_log_says_so() -> None:
    """Fighting d6 1 vs the hero's Parry 6 (2 + 4): a miss, noted as the GM's override."""
    enc = hero_first(side_by_side())
    result = resolve_attack(enc, "orc", "hero", ScriptedDice([1]), gm_override=True)
    assert result.entry.title == "Orc attacks Hero (Axe): miss"
    assert "GM override: Orc acts out of turn (Hero's turn)" in result.entry.lines


def test_an_action_out_of_turn_is_refused_but_a_free_one_is_not() -> None:
    enc = hero_first(side_by_side())
    with pytest.raises(AttackError, match="Defend: it is Hero's turn, not Orc's"):
        perform_action(enc, ActionRequest("defend", "orc"), ScriptedDice([]))
    prone = perform_action(enc, ActionRequest("go-prone", "orc"), ScriptedDice([]))
    assert prone.encounter.token("orc").stats["condition"]["prone"] is True
    overridden = perform_action(enc, ActionRequest("defend", "orc", gm_override=True),
                                ScriptedDice([]))
    assert overridden.entry.lines[-1] == "GM override: Orc acts out of turn (Hero's turn)"
    assert overridden.encounter.log[-1] == overridden.entry


def test_a_token_on_hold_may_act_on_another_turn() -> None:
    """Hold: the hero goes on Hold on his turn; on the orc's turn he may still act."""
    enc = hero_first(side_by_side())
    enc, _ = go_on_hold(enc, "hero")
    result = perform_action(enc, ActionRequest("defend", "hero"), ScriptedDice([]))
    assert result.entry.title == "Hero Defends"


def test_a_free_attack_is_taken_out_of_turn() -> None:
    """Withdrawing from Melee: the orc's free attack comes on the hero's turn. Fighting d6 1
    vs Parry 6 misses."""
    enc = hero_first(side_by_side())
    result = perform_action(enc, ActionRequest("withdraw", "hero"), ScriptedDice([1]))
    assert "free attack: Orc attacks Hero (Axe): miss" in result.entry.lines


def test_defend_is_refused_after_running() -> None:
    """Defend: "The character may move but not run". The hero declared Running for his
    attack (Sword, Fighting d8 1 and Wild d6 1: a critical failure, no damage rolled)."""
    enc = hero_first(side_by_side())
    enc = resolve_attack(enc, "hero", "orc", ScriptedDice([1, 1]), "Sword",
                         declared=Declared(running=True)).encounter
    with pytest.raises(AttackError, match="Hero ran this turn: Defend allows moving but not "
                                          "running"):
        perform_action(enc, ActionRequest("defend", "hero"), ScriptedDice([]))


def test_running_is_refused_while_defending() -> None:
    enc = hero_first(side_by_side())
    enc = perform_action(enc, ActionRequest("defend", "hero"), ScriptedDice([])).encounter
    with pytest.raises(AttackError, match="Hero Defends: he may move but not run"):
        resolve_attack(enc, "hero", "orc", ScriptedDice([1, 1]), "Sword",
                       declared=Declared(running=True))
    # S46: Defend "takes her entire turn - she cannot perform Multi-Actions" (issue 26)
    with pytest.raises(AttackError, match="Defend takes his entire turn"):
        resolve_attack(enc, "hero", "orc", ScriptedDice([1, 1]), "Sword")


def test_a_wolf_bites_the_orc_it_grappled() -> None:
    """Natural Weapons, "Bite: The creature may bite a target it's grappled ... a Fighting
    attack". Grappling: the wolf's Athletics d8 6 (Wild 2) vs the orc's unskilled d4 3 - 2 = 1:
    a raise, Bound (so Vulnerable: +2 to attacks at him). The bite: Fighting d8 5, Wild d6 1,
    +2 = 7 vs Parry 5: a hit, no raise; damage Strength d6 3 + d6 2 = 5 vs Toughness 5:
    Shaken."""
    wolf = Token("wolf", "Wolf", 2.5, 6.5, side=Side.VILLAIN, stats=WOLF)
    orc = Token("orc", "Orc", 2.5, 5.5, side=Side.HERO, stats=ORC)
    enc = Encounter(tokens=(wolf, orc))
    enc = perform_action(enc, ActionRequest("grapple", "wolf", "orc"),
                         ScriptedDice([6, 2, 3])).encounter
    bite = resolve_attack(enc, "wolf", "orc", ScriptedDice([5, 1, 3, 2]), "Bite")
    assert bite.entry.title == "Wolf attacks Orc (Bite): hit; Orc is Shaken"


def test_a_bite_at_a_foe_held_by_another_is_refused() -> None:
    """The orc is Bound by the first wolf; the second wolf has not grappled him: no bite."""
    wolf = Token("wolf", "Wolf", 2.5, 6.5, side=Side.VILLAIN, stats=WOLF)
    other = Token("wolf2", "Grey wolf", 3.5, 5.5, side=Side.VILLAIN, stats=WOLF)
    orc = Token("orc", "Orc", 2.5, 5.5, side=Side.HERO, stats=ORC)
    enc = Encounter(tokens=(wolf, other, orc))
    enc = perform_action(enc, ActionRequest("grapple", "wolf", "orc"),
                         ScriptedDice([6, 2, 3])).encounter
    with pytest.raises(AttackError, match="Bite: a creature may only bite a target it has "
                                          "grappled"):
        resolve_attack(enc, "wolf2", "orc", ScriptedDice([5, 1, 3, 2]), "Bite")


def test_claws_help_a_climb() -> None:
    """Natural Weapons, "Claws: Add +2 to Athletics (climbing) rolls on any rough or soft
    surface": Athletics d6 2 (an Extra) + 2 = 4, success; on sheer glass 2 fails."""
    cat = Token("cat", "Cat", 0.5, 0.5, stats=CAT)
    enc = Encounter(tokens=(cat,))
    climbed = perform_action(enc, ActionRequest("climb", "cat"), ScriptedDice([2]))
    assert climbed.entry.title == "Cat climbs: moves on"
    assert climbed.entry.lines[0].endswith("d6 2 = 2; +2 claws → 4 vs TN 4: success")
    slipped = perform_action(enc, ActionRequest("climb", "cat", rough_surface=False),
                             ScriptedDice([2]))
    assert slipped.entry.title == "Cat climbs: cannot move"


GUNNER = {"skills": {"shooting": "d6"},
          "weapons": [{"name": "Repeater", "damage": "2d6", "range": [12, 24, 48], "rof": 2}]}


def test_a_volley_out_of_turn_is_refused_and_the_gms_override_is_logged() -> None:
    """Rate of Fire 2 by the gunner (an Extra: two Shooting dice, no Wild Die) at two heroes
    7 and 7.6 cells away (Short range, TN 4) on the hero's turn (King against the gunner's
    Two). Refused; overridden, the dice d6 2 and 2 miss both, and the log names the override.
    No bystander stands in either line of fire, so the low dice hit nobody else."""
    enc = Encounter(tokens=(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO, stats=HERO),
                            Token("hero2", "Hero2", 1.5, 8.5, side=Side.HERO, stats=HERO),
                            Token("gunner", "Gunner", 8.5, 5.5, side=Side.VILLAIN,
                                  stats=GUNNER)))
    enc = begin_combat(enc, PhysicalCards(["KS", "QS", "2C"]))[0]
    with pytest.raises(AttackError, match="it is Hero's turn, not Gunner's"):
        resolve_volley(enc, "gunner", ["hero", "hero2"], ScriptedDice([2, 2]))
    result = resolve_volley(enc, "gunner", ["hero", "hero2"], ScriptedDice([2, 2]),
                            gm_override=True)
    assert result.entry.title == "Gunner shoots Hero, Hero2 (Repeater, 2 shots): Hero miss, " \
                                 "Hero2 miss"
    assert result.entry.lines[-1] == "GM override: Gunner acts out of turn (Hero's turn)"
