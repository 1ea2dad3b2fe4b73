"""Characters from GCS: the six sheets of tests/data/gurps (see SOURCES.md there) import, and
each imported token's attack odds in melee on open ground equal P(3d6 <= its GCS level)."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from gurps_table import FakeMap, board, facts

from battlemap.rules.gurps.gcs import read_sheet
from battlemap.rules.gurps.roll import Grade, grade_chances
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError, find_system
from battlemap.rules.table import Piece

DATA = Path(__file__).parents[2] / "data" / "gurps"
SHEETS = sorted(DATA.glob("*.gcs"))
LIBRARY = sorted((DATA / "library-sample").glob("*.gcs"))
"""63 more sheets of the GCS master library as they come (see SOURCES.md)."""
GURPS = find_system("gurps")


def _sheet(name: str) -> dict[str, Any]:
    path = DATA / name if (DATA / name).exists() else DATA / "library-sample" / name
    loaded: dict[str, Any] = json.loads(path.read_bytes())
    return loaded


def _gcs_levels(sheet: dict[str, Any]) -> list[int]:
    """Every weapon usage's GCS level, equipped equipment then traits, at any depth."""
    levels: list[int] = []

    def walk(items: list[dict[str, Any]], equipment: bool) -> None:
        for item in items:
            if item.get("disabled") or (equipment and item.get("equipped") is False):
                continue
            levels.extend(w["calc"]["level"] for w in item.get("weapons", [])
                          if isinstance(w.get("calc", {}).get("level"), int))
            walk(item.get("children", []), equipment)
    walk(sheet.get("equipment", []), True)
    walk(sheet.get("traits", []), False)
    return levels


def test_six_sheets_are_there() -> None:
    assert [p.name for p in SHEETS] == [
        "Basic_Warrior.gcs", "Bear_Black.gcs", "Dai_Blackthorn.gcs", "Minotaur.gcs",
        "Orc_Leader.gcs", "Pixie_Thief.gcs"]


def _no_level_usages(sheet: dict[str, Any]) -> int:
    """The weapon usages GCS computed no level for (auras, engulfing): skipped and listed."""
    count = 0

    def walk(items: list[dict[str, Any]], equipment: bool) -> None:
        nonlocal count
        for item in items:
            if item.get("disabled") or (equipment and item.get("equipped") is False):
                continue
            count += sum(not isinstance(w.get("calc", {}).get("level"), int)
                         for w in item.get("weapons", []))
            walk(item.get("children", []), equipment)
    walk(sheet.get("equipment", []), True)
    walk(sheet.get("traits", []), False)
    return count


def _hit_by_hand(level: int) -> Fraction:
    """P(hit) counted over the 216 dice: 3-4 always hit, 17-18 always miss, else total <= level."""
    totals = [sum(f) for f in product(range(1, 7), repeat=3)]
    return Fraction(sum(t <= 4 or (t <= 16 and t <= level) for t in totals), 216)


def test_the_library_sample_is_there() -> None:
    assert len(LIBRARY) == 63


@pytest.mark.parametrize("path", SHEETS + LIBRARY, ids=lambda p: p.stem)
def test_each_sheet_imports_and_its_attack_odds_are_the_3d6_table(path: Path) -> None:
    # Melee on open ground: distance 1, front, no modifier: the effective skill is the GCS
    # level, P(hit) = P(3d6 <= level) with 3-4 always hitting and 17-18 always missing, and
    # the critical hits of "3d6 roll-under" (3-4; 5 at 15+; 6 at 16+).
    name, stats = GURPS.character_from_sheet(path.read_bytes(), path.name)
    assert name == _sheet(path.name)["profile"].get("name", path.stem.replace("_", " "))
    token = Piece("pc", name, 0, 0, stats=stats)
    dummy = Piece("dummy", "Dummy", 1, 0, stats={"st": 10, "condition": {"unaware": True}})
    table = board(token, dummy, measurer=FakeMap({("pc", "dummy"): facts(1.0)}))
    attacks = stats["attacks"]
    assert [a["skill"] for a in attacks] == _gcs_levels(_sheet(path.name))
    # what could not be read is skipped and listed, nothing silently
    assert len(stats.get("import_notes", [])) == _no_level_usages(_sheet(path.name))
    for attack in attacks:
        label = f"{attack['name']} ({attack['usage']})" if attack["usage"] else attack["name"]
        shown = GURPS.preview_attack(table, AttackRequest("pc", "dummy", label))
        assert shown.problem is None, shown.problem
        odds = {c.label: c.probability for c in shown.chances}
        chances = grade_chances(attack["skill"])
        hit = chances[Grade.CRITICAL_SUCCESS] + chances[Grade.SUCCESS]
        assert odds["hit"] == pytest.approx(float(hit))
        assert odds["hit"] == pytest.approx(float(_hit_by_hand(attack["skill"])))
        assert odds["critical hit"] == pytest.approx(float(chances[Grade.CRITICAL_SUCCESS]))


