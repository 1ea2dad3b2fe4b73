"""The Storypath stat block: Attributes and Skills (dots), Defense, Armor, weapons with tags,
and the condition (Injury Conditions, prone, blinded, Enhancements waiting, a Complication).

The JSON in ``token.stats`` (every key optional; unknown keys refused)::

    {"attributes": {"might": 3, "dexterity": 2, "stamina": 2, ...},
     "skills": {"close_combat": 2, "athletics": 1, "firearms": 3},
     "defense": 2, "armor": 1, "dodge": 2, "initiative": 4,
     "injury_track": ["bruised", "injured", "maimed", "taken out"],
     "weapons": [{"name": "SMG", "kind": "ranged", "range": "medium",
                  "tags": ["automatic"], "damage_type": "ballistic"}],
     "condition": {"injuries": ["bruised"], "prone": false, ...}}

Examples
--------
>>> guard = combatant_from_dict({"skills": {"firearms": 2}}, "tokens[g].stats", "g")
>>> guard.skill("firearms"), guard.attribute("might"), guard.defense
(2, 1, 1)
>>> combatant_from_dict({"defense": -1}, "tokens[g].stats", "g")
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: tokens[g].stats.defense: -1 is not between 0 and 99
>>> combatant_from_dict(combatant_to_dict(guard), "again", "g") == guard
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.reading import (
    check_keys,
    read_bool,
    read_int,
    read_list,
    read_mapping,
    read_str,
    read_strings,
)

__all__ = [
    "ATTRIBUTES", "BANDS", "DEFAULT_TRACK", "WEAPON_KINDS", "Combatant", "Condition",
    "Enhancement", "Weapon", "combatant_from_dict", "combatant_to_dict", "slug",
]

ATTRIBUTES = ("intellect", "cunning", "resolve", "might", "dexterity", "stamina",
              "presence", "manipulation", "composure")
"""The nine Storypath Attributes (1 to 5 dots; 1 when absent)."""
BANDS = ("close", "short", "medium", "long", "extreme")
"""The range bands, nearest first."""
WEAPON_KINDS = ("close", "ranged", "thrown")
DEFAULT_TRACK = ("bruised", "injured", "maimed", "taken out")
"""The Injury Conditions a character takes in order when the stat block names none."""
_DEFAULT_RANGE = {"close": "close", "thrown": "short", "ranged": "medium"}
_TOP_KEYS = ("attributes", "skills", "defense", "armor", "dodge", "initiative",
             "injury_track", "weapons", "condition")
_WEAPON_KEYS = ("name", "kind", "range", "tags", "damage_type", "enhancement")
_CONDITION_KEYS = ("injuries", "prone", "blinded", "blind", "enhancements", "complication",
                   "complication_type", "out_of_ammo", "dropped", "sundered", "withdrawing")


def slug(name: str) -> str:
    """The lowercase id of a name in choice ids: ``slug("Heavy Pistol") == "heavy-pistol"``."""
    return "-".join(name.lower().replace(":", " ").split())


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon: its attack ``kind``, the farthest band it reaches and its tags.

    A close weapon tagged ``thrown`` may also be thrown; ``grapple`` lets it be used in a
    grapple; ``automatic`` allows Emptying the Clip.
    """

    name: str
    kind: str = "close"
    range: str = "close"
    tags: tuple[str, ...] = ()
    damage_type: str = "bashing"
    enhancement: int = 0

    def has_tag(self, tag: str) -> bool:
        return tag in self.tags


@dataclass(frozen=True, slots=True)
class Enhancement:
    """Enhancement waiting for the holder's next attack ``against`` a token (Feint; Position
    when ``grapple_only``)."""

    against: str
    amount: int
    grapple_only: bool = False


