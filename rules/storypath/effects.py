"""What bought stunts do to the board: Injury Conditions, prone, grapples, pushes, items.

Paragraphs: every stunt's effect sentence (see :mod:`battlemap.rules.storypath.stunts` for costs).
Shove pushes the target ``successes x Might`` metres straight away from the attacker, Throw
``Might + (successes - 1)`` metres (the text allows any direction: Battlemap throws straight
away from the thrower); both stop at the first wall (:meth:`Measurer.slide`). A disarmed item
lies at the target's feet, or with the extra success at the middle of the short band beyond
the target, away from the attacker (stopped by walls too).

Examples
--------
>>> push_point((0.0, 0.0), (1.0, 0.0), 3.0)
(4.0, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from battlemap.rules.events import (
    Event,
    GrappleEnded,
    GrappleStarted,
    Incapacitated,
    ItemDropped,
    ItemTaken,
    StatusAdded,
    StuntSpent,
    TokenPushed,
)
from battlemap.rules.storypath.setup import AttackSetup, combatant_of, restat
from battlemap.rules.storypath.statblock import Combatant, Enhancement
from battlemap.rules.storypath.state import (
    DroppedItem,
    Grapple,
    grapples_from_combat,
    items_from_combat,
    with_grapples,
    with_items,
)
from battlemap.rules.storypath.stunts import STUNT_NAMES, Purchase
from battlemap.rules.table import Board, Point

__all__ = ["Changes", "apply_purchase", "push_point"]


def push_point(origin: Point, through: Point, cells: float) -> Point:
    """The point ``cells`` beyond ``through`` on the line from ``origin`` (along +x when the
    two coincide)."""
    dx, dy = through[0] - origin[0], through[1] - origin[1]
    length = math.hypot(dx, dy)
    ux, uy = (dx / length, dy / length) if length > 1e-9 else (1.0, 0.0)
    return through[0] + ux * cells, through[1] + uy * cells


class Changes:
    """The board being changed by one resolution: people, moves, combat state and events."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.people: dict[str, Combatant] = {}
        self.moves: dict[str, Point] = {}
        self.combat: dict[str, Any] = dict(board.combat)
        self.events: list[Event] = []
        self.notes: list[str] = []
        self.bought: set[str] = set()
        self.owed = False
        """The attacker's Complication is paid from the stunt successes (setting)."""

    def person(self, token: str) -> Combatant:
        if token not in self.people:
            self.people[token] = combatant_of(self.board.token(token))
        return self.people[token]

    def update(self, person: Combatant) -> None:
        self.people[person.id] = person

    def injure(self, token: str, count: int = 1, kind: str = "") -> None:
        """``count`` Injury Conditions on ``token`` (Taken Out when the track is full)."""
        before = self.person(token)
        after = before.injured(count)
        self.update(after)
        for condition in after.condition.injuries[len(before.condition.injuries):]:
            suffix = f", {kind}" if kind else ""
            self.events.append(StatusAdded(token, f"{condition} (Injury Condition{suffix})"))
        if after.taken_out and not before.taken_out:
            self.events.append(Incapacitated(token))

    def set_prone(self, token: str) -> None:
        if not self.person(token).condition.prone:
            self.update(self.person(token).with_condition(prone=True))
            self.events.append(StatusAdded(token, "prone"))

    def end_grapple(self, token: str, reason: str) -> None:
        grapples = grapples_from_combat(self.combat)
        for g in grapples:
            if g.involves(token):
                self.events.append(GrappleEnded(g.control, g.other, reason))
        self.combat = with_grapples(self.combat, tuple(g for g in grapples
                                                       if not g.involves(token)))

    def set_grapple(self, grapple: Grapple) -> None:
        kept = tuple(g for g in grapples_from_combat(self.combat)
                     if not (g.involves(grapple.control) or g.involves(grapple.other)))
        self.combat = with_grapples(self.combat, (*kept, grapple))

    def push(self, origin: str, token: str, metres: float, metres_per_cell: float) -> None:
        """Move ``token`` ``metres`` straight away from ``origin``, stopped by walls."""
        start = self.board.token(origin), self.board.token(token)
        to = push_point((start[0].x, start[0].y), (start[1].x, start[1].y),
                        metres / metres_per_cell)
        stop, wall = self.board.map().slide(token, to)
        self.moves[token] = stop
        self.events.append(TokenPushed(token, stop))
        if wall is not None:
            self.notes.append(f"{self.board.token(token).name} stops against a wall")

    def changed_people(self) -> dict[str, Combatant]:
        """The people whose stat block changed."""
        return {t: p for t, p in self.people.items()
                if p != combatant_of(self.board.token(t))}

    def board_after(self) -> Board:
        board = self.board.with_combat(self.combat)
        for token, person in self.changed_people().items():
            board = board.with_token(restat(board.token(token), person))
        for token, (x, y) in self.moves.items():
            board = board.with_token(board.token(token).moved_to(x, y))
        return board


