"""Outcome events: what the rules decided, as plain frozen values the desktop can log and animate.

Every rules function that changes something returns an :class:`Outcome`: the events in the
order they happened and the new states of the combatants they touched. Inputs are never
mutated. Events name combatants by token id and carry only plain values, so every game system
uses the same ones and the log can print them with :func:`describe`.

A roll's breakdown is a :class:`RollMade`: each die with its aces (:class:`DieRoll`), each
modifier with its reason (:class:`Modifier`), the total, the target number and the result.

Examples
--------
>>> roll = RollMade(
...     actor="g1", purpose="Fighting", dice=(DieRoll(8, (8, 3), "Fighting die"),),
...     modifiers=(Modifier(-1, "1 Wound"),), total=10, target=5, result="raise")
>>> describe(roll)
'g1 Fighting: Fighting die d8 8+3 (ace), -1 1 Wound = 10 vs 5: raise'
>>> describe(Wounded(token="g1", wounds=2, total=3))
'g1 takes 2 Wounds (now 3)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = [
    "BennySpent", "BystanderHit", "DamageRolled", "Defended", "DefenseChosen", "DieRoll", "Died",
    "Event", "Hit", "Incapacitated", "Injured", "InjuryRolled", "Miss", "Modifier", "Outcome",
    "RollMade", "Shaken", "Soaked", "StatusAdded", "StatusRemoved", "TokenPushed", "Wounded",
    "describe",
]


@dataclass(frozen=True, slots=True)
class Modifier:
    """A bonus or penalty on a roll and the reason the log shows for it."""

    value: int
    reason: str

    def __str__(self) -> str:
        return f"{self.value:+d} {self.reason}"


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die as rolled: ``faces`` holds the first roll and every ace rolled after it."""

    sides: int
    faces: tuple[int, ...]
    purpose: str

    @property
    def total(self) -> int:
        return sum(self.faces)

    def __str__(self) -> str:
        aces = " (ace)" * (len(self.faces) > 1)
        return f"{self.purpose} d{self.sides} " + "+".join(map(str, self.faces)) + aces


@dataclass(frozen=True, slots=True)
class RollMade:
    """A roll with its full breakdown; ``result`` says what it achieved ("raise", "failure").

    Rolls without a target number (damage, the Injury Table) have ``target`` None and an
    empty ``result``.
    """

    actor: str
    purpose: str
    dice: tuple[DieRoll, ...]
    modifiers: tuple[Modifier, ...]
    total: int
    target: int | None
    result: str


@dataclass(frozen=True, slots=True)
class Hit:
    attacker: str
    target: str
    raise_: bool


@dataclass(frozen=True, slots=True)
class Miss:
    attacker: str
    target: str
    critical_failure: bool


@dataclass(frozen=True, slots=True)
class BystanderHit:
    attacker: str
    bystander: str


@dataclass(frozen=True, slots=True)
class DamageRolled:
    """Damage against ``target``: ``total`` versus ``toughness``; ``raises`` full 4s over it."""

    target: str
    total: int
    toughness: int
    raises: int


@dataclass(frozen=True, slots=True)
class Shaken:
    token: str


@dataclass(frozen=True, slots=True)
class Wounded:
    token: str
    wounds: int
    total: int


@dataclass(frozen=True, slots=True)
class Incapacitated:
    token: str


@dataclass(frozen=True, slots=True)
class Died:
    token: str


@dataclass(frozen=True, slots=True)
class InjuryRolled:
    token: str
    injury: str
    lasts: str


@dataclass(frozen=True, slots=True)
class StatusAdded:
    token: str
    status: str


@dataclass(frozen=True, slots=True)
class StatusRemoved:
    token: str
    status: str


@dataclass(frozen=True, slots=True)
class TokenPushed:
    token: str
    to: tuple[float, float]


@dataclass(frozen=True, slots=True)
class BennySpent:
    token: str
    reason: str


@dataclass(frozen=True, slots=True)
class Soaked:
    """A Soak roll removed ``wounds`` of the ``of`` Wounds an attack would have caused."""

    token: str
    wounds: int
    of: int


