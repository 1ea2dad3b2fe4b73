"""An attack before the dice: its kind, pool, Difficulty, Enhancement and what forbids it.

Paragraphs: *Attacking* ("You can attack within the range of your weapon, as described by its
tags"; "The dice pool for melee attacks is Close Combat + Might, while Athletics and Firearms
cover thrown weapons ... and use different Attributes depending on the range"; "If you roll
enough successes to exceed their Defense, your attack succeeds"), the four attack blocks
(*Range*, *Skill*), *Grapple* ("While in a grapple you can only use weapons with the 'grapple'
tag"; "The grapple action is only taken when you are already in a grapple"), Grapple *Pin*
("Deny opponent their Defense against all other attacks"), Blinding and Blind ("an increased
Difficulty of 1 on all Shoot and Thrown attacks").

The Difficulty an attack must exceed is the target's Defense plus every increase (cover,
Blinding, the GM's ``difficulty`` parameter); the successes above it are the stunt budget.

Examples
--------
>>> kind_of_weapon("ranged"), POOLS["grapple"]
('ranged', ('athletics', 'might'))
>>> band_of(1.4, {"close": 2, "short": 10, "medium": 40, "long": 100, "extreme": 300})
'close'
>>> band_of(500, {"close": 2, "short": 10, "medium": 40, "long": 100, "extreme": 300})
'out of range'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from battlemap.rules.events import Modifier
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.settings import Settings, settings_from_combat
from battlemap.rules.storypath.statblock import (
    BANDS,
    Combatant,
    Weapon,
    combatant_from_dict,
    combatant_to_dict,
)
from battlemap.rules.storypath.state import Grapple, grapple_of
from battlemap.rules.table import Board, MapFacts, Piece

__all__ = [
    "ATTACK_KINDS", "POOLS", "AttackSetup", "band_of", "combatant_of", "kind_of_weapon",
    "out_of_turn", "restat", "setup_attack",
]

ATTACK_KINDS = ("close-combat", "grapple", "ranged", "thrown")
POOLS: Mapping[str, tuple[str, str | None]] = {
    "close-combat": ("close_combat", "might"), "grapple": ("athletics", "might"),
    "ranged": ("firearms", None), "thrown": ("athletics", None),
}
"""Skill and Attribute of each kind; None: the Attribute of the band (settings.attributes)."""
_SHOOTING = ("ranged", "thrown")


def kind_of_weapon(weapon_kind: str) -> str:
    """The attack kind a weapon makes by default."""
    return {"close": "close-combat"}.get(weapon_kind, weapon_kind)


def band_of(metres: float, bands: Mapping[str, float]) -> str:
    """The nearest band whose limit reaches ``metres`` (``out of range`` past extreme)."""
    return next((b for b in BANDS if metres <= bands[b] + 1e-9), "out of range")


def restat(piece: Piece, person: Combatant) -> Piece:
    """``piece`` with ``person``'s stat block."""
    return replace(piece, stats={**piece.stats, **combatant_to_dict(person)})


def combatant_of(piece: Piece) -> Combatant:
    """The piece's stat block, parsed (``RulesError`` naming ``tokens[id].stats...``)."""
    return combatant_from_dict(piece.stats, f"tokens[{piece.id}].stats", piece.id)


@dataclass(frozen=True, slots=True)
class AttackSetup:
    """Everything an attack needs before the first die."""

    kind: str
    attacker: Combatant
    target: Combatant
    weapon: Weapon | None
    facts: MapFacts
    band: str
    pool: tuple[tuple[str, int], ...]
    defense: int
    difficulty: tuple[Modifier, ...]
    enhancement: tuple[Modifier, ...]
    settings: Settings
    grapple: Grapple | None
    target_grapple: Grapple | None
    empty_clip: bool
    metres_per_cell: float
    problem: str | None
    names: Mapping[str, str] = field(default_factory=dict)
    """Token names by id, for the words the GM reads."""

    def name(self, token: str) -> str:
        """The token's name (its id when unknown)."""
        return self.names.get(token, token)

    @property
    def pool_size(self) -> int:
        return sum(n for _, n in self.pool)

    @property
    def required(self) -> int:
        """The successes the attack must exceed: Defense plus every increased Difficulty."""
        return self.defense + sum(m.value for m in self.difficulty)

    @property
    def enhancement_total(self) -> int:
        return sum(m.value for m in self.enhancement)

    def describe_pool(self) -> str:
        return " + ".join(f"{name.replace('_', ' ').title()} {n}" for name, n in self.pool)


