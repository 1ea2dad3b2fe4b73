"""Area attacks: explosions, cones and sprays on the map, and the victims' dive for cover.

A blast template (``sbt``, ``mbt``, ``lbt``: the area the GM counts the blast over) needs an
explosive attack (damage ``3d cr ex``); a Cone or Stream takes any ranged attack (a breath, a
spray: the same damage to everyone in it). The attack roll is the attack's skill with the
range penalty to the aimed point; a miss lands the margin of failure in yards away (at most
half the distance), the way a 1d says (the hex side: the measurer's clock hour 2 x the die).

Then each victim beneath it who can defend is asked (decision ``dive:TOKEN``), in the board's
order, and rolls at once:

* ``dive`` - Diving for Cover (L159): a dodge and drop (Dodge +3). Success: he is a step
  farther away, prone - out of the area when a step takes him clear of it (the "cover a step
  away"), else (an explosion) one yard farther from the centre. Failure: "you suffer the
  effect before you make your step" (he steps and drops after). Against a cone or spray with
  no way out a step away the dive is refused with the reason.
* ``smother`` - the Sacrificial Dodge and Drop onto an explosive (L157), for a victim a step
  (a yard) from where it went off: success puts him on it, prone, and "treat the blast as a
  contact explosion": he takes the full damage and his body smothers it for everyone else;
  failure: as a failed dive.
* ``none`` - he stands.

Damage is rolled once; each victim takes it divided by 3 x his distance from the centre in
yards (rounded to the yard; the centre's hex: full; fractions dropped), a cone or spray in
full; a wall between him and the origin (the measurer's shelter) adds its Hardness to DR.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Modifier, StatusAdded, TokenPushed
from battlemap.rules.gurps.damage import DamageSpec, roll_damage
from battlemap.rules.gurps.defense import POSTURE_DEFENSE
from battlemap.rules.gurps.injury import apply_damage
from battlemap.rules.gurps.narration import log_lines
from battlemap.rules.gurps.play import character
from battlemap.rules.gurps.ranges import range_penalty
from battlemap.rules.gurps.roll import Grade, success_chance, success_roll
from battlemap.rules.gurps.statblock import Attack, Character, character_to_dict
from battlemap.rules.interface import AreaRequest, Choice, Decision, Resolution
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Area, Board, Piece, Point

__all__ = ["BLASTS", "resolve_area"]

BLASTS = ("sbt", "mbt", "lbt")
STEP = 1.0
"""A step, in yards (the hex map's cell)."""


@dataclass(frozen=True, slots=True)
class Reaction:
    """One victim's options against the area attack: where a dive's step takes him, whether
    it takes him out of the area, and his Dodge and Drop score."""

    piece: Piece
    who: Character
    score: int
    modifiers: tuple[Modifier, ...]
    step: Point | None
    clear: bool
    dive_why_not: str | None
    smother_why_not: str | None


def explosive(attack: Attack) -> bool:
    """``3d cr ex``: the damage's remark starts with ``ex``.

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> c = character_from_dict({"attacks": [{"name": "Grenade", "skill": 12,
    ...     "damage": "4d cr ex", "kind": "thrown", "range": [10, 20]}]}, "c")
    >>> explosive(c.attacks[0])
    True
    """
    return attack.damage.note.lower().split(" ")[0] == "ex"


def _weapon(who: Character, request: AreaRequest, name: str) -> Attack:
    if request.weapon is not None:
        attack = who.attack(request.weapon)
    else:
        fit = [a for a in who.attacks if explosive(a)] if request.shape in BLASTS else \
            [a for a in who.attacks if a.ranged]
        if not fit:
            raise RulesError(f"{name} has no {'explosive' if request.shape in BLASTS else 'ranged'}"
                             f" attack for a {request.shape.upper()} template")
        attack = fit[0]
    if request.shape in BLASTS and not explosive(attack):
        raise RulesError(f"{name}'s {attack.label} does not explode: a blast template needs "
                         f"explosive damage (such as 3d cr ex); a Cone or Stream takes any "
                         f"ranged attack")
    if not attack.ranged:
        raise RulesError(f"{name}'s {attack.label} is a melee attack: area templates take "
                         f"thrown or ranged attacks")
    return attack


def _no_defense(who: Character) -> str | None:
    condition = who.condition
    reasons = ((condition.dead, "dead"), (condition.unconscious, "unconscious"),
               (condition.unaware, "unaware of the attack"),
               (condition.immobilized, "immobilized"),
               (condition.maneuver == "all-out-attack", "made an All-Out Attack"))
    return next((why for flag, why in reasons if flag), None)


def _reaction(board: Board, area: Area, piece: Piece, blast: bool, thrower: Piece) -> Reaction:
    who = character(piece)
    modifiers = [Modifier(3, "dodge and drop")]
    if who.condition.stunned:
        modifiers.append(Modifier(-4, "stunned"))
    posture = POSTURE_DEFENSE[who.condition.posture]
    if posture:
        modifiers.append(Modifier(posture, who.condition.posture))
    measurer = board.map()
    # a step is one cell of the map (on the hex map a yard: one hex, L159 "only a step away")
    out = measurer.step_clear_of(area, piece.id)
    clear = out is not None
    step: Point | None = out
    dive_why = None
    if not clear and blast:
        on_centre = math.hypot(piece.x - area.x, piece.y - area.y) < 1e-6
        # on the centre: away from the thrower
        wanted = measurer.step_away(piece.id, thrower.id if on_centre else (area.x, area.y))
        stop, wall = measurer.slide(piece.id, wanted)
        if math.dist(stop, wanted) > 1e-6:
            dive_why = f"no room for the step: a wall ({wall}) in the way"
        else:
            step = stop
    elif not clear:
        dive_why = "no cover a step away: a step does not take him out of the area"
    blocker = None if step is None else next(
        (p for p in board.tokens if p.id != piece.id and
         math.dist((p.x, p.y), step) < p.radius + piece.radius - 1e-6), None)
    if blocker is not None:
        dive_why, step = f"no room for the step: {blocker.name} in the way", None
    smother_why = None if blast and measurer.distance_to(piece.id, (area.x, area.y)) \
        <= STEP + 1e-6 else ("not a step from the explosive" if blast
                             else "only an explosive can be smothered")
    no_defense = _no_defense(who)
    if no_defense:
        dive_why = smother_why = no_defense
    return Reaction(piece, who, who.dodge + sum(m.value for m in modifiers), tuple(modifiers),
                    step, clear, dive_why, smother_why)


def _decision(reaction: Reaction, name: str, attack: Attack) -> Decision:
    odds = float(success_chance(reaction.score))
    piece = reaction.piece
    where = "out of the area" if reaction.clear else "a yard farther from the blast"
    choices = (
        Choice("dive", f"Dive for cover (Dodge and Drop {reaction.score}): {where}",
               allowed=reaction.dive_why_not is None, why_not=reaction.dive_why_not,
               probability=odds if reaction.dive_why_not is None else None),
        Choice("smother", f"Dive onto the explosive (Sacrificial Dodge and Drop "
                          f"{reaction.score}): a contact explosion, nobody else hit",
               allowed=reaction.smother_why_not is None, why_not=reaction.smother_why_not,
               probability=odds if reaction.smother_why_not is None else None),
        Choice("none", "Stand", probability=0.0),
    )
    return Decision(f"dive:{piece.id}", f"{piece.name} is beneath {name}'s {attack.label}",
                    who=piece.id, choices=choices)


@dataclass
class _Victim:
    piece: Piece
    who: Character
    sheltered: int = 0
    contact: bool = False
    shielded: bool = False
    out: bool = False
    late_step: Point | None = None
    """A failed dive's step, made after the blast (L159)."""


def resolve_area(board: Board, request: AreaRequest, dice: DiceSource) -> Resolution:
    """Roll an area attack (see the module); a ``dive:TOKEN`` decision for each victim."""
    thrower = board.token(request.attacker)
    attacker = character(thrower)
    attack = _weapon(attacker, request, thrower.name)
    blast = request.shape.lower() in BLASTS
    measurer = board.map()
    try:
        aimed = measurer.place(request.shape, request.attacker, request.at, request.rotation)
    except ValueError as error:
        raise RulesError(str(error)) from None
    yards = measurer.distance_to(request.attacker, request.at)
    per_cell = measurer.distance_to(thrower.id, (thrower.x + 1.0, thrower.y)) or 1.0
    # yards a map cell measures (1 on a new GURPS map: a yard a hex)
    penalty = range_penalty(yards)
    modifiers = (Modifier(penalty, f"range {yards:.0f} yd"),) if penalty else ()
    made, result = success_roll(dice, thrower.id, attack.label, attack.skill, modifiers)
    events: list[Event] = [made]
    notes: list[str] = []
    area = aimed
    if not result.succeeded:
        off = min(float(-result.margin), yards / 2)
        side = dice.roll(6, "scatter direction")
        area, moved = measurer.deviate(thrower.id, aimed, off, 2 * side)
        notes.append(f"missed: it lands {moved:.0f} yd off (scatter {side})")
    if result.kind is Grade.CRITICAL_FAILURE:
        notes.append("critical failure")
    facts = measurer.beneath(area, () if blast else (thrower.id,))
    shelter = {s.token: int(s.hardness) for s in facts.sheltered}
    victims = [_Victim(board.token(t), character(board.token(t)), shelter.get(t, 0))
               for t in facts.hits]
    names = {p.id: p.name for p in board.tokens}
    for victim in victims:
        if any(v.contact for v in victims):
            break  # smothered (L157): nobody else need dive
        reaction = _reaction(board, area, victim.piece, blast, thrower)
        asked = _decision(reaction, thrower.name, attack)
        answer = request.answers.get(asked.id)
        if reaction.dive_why_not and reaction.smother_why_not:
            notes.append(f"{victim.piece.name} cannot dive for cover: {reaction.dive_why_not}")
            continue
        if answer is None:
            return Resolution(tuple(events), board, f"{thrower.name}'s {attack.label}: "
                              f"{victim.piece.name} dives for cover?",
                              log_lines(events, names) + tuple(notes), decision=asked)
        choice = answer[0].strip().lower() if answer else ""
        found = next((c for c in asked.choices if c.id == choice), None)
        if found is None or not found.allowed:
            known = ", ".join(c.id for c in asked.allowed)
            why = f": {found.why_not}" if found is not None and found.why_not else ""
            raise RulesError(f"{victim.piece.name} cannot {choice!r}{why} against "
                             f"{thrower.name}'s {attack.label} (choose {known})")
        if choice != "none":
            _react(dice, victim, reaction, choice, area, events, notes)
    spec = attack.damage
    damage_made, damage = roll_damage(dice, thrower.id, attack.label, spec)
    events.append(damage_made)
    smothered = any(v.contact for v in victims)
    for victim in victims:
        victim.shielded = smothered and not victim.contact
        _harm(dice, victim, area, blast, damage, spec, per_cell, events, notes)
    return _finish(board, request, thrower, attacker, attack, aimed, area, victims, events,
                   notes, result.succeeded)


def _react(dice: DiceSource, victim: _Victim, reaction: Reaction, choice: str, area: Area,
           events: list[Event], notes: list[str]) -> None:
    """The dive (L159) or the throw onto the explosive (L157): the Dodge and Drop roll."""
    piece = victim.piece
    purpose = "Sacrificial Dodge and Drop" if choice == "smother" else "Dive for cover"
    made, rolled = success_roll(dice, piece.id, purpose, reaction.who.dodge,
                                reaction.modifiers)
    events.append(made)
    if rolled.succeeded and choice == "smother":
        victim.contact = True
        notes.append(f"{piece.name} dives onto the explosive: a contact explosion")
        _move(victim, (area.x, area.y), events)
    elif rolled.succeeded:
        victim.out = reaction.clear
        notes.append(f"{piece.name} dives for cover: "
                     + ("out of the area" if reaction.clear else "a step farther away"))
        if reaction.step is not None:
            _move(victim, reaction.step, events)
    else:
        missed = "reach the explosive" if choice == "smother" else "reach cover"
        notes.append(f"{piece.name} fails to {missed}: the blast comes before his step")
        victim.late_step = reaction.step if choice == "dive" else None
    victim.who = victim.who.with_condition(posture="prone")
    events.append(StatusAdded(piece.id, "prone"))


def _move(victim: _Victim, to: Point, events: list[Event]) -> None:
    victim.piece = victim.piece.moved_to(*to)
    events.append(TokenPushed(victim.piece.id, to))


def _harm(dice: DiceSource, victim: _Victim, area: Area, blast: bool, damage: int,
          spec: DamageSpec, per_cell: float, events: list[Event], notes: list[str]) -> None:
    piece = victim.piece
    if victim.out or victim.shielded:
        if victim.shielded:
            notes.append(f"{piece.name} is shielded: the blast is smothered")
        return
    if blast and not victim.contact:
        yards = round(math.dist((piece.x, piece.y), (area.x, area.y)) * per_cell)
        taken = damage // (3 * yards) if yards else damage
        if yards:
            notes.append(f"{piece.name} {yards} yd from the centre: {damage} / {3 * yards} = "
                         f"{taken}")
    else:
        taken = damage
    if victim.sheltered:
        notes.append(f"{piece.name} has cover: DR +{victim.sheltered}")
    victim.who, hurt = apply_damage(dice, piece.id, victim.who, spec, taken, victim.sheltered)
    events.extend(hurt)
    if victim.late_step is not None:  # a failed dive: the step comes after the blast (L159)
        _move(victim, victim.late_step, events)


def _finish(board: Board, request: AreaRequest, thrower: Piece, attacker: Character,
            attack: Attack, aimed: Area, area: Area, victims: list[_Victim],
            events: list[Event], notes: list[str], hit: bool) -> Resolution:
    after = board.with_token(replace(thrower, stats=character_to_dict(attacker.with_condition(
        attacked_with=tuple(dict.fromkeys((*attacker.condition.attacked_with,
                                           attack.name)))))))
    for victim in victims:
        after = after.with_token(replace(victim.piece, stats=character_to_dict(victim.who)))
    names = {p.id: p.name for p in board.tokens}
    who = ", ".join(v.piece.name for v in victims) or "nobody"
    data: dict[str, Any] = {
        "template": {"aimed_at": [aimed.x, aimed.y], "landed_at": [area.x, area.y],
                     "victims": [v.piece.id for v in victims]},
        "attacker": thrower.id, "weapon": attack.label, "hit": hit, "notes": list(notes)}
    return Resolution(tuple(events), after,
                      f"{thrower.name} {'hits' if hit else 'misses'} with {attack.label} "
                      f"({request.shape.upper()}): {who} beneath",
                      log_lines(events, names) + tuple(notes), data=data)