@dataclass(frozen=True, slots=True)
class Condition:
    """What happened to a character in this scene."""

    injuries: tuple[str, ...] = ()
    prone: bool = False
    blinded: bool = False
    """Blinding (Close Combat): +1 Difficulty on Shoot and Thrown attacks on the next action."""
    blind: bool = False
    """Blind (Thrown): +1 Difficulty on Shoot and Thrown attacks for the scene."""
    enhancements: tuple[Enhancement, ...] = ()
    complication: int = 0
    """A Complication on the next attack (ranged Pin); not bought off: one Injury Condition."""
    complication_type: str = ""
    out_of_ammo: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    sundered: tuple[str, ...] = ()
    withdrawing: bool = False


@dataclass(frozen=True, slots=True)
class Combatant:
    """A Storypath character as the rules use it."""

    id: str
    attributes: Mapping[str, int] = field(default_factory=dict)
    skills: Mapping[str, int] = field(default_factory=dict)
    defense: int = 1
    armor: int = 0
    dodge: int | None = None
    initiative: int = 0
    injury_track: tuple[str, ...] = DEFAULT_TRACK
    weapons: tuple[Weapon, ...] = ()
    condition: Condition = Condition()

    def attribute(self, name: str) -> int:
        return self.attributes.get(name, 1)

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)

    @property
    def effective_armor(self) -> int:
        """Armor, or 0 once Sundered."""
        return 0 if "armor" in self.condition.sundered else self.armor

    @property
    def effective_dodge(self) -> int:
        return self.defense if self.dodge is None else self.dodge

    @property
    def taken_out(self) -> bool:
        return len(self.condition.injuries) >= len(self.injury_track)

    def weapon(self, name: str) -> Weapon:
        """The weapon called ``name`` (case ignored; ``RulesError`` naming the known ones)."""
        for weapon in self.weapons:
            if weapon.name.lower() == name.lower() or slug(weapon.name) == name.lower():
                return weapon
        known = ", ".join(w.name for w in self.weapons) or "none"
        raise RulesError(f"{self.id} has no weapon {name!r} (weapons: {known})")

    def held_weapons(self) -> tuple[Weapon, ...]:
        """The weapons in hand: not dropped; sundered ones are held but useless."""
        return tuple(w for w in self.weapons if w.name not in self.condition.dropped)

    def with_condition(self, **changes: Any) -> Combatant:
        return replace(self, condition=replace(self.condition, **changes))

    def injured(self, count: int = 1) -> Combatant:
        """With ``count`` more Injury Conditions (no more than the track holds)."""
        taken = self.condition.injuries
        more = self.injury_track[len(taken): len(taken) + count]
        return self.with_condition(injuries=taken + more)


def combatant_from_dict(data: Mapping[str, Any], where: str, token_id: str) -> Combatant:
    """Parse a stat block; ``where`` prefixes the field path in error messages."""
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object, got {data!r}")
    check_keys(data, _TOP_KEYS, where)
    track = read_strings(data, "injury_track", where) or DEFAULT_TRACK
    dodge = None if data.get("dodge") is None else read_int(data, "dodge", where, 0)
    return Combatant(
        id=token_id,
        attributes=_dots(read_mapping(data, "attributes", where), f"{where}.attributes",
                         ATTRIBUTES, 1),
        skills=_dots(read_mapping(data, "skills", where), f"{where}.skills", None, 0),
        defense=read_int(data, "defense", where, 1),
        armor=read_int(data, "armor", where, 0),
        dodge=dodge,
        initiative=read_int(data, "initiative", where, 0, minimum=-99),
        injury_track=tuple(t.lower() for t in track),
        weapons=_weapons(read_list(data, "weapons", where), f"{where}.weapons"),
        condition=_condition(read_mapping(data, "condition", where), f"{where}.condition"),
    )


def _dots(data: Mapping[str, Any], where: str, names: tuple[str, ...] | None,
          minimum: int) -> dict[str, int]:
    if names is not None:
        check_keys(data, names, where)
    return {str(k).lower(): read_int(data, k, where, minimum, minimum=minimum, maximum=10)
            for k in data}


