"""Storypath actions that are not attacks: Withdraw, standing up, reloading, letting go of or
escaping a grapple, picking up a dropped item.

Paragraphs: *Grapple* ("While in a grapple and not in control of it, you cannot use the
Withdraw Defense action"), *Grappled* ("Resolution: Unless you are released, you must escape
the grapple with an opposed Close Combat or Athletics + Dexterity or Might roll. Success also
allows you to reverse the grapple."; "Your grappler ... automatically wins ties"), *Emptying the
Clip* ("out of ammo and requiring a reload").

The text names Withdraw without its effect: Battlemap marks the token ``withdrawing`` until
its next turn (the GM applies the Defense), and a controller who withdraws lets go. Escape
rolls the better of Close Combat and Athletics plus the better of Dexterity and Might against
the grappler's Might + Athletics; on a success the decision ``escape`` asks ``free`` or
``reverse`` (the escaper takes control, held by the successes by which they won).
"""

from __future__ import annotations

import math
from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import (
    Event,
    GrappleEnded,
    GrappleStarted,
    ItemTaken,
    RollMade,
    StatusAdded,
    StatusRemoved,
)
from battlemap.rules.interface import (
    ActionKind,
    ActionRequest,
    ActionSpec,
    Choice,
    Decision,
    Resolution,
)
from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.effects import Changes
from battlemap.rules.storypath.pool import roll_pool
from battlemap.rules.storypath.settings import settings_from_combat
from battlemap.rules.storypath.setup import combatant_of, out_of_turn, restat
from battlemap.rules.storypath.statblock import Combatant
from battlemap.rules.storypath.state import (
    DroppedItem,
    Grapple,
    grapple_of,
    grapples_from_combat,
    items_from_combat,
    with_grapples,
    with_items,
)
from battlemap.rules.storypath.telling import tell
from battlemap.rules.table import Board, LogEntry

__all__ = ["ACTIONS", "perform"]

ACTIONS = (
    ActionSpec("withdraw", "Withdraw", ActionKind.ACTION,
               help="Defense action; refused in a grapple you do not control"),
    ActionSpec("stand-up", "Stand up", ActionKind.ACTION, help="no longer prone"),
    ActionSpec("reload", "Reload", ActionKind.ACTION,
               help="after Emptying the Clip ran out of ammo (param weapon, else all)"),
    ActionSpec("release", "Release grapple", ActionKind.ACTION, free=True,
               help="the one in control lets go"),
    ActionSpec("escape", "Escape grapple", ActionKind.ACTION,
               help="opposed roll against the grappler; success may reverse it"),
    ActionSpec("pick-up", "Pick up item", ActionKind.ACTION,
               help="a dropped item within close range (param item, else the nearest)"),
    ActionSpec("drag", "Drag grappled", ActionKind.ACTION,
               help="the one in control: opposed Might + Athletics, ties win; then your "
                    "next move carries both"),
    ActionSpec("grapple-throw", "Throw grappled", ActionKind.ACTION,
               help="the one in control: opposed Might + Athletics, ties win; thrown Might m "
                    "away from you, the grapple ends"),
)


_NOT_GRAPPLING = ("reload", "pick-up")
"""Physical actions that are no grappling (L13, L59: "Both you and they can only make grappling
physical actions until someone breaks free"); standing up moves nobody from the spot."""


def perform(board: Board, request: ActionRequest, dice: DiceSource) -> Resolution:
    """Carry out one action (``RulesError``, nothing changed, when it cannot be done)."""
    actor = combatant_of(board.token(request.actor))
    if actor.taken_out and not request.gm_override:
        raise RulesError(f"{board.token(actor.id).name} is Taken Out")
    spec = next((a for a in ACTIONS if a.id == request.action), None)
    turn = out_of_turn(board, actor.id)
    if turn and spec is not None and not spec.free and not request.gm_override:
        raise RulesError(turn)
    handlers = {"withdraw": _withdraw, "stand-up": _stand_up, "reload": _reload,
                "release": _release, "pick-up": _pick_up}
    grapple = grapple_of(board.combat, actor.id)
    if request.action in _NOT_GRAPPLING and grapple is not None:
        partner = _n(board, grapple.partner(actor.id))
        way = "Release grapple" if grapple.controls(actor.id) else "Escape grapple"
        raise RulesError(f"{_n(board, actor.id)} is in a grapple with {partner}: only "
                         f"grappling actions until someone breaks free ({way} first)")
    if request.action == "escape":
        return _escape(board, request, actor, dice)
    if request.action in ("drag", "grapple-throw"):
        return _drag_or_throw(board, request, actor, dice)
    if request.action not in handlers:
        known = ", ".join(a.id for a in ACTIONS)
        raise RulesError(f"Storypath has no action {request.action!r} (actions: {known})")
    return handlers[request.action](board, request, actor)


def _n(board: Board, token: str) -> str:
    """The token's name, for the words the GM reads."""
    return board.token(token).name


