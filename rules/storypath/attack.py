"""One Storypath attack: roll the pool, exceed the Difficulty, spend the rest on stunts.

Paragraphs: *Attacking* ("If you roll enough successes to exceed their Defense, your attack
succeeds. After succeeding, you may spend additional successes to apply Stunts"), the stunt
blocks, ranged *Pin* ("If they choose not to buy off this Complication, then they receive one
automatic Injury Condition") and *Emptying the Clip* ("After this action, you must make an
ammunition check or be out of ammo").

Order of the dice (so a resolution replays exactly after a decision): the attack pool (each
rerolled 10 right after its die), then the ammunition check. Two pauses, each a
:class:`~battlemap.rules.interface.Decision`: ``complication`` (choices ``buy``, ``accept``) when
the attacker carries a Complication, then ``stunts`` after a hit.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Hit, Miss, Modifier, RollMade, StatusAdded, StatusRemoved
from battlemap.rules.interface import AttackRequest, Choice, Decision, Resolution
from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.effects import Changes, apply_purchase
from battlemap.rules.storypath.pool import PoolRoll, roll_pool
from battlemap.rules.storypath.setup import AttackSetup, setup_attack
from battlemap.rules.storypath.statblock import combatant_to_dict
from battlemap.rules.storypath.state import (
    grapple_to_dict,
    grapples_from_combat,
    item_to_dict,
    items_from_combat,
)
from battlemap.rules.storypath.stunts import Purchase, parse_purchases, stunt_decision
from battlemap.rules.storypath.telling import tell
from battlemap.rules.table import Board, LogEntry, Side

__all__ = ["KIND_TITLES", "allies_of", "resolve"]

KIND_TITLES = {"close-combat": "Close Combat attack", "grapple": "Grapple",
               "ranged": "Ranged attack", "thrown": "Thrown attack"}


def allies_of(board: Board, token: str) -> tuple[str, ...]:
    """``token`` and the tokens on its side (the ones a Feint may benefit)."""
    side = board.token(token).side
    if side == Side.NEUTRAL:
        return (token,)
    return tuple(p.id for p in board.tokens if p.side == side)


def resolve(board: Board, request: AttackRequest, dice: DiceSource) -> Resolution:
    """Roll the attack of ``request`` (``RulesError`` with nothing changed when it cannot)."""
    setup = setup_attack(board, request)
    if setup.problem and not request.gm_override:
        raise RulesError(setup.problem)
    roll = roll_pool(setup.pool_size, setup.settings.tens, setup.enhancement_total, dice,
                     KIND_TITLES[setup.kind])
    changes = Changes(board)
    successes, paused = _complication(setup, roll, request, changes)
    if paused is not None:
        return paused
    hit = successes > setup.required
    owed = _owed(setup, changes)
    changes.events[:0] = [_roll_event(setup, roll, successes, hit),
                          Hit(setup.attacker.id, setup.target.id, False) if hit
                          else Miss(setup.attacker.id, setup.target.id, False)]
    _spend_one_shots(setup, changes)
    purchases: tuple[Purchase, ...] = ()
    if hit:
        budget = _budget(setup, successes) - owed
        answer = request.answer("stunts")
        allies = allies_of(board, setup.attacker.id)
        if answer is None:
            return Resolution(tuple(changes.events), board,
                              title=_title(board, setup, hit, budget),
                              decision=stunt_decision(setup, budget, allies))
        purchases = parse_purchases(answer, setup, allies, budget)
        changes.bought = {p.offer.stunt for p in purchases}
        for purchase in purchases:
            apply_purchase(purchase, setup, changes)
    if setup.empty_clip and setup.weapon is not None:
        _ammunition_check(setup, dice, changes)
    return _finished(setup, roll, successes, hit, purchases, changes)


def _budget(setup: AttackSetup, successes: int) -> int:
    """The successes a hit leaves for stunts: above the Difficulty (setting
    ``beyond-defense``: a bare hit leaves 1), or above the successes the hit needed
    (``beyond-hit``: a bare hit leaves 0)."""
    extra = 1 if setup.settings.stunt_budget == "beyond-hit" else 0
    return successes - setup.required - extra


def _owed(setup: AttackSetup, changes: Changes) -> int:
    """The Complication bought off from the stunt successes (setting ``from-stunts``)."""
    return setup.attacker.condition.complication if changes.owed else 0


def _complication(setup: AttackSetup, roll: PoolRoll, request: AttackRequest,
                  changes: Changes) -> tuple[int, Resolution | None]:
    """Buy off or accept the attacker's Complication: the successes left, or a pause. With
    the setting ``from-stunts`` a buy-off keeps the roll whole for the hit and is paid from
    the successes the hit leaves (:func:`_owed`)."""
    successes = roll.successes
    complication = setup.attacker.condition.complication
    if not complication:
        return successes, None
    answer = request.answer("complication")
    if answer is None:
        return successes, Resolution((_roll_event(setup, roll, successes, None),),
                                     changes.board, title=f"{setup.name(setup.attacker.id)} rolls "
                                     f"{successes} successes", decision=_complication_decision(
                                         setup, successes))
    attacker = setup.attacker.id
    changes.update(changes.person(attacker).with_condition(complication=0,
                                                           complication_type=""))
    if answer == ("buy",) and setup.settings.complication == "from-stunts":
        left = _budget(setup, successes) if successes > setup.required else 0
        if left < complication:
            raise RulesError(f"complication: buying off Complication {complication} from the "
                             f"stunt successes needs {complication}, the hit leaves {left}")
        changes.owed = True
        changes.events.append(StatusRemoved(attacker, f"Complication {complication} (bought "
                                                      "off from the stunt successes)"))
        return successes, None
    if answer == ("buy",):
        if successes < complication:
            raise RulesError(f"complication: buying off Complication {complication} needs "
                             f"{complication} successes, {successes} rolled")
        changes.events.append(StatusRemoved(attacker, f"Complication {complication} (bought "
                                                      "off)"))
        return successes - complication, None
    if answer != ("accept",):
        raise RulesError(f"complication: answer buy or accept, not {','.join(answer)}")
    changes.injure(attacker, 1, setup.attacker.condition.complication_type)
    return successes, None


def _complication_decision(setup: AttackSetup, successes: int) -> Decision:
    cost = setup.attacker.condition.complication
    if setup.settings.complication == "from-stunts":
        left = _budget(setup, successes) if successes > setup.required else 0
        why = None if left >= cost else (f"the hit leaves {left} for stunts" if
                                         successes > setup.required else "a miss leaves none")
    else:
        why = None if successes >= cost else f"{successes} successes rolled"
    buy = Choice("buy", f"Buy off Complication {cost} ({cost} successes)", cost=cost,
                 allowed=why is None, why_not=why)
    accept = Choice("accept", "Accept it: take one Injury Condition")
    return Decision("complication", f"{setup.name(setup.attacker.id)} is pinned down: buy off the "
                    f"Complication {cost} or take an Injury Condition", who=setup.attacker.id,
                    choices=(buy, accept))


def _roll_event(setup: AttackSetup, roll: PoolRoll, successes: int,
                hit: bool | None) -> RollMade:
    mods = tuple(setup.enhancement) if roll.enhancement_applied else ()
    bought_off = roll.successes - successes
    if bought_off:
        mods = (*mods, Modifier(-bought_off, "Complication bought off"))
    result = "" if hit is None else ("hit" if hit else "miss")
    return RollMade(setup.attacker.id, f"{KIND_TITLES[setup.kind]} ({setup.describe_pool()})",
                    roll.dice, mods, successes, setup.required, result)


def _spend_one_shots(setup: AttackSetup, changes: Changes) -> None:
    """This attack is the attacker's next action: Blinding ("on their next action", L9) ends
    whatever the attack's kind, the Enhancement waiting for it against this target is used."""
    person = changes.person(setup.attacker.id)
    kept = tuple(e for e in person.condition.enhancements if e.against != setup.target.id
                 or (e.grapple_only and setup.kind != "grapple"))
    if person.condition.blinded:
        changes.events.append(StatusRemoved(setup.attacker.id, "Blinded"))
        person = person.with_condition(blinded=False)
    changes.update(person.with_condition(enhancements=kept))


