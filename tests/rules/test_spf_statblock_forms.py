"""Stat blocks as GMs paste them (issue 26): each print form - SWADE core, Savage Pathfinder,
Deluxe/Explorer-era fan text, PDF copies with bullets, Markdown notes - read to the printed
Parry and Toughness, or the figure that cannot be reproduced named with its arithmetic.

Every block here was written for these tests (no published text). The derivations: Parry 2 +
half Fighting + shield/weapon Parry + Block; Toughness 2 + half Vigor + Armor + Size + Undead 2
(+ Brawny 1, Obese 1): the books print Parry and Toughness with all of it in.
"""

from __future__ import annotations

from battlemap.rules.registry import find_system
from battlemap.rules.savage_pathfinder import combatant_from_dict
from battlemap.rules.savage_pathfinder.statblock_text import (
    Mismatch,
    Reading,
    read_stat_block,
    read_stat_blocks,
)

SWADE_CORE = """Hobgoblin Sergeant
Attributes: Agility d8, Smarts d6, Spirit d8, Strength d8, Vigor d8
Skills: Athletics d6, Fighting d8, Intimidation d8, Notice d6, Shooting d6
Pace: 6; Parry: 7; Toughness: 9 (3)
Hindrances: Mean
Edges: Block, Command
Gear: Chain hauberk (+3), long sword (Str+d8), crossbow (Range 15/30/60, Damage 2d6, AP 2,
RoF 1)
"""


def _derived(block_stats: object) -> tuple[int, int]:
    built = combatant_from_dict(block_stats, "pasted", "x")  # type: ignore[arg-type]
    return built.parry, built.toughness


def test_swade_core_block_with_block_edge() -> None:
    # Parry 2 + d8/2 4 + Block 1 = 7; Toughness 2 + d8/2 4 + Armor 3 = 9: both as printed.
    block = read_stat_block(SWADE_CORE)
    assert block.mismatches == () and block.unread == ()
    assert _derived(block.stats) == (7, 9)
    assert block.stats["parry_bonus"] == 1 and block.stats["armor"] == 3
    assert block.stats["weapons"][1] == {"name": "Crossbow", "range": [15, 30, 60],
                                         "damage": "2d6", "ap": 2, "rof": 1}
    assert block.stats["edges"] == ["Block", "Command"]


SAVAGE_PATHFINDER = """Barrow Warden
Attributes: Agility d6, Smarts d4, Spirit d4, Strength d10, Vigor d8
Skills: Athletics d6, Fighting d8, Intimidation d8, Notice d4
Pace: 5; Parry: 6; Toughness: 10 (1)
Edges: \u2014
Special Abilities:
\u2022 Armor +1: Rusted scale.
\u2022 Claws: Str+d4.
\u2022 Size +1: Taller than a man.
\u2022 Undead: +2 Toughness; +2 to recover from being Shaken; no extra damage from Called Shots.
"""


def test_savage_pathfinder_block_adds_size_and_undead_to_toughness() -> None:
    # Toughness 2 + d8/2 4 + Armor 1 + Size 1 + Undead 2 = 10 as printed; Parry 2 + 4 = 6.
    block = read_stat_block(SAVAGE_PATHFINDER)
    assert block.mismatches == ()
    assert _derived(block.stats) == (6, 10)
    assert block.stats["toughness_bonus"] == 3
    assert Reading("toughness_bonus", "3", "Size +1 + Undead +2") in block.readings
    assert block.stats["pace"] == 5
    assert block.stats["weapons"] == [{"name": "Claws", "damage": "str+d4", "natural": True}]
    assert not combatant_from_dict(block.stats, "p", "w").has_vitals
    # What Undead says beyond the Toughness is listed, not dropped.
    assert [i.why for i in block.ignored if i.text.startswith("Undead")] == [
        "read as having no vitals (and for its Toughness); the rest has no rule in the app"]


def test_undead_without_its_text_still_adds_two() -> None:
    # "Undead" alone: the +2 Toughness of the ability is added. 2 + 3 + 2 = 7.
    block = read_stat_block("Shambler\nAttributes: Agility d4, Smarts d4, Spirit d4, "
                            "Strength d6, Vigor d6\nSkills: Fighting d6\n"
                            "Pace: 4; Parry: 5; Toughness: 7\nSpecial Abilities: Undead")
    assert block.mismatches == () and block.stats["toughness_bonus"] == 2


