"""One GURPS attack on the board: the attack roll, the defender's choice, damage.

:func:`resolve` rolls the attack (3d6 against effective skill), stops with a ``defense``
:class:`~battlemap.rules.interface.Decision` when the defender may defend and has not chosen yet,
and otherwise plays the chosen defense (its options move or drop the defender), then rolls damage
for every hit that got through. It is deterministic given the dice and the answers: the desktop
replays the same dice from the start once the defender has chosen.

Examples
--------
See ``tests/rules/gurps/test_gurps_attack.py`` (a board needs a map to measure).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import (
    Defended,
    DefenseChosen,
    Hit,
    Injured,
    Miss,
    Modifier,
    StatusAdded,
    TokenPushed,
)
from battlemap.rules.gurps.defense import (
    DefensePlan,
    defense_plans,
    find_plan,
    no_defense_reason,
)
from battlemap.rules.gurps.narration import log_lines
from battlemap.rules.gurps.parries import parry_holds, record_defense
from battlemap.rules.gurps.play import Play, Setup, character, land, modifier_json
from battlemap.rules.gurps.ranges import range_penalty
from battlemap.rules.gurps.roll import Grade, RollOutcome, success_roll
from battlemap.rules.gurps.sacrifice import ally_plans, sacrifice
from battlemap.rules.gurps.statblock import Attack, Character, character_to_dict
from battlemap.rules.interface import AttackRequest, Choice, Decision, Resolution
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board, MapFacts, Piece, Point

__all__ = ["attack_modifiers", "defense_decision", "prepare", "resolve"]

ALL_OUT = "all-out-attack"


COVER_DROPPED_BEHIND = {"light": (-2, "light cover"), "medium": (-3, "half exposed"),
                        "heavy": (-4, "head and shoulders show"),
                        "near total": (-5, "only the head shows")}
"""L155's cover against a defender lying behind it, by the map's cover category from the
attacker: the cover modifiers of the Ranged Attack Modifiers as GURPS Game Aid's modifier
bucket lists them (light -2, half exposed -3, head and shoulders -4, head only -5)."""


def cover_dropped_behind(defender: Character | None, attack: Attack,
                         facts: MapFacts) -> Modifier | None:
    """L155: "Any cover you drop behind does not count against the initial attack that
    inspired the dodge and drop, but is effective against subsequent attacks directed at
    you": a prone defender whose dodge and drop took him behind cover (``behind_cover``, set
    when the drop is made; so never against the attack that caused it), against a ranged
    attack with cover measured between them.

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> down = character_from_dict({"condition": {"posture": "prone", "behind_cover": True}},
    ...                            "d")
    >>> bow = character_from_dict({"attacks": [{"name": "Bow", "skill": 13, "kind": "missile",
    ...     "damage": "1d+2 imp", "range": [150, 200]}]}, "a").attacks[0]
    >>> str(cover_dropped_behind(down, bow, MapFacts(12.0, "short", 0.5, "medium")))
    '-3 cover dropped behind (half exposed)'
    """
    if defender is None or not attack.ranged or not defender.condition.behind_cover or \
            defender.condition.posture != "prone" or facts.cover not in COVER_DROPPED_BEHIND:
        return None
    value, what = COVER_DROPPED_BEHIND[facts.cover]
    return Modifier(value, f"cover dropped behind ({what})")


def attack_modifiers(attacker: Character, attack: Attack, facts: MapFacts,
                     options: tuple[str, ...],
                     defender: Character | None = None) -> tuple[Modifier, ...]:
    """Range (ranged attacks, from the measured distance in yards), the cover the defender
    dropped behind (L155), shock, All-Out Attack.

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> archer = character_from_dict({"attacks": [{"name": "Bow", "skill": 13, "kind": "missile",
    ...     "damage": "1d+2 imp", "range": [150, 200]}], "condition": {"shock": -2}}, "a")
    >>> [str(m) for m in attack_modifiers(archer, archer.attacks[0],
    ...                                   MapFacts(12.0, "short", 0.0, "none"), ())]
    ['-5 range 12 yd', '-2 shock']
    """
    modifiers = []
    if attack.ranged:
        penalty = range_penalty(facts.distance)
        if penalty:
            modifiers.append(Modifier(penalty, f"range {facts.distance:g} yd"))
    cover = cover_dropped_behind(defender, attack, facts)
    if cover is not None:
        modifiers.append(cover)
    if attacker.condition.shock:
        modifiers.append(Modifier(attacker.condition.shock, "shock"))
    if ALL_OUT in options:
        modifiers.append(Modifier(1 if attack.ranged else 4, "All-Out Attack (Determined)"))
    return tuple(modifiers)


def _problem(setup: Setup) -> str | None:
    """Why the attack cannot be made, or None."""
    attacker, attack, facts = setup.attacker.condition, setup.attack, setup.facts
    if attacker.dead or attacker.unconscious:
        return "the attacker is out of the fight"
    if attacker.stunned:
        return "the attacker is stunned (only All-Out Defense until he recovers)"
    if attacker.maneuver == "all-out-defense":
        return "the attacker chose All-Out Defense this turn"
    reach = max(1, attack.reach[1])
    # L143: a retreat "does not put you beyond the reach of his remaining attacks"
    followed = setup.defender.condition.retreated_from == setup.attacker_piece.id
    if not attack.ranged and facts.distance > reach + (1 if followed else 0) + 1e-6:
        return f"out of reach ({facts.distance:g} yd; {attack.label} reaches {reach})"
    if attack.ranged and attack.range is not None and facts.distance > attack.range[1] + 1e-6:
        return f"out of range ({facts.distance:g} yd; maximum {attack.range[1]:g})"
    if not facts.line_of_sight:
        return "no line of sight"
    return None


def prepare(board: Board, request: AttackRequest) -> Setup:
    """Read the pieces and measure the map (``RulesError`` when the attack cannot be made)."""
    try:
        attacker_piece, target_piece = board.token(request.attacker), board.token(request.target)
    except KeyError as error:
        raise RulesError(str(error.args[0])) from None
    if attacker_piece.id == target_piece.id:
        raise RulesError("an attacker cannot attack itself")
    attacker, defender = character(attacker_piece), character(target_piece)
    defender, sprint_ruling = _sprint_ruled(defender, request.overrides)
    attack = attacker.attack(request.weapon)
    # The desktop measures bands for three ranges (short, medium, long): GURPS gives
    # half-damage and maximum range, so short and medium both end at half damage.
    ranges = [attack.range[0], attack.range[0], attack.range[1]] if attack.range else None
    try:
        measurer = board.map()
    except ValueError as error:
        raise RulesError(str(error)) from None
    facts = measurer.facts(attacker_piece.id, target_piece.id, ranges, float(attack.reach[1]))
    measured = facts
    facts = _overridden(facts, request.overrides)
    rulings = (*sprint_ruling, *(
        f"GM ruling: {name} {value} (measured {_measured(measured, name)})"
        for name, value in request.overrides.items() if name != "sprinted"))
    modifiers = attack_modifiers(attacker, attack, facts, request.options, defender)
    room: tuple[Point | None, str | None] = (None, "a retreat is only against melee attacks")
    if not attack.ranged:
        room = retreat_room(board, target_piece, attacker_piece)
    setup = Setup(attacker_piece, target_piece, attacker, defender, attack, facts, modifiers,
                  *room, rulings=rulings, given_hits=_given_hits(attack, request),
                  follow=request.params.get("follow", "") in ("yes", "true", "1"),
                  arm=request.params.get("parrying_arm", "") in ("yes", "true", "1"))
    problem = _problem(setup)
    if problem is not None and not request.gm_override:
        raise RulesError(problem)
    return setup


def _overridden(facts: MapFacts, overrides: Mapping[str, str]) -> MapFacts:
    """The GM's corrections: ``distance`` (yards), ``arc`` (front/left/right/back)."""
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key == "sprinted":
            continue  # the defender's, not the map's: see _sprint_ruled
        if key == "distance":
            try:
                changes["distance"] = float(value)
            except ValueError:
                raise RulesError(f"override distance: {value!r} is not a number") from None
        elif key == "arc":
            if value not in ("front", "left", "right", "back"):
                raise RulesError(f"override arc: {value!r} is not front, left, right or back")
            changes["attacker_arc"] = value
        else:
            raise RulesError(f"override {key!r}: GURPS knows distance, arc and sprinted")
    return replace(facts, **changes)