def apply_purchase(purchase: Purchase, setup: AttackSetup, changes: Changes) -> None:
    """Spend the successes of one purchase and do what the stunt does."""
    stunt = purchase.offer.stunt
    subject = purchase.offer.shown or purchase.offer.subject
    name = STUNT_NAMES[stunt] + (f" ({subject})" if subject else "")
    changes.events.append(StuntSpent(setup.attacker.id, name, purchase.cost, setup.target.id))
    _EFFECTS[stunt](purchase, setup, changes)


def _inflict(p: Purchase, s: AttackSetup, c: Changes) -> None:
    c.injure(s.target.id, 1, s.weapon.damage_type if s.weapon else "")


def _blinding(p: Purchase, s: AttackSetup, c: Changes) -> None:
    c.update(c.person(s.target.id).with_condition(blinded=True))
    c.events.append(StatusAdded(s.target.id, "Blinded (+1 Difficulty on the next Shoot or "
                                             "Thrown attack)"))


def _blind(p: Purchase, s: AttackSetup, c: Changes) -> None:
    c.update(c.person(s.target.id).with_condition(blind=True))
    c.events.append(StatusAdded(s.target.id, "Blind (+1 Difficulty on Shoot and Thrown "
                                             "attacks)"))


def _break_up(p: Purchase, s: AttackSetup, c: Changes) -> None:
    c.end_grapple(s.target.id, f"broken up by {s.name(s.attacker.id)}")


def _disarm(p: Purchase, s: AttackSetup, c: Changes) -> None:
    weapon = s.target.weapon(p.offer.subject)
    target = c.person(s.target.id)
    c.update(target.with_condition(dropped=(*target.condition.dropped, weapon.name)))
    piece = c.board.token(s.target.id)
    at: Point = _far_point(s, c) if "disarm-far" in c.bought else (piece.x, piece.y)
    c.events.append(ItemDropped(s.target.id, weapon.name, at, s.attacker.id))
    _drop_item(c, weapon.name, s.target.id, at, s.attacker.id)


def _drop_item(c: Changes, name: str, owner: str, at: Point, by: str) -> None:
    items = items_from_combat(c.combat)
    taken = {i.id for i in items}
    number = next(n for n in range(1, len(items) + 2) if f"item-{n}" not in taken)
    c.combat = with_items(c.combat, (*items, DroppedItem(f"item-{number}", name, owner,
                                                          at[0], at[1], by)))


def _far_point(s: AttackSetup, c: Changes) -> Point:
    """Where Disarm's extra success knocks the item: the middle of the short band beyond the
    target, away from the attacker, stopped by walls."""
    bands = s.settings.bands
    metres = (bands["close"] + bands["short"]) / 2
    a, t = c.board.token(s.attacker.id), c.board.token(s.target.id)
    to = push_point((a.x, a.y), (t.x, t.y), metres / s.metres_per_cell)
    return c.board.map().slide(s.target.id, to)[0]


def _disarm_far(p: Purchase, s: AttackSetup, c: Changes) -> None:
    """Its success is spent; Disarm (applied just before) placed the item at short range."""


def _establish(p: Purchase, s: AttackSetup, c: Changes) -> None:
    c.set_grapple(Grapple(s.attacker.id, s.target.id, p.count))
    c.events.append(GrappleStarted(s.attacker.id, s.target.id, p.count))


def _feint(p: Purchase, s: AttackSetup, c: Changes) -> None:
    _enhance(c, p.offer.subject, s.target.id, p.count, grapple_only=False)


