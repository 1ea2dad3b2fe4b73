"""From the board and a request to the two sides of an exchange, before any die.

Used by the hover card (:func:`battlemap.rules.fate.preview.preview`) and by the roll
(:mod:`battlemap.rules.fate.resolve`), so both see the same skills, modifiers and map facts.

Examples
--------
>>> from battlemap.rules.table import Piece
>>> gladius = {"skills": {"weapons": 3}, "weapon": {"name": "Gladius"}}
>>> board = Board("fate", tokens=(Piece("a", "A", 0, 0, stats=gladius), Piece("b", "B", 1, 0)))
>>> plan = make_plan(board, AttackRequest("a", "b"))
>>> plan.attacker.skill, plan.attacker.bonus, plan.problem
('weapons', 3, None)
>>> plan.defender is None  # an exchange waits for the other side's stance
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from battlemap.rules.fate.exchange import (
    Side,
    attack_problem,
    group_side,
    solo_side,
    squeeze_difficulty,
)
from battlemap.rules.fate.fate_points import maneuver_price
from battlemap.rules.fate.groups import GROUP, members
from battlemap.rules.fate.parsing import combatant_from_dict
from battlemap.rules.fate.stances import EXCHANGE_REPLIES, STANCES
from battlemap.rules.fate.statblock import Combatant
from battlemap.rules.fate.zones import zone_called, zone_steps
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board, MapFacts

__all__ = [
    "MODES",
    "Plan",
    "aspects_within",
    "attacker_stance",
    "fighters_of",
    "make_plan",
    "mode_of",
    "turn_problem",
]

MODES = ("exchange", "turns")
"""The two ways a fight runs (``board.combat["mode"]``)."""

NO_FACTS = MapFacts(distance=0.0, range_band="melee", cover_fraction=0.0, cover="none")
"""What a board without a map measures: touching, no cover, no zones."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The exchange before the dice: the sides (``defender`` None while the other side's
    stance is still to be chosen, or for a squeeze against a fixed ``difficulty``), the map
    facts both ways, the parsed fighters and why it cannot be made (``problem``)."""

    mode: str
    attacker: Side
    defender: Side | None
    difficulty: int | None
    facts: MapFacts
    back: MapFacts
    fighters: Mapping[str, Combatant]
    problem: str | None

    @property
    def exchange(self) -> bool:
        """Whether the other side chooses its own stance: an exchange, not a grapple move nor
        a maneuver rolled against the target's Athletics (Blinding, the indirect attacks,
        placing an aspect: L37, L41), which the target only resists."""
        stance = STANCES[self.attacker.stance]
        return (self.mode == "exchange" and not self.attacker.stance.startswith("grapple")
                and stance.defense != "athletics")


def mode_of(board: Board) -> str:
    """The encounter's combat model: ``exchange`` unless ``board.combat["mode"]`` says
    ``turns``."""
    mode = board.combat.get("mode", "exchange")
    if mode not in MODES:
        raise RulesError(f"combat.mode: {mode!r} is not one of {', '.join(MODES)}")
    return str(mode)


def fighters_of(board: Board) -> dict[str, Combatant]:
    """Every token's combatant by id (``RulesError`` naming the first bad stat block)."""
    return {piece.id: replace(combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats",
                                                  piece.id), name=piece.name)
            for piece in board.tokens}


def attacker_stance(request: AttackRequest) -> str:
    """The attacker's stance: the first option that is a stance id, else ``attack``."""
    for option in request.options:
        if option not in STANCES or option == "defend":
            raise RulesError(f"options: {option!r} is not a FATE stance "
                             f"(known: {', '.join(s for s in STANCES if s != 'defend')})")
        return option
    return "attack"


def make_plan(board: Board, request: AttackRequest, reply: str | None = None,
              measured: tuple[MapFacts, MapFacts] | None = None,
              fighters: Mapping[str, Combatant] | None = None) -> Plan:
    """The plan of ``request``; ``reply`` is the other side's stance in an exchange (else the
    ``stance`` answer, else None: still to choose); ``measured`` the map facts both ways when
    an earlier plan of the same request measured them; ``fighters`` the board's fighters
    (:func:`fighters_of`) when an earlier plan on the same board read them (``plan.fighters``:
    each stat block is read once, not once a plan)."""
    fighters = fighters_of(board) if fighters is None else fighters
    attacker, target = _pair(fighters, request)
    stance = attacker_stance(request)
    facts, back = measured if measured is not None else _measure(board, request)
    mode = mode_of(board)
    problem = _problem(board, request, stance, facts, (attacker, target))
    side = group_side(solo_side(attacker, stance, None, target, "defend"), board, fighters,
                      board.token(request.target), facts.adjacent_to_target, facts.target_zone)
    if problem is None and not request.gm_override:
        problem = group_rolled(board, side.group, request.target)
    plan = Plan(mode, side, None, None, facts, back, fighters, problem)
    if stance == "grapple:squeeze":
        return Plan(mode, side, None, squeeze_difficulty(target), facts, back, fighters,
                    problem)
    return _with_defender(plan, board, request, target, reply)