def _sprint_ruled(defender: Character,
                  overrides: Mapping[str, str]) -> tuple[Character, tuple[str, ...]]:
    """The ``sprinted`` override (yes/no): the GM rules whether the defender moved beyond
    Basic Move on his last turn (L147), whatever the table counted; with its log line."""
    value = overrides.get("sprinted")
    if value is None:
        return defender, ()
    if value not in ("yes", "no"):
        raise RulesError(f"override sprinted: {value!r} is not yes or no")
    counted = "yes" if defender.condition.sprinted else "no"
    ruled = defender.with_condition(sprinted=value == "yes")
    return ruled, (f"GM ruling: sprinted {value} (counted {counted})",)


def _given_hits(attack: Attack, request: AttackRequest) -> int | None:
    """The ``hits`` input: a rapid-fire attack's hits counted at the table (1 to RoF)."""
    text = request.params.get("hits", "").strip()
    if not text:
        return None
    if attack.rate_of_fire <= 1:
        raise RulesError(f"hits: {attack.label} is not a rapid-fire attack (RoF 1)")
    if not text.isdigit() or not 1 <= int(text) <= attack.rate_of_fire:
        raise RulesError(f"hits: {text!r} is not a number of hits from 1 to "
                         f"{attack.rate_of_fire} (the Rate of Fire)")
    return int(text)


