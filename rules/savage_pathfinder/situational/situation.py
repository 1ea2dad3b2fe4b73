"""From the map's facts and the chosen options to the engine's :class:`AttackContext`.

:func:`situate` is what the desktop pipeline calls before the engine resolves an attack. It
takes the measurements geometry made (as plain values in :class:`AttackFacts`), the combatants'
states and the ids of the chosen :data:`~.options.ATTACK_OPTIONS`, checks the options go
together, and returns a :class:`Situated`: the new context (Cover category, light, Gang Up and
the options the engine knows are set on it; every other situational modifier is appended to
``attack_modifiers`` or ``damage_modifiers`` with its reason) and what follows the attack (the
attacker turning Vulnerable, a Knockout Blow check, no Bleeding Out).

Examples
--------
>>> from battlemap.rules.savage_pathfinder.statblock import Combatant, UNARMED
>>> facts = AttackFacts(distance=1, allies_adjacent=2)
>>> s = situate(Combatant(id="a"), Combatant(id="d"), UNARMED, AttackContext(), facts,
...             ["wild-attack"])
>>> s.context.gang_up, s.context.wild_attack, s.attacker_becomes_vulnerable
(2, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, Outcome
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import (
    AttackContext,
    AttackKind,
    CalledShot,
    Cover,
    Illumination,
    RangeBand,
)
from battlemap.rules.savage_pathfinder.modifiers import COVER_PENALTY, RANGE_PENALTY
from battlemap.rules.savage_pathfinder.situational.disarm import shaken_or_wounded
from battlemap.rules.savage_pathfinder.situational.illumination import illumination_at
from battlemap.rules.savage_pathfinder.situational.improvised import IMPROVISED_MODIFIER
from battlemap.rules.savage_pathfinder.situational.maneuvers import (
    defend_modifier,
    gang_up_bonus,
    knockout_blow,
    parry_caught_in_melee,
    prone_melee_modifiers,
    ranged_in_melee,
    the_drop_modifiers,
    vulnerable_target_modifier,
)
from battlemap.rules.savage_pathfinder.situational.modifiers import (
    PreciseShot,
    cover_from_fraction,
    effective_cover,
    face_armor_bypass,
    off_hand_modifier,
    precise_shot_damage,
    precise_shot_modifier,
    touch_attack_modifier,
    two_weapons_modifier,
    unarmed_defender_modifier,
    unstable_platform_modifier,
)
from battlemap.rules.savage_pathfinder.situational.mounted import (
    charge_modifier,
    horsemanship,
    set_weapon_damage,
)
from battlemap.rules.savage_pathfinder.situational.natural import (
    horns_damage_modifier,
    nonlethal_modifier,
    spare_from_bleeding,
)
from battlemap.rules.savage_pathfinder.situational.obstacles import (
    through_creature_modifier,
    through_obstacle_modifier,
)
from battlemap.rules.savage_pathfinder.situational.options import ATTACK_OPTIONS
from battlemap.rules.savage_pathfinder.situational.scale import Scale, attack_scale
from battlemap.rules.savage_pathfinder.situational.states import Timer, set_timed
from battlemap.rules.savage_pathfinder.statblock import Combatant, Edge, Weapon

AIM_MAXIMUM = 4
"""Aim ignores up to 4 points of Range, Cover, Called Shot or Scale penalties."""

__all__ = ["AIM_MAXIMUM", "AttackFacts", "Situated", "check_options", "follow_up", "situate"]


@dataclass(frozen=True, slots=True)
class AttackFacts:
    """What the map measured (and the GM may override) for one attack, in inches and counts.

    ``cover`` overrides the category from ``cover_fraction``; ``allies_adjacent`` counts the
    attacker's other non-Stunned allies adjacent to the defender, ``defender_allies_adjacent``
    the defender's allies adjacent to both; ``obstacles`` the Hardness of each obstacle the
    attack passes through; ``creatures_between`` (id, Toughness) of creatures it passes
    through; ``part_scale`` the Scale of an item or unarmored area aimed at;
    ``defender_natural_weapons`` whether the defender fights with claws, fangs or horns;
    ``defender_held_by_attacker`` whether the attacker grappled the defender (a bite needs it:
    :func:`~.natural.bite_problem`); ``set_against_charge``: the attacker set his Reach weapon
    against the defender's charge and won the interrupt (+4 damage).
    """

    distance: float = 1.0
    adjacent: bool = True
    attacker_in_melee: bool = False
    cover_fraction: float = 0.0
    cover: Cover | None = None
    light: Illumination = Illumination.BRIGHT
    allies_adjacent: int = 0
    defender_allies_adjacent: int = 0
    obstacles: tuple[int, ...] = ()
    creatures_between: tuple[tuple[str, int], ...] = ()
    unstable_platform: bool = False
    target_defending: bool = False
    mounted: bool = False
    straight_run: float = 0.0
    first_action: bool = True
    free_attack: bool = False
    part_scale: Scale | None = None
    defender_natural_weapons: bool = False
    defender_held_by_attacker: bool = False
    set_against_charge: bool = False


@dataclass(frozen=True, slots=True)
class Situated:
    """The context and attacker to resolve the attack with (a mounted fighter's Fighting is the
    lower of Fighting and Riding), and what the situation does afterwards."""

    context: AttackContext
    attacker: Combatant
    attacker_becomes_vulnerable: bool = False
    knockout_blow: bool = False
    nonlethal: bool = False
    to_the_head: bool = False


def check_options(option_ids: Sequence[str], kind: AttackKind, facts: AttackFacts) -> None:
    """``RulesError`` for an unknown option, one that cannot go with this attack or another.

    Examples
    --------
    >>> check_options(["wild-attack", "desperate-attack-2"], AttackKind.MELEE, AttackFacts())
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: option wild-attack cannot be combined with \
desperate-attack-2
    """
    if facts.free_attack and option_ids:
        raise RulesError("a free attack is unaltered by combat options: " + ", ".join(option_ids))
    for option_id in option_ids:
        option = ATTACK_OPTIONS.get(option_id)
        if option is None:
            raise RulesError(f"unknown option {option_id!r}; options: {', '.join(ATTACK_OPTIONS)}")
        if kind not in option.kinds:
            raise RulesError(f"option {option_id} is not for a {kind.value} attack")
        clash = [other for other in option_ids if other in option.excludes]
        if clash:
            raise RulesError(f"option {option_id} cannot be combined with {clash[0]}")
    if "aim" in option_ids and not facts.first_action:
        raise RulesError("option aim: the aimed attack must be the first action of the turn")


_ENGINE_CALLED = {"called-shot-hand": CalledShot.HAND, "called-shot-head": CalledShot.HEAD,
                  "called-shot-vitals": CalledShot.VITALS, "called-shot-limb": CalledShot.LIMB}
_PRECISE = {"called-shot-face": PreciseShot.FACE, "called-shot-item": PreciseShot.ITEM,
            "called-shot-unarmored-area": PreciseShot.UNARMORED_AREA}


def _engine_fields(context: AttackContext, options: Sequence[str], kind: AttackKind,
                   facts: AttackFacts, attacker: Combatant,
                   defender: Combatant) -> AttackContext:
    called = next((_ENGINE_CALLED[o] for o in options if o in _ENGINE_CALLED), None)
    desperate = 4 if "desperate-attack-4" in options else 2 * ("desperate-attack-2" in options)
    cover = facts.cover if facts.cover is not None else cover_from_fraction(facts.cover_fraction)
    ranged = kind is not AttackKind.MELEE
    gang_up = gang_up_bonus(facts.allies_adjacent, facts.defender_allies_adjacent)
    return replace(
        context, cover=effective_cover(cover, defender.condition.prone, ranged, facts.distance),
        illumination=illumination_at(facts.light, facts.distance),
        gang_up=gang_up if kind is AttackKind.MELEE else 0,
        parry=parry_caught_in_melee(defender) if kind is AttackKind.MELEE else None,
        scale=0 if called or any(o in _PRECISE for o in options) or context.area_effect
        else attack_scale(attacker.size, defender.size),
        wild_attack="wild-attack" in options, desperate_attack=desperate,
        aim="aim" in options, called_shot=called,
        called_shot_scale=facts.part_scale.modifier if called and facts.part_scale else None)


def _option_modifiers(options: Sequence[str], attacker: Combatant, defender: Combatant,
                      weapon: Weapon, context: AttackContext,
                      facts: AttackFacts) -> tuple[list[Modifier | None], list[Modifier | None]]:
    precise = [_PRECISE[o] for o in options if o in _PRECISE]
    attack: list[Modifier | None] = [precise_shot_modifier(p, facts.part_scale) for p in precise]
    damage: list[Modifier | None] = [precise_shot_damage(p, defender.has_vitals)
                                     for p in precise]
    damage += [face_armor_bypass(defender.armor, weapon.ap) for p in precise
               if p is PreciseShot.FACE]
    ambidextrous = attacker.has_edge(Edge.AMBIDEXTROUS) and context.house.ambidextrous
    if "the-drop" in options:
        drop_attack, drop_damage = the_drop_modifiers()
        attack.append(drop_attack)
        damage.append(drop_damage)
    attack += [touch_attack_modifier() if "touch-attack" in options else None,
               off_hand_modifier(ambidextrous) if "off-hand" in options else None,
               nonlethal_modifier(edged=True) if "nonlethal-edged" in options else None,
               IMPROVISED_MODIFIER if "improvised" in options else None]
    return attack, damage


def _aim_top_up(context: AttackContext, options: Sequence[str],
                part_scale: Scale | None) -> Modifier | None:
    """Aim also ignores the penalty of a face, item or unarmored-area Called Shot, which the
    engine's Aim (Range, Cover, hand/head/vitals/limb) does not see: the missing points."""
    precise = [_PRECISE[o] for o in options if o in _PRECISE]
    if not context.aim or not precise or context.range_band is RangeBand.EXTREME:
        return None
    seen = RANGE_PENALTY[context.range_band] + COVER_PENALTY[context.cover]
    called = precise_shot_modifier(precise[0], part_scale).value

    def bonus(penalty: int) -> int:
        return max(2, min(AIM_MAXIMUM, -penalty))
    extra = bonus(seen + called) - bonus(seen)
    return Modifier(extra, "Aim (Called Shot)") if extra else None