FAN_DELUXE = """Name: Tharg
Wild Card
Attributes: Agility d6, Smarts d6, Spirit d8, Strength d10, Vigor d10
Skills: Fighting d10, Intimidation d8, Knowledge (Smithing) d8, Notice d6
Charisma: 0; Pace: 5; Parry: 7; Toughness: 11 (2)
Hindrances: Obese, Stubborn
Edges: Brawny, Sweep
Gear: Forge hammer (Str+d6), leather apron (+2)
"""


def test_deluxe_fan_text_with_charisma_in_front_of_pace() -> None:
    # The Charisma field no longer drops the line: Pace 5, Parry 2 + d10/2 5 = 7, Toughness
    # 2 + d10/2 5 + Armor 2 + Brawny 1 + Obese 1 = 11: as printed. "Name: Tharg" is Tharg.
    block = read_stat_block(FAN_DELUXE)
    assert block.name == "Tharg" and block.stats["wild_card"] is True
    assert block.stats["pace"] == 5
    assert block.mismatches == () and block.unread == ()
    assert _derived(block.stats) == (7, 11)
    assert block.stats["skills"]["knowledge (smithing)"] == "d8"
    assert any(i.text.startswith("Charisma: 0") for i in block.ignored)


def test_a_charisma_line_with_a_toughness_short_of_the_print_is_warned() -> None:
    # Printed 9, derived 2 + d6/2 3 + Armor 0 = 5: four short, said with the arithmetic.
    block = read_stat_block("Brute\nAttributes: Agility d6, Smarts d4, Spirit d6, "
                            "Strength d8, Vigor d6\nSkills: Fighting d6\n"
                            "Charisma: -2; Pace: 6; Parry: 5; Toughness: 9")
    assert block.mismatches == (Mismatch(
        "toughness", 9, 5, "2 + half Vigor d6 3 + Armor 0 = 5; printed 4 more: something "
                           "this reader did not find (a bonus the text does not state?)"),)
    reading = find_system("savage-pathfinder").statblock_from_text(
        "Brute\nAttributes: Vigor d6\nCharisma: -2; Pace: 6; Parry: 2; Toughness: 9")
    assert reading.mismatches == ("toughness: printed 9, derived 5 (2 + half Vigor d6 3 + "
                                  "Armor 0 = 5; printed 4 more: something this reader did not "
                                  "find (a bonus the text does not state?))",)


PDF_COPY = """\u2605 Marsh Troll
\u2022 Attributes: Agility d8, Smarts d4, Spirit d6, Strength d12+2, Vigor d12
\u2022 Skills: Athletics d8, Fighting d10, Notice d6, Stealth d6
\u2022 Pace 7, Parry 7, Toughness 13 (1)
\u2022 Edges: Berserk, Sweep
\u2022 Special Abilities
\u2022 Armour +1: Rubbery hide.
\u2022 Claws/Bite: Str+d6.
\u2022 Size +3: Nine feet tall; Toughness already counted above.
\u2022 Regeneration: Heals one Wound a round.
"""


def test_pdf_copy_with_bullets_and_no_colons() -> None:
    # Toughness 2 + d12/2 6 + Armor 1 + Size 3 = 12, printed 13: one short, named (the
    # ability's "Toughness" without a number adds nothing). Parry 2 + 5 = 7 as printed.
    block = read_stat_block(PDF_COPY)
    assert block.name == "Marsh Troll" and block.stats["wild_card"] is True
    assert block.stats["edges"] == ["Berserk", "Sweep"]  # no ability text among them
    assert (block.stats["pace"], block.stats["armor"], block.stats["size"]) == (7, 1, 3)
    assert block.stats["attributes"]["strength"] == "d12+2"
    assert block.stats["weapons"] == [{"name": "Claws/Bite", "damage": "str+d6",
                                       "natural": True}]
    assert [m.field for m in block.mismatches] == ["toughness"]
    assert (block.mismatches[0].printed, block.mismatches[0].derived) == (13, 12)
    assert "Size +3" in block.mismatches[0].why
    assert [i.text for i in block.ignored] == ["Regeneration: Heals one Wound a round."]


