"""Area effect attacks on the map: place a template, roll, deviate, damage everyone beneath.

:func:`preview_template` says who is beneath a Blast, Cone or Stream placed at a point (with
the solid obstacle protecting each, if any); :func:`resolve_template` rolls the attack (the
rules' :func:`~rules.savage_pathfinder.situational.area.resolve_area_attack`): on a hit each
victim takes damage separately; a missed Blast deviates - the rules roll the distance and the
clock direction, geometry finds the landing point and who is beneath it there, and they take
the damage (no raise bonus); a missed Cone or Stream does not happen. An attack that may be
Evaded (``evadable``; the GM's call, e.g. dragon's breath) lets each victim roll Agility -2;
whoever succeeds takes no damage and is moved clear of the template
(:func:`evasion_spot`: to the nearest side, just outside it).

Blasts are centred on the point; Cones and Streams start at the attacker and point at it.

Examples
--------
>>> from desktop.core.model import Encounter, Side, Token
>>> hero = Token("h", "Hero", 1.5, 5.5, side=Side.HERO, stats={"skills": {"athletics": "d8"},
...     "weapons": [{"name": "Flask", "damage": "2d6", "range": [4, 8, 16], "thrown": True}]})
>>> orc = Token("o", "Orc", 6.5, 5.5, side=Side.VILLAIN, stats={})
>>> [v.id for v in preview_template(Encounter(tokens=(hero, orc)), "h", "sbt",
...                                 (6.5, 5.0)).victims.hits]
['o']
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import shapely

from desktop.core.log_text import attack_entry
from desktop.core.model import Encounter, LogEntry, Point, Token
from desktop.core.pipeline import AttackError, apply_outcome, combatant_of, field_of
from desktop.core.turns import initiative
from geometry.deviation import deviate as land
from geometry.grid import planar_distance
from geometry.illumination import illumination_at as light_at
from geometry.measure import range_band
from geometry.templates import (
    Template,
    TemplateResult,
    TemplateShape,
    place_template,
    template_hits,
    template_outline,
)
from rules.dice import DiceSource
from rules.events import Event, Miss, TokenPushed
from rules.registry import RulesError
from rules.savage_pathfinder.context import AttackContext, AttackKind, Illumination, RangeBand
from rules.savage_pathfinder.initiative_json import has_joker
from rules.savage_pathfinder.situational.area import (
    AreaAttack,
    AreaVictim,
    area_damage,
    resolve_area_attack,
)
from rules.savage_pathfinder.situational.area import Template as AreaTemplate
from rules.savage_pathfinder.situational.situation import AttackFacts, situate
from rules.savage_pathfinder.statblock import Combatant, Weapon

__all__ = ["TemplateAttack", "TemplatePreview", "outline_of", "preview_template",
           "resolve_template"]


def outline_of(template: Template) -> tuple[Point, ...]:
    """The placed template as polygon points, for drawing it and its burst."""
    coords = template_outline(template).exterior.coords
    return tuple((float(x), float(y)) for x, y in coords)


@dataclass(frozen=True, slots=True)
class TemplatePreview:
    """A template placed on the map and who is beneath it (with any protection)."""

    template: Template
    victims: TemplateResult


@dataclass(frozen=True, slots=True)
class TemplateAttack:
    """A resolved area attack: where it was aimed and where it went off, the victims there,
    the events, the encounter after it and its log entry."""

    aimed: Template
    landed: Template
    victims: TemplateResult
    events: tuple[Event, ...]
    encounter: Encounter
    entry: LogEntry

    @property
    def deviated(self) -> bool:
        return (self.aimed.x, self.aimed.y) != (self.landed.x, self.landed.y)

    def outline(self) -> tuple[Point, ...]:
        """The template where it went off, as polygon points (for drawing its burst)."""
        return outline_of(self.landed)


def _shape(name: str) -> TemplateShape:
    try:
        return TemplateShape(name.strip().lower())
    except ValueError:
        known = ", ".join(s.value for s in TemplateShape)
        raise AttackError(f"template {name!r} is not one of {known}") from None


def _placed(encounter: Encounter, attacker: str, shape: TemplateShape, at: Point,
            rotation: float | None) -> Template:
    """Blasts sit on ``at``; Cones and Streams start at the attacker and point at ``at``."""
    if shape.is_blast:
        return place_template(shape, at)
    token = encounter.token(attacker)
    origin = (token.x, token.y)
    if rotation is not None:
        return place_template(shape, origin, rotation=rotation)
    return place_template(shape, origin, toward=at)


def _beneath(encounter: Encounter, attacker: str, template: Template) -> TemplateResult:
    exclude = () if template.shape.is_blast else (attacker,)
    return template_hits(field_of(encounter), template.shape, (template.x, template.y),
                         rotation=template.bearing, exclude=exclude)


def preview_template(encounter: Encounter, attacker_id: str, shape: str, at: Point,
                     rotation: float | None = None) -> TemplatePreview:
    """The template placed at ``at`` (see the module), who is beneath it, who is protected."""
    template = _placed(encounter, attacker_id, _shape(shape), at, rotation)
    return TemplatePreview(template, _beneath(encounter, attacker_id, template))


def _area_weapon(fighter: Combatant, name: str | None) -> Weapon:
    weapons = [w for w in fighter.weapons if w.range is not None]
    if name is not None:
        try:
            return fighter.weapon(name)
        except KeyError as error:
            raise AttackError(error.args[0]) from None
    if not weapons:
        raise AttackError(f"{fighter.id} has no ranged or thrown weapon for an area attack")
    return weapons[0]


def _context(encounter: Encounter, fighter: Combatant, weapon: Weapon, at: Point,
             options: Sequence[str], overrides: Mapping[str, str]) -> tuple[AttackContext, float]:
    """The attack's context at the aimed point, and the distance to it."""
    token = encounter.token(fighter.id)
    distance = planar_distance(at[0] - token.x, at[1] - token.y, field_of(encounter).grid)
    band = range_band(distance, distance, weapon_ranges=weapon.range)
    if band.value == "out_of_range":
        raise AttackError(f"the point is beyond 4 x Long Range of the {weapon.name} "
                          f"({distance:g}\" away)")
    light = Illumination(overrides.get("illumination") or light_at(field_of(encounter), at).value)
    kind = AttackKind.THROWN if weapon.thrown else AttackKind.SHOOTING
    context = AttackContext(kind=kind, range_band=RangeBand(overrides.get("range_band") or
                                                            band.value),
                            joker=has_joker(encounter.combat, fighter.id))
    facts = AttackFacts(distance=distance, adjacent=False, light=light)
    return situate(fighter, Combatant(id="location"), weapon, context, facts,
                   options).context, distance