def _hand_weapons(combatant: Combatant) -> int:
    return sum(1 for w in combatant.weapons if not w.fires and not w.shield)


def _two_weapons(attacker: Combatant, options: Sequence[str]) -> int:
    """The attacker's melee weapons when he declares Two Weapons ("armed with two melee
    weapons"); ``RulesError`` if he holds fewer than two."""
    if "two-weapons" not in options:
        return 0
    held = _hand_weapons(attacker)
    if held < 2:
        raise RulesError(f"two-weapons: {attacker.id} holds {held} melee weapon"
                         f"{'s' * (held != 1)}; Two Weapons needs two")
    return held


def _two_weapons_problem(defender: Combatant, options: Sequence[str], shield: bool,
                         natural: bool) -> None:
    """S180: Two Weapons helps only against "a single weapon or ... unarmed, and no shield",
    and "adds no bonus against creatures with Natural Weapons": declared against any other
    foe it is refused in words before the roll (it would silently add nothing)."""
    if "two-weapons" not in options:
        return
    why = ("fights with natural weapons: Two Weapons adds no bonus against them" if natural
           else "has a shield" if shield else
           "holds two weapons" if _hand_weapons(defender) > 1 else None)
    if why is not None:
        raise RulesError(f"two-weapons: {defender.id} {why} (the +1 is only against a single "
                         "weapon or none, and no shield)")


