"""Stat blocks shared by the Savage Pathfinder tests, built from the agreed JSON form."""

from typing import Any

from battlemap.rules.savage_pathfinder import Combatant, combatant_from_dict

HERO_STATS: dict[str, Any] = {
    "wild_card": True,
    "attributes": {"agility": "d8", "smarts": "d6", "spirit": "d6", "strength": "d6",
                   "vigor": "d8"},
    "skills": {"fighting": "d8", "shooting": "d6", "athletics": "d6", "notice": "d6"},
    "pace": 6, "running_die": "d6", "armor": 2, "parry_bonus": 0, "toughness_bonus": 0,
    "edges": ["Quick", "Dodge"], "bennies": 3, "size": 0,
    "weapons": [
        {"name": "Longsword", "damage": "str+d8", "ap": 0, "reach": 0, "parry": 0,
         "min_str": "d8", "two_handed": False},
        {"name": "Shortbow", "damage": "2d6", "ap": 0, "range": [12, 24, 48], "rof": 1,
         "min_str": "d6", "reload": 0, "shots": None, "two_handed": True},
        {"name": "Dagger", "damage": "str+d4", "range": [3, 6, 12], "thrown": True},
    ],
    "condition": {"shaken": False, "wounds": 0, "fatigue": 0, "stunned": False,
                  "prone": False, "distracted": False, "vulnerable": False,
                  "incapacitated": False, "bound": False, "entangled": False,
                  "bleeding_out": False, "injuries": [], "on_hold": False},
}
"""The agreed example stat block: Parry 6, Toughness 8 (2)."""


def hero(token_id: str = "h1", **changes: Any) -> Combatant:
    """The example Wild Card hero, with top-level keys replaced by ``changes``."""
    return combatant_from_dict({**HERO_STATS, **changes}, f"tokens[{token_id}].stats", token_id)


def goblin(token_id: str = "g1", **changes: Any) -> Combatant:
    """A goblin Extra: Fighting d6 (Parry 5), Vigor d6, no armour (Toughness 5), a short sword."""
    stats: dict[str, Any] = {
        "skills": {"fighting": "d6", "shooting": "d6"},
        "weapons": [{"name": "Short sword", "damage": "str+d6"},
                    {"name": "Sling", "damage": "str+d4", "range": [4, 8, 16]}],
    }
    return combatant_from_dict({**stats, **changes}, f"tokens[{token_id}].stats", token_id)
