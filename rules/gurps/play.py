"""The running state of one GURPS attack, shared by the modules that play it out.

:class:`Setup` is the attack ready to roll (pieces, characters, weapon, measured facts,
modifiers); :class:`Play` what has happened so far while
:func:`battlemap.rules.gurps.attack.resolve` runs (events, notes, the changed characters);
:func:`land` applies one hit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Injured, Modifier, StatusAdded
from battlemap.rules.gurps.defense import Threat
from battlemap.rules.gurps.injury import apply_hit
from battlemap.rules.gurps.statblock import Attack, Character, character_from_dict
from battlemap.rules.table import Board, MapFacts, Piece, Point

__all__ = ["Play", "Setup", "character", "land", "modifier_json"]


@dataclass(frozen=True, slots=True)
class Setup:
    """An attack ready to roll: the pieces, characters, the weapon, the map facts, the skill."""

    attacker_piece: Piece
    target_piece: Piece
    attacker: Character
    defender: Character
    attack: Attack
    facts: MapFacts
    modifiers: tuple[Modifier, ...]
    retreat_to: Point | None = None
    """Where the defender's retreat (one yard straight away from the attacker) lands."""
    no_room: str | None = None
    """Why there is no room for that step (a token or a wall behind), or None."""
    rulings: tuple[str, ...] = ()
    """The GM's overrides of the measured facts, in words for the log."""
    given_hits: int | None = None
    """A rapid-fire attack's hits as the table counted them (the ``hits`` input), or None."""
    follow: bool = False
    """The attacker follows a retreat with his unused step (the ``follow`` input, L145)."""
    arm: bool = False
    """After a failed parry against this weapon, the hit goes to the parrying arm (L129)."""

    @property
    def effective_skill(self) -> int:
        return self.attack.skill + sum(m.value for m in self.modifiers)

    def threat(self) -> Threat:
        return Threat(self.attacker_piece.id, self.attacker, self.attack,
                      self.facts.attacker_arc, self.facts.distance, self.no_room)


def character(piece: Piece) -> Character:
    """The piece's stat block as a :class:`Character` (``RulesError`` naming the field)."""
    return character_from_dict(piece.stats, f"tokens[{piece.id}].stats")


@dataclass
class Play:
    """The running state of one resolution (while :func:`battlemap.rules.gurps.attack.resolve`
    runs)."""

    setup: Setup
    board: Board
    dice: DiceSource
    events: list[Event]
    notes: list[str]
    attacker: Character
    defender: Character
    defender_piece: Piece
    data: dict[str, Any]
    ally_piece: Piece | None = None
    ally: Character | None = None
    ally_takes: bool = False
    attacker_to: Point | None = None
    """Where the attacker stepped following a retreat (L145), or None."""
    failed_parry: str | None = None
    """The weapon (or bare hand) of a parry against a weapon that failed, for L129."""


def land(play: Play, label: str) -> None:
    """One hit on the defender, or on the ally whose sacrificial dodge put him in its way."""
    attacker_id = play.setup.attacker_piece.id
    if play.ally_takes and play.ally is not None and play.ally_piece is not None:
        play.ally, events = apply_hit(play.dice, attacker_id, play.ally_piece.id, play.ally,
                                      play.setup.attack, label)
    else:
        at_arm = play.setup.arm and play.failed_parry is not None
        play.defender, events = apply_hit(play.dice, attacker_id, play.defender_piece.id,
                                          play.defender, play.setup.attack,
                                          f"{label} the parrying arm".strip() if at_arm
                                          else label)
        if at_arm:
            _arm_hit(play, events)
    play.events.extend(events)


def _arm_hit(play: Play, events: list[Event]) -> None:
    """L129: the attacker hit "the arm you parried with"; "If your arm suffers more than half
    your Hit Points in injury, it is automatically crippled": the weapon in it is dropped."""
    weapon = play.failed_parry or ""
    injury = sum(e.injury for e in events if isinstance(e, Injured))
    piece = play.defender_piece
    play.notes.append(f"{play.setup.attacker_piece.name} hits {piece.name}'s parrying arm")
    if injury <= play.defender.hp / 2:
        return
    events.append(StatusAdded(piece.id, "parrying arm crippled"))
    unarmed = any(a.unarmed for a in play.defender.attacks if a.name == weapon)
    if not unarmed and weapon not in play.defender.condition.dropped:
        play.defender = play.defender.with_condition(
            dropped=(*play.defender.condition.dropped, weapon))
        events.append(StatusAdded(piece.id, f"{weapon} dropped"))


def modifier_json(modifier: Modifier) -> dict[str, Any]:
    """A modifier as the JSON summaries carry it.

    >>> modifier_json(Modifier(-2, "shock"))
    {'value': -2, 'reason': 'shock'}
    """
    return {"value": modifier.value, "reason": modifier.reason}