def _ammunition_check(setup: AttackSetup, dice: DiceSource, changes: Changes) -> None:
    weapon = setup.weapon
    assert weapon is not None
    check = roll_pool(setup.settings.ammo_check_dice, "none", 0, dice, "Ammunition check")
    kept = check.successes >= 1
    changes.events.append(RollMade(setup.attacker.id, f"Ammunition check ({weapon.name})",
                                   check.dice, (), check.successes, 0,
                                   "ammunition left" if kept else "out of ammo"))
    if not kept:
        person = changes.person(setup.attacker.id)
        changes.update(person.with_condition(
            out_of_ammo=(*person.condition.out_of_ammo, weapon.name)))
        changes.events.append(StatusAdded(setup.attacker.id, f"out of ammo ({weapon.name})"))


def _title(board: Board, setup: AttackSetup, hit: bool, left: int,
           stunts: Iterable[str] = ()) -> str:
    weapon = f" ({setup.weapon.name})" if setup.weapon else ""
    head = (f"{board.token(setup.attacker.id).name}: {KIND_TITLES[setup.kind]} on "
            f"{board.token(setup.target.id).name}{weapon}")
    if not hit:
        return f"{head}: miss"
    bought = ", ".join(stunts)
    return f"{head}: hit, {left} left" + (f"; {bought}" if bought else "")


