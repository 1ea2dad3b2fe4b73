"""Area effect attacks on the board: roll, deviate, damage everyone beneath the template.

:func:`resolve_template` rolls an attack at a placed :class:`~battlemap.rules.table.Area` (the
rules' :func:`~battlemap.rules.savage_pathfinder.situational.area.resolve_area_attack`): on a hit
each victim takes damage separately; a missed Blast deviates - the rules roll the distance and the
clock direction, the board's measurer finds the landing point and who is beneath it there, and they
take the damage (no raise bonus); a missed Cone or Stream does not happen. An attack that may
be Evaded (``evadable``; the GM's call, e.g. dragon's breath) lets each victim roll Agility -2;
whoever succeeds takes no damage and is moved just clear of the template.

Blasts are centred on the aimed point; Cones and Streams start at the attacker and point at it
(the measurer places them: :meth:`battlemap.rules.table.Measurer.place`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Miss, RollMade, TokenPushed
from battlemap.rules.narration import attack_entry
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import (
    AttackContext,
    AttackKind,
    Illumination,
    RangeBand,
)
from battlemap.rules.savage_pathfinder.initiative_json import has_joker
from battlemap.rules.savage_pathfinder.penalties import support_modifier
from battlemap.rules.savage_pathfinder.situational.area import (
    AreaAttack,
    AreaVictim,
    area_damage,
    resolve_area_attack,
)
from battlemap.rules.savage_pathfinder.situational.area import Template as AreaTemplate
from battlemap.rules.savage_pathfinder.situational.misc import EVASION
from battlemap.rules.savage_pathfinder.situational.situation import AttackFacts, situate
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon
from battlemap.rules.savage_pathfinder.table.pipeline import (
    AttackError,
    apply_outcome,
    combatant_of,
)
from battlemap.rules.savage_pathfinder.table.timed_states import (
    mark_acted,
    mark_ran,
    ran,
    spend_support,
    use_effects,
)
from battlemap.rules.savage_pathfinder.table.turn_limits import (
    ActionKind,
    actions_counted,
    limit_problem,
    note_taken,
)
from battlemap.rules.savage_pathfinder.table.turn_order import running_problem
from battlemap.rules.savage_pathfinder.table.turns import initiative
from battlemap.rules.table import Area, AreaFacts, Board, LogEntry, Point

__all__ = ["TemplateAttack", "resolve_template"]

BLASTS = ("sbt", "mbt", "lbt")


@dataclass(frozen=True, slots=True)
class TemplateAttack:
    """A resolved area attack: where it was aimed and where it went off, who was beneath it
    there, the events, the board after it and its log entry."""

    aimed: Area
    landed: Area
    victims: AreaFacts
    events: tuple[Event, ...]
    board: Board
    entry: LogEntry

    @property
    def deviated(self) -> bool:
        return (self.aimed.x, self.aimed.y) != (self.landed.x, self.landed.y)


def _beneath(board: Board, attacker: str, area: Area) -> AreaFacts:
    exclude = () if area.shape in BLASTS else (attacker,)
    return board.map().beneath(area, exclude)


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


def _context(board: Board, fighter: Combatant, weapon: Weapon, at: Point,
             options: Sequence[str], overrides: Mapping[str, str],
             actions: int = 1, running: bool = False) -> tuple[AttackContext, float]:
    """The attack's context at the aimed point, and the distance to it; ``actions`` the
    Multi-Action count declared (the actions taken this turn with this one, when more),
    ``running`` declared (or run this turn: -2, C29); the Support waiting for the skill."""
    measure = board.map()
    distance = measure.distance_to(fighter.id, at)
    band = measure.range_band(distance, weapon.range)
    if band == "out_of_range":
        raise AttackError(f"the point is beyond 4 x Long Range of the {weapon.name} "
                          f"({distance:g}\" away)")
    light = Illumination(overrides.get("illumination") or measure.light_at(at))
    kind = AttackKind.THROWN if weapon.thrown else AttackKind.SHOOTING
    count = max(actions, actions_counted(board, fighter.id, ActionKind.REGULAR))
    context = AttackContext(kind=kind, range_band=RangeBand(overrides.get("range_band") or band),
                            joker=has_joker(board.combat, fighter.id), actions=count,
                            running=running or ran(board, fighter.id), area_effect=True,
                            attack_modifiers=support_modifier(fighter, kind.skill))
    facts = AttackFacts(distance=distance, adjacent=False, light=light)
    return situate(fighter, Combatant(id="location"), weapon, context, facts,
                   options).context, distance


def _victims(board: Board, beneath: AreaFacts, evadable: bool) -> list[AreaVictim]:
    shelters = {s.token: round(s.hardness) for s in beneath.sheltered}
    victims = []
    for token_id in beneath.hits:
        combatant = combatant_of(board, board.token(token_id))
        hardness = (shelters[token_id],) if token_id in shelters else ()
        victims.append(AreaVictim(combatant, combatant.condition.prone, hardness, evadable))
    return victims


def _evasions(board: Board, area: Area, evaded: Sequence[str]) -> list[Event]:
    return [TokenPushed(i, board.map().clear_of(area, i)) for i in evaded]


def _evasion_supports_used(board: Board, events: Sequence[Event]) -> Board:
    """``board`` with the Agility Support each victim's Evasion roll took used up (S161-162:
    the bonus is for one roll), as the attacker's Support is."""
    for event in events:
        if isinstance(event, RollMade) and event.purpose == EVASION and any(
                m.reason == "Support" for m in event.modifiers):
            board = spend_support(board, event.actor, "agility")
    return board


