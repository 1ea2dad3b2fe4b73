"""Pasting a stat block as text: each field read, what could not be read named, and printed
Parry and Toughness checked against the combat text's derivations (Fighting: "Parry (2 plus
half his Fighting die type ...)"; Toughness 2 + half Vigor + Armor, shown "8 (2)")."""

from battlemap.rules.savage_pathfinder import combatant_from_dict
from battlemap.rules.savage_pathfinder.statblock_text import (
    Mismatch,
    Reading,
    Unread,
    read_stat_block,
)

BOSS = """\u272a Goblin Boss
A wiry goblin with a big hat.
Attributes: Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d8
Skills: Athletics d6, Fighting d8, Notice d6, Shooting d8,
Stealth d10, Intimidation d6
Pace: 6; Parry: 7 (1); Toughness: 8 (2)
Hindrances: Greedy (Minor)
Edges: Quick, Dodge
Gear: Scimitar (Str+d6), shortbow (Range 12/24/48, Damage 2d6, RoF 1, two hands),
small shield (+1 Parry), leather armor (+2), 3 gp
Special Abilities:
\u2022 Infravision: Halves darkness penalties.
"""


def test_a_wild_card_boss_is_read_field_by_field() -> None:
    block = read_stat_block(BOSS)
    assert block.name == "Goblin Boss" and block.stats["wild_card"] is True
    assert block.stats["attributes"] == {"agility": "d8", "smarts": "d6", "spirit": "d6",
                                         "strength": "d6", "vigor": "d8"}
    assert block.stats["skills"]["stealth"] == "d10"  # from the wrapped Skills line
    assert block.stats["skills"]["intimidation"] == "d6"
    assert block.stats["weapons"] == [
        {"name": "Scimitar", "damage": "str+d6"},
        {"name": "Shortbow", "range": [12, 24, 48], "damage": "2d6", "rof": 1,
         "two_handed": True},
        {"name": "Small shield", "parry": 1, "shield": True}]
    assert (block.stats["armor"], block.stats["pace"], block.stats["edges"]) == (
        2, 6, ["Quick", "Dodge"])
    assert Reading("armor", "2", "leather armor (+2)") in block.readings
    assert Reading("skills.fighting", "d8", "Fighting d8") in block.readings
    # Parry 2 + d8/2 + shield 1 = 7 and Toughness 2 + d8/2 + Armor 2 = 8: as printed.
    assert block.mismatches == () and block.unread == ()
    assert [i.text for i in block.ignored] == [
        "A wiry goblin with a big hat.", "Greedy (Minor)", "3 gp",
        "Infravision: Halves darkness penalties."]
    boss = combatant_from_dict(block.stats, "pasted", "boss")
    assert (boss.parry, boss.toughness, boss.weapon("shortbow").fires) == (7, 8, True)


def test_printed_values_that_differ_are_pointed_out_not_used() -> None:
    # Vigor d6 and Armor 1: Toughness 2 + 3 + 1 = 6, printed 7 (1); Fighting d6, no shield:
    # Parry 5, printed 6. Both are listed; the stat block keeps what the lines say.
    block = read_stat_block("Orc\nAttributes: Agility d6, Smarts d4, Spirit d6, Strength d8, "
                            "Vigor d6\nSkills: Fighting d6\nPace: 6; Parry: 6; Toughness: 7 (1)")
    assert block.mismatches == (
        Mismatch("parry", 6, 5, "2 + half Fighting d6 3 = 5; printed 1 more: something this "
                                "reader did not find (a bonus the text does not state?)"),
        Mismatch("toughness", 7, 6, "2 + half Vigor d6 3 + Armor 1 = 6; printed 1 more: "
                                    "something this reader did not find (a bonus the text "
                                    "does not state?)"))
    assert block.stats["armor"] == 1  # from the printed "(1)", no armour in the gear
    assert block.stats["wild_card"] is False


def test_lines_it_cannot_read_are_named() -> None:
    block = read_stat_block("Thing\nAttributes: Agility d7, Smarts d6, Luck d8\n"
                            "Skills: Fighting, Notice d6\nPace: fast\n"
                            "Gear: Axe (Str+d8, sharp)\nTreasure: Meager")
    assert block.unread == (
        Unread("Agility d7", "attributes.agility: 'd7' is not a die like d8 or d12+1"),
        Unread("Luck d8", "not an attribute and a die like d8 or d12+1"),
        Unread("Fighting", "not a skill and a die like d8 or d12+1"),
        Unread("Pace: fast", "expected a number such as 6 or 8 (2): 'fast' is not a "
                             "whole number"),
        Unread("sharp", "in Axe: not damage, range, RoF, AP, Reach, Parry, Min Str"),
        Unread("Treasure: Meager",
               "no field label this reader knows (Attributes:, Skills:, Pace:, ...)"))
    assert block.stats["skills"] == {"notice": "d6"}
    assert block.stats["weapons"] == [{"name": "Axe", "damage": "str+d8"}]


