"""The GURPS stat block: a character's attributes, attacks, shield and condition, as JSON.

A token's ``stats`` hold the values a GURPS sheet shows (GCS computes them; see
:mod:`battlemap.rules.gurps.gcs`): ST, DX, HT, HP, Basic Speed, Basic Lift, the Dodge score, DR,
the shield, skills, traits and one entry per weapon usage. Defense scores are stored *without*
the shield's Defense Bonus, which :mod:`battlemap.rules.gurps.defense` adds only where the rules
allow.

Examples
--------
>>> knight = character_from_dict({"st": 12, "dx": 12, "ht": 11, "hp": 12, "dodge": 8,
...     "attacks": [{"name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "2d cut",
...                  "reach": "1", "parry": 10}]}, "tokens[k].stats")
>>> knight.attacks[0].label, knight.attacks[0].parry, knight.condition.hp
('Broadsword (Swung)', 10, 12)
>>> character_from_dict({"st": "twelve"}, "tokens[k].stats")
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: tokens[k].stats.st: expected an integer, got 'twelve'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from battlemap.rules.gurps.damage import DamageSpec, parse_damage
from battlemap.rules.parsed_blocks import ParsedBlocks
from battlemap.rules.registry import RulesError

__all__ = [
    "ATTACK_KINDS", "Attack", "Character", "Condition", "Shield", "character_from_dict",
    "character_to_dict",
]

ATTACK_KINDS = ("melee", "thrown", "missile", "firearm", "beam")
"""melee; thrown weapons; muscle-powered missiles (bows); firearms (bullets); beams."""
QUALITIES = ("cheap", "good", "fine", "very fine")
HANDS = ("main", "off", "both")
POSTURES = ("standing", "kneeling", "sitting", "prone")
MANEUVERS = ("", "all-out-attack", "all-out-defense")
MOVING = ("", "flying", "swimming")
"""How the token moves now, which the map cannot know (L61, L161): on foot, flying, swimming."""


@dataclass(frozen=True, slots=True)
class Attack:
    """One weapon usage (a broadsword swung, the same broadsword thrust, a bow shot).

    ``parry`` is the Parry score with this weapon (without the shield's DB), None when it cannot
    parry; ``reach`` the hexes it reaches (C is 0); ``range`` the half-damage and maximum range
    in yards for ranged attacks.
    """

    name: str
    usage: str
    skill: int
    damage: DamageSpec
    kind: str = "melee"
    reach: tuple[int, int] = (1, 1)
    range: tuple[float, float] | None = None
    parry: int | None = None
    fencing: bool = False
    unbalanced: bool = False
    weight: float = 0.0
    quality: str = "good"
    hand: str = "main"
    unarmed: bool = False
    improvised: bool = False
    skill_name: str = ""
    rate_of_fire: int = 1
    recoil: int = 1

    @property
    def label(self) -> str:
        return f"{self.name} ({self.usage})" if self.usage else self.name

    @property
    def ranged(self) -> bool:
        return self.kind != "melee"

    @property
    def thrust(self) -> bool:
        """A thrust (bare hands parry it at full Parry, L127): the usage says so; an impaling
        or piercing attack without a usage is taken as a thrust, but a swung one (a pick) is
        not."""
        usage = self.usage.lower()
        if "thrust" in usage:
            return True
        if "swung" in usage or "swing" in usage:
            return False
        return self.damage.kind in ("imp", "pi")


@dataclass(frozen=True, slots=True)
class Shield:
    """A ready shield or cloak: its Defense Bonus, the Block score without it, and the side it
    is carried on (``left`` for a right-handed fighter): attacks from that side get the DB."""

    name: str
    db: int
    block: int
    cloak: bool = False
    side: str = "left"


@dataclass(frozen=True, slots=True)
class Condition:
    """What changes during a fight: HP, shock, stun, posture and the per-turn defense record.

    ``parries`` counts this turn's parries per weapon; ``attacked_with`` the weapons used to
    attack this turn (an unbalanced one cannot parry); ``retreated_from`` the attacker a retreat
    (or dodge and drop, ``dropped_from``) was made against, until the token's next turn.
    """

    hp: int
    shock: int = 0
    stunned: bool = False
    posture: str = "standing"
    unaware: bool = False
    unconscious: bool = False
    immobilized: bool = False
    dead: bool = False
    maneuver: str = ""
    sprinted: bool = False
    blocked: bool = False
    retreated_from: str = ""
    dropped_from: str = ""
    sacrificed: bool = False
    acrobatic_dodged: bool = False
    parries: Mapping[str, int] = field(default_factory=dict)
    attacked_with: tuple[str, ...] = ()
    broken: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    moved: float = 0.0
    """The yards moved this turn (the table counts them as the token is dragged)."""
    moving: str = ""
    """``flying`` or ``swimming`` (L61: an Acrobatic Dodge rolls Aerobatics when flying; L161:
    a dodge and drop only with concealing terrain a step below, and not prone)."""
    cover_below: bool = False
    """A flyer or swimmer has concealing terrain a step below (a hillcrest, L161)."""
    behind_cover: bool = False
    """He dropped behind cover (L155): a dodge and drop with cover measured between him and
    that attacker; while he lies prone it counts against every later ranged attack."""
    ready: tuple[str, ...] = ()
    """The weapons in hand, when the GM declares them (L99: only a ready weapon parries, bare
    hands need a free hand); empty: every melee weapon listed is taken as in hand."""


@dataclass(frozen=True, slots=True)
class Character:
    """A GURPS combatant: attributes, defenses, attacks and condition."""

    st: int
    dx: int
    ht: int
    hp: int
    basic_speed: float
    basic_lift: float
    dodge: int
    encumbrance: int = 0
    dr: int = 0
    dr_vs: Mapping[str, int] = field(default_factory=dict)
    shield: Shield | None = None
    skills: Mapping[str, int] = field(default_factory=dict)
    traits: tuple[str, ...] = ()
    attacks: tuple[Attack, ...] = ()
    condition: Condition = field(default_factory=lambda: Condition(hp=10))
    import_notes: tuple[str, ...] = ()
    """What the character sheet's importer could not read and skipped, in words."""
    basic_move: int = 0
    """Basic Move in yards; 0: Basic Speed, dropping fractions."""
    vehicle: Mapping[str, int] | None = None
    """An evasively maneuvering vehicle (L73): ``operator_skill`` (Driving, Piloting...) and
    ``handling``; its Dodge is half the skill plus Handling."""

    @property
    def move(self) -> int:
        """Move: Basic Move less a fifth per encumbrance level, dropping fractions (at least
        1); the yards a Move maneuver goes.

        >>> Character(10, 10, 10, 10, 5.75, 20, 8, encumbrance=2).move
        3
        """
        basic = self.basic_move or int(self.basic_speed)
        return max(1, basic * (5 - self.encumbrance) // 5)

    def has(self, trait: str) -> bool:
        """Whether a trait starts with ``trait`` (``Weapon Master (Sword)`` has Weapon Master)."""
        return any(t.lower().startswith(trait.lower()) for t in self.traits)

    def attack(self, wanted: str | None, where: str = "weapon") -> Attack:
        """The attack called ``wanted`` (label or name, any case), or the first one.

        >>> Character(10, 10, 10, 10, 5.0, 20.0, 8).attack(None)
        Traceback (most recent call last):
        ...
        battlemap.rules.registry.RulesError: weapon: this character has no attacks
        """
        lost = {*self.condition.broken, *self.condition.dropped}
        usable = [a for a in self.attacks if a.name not in lost and a.label not in lost]
        if not usable:
            raise RulesError(f"{where}: this character has no attacks")
        if wanted is None:
            return usable[0]
        for attack in usable:
            if wanted.lower() in (attack.label.lower(), attack.name.lower()):
                return attack
        known = ", ".join(a.label for a in usable)
        raise RulesError(f"{where}: no attack {wanted!r}; this character has {known}")

    def with_condition(self, **changes: Any) -> Character:
        return replace(self, condition=replace(self.condition, **changes))


# -- parsing -----------------------------------------------------------------------------------

def _int(data: Mapping[str, Any], key: str, where: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        if value is None:
            raise RulesError(f"{where}.{key}: missing")
        raise RulesError(f"{where}.{key}: expected an integer, got {value!r}")
    return value


def _number(data: Mapping[str, Any], key: str, where: str, default: float) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RulesError(f"{where}.{key}: expected a number, got {value!r}")
    return float(value)


def _flag(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RulesError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def _text(data: Mapping[str, Any], key: str, where: str, default: str = "",
          choices: tuple[str, ...] = ()) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise RulesError(f"{where}.{key}: expected a text, got {value!r}")
    if choices and value not in choices:
        raise RulesError(f"{where}.{key}: {value!r} is not one of {', '.join(choices)}")
    return value


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RulesError(f"{where}: expected an object, got {value!r}")
    return value


def _texts(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RulesError(f"{where}.{key}: expected a list of texts, got {value!r}")
    return tuple(value)


def _int_map(data: Mapping[str, Any], key: str, where: str) -> dict[str, int]:
    value = _mapping(data.get(key, {}), f"{where}.{key}")
    return {name: _int(value, name, f"{where}.{key}") for name in value}


def parse_reach(text: str, where: str) -> tuple[int, int]:
    """GCS reach text to (nearest, farthest) hexes: ``C`` is 0, ``C,1`` is (0, 1).

    >>> parse_reach("1-2*", "r"), parse_reach("C,1", "r"), parse_reach("C", "r")
    ((1, 2), (0, 1), (0, 0))
    """
    steps: list[int] = []
    for part in text.replace("*", "").replace("-", ",").split(","):
        part = part.strip().upper()
        if part == "C":
            steps.append(0)
        elif part.isdigit():
            steps.append(int(part))
        elif part:
            raise RulesError(f"{where}: cannot read reach {text!r} (expected C, 1, C,1 or 1-2)")
    if not steps:
        raise RulesError(f"{where}: cannot read reach {text!r}")
    return min(steps), max(steps)


def _range(data: Mapping[str, Any], where: str) -> tuple[float, float] | None:
    value = data.get("range")
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
        raise RulesError(f"{where}.range: expected [half-damage range, maximum range] in yards,"
                         f" got {value!r}")
    return float(value[0]), float(value[1])


def _attack(data: Any, where: str) -> Attack:
    record = _mapping(data, where)
    skill = _int(record, "skill", where)
    parry = record.get("parry")
    if parry is True:
        parry = 3 + skill // 2 + _int(record, "parry_bonus", where, 0)
    elif parry is False:
        parry = None
    if parry is not None and not isinstance(parry, int):
        raise RulesError(f"{where}.parry: expected an integer, true (3 + half skill, plus"
                         f" parry_bonus) or null, got {parry!r}")
    try:
        damage = parse_damage(_text(record, "damage", where, "1d cr"))
    except ValueError as error:
        raise RulesError(f"{where}.damage: {error}") from None
    kind = _text(record, "kind", where, "melee", ATTACK_KINDS)
    reach = parse_reach(_text(record, "reach", where, "1"), f"{where}.reach")
    attack_range = _range(record, where)
    if kind != "melee" and attack_range is None:
        raise RulesError(f"{where}.range: a {kind} attack needs its range")
    return Attack(
        name=_text(record, "name", where) or "weapon", usage=_text(record, "usage", where),
        skill=skill, damage=damage, kind=kind, reach=reach,
        range=attack_range, parry=parry, fencing=_flag(record, "fencing", where),
        unbalanced=_flag(record, "unbalanced", where),
        weight=_number(record, "weight", where, 0.0),
        quality=_text(record, "quality", where, "good", QUALITIES),
        hand=_text(record, "hand", where, "main", HANDS), unarmed=_flag(record, "unarmed", where),
        improvised=_flag(record, "improvised", where),
        skill_name=_text(record, "skill_name", where),
        rate_of_fire=_int(record, "rate_of_fire", where, 1),
        recoil=max(1, _int(record, "recoil", where, 1)))


def _shield(data: Any, where: str, skills: Mapping[str, int]) -> Shield | None:
    """The shield; without a ``block`` it is 3 + half the Shield (or Cloak) skill."""
    if data is None:
        return None
    record = _mapping(data, where)
    cloak = _flag(record, "cloak", where)
    skill = skills.get("Cloak" if cloak else "Shield")
    block = record.get("block", None if skill is None else 3 + skill // 2)
    if block is None:
        raise RulesError(f"{where}.block: missing (or give the {'Cloak' if cloak else 'Shield'}"
                         " skill)")
    return Shield(name=_text(record, "name", where, "Shield"), db=_int(record, "db", where, 0),
                  block=_int(record, "block", where, block), cloak=cloak,
                  side=_text(record, "side", where, "left", ("left", "right")))


def _condition(data: Any, where: str, hp: int) -> Condition:
    record = _mapping(data, where)
    parries = _int_map(record, "parries", where)
    return Condition(
        hp=_int(record, "hp", where, hp), shock=_int(record, "shock", where, 0),
        stunned=_flag(record, "stunned", where),
        posture=_text(record, "posture", where, "standing", POSTURES),
        unaware=_flag(record, "unaware", where), unconscious=_flag(record, "unconscious", where),
        immobilized=_flag(record, "immobilized", where), dead=_flag(record, "dead", where),
        maneuver=_text(record, "maneuver", where, "", MANEUVERS),
        sprinted=_flag(record, "sprinted", where), blocked=_flag(record, "blocked", where),
        retreated_from=_text(record, "retreated_from", where),
        dropped_from=_text(record, "dropped_from", where),
        sacrificed=_flag(record, "sacrificed", where),
        acrobatic_dodged=_flag(record, "acrobatic_dodged", where),
        parries=parries, attacked_with=_texts(record, "attacked_with", where),
        broken=_texts(record, "broken", where), dropped=_texts(record, "dropped", where),
        ready=_texts(record, "ready", where),
        moving=_text(record, "moving", where, "", MOVING),
        moved=_number(record, "moved", where, 0.0),
        cover_below=_flag(record, "cover_below", where),
        behind_cover=_flag(record, "behind_cover", where))


def _vehicle_dodge(vehicle: Mapping[str, int]) -> int:
    """L73 Vehicular Dodge: half the operator's skill, rounded down, plus the Handling.

    >>> _vehicle_dodge({"operator_skill": 14, "handling": 1})
    8
    """
    return vehicle["operator_skill"] // 2 + vehicle.get("handling", 0)


_PARSED = ParsedBlocks[Character]()
"""Stat blocks parsed already (a hover lists the attacker's attacks and previews the attack,
each reading the same blocks again)."""


def character_from_dict(data: Mapping[str, Any], where: str) -> Character:
    """Parse a token's ``stats`` (``RulesError`` naming the field path on bad input).

    The same block (the same object, holding what it held when parsed) gives the same
    :class:`Character` without parsing again; a block changed in place is parsed afresh.

    >>> block = {"st": 12}
    >>> character_from_dict(block, "w") is character_from_dict(block, "w")
    True
    >>> block["st"] = 14
    >>> character_from_dict(block, "w").st
    14
    """
    return _PARSED.get(data, (where,), lambda: _parse_character(data, where))


def _parse_character(data: Mapping[str, Any], where: str) -> Character:
    data = _mapping(data, where)
    st, dx, ht = (_int(data, key, where, 10) for key in ("st", "dx", "ht"))
    hp = _int(data, "hp", where, st)
    speed = _number(data, "basic_speed", where, (dx + ht) / 4)
    encumbrance = _int(data, "encumbrance", where, 0)
    attacks = data.get("attacks", [])
    skills = _int_map(data, "skills", where)
    if not isinstance(attacks, list):
        raise RulesError(f"{where}.attacks: expected a list, got {attacks!r}")
    vehicle = _int_map(data, "vehicle", where) if "vehicle" in data else None
    if vehicle is not None and "operator_skill" not in vehicle:
        raise RulesError(f"{where}.vehicle: needs operator_skill (and handling), got {vehicle}")
    return Character(
        st=st, dx=dx, ht=ht, hp=hp, basic_speed=speed,
        basic_lift=_number(data, "basic_lift", where, st * st / 5),
        dodge=(_vehicle_dodge(vehicle) if vehicle is not None else
               _int(data, "dodge", where, int(speed) + 3 - encumbrance)),
        vehicle=vehicle,
        encumbrance=encumbrance, dr=_int(data, "dr", where, 0),
        dr_vs=_int_map(data, "dr_vs", where),
        shield=_shield(data.get("shield"), f"{where}.shield", skills), skills=skills,
        traits=_texts(data, "traits", where),
        import_notes=_texts(data, "import_notes", where),
        basic_move=_int(data, "basic_move", where, 0),
        attacks=tuple(_attack(a, f"{where}.attacks[{i}]") for i, a in enumerate(attacks)),
        condition=_condition(data.get("condition", {}), f"{where}.condition", hp))


# -- writing -----------------------------------------------------------------------------------

def _attack_to_dict(attack: Attack) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": attack.name, "usage": attack.usage, "skill": attack.skill,
        "damage": attack.damage.text(), "kind": attack.kind,
        "reach": _reach_text(attack.reach), "parry": attack.parry,
    }
    if attack.range is not None:
        out["range"] = list(attack.range)
    defaults = Attack(name="", usage="", skill=0, damage=attack.damage)
    for key in ("fencing", "unbalanced", "weight", "quality", "hand", "unarmed", "improvised",
                "skill_name", "rate_of_fire", "recoil"):
        if getattr(attack, key) != getattr(defaults, key):
            out[key] = getattr(attack, key)
    return out


def _reach_text(reach: tuple[int, int]) -> str:
    low, high = ("C" if r == 0 else str(r) for r in reach)
    return low if reach[0] == reach[1] else f"{low},{high}" if reach[0] == 0 else f"{low}-{high}"


def _condition_to_dict(condition: Condition) -> dict[str, Any]:
    out: dict[str, Any] = {"hp": condition.hp}
    defaults = Condition(hp=condition.hp)
    for key in Condition.__dataclass_fields__:
        value = getattr(condition, key)
        if key != "hp" and value != getattr(defaults, key):
            out[key] = dict(value) if isinstance(value, Mapping) else \
                list(value) if isinstance(value, tuple) else value
    return out


def character_to_dict(character: Character) -> dict[str, Any]:
    """The JSON stat block; :func:`character_from_dict` reads it back to an equal character.

    >>> who = character_from_dict({"st": 11, "shield": {"name": "Buckler", "db": 1,
    ...                                                   "block": 9}}, "s")
    >>> character_to_dict(who)["shield"], character_from_dict(character_to_dict(who), "s") == who
    ({'name': 'Buckler', 'db': 1, 'block': 9}, True)
    """
    out: dict[str, Any] = {
        "st": character.st, "dx": character.dx, "ht": character.ht, "hp": character.hp,
        "basic_speed": character.basic_speed, "basic_lift": character.basic_lift,
        "dodge": character.dodge, "encumbrance": character.encumbrance, "dr": character.dr,
    }
    if character.dr_vs:
        out["dr_vs"] = dict(character.dr_vs)
    if character.shield is not None:
        shield = character.shield
        out["shield"] = {"name": shield.name, "db": shield.db, "block": shield.block}
        if shield.cloak:
            out["shield"]["cloak"] = True
        if shield.side != "left":
            out["shield"]["side"] = shield.side
    out["skills"] = dict(character.skills)
    out["traits"] = list(character.traits)
    out["attacks"] = [_attack_to_dict(a) for a in character.attacks]
    out["condition"] = _condition_to_dict(character.condition)
    if character.import_notes:
        out["import_notes"] = list(character.import_notes)
    if character.basic_move:
        out["basic_move"] = character.basic_move
    if character.vehicle is not None:
        out["vehicle"] = dict(character.vehicle)
    return out