def _measured(facts: MapFacts, name: str) -> str:
    return f"{facts.distance:g} yd" if name == "distance" else facts.attacker_arc


def defense_decision(setup: Setup, plans: tuple[DefensePlan, ...],
                     decision_id: str = "defense") -> Decision:
    """The defender's choice: every plan with its exact odds, not-allowed ones with why (and
    no odds: a refused retreat offers no chance)."""
    choices = tuple(
        Choice(plan.id, _choice_label(plan), allowed=plan.allowed, why_not=plan.why_not,
               probability=(None if not plan.allowed else
                            float(plan.probability) if plan.defense != "none" else 0.0))
        for plan in plans)
    name = setup.target_piece.name
    return Decision(decision_id, f"{name} defends against {setup.attacker_piece.name}'s "
                    f"{setup.attack.label}", who=setup.target_piece.id, choices=choices)


def _choice_label(plan: DefensePlan) -> str:
    """``Parry (Rapier) 11, breaks on 1-4``: the score and what the parry risks."""
    if plan.defense == "none":
        return plan.label
    label = f"{plan.label} {plan.score}"
    if plan.automatic_failure:
        return f"{label}, fails: {plan.automatic_failure}"
    if plan.breakage > 6:
        return f"{label}, fails: the weapon is too light to stop it"
    if plan.breakage > 0:
        return f"{label}, breaks on 1-{plan.breakage}"
    return label