def _logged(board: Board, events: Sequence[Event]) -> tuple[list[Event], list[str]]:
    """The events the log shows, and a line per evasion: the rules mark an evaded victim with
    a Miss and the move with a push, which the log says in plain words instead."""
    moved = {e.token: e.to for e in events if isinstance(e, TokenPushed)}
    shown: list[Event] = [e for e in events if not (isinstance(e, TokenPushed) or
                                                    (isinstance(e, Miss) and e.target in moved))]
    lines = [f"{board.token(i).name} evades and is moved clear of the template, to "
             f"({x:.1f}, {y:.1f})" for i, (x, y) in moved.items()]
    return shown, lines


def _notes(board: Board, beneath: AreaFacts, aimed: Area, landed: Area,
           moved: float) -> tuple[str, ...]:
    names = {t.id: t.name for t in board.tokens}
    shelters = {s.token: s for s in beneath.sheltered}
    who = [names[h] + (f" (behind {shelters[h].obstacle}, Hardness "
                       f"{shelters[h].hardness:g})" if h in shelters else "")
           for h in beneath.hits]
    lines = [f"beneath the template: {', '.join(who) or 'nobody'}"]
    if (aimed.x, aimed.y) != (landed.x, landed.y):
        lines.insert(0, f"the blast deviates {moved:g}\" and lands "
                        f"{place_words(board, (landed.x, landed.y))}")
    return tuple(lines)


COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
           "north-west")
"""Bearings as the GM reads them (up the map is north)."""


def place_words(board: Board, point: tuple[float, float]) -> str:
    """A point as the table names it: the token on it or beside it, else open ground.

    >>> from battlemap.rules.table import Piece
    >>> board = Board(tokens=(Piece("g", "Goblin 5", 4.5, 4.5),))
    >>> place_words(board, (4.6, 4.4)), place_words(board, (5.6, 4.5))
    ('on Goblin 5', 'next to Goblin 5')
    >>> place_words(board, (12.0, 4.5))
    'on open ground'
    """
    near = sorted((math.dist((t.x, t.y), point) - t.radius, t.name) for t in board.tokens)
    if near and near[0][0] <= 0:
        return f"on {near[0][1]}"
    if near and near[0][0] <= 1.0:
        return f"next to {near[0][1]}"
    return "on open ground"


def _deviated(board: Board, attacker: str, aimed: Area,
              attack: AreaAttack) -> tuple[Area, float]:
    """Where a missed blast lands (the measurer turns the rules' inches and clock into a
    point)."""
    if attack.deviation is None:
        return aimed, 0.0
    return board.map().deviate(attacker, aimed, attack.deviation.inches, attack.deviation.clock)


def template_title(board: Board, name: str, aimed: Area, context: AttackContext,
                   weapon: Weapon) -> str:
    """``Merisiel throws a Medium Blast on Goblin 5 (Dagger)``; a Cone or Stream names the way
    it points (no raw coordinates: the log is read at the table).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> cone = Area("cone", 1.5, 1.5, 90.0)
    >>> template_title(Board(), "Dragon", cone, AttackContext(),
    ...                Weapon("Breath", DamageDice(False, (6, 6))))
    'Dragon fires a Cone east (Breath)'
    """
    verb = "throws" if context.kind is AttackKind.THROWN else "fires"
    shape = TEMPLATE_NAMES.get(aimed.shape, aimed.shape.upper())
    where = place_words(board, (aimed.x, aimed.y)) if aimed.shape in BLASTS else \
        COMPASS[round(aimed.bearing / 45.0) % 8]
    return f"{name} {verb} a {shape} {where} ({weapon.name})"


