"""The FATE stat block: parsing with located errors, the form's fields, badges, the menus."""

from __future__ import annotations

from typing import Any

import pytest
from fate_fakes import board, piece

from battlemap.rules.fate.system import Fate
from battlemap.rules.interface import ActionKind
from battlemap.rules.registry import RulesError, find_system

FATE = Fate()


def test_found_by_name_and_aliases() -> None:
    assert find_system("FATE") is find_system("fate roman") is find_system("fate-roman")
    assert FATE.grid.kind == "square" and FATE.grid.unit == "m"


@pytest.mark.parametrize(("stats", "message"), [
    ({"skills": {"weapons": "Awesome"}}, r"tokens\[x\]\.stats\.skills\.weapons: 'Awesome'"),
    ({"weapon": {"name": "Club", "type": "stick"}}, r"stats\.weapon\.type: 'stick'"),
    ({"armour": "plate"}, r"stats\.armour: 'plate'"),
    ({"shield": "yes"}, r"stats\.shield: expected true or false"),
    ({"health": 0}, r"stats\.health: expected a whole number from 1 to 20"),
    ({"condition": {"stress": [0]}}, r"stats\.condition\.stress: expected a list"),
    ({"condition": {"consequences": {"grave": "x"}}}, r"condition\.consequences\.grave"),
    ({"wepon": {}}, r"stats\.wepon: unknown key"),
])
def test_bad_fields_are_named(stats: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        FATE.combatant_from_dict(stats, "tokens[x].stats", "x")


def test_round_trip_with_a_full_condition() -> None:
    stats = {"skills": {"weapons": 4}, "weapon": {"name": "Axe", "type": "axe"},
             "armour": "chain", "shield": True, "aspects": ["Big"], "seat": 3,
             "condition": {"stress": [3, 1], "consequences": {"mild": "Battered"},
                           "aspects": ["Blinded"], "disarmed": 2, "grappling": "y"}}
    fighter = FATE.combatant_from_dict(stats, "s", "x")
    assert fighter.condition.stress == (1, 3)
    assert FATE.combatant_from_dict(FATE.combatant_to_dict(fighter), "s", "x") == fighter


def test_every_form_field_is_a_key_the_parser_accepts() -> None:
    for spec in FATE.statblock_schema():
        stats: dict[str, Any] = {}
        head, _, tail = spec.key.partition(".")
        value = spec.default if spec.default is not None else 1
        if spec.kind == "choice":
            value = spec.choices[0]
        if spec.key == "weapon.name" or spec.kind == "text":
            value = "Gladius"
        if tail:
            stats[head] = {tail: value, **({"name": "Gladius"} if head == "weapon" else {})}
        else:
            stats[head] = value
        FATE.combatant_from_dict(stats, "s", "x")


def test_badges_show_stress_boxes_consequences_and_aspects() -> None:
    hurt = piece("x", {"health": 4, "aspects": ["Thracian"],
                       "condition": {"stress": [2], "consequences": {"mild": "Battered"},
                                     "prone": True}})
    texts = [b.text for b in FATE.badges(hurt, board(hurt))]
    assert texts == ["□■□□", "Battered", "Thracian", "down"]
    out = piece("y", {"condition": {"taken_out": True}})
    assert [b.text for b in FATE.badges(out, board(out))] == ["Out"]
    bad = piece("z", {"armour": "plate"})
    assert FATE.badges(bad, board(bad))[0].role == "bad"


def test_menus_list_the_attack_every_stance_and_every_action() -> None:
    specs = {s.id: s.kind for s in FATE.actions()}
    assert specs["attack"] == ActionKind.ATTACK
    assert specs["maneuver:throw"] == ActionKind.OPTION and specs["grapple:pin"] == \
        ActionKind.OPTION
    assert specs["rearm"] == ActionKind.ACTION and specs["add-aspect"] == ActionKind.ACTION