def _problem(board: Board, request: AttackRequest, stance: str, facts: MapFacts,
             pair: tuple[Combatant, Combatant]) -> str | None:
    """The first reason the attack cannot be made, or None."""
    attacker, target = pair
    wielded = attacker.wielded.name
    checks: tuple[Callable[[], str | None], ...] = (
        lambda: attack_problem(attacker, target, stance, facts),
        lambda: _turns_problem(attacker, stance) if mode_of(board) == "turns" else None,
        lambda: None if request.gm_override else turn_problem(board, request.attacker),
        lambda: _aspect_problem(board, request, stance, facts),
        lambda: _several_problem(board, request, stance),
        lambda: _move_problem(board, request, stance),
        lambda: _price_problem(board, stance, attacker),
        lambda: f"{attacker.called} has {wielded} in hand, not {request.weapon}"
        if request.weapon and request.weapon.lower() != wielded.lower() else None,
    )
    return next((found for check in checks if (found := check()) is not None), None)


def _price_problem(board: Board, stance: str, attacker: Combatant) -> str | None:
    """L33: a maneuver adding or removing an aspect needs the fate point it costs."""
    places = STANCES[stance].aspect is not None or stance in ("maneuver:aspect",
                                                              "maneuver:remove-aspect")
    if places and maneuver_price(board, attacker) > attacker.fate_points:
        return (f"{attacker.called} has no fate point left: a maneuver's aspect costs one "
                "(L33; the setting maneuver_cost)")
    return None


def _move_problem(board: Board, request: AttackRequest, stance: str) -> str | None:
    """A push's or throw's destination ``params["to"]`` must be a zone the target can be
    moved into (the shifts it costs are settled by the roll)."""
    to = request.params.get("to")
    if stance not in ("maneuver:push", "maneuver:throw") or not to:
        return None
    name = board.token(request.target).name
    steps = zone_steps(board, request.target, to) if board.measurer is not None else None
    if steps is None:
        return f"{name} cannot be moved to {to}: no zone of that name joined to where he stands"
    return f"{name} already stands in {zone_called(board, to)}" if steps == 0 else None


def _several_problem(board: Board, request: AttackRequest, stance: str) -> str | None:
    """Attacking several opponents at once (``request.also``, L75): a plain attack on mooks,
    each within reach, each once; the stress blowing through one goes to the next."""
    if not request.also:
        return None
    names = {piece.id: piece.name for piece in board.tokens}
    if stance != "attack":
        return f"only a plain attack strikes several opponents at once, not {STANCES[stance].name}"
    fighters = fighters_of(board)
    chain = (request.target, *request.also)
    for token in chain:
        if token not in fighters:
            return f"no token with id {token}"
        if token == request.attacker or chain.count(token) > 1:
            return f"{names[token]} is named twice among the opponents attacked at once"
        if not fighters[token].mook:
            return (f"{names[token]} is not a mook: stress blows through only from mook to "
                    "mook (attack named opponents one at a time)")
        facts = board.measurer.facts(request.attacker, token) if board.measurer else NO_FACTS
        found = attack_problem(fighters[request.attacker], fighters[token], stance, facts)
        if found is not None and token != request.target:
            return f"{names[token]}: {found}"
    return None


def _aspect_problem(board: Board, request: AttackRequest, stance: str,
                    facts: MapFacts) -> str | None:
    """What the aspect maneuvers need: the aspect's text, a zone to put it on, an aspect
    there to remove."""
    if stance not in ("maneuver:aspect", "maneuver:remove-aspect"):
        return None
    aspect = request.params.get("aspect", "").strip()
    if stance == "maneuver:aspect":
        if not aspect:
            return f"{STANCES[stance].name} needs the aspect's text (params aspect)"
        on = request.params.get("on", "").strip().lower()
        if on not in ("", "zone", "scene"):  # L33 "to/from a scene or character"
            return (f"params.on: {request.params['on']!r} is not where a maneuver puts its "
                    "aspect (blank: on the target; zone: on the target's zone; scene: on the "
                    "scene)")
        return "the target stands in no zone" if on == "zone" and facts.target_zone is None \
            else None
    within = aspects_within(board, request, facts)
    if not within:
        return "no temporary aspect on either fighter, in their zones or on the scene"
    if aspect and aspect not in within:
        return f"no temporary aspect {aspect!r} on either fighter, in their zones or the scene"
    return None


def aspects_within(board: Board, request: AttackRequest, facts: MapFacts) -> tuple[str, ...]:
    """The temporary aspects a remove-aspect maneuver can reach, in order: the fighters',
    their zones', the scene's (each once)."""
    fighters = fighters_of(board)
    found = [a for t in (request.attacker, request.target)
             for a in fighters[t].condition.aspects]
    table = board.combat.get("zone_aspects", {})
    for zone in (facts.attacker_zone, facts.target_zone):
        found += table.get(zone, ()) if zone is not None else ()
    found += board.combat.get("scene_aspects", ())
    return tuple(dict.fromkeys(found))


