"""The stunt menu: every stunt of the text, its cost, and whether it can be bought now.

Paragraphs: the *Stunts* of Close Combat, Grapple, Ranged and Thrown attacks. The menu lists
the stunts of the attack's kind first (a stunt of another kind is shown greyed), each with
its cost in successes; a stunt the leftover successes cannot pay, or whose condition fails
(not in control, no grapple to break up, nothing held to disarm) is greyed with the reason.

Choice ids (the CLI's ``--answer stunts=ID,ID``): ``inflict-damage``, ``critical``,
``blinding``, ``blind``, ``break-up-grapple``, ``disarm:WEAPON``, ``disarm-far``,
``establish-grapple``, ``feint:TOKEN``, ``knockdown``, ``seize:WEAPON``, ``shove``,
``sunder:WEAPON`` or ``sunder:armor``, ``break-free``, ``gain-control``, ``pin``,
``position``, ``takedown``, ``throw``, ``empty-clip``, ``line-drive``. WEAPON is the weapon's
name in lowercase with dashes (``heavy-pistol``). A stunt bought several times (the
*Variable successes* ones) is repeated or given a count: ``shove:2`` = ``shove,shove``;
``feint:ada:2``. ``none`` (or nothing) buys no stunt.

Examples
--------
>>> split_choice("shove:2"), split_choice("feint:ada"), split_choice("disarm:heavy-pistol")
(('shove', 2), ('feint:ada', 1), ('disarm:heavy-pistol', 1))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from battlemap.rules.interface import Choice, Decision
from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.setup import AttackSetup
from battlemap.rules.storypath.statblock import slug

__all__ = [
    "KIND_STUNTS", "STUNT_NAMES", "Offer", "Purchase", "offers_for", "parse_purchases",
    "split_choice", "stunt_decision",
]

KIND_STUNTS: dict[str, tuple[str, ...]] = {
    "close-combat": ("inflict-damage", "blinding", "break-up-grapple", "critical", "disarm",
                     "disarm-far", "establish-grapple", "feint", "knockdown", "seize", "shove",
                     "sunder"),
    "grapple": ("inflict-damage", "break-free", "critical", "gain-control", "pin", "position",
                "takedown", "throw"),
    "ranged": ("inflict-damage", "critical", "disarm", "disarm-far", "empty-clip", "knockdown",
               "pin"),
    "thrown": ("inflict-damage", "blind", "critical", "disarm", "disarm-far", "line-drive"),
}
"""The stunts of each attack kind, in the order of the text (also the order they apply)."""

STUNT_NAMES = {
    "inflict-damage": "Inflict Damage", "blinding": "Blinding", "blind": "Blind",
    "break-up-grapple": "Break Up Grapple", "critical": "Critical Hit", "disarm": "Disarm",
    "disarm-far": "Disarm: knock the item to short range", "establish-grapple":
    "Establish Grapple", "feint": "Feint", "knockdown": "Knockdown", "seize": "Seize",
    "shove": "Shove", "sunder": "Sunder", "break-free": "Break Free", "gain-control":
    "Gain Control", "pin": "Pin", "position": "Position", "takedown": "Takedown",
    "throw": "Throw", "empty-clip": "Emptying the Clip", "line-drive": "Line Drive",
}
_REPEATABLE = {"establish-grapple", "feint", "shove", "position", "throw", "pin"}
"""The *Variable successes* stunts: bought once per success spent."""


@dataclass(frozen=True, slots=True)
class Offer:
    """One entry of the menu: ``id`` the choice id, ``stunt`` its stunt, ``subject`` what it
    acts on (a weapon name, a token id), ``cost`` per purchase, ``why_not`` when greyed."""

    id: str
    stunt: str
    cost: int
    subject: str = ""
    detail: str = ""
    why_not: str | None = None
    foreign: bool = False
    """A stunt of another attack kind, listed greyed."""
    shown: str = ""
    """The subject as the GM reads it (a token's name), when it is not ``subject``."""
    needs: tuple[str, ...] = ()
    """Bought only with one of these offers (Critical with Inflict Damage)."""
    excludes: tuple[str, ...] = ()
    """Never bought with these (Break Free with what keeps the grapple; a second item)."""
    once: bool = False
    """Bought once only although its stunt is *Variable* elsewhere (Grapple Pin (2s))."""
    least: int = 1
    """Bought fewer times it buys nothing (Position: not more than the opponent's Dodge)."""
    least_why: str = ""
    """What the first ``least - 1`` purchases are spent on, in words."""

    @property
    def repeatable(self) -> bool:
        return self.stunt in _REPEATABLE and not self.once

    def choice(self, budget: int) -> Choice:
        why = self.why_not or self._unaffordable(budget)
        most = None if self.repeatable else 1
        if self.foreign:
            return Choice(self.id, STUNT_NAMES[self.stunt], cost=0, allowed=False, why_not=why,
                          most=most)
        each = " each" if self.repeatable else ""
        subject = self.shown or self.subject
        label = f"{STUNT_NAMES[self.stunt]}{' ' + subject if subject else ''} " \
                f"({self.cost}s{each}{': ' + self.detail if self.detail else ''})"
        return Choice(self.id, label, cost=self.cost, allowed=why is None, why_not=why,
                      most=most, needs=self.needs, excludes=self.excludes, least=self.least)

    def _unaffordable(self, budget: int) -> str | None:
        """Why ``budget`` successes cannot pay it, or buy nothing with it (L27 Position)."""
        if self.cost * self.least > budget and self.least > 1:
            return f"buys nothing: {self.least_why}, {budget} left"
        return f"costs {self.cost}, {budget} left" if self.cost > budget else None


@dataclass(frozen=True, slots=True)
class Purchase:
    """A stunt bought ``count`` times."""

    offer: Offer
    count: int

    @property
    def cost(self) -> int:
        return self.offer.cost * self.count


def split_choice(text: str) -> tuple[str, int]:
    """A choice id and its count (a trailing ``:N``, at least 1: a stunt bought 0 times buys
    nothing, and is refused rather than logged as spending 0 successes).

    >>> try:
    ...     split_choice("shove:0")
    ... except RulesError as refused:
    ...     print(refused)
    stunts: shove:0: a stunt is bought at least once (:1 or more)
    """
    head, _, tail = text.strip().lower().rpartition(":")
    if head and tail.isdigit():
        if int(tail) < 1:
            raise RulesError(f"stunts: {text.strip()}: a stunt is bought at least once (:1 or "
                             f"more)")
        return head, int(tail)
    return text.strip().lower(), 1


def stunt_decision(setup: AttackSetup, budget: int, allies: Iterable[str]) -> Decision:
    """The stunt menu for ``budget`` leftover successes (id ``stunts``)."""
    offers = offers_for(setup, allies)
    return Decision(
        "stunts", f"{setup.name(setup.attacker.id)} has {budget} success"
        f"{'es' * (budget != 1)} left for stunts against {setup.name(setup.target.id)}",
        who=setup.attacker.id,
        choices=tuple(o.choice(budget) for o in offers), several=True, budget=budget)


def offers_for(setup: AttackSetup, allies: Iterable[str]) -> tuple[Offer, ...]:
    """Every stunt: this kind's first, then the other kinds' (greyed)."""
    own = KIND_STUNTS[setup.kind]
    offers = [o for stunt in own for o in _BUILDERS[stunt](setup, tuple(allies))]
    others = sorted({s for stunts in KIND_STUNTS.values() for s in stunts} - set(own))
    kinds = {s: [k for k, v in KIND_STUNTS.items() if s in v] for s in others}
    offers += [Offer(s, s, 0, why_not=f"a {' / '.join(kinds[s])} stunt, not {setup.kind}",
                     foreign=True) for s in others]
    return _related(tuple(offers))


_KEEP_THE_GRAPPLE = ("gain-control", "pin", "position", "takedown", "throw")
"""What Break Free cannot go with: it ends the grapple these keep (Throw ends it itself)."""
_NEED_THE_GRAPPLE = ("pin", "position")
"""What Throw cannot go with: "Throwing counts as breaking free" (L29), so a Pin or a
Position bought with it would be spent on a grapple that is over (Takedown may, L28)."""
_ONE_ITEM = {"disarm": ("seize",), "seize": ("disarm", "sunder"), "sunder": ("seize",)}
"""One item, one fate: a disarmed item is no longer held to seize (L16 "an object held by
... your opponent"), a seized one no longer the opponent's gear to sunder (L18)."""


def _related(offers: tuple[Offer, ...]) -> tuple[Offer, ...]:
    """Each offer with what it needs and what it excludes: Critical goes with Inflict Damage
    ("an additional Injury Condition"); Disarm's extra success with a Disarm; one item per
    Disarm or Seize; a disarmed item not seized, a seized one not sundered; Break Free not
    with a stunt that keeps the grapple, Throw not with one that needs it; Establish
    Grapple not with a Shove (the held one "cannot move from the spot", L101)."""
    def of(stunt: str) -> tuple[str, ...]:
        return tuple(o.id for o in offers if not o.foreign and o.stunt == stunt)

    result = []
    for o in offers:
        needs: tuple[str, ...] = ()
        excludes: tuple[str, ...] = ()
        if o.stunt == "critical":
            needs = of("inflict-damage")
        elif o.stunt == "disarm-far":
            needs = of("disarm")
        if o.stunt in ("disarm", "seize"):
            excludes = tuple(i for i in of(o.stunt) if i != o.id)
        if o.stunt in _ONE_ITEM and o.subject:
            excludes += tuple(f"{other}:{o.id.partition(':')[2]}" for other in _ONE_ITEM[o.stunt]
                              if f"{other}:{o.id.partition(':')[2]}" in of(other))
        if o.stunt == "break-free":
            excludes = tuple(i for s in _KEEP_THE_GRAPPLE for i in of(s))
        elif o.stunt in _KEEP_THE_GRAPPLE:
            excludes = of("break-free")
        if o.stunt == "throw":
            excludes += tuple(i for s in _NEED_THE_GRAPPLE for i in of(s))
        elif o.stunt in _NEED_THE_GRAPPLE:
            excludes += of("throw")
        if o.stunt in ("establish-grapple", "shove"):
            excludes += of("shove" if o.stunt == "establish-grapple" else "establish-grapple")
        result.append(o if o.foreign else replace(o, needs=needs, excludes=excludes))
    return tuple(result)


def parse_purchases(answer: Iterable[str], setup: AttackSetup, allies: Iterable[str],
                    budget: int) -> tuple[Purchase, ...]:
    """The stunts an answer buys, in the order they apply (``RulesError`` when it cannot)."""
    offers = offers_for(setup, allies)
    by_id = {o.id.lower(): o for o in offers}  # a token id may hold capitals (feint:Ada)
    counts: dict[str, int] = {}
    for text in answer:
        if text.strip().lower() in ("", "none"):
            continue
        key, count = split_choice(text)
        if key not in by_id:
            raise RulesError(f"stunts: unknown stunt {key!r}; choose from "
                             f"{', '.join(o.id for o in offers if o.why_not is None)}")
        counts[by_id[key].id] = counts.get(by_id[key].id, 0) + count
    purchases = tuple(Purchase(o, counts[o.id]) for o in offers if o.id in counts)
    _check(purchases, budget)
    return purchases


def _check(purchases: tuple[Purchase, ...], budget: int) -> None:
    bought = {p.offer.id for p in purchases}
    for p in purchases:
        if p.offer.why_not:
            raise RulesError(f"stunts: {p.offer.id}: {p.offer.why_not}")
        if p.count > 1 and not p.offer.repeatable:
            raise RulesError(f"stunts: {p.offer.id} can be bought only once")
        if p.count < p.offer.least:
            raise RulesError(f"stunts: {p.offer.id}:{p.count} buys nothing: "
                             f"{p.offer.least_why}")
        if p.offer.needs and not set(p.offer.needs) & bought:
            raise RulesError(f"stunts: {p.offer.id} goes with {' or '.join(p.offer.needs)}")
        clash = next((i for i in p.offer.excludes if i in bought), None)
        if clash is not None:
            raise RulesError(f"stunts: {p.offer.id} cannot be bought with {clash}")
    total = sum(p.cost for p in purchases)
    if total > budget:
        raise RulesError(f"stunts: they cost {total}, only {budget} successes are left")


# -- the offers of each stunt ----------------------------------------------------------------

Builder = Callable[[AttackSetup, tuple[str, ...]], list[Offer]]


def _simple(stunt: str, cost: Callable[[AttackSetup], int], detail: str = "",
            why_not: Callable[[AttackSetup], str | None] = lambda s: None) -> Builder:
    return lambda s, allies: [Offer(stunt, stunt, cost(s), detail=detail, why_not=why_not(s))]


def _armor(s: AttackSetup) -> int:
    return 0 if s.kind == "thrown" else s.target.effective_armor


def _combat_skill(s: AttackSetup, weapon_kind: str) -> int:
    """The opponent's Combat Skill with a weapon of that kind (the Skill it attacks with)."""
    skill = {"close": "close_combat", "ranged": "firearms", "thrown": "athletics"}[weapon_kind]
    return s.target.skill(skill)


def _items(s: AttackSetup, stunt: str, cost: Callable[[str], int],
           armor: bool = False) -> list[Offer]:
    held = [w for w in s.target.held_weapons() if w.name not in s.target.condition.sundered]
    offers = [Offer(f"{stunt}:{slug(w.name)}", stunt, cost(w.kind), subject=w.name)
              for w in held]
    if armor and s.target.armor and "armor" not in s.target.condition.sundered:
        offers.append(Offer(f"{stunt}:armor", stunt, 3, subject="armor"))
    return offers or [Offer(stunt, stunt, cost("close"),
                            why_not=f"{s.name(s.target.id)} holds nothing to {stunt}")]


def _disarm(s: AttackSetup, allies: tuple[str, ...]) -> list[Offer]:
    if s.kind == "close-combat":
        return _items(s, "disarm", lambda kind: 2)
    return _items(s, "disarm", lambda kind: _combat_skill(s, kind))


def _feint(s: AttackSetup, allies: tuple[str, ...]) -> list[Offer]:
    who = (s.attacker.id, *[a for a in allies if a not in (s.attacker.id, s.target.id)])
    return [Offer(f"feint:{a}", "feint", 1, subject=a, shown=s.name(a),
                  detail=f"+1 Enhancement on {s.name(a)}'s next attack on "
                         f"{s.name(s.target.id)}") for a in who]


def _grapple_rule(s: AttackSetup, need_control: bool | None) -> str | None:
    """Why a grapple stunt is closed: ``need_control`` True / False / None (either)."""
    g = s.grapple
    if g is None:
        return "not in a grapple"
    if need_control is True and not g.controls(s.attacker.id):
        return "must be in control of the grapple"
    if need_control is False and g.controls(s.attacker.id):
        return "already in control"
    return None


def _established(s: AttackSetup) -> int:
    return s.grapple.established if s.grapple is not None else 0


def _break_free_cost(s: AttackSetup) -> int:
    g = s.grapple
    return 0 if g is None or g.controls(s.attacker.id) else g.established


def _break_up_why(s: AttackSetup) -> str | None:
    g = s.target_grapple
    if g is None:
        return f"{s.name(s.target.id)} is not in a grapple"
    return "you are in that grapple" if g.involves(s.attacker.id) else None


def _establish_why(s: AttackSetup) -> str | None:
    if s.target_grapple is not None:
        return f"{s.name(s.target.id)} is already in a grapple"
    return None


def _already(s: AttackSetup, flag: str, what: str) -> str | None:
    """Why a stunt would buy nothing: the target already is ``what`` (its condition ``flag``)."""
    return f"{s.name(s.target.id)} is already {what}" if getattr(s.target.condition, flag) \
        else None


def _takedown_why(s: AttackSetup) -> str | None:
    if s.attacker.condition.prone and s.target.condition.prone:
        return "both are already prone"
    return _grapple_rule(s, True)


def _knockdown_cost(s: AttackSetup) -> int:
    return 1 if s.kind == "close-combat" else s.target.attribute("stamina")


_BUILDERS: dict[str, Builder] = {
    "inflict-damage": _simple("inflict-damage", _armor, "an Injury Condition"),
    "critical": _simple("critical", lambda s: 4, "another Injury Condition"),
    "blinding": _simple("blinding", lambda s: 1, "+1 Difficulty on their next Shoot/Thrown",
                        why_not=lambda s: _already(s, "blinded", "Blinded")),
    "blind": _simple("blind", lambda s: 2, "+1 Difficulty on their Shoot/Thrown attacks",
                     why_not=lambda s: _already(s, "blind", "Blind")),
    "break-up-grapple": _simple("break-up-grapple", lambda s: 1, why_not=_break_up_why),
    "disarm": _disarm,
    "disarm-far": _simple("disarm-far", lambda s: 1, "the item lands at short range"),
    "establish-grapple": _simple("establish-grapple", lambda s: 1,
                                 "you are in control; the successes hold it",
                                 why_not=_establish_why),
    "feint": _feint,
    "knockdown": _simple("knockdown", _knockdown_cost, "prone",
                         why_not=lambda s: _already(s, "prone", "prone")),
    "seize": lambda s, allies: _items(s, "seize", lambda kind: 2),
    "shove": lambda s, allies: [Offer("shove", "shove", 1, detail=f"push back "
                                      f"{s.attacker.attribute('might')} m each")],
    "sunder": lambda s, allies: _items(s, "sunder", lambda kind: 3, armor=True),
    "break-free": _simple("break-free", _break_free_cost, "ends the grapple",
                          why_not=lambda s: _grapple_rule(s, None)),
    "gain-control": _simple("gain-control", _established, "you take control",
                            why_not=lambda s: _grapple_rule(s, False)),
    "pin": lambda s, allies: _pin(s),
    "position": lambda s, allies: [_position(s)],
    "takedown": _simple("takedown", lambda s: 1, "both prone, grapple kept",
                        why_not=_takedown_why),
    "throw": _simple("throw", lambda s: 1, "Might m, +1 m per extra success; ends the grapple",
                     why_not=lambda s: _grapple_rule(s, True)),
    "empty-clip": lambda s, allies: [_empty_clip(s)],
    "line-drive": _simple("line-drive", lambda s: s.target.attribute("might"), "prone",
                          why_not=lambda s: _already(s, "prone", "prone")),
}


def _pin(s: AttackSetup) -> list[Offer]:
    if s.kind == "grapple":
        return [Offer("pin", "pin", 2, detail="no Defense against others",
                      why_not=_grapple_rule(s, True), once=True)]
    return [Offer("pin", "pin", 1,
                  detail="Complication 2 on their next attack, +1 per extra success")]


def _position(s: AttackSetup) -> Offer:
    """L27 Position (per success; Difficulty equal to Opponent's Dodge): the first Dodge
    successes buy nothing, so it is bought Dodge + 1 times or not at all."""
    dodge = s.target.effective_dodge
    plural = "es" * (dodge != 1)
    return Offer("position", "position", 1,
                 detail=f"+1 Enhancement each on your next grapple attack beyond the first "
                        f"{dodge} (Dodge)", why_not=_grapple_rule(s, None), least=dodge + 1,
                 least_why=f"{s.name(s.target.id)}'s Dodge {dodge} takes the first {dodge} "
                           f"success{plural}")


def _empty_clip(s: AttackSetup) -> Offer:
    if s.weapon is None or not s.weapon.has_tag("automatic"):
        why = "needs a weapon with the automatic tag"
    elif s.empty_clip:
        why = "declared with the attack: its +1 Enhancement is counted"
    else:
        why = "declared before the roll (attack option empty-clip): it adds Enhancement"
    return Offer("empty-clip", "empty-clip", 0, why_not=why)