def _state_modifiers(attacker: Combatant, defender: Combatant, weapon: Weapon,
                     kind: AttackKind, options: Sequence[str],
                     natural: bool) -> list[Modifier | None]:
    drop = "the-drop" in options
    found: list[Modifier | None] = [vulnerable_target_modifier(defender.condition, drop)]
    if kind is AttackKind.MELEE:
        shield = any(w.shield for w in defender.weapons)
        _two_weapons_problem(defender, options, shield, natural)
        found += [*prone_melee_modifiers(attacker.condition.prone),
                  unarmed_defender_modifier(bool(weapon.damage.dice),
                                            bool(defender.weapons) or natural, shield, drop),
                  two_weapons_modifier(_two_weapons(attacker, options),
                                       _hand_weapons(defender), shield, natural)]
    return found


def _map_modifiers(attacker: Combatant, defender: Combatant, weapon: Weapon,
                   kind: AttackKind, facts: AttackFacts) -> tuple[list[Modifier | None], bool]:
    found: list[Modifier | None] = []
    vulnerable = False
    if kind is AttackKind.MELEE and facts.target_defending:
        found.append(defend_modifier(actions=1, running=False))
    if kind is not AttackKind.MELEE:
        unstable = facts.unstable_platform or facts.mounted
        found.append(unstable_platform_modifier() if unstable else None)
    if kind is not AttackKind.MELEE and facts.attacker_in_melee:
        in_melee = ranged_in_melee(weapon, parry_caught_in_melee(defender), facts.adjacent)
        vulnerable = in_melee.attacker_vulnerable
        shift = 4 - in_melee.target_number
        found.append(Modifier(shift, f"in melee: TN is Parry {in_melee.target_number}")
                     if shift else None)
    return found, vulnerable