def _enhance(c: Changes, who: str, against: str, amount: int, grapple_only: bool) -> None:
    person = c.person(who)
    c.update(person.with_condition(enhancements=(
        *person.condition.enhancements, Enhancement(against, amount, grapple_only))))
    what = "grappling attack" if grapple_only else "attack"
    c.events.append(StatusAdded(who, f"+{amount} Enhancement on the next {what} "
                                     f"against {c.board.token(against).name}"))


def _prone(p: Purchase, s: AttackSetup, c: Changes) -> None:
    c.set_prone(s.target.id)


def _seize(p: Purchase, s: AttackSetup, c: Changes) -> None:
    weapon = s.target.weapon(p.offer.subject)
    target, attacker = c.person(s.target.id), c.person(s.attacker.id)
    c.update(replace(target, weapons=tuple(w for w in target.weapons if w != weapon)))
    names = {w.name.lower() for w in attacker.weapons}
    taken = weapon if weapon.name.lower() not in names else replace(
        weapon, name=f"{weapon.name} ({s.name(s.target.id)})")
    c.update(replace(attacker, weapons=(*attacker.weapons, taken)))
    c.events.append(ItemTaken(s.attacker.id, weapon.name, s.target.id))


def _shove(p: Purchase, s: AttackSetup, c: Changes) -> None:
    metres = p.count * s.attacker.attribute("might")
    c.push(s.attacker.id, s.target.id, metres, s.metres_per_cell)


def _sunder(p: Purchase, s: AttackSetup, c: Changes) -> None:
    target = c.person(s.target.id)
    item = "armor" if p.offer.subject == "armor" else s.target.weapon(p.offer.subject).name
    c.update(target.with_condition(sundered=(*target.condition.sundered, item)))
    c.events.append(StatusAdded(s.target.id, f"{item} sundered (useless this scene)"))


def _break_free(p: Purchase, s: AttackSetup, c: Changes) -> None:
    c.end_grapple(s.attacker.id, f"{s.name(s.attacker.id)} breaks free")


def _gain_control(p: Purchase, s: AttackSetup, c: Changes) -> None:
    held = s.grapple.established if s.grapple is not None else p.cost
    c.set_grapple(Grapple(s.attacker.id, s.target.id, held))
    c.events.append(GrappleStarted(s.attacker.id, s.target.id, held))


def _pin(p: Purchase, s: AttackSetup, c: Changes) -> None:
    if s.kind == "grapple" and s.grapple is not None:
        c.set_grapple(Grapple(s.grapple.control, s.grapple.other, s.grapple.established, True))
        c.events.append(StatusAdded(s.target.id, f"pinned by {s.name(s.attacker.id)} (no Defense "
                                                 "against other attacks)"))
        return
    complication = p.count + 1
    kind = s.weapon.damage_type if s.weapon else ""
    c.update(c.person(s.target.id).with_condition(complication=complication,
                                                  complication_type=kind))
    c.events.append(StatusAdded(s.target.id, f"pinned down: Complication {complication} on "
                                             "the next attack"))


def _position(p: Purchase, s: AttackSetup, c: Changes) -> None:
    _enhance(c, s.attacker.id, s.target.id, p.count - s.target.effective_dodge,
             grapple_only=True)


def _takedown(p: Purchase, s: AttackSetup, c: Changes) -> None:
    c.set_prone(s.attacker.id)
    c.set_prone(s.target.id)


def _throw(p: Purchase, s: AttackSetup, c: Changes) -> None:
    metres = s.attacker.attribute("might") + p.count - 1
    c.end_grapple(s.attacker.id, f"{s.name(s.attacker.id)} throws {s.name(s.target.id)}")
    c.push(s.attacker.id, s.target.id, metres, s.metres_per_cell)


_EFFECTS: dict[str, Callable[[Purchase, AttackSetup, Changes], None]] = {
    "inflict-damage": _inflict, "critical": _inflict, "blinding": _blinding, "blind": _blind,
    "break-up-grapple": _break_up, "disarm": _disarm, "disarm-far": _disarm_far,
    "establish-grapple": _establish, "feint": _feint, "knockdown": _prone,
    "line-drive": _prone, "seize": _seize, "shove": _shove, "sunder": _sunder,
    "break-free": _break_free, "gain-control": _gain_control, "pin": _pin,
    "position": _position, "takedown": _takedown, "throw": _throw,
}
"""Each stunt's effect (Emptying the Clip is declared with the attack, never bought here)."""