def _victims(encounter: Encounter, beneath: TemplateResult,
             evadable: bool) -> list[AreaVictim]:
    shields = {p.id: round(p.hardness) for p in beneath.protected}
    victims = []
    for hit in beneath.hits:
        combatant = combatant_of(encounter, encounter.token(hit.id))
        hardness = (shields[hit.id],) if hit.id in shields else ()
        victims.append(AreaVictim(combatant, combatant.condition.prone, hardness, evadable))
    return victims


EVASION_MARGIN = 0.1
"""Cells between an evading token's edge and the template it escaped."""


def evasion_spot(template: Template, token: Token) -> Point:
    """Where a token that Evaded ``template`` stands: past the template's nearest side, its
    footprint just clear of it.

    Examples
    --------
    >>> from geometry.templates import TemplateShape
    >>> blast = place_template(TemplateShape.SMALL_BLAST, (5.0, 5.0))
    >>> spot = evasion_spot(blast, Token("g", "G", 5.5, 5.0))
    >>> round(math.dist(spot, (5.0, 5.0)), 2)  # the blast's 1" radius + the token's 0.5 + 0.1
    1.6
    """
    outline = template_outline(template)
    centre = shapely.Point(token.x, token.y)
    edge = outline.exterior.interpolate(outline.exterior.project(centre))
    inside = outline.contains(centre)
    dx, dy = (edge.x - token.x, edge.y - token.y) if inside else (token.x - edge.x,
                                                                  token.y - edge.y)
    length = math.hypot(dx, dy)
    if length == 0.0:
        dx, dy, length = token.x - template.x, token.y - template.y, 1.0
    clear = token.radius + EVASION_MARGIN
    return (edge.x + dx / length * clear, edge.y + dy / length * clear)


def _evasions(encounter: Encounter, template: Template,
              evaded: Sequence[str]) -> list[Event]:
    return [TokenPushed(i, evasion_spot(template, encounter.token(i))) for i in evaded]


def _logged(encounter: Encounter, events: Sequence[Event]) -> tuple[list[Event], list[str]]:
    """The events the log shows, and a line per evasion: the rules mark an evaded victim with
    a Miss and the move with a push, which the log says in plain words instead."""
    moved = {e.token: e.to for e in events if isinstance(e, TokenPushed)}
    shown: list[Event] = [e for e in events if not (isinstance(e, TokenPushed) or
                                                    (isinstance(e, Miss) and e.target in moved))]
    lines = [f"{encounter.token(i).name} evades and is moved clear of the template, to "
             f"({x:.1f}, {y:.1f})" for i, (x, y) in moved.items()]
    return shown, lines


def _notes(encounter: Encounter, beneath: TemplateResult, aimed: Template, landed: Template,
           moved: float) -> tuple[str, ...]:
    names = {t.id: t.name for t in encounter.tokens}
    shields = {p.id: p for p in beneath.protected}
    who = [names[h.id] + (f" (behind {shields[h.id].obstacle}, Hardness "
                          f"{shields[h.id].hardness:g})" if h.id in shields else "")
           for h in beneath.hits]
    lines = [f"beneath the template: {', '.join(who) or 'nobody'}"]
    if (aimed.x, aimed.y) != (landed.x, landed.y):
        lines.insert(0, f"the blast deviates {moved:g}\" from ({aimed.x:g}, {aimed.y:g}) to "
                        f"({landed.x:.1f}, {landed.y:.1f})")
    return tuple(lines)