@dataclass(frozen=True, slots=True)
class DefenseChosen:
    """The defender ``token`` chose how to meet ``attacker``'s attack (a Dodge, a Parry with a
    weapon and a retreat, no defense): ``defense`` is the choice as the prompt showed it."""

    token: str
    attacker: str
    defense: str


@dataclass(frozen=True, slots=True)
class Defended:
    """``token``'s active defense stopped ``hits`` of ``attacker``'s hits."""

    token: str
    attacker: str
    hits: int = 1


@dataclass(frozen=True, slots=True)
class Injured:
    """Hit-point damage: ``damage`` rolled, ``armour`` (DR) stopped part of it, ``injury`` HP
    lost after the wounding multiplier; ``hp`` left of ``max_hp``."""

    token: str
    damage: int
    armour: int
    injury: int
    hp: int
    max_hp: int


Event = (
    RollMade | Hit | Miss | BystanderHit | DamageRolled | Shaken | Wounded | Incapacitated
    | Died | InjuryRolled | StatusAdded | StatusRemoved | TokenPushed | BennySpent | Soaked
    | DefenseChosen | Defended | Injured
)

CombatantT = TypeVar("CombatantT")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[CombatantT]):
    """The events in order and the new state of every combatant they changed."""

    events: tuple[Event, ...]
    states: tuple[CombatantT, ...]


def describe(event: Event) -> str:
    """One log line for an event.

    Examples
    --------
    >>> describe(Miss(attacker="h1", target="g1", critical_failure=True))
    'h1 misses g1 (Critical Failure)'
    """
    match event:
        case RollMade():
            return _describe_roll(event)
        case Hit(attacker=a, target=t, raise_=r):
            return f"{a} hits {t}" + " with a raise" * r
        case Miss(attacker=a, target=t, critical_failure=c):
            return f"{a} misses {t}" + " (Critical Failure)" * c
        case DamageRolled(target=t, total=n, toughness=tough, raises=r):
            return f"damage {n} vs Toughness {tough} of {t}: {r} raise(s)" if n >= tough \
                else f"damage {n} vs Toughness {tough} of {t}: no effect"
        case Wounded(token=t, wounds=w, total=n):
            return f"{t} takes {w} Wound{'s' * (w != 1)} (now {n})"
        case Soaked(token=t, wounds=w, of=n):
            return f"{t} soaks {w} of {n} Wound{'s' * (n != 1)}"
        case _:
            return _describe_simple(event)


def _describe_simple(event: Event) -> str:
    match event:
        case BystanderHit(attacker=a, bystander=b):
            return f"{a}'s stray shot hits bystander {b}"
        case Shaken(token=t):
            return f"{t} is Shaken"
        case Incapacitated(token=t):
            return f"{t} is Incapacitated"
        case Died(token=t):
            return f"{t} dies"
        case InjuryRolled(token=t, injury=i, lasts=d):
            return f"{t} suffers an injury: {i} ({d})"
        case StatusAdded(token=t, status=s):
            return f"{t} is now {s}"
        case StatusRemoved(token=t, status=s):
            return f"{t} is no longer {s}"
        case TokenPushed(token=t, to=(x, y)):
            return f"{t} is pushed to ({x:g}, {y:g})"
        case BennySpent(token=t, reason=r):
            return f"{t} spends a Benny: {r}"
        case DefenseChosen(token=t, attacker=a, defense=d):
            return f"{t} defends against {a}: {d}"
        case Defended(token=t, attacker=a, hits=n):
            return f"{t} avoids {a}'s attack" if n == 1 else f"{t} avoids {n} of {a}'s hits"
        case Injured(token=t, damage=d, armour=dr, injury=i, hp=hp, max_hp=top):
            return f"{t} takes {d} damage, DR {dr}: {i} injury (HP {hp} of {top})"
    raise TypeError(f"not an event: {event!r}")


def _describe_roll(roll: RollMade) -> str:
    parts = [str(die) for die in roll.dice] + [str(m) for m in roll.modifiers]
    against = f" vs {roll.target}" if roll.target is not None else ""
    result = f": {roll.result}" if roll.result else ""
    return f"{roll.actor} {roll.purpose}: {', '.join(parts)} = {roll.total}{against}{result}"