def setup_attack(board: Board, request: AttackRequest) -> AttackSetup:
    """Measure and assemble the attack (``RulesError`` for a bad weapon, option or value)."""
    attacker_piece, target_piece = board.token(request.attacker), board.token(request.target)
    attacker, target = combatant_of(attacker_piece), combatant_of(target_piece)
    settings = settings_from_combat(board.combat)
    facts = board.map().facts(attacker.id, target.id)
    band = _override(request, "band", BANDS) or (
        "close" if facts.edge_gap <= 0 else band_of(facts.distance, settings.bands))
    weapon = attacker.weapon(request.weapon) if request.weapon else _default_weapon(
        request, attacker, band, grapple_of(board.combat, attacker.id))
    kind = _kind(request, weapon, board, attacker.id, target.id)
    grapple, target_grapple = grapple_of(board.combat, attacker.id), grapple_of(
        board.combat, target.id)
    empty_clip = "empty-clip" in request.options
    pool = _pool(kind, band, attacker, settings)
    defense = 0 if target_grapple is not None and target_grapple.pinned and \
        not target_grapple.controls(attacker.id) else target.defense
    setup = AttackSetup(
        kind=kind, attacker=attacker, target=target, weapon=weapon, facts=facts, band=band,
        pool=pool, defense=defense,
        difficulty=_difficulty(kind, attacker, facts, settings, request),
        enhancement=_enhancement(kind, attacker, target.id, weapon, empty_clip, request),
        settings=settings, grapple=grapple, target_grapple=target_grapple,
        empty_clip=empty_clip,
        metres_per_cell=_metres_per_cell(facts, attacker_piece, target_piece), problem=None,
        names={p.id: p.name for p in board.tokens})
    turn = out_of_turn(board, attacker.id)
    return replace(setup, problem=turn) if turn else _with_problem(setup)


def out_of_turn(board: Board, token: str) -> str | None:
    """Why ``token`` may not act now: in a turn-based fight (a round running) it is another's
    turn. The GM's ruling (``gm_override``: the bar's *Out of turn*, ``--gm-override``) lets it
    act anyway."""
    acting = board.combat.get("acting")
    if int(board.combat.get("round", 0) or 0) <= 0 or not isinstance(acting, str) \
            or acting == token or acting not in {p.id for p in board.tokens}:
        return None
    return (f"it is {board.token(acting).name}'s turn: {board.token(token).name} may not act "
            f"out of turn (the GM may allow it: Out of turn)")


def _default_weapon(request: AttackRequest, attacker: Combatant, band: str,
                    grapple: Grapple | None) -> Weapon | None:
    """The weapon an attack without one uses: with the option ``thrown`` or ``ranged`` the
    first weapon in hand that makes that attack and reaches; a target beyond close range, the
    first that reaches it (a gun before a thrown weapon); else none (unarmed, or the
    grapple)."""
    wanted = [o for o in request.options if o in _SHOOTING]
    if grapple is not None or (not wanted and band == "close"):
        return None
    usable = [w for w in attacker.held_weapons()
              if w.name not in attacker.condition.sundered
              and w.name not in attacker.condition.out_of_ammo]
    kinds = wanted or list(_SHOOTING)
    for kind in kinds:
        for w in usable:
            makes = kind_of_weapon(w.kind) == kind or (kind == "thrown" and w.has_tag("thrown"))
            if makes and (band not in BANDS or
                          BANDS.index(band) <= BANDS.index(_reach(kind, w))):
                return w
    return None


def _kind(request: AttackRequest, weapon: Weapon | None, board: Board, attacker: str,
          target: str) -> str:
    chosen = [o for o in request.options if o in ATTACK_KINDS]
    if len(chosen) > 1:
        raise RulesError(f"options: choose one attack kind, not {', '.join(chosen)}")
    if chosen:
        return chosen[0]
    grapple = grapple_of(board.combat, attacker)
    grappling = grapple is not None and grapple.involves(target)
    if grappling and (weapon is None or weapon.has_tag("grapple")):
        return "grapple"
    return kind_of_weapon(weapon.kind) if weapon is not None else "close-combat"


def _pool(kind: str, band: str, attacker: Combatant,
          settings: Settings) -> tuple[tuple[str, int], ...]:
    skill, attribute = POOLS[kind]
    if attribute is None:
        attribute = settings.attributes[kind].get(band, "dexterity")
    return (skill, attacker.skill(skill)), (attribute, attacker.attribute(attribute))


def _difficulty(kind: str, attacker: Combatant, facts: MapFacts, settings: Settings,
                request: AttackRequest) -> tuple[Modifier, ...]:
    result = []
    if kind in _SHOOTING:
        cover = _override(request, "cover", (*settings.cover, "total")) or facts.cover
        if settings.cover.get(cover, 0):
            result.append(Modifier(settings.cover[cover], f"{cover} cover"))
        if attacker.condition.blinded or attacker.condition.blind:
            result.append(Modifier(1, "Blinded" if attacker.condition.blinded else "Blind"))
    extra = _param_int(request, "difficulty")
    if extra:
        result.append(Modifier(extra, "increased Difficulty (GM)"))
    return tuple(result)