def test_creature_abilities_the_rules_use() -> None:
    # A dire wolf: Bite natural weapon, Size +1, Armor +1 hide, Resilient (an Extra that takes
    # one more Wound), and (for the test) Undead: no vitals for a head Called Shot, +2 Toughness.
    block = read_stat_block("Dire Wolf\nAttributes: Agility d8, Smarts d6 (A), Spirit d6, "
                            "Strength d10, Vigor d10\nSkills: Fighting d8, Notice d10\n"
                            "Pace: 10 (running die d10); Parry: 6; Toughness: 11 (1)\n"
                            "Special Abilities:\n- Bite: Str+d6.\n- Armor +1: Thick hide.\n"
                            "- Size +1: Big.\n- Resilient: One more Wound.\n- Undead: Dead.")
    assert block.stats["attributes"]["smarts"] == "d6"
    assert block.stats["weapons"] == [{"name": "Bite", "damage": "str+d6", "natural": True}]
    assert (block.stats["armor"], block.stats["size"], block.stats["max_wounds"]) == (1, 1, 1)
    assert (block.stats["pace"], block.stats["running_die"]) == (10, "d10")
    wolf = combatant_from_dict(block.stats, "pasted", "w1")
    assert not wolf.has_vitals and wolf.max_wounds == 1
    # Parry 2 + 4 = 6; Toughness 2 + half Vigor 5 + Armor 1 + Size 1 + Undead 2 = 11.
    assert block.mismatches == () and block.stats["toughness_bonus"] == 3


def test_commas_between_statistics_and_no_edges() -> None:
    # Some books print "Pace: 6, Parry: 5, Toughness: 5" and "Edges: —".
    block = read_stat_block("Zombie\nAttributes: Agility d6, Smarts d4, Spirit d4, Strength d6, "
                            "Vigor d6\nSkills: Fighting d6\nPace: 4, Parry: 5, Toughness: 5\n"
                            "Edges: \u2014\nHindrances: None")
    assert (block.stats["pace"], block.stats.get("edges", [])) == (4, [])
    assert block.mismatches == () and block.unread == ()


def test_size_is_added_to_toughness_as_the_books_print_it() -> None:
    # Ogre: Vigor d10, no Armor: 2 + 5 = 7, + Size 2 = 9 as printed (SWADE adds Size).
    block = read_stat_block("Ogre\nAttributes: Agility d6, Smarts d4, Spirit d6, "
                            "Strength d12, Vigor d10\nSkills: Fighting d8\n"
                            "Pace: 7; Parry: 6; Toughness: 9\nSpecial Abilities:\n* Size +2: Big.")
    assert block.mismatches == ()
    assert (block.stats["size"], block.stats["toughness_bonus"]) == (2, 2)
    assert Reading("toughness_bonus", "2", "Size +2") in block.readings


def test_a_size_printed_without_its_sign_is_read_and_added() -> None:
    # Fan text often drops the plus: "**Size 2:**" in a bulleted Markdown list. Dire boar:
    # Vigor d10, Armour +1: 2 + 5 + 1 = 8, + Size 2 = 10 as printed; it was listed as "a
    # special ability with no rule" and the Toughness said to be 2 short. "Size 0" reads 0.
    block = read_stat_block("**Dire Boar**\n**Attributes:** Agility d6, Smarts d4 (A), "
                            "Spirit d8, Strength d12+1, Vigor d10\n**Skills:** Fighting d8\n"
                            "**Pace:** 8; **Parry:** 6; **Toughness:** 10 (1)\n"
                            "**Special Abilities**\n\u2022 **Armour +1:** Thick hide.\n"
                            "\u2022 **Size 2:** Over 600 pounds.")
    assert block.mismatches == () and block.unread == ()
    assert (block.stats["size"], block.stats["toughness_bonus"]) == (2, 2)
    level = read_stat_block("Pig\nAttributes: Agility d6, Smarts d4, Spirit d6, Strength d6, "
                            "Vigor d6\nSkills: Fighting d4\nPace: 6; Parry: 4; Toughness: 5"
                            "\nSpecial Abilities:\n* Size 0: A farm pig.")
    assert level.stats["size"] == 0 and level.mismatches == ()


def test_an_older_editions_throwing_is_read_as_athletics() -> None:
    # C37 "Throwing knives, spears, and other thrown projectiles uses the Athletics skill":
    # a Deluxe-era block gives Throwing d8 (and Climbing d6) and no Athletics; it was kept as
    # skills.throwing, which no roll asks for, so the javelin went at unskilled d4-2. Now the
    # better of the two, d8, is Athletics, said so in the readings.
    block = read_stat_block("Tharg\nAttributes: Agility d6, Smarts d6, Spirit d8, "
                            "Strength d10, Vigor d8\nSkills: Fighting d10, Throwing d8, "
                            "Climbing d6\nPace: 5; Parry: 7; Toughness: 6\n"
                            "Gear: javelin (Throwing; range 3/6/12; Str+d6)")
    assert block.stats["skills"] == {"fighting": "d10", "athletics": "d8"}
    assert Reading("skills.athletics", "d8", "Throwing d8, Climbing d6 (an older edition's; "
                   "SWADE rolls Athletics)") in block.readings
    fighter = combatant_from_dict(block.stats, "block", "tharg")
    assert str(fighter.skill("athletics")) == "d8"
    # With an Athletics of its own the older skill is named as not used.
    given = read_stat_block("Guard\nAttributes: Agility d6, Smarts d6, Spirit d6, "
                            "Strength d6, Vigor d6\nSkills: Athletics d4, Climbing d8\n")
    assert given.stats["skills"] == {"athletics": "d4"}
    assert Unread("Climbing d8", "an older edition's skill: Athletics d4 is given and is what "
                  "SWADE rolls for it") in given.ignored
