"""The situation of one attack, as data: what the map measured and what the players chose.

:class:`AttackContext` is filled by the desktop (range band and cover from geometry, options
from the action menu) and read by :mod:`battlemap.rules.savage_pathfinder.modifiers`, which turns it
into the modifiers shown in the roll breakdown. ``attack_modifiers`` and ``damage_modifiers`` carry
anything else (a GM's ruling, a power) with its reason.

Examples
--------
>>> context = AttackContext(range_band=RangeBand.MEDIUM, cover=Cover.LIGHT, joker=True)
>>> context.attack_kind_for(fires=True)
<AttackKind.SHOOTING: 'Shooting'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from battlemap.rules.events import Modifier

__all__ = ["AttackContext", "AttackKind", "CalledShot", "Cover", "HouseRules", "Illumination",
           "RangeBand"]


class AttackKind(StrEnum):
    """How the attack is made; each kind rolls its skill (Fighting, Shooting, Athletics)."""

    MELEE = "Fighting"
    SHOOTING = "Shooting"
    THROWN = "Athletics (throwing)"

    @property
    def skill(self) -> str:
        return {"Fighting": "fighting", "Shooting": "shooting"}.get(self.value, "athletics")


class RangeBand(StrEnum):
    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"
    EXTREME = "extreme"


class Cover(StrEnum):
    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"
    NEAR_TOTAL = "near total"


class Illumination(StrEnum):
    BRIGHT = "bright"
    DIM = "dim"
    DARK = "dark"
    PITCH = "pitch"


class CalledShot(StrEnum):
    HAND = "hand"
    HEAD = "head"
    VITALS = "vitals"
    LIMB = "limb"


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Rules the two texts do not state, taken from Savage Worlds; each on unless the GM
    switches it off.

    ``dodge``: the Dodge Edge is -2 to ranged attacks (not area effects) against the character
    (the text only says area effects ignore it). ``brawler``: Brawler adds a d4 to unarmed
    damage (the text only says it "grants him a damage die"). ``frenzy``: Frenzy allows two
    Fighting dice in one attack (the text names the Edge only). ``ambidextrous``: Ambidextrous
    also waives the off-hand -2 (the text gives it only the off-hand weapon's Parry).

    Examples
    --------
    >>> HouseRules().dodge, HouseRules(dodge=False).dodge
    (True, False)
    """

    dodge: bool = True
    brawler: bool = True
    frenzy: bool = True
    ambidextrous: bool = True


@dataclass(frozen=True, slots=True)
class AttackContext:
    """Everything about one attack beyond the two combatants and the weapon.

    ``kind`` None means the weapon decides: Shooting for weapons that fire, Fighting otherwise
    (a thrown dagger needs ``AttackKind.THROWN``). ``actions`` is the number of actions declared
    this turn (Multi-Action), ``shots`` the Rate of Fire used, ``gang_up`` the Gang Up bonus
    already counted from the map (additional adjacent allies less the defender's).
    ``catastrophic`` lifts the four-Wound cap (falls, lava). ``defender_joker``: the defender
    holds a Joker (+2 to his Soak and Incapacitation Vigor rolls). ``arm`` ("left" or "right"):
    the arm a hand or limb Called Shot targets, so the Injury Table does not roll its side.
    ``called_shot_scale``: the Scale modifier of the hand, head, vitals or limb aimed at when
    the GM gives it ("depends on the Scale of the target itself (not the creature it's part
    of)": a Huge dragon's head is no man's); None: the Normal-Scale creature's -4 / -2.
    ``house``: the house defaults in force (:class:`HouseRules`).
    """

    kind: AttackKind | None = None
    range_band: RangeBand = RangeBand.SHORT
    cover: Cover = Cover.NONE
    illumination: Illumination = Illumination.BRIGHT
    gang_up: int = 0
    aim: bool = False
    wild_attack: bool = False
    desperate_attack: int = 0
    called_shot: CalledShot | None = None
    joker: bool = False
    actions: int = 1
    running: bool = False
    area_effect: bool = False
    shots: int = 1
    catastrophic: bool = False
    defender_joker: bool = False
    arm: str | None = None
    called_shot_scale: int | None = None
    scale: int = 0
    """The Scale modifier of this attack (:func:`.situational.scale.attack_scale`; none for a
    Called Shot, which takes its part's Scale, or an area effect)."""
    parry: int | None = None
    """The defender's Parry as this melee attack meets it, the TN (a prone defender's is 2
    less, S133); None: his stat block's."""
    house: HouseRules = HouseRules()
    attack_modifiers: tuple[Modifier, ...] = ()
    damage_modifiers: tuple[Modifier, ...] = ()

    def attack_kind_for(self, fires: bool) -> AttackKind:
        """The attack kind given whether the weapon is one that fires."""
        if self.kind is not None:
            return self.kind
        return AttackKind.SHOOTING if fires else AttackKind.MELEE