def test_basic_warrior_values() -> None:
    # SOURCES.md: broadsword swung/thrust level 15, parry 12; bow 195/260; small shield block 12;
    # dodge 11 unencumbered. GCS's parry, block and dodge include the shield's DB 1 (and Combat
    # Reflexes): stored without it. Carried 62 lb against Basic Lift 34: Light encumbrance (1),
    # so Dodge is GCS's 10 at level 1, 9 without the DB. Torso DR 4, 2 against crushing.
    _name, warrior = read_sheet(_sheet("Basic_Warrior.gcs"), "Basic_Warrior.gcs")
    by_label = {a.label: a for a in warrior.attacks}
    swung, thrust = by_label["Broadsword (Swung)"], by_label["Broadsword (Thrust)"]
    assert (swung.skill, swung.parry, swung.damage.text()) == (15, 11, "2d cut")
    assert (thrust.skill, thrust.damage.text()) == (15, "1d+1 cr")
    assert by_label["Regular Bow (ST13)"].range == (195.0, 260.0)
    assert by_label["Regular Bow (ST13)"].kind == "missile"
    assert warrior.shield is not None
    assert (warrior.shield.name, warrior.shield.db, warrior.shield.block) == ("Small Shield", 1, 11)
    assert warrior.shield.side == "left"  # profile handedness: Right
    assert (warrior.encumbrance, warrior.dodge) == (1, 9)
    assert (warrior.dr, dict(warrior.dr_vs)) == (4, {"cr": 2})
    assert warrior.has("Combat Reflexes") and warrior.has("High Pain Threshold")


def test_orc_bow_range_in_multiples_of_st() -> None:
    # "x15/x20" with ST 12 is 180/240 yards (GCS's calc.range says the same; without it the
    # importer multiplies itself).
    sheet = _sheet("Orc_Leader.gcs")
    _name, orc = read_sheet(sheet, "Orc_Leader.gcs")
    bow = next(a for a in orc.attacks if a.name == "Regular Bow")
    assert bow.range == (180.0, 240.0)
    for item in sheet["equipment"]:
        for weapon in item.get("weapons", []):
            weapon.get("calc", {}).pop("range", None)
    _name, orc = read_sheet(sheet, "Orc_Leader.gcs")
    assert next(a for a in orc.attacks if a.name == "Regular Bow").range == (180.0, 240.0)
    falchion = next(a for a in orc.attacks if a.label == "Falchion (Swung)")
    assert (falchion.skill, falchion.parry) == (14, 10)  # GCS parry 11 includes DB 1


def test_minotaur_bear_dai_pixie() -> None:
    _n, minotaur = read_sheet(_sheet("Minotaur.gcs"), "m")
    axe = next(a for a in minotaur.attacks if a.name == "Great Axe")
    assert (axe.reach, axe.unbalanced, axe.parry, axe.skill) == ((1, 2), True, 11, 16)
    _n, bear = read_sheet(_sheet("Bear_Black.gcs"), "b")
    assert all(a.unarmed and a.reach[0] == 0 for a in bear.attacks)
    _n, dai = read_sheet(_sheet("Dai_Blackthorn.gcs"), "d")
    assert [a.label for a in dai.attacks] == ["Bite", "Punch", "Kick"]
    _n, pixie = read_sheet(_sheet("Pixie_Thief.gcs"), "p")
    hook = next(a for a in pixie.attacks if a.usage == "Swung Hook")
    assert (hook.damage.kind, hook.damage.note) == ("imp", "(may stick)")


@pytest.mark.parametrize(("change", "message"), [
    (lambda s: s.update(version=4), r"x.gcs: version: 4 is not a GCS version 5 sheet"),
    (lambda s: s.pop("calc"), r"x.gcs: calc: missing"),
    (lambda s: s["attributes"].pop(0), r"x.gcs: attributes\[st\]: missing"),
    (lambda s: s["calc"].update(basic_lift="heavy"),
     r"x.gcs: calc.basic_lift: cannot read weight 'heavy'"),
])
def test_a_bad_sheet_names_the_field(change: Any, message: str) -> None:
    sheet = _sheet("Basic_Warrior.gcs")
    change(sheet)
    with pytest.raises(RulesError, match=message):
        GURPS.character_from_sheet(json.dumps(sheet).encode(), "x.gcs")