def _roll_line(setup: AttackSetup, roll: PoolRoll, successes: int, hit: bool,
               left: int) -> str:
    """The log's breakdown of the roll: the dice, Enhancement, the Difficulty, the result."""
    faces = ", ".join("+".join(map(str, d.faces)) for d in roll.dice) or "no dice"
    enhancement = f" + Enhancement {roll.enhancement_applied}" * bool(roll.enhancement_applied)
    bought_off = roll.successes - successes
    bought = f" - {bought_off} Complication bought off" * bool(bought_off)
    against = f"Defense {setup.defense}" + "".join(f" + {m.value} {m.reason}"
                                                   for m in setup.difficulty)
    result = f"hit, {left} left" if hit else "miss"
    return (f"{setup.describe_pool()}: {faces}{enhancement}{bought} = {successes} successes "
            f"vs {against}: {result}")


def _finished(setup: AttackSetup, roll: PoolRoll, successes: int, hit: bool,
              purchases: tuple[Purchase, ...], changes: Changes) -> Resolution:
    left = _budget(setup, successes) - _owed(setup, changes)
    names = [p.offer.id + (f":{p.count}" if p.count > 1 else "") for p in purchases]
    title = _title(changes.board, setup, hit, left, names)
    lines = (_roll_line(setup, roll, successes, hit, left),
             *[tell(e, changes.board, setup.metres_per_cell) for e in changes.events
               if not isinstance(e, Hit | Miss)][1:],
             *changes.notes)
    after = changes.board_after()
    after = after.with_log(LogEntry(title, lines, int(after.combat.get("round", 0))))
    data = _summary(setup, roll, successes, hit, left, purchases, changes, after)
    return Resolution(tuple(changes.events), after, title=title, notes=lines, data=data)


def _summary(setup: AttackSetup, roll: PoolRoll, successes: int, hit: bool, left: int,
             purchases: tuple[Purchase, ...], changes: Changes, after: Board) -> dict[str, Any]:
    return {
        "attacker": setup.attacker.id, "target": setup.target.id,
        "weapon": setup.weapon.name if setup.weapon else None, "kind": setup.kind,
        "band": setup.band, "distance": setup.facts.distance,
        "pool": {name: n for name, n in setup.pool},
        "faces": [list(d.faces) for d in roll.dice], "tens": setup.settings.tens,
        "successes": successes, "defense": setup.defense, "required": setup.required,
        "difficulty": [_modifier(m) for m in setup.difficulty],
        "enhancement": [_modifier(m) for m in setup.enhancement],
        "hit": hit, "left": max(0, left) if hit else 0,
        "stunts": [{"id": p.offer.id, "stunt": p.offer.stunt, "count": p.count,
                    "cost": p.cost} for p in purchases],
        "notes": list(changes.notes),
        "conditions": {t: combatant_to_dict(c)["condition"]
                       for t, c in changes.changed_people().items()},
        "grapples": [grapple_to_dict(g) for g in grapples_from_combat(after.combat)],
        "items": [item_to_dict(i) for i in items_from_combat(after.combat)],
        "moved": {t: list(p) for t, p in changes.moves.items()},
    }


def _modifier(m: Modifier) -> dict[str, Any]:
    return {"value": m.value, "reason": m.reason}


