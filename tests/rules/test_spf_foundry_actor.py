"""Foundry VTT SWADE actor exports (issue 26) read exactly: attributes from
``system.attributes.<name>.die``, skills from items of type "skill", weapons with damage, AP,
range, RoF, armor and shields in hand, Size, the Wild Card flag, and the sheet's Toughness and
Parry compared with the derived ones. The two actors in tests/data/foundry were written for
these tests (see SOURCES.md there)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.savage_pathfinder import combatant_from_dict
from battlemap.rules.savage_pathfinder.foundry_actor import read_foundry_actor

DATA = Path(__file__).parent.parent / "data" / "foundry"
SPF = find_system("savage-pathfinder")


def _read(name: str):  # type: ignore[no-untyped-def]
    path = DATA / name
    return read_foundry_actor(path.read_bytes(), path.name)


def test_a_wild_card_character_with_gear_in_hand() -> None:
    read = _read("kestrel-ranger.json")
    stats = read.stats
    assert read.name == "Kestrel Vane" and stats["wild_card"] is True
    assert stats["attributes"] == {"agility": "d8", "smarts": "d6", "spirit": "d6",
                                   "strength": "d6", "vigor": "d8"}
    assert stats["skills"] == {"fighting": "d8", "shooting": "d10+1", "athletics": "d6",
                               "notice": "d8"}
    assert stats["weapons"] == [
        {"name": "Long Sword", "damage": "str+d8", "min_str": "d8"},
        {"name": "Longbow", "damage": "2d6", "ap": 1, "range": [15, 30, 60], "min_str": "d6"},
        {"name": "Dagger", "damage": "str+d4", "range": [3, 6, 12], "thrown": True,
         "min_str": "d4", "off_hand": True},
        {"name": "Small Shield", "parry": 1, "shield": True}]
    assert (stats["armor"], stats["edges"], stats["bennies"]) == (2, ["Block", "Quick"], 3)
    assert stats["condition"] == {"wounds": 1, "shaken": True}
    # The sheet shows Parry 8: 2 + d8/2 4 + shield 1 + Block's effect 1 = 8, and Toughness 8:
    # 2 + d8/2 4 + Chain Shirt 2 = 8 (the helmet covers no torso). Nothing differs.
    assert read.mismatches == () and read.unread == ()
    kestrel = combatant_from_dict(stats, "kestrel", "k")
    assert (kestrel.parry, kestrel.toughness, kestrel.condition.wounds) == (8, 8, 1)
    assert kestrel.weapon("Longbow").fires and kestrel.weapon("Dagger").thrown
    assert [(i.text, i.why) for i in read.ignored] == [
        ("items[7] Quarterstaff (weapon)", "stored: no attack from it"),
        ("items[9] Steel Helmet (armor)",
         "covers no torso: the app's one Armor value is the torso's"),
        ("items[13] Loyal (hindrance)", "Hindrance: recorded by no rule here"),
        ("items[14] Rope (50') (gear)", "gear with no combat statistics"),
        ("system.powerPoints", "no place in the app's stat block"),
        ("system.advances", "no place in the app's stat block")]


def test_an_older_export_of_an_undead_extra() -> None:
    read = _read("bog-wight.json")
    stats = read.stats
    assert stats["wild_card"] is False and stats["attributes"]["strength"] == "d12+1"
    assert stats["weapons"] == [{"name": "Claws", "damage": "str+d6", "ap": 1, "natural": True}]
    assert (stats["pace"], stats["running_die"], stats["size"]) == (4, "d4", 1)
    # Toughness 2 + d10/2 5 + Armor 2 (the gambeson's 1, worn after it, plus the natural
    # hide's 1) + Size 1 + the Undead effect 2 = 12 as shown.
    wight = combatant_from_dict(stats, "wight", "w")
    assert (wight.armor, wight.toughness, wight.has_vitals) == (2, 12, False)
    # Parry: 2 + d8/2 4 = 6, the sheet shows 7: named with the arithmetic.
    assert [(m.field, m.printed, m.derived) for m in read.mismatches] == [("parry", 7, 6)]
    assert read.mismatches[0].why.startswith("2 + half Fighting d8 4 = 6; printed 1 more")
    assert [(u.text, u.why) for u in read.unread] == [
        ("items[3] Grave Stench (weapon)", "damage 'lots' is not like @str+d6 or 2d6")]
    assert ("items[7] Fear (ability)", "special ability with no rule in the app") in [
        (i.text, i.why) for i in read.ignored]


def test_through_the_system_interface() -> None:
    path = DATA / "bog-wight.json"
    name, stats = SPF.character_from_sheet(path.read_bytes(), path.name)
    assert name == "Bog Wight" and stats["toughness_bonus"] == 3
    reading = SPF.sheet_reading(path.read_bytes(), path.name)
    assert reading.mismatches == ("parry: printed 7, derived 6 (2 + half Fighting d8 4 = 6; "
                                  "printed 1 more: something this reader did not find (a "
                                  "bonus the text does not state?))",)
    assert "items[3] Grave Stench (weapon): damage 'lots' is not like @str+d6 or 2d6" in \
        reading.unread


@pytest.mark.parametrize(("data", "message"), [
    (b"\xff\xfe", "x.json: not a JSON file"),
    (b"[]", "x.json: not a Foundry actor"),
    (b'{"name": "Map", "system": "savage-pathfinder", "tokens": []}',
     "x.json: not a Foundry SWADE actor"),
    (json.dumps({"name": "Cart", "type": "vehicle", "system": {"attributes": {}}}).encode(),
     "x.json: a vehicle actor"),
    (json.dumps({"name": "Odd", "system": {"attributes": {
        a: {"die": {"sides": 8, "modifier": 99999999999999}} for a in
        ("agility", "smarts", "spirit", "strength", "vigor")}}}).encode(),
     "x.json: system.attributes.agility.die.modifier: '99999999999999' is not a whole "
     "number from -20 to 20"),
    (json.dumps({"name": "Odd", "system": {"attributes": {
        "agility": {"die": {"sides": 7}}}}}).encode(),
     "x.json: system.attributes.agility.die: 'd7' is not a die like d8 or d12+1"),
    (b"[" * 100000, "x.json: not a JSON file"),
])
def test_what_is_no_actor_is_refused_naming_the_field(data: bytes, message: str) -> None:
    with pytest.raises(RulesError) as error:
        read_foundry_actor(data, "x.json")
    assert str(error.value).startswith(message)
