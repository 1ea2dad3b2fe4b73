"""Savage Pathfinder stat blocks: a combatant's traits, gear, edges and condition, typed.

The JSON form is the one stored in ``token.stats`` (see
:mod:`battlemap.rules.savage_pathfinder.parsing` for reading and writing it). Derived statistics
follow the text: Parry is 2 plus half the Fighting die (2 with no Fighting) plus parry bonuses;
Toughness is 2 plus half the Vigor die plus Armor plus other bonuses; each Wound is -1 to Trait
rolls and Pace, at most -3.

Examples
--------
>>> hero = Combatant(id="h1", wild_card=True, skills=(("fighting", TraitDie(8)),),
...                  vigor=TraitDie(8), armor=2)
>>> hero.parry, hero.toughness, hero.max_wounds
(6, 8, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from battlemap.rules.savage_pathfinder.expressions import DIE_SIDES, DamageDice, TraitDie

__all__ = [
    "ATTRIBUTES", "NO_TURN", "NO_VITALS", "UNARMED", "Combatant", "Condition", "Edge",
    "Injury", "InjuryLasts", "TurnState", "Weapon", "off_hand_parry",
]

ATTRIBUTES = ("agility", "smarts", "spirit", "strength", "vigor")

NO_VITALS = ("construct", "undead", "elemental", "swarm", "no vitals")
"""Special abilities (kept in ``edges``) of things with no head or vital organs to hit: a
Called Shot at the head or vitals adds no +4 damage against them ("of living creatures")."""


class Edge(StrEnum):
    """The Edges the combat texts name; other Edge names are kept as written."""

    QUICK = "Quick"
    LEVEL_HEADED = "Level Headed"
    BRAWLER = "Brawler"
    DODGE = "Dodge"
    AMBIDEXTROUS = "Ambidextrous"
    TWO_WEAPON_FIGHTING = "Two-Weapon Fighting"
    COUNTERATTACK = "Counterattack"
    FIRST_STRIKE = "First Strike"
    FRENZY = "Frenzy"
    SWEEP = "Sweep"


class InjuryLasts(StrEnum):
    """How long an Injury from Incapacitation lasts (by the Vigor roll's result)."""

    PERMANENT = "permanent"
    UNTIL_HEALED = "until all Wounds are healed"
    DAY = "24 hours or until all Wounds are healed"


@dataclass(frozen=True, slots=True)
class Injury:
    """An Injury Table result; ``lowers`` names the attribute it reduces a die type, if any."""

    name: str
    lasts: InjuryLasts
    lowers: str | None = None


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon: ``range`` (Short, Medium, Long) in inches for ranged and thrown weapons.

    A weapon without a range is a hand weapon; ``thrown`` weapons are hand weapons that can also
    be thrown with Athletics; other ranged weapons fire with Shooting. ``natural`` marks fangs,
    claws and horns (Natural Weapons). ``off_hand``: held in the off-hand (characters are
    right-handed unless the player says otherwise): its Parry bonus counts only for the
    Ambidextrous, and an attack with it alone is at -2.
    """

    name: str
    damage: DamageDice
    ap: int = 0
    reach: int = 0
    parry: int = 0
    min_str: TraitDie | None = None
    two_handed: bool = False
    range: tuple[int, int, int] | None = None
    rof: int = 1
    reload: int = 0
    shots: int | None = None
    thrown: bool = False
    shield: bool = False
    natural: bool = False
    off_hand: bool = False

    @property
    def fires(self) -> bool:
        """True for a weapon that only attacks at range (a bow, not a thrown dagger)."""
        return self.range is not None and not self.thrown


D6 = TraitDie(6)
"""The default attribute die."""

UNARMED = Weapon(name="Unarmed", damage=DamageDice(strength=True, dice=()))


@dataclass(frozen=True, slots=True)
class Condition:
    """What has happened to a combatant: Shaken, Wounds, Fatigue and the other states."""

    shaken: bool = False
    wounds: int = 0
    fatigue: int = 0
    stunned: bool = False
    prone: bool = False
    distracted: bool = False
    vulnerable: bool = False
    incapacitated: bool = False
    bound: bool = False
    entangled: bool = False
    bleeding_out: bool = False
    injuries: tuple[Injury, ...] = ()
    on_hold: bool = False
    dead: bool = False


@dataclass(frozen=True, slots=True)
class TurnState:
    """What this round and the action a combatant is taking put on every roll he makes:
    ``joker`` (C18: "+2 to all Trait and damage rolls this round"), ``running`` (C29: "-2
    penalty to all other actions that turn"), ``actions`` (the Multi-Action count of the
    action being taken, C25/S118: -2 per action beyond the first; 1 for a free action or a
    reaction, S122) and ``support``. The table sets it on the combatants it builds from the board
    (:func:`battlemap.rules.savage_pathfinder.table.pipeline.combatant_of`), so every roll that
    takes :func:`~battlemap.rules.savage_pathfinder.penalties.condition_modifiers` takes these
    too."""

    joker: bool = False
    running: bool = False
    actions: int = 1
    support: tuple[tuple[str, int], ...] = ()
    """The Support waiting for his next roll of each skill (S161: "+1 to one skill total
    this round, and a raise adds +2"), by lower-case skill name."""


NO_TURN = TurnState()
"""No Joker, not running, a single action."""


def off_hand_parry(weapon_parry: int, ambidextrous: bool) -> int:
    """The Parry bonus an off-hand weapon adds: its own only if the hero is Ambidextrous
    ("Off-hand weapons don't add their Parry bonus unless the hero is Ambidextrous").

    Examples
    --------
    >>> off_hand_parry(1, ambidextrous=False), off_hand_parry(1, ambidextrous=True)
    (0, 1)
    """
    return weapon_parry if ambidextrous else 0


@dataclass(frozen=True, slots=True)
class Combatant:
    """One token's Savage Pathfinder statistics and condition; ``id`` is the token id."""

    id: str
    wild_card: bool = False
    agility: TraitDie = D6
    smarts: TraitDie = D6
    spirit: TraitDie = D6
    strength: TraitDie = D6
    vigor: TraitDie = D6
    skills: tuple[tuple[str, TraitDie], ...] = ()
    pace: int = 6
    running_die: int = 6
    armor: int = 0
    parry_bonus: int = 0
    toughness_bonus: int = 0
    edges: tuple[str, ...] = ()
    bennies: int = 0
    size: int = 0
    wound_limit: int | None = None
    weapons: tuple[Weapon, ...] = ()
    condition: Condition = field(default_factory=Condition)
    turn: TurnState = NO_TURN
    """The round and the action being taken (the table sets it; never stored)."""

    def attribute(self, name: str) -> TraitDie:
        """The die of one of :data:`ATTRIBUTES`, a die type lower per Injury to it (min d4)."""
        die: TraitDie = getattr(self, name)
        steps = sum(injury.lowers == name for injury in self.condition.injuries)
        sides = DIE_SIDES[max(0, DIE_SIDES.index(die.sides) - steps)]
        return TraitDie(sides, die.bonus if sides == die.sides else 0)

    def skill(self, name: str) -> TraitDie | None:
        """The skill's die, or None when the character does not have the skill."""
        return dict(self.skills).get(name.lower())

    def has_edge(self, edge: Edge) -> bool:
        return edge.value.lower() in {e.lower() for e in self.edges}

    @property
    def has_vitals(self) -> bool:
        """False for a construct, undead, elemental or swarm (see :data:`NO_VITALS`)."""
        return not any(e.lower() in NO_VITALS for e in self.edges)

    def weapon(self, name: str | None) -> Weapon:
        """The weapon called ``name`` (case ignored); None means unarmed; else ``KeyError``."""
        if name is None:
            return UNARMED
        for weapon in self.weapons:
            if weapon.name.lower() == name.lower():
                return weapon
        known = ", ".join(w.name for w in self.weapons) or "none"
        raise KeyError(f"{self.id} has no weapon {name!r} (weapons: {known})")

    @property
    def parry(self) -> int:
        """2 plus half Fighting, the Parry bonus and each weapon's: an off-hand weapon's only
        for the Ambidextrous (a shield's always: it is no weapon)."""
        fighting = self.skill("fighting")
        base = 2 + (fighting.half if fighting is not None else 0)
        ambidextrous = self.has_edge(Edge.AMBIDEXTROUS)
        return base + self.parry_bonus + sum(
            off_hand_parry(w.parry, ambidextrous) if w.off_hand and not w.shield else w.parry
            for w in self.weapons)

    @property
    def toughness(self) -> int:
        """Toughness including Armor (the text shows it as "8 (2)")."""
        return 2 + self.attribute("vigor").half + self.armor + self.toughness_bonus

    @property
    def max_wounds(self) -> int:
        """Wounds the combatant can take and still act: 3 for Wild Cards, 0 for Extras."""
        if self.wound_limit is not None:
            return self.wound_limit
        return 3 if self.wild_card else 0

    @property
    def wound_penalty(self) -> int:
        """-1 per Wound, at most -3 (Wound Penalties)."""
        return -min(self.condition.wounds, 3)
