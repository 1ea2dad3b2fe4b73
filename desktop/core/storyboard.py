"""What to show after an attack: outcome events -> an ordered list of animation beats.

Qt-free, so the order and content of an attack's animation is tested without a window; the GUI
(:mod:`battlemap.desktop.gui.animations`) plays each beat on every map view. Points are in grid
cells, read from the encounter *before* the attack (where the tokens stood when it was made).

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> from battlemap.rules.events import DamageRolled, Hit, Shaken
>>> enc = Encounter(tokens=(Token(id="h", name="Hero", x=1.5, y=1.5),
...                         Token(id="g", name="Goblin", x=5.5, y=1.5)))
>>> [type(beat).__name__ for beat in storyboard(enc, [Hit("h", "g", False),
...      DamageRolled("g", 6, 5, 0), Shaken("g")])]
['Tracer', 'Flash', 'RisingText', 'BadgePop']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from battlemap.desktop.core.fog import unseen_by_players
from battlemap.desktop.core.model import Encounter, Point
from battlemap.rules.events import (
    BystanderHit,
    DamageRolled,
    Event,
    Hit,
    Incapacitated,
    Miss,
    MovedToZone,
    Shaken,
    StatusAdded,
    TakenOut,
    TokenPushed,
    Wounded,
)

__all__ = [
    "BadgePop",
    "Beat",
    "Burst",
    "DeviationPath",
    "Flash",
    "Greying",
    "JokerFlourish",
    "RisingText",
    "Slide",
    "Tracer",
    "Whiff",
    "storyboard",
    "visible_events",
]


@dataclass(frozen=True, slots=True)
class Tracer:
    """A shot flying from ``start`` to ``end``."""

    start: Point
    end: Point


@dataclass(frozen=True, slots=True)
class Flash:
    """A hit: the token flashes."""

    token: str
    at: Point
    radius: float


@dataclass(frozen=True, slots=True)
class Whiff:
    """A miss: a short arc of air beside the target."""

    at: Point
    radius: float


@dataclass(frozen=True, slots=True)
class RisingText:
    """A number or word rising from a token and fading (damage, "no effect")."""

    text: str
    at: Point
    color: str


@dataclass(frozen=True, slots=True)
class BadgePop:
    """A status appearing on a token (Shaken, a Wound, Prone ...)."""

    text: str
    at: Point
    color: str


@dataclass(frozen=True, slots=True)
class Greying:
    """A token put out of the fight: a grey veil closes over it."""

    token: str
    at: Point
    radius: float


@dataclass(frozen=True, slots=True)
class Slide:
    """A token pushed from ``start`` to ``end``."""

    token: str
    start: Point
    end: Point


@dataclass(frozen=True, slots=True)
class Burst:
    """An area template going off: its outline (a polygon) flares and fades."""

    outline: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class DeviationPath:
    """A blast that missed drifting from where it was aimed to where it lands."""

    start: Point
    end: Point


@dataclass(frozen=True, slots=True)
class JokerFlourish:
    """The attacker acts on a Joker: a golden flourish round it."""

    at: Point
    radius: float


Beat = (Tracer | Flash | Whiff | RisingText | BadgePop | Greying | Slide | Burst
        | DeviationPath | JokerFlourish)

DAMAGE_COLOR = "#ff5252"
SHAKEN_COLOR = "#fdd835"
WOUND_COLOR = "#d50000"
STATUS_COLOR = "#b0bec5"


def _where(encounter: Encounter, token_id: str) -> Point:
    token = encounter.token(token_id)
    return (token.x, token.y)


def _radius(encounter: Encounter, token_id: str) -> float:
    return encounter.token(token_id).radius


def _shot_beats(encounter: Encounter, event: Hit | Miss | BystanderHit, area: bool,
                strays: bool) -> list[Beat]:
    """A tracer to the victim (none for an area attack, which bursts), then a flash or a whiff.

    A miss that goes on to hit a bystander (``strays``) draws its tracer to the bystander.
    """
    start = _where(encounter, event.attacker)
    victim = event.bystander if isinstance(event, BystanderHit) else event.target
    end, radius = _where(encounter, victim), _radius(encounter, victim)
    tracer: list[Beat] = [] if area or (strays and isinstance(event, Miss)) \
        else [Tracer(start, end)]
    if isinstance(event, Miss):
        return [*tracer, Whiff(end, radius)]
    return [*tracer, Flash(victim, end, radius)]


def _effect_beats(encounter: Encounter, event: Event) -> list[Beat]:
    match event:
        case DamageRolled(target=t, total=n, toughness=tough):
            color = DAMAGE_COLOR if n >= tough else STATUS_COLOR
            return [RisingText(str(n), _where(encounter, t), color)]
        case Shaken(token=t):
            return [BadgePop("SHAKEN", _where(encounter, t), SHAKEN_COLOR)]
        case Wounded(token=t, wounds=w):
            return [BadgePop(f"+{w} WOUND" + "S" * (w != 1), _where(encounter, t), WOUND_COLOR)]
        case StatusAdded(token=t, status=s):
            return [BadgePop(s.upper(), _where(encounter, t), STATUS_COLOR)]
        case Incapacitated(token=t):
            return [Greying(t, _where(encounter, t), _radius(encounter, t))]
        case TokenPushed(token=t, to=to) | MovedToZone(token=t, to=to) if to is not None:
            return [Slide(t, _where(encounter, t), to)]
        case TakenOut(token=t):
            return [Greying(t, _where(encounter, t), _radius(encounter, t))]
    return []


def storyboard(encounter: Encounter, events: Sequence[Event], *, joker_of: str | None = None,
               prelude: Sequence[Beat] = ()) -> list[Beat]:
    """The beats of one attack, in the order the events happened.

    ``encounter`` is the snapshot before the attack; ``joker_of`` the attacker acting on a Joker
    (a flourish first); ``prelude`` beats play before the shots (a template's deviation path).
    A token the attack takes out (Incapacitated, taken out) greys without a SHAKEN or
    ``+4 WOUNDS`` pop first: it is out of the fight, the log keeps the numbers.
    A hit or miss on something that is no token (the point an area attack aimed at) has no
    beat of its own.
    """
    beats: list[Beat] = []
    if joker_of is not None:
        beats.append(JokerFlourish(_where(encounter, joker_of), _radius(encounter, joker_of)))
    beats += prelude
    area = any(isinstance(beat, Burst) for beat in prelude)
    strays = any(isinstance(event, BystanderHit) for event in events)
    known = {token.id for token in encounter.tokens}
    out = {e.token for e in events if isinstance(e, Incapacitated | TakenOut)}
    for event in events:
        if isinstance(event, Hit | Miss | BystanderHit):
            victim = event.bystander if isinstance(event, BystanderHit) else event.target
            beats += _shot_beats(encounter, event, area, strays) if victim in known else []
        elif not (isinstance(event, Shaken | Wounded) and event.token in out):
            beats += _effect_beats(encounter, event)  # one taken out just greys: no pops
    return beats


TOKEN_FIELDS = ("token", "attacker", "target", "bystander")


def visible_events(encounter: Encounter, events: Sequence[Event]) -> list[Event]:
    """The events that name no hidden token and some token the heroes see (when the fog
    hides some from them): what the players' screen may animate. An unseen archer's shot at
    a hero stays, its start covered by the fog: the arrow comes out of the dark.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Token
    >>> from battlemap.rules.events import Hit, Shaken
    >>> enc = Encounter(tokens=(Token("s", "Sniper", 0.5, 0.5, hidden=True),
    ...                         Token("h", "Hero", 4.5, 0.5)))
    >>> visible_events(enc, [Hit("s", "h", False), Shaken("h")])
    [Shaken(token='h')]
    """
    hidden = {token.id for token in encounter.tokens if token.hidden}
    unseen = unseen_by_players(encounter)
    return [event for event in events if not (_named(event) & hidden)
            and (not _named(event) or _named(event) - unseen)]


def _named(event: Event) -> set[str]:
    """The ids of the tokens ``event`` names."""
    return {getattr(event, name) for name in TOKEN_FIELDS if getattr(event, name, None)}