def _enhancement(kind: str, attacker: Combatant, target: str, weapon: Weapon | None,
                 empty_clip: bool, request: AttackRequest) -> tuple[Modifier, ...]:
    result = []
    if weapon is not None and weapon.enhancement:
        result.append(Modifier(weapon.enhancement, weapon.name))
    for bonus in attacker.condition.enhancements:
        if bonus.against == target and (kind == "grapple" or not bonus.grapple_only):
            result.append(Modifier(bonus.amount, "Position" if bonus.grapple_only else "Feint"))
    if empty_clip:
        result.append(Modifier(1, "Emptying the Clip"))
    extra = _param_int(request, "enhancement")
    if extra:
        result.append(Modifier(extra, "Enhancement (GM)"))
    return tuple(result)


def _override(request: AttackRequest, name: str, allowed: tuple[str, ...]) -> str | None:
    """The GM's correction of a measured fact, one of ``allowed``."""
    value = request.overrides.get(name)
    if value is not None and value not in allowed:
        raise RulesError(f"overrides.{name}: {value!r} is not one of {', '.join(allowed)}")
    return value


def _param_int(request: AttackRequest, name: str) -> int:
    text = request.params.get(name, "0")
    try:
        value = int(text)
    except ValueError:
        raise RulesError(f"params.{name}: expected a whole number, got {text!r}") from None
    if not 0 <= value <= 20:
        raise RulesError(f"params.{name}: {value} is not between 0 and 20")
    return value


def _metres_per_cell(facts: MapFacts, attacker: Piece, target: Piece) -> float:
    cells = math.hypot(target.x - attacker.x, target.y - attacker.y)
    return facts.distance / cells if cells > 1e-9 and facts.distance > 0 else 1.0


def _with_problem(setup: AttackSetup) -> AttackSetup:
    return replace(setup, problem=_problem(setup))


def _problem(s: AttackSetup) -> str | None:
    """Why the attack cannot be made (first reason), or None."""
    checks = (_problem_people(s), _problem_grapple(s), _problem_weapon(s), _problem_range(s))
    return next((p for p in checks if p), None)


def _problem_people(s: AttackSetup) -> str | None:
    if s.attacker.taken_out:
        return f"{s.name(s.attacker.id)} is Taken Out"
    if s.attacker.id == s.target.id:
        return "a character cannot attack itself"
    return None


def _problem_grapple(s: AttackSetup) -> str | None:
    if s.kind == "grapple" and (s.grapple is None or not s.grapple.involves(s.target.id)):
        return (f"the grapple action is only taken when already in a grapple with "
                f"{s.name(s.target.id)}; establish one with a Close Combat attack")
    if s.grapple is not None and s.kind != "grapple":
        return (f"{s.name(s.attacker.id)} is in a grapple with "
                f"{s.name(s.grapple.partner(s.attacker.id))}: "
                "only grappling attacks until someone breaks free")
    if s.kind == "grapple" and s.weapon is not None and not s.weapon.has_tag("grapple"):
        return f"in a grapple only weapons with the grapple tag: {s.weapon.name} has none"
    return None


def _problem_weapon(s: AttackSetup) -> str | None:
    w = s.weapon
    if w is None:
        return "ranged and thrown attacks need a weapon" if s.kind in _SHOOTING else None
    held = s.attacker.condition
    allowed = {kind_of_weapon(w.kind)} | ({"thrown"} if w.has_tag("thrown") else set()) \
        | ({"grapple"} if w.has_tag("grapple") else set())
    reasons = (
        (w.name in held.dropped, f"{w.name} was dropped"),
        (w.name in held.sundered, f"{w.name} is sundered (useless this scene)"),
        (s.kind not in allowed, f"{w.name} cannot make a {s.kind} attack"),
        (s.kind == "ranged" and w.name in held.out_of_ammo, f"{w.name} is out of ammo: reload"),
        (s.empty_clip and not w.has_tag("automatic"),
         f"Emptying the Clip needs the automatic tag; {w.name} has none"),
    )
    return next((why for bad, why in reasons if bad), None)


def _reach(kind: str, weapon: Weapon | None) -> str:
    """The farthest band: the weapon's for ranged and thrown weapons; Thrown "Range: Short"
    for a close weapon tagged thrown; close for Close Combat and Grapple."""
    if weapon is None or kind not in _SHOOTING:
        return "close"
    return weapon.range if weapon.kind == kind else "short"


def _problem_range(s: AttackSetup) -> str | None:
    reach = _reach(s.kind, s.weapon)
    if s.band == "out of range" or (s.band in BANDS and BANDS.index(s.band) > BANDS.index(reach)):
        return (f"{s.name(s.target.id)} is at {s.facts.distance:g} m ({s.band}); "
                f"{s.kind} {'with ' + s.weapon.name + ' ' if s.weapon else ''}reaches {reach}")
    if s.kind in _SHOOTING and (not s.facts.line_of_sight or s.facts.cover == "total"):
        return f"no line of fire to {s.name(s.target.id)}"
    return None