def group_rolled(board: Board, group: tuple[str, ...], victim: str) -> str | None:
    """L61 "the GM makes a single roll for them": a group of several foes that has already
    rolled against ``victim`` in this exchange (``board.combat["group_rolls"]``, kept while
    a fight is under way) does not roll again until the next one."""
    if len(group) < 2 or mode_of(board) != "exchange":
        return None
    round_ = board.combat.get("round", 0)
    for roll in board.combat.get("group_rolls", ()):
        if roll["round"] == round_ and roll["against"] == victim and set(group) & set(
                roll["tokens"]):
            names = ", ".join(board.token(t).name for t in roll["tokens"])
            return (f"{names} already made their one roll against {board.token(victim).name} "
                    "this exchange (one roll for a group, L61): next exchange, or Out of turn")
    return None


def turn_problem(board: Board, token: str) -> str | None:
    """L1 "the players take turns based on initiative": in a turn-based fight under way only
    the acting entry (a token, or a member of the acting group) attacks; the GM lets another
    act with Out of turn (``gm_override``)."""
    order = board.combat.get("order", ())
    if mode_of(board) != "turns" or not board.combat.get("round") or not order:
        return None
    entry = str(order[int(board.combat.get("turn", 0)) % len(order)])
    if token in members(board, entry):
        return None
    acting = entry.removeprefix(GROUP) if entry.startswith(GROUP) else board.token(entry).name
    return (f"it is {acting}'s turn, not {board.token(token).name}'s (tick Out of turn to let "
            f"{board.token(token).name} act now)")


def _turns_problem(attacker: Combatant, stance: str) -> str | None:
    if attacker.condition.full_defense:
        return f"{attacker.called} is on full defense until its next turn: no attack"
    if stance == "full-defense":
        return "in a turn-based fight full defense is an action (Full defense), not an attack"
    return None


def _with_defender(plan: Plan, board: Board, request: AttackRequest, target: Combatant,
                   reply: str | None) -> Plan:
    attacker = plan.fighters[request.attacker]
    if not plan.exchange:
        stance = "full-defense" if target.condition.full_defense else "defend"
        side = solo_side(target, stance, plan.attacker.stance, attacker, plan.attacker.stance)
        return _replace_defender(plan, side)
    chosen = reply if reply is not None else _answer(request)
    if chosen is None:
        return plan
    alone = solo_side(target, chosen, None, attacker, plan.attacker.stance)
    side = group_side(alone, board, plan.fighters, board.token(request.attacker),
                      plan.facts.adjacent_to_attacker, plan.facts.attacker_zone)
    return _replace_defender(plan, side)


def _replace_defender(plan: Plan, side: Side) -> Plan:
    return Plan(plan.mode, plan.attacker, side, plan.difficulty, plan.facts, plan.back,
                plan.fighters, plan.problem)


def _answer(request: AttackRequest) -> str | None:
    answer = request.answer("stance")
    if answer is None:
        return None
    if len(answer) != 1 or answer[0] not in EXCHANGE_REPLIES:
        raise RulesError(f"answers.stance: {','.join(answer)!r} is not one of "
                         f"{', '.join(EXCHANGE_REPLIES)}")
    return answer[0]


def _pair(fighters: Mapping[str, Combatant],
          request: AttackRequest) -> tuple[Combatant, Combatant]:
    for key in (request.attacker, request.target):
        if key not in fighters:
            raise RulesError(f"no token with id {key}")
    if request.attacker == request.target:
        raise RulesError("a token cannot fight itself")
    return fighters[request.attacker], fighters[request.target]


def _measure(board: Board, request: AttackRequest) -> tuple[MapFacts, MapFacts]:
    if board.measurer is None:
        facts, back = NO_FACTS, NO_FACTS
    else:
        facts = board.measurer.facts(request.attacker, request.target)
        back = board.measurer.facts(request.target, request.attacker)
    if "attacker_cover" in request.overrides:
        back = replace(back, cover=request.overrides["attacker_cover"])
    return _overridden(facts, request), back


def _overridden(facts: MapFacts, request: AttackRequest) -> MapFacts:
    """The GM's corrections (:data:`battlemap.rules.fate.system.OVERRIDES`): ``cover`` (the
    target's, as the attacker sees it) and ``elevation`` (the attacker's height above);
    ``attacker_cover`` corrects the other way's facts (:func:`_measure`)."""
    changes: dict[str, object] = {}
    if "cover" in request.overrides:
        changes["cover"] = request.overrides["cover"]
    if "elevation" in request.overrides:
        try:
            changes["elevation_difference"] = float(request.overrides["elevation"])
        except ValueError:
            raise RulesError(f"overrides.elevation: {request.overrides['elevation']!r} "
                             "is not a number") from None
    return replace(facts, **changes)  # type: ignore[arg-type]