def _done(board: Board, events: list[Event], title: str, notes: list[str] | None = None,
          before: Board | None = None, metres_per_cell: float = 1.0) -> Resolution:
    """The finished action, with its log entry (one line per event told with the names of
    the board ``before`` it, then the notes: a wall that stopped a push)."""
    lines = (*(tell(e, before or board, metres_per_cell) for e in events), *(notes or ()))
    entry = LogEntry(title, lines, int(board.combat.get("round", 0)))
    return Resolution(tuple(events), board.with_log(entry), title=title, notes=lines)


def _withdraw(board: Board, request: ActionRequest, actor: Combatant) -> Resolution:
    grapple = grapple_of(board.combat, actor.id)
    events: list[Event] = []
    if grapple is not None and not grapple.controls(actor.id):
        raise RulesError(f"{_n(board, actor.id)} is in a grapple and not in control: no Withdraw")
    if grapple is not None:
        board = _end_grapple(board, grapple, f"{_n(board, actor.id)} lets go and withdraws", events)
    events.append(StatusAdded(actor.id, "withdrawing"))
    board = board.with_token(restat(board.token(actor.id),
                                    actor.with_condition(withdrawing=True)))
    return _done(board, events, f"{_n(board, actor.id)} withdraws")


def _stand_up(board: Board, request: ActionRequest, actor: Combatant) -> Resolution:
    if not actor.condition.prone:
        raise RulesError(f"{_n(board, actor.id)} is not prone")
    board = board.with_token(restat(board.token(actor.id), actor.with_condition(prone=False)))
    return _done(board, [StatusRemoved(actor.id, "prone")], f"{_n(board, actor.id)} stands up")


def _reload(board: Board, request: ActionRequest, actor: Combatant) -> Resolution:
    wanted = request.params.get("weapon")
    empty = actor.condition.out_of_ammo
    names = empty if wanted is None else (actor.weapon(wanted).name,)
    if not set(names) & set(empty):
        raise RulesError(f"{_n(board, actor.id)}: {', '.join(names) or 'no weapon'} is not "
                         "out of ammo")
    left = tuple(n for n in empty if n not in names)
    board = board.with_token(restat(board.token(actor.id),
                                    actor.with_condition(out_of_ammo=left)))
    events: list[Event] = [StatusRemoved(actor.id, f"out of ammo ({n})") for n in names]
    return _done(board, events, f"{_n(board, actor.id)} reloads {', '.join(names)}")


def _release(board: Board, request: ActionRequest, actor: Combatant) -> Resolution:
    grapple = grapple_of(board.combat, actor.id)
    if grapple is None or not grapple.controls(actor.id):
        raise RulesError(f"{_n(board, actor.id)} controls no grapple to release")
    events: list[Event] = []
    board = _end_grapple(board, grapple, f"{_n(board, actor.id)} lets go", events)
    return _done(board, events, f"{_n(board, actor.id)} releases {_n(board, grapple.other)}")


def _end_grapple(board: Board, grapple: Grapple, reason: str, events: list[Event]) -> Board:
    events.append(GrappleEnded(grapple.control, grapple.other, reason))
    kept = tuple(g for g in grapples_from_combat(board.combat) if g != grapple)
    return board.with_combat(with_grapples(board.combat, kept))


def _escape(board: Board, request: ActionRequest, actor: Combatant,
            dice: DiceSource) -> Resolution:
    grapple = grapple_of(board.combat, actor.id)
    if grapple is None or grapple.controls(actor.id):
        raise RulesError(f"{_n(board, actor.id)} is not held in a grapple")
    holder = combatant_of(board.token(grapple.control))
    tens = settings_from_combat(board.combat).tens
    own = max(actor.skill("close_combat"), actor.skill("athletics")) + max(
        actor.attribute("dexterity"), actor.attribute("might"))
    theirs = holder.attribute("might") + holder.skill("athletics")
    mine, held = (roll_pool(own, tens, 0, dice, "Escape"),
                  roll_pool(theirs, tens, 0, dice, "Hold (Might + Athletics)"))
    margin = mine.successes - held.successes
    events: list[Event] = [
        RollMade(actor.id, "Escape the grapple", mine.dice, (), mine.successes, held.successes,
                 "escapes" if margin > 0 else "held"),
        RollMade(holder.id, "Hold the grapple", held.dice, (), held.successes, None, ""),
    ]
    me, them = _n(board, actor.id), _n(board, holder.id)
    if margin <= 0:
        return _done(board, events, f"{me} fails to escape {them} (ties hold)")
    answer = request.answers.get("escape")
    if answer is None:
        choices = (Choice("free", "Break free"), Choice("reverse", f"Reverse the grapple "
                                                                   f"(in control, {margin})"))
        return Resolution(tuple(events), board, title=f"{me} escapes {them}",
                          decision=Decision("escape", f"{me} escapes: free or reverse?",
                                            who=actor.id, choices=choices))
    board = _end_grapple(board, grapple, f"{_n(board, actor.id)} escapes", events)
    if answer == ("reverse",):
        reversed_ = Grapple(actor.id, holder.id, margin)
        board = board.with_combat(with_grapples(
            board.combat, (*grapples_from_combat(board.combat), reversed_)))
        events.append(GrappleStarted(actor.id, holder.id, margin))
    elif answer != ("free",):
        raise RulesError(f"escape: answer free or reverse, not {','.join(answer)}")
    return _done(board, events, f"{_n(board, actor.id)} escapes {_n(board, holder.id)}")


