"""A FATE combatant: skills on the ladder, weapon, armour, shield, the Health stress track,
consequences, aspects and the condition the fight changes.

The weapon and armour tables of the text ("Attacker's Weapon", "Defender's Armor") are
:data:`WEAPON_STRESS` and :data:`ARMOUR_STRESS`. A mook has one rating, Toughness, for its
combat roll and for the stress that takes it out (text, "Mooks").

Examples
--------
>>> WEAPON_STRESS["great-axe"], ARMOUR_STRESS["legionary"]
(3, -3)
>>> fighter = Combatant("g", skills={"weapons": 4, "might": 3}, weapon=Weapon("Gladius", "sword"))
>>> fighter.attack_skill, fighter.rating("weapons"), fighter.rating("athletics")
('weapons', 4, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

__all__ = [
    "ARMOUR_STRESS",
    "CONSEQUENCES",
    "UNARMED",
    "WEAPON_STRESS",
    "Combatant",
    "Condition",
    "Weapon",
]

WEAPON_STRESS: dict[str, int] = {
    "unarmed": 0,
    "dagger": 1, "javelin": 1, "bow": 1, "improvised": 1,
    "sword": 2, "spear": 2, "axe": 2, "mace": 2, "club": 2, "other": 2,
    "great-sword": 3, "great-axe": 3,
}
"""Stress the attacker's weapon adds, by weapon type (text, "Attacker's Weapon": 0 unarmed,
+1 dagger, javelin, bow, improvised, +2 most weapons, +3 great sword, great axe)."""

ARMOUR_STRESS: dict[str, int] = {
    "none": 0, "leather": -1, "light-scale": -1, "chain": -2, "heavy-scale": -2,
    "legionary": -3,
}
"""Stress the defender's armour takes off (text, "Defender's Armor")."""

RANGED = frozenset({"javelin", "bow"})
"""Weapon types that strike from another zone."""

CONSEQUENCES = ("mild", "moderate", "severe")
"""The consequence slots of a named character, lightest first."""


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon: its name, its type (a key of :data:`WEAPON_STRESS`) and the skill it uses."""

    name: str
    type: str = "sword"
    skill: str = ""

    @property
    def stress(self) -> int:
        return WEAPON_STRESS[self.type]

    @property
    def is_axe(self) -> bool:
        return self.type in {"axe", "great-axe"}

    @property
    def ranged(self) -> bool:
        return self.type in RANGED

    @property
    def attack_skill(self) -> str:
        """The skill named, else Fists unarmed, Archery with a bow, Weapons otherwise."""
        if self.skill:
            return self.skill
        return {"unarmed": "fists", "bow": "archery"}.get(self.type, "weapons")


UNARMED = Weapon("Fists", "unarmed")


@dataclass(frozen=True, slots=True)
class Condition:
    """What the fight changed: the checked stress boxes (mooks: the stress taken), the
    consequences taken (slot -> aspect), taken out, the temporary aspects, and the states of
    the situational lines, maneuvers and grapples."""

    stress: tuple[int, ...] = ()
    consequences: tuple[tuple[str, str], ...] = ()
    taken_out: bool = False
    aspects: tuple[str, ...] = ()
    prone: bool = False
    surprised: bool = False
    immobilized: bool = False
    full_defense: bool = False
    spin: bool = False
    disarmed: int | None = None
    """Shifts of the Disarming maneuver that took the weapon (None: armed)."""
    rearming: int = 0
    """The rearm penalty on this combatant's next roll (0: not rearming)."""
    grappling: str | None = None
    grappled_by: str | None = None
    pinned: bool = False
    dropped_shield: bool = False
    dagger_drawn: bool = False
    fate_points: int | None = None
    """The fate points in hand (None: as many as the refresh)."""
    free_tags: tuple[str, ...] = ()
    """Aspects this character may invoke once without a fate point (won by a maneuver)."""


@dataclass(frozen=True, slots=True)
class Combatant:
    """One token's FATE stat block (skills by lower-case name) and its condition."""

    id: str
    skills: dict[str, int] = field(default_factory=dict)
    weapon: Weapon = UNARMED
    armour: str = "none"
    shield: bool = False
    mook: bool = False
    toughness: int = 0
    health: int = 5
    weight: int = 2
    mounted: bool = False
    seat: int | None = None
    aspects: tuple[str, ...] = ()
    condition: Condition = Condition()
    refresh: int | None = None
    """Fate points the character starts a session with (None: he has no fate points)."""
    name: str = ""
    """The token's name, for the words the GM reads (the id when unknown)."""

    @property
    def called(self) -> str:
        """The name the GM reads: the token's name, else its id."""
        return self.name or self.id

    @property
    def fate_points(self) -> int:
        """The fate points in hand: the refresh until some are spent or earned."""
        held = self.condition.fate_points
        return held if held is not None else (self.refresh or 0)

    def rating(self, skill: str) -> int:
        """A skill's rating; a mook rolls its Toughness for everything (text, "Mooks")."""
        if self.mook:
            return self.toughness
        return self.skills.get(skill, 0)

    @property
    def wielded(self) -> Weapon:
        """The weapon in hand: none while disarmed or grappling (a dagger once drawn)."""
        if self.condition.dagger_drawn:
            return Weapon("Dagger", "dagger")
        if self.condition.disarmed is not None or self.condition.grappling \
                or self.condition.grappled_by:
            return UNARMED
        return self.weapon

    @property
    def attack_skill(self) -> str:
        return self.wielded.attack_skill

    @property
    def has_shield(self) -> bool:
        return self.shield and not self.condition.dropped_shield

    def with_condition(self, **changes: object) -> Combatant:
        """A copy with some condition fields changed.

        >>> Combatant("g").with_condition(prone=True).condition.prone
        True
        """
        return replace(self, condition=replace(self.condition, **changes))  # type: ignore[arg-type]