def resolve(board: Board, request: AttackRequest, dice: DiceSource) -> Resolution:
    """Roll one attack: events and the new board, or the defense decision to wait for."""
    setup = prepare(board, request)
    attacker = setup.attacker.with_condition(
        attacked_with=tuple(dict.fromkeys((*setup.attacker.condition.attacked_with,
                                           setup.attack.name))),
        **({"maneuver": ALL_OUT} if ALL_OUT in request.options else {}))
    made, result = success_roll(dice, setup.attacker_piece.id, setup.attack.label,
                                setup.attack.skill, setup.modifiers)
    play = Play(setup, board, dice, [made], list(setup.rulings), attacker, setup.defender,
                setup.target_piece, _data(setup, result))
    if not result.succeeded:
        play.events.append(Miss(setup.attacker_piece.id, setup.target_piece.id,
                                result.kind is Grade.CRITICAL_FAILURE))
        return _finish(play, "miss")
    play.events.append(Hit(setup.attacker_piece.id, setup.target_piece.id, False))
    hits = setup.given_hits or _hits(setup.attack, result)
    if setup.given_hits:
        play.notes.append(f"{hits} hits, as the table counted them")
    pending = _defend(play, request, result, hits)
    if isinstance(pending, Decision):
        names = {piece.id: piece.name for piece in board.tokens}
        return Resolution(tuple(play.events), board, title=_title(setup, "defense?"),
                          notes=log_lines(play.events, names),
                          decision=pending, data=play.data)
    for number in range(pending):
        land(play, f"hit {number + 1}" if pending > 1 else "")
    play.data["hits_landed"] = pending
    return _finish(play, "hit" if pending else "defended")