def _damage_map_modifiers(defender: Combatant, weapon: Weapon, kind: AttackKind,
                          facts: AttackFacts) -> list[Modifier | None]:
    found = [through_obstacle_modifier(facts.obstacles, weapon.ap, defender.armor)]
    found += [through_creature_modifier(name, toughness)
              for name, toughness in facts.creatures_between]
    if kind is AttackKind.MELEE and facts.mounted:
        found.append(charge_modifier(facts.straight_run))
    if kind is AttackKind.MELEE and weapon.natural and "horn" in weapon.name.lower():
        found.append(horns_damage_modifier(facts.straight_run))
    if facts.set_against_charge:
        found.append(set_weapon_damage(weapon.reach))
    return found


def situate(attacker: Combatant, defender: Combatant, weapon: Weapon, context: AttackContext,
            facts: AttackFacts, option_ids: Sequence[str] = ()) -> Situated:
    """Apply the map's facts, the combatants' states and the chosen options to ``context``."""
    kind = context.attack_kind_for(weapon.fires)
    check_options(option_ids, kind, facts)
    drop = "the-drop" in option_ids
    option_attack, option_damage = _option_modifiers(option_ids, attacker, defender, weapon,
                                                     context, facts)
    map_attack, shot_past = _map_modifiers(attacker, defender, weapon, kind, facts)
    states = _state_modifiers(attacker, defender, weapon, kind, option_ids,
                              facts.defender_natural_weapons)
    attack = option_attack + states + map_attack
    damage = option_damage + _damage_map_modifiers(defender, weapon, kind, facts)
    new = _engine_fields(context, option_ids, kind, facts, attacker, defender)
    attack.append(_aim_top_up(new, option_ids, facts.part_scale))
    new = replace(new, attack_modifiers=(*new.attack_modifiers, *_present(attack)),
                  damage_modifiers=(*new.damage_modifiers, *_present(damage)))
    nonlethal = any(o in option_ids for o in ("nonlethal", "nonlethal-edged"))
    head = any(o in option_ids for o in ("called-shot-head", "called-shot-face"))
    mounted_melee = facts.mounted and kind is AttackKind.MELEE
    fighter = horsemanship(attacker) if mounted_melee else attacker
    return Situated(new, fighter, "wild-attack" in option_ids or shot_past, drop, nonlethal, head)


def follow_up(
    dice: DiceSource, situated: Situated, attacker: Combatant, defender_id: str,
    outcome: Outcome[Combatant], timers: tuple[Timer, ...],
) -> tuple[Outcome[Combatant], tuple[Timer, ...]]:
    """What the situation does once the engine has resolved the attack, in this order.

    Nonlethal: nobody Incapacitated Bleeds Out. Knockout Blow: with The Drop, a defender left
    Shaken or worse (not Incapacitated) rolls Vigor, -2 if hit in the head (dice: his Vigor die
    and Wild Die). Wild Attack, or shooting past an adjacent foe: the attacker is Vulnerable
    until the end of his next turn (``timers`` as in :mod:`.states`).
    """
    if situated.nonlethal:
        outcome = spare_from_bleeding(outcome)
    outcome = _knockout(dice, situated, defender_id, outcome)
    if not situated.attacker_becomes_vulnerable:
        return outcome, timers
    marked, timers = set_timed(attacker, "Vulnerable", timers, during_own_turn=True)
    return Outcome((*outcome.events, *marked.events), (*outcome.states, *marked.states)), timers


def _knockout(dice: DiceSource, situated: Situated, defender_id: str,
              outcome: Outcome[Combatant]) -> Outcome[Combatant]:
    victim = next((c for c in outcome.states if c.id == defender_id), None)
    if (not situated.knockout_blow or victim is None or victim.condition.incapacitated
            or not shaken_or_wounded(outcome.events, defender_id)):
        return outcome
    knocked = knockout_blow(dice, victim, situated.to_the_head)
    states = tuple(knocked.states[0] if c.id == defender_id else c for c in outcome.states)
    return Outcome((*outcome.events, *knocked.events), states)


def _present(found: list[Modifier | None]) -> tuple[Modifier, ...]:
    return tuple(m for m in found if m is not None)