MARKDOWN = """## **Rook Mercenary**
**Wild Card**
**Attributes:** Agility d8, Smarts d6, Spirit d6, Strength d6, Vigor d6
**Skills:** Athletics d6, Fighting d6, Notice d6, Shooting d8
**Pace:** 6; **Parry:** 5; **Toughness:** 7 (2)
**Edges:** Marksman
**Gear:** Police Revolver (.38) \u2014 10/20/40, 2d6, AP \u2014, RoF 1, Shotgun \u2014 12/24/48,
Damage 3d6/2d6/1d6, javelin (Throwing; range 3/6/12; Str+d6), Kevlar vest (+2/+4)
"""


def test_markdown_notes_with_modern_gear() -> None:
    # Parry 2 + 3 = 5, Toughness 2 + 3 + Armor 2 = 7: as printed.
    block = read_stat_block(MARKDOWN)
    assert block.name == "Rook Mercenary" and block.stats["wild_card"] is True
    assert block.mismatches == () and block.unread == ()
    assert block.stats["weapons"] == [
        {"name": "Police Revolver (.38)", "range": [10, 20, 40], "damage": "2d6", "ap": 0,
         "rof": 1},
        {"name": "Shotgun", "range": [12, 24, 48], "damage": "3d6"},
        {"name": "Javelin", "thrown": True, "range": [3, 6, 12], "damage": "str+d6"}]
    assert block.stats["armor"] == 2
    notes = [(i.text, i.why) for i in block.ignored]
    assert ("damage by range 3d6/2d6/1d6: the app rolls 3d6 at every range",
            "in Shotgun") in notes
    assert ("Kevlar vest (+2/+4): +4", "Armor against some attacks only: the app uses +2 "
            "against all") in notes


def test_natural_attacks_by_any_name_and_plain_str() -> None:
    block = read_stat_block("Boar\nAttributes: Agility d6, Smarts d4 (A), Spirit d6, "
                            "Strength d8, Vigor d8\nSkills: Fighting d6\n"
                            "Pace: 8; Parry: 5; Toughness: 7\nSpecial Abilities:\n"
                            "- Tusks: Str+d6, AP 2.\n- Kick: Str.\n"
                            "- Snake Bite: Str+d4, poison (see below).\n- Size +1: Heavy.")
    assert block.stats["weapons"] == [
        {"name": "Tusks", "damage": "str+d6", "ap": 2, "natural": True},
        {"name": "Kick", "damage": "str", "natural": True},
        {"name": "Snake Bite", "damage": "str+d4", "natural": True}]
    assert ("Snake Bite: poison (see below)", "in a natural attack: no rule in the app") in [
        (i.text, i.why) for i in block.ignored]
    assert block.mismatches == ()  # 2 + 4 + Size 1 = 7


def test_a_wild_card_symbol_on_its_own_line_and_a_british_armour_field() -> None:
    block = read_stat_block("\u272a\nCaptain Ysolde\nAttributes: Agility d8, Smarts d8, "
                            "Spirit d8, Strength d6, Vigor d6\nSkills: Fighting d10\n"
                            "Pace: 6; Parry: 8 (1); Toughness: 7 (2)\n"
                            "Gear: Rapier (Str+d4, Parry +1), Armour +2")
    assert block.name == "Captain Ysolde" and block.stats["wild_card"] is True
    # Parry 2 + 5 + rapier 1 = 8; Toughness 2 + 3 + Armour 2 = 7.
    assert block.mismatches == () and block.stats["armor"] == 2


def test_printed_armor_that_differs_from_the_gear_is_named() -> None:
    block = read_stat_block("Guard\nAttributes: Vigor d6\nPace: 6; Toughness: 8 (3)\n"
                            "Gear: leather armor (+2)")
    assert [(m.field, m.printed, m.derived) for m in block.mismatches] == [
        ("toughness", 8, 7), ("armor", 3, 2)]
    assert "leather armor (+2)" in block.mismatches[1].why