def _drag_or_throw(board: Board, request: ActionRequest, actor: Combatant,
                   dice: DiceSource) -> Resolution:
    """*GRAPPLED* (L101): "Your grappler may drag or throw you with an opposed Might +
    Athletics roll, and automatically wins ties." A won drag lets the grappler's next move
    carry both tokens; a won throw hurls the held one Might metres straight away from the
    grappler (the Throw stunt's distance; stopped by walls) and ends the grapple."""
    grapple = grapple_of(board.combat, actor.id)
    name = board.token(actor.id).name
    if grapple is None or not grapple.controls(actor.id):
        raise RulesError(f"{name} controls no grapple: only the grappler drags or throws")
    held = combatant_of(board.token(grapple.other))
    held_name = board.token(held.id).name
    tens = settings_from_combat(board.combat).tens
    throw = request.action == "grapple-throw"
    verb = "throw" if throw else "drag"
    mine = roll_pool(actor.attribute("might") + actor.skill("athletics"), tens, 0, dice,
                     f"{verb.title()} (Might + Athletics)")
    theirs = roll_pool(held.attribute("might") + held.skill("athletics"), tens, 0, dice,
                       "Resist (Might + Athletics)")
    won = mine.successes >= theirs.successes
    events: list[Event] = [
        RollMade(actor.id, f"{verb.title()} {held_name}", mine.dice, (), mine.successes,
                 theirs.successes, "wins (ties go to the grappler)" if won else "fails"),
        RollMade(held.id, f"Resist the {verb}", theirs.dice, (), theirs.successes, None, ""),
    ]
    if not won:
        return _done(board, events, f"{name} fails to {verb} {held_name}")
    if not throw:
        kept = tuple(replace(g, dragging=True) if g == grapple else g
                     for g in grapples_from_combat(board.combat))
        board = board.with_combat(with_grapples(board.combat, kept))
        events.append(StatusAdded(held.id, f"dragged by {name}: {name}'s next move carries "
                                           "both"))
        return _done(board, events, f"{name} drags {held_name}")
    changes = Changes(board)
    changes.events = events
    changes.end_grapple(actor.id, f"{name} throws {held_name}")
    facts = board.map().facts(actor.id, held.id)
    a, t = board.token(actor.id), board.token(held.id)
    cells = math.hypot(t.x - a.x, t.y - a.y)
    per_cell = facts.distance / cells if cells > 1e-9 and facts.distance > 0 else 1.0
    changes.push(actor.id, held.id, actor.attribute("might"), per_cell)
    return _done(changes.board_after(), changes.events, f"{name} throws {held_name}",
                 changes.notes, before=board, metres_per_cell=per_cell)


def _pick_up(board: Board, request: ActionRequest, actor: Combatant) -> Resolution:
    item = _item_in_reach(board, request)
    events: list[Event] = [ItemTaken(actor.id, item.name, "the ground")]
    items = tuple(i for i in items_from_combat(board.combat) if i != item)
    board = board.with_combat(with_items(board.combat, items))
    owner = combatant_of(board.token(item.owner))
    weapon = owner.weapon(item.name)
    dropped = tuple(n for n in owner.condition.dropped if n != item.name)
    if owner.id == actor.id:
        board = board.with_token(restat(board.token(actor.id),
                                        owner.with_condition(dropped=dropped)))
        return _done(board, events, f"{_n(board, actor.id)} picks up {item.name}")
    owner = replace(owner.with_condition(dropped=dropped),
                    weapons=tuple(w for w in owner.weapons if w != weapon))
    board = board.with_token(restat(board.token(owner.id), owner))
    taken = weapon if weapon.name.lower() not in {w.name.lower() for w in actor.weapons} \
        else replace(weapon, name=f"{weapon.name} ({_n(board, owner.id)})")
    board = board.with_token(restat(board.token(actor.id),
                                    replace(actor, weapons=(*actor.weapons, taken))))
    return _done(board, events,
                 f"{_n(board, actor.id)} picks up {_n(board, owner.id)}'s {item.name}")


def _item_in_reach(board: Board, request: ActionRequest) -> DroppedItem:
    """The item asked for (param ``item``) or the nearest, within close range (metres are
    cells here: the Storypath grid is 1 m a cell)."""
    piece = board.token(request.actor)
    items = items_from_combat(board.combat)
    wanted = request.params.get("item")
    if wanted is not None:
        items = tuple(i for i in items if i.id == wanted)
    if not items:
        raise RulesError(f"no dropped item {wanted!r}" if wanted else "no dropped item")
    item = min(items, key=lambda i: math.hypot(i.x - piece.x, i.y - piece.y))
    reach = settings_from_combat(board.combat).bands["close"]
    distance = math.hypot(item.x - piece.x, item.y - piece.y)
    if distance > reach and not request.gm_override:
        raise RulesError(f"{item.name} lies {distance:.1f} m away; close range is {reach:g} m")
    return item