@pytest.mark.parametrize(("change", "note"), [
    (lambda s: s["equipment"][0]["weapons"][0]["calc"].pop("level"),
     "Broadsword (Swung): equipment[0].weapons[0].calc.level: missing"),
    (lambda s: s["equipment"][0]["weapons"][0]["calc"].update(damage="lots"),
     "Broadsword (Swung): equipment[0].weapons[0].calc.damage: cannot read damage 'lots'"),
])
def test_an_unreadable_usage_is_skipped_and_listed(change: Any, note: str) -> None:
    # "An unreadable part of a sheet is skipped and listed; the sheet is refused only when
    # nothing fightable is left": the swung broadsword goes, the thrust and the bow stay.
    sheet = _sheet("Basic_Warrior.gcs")
    change(sheet)
    _name, stats = GURPS.character_from_sheet(json.dumps(sheet).encode(), "x.gcs")
    assert [n[:len(note)] for n in stats["import_notes"]] == [note]
    labels = [f"{a['name']} ({a['usage']})" for a in stats["attacks"]]
    assert "Broadsword (Swung)" not in labels and "Broadsword (Thrust)" in labels


def test_the_library_sample_details() -> None:
    # separator rows among the attributes ("FDG", no calc): passed over
    _n, abeil = read_sheet(_sheet("Abeil_Vassal.gcs"), "a")
    assert abeil.st > 0 and abeil.attacks
    # thousands separators: range "100/1,100"
    _n, felicity = read_sheet(_sheet("Fiasco_Felicity.gcs"), "f")
    colt = felicity.attacks[0]
    assert (colt.kind, colt.range, colt.reach) == ("firearm", (100.0, 1100.0), (0, 0))
    # armour divisor: "1d+4(2) pi" halves DR (5 -> 2)
    _n, draugr = read_sheet(_sheet("Draugr__Greater.gcs"), "d")
    divided = [a for a in draugr.attacks if a.damage.divisor == 2]
    assert divided and divided[0].damage.effective_dr(5) == 2
    # fixed damage without dice, and a grapple's control points (no HP)
    _n, skull = read_sheet(_sheet("Flaming_Skull.gcs"), "s")
    assert skull.attacks[0].damage.text() == "2 burn"
    _n, bear = read_sheet(_sheet("Cave_Bear.gcs"), "b")
    assert next(a for a in bear.attacks if a.name == "Grapple").damage.kind == "ctrl"
    # calc.reach: the Hydra's fangs reach C,1-3 (the weapon's own reach says C)
    _n, hydra = read_sheet(_sheet("Hydra.gcs"), "h")
    assert hydra.attacks[0].reach == (0, 3)
    # @Body Part@ filled from the trait's replacements
    _n, kagouti = read_sheet(_sheet("Kagouti.gcs"), "k")
    assert kagouti.attacks[0].name == "Crushing Striker (Tusks)"
    # torso DR as GCS computed it for the body type: the Dwarven Defender's 9 (no dr_bonus
    # features to sum), the Flame Atronach's DR 1 and 11 against fire (burning)
    _n, dwarf = read_sheet(_sheet("Dwarven_Defender.gcs"), "w")
    _n, atronach = read_sheet(_sheet("Atronach__Flame.gcs"), "t")
    assert (dwarf.dr, atronach.dr, dict(atronach.dr_vs)) == (9, 1, {"burn": 11})
    # an aura without an attack level is listed, the pudding still imports to be fought
    _n, pudding = read_sheet(_sheet("Black_Pudding.gcs"), "p")
    assert pudding.attacks == () and len(pudding.import_notes) == 2


def test_skill_defaults_by_criteria_do_not_crash() -> None:
    # Newer GCS sheets name a default's skill by a criterion; the importer reads "is" and
    # passes any other over instead of failing with a traceback.
    sheet = _sheet("Basic_Warrior.gcs")
    weapon = sheet["equipment"][0]["weapons"][0]
    weapon["defaults"] = [{"type": "skill", "name": {"compare": "is", "qualifier": "Broadsword"}},
                          {"type": "skill", "name": {"compare": "starts_with", "qualifier": "S"}}]
    _n, warrior = read_sheet(sheet, "x.gcs")
    assert warrior.attacks[0].skill_name == "Broadsword"


def test_not_json() -> None:
    with pytest.raises(RulesError, match=r"x\.gcs: not a GCS sheet"):
        GURPS.character_from_sheet(b"\x00\x01", "x.gcs")


def test_systems_without_an_importer_refuse() -> None:
    fate = find_system("fate")
    with pytest.raises(RulesError, match="cannot import character sheets"):
        fate.character_from_sheet(b"{}", "x.json")


def test_imported_stats_read_back_equal() -> None:
    for path in SHEETS:
        _name, stats = GURPS.character_from_sheet(path.read_bytes(), path.name)
        again = GURPS.combatant_from_dict(stats, "s", "t")
        assert GURPS.combatant_to_dict(again) == stats
