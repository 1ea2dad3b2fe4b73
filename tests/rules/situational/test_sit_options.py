"""The registry of options, actions and automatic rules the menu and CLI list."""

import importlib

from battlemap.rules.savage_pathfinder.context import AttackKind
from battlemap.rules.savage_pathfinder.situational.options import (
    ACTIONS,
    ATTACK_OPTIONS,
    AUTOMATIC_RULES,
    option_ids_for,
)

HEADINGS = {
    "Aim", "Area effect attacks", "Bound and Entangled", "Breaking Things", "Called Shots",
    "Cover", "Obstacles", "Defend", "Desperate Attack", "Disarm", "Distracted and Vulnerable",
    "The Drop", "Evasion", "Fatigue", "Finishing Move", "Free Attacks", "Gang Up", "Grappling",
    "Illumination", "Improvised Weapons", "Innocent Bystanders", "Mounted Combat",
    "Multi-Actions", "Natural Weapons", "Nonlethal Damage", "Off-Hand Attacks", "Prone", "Push",
    "Ranged Weapons in Melee", "Readying and Reload", "Rest", "Stunned", "Support", "Test",
    "Touch Attack", "Two Weapons", "Unarmed Defender", "Unstable Platform", "Wild Attack",
    "Withdrawing from Melee", "Scale",
}
CORE_RULES = {"Shaken", "Bennies", "Bleeding Out", "Incapacitated", "Damage"}
"""Actions of the core rules the GM's action menu also offers (recovering from Shaken, ...)."""


def test_every_entry_names_a_rule_heading_and_its_own_id() -> None:
    for table in (ATTACK_OPTIONS, ACTIONS, AUTOMATIC_RULES):
        for option_id, option in table.items():
            assert option.id == option_id
            assert option.rule in HEADINGS | CORE_RULES, option.rule


def test_action_functions_exist() -> None:
    for action in ACTIONS.values():
        if action.function:
            module, name = action.function.rsplit(".", 1)
            assert hasattr(importlib.import_module(module), name), action.function


def test_exclusions_are_mutual() -> None:
    # Desperate Attack: "can't be combined with Wild Attack" (and Wild Attack says the same).
    for option in ATTACK_OPTIONS.values():
        for other in option.excludes:
            assert option.id in ATTACK_OPTIONS[other].excludes, (option.id, other)


def test_options_by_attack_kind() -> None:
    # Wild Attack is for "Fighting or Athletics (throwing) attacks"; Aim for ranged weapons.
    assert "wild-attack" in option_ids_for(AttackKind.THROWN)
    assert "wild-attack" not in option_ids_for(AttackKind.SHOOTING)
    assert "aim" not in option_ids_for(AttackKind.MELEE)
    assert "desperate-attack-4" in option_ids_for(AttackKind.MELEE)
    assert "called-shot-head" in option_ids_for(AttackKind.SHOOTING)