def _deviated(encounter: Encounter, attacker: str, aimed: Template,
              attack: AreaAttack) -> tuple[Template, float]:
    """Where a missed blast lands (geometry turns the rules' inches and clock into a point)."""
    if attack.deviation is None:
        return aimed, 0.0
    token = encounter.token(attacker)
    spot = land((token.x, token.y), (aimed.x, aimed.y), attack.deviation.inches,
                attack.deviation.clock)
    return place_template(aimed.shape, (spot.x, spot.y)), spot.distance


def _title(name: str, aimed: Template, context: AttackContext, weapon: Weapon) -> str:
    """``Merisiel throws a MBT at (15.5, 9.5) (Dagger)``; a Cone or Stream names its bearing.

    Examples
    --------
    >>> from geometry.templates import TemplateShape
    >>> from rules.savage_pathfinder.expressions import DamageDice
    >>> cone = Template(TemplateShape.CONE, 1.5, 1.5, 90.0)
    >>> _title("Dragon", cone, AttackContext(), Weapon("Breath", DamageDice(False, (6, 6))))
    'Dragon fires a CONE from (1.5, 1.5) at 90° (Breath)'
    """
    verb = "throws" if context.kind is AttackKind.THROWN else "fires"
    where = f"at ({aimed.x:g}, {aimed.y:g})" if aimed.shape.is_blast else \
        f"from ({aimed.x:g}, {aimed.y:g}) at {aimed.bearing:.0f}°"
    return f"{name} {verb} a {aimed.shape.value.upper()} {where} ({weapon.name})"


def _resolve(encounter: Encounter, attacker_id: str, aimed: Template, dice: DiceSource,
             weapon: str | None, options: Sequence[str], overrides: Mapping[str, str],
             evadable: bool) -> TemplateAttack:
    fighter = combatant_of(encounter, encounter.token(attacker_id))
    arm = _area_weapon(fighter, weapon)
    context, distance = _context(encounter, fighter, arm, (aimed.x, aimed.y), options, overrides)
    beneath = _beneath(encounter, attacker_id, aimed)
    attack = resolve_area_attack(dice, fighter, arm.name, AreaTemplate(aimed.shape.value),
                                 _victims(encounter, beneath, evadable), context,
                                 distance_to_target=distance)
    events, states = list(attack.outcome.events), list(attack.outcome.states)
    events += _evasions(encounter, aimed, attack.evaded)
    landed, moved = _deviated(encounter, attacker_id, aimed, attack)
    if moved or attack.deviation is not None:
        beneath = _beneath(encounter, attacker_id, landed)
        later = area_damage(dice, fighter, arm, _victims(encounter, beneath, evadable), False,
                            context)
        events += [*later.outcome.events, *_evasions(encounter, landed, later.evaded)]
        states += later.outcome.states
    title = _title(encounter.token(attacker_id).name, aimed, context, arm)
    shown, evasions = _logged(encounter, events)
    entry = attack_entry(title, shown, {t.id: t.name for t in encounter.tokens},
                         notes=(*evasions, *_notes(encounter, beneath, aimed, landed, moved)),
                         round_number=initiative(encounter).round)
    after = apply_outcome(encounter, states, events).with_log(entry)
    return TemplateAttack(aimed, landed, beneath, tuple(events), after, entry)


def resolve_template(encounter: Encounter, attacker_id: str, shape: str, at: Point,
                     dice: DiceSource, *, rotation: float | None = None,
                     weapon: str | None = None, options: Sequence[str] = (),
                     overrides: Mapping[str, str] | None = None,
                     evadable: bool = False) -> TemplateAttack:
    """Roll an area attack with a ``shape`` template (sbt, mbt, lbt, cone, stream) at ``at``.

    Dice: the attack roll and Wild Die; on a hit each victim's Evasion roll (Agility die and
    Wild Die, if ``evadable``) and damage in order; on a missed blast the deviation d6s and
    d12, then the same for each victim where it landed. The ``overrides`` may set
    ``range_band`` and ``illumination``. ``AttackError`` (nothing applied) when the attack
    cannot be made.
    """
    try:
        token = encounter.token(attacker_id)
    except KeyError as error:
        raise AttackError(f"attacker: {error.args[0]}") from None
    aimed = _placed(encounter, token.id, _shape(shape), at, rotation)
    try:
        return _resolve(encounter, token.id, aimed, dice, weapon, options, overrides or {},
                        evadable)
    except RulesError as error:
        raise AttackError(str(error)) from None
