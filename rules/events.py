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
    "AspectPlaced", "AspectRemoved", "BennySpent", "BystanderHit", "ConsequenceTaken",
    "DamageRolled", "Defended", "DefenseChosen", "DieRoll", "Died", "Event", "ExchangeWon",
    "GrappleEnded", "GrappleStarted", "Hit", "Incapacitated", "Injured", "InjuryRolled",
    "ItemDropped", "ItemTaken", "Miss", "Modifier", "MovedToZone", "Outcome", "RollMade",
    "Shaken", "Soaked", "StanceTaken", "StatusAdded", "StatusRemoved", "StressMarked",
    "StuntSpent", "TakenOut", "TokenPushed", "Wounded", "describe",
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
class StuntSpent:
    """``token`` spent ``cost`` successes (or points) on a stunt against ``target``."""

    token: str
    stunt: str
    cost: int
    target: str


@dataclass(frozen=True, slots=True)
class ItemDropped:
    """``owner`` dropped ``item``; it lies at ``at`` (cells); ``by`` made them drop it."""

    owner: str
    item: str
    at: tuple[float, float]
    by: str = ""


@dataclass(frozen=True, slots=True)
class ItemTaken:
    """``token`` took ``item`` from ``source`` (a token id, or the ground)."""

    token: str
    item: str
    source: str


@dataclass(frozen=True, slots=True)
class GrappleStarted:
    """A grapple between ``control`` (in control) and ``other``, held by ``strength``
    (successes spent establishing it or taking control)."""

    control: str
    other: str
    strength: int


@dataclass(frozen=True, slots=True)
class GrappleEnded:
    first: str
    second: str
    reason: str


@dataclass(frozen=True, slots=True)
class StanceTaken:
    """A side's choice for an exchange or a defense: ``attack``, ``full defense``, a maneuver."""

    token: str
    stance: str


@dataclass(frozen=True, slots=True)
class ExchangeWon:
    """An opposed roll (an exchange, an attack against a defense) won by ``shifts``."""

    actor: str
    target: str
    shifts: int


@dataclass(frozen=True, slots=True)
class StressMarked:
    """``stress`` points on a stress ``track``: the ``box`` checked (None where a track has no
    boxes, such as a mook's Toughness), ``total`` the stress now taken on a box-less track."""

    token: str
    stress: int
    track: str
    box: int | None = None
    total: int | None = None


@dataclass(frozen=True, slots=True)
class ConsequenceTaken:
    """A lasting consequence (``severity`` mild, moderate, severe) taken instead of stress."""

    token: str
    severity: str
    aspect: str


@dataclass(frozen=True, slots=True)
class TakenOut:
    """Out of the fight: the winner decides how."""

    token: str


@dataclass(frozen=True, slots=True)
class AspectPlaced:
    """An aspect put on a token (``token`` its id) or on a zone (``zone`` true, ``token`` the
    zone's name)."""

    token: str
    aspect: str
    zone: bool = False


@dataclass(frozen=True, slots=True)
class AspectRemoved:
    token: str
    aspect: str
    zone: bool = False


@dataclass(frozen=True, slots=True)
class MovedToZone:
    """``token`` moved ``zones`` zones to the zone named ``zone`` (None: not named), landing
    at ``to`` on the map (None: where it stood)."""

    token: str
    zone: str | None
    zones: int
    to: tuple[float, float] | None = None


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
    | StuntSpent | ItemDropped | ItemTaken | GrappleStarted | GrappleEnded
    | StanceTaken | ExchangeWon | StressMarked | ConsequenceTaken | TakenOut | AspectPlaced
    | AspectRemoved | MovedToZone
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
        case StuntSpent() | ItemDropped() | ItemTaken() | GrappleStarted() | GrappleEnded():
            return _describe_table_event(event)
        case _:
            return _describe_simple(event)


def _describe_table_event(event: Event) -> str:
    """Stunts, items and grapples.

    >>> describe(StuntSpent("ada", "Shove", 2, "brute"))
    'ada spends 2 on Shove against brute'
    >>> describe(GrappleStarted("brute", "ada", 2))
    'brute grapples ada and is in control (2)'
    """
    match event:
        case StuntSpent(token=t, stunt=s, cost=c, target=o):
            return f"{t} spends {c} on {s} against {o}"
        case ItemDropped(owner=o, item=i, at=(x, y), by=b):
            return f"{o} drops {i} at ({x:g}, {y:g})" + f" (disarmed by {b})" * bool(b)
        case ItemTaken(token=t, item=i, source=s):
            return f"{t} takes {i} from {s}"
        case GrappleStarted(control=c, other=o, strength=n):
            return f"{c} grapples {o} and is in control ({n})"
        case GrappleEnded(first=a, second=b, reason=r):
            return f"the grapple of {a} and {b} ends: {r}"
    raise TypeError(f"not a table event: {event!r}")


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
    return _describe_exchange(event)


def _describe_exchange(event: Event) -> str:
    """Events of exchange-based systems (FATE): stances, shifts, stress, aspects, zones.

    >>> describe(StressMarked("g1", 3, "Health", box=3))
    'g1 takes 3 Health stress (box 3)'
    >>> describe(MovedToZone("g1", "Platform", 1))
    'g1 moves 1 zone to Platform'
    """
    match event:
        case StanceTaken(token=t, stance=s):
            return f"{t} chooses {s}"
        case ExchangeWon(actor=a, target=t, shifts=n):
            return f"{a} wins against {t} by {n} shift{'s' * (n != 1)}" if n else \
                f"{a} and {t} tie"
        case StressMarked(token=t, stress=n, track=k, box=b, total=total):
            where = f" (box {b})" if b is not None else f" (now {total})" * (total is not None)
            return f"{t} takes {n} {k} stress{where}"
        case ConsequenceTaken(token=t, severity=s, aspect=a):
            return f"{t} takes a {s} consequence: {a}"
        case TakenOut(token=t):
            return f"{t} is taken out"
        case AspectPlaced(token=t, aspect=a, zone=z):
            return f"{'zone ' * z}{t} gains the aspect {a}"
        case AspectRemoved(token=t, aspect=a, zone=z):
            return f"{'zone ' * z}{t} loses the aspect {a}"
        case MovedToZone(token=t, zone=z, zones=n):
            return f"{t} moves {n} zone{'s' * (n != 1)}" + f" to {z}" * (z is not None)
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