def _hits(attack: Attack, result: RollOutcome) -> int:
    """Rapid fire: one hit plus one per full Recoil of margin, up to the Rate of Fire."""
    if attack.rate_of_fire <= 1:
        return 1
    return min(attack.rate_of_fire, 1 + result.margin // attack.recoil)


def _defend(play: Play, request: AttackRequest, result: RollOutcome,
            hits: int) -> int | Decision:
    """Play the defense; the hits that get through, or the decision still to make."""
    setup = play.setup
    if result.kind is Grade.CRITICAL_SUCCESS:
        play.notes.append("critical hit: no defense")
        return hits
    why = no_defense_reason(play.defender, setup.threat())
    if why is not None:
        play.notes.append(f"no defense: {why}")
        return hits
    stopped = _one_defense(play, request, "defense", hits)
    if isinstance(stopped, Decision) or stopped:
        return stopped if isinstance(stopped, Decision) else max(0, hits - stopped)
    if play.ally_takes:
        return hits
    if play.ally is not None:
        # "If you fail ... your friend still gets his normal defense roll."
        stopped = _one_defense(play, request, "defense-after-sacrifice", hits)
        if isinstance(stopped, Decision) or stopped:
            return stopped if isinstance(stopped, Decision) else max(0, hits - stopped)
    if play.defender.condition.maneuver == "all-out-defense":
        second = _one_defense(play, request, "second-defense", hits)
        if isinstance(second, Decision):
            return second
        return max(0, hits - second)
    return hits


def _one_defense(play: Play, request: AttackRequest, decision_id: str,
                 hits: int) -> int | Decision:
    """Ask for (or play) one defense; the hits it stopped."""
    setup = play.setup
    plans = defense_plans(play.defender, setup.threat())
    if decision_id == "defense":
        plans = plans[:-1] + ally_plans(play) + plans[-1:]
    if decision_id == "second-defense":
        last = play.data.get("defense-after-sacrifice") or play.data["defense"]
        used = last["choice"].split("+")[0]
        plans = tuple(replace(p, why_not=p.why_not or "All-Out Defense needs a different"
                              " defense") if p.id.split("+")[0] == used and p.defense != "none"
                      else p for p in plans)
    answer = request.answer(decision_id)
    if answer is None:
        return defense_decision(setup, plans, decision_id)
    plan = find_plan(plans, answer)
    if plan is None:
        known = ", ".join(p.id for p in plans if p.allowed)
        raise RulesError(f"answer {decision_id}={','.join(answer)}: no such defense; "
                         f"allowed: {known}")
    if not plan.allowed and not request.gm_override:
        raise RulesError(f"answer {decision_id}={plan.id}: not allowed ({plan.why_not})")
    if plan.defense == "sacrifice":
        return sacrifice(play, plan, hits)
    return _play_plan(play, plan, decision_id, hits)


def _play_plan(play: Play, plan: DefensePlan, decision_id: str, hits: int) -> int:
    setup = play.setup
    target = play.defender_piece.id
    label = f"{plan.label} {plan.score}" if plan.defense != "none" else plan.label
    play.events.append(DefenseChosen(target, setup.attacker_piece.id, label))
    record: dict[str, Any] = {"choice": plan.id, "score": plan.score,
                              "modifiers": [modifier_json(m) for m in plan.modifiers]}
    play.data[decision_id] = record
    if plan.defense == "none":
        return 0
    _take_options(play, plan)
    modifiers = plan.modifiers + _acrobatic(play, plan)
    made, result = success_roll(play.dice, target, plan.label, plan.base, modifiers)
    play.events.append(made)
    record.update(success=result.succeeded, margin=result.margin, roll=result.total)
    record_defense(play, plan)
    if plan.defense == "parry" and not setup.attack.unarmed:
        play.failed_parry = None if result.succeeded else plan.weapon
    if not result.succeeded:
        if plan.defense == "parry" and plan.automatic_failure:
            parry_holds(play, plan)  # swept aside whatever the dice (L95)
        return 0
    if plan.defense == "parry" and not parry_holds(play, plan):
        record["success"] = False
        if not setup.attack.unarmed:
            play.failed_parry = plan.weapon
        return 0
    stopped = min(hits, _stopped_hits(plan, result))
    play.events.append(Defended(target, setup.attacker_piece.id, stopped))
    return stopped


def _stopped_hits(plan: DefensePlan, result: RollOutcome) -> int:
    """A Dodge against rapid fire avoids one hit plus its margin (all on a critical)."""
    if plan.defense != "dodge":
        return 1
    if result.kind is Grade.CRITICAL_SUCCESS:
        return 10**6
    return 1 + result.margin


def _acrobatic(play: Play, plan: DefensePlan) -> tuple[Modifier, ...]:
    """Acrobatic Dodge: an Acrobatics roll first, +2 on a success, -2 on a failure."""
    if plan.acrobatics is None:
        return ()
    fancy = "Aerobatics" if play.defender.condition.moving == "flying" else "Acrobatics"
    made, result = success_roll(play.dice, play.defender_piece.id, fancy, plan.acrobatics, ())
    play.events.append(made)
    play.defender = play.defender.with_condition(acrobatic_dodged=True)
    return (Modifier(2, f"{fancy} success") if result.succeeded
            else Modifier(-2, f"{fancy} failure"),)


def _take_options(play: Play, plan: DefensePlan) -> None:
    """Retreat steps one hex away from the attacker (walls stop it); a drop lays him prone."""
    attacker_id = play.setup.attacker_piece.id
    if "retreat" in plan.options:
        _step_back(play)
        play.defender = play.defender.with_condition(retreated_from=attacker_id)
        if play.setup.follow:
            _follow(play)
    if "drop" in plan.options and play.defender.condition.moving:
        # L161: a flyer or swimmer drops below concealing terrain and does not end up prone
        play.defender = play.defender.with_condition(dropped_from=attacker_id)
        play.notes.append(f"{play.defender_piece.name} drops below the terrain "
                          f"({play.defender.condition.moving})")
    elif "drop" in plan.options:
        # L155: the cover he drops behind counts from the next attack on (behind_cover)
        play.defender = play.defender.with_condition(
            posture="prone", dropped_from=attacker_id,
            behind_cover=play.setup.facts.cover in COVER_DROPPED_BEHIND)
        play.events.append(StatusAdded(play.defender_piece.id, "prone"))


def retreat_room(board: Board, piece: Piece, foe: Piece) -> tuple[Point | None, str | None]:
    """Where ``piece`` lands stepping one yard (a cell: "exactly as for a step", L139) away
    from ``foe`` - into the neighbouring hex (or square) most directly away, so a foe off a
    hex row (a long weapon two hexes off) leaves him in a hex, not between two - or why it
    cannot: "at least one yard", so a wall or a token in that cell leaves no room."""
    wanted = board.map().step_away(piece.id, foe.id)
    stop, wall = board.map().slide(piece.id, wanted)
    if ((stop[0] - wanted[0]) ** 2 + (stop[1] - wanted[1]) ** 2) ** 0.5 > 1e-6:
        return None, f"no room to retreat: a wall ({wall}) behind {piece.name}"
    blocker = next((p for p in board.tokens if p.id not in (piece.id, foe.id) and
                    ((p.x - stop[0]) ** 2 + (p.y - stop[1]) ** 2) ** 0.5
                    < p.radius + piece.radius - 1e-6), None)
    if blocker is not None:
        return None, f"no room to retreat: {blocker.name} behind {piece.name}"
    return stop, None


def _step_back(play: Play) -> None:
    """The retreat's step (L139): one yard straight away from the attacker. A GM who allowed
    a retreat without room sees it in the notes; the token stays."""
    piece, stop = play.defender_piece, play.setup.retreat_to
    if stop is None:
        play.notes.append(play.setup.no_room or "no room to retreat")
        return
    play.defender_piece = piece.moved_to(*stop)
    play.events.append(TokenPushed(piece.id, stop))


def _follow(play: Play) -> None:
    """L145: "he can choose to follow you by taking his unused step": the attacker steps the
    yard the defender gave (into the hex he left), "forcing you back"."""
    setup, moved = play.setup, play.defender_piece
    before = setup.target_piece
    if (moved.x, moved.y) == (before.x, before.y):
        play.notes.append(f"{setup.attacker_piece.name} has no step to follow: "
                          f"{before.name} did not move")
        return
    foe = setup.attacker_piece
    play.attacker_to = (foe.x + moved.x - before.x, foe.y + moved.y - before.y)
    play.events.append(TokenPushed(foe.id, play.attacker_to))
    play.notes.append(f"{foe.name} follows the retreat")


def _data(setup: Setup, result: RollOutcome) -> dict[str, Any]:
    return {
        "attacker": setup.attacker_piece.id, "target": setup.target_piece.id,
        "weapon": setup.attack.label, "kind": setup.attack.kind,
        "target_number": setup.effective_skill,
        "modifiers": [modifier_json(m) for m in setup.modifiers],
        "roll": result.total, "margin": result.margin, "result": result.kind.value,
        "hit": result.succeeded, "critical": result.kind is Grade.CRITICAL_SUCCESS,
        "distance": setup.facts.distance, "arc": setup.facts.attacker_arc,
    }


def _outcome(play: Play, what: str) -> str:
    """``hit: Orc Leader 8 injury, stunned``: the title's summary of what the attack did."""
    names = {piece.id: piece.name for piece in play.board.tokens}
    harm = [f"{names.get(e.token, e.token)} {e.injury} injury" for e in play.events
            if isinstance(e, Injured)]
    harm += [f"{names.get(e.token, e.token)} {e.status}" for e in play.events
             if isinstance(e, StatusAdded)]
    return f"{what}: {', '.join(harm)}" if harm else what


def _title(setup: Setup, what: str) -> str:
    return (f"{setup.attacker_piece.name} attacks {setup.target_piece.name} "
            f"({setup.attack.label}): {what}")


def _finish(play: Play, what: str) -> Resolution:
    setup = play.setup
    attacker_piece = replace(setup.attacker_piece, stats=character_to_dict(play.attacker))
    if play.attacker_to is not None:
        attacker_piece = attacker_piece.moved_to(*play.attacker_to)
    defender_piece = replace(play.defender_piece, stats=character_to_dict(play.defender))
    board = play.board.with_token(attacker_piece).with_token(defender_piece)
    play.data["notes"] = list(play.notes)
    play.data["conditions"] = {
        attacker_piece.id: dict(attacker_piece.stats["condition"]),
        defender_piece.id: dict(defender_piece.stats["condition"]),
    }
    if play.ally is not None and play.ally_piece is not None:
        ally_piece = replace(play.ally_piece, stats=character_to_dict(play.ally))
        board = board.with_token(ally_piece)
        play.data["conditions"][ally_piece.id] = dict(ally_piece.stats["condition"])
    names = {piece.id: piece.name for piece in play.board.tokens}
    return Resolution(tuple(play.events), board, title=_title(setup, _outcome(play, what)),
                      notes=log_lines(play.events, names) + tuple(play.notes), data=play.data)