TEMPLATE_NAMES = {"sbt": "Small Blast", "mbt": "Medium Blast", "lbt": "Large Blast",
                  "cone": "Cone", "stream": "Stream"}


def _resolve(board: Board, attacker_id: str, aimed: Area, dice: DiceSource,
             weapon: str | None, options: Sequence[str], overrides: Mapping[str, str],
             evadable: bool, actions: int = 1, running: bool = False) -> TemplateAttack:
    fighter = combatant_of(board, board.token(attacker_id))
    arm = _area_weapon(fighter, weapon)
    problem = limit_problem(board, attacker_id, ActionKind.REGULAR) or \
        (running_problem(board, attacker_id) if running else None)
    if problem is not None:
        raise AttackError(problem)
    context, distance = _context(board, fighter, arm, (aimed.x, aimed.y), options, overrides,
                                 actions, running)
    beneath = _beneath(board, attacker_id, aimed)
    attack = resolve_area_attack(dice, fighter, arm.name, AreaTemplate(aimed.shape),
                                 _victims(board, beneath, evadable), context,
                                 distance_to_target=distance)
    events, states = list(attack.outcome.events), list(attack.outcome.states)
    events += _evasions(board, aimed, attack.evaded)
    landed, moved = _deviated(board, attacker_id, aimed, attack)
    if moved or attack.deviation is not None:
        beneath = _beneath(board, attacker_id, landed)
        later = area_damage(dice, fighter, arm, _victims(board, beneath, evadable), False,
                            context)
        events += [*later.outcome.events, *_evasions(board, landed, later.evaded)]
        states += later.outcome.states
    title = template_title(board, board.token(attacker_id).name, aimed, context, arm)
    shown, evasions = _logged(board, events)
    entry = attack_entry(title, shown, {t.id: t.name for t in board.tokens},
                         notes=(*evasions, *_notes(board, beneath, aimed, landed, moved)),
                         round_number=initiative(board).round)
    after = apply_outcome(board, states, events)
    if initiative(board).round:  # an action of the attacker's turn (C25, S118)
        after = note_taken(mark_acted(after, attacker_id), attacker_id, ActionKind.REGULAR)
        after = mark_ran(after, attacker_id) if running else after
    after = use_effects(after, attacker_id, (context.kind or AttackKind.SHOOTING).skill)
    after = _evasion_supports_used(after, events)
    return TemplateAttack(aimed, landed, beneath, tuple(events), after.with_log(entry), entry)


def resolve_template(board: Board, attacker_id: str, shape: str, at: Point,
                     dice: DiceSource, *, rotation: float | None = None,
                     weapon: str | None = None, options: Sequence[str] = (),
                     overrides: Mapping[str, str] | None = None,
                     evadable: bool = False, actions: int = 1,
                     running: bool = False) -> TemplateAttack:
    """Roll an area attack with a ``shape`` template (sbt, mbt, lbt, cone, stream) at ``at``.

    Dice: the attack roll and Wild Die; on a hit each victim's Evasion roll (Agility die and
    Wild Die, if ``evadable``) and damage in order; on a missed blast the deviation d6s and
    d12, then the same for each victim where it landed. The ``overrides`` may set
    ``range_band`` and ``illumination``. In combat the attack is an action of the attacker's
    turn: its Multi-Action count is ``actions`` as declared, or the actions taken this turn
    with it when more, and a fourth action is refused; ``running`` declared (or run this turn)
    is -2; the Support waiting for the skill is added and used. ``AttackError`` (nothing
    applied) when the attack cannot be made.
    """
    try:
        token = board.token(attacker_id)
    except KeyError as error:
        raise AttackError(f"attacker: {error.args[0]}") from None
    try:
        aimed = board.map().place(shape, token.id, at, rotation)
    except ValueError as error:
        raise AttackError(str(error)) from None
    try:
        return _resolve(board, token.id, aimed, dice, weapon, options, overrides or {},
                        evadable, actions, running)
    except RulesError as error:
        raise AttackError(str(error)) from None
