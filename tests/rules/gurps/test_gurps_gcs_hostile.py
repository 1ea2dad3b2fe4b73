"""Hostile GCS sheets (issue 31): what the input fuzzer (tests/soak/fuzz_inputs.py) found in
mutated real sheets is refused naming the field, or read past, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battlemap.rules.gurps.gcs import read_sheet
from battlemap.rules.registry import RulesError

WARRIOR = Path(__file__).parents[2] / "data" / "gurps" / "Basic_Warrior.gcs"


def _warrior() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(WARRIOR.read_bytes())
    return loaded


def _st(sheet: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = next(a for a in sheet["attributes"] if a.get("attr_id") == "st")
    return found


def _item(sheet: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(i for i in sheet["equipment"] if i.get("description") == name)
    return found


@pytest.mark.parametrize("value", ["1e400", "Infinity", "NaN", "9" * 40])
def test_a_huge_or_infinite_attribute_is_refused_by_name(value: str) -> None:
    text = json.dumps(_warrior()).replace('"value": 13, "points": 30', f'"value": {value}, '
                                          '"points": 30')
    assert value in text
    with pytest.raises(RulesError, match=r"attributes\[st\]") as refused:
        read_sheet(text.encode(), "w.gcs")
    assert "JSON" in str(refused.value) or "allowed range" in str(refused.value)


def test_a_number_too_long_for_python_is_refused_as_json() -> None:
    text = json.dumps(_warrior()).replace('"value": 13, "points": 30',
                                          '"value": ' + "9" * 5000 + ', "points": 30')
    with pytest.raises(RulesError, match=r"w\.gcs: not a GCS sheet \(JSON\)"):
        read_sheet(text.encode(), "w.gcs")


def test_an_attribute_within_the_range_still_reads() -> None:
    sheet = _warrior()
    _st(sheet)["calc"]["value"] = 14
    _name, character = read_sheet(sheet, "w.gcs")
    assert character.st == 14


@pytest.mark.parametrize("defaults", [5, True, "x", {"type": "skill"}])
def test_weapon_defaults_that_are_no_list_are_read_past(defaults: Any) -> None:
    sheet = _warrior()
    sword = _item(sheet, "Broadsword")
    sword["weapons"][0]["defaults"] = defaults
    _name, character = read_sheet(sheet, "w.gcs")
    assert any(a.name.startswith("Broadsword") for a in character.attacks)


def test_a_weapon_calc_that_is_no_object_is_read_past() -> None:
    sheet = _warrior()
    for item in sheet["equipment"]:
        for weapon in item.get("weapons", []):
            weapon["calc"] = 3.0
    read_sheet(sheet, "w.gcs")  # no TypeError: the calc-less usages are skipped or refused


def test_a_shield_bonus_that_is_no_number_is_refused_by_name() -> None:
    sheet = _warrior()
    shield = _item(sheet, "Small Shield")
    shield["features"][2]["amount"] = "x" * 300
    with pytest.raises(RulesError, match=r"features.*expected a number"):
        read_sheet(sheet, "w.gcs")
    shield["features"][2] = "block"  # a feature that is no object is no bonus
    read_sheet(sheet, "w.gcs")


def test_a_dr_bonus_that_is_no_number_is_refused_by_name() -> None:
    sheet = _warrior()
    sheet.pop("settings", None)  # no body type: the DR is summed from the features
    coif = _item(sheet, "Mail Coif")
    for feature in coif["features"]:
        feature["locations"] = ["torso"]
    coif["features"][0]["amount"] = [4]
    with pytest.raises(RulesError, match=r"equipment.*features: expected a number, got \[4\]"):
        read_sheet(sheet, "w.gcs")