def test_numbers_are_bounded_and_the_field_is_named() -> None:
    block = read_stat_block("Thing\nAttributes: Vigor d6\nSkills: Fighting d12+999999999999\n"
                            "Pace: 99999999999999999999; Parry: 5\n"
                            "Gear: Cannon (2d6+99999999999999999)")
    assert [u.why for u in block.unread][:2] == [
        "skills.fighting: bonus +999999999999 is out of range (at most \u00b120)",
        "expected a number such as 6 or 8 (2): 99999999999999999999 is out of range (0 to 99)"]
    assert "fighting" not in block.stats.get("skills", {}) and "pace" not in block.stats
    assert "weapons" not in block.stats  # a damage with a huge bonus is no damage


def test_a_megabyte_line_is_read() -> None:
    """A pasted megabyte of one line (no backtracking anywhere) still reads; the long line is
    quoted back shortened."""
    long = "Skills: " + ", ".join(["Notice d6"] * 100_000) + "  " + " " * 100_000 + "x"
    block = read_stat_block("Thing\nAttributes: Vigor d6\n" + long + "\nGear: " +
                            "rope " * 200_000)
    assert block.stats["skills"] == {"notice": "d6"}
    assert all(len(u.text) <= 121 for u in (*block.unread, *block.ignored))


def test_several_blocks_pasted_at_once() -> None:
    blocks = read_stat_blocks(SWADE_CORE + "\n" + SAVAGE_PATHFINDER + FAN_DELUXE)
    assert [b.name for b in blocks] == ["Hobgoblin Sergeant", "Barrow Warden", "Tharg"]
    assert all(b.mismatches == () for b in blocks)
    readings = find_system("savage-pathfinder").statblocks_from_text(
        "Orc\nAttributes: Vigor d8\nPace: 6\nGoblin\nAttributes: Vigor d6")
    assert [r.name for r in readings] == ["Orc", "Goblin"]


def test_a_construct_with_size_in_brackets_and_a_shield_with_cover() -> None:
    # Toughness 2 + d10/2 5 + Armor 2 + Size 3 = 12 as printed ("Size +3 (Large)"); Construct
    # adds no Toughness. Parry 2 + d8/2 4 + shield 2 = 8 as printed; the Cover is listed.
    block = read_stat_block("Clockwork Guardian\nAttributes: Agility d6, Smarts d4, Spirit d4, "
                            "Strength d12, Vigor d10\nSkills: Fighting d8\n"
                            "Pace: 5; Parry: 8; Toughness: 12 (2)\n"
                            "Gear: Tower shield (+2 Parry, Cover -4)\nSpecial Abilities:\n"
                            "\u2022 Armor +2: Iron plates.\n"
                            "\u2022 Construct: +2 to recover from Shaken.\n"
                            "\u2022 Fists: Str+d6.\n\u2022 Size +3 (Large): It towers.")
    assert block.mismatches == () and block.unread == ()
    assert block.stats["size"] == 3 and block.stats["edges"] == ["Construct"]
    assert ("Tower shield: Cover -4", "a shield's Cover against shots: no rule in the app") in [
        (i.text, i.why) for i in block.ignored]


def test_gear_written_with_spaces_and_an_attack_with_more_text() -> None:
    block = read_stat_block("Poacher\nAttributes: Vigor d6\nSkills: Shooting d8\n"
                            "Gear: Hunting rifle 24/48/96 2d8 AP 2 Shots 5\n"
                            "Special Abilities:\n- Bite: Str+d4. Holds on after a raise.")
    assert block.stats["weapons"] == [
        {"name": "Hunting rifle", "range": [24, 48, 96], "damage": "2d8", "ap": 2, "shots": 5},
        {"name": "Bite", "damage": "str+d4", "natural": True}]
    assert ("Bite: Holds on after a raise.", "in a natural attack: no rule in the app") in [
        (i.text, i.why) for i in block.ignored]


def test_size_printed_as_a_field_and_an_ability_counts_once() -> None:
    # 2 + d8/2 4 + Size 2 = 8; the second "Size +2" is listed, not added again.
    block = read_stat_block("Ox\nAttributes: Vigor d8\nSize: +2\nPace: 6; Toughness: 8\n"
                            "Special Abilities:\n- Size +2: Big beast.")
    assert block.mismatches == () and block.stats["toughness_bonus"] == 2
    assert ("Size +2: Big beast.", "Size given again: Size +2 read first is kept") in [
        (i.text, i.why) for i in block.ignored]