def _weapons(items: list[Any], where: str) -> tuple[Weapon, ...]:
    weapons = tuple(_weapon(item, f"{where}[{i}]") for i, item in enumerate(items))
    names = [w.name.lower() for w in weapons]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise RulesError(f"{where}[{index}].name: a second weapon called {name!r}")
    return weapons


def _weapon(item: Any, where: str) -> Weapon:
    if not isinstance(item, Mapping):
        raise RulesError(f"{where}: expected an object, got {item!r}")
    check_keys(item, _WEAPON_KEYS, where)
    kind = read_str(item, "kind", where, "close", WEAPON_KINDS)
    return Weapon(
        name=read_str(item, "name", where),
        kind=kind,
        range=read_str(item, "range", where, _DEFAULT_RANGE[kind], BANDS),
        tags=tuple(t.lower() for t in read_strings(item, "tags", where)),
        damage_type=read_str(item, "damage_type", where, "bashing"),
        enhancement=read_int(item, "enhancement", where, 0),
    )


def _condition(data: Mapping[str, Any], where: str) -> Condition:
    check_keys(data, _CONDITION_KEYS, where)
    return Condition(
        injuries=tuple(i.lower() for i in read_strings(data, "injuries", where)),
        prone=read_bool(data, "prone", where),
        blinded=read_bool(data, "blinded", where),
        blind=read_bool(data, "blind", where),
        enhancements=_enhancements(read_list(data, "enhancements", where),
                                   f"{where}.enhancements"),
        complication=read_int(data, "complication", where, 0),
        complication_type=str(data.get("complication_type", "")),
        out_of_ammo=read_strings(data, "out_of_ammo", where),
        dropped=read_strings(data, "dropped", where),
        sundered=read_strings(data, "sundered", where),
        withdrawing=read_bool(data, "withdrawing", where),
    )


def _enhancements(items: list[Any], where: str) -> tuple[Enhancement, ...]:
    result = []
    for index, item in enumerate(items):
        at = f"{where}[{index}]"
        if not isinstance(item, Mapping):
            raise RulesError(f"{at}: expected an object, got {item!r}")
        check_keys(item, ("against", "amount", "grapple_only"), at)
        result.append(Enhancement(read_str(item, "against", at),
                                  read_int(item, "amount", at, 1, minimum=1),
                                  read_bool(item, "grapple_only", at)))
    return tuple(result)


def combatant_to_dict(combatant: Combatant) -> dict[str, Any]:
    """The JSON stat block of a combatant, condition included (parses back to an equal one)."""
    data: dict[str, Any] = {
        "attributes": dict(combatant.attributes),
        "skills": dict(combatant.skills),
        "defense": combatant.defense,
        "armor": combatant.armor,
        "initiative": combatant.initiative,
        "injury_track": list(combatant.injury_track),
        "weapons": [_weapon_to_dict(w) for w in combatant.weapons],
        "condition": _condition_to_dict(combatant.condition),
    }
    if combatant.dodge is not None:
        data["dodge"] = combatant.dodge
    return data


def _weapon_to_dict(weapon: Weapon) -> dict[str, Any]:
    return {"name": weapon.name, "kind": weapon.kind, "range": weapon.range,
            "tags": list(weapon.tags), "damage_type": weapon.damage_type,
            "enhancement": weapon.enhancement}


def _condition_to_dict(condition: Condition) -> dict[str, Any]:
    return {
        "injuries": list(condition.injuries), "prone": condition.prone,
        "blinded": condition.blinded, "blind": condition.blind,
        "enhancements": [{"against": e.against, "amount": e.amount,
                          "grapple_only": e.grapple_only} for e in condition.enhancements],
        "complication": condition.complication,
        "complication_type": condition.complication_type,
        "out_of_ammo": list(condition.out_of_ammo), "dropped": list(condition.dropped),
        "sundered": list(condition.sundered), "withdrawing": condition.withdrawing,
    }
