"""Savage Pathfinder: trait rolls, attacks, damage, Wounds, recovery and exact odds.

The public API; every function is pure (dice come from an injected
:class:`battlemap.rules.dice.DiceSource`) and returns new values, never changing its input.

- Stat blocks: :func:`combatant_from_dict`, :func:`combatant_to_dict`, :class:`Combatant`,
  :class:`Weapon`, :class:`Condition`, :class:`Edge`.
- Rolls: :func:`roll_trait`, :func:`roll_trait_dice`, :func:`roll_acing`.
- Attacks: :class:`AttackContext` (the situation as data) -> :func:`plan_attack`,
  :func:`resolve_attack`, :func:`resolve_shots`; the modifier rules in
  :data:`ATTACK_RULES` / :data:`DAMAGE_RULES`.
- Damage and its aftermath: :func:`roll_damage`, :func:`take_damage`, :func:`soak_roll`,
  :func:`recover_from_shaken`, :func:`unshake_with_benny`, :func:`incapacitation_roll`,
  :func:`roll_injury`, :func:`bleeding_out_roll`, :func:`stabilise`,
  :func:`daily_recovery_roll`.
- Movement and actions: :func:`movement_cost`, :func:`pace_for_turn`, :func:`roll_running`,
  :func:`jump_distance`, :func:`check_turn`, :func:`sprint`, :func:`hazard_roll`.
- Odds: :func:`trait_odds`, :func:`attack_odds`.

The dice order of an attack (for physical dice entry) is documented in
:mod:`battlemap.rules.savage_pathfinder.attack`.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder import TraitDie, roll_trait
>>> roll_trait(ScriptedDice([5]), TraitDie(8), wild_card=False, purpose="Notice",
...            actor="g1").result
<TraitResult.SUCCESS: 'success'>
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from battlemap.rules.savage_pathfinder.system import SavagePathfinder  # registers the system

if TYPE_CHECKING:
    from battlemap.rules.savage_pathfinder.attack import (
        AttackPlan,
        plan_attack,
        resolve_attack,
        resolve_shots,
    )
    from battlemap.rules.savage_pathfinder.context import (
        AttackContext,
        AttackKind,
        CalledShot,
        Cover,
        Illumination,
        RangeBand,
    )
    from battlemap.rules.savage_pathfinder.damage import damage_result, roll_damage, take_damage
    from battlemap.rules.savage_pathfinder.expressions import (
        DamageDice,
        TraitDie,
        parse_damage,
        parse_trait_die,
        roll_acing,
        roll_plain,
    )
    from battlemap.rules.savage_pathfinder.incapacitation import (
        bleeding_out_roll,
        daily_recovery_roll,
        incapacitation_roll,
        roll_injury,
        stabilise,
    )
    from battlemap.rules.savage_pathfinder.modifiers import (
        ATTACK_RULES,
        DAMAGE_RULES,
        attack_modifiers,
        damage_modifiers,
        multi_action_penalty,
        wound_penalty,
    )
    from battlemap.rules.savage_pathfinder.movement import (
        ActionKind,
        Hazard,
        MoveMode,
        TurnPlan,
        check_turn,
        hazard_roll,
        jump_distance,
        movement_cost,
        pace_for_turn,
        roll_running,
        sprint,
    )
    from battlemap.rules.savage_pathfinder.odds import (
        AttackOdds,
        TraitOdds,
        acing_at_least,
        attack_odds,
        trait_odds,
    )
    from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict, combatant_to_dict
    from battlemap.rules.savage_pathfinder.recovery import (
        SoakResult,
        recover_from_shaken,
        soak_roll,
        unshake_with_benny,
    )
    from battlemap.rules.savage_pathfinder.statblock import (
        Combatant,
        Condition,
        Edge,
        Injury,
        InjuryLasts,
        Weapon,
    )
    from battlemap.rules.savage_pathfinder.traits import (
        RolledTrait,
        TraitResult,
        judge,
        roll_trait,
        roll_trait_dice,
    )

_SOURCES: dict[str, tuple[str, ...]] = {
    "attack": ("AttackPlan", "plan_attack", "resolve_attack", "resolve_shots"),
    "context": ("AttackContext", "AttackKind", "CalledShot", "Cover", "Illumination", "RangeBand"),
    "damage": ("damage_result", "roll_damage", "take_damage"),
    "expressions": (
        "DamageDice", "TraitDie", "parse_damage", "parse_trait_die", "roll_acing", "roll_plain",
    ),
    "incapacitation": (
        "bleeding_out_roll", "daily_recovery_roll", "incapacitation_roll", "roll_injury",
        "stabilise",
    ),
    "modifiers": (
        "ATTACK_RULES", "DAMAGE_RULES", "attack_modifiers", "damage_modifiers",
        "multi_action_penalty", "wound_penalty",
    ),
    "movement": (
        "ActionKind", "Hazard", "MoveMode", "TurnPlan", "check_turn", "hazard_roll",
        "jump_distance", "movement_cost", "pace_for_turn", "roll_running", "sprint",
    ),
    "odds": ("AttackOdds", "TraitOdds", "acing_at_least", "attack_odds", "trait_odds"),
    "parsing": ("combatant_from_dict", "combatant_to_dict"),
    "recovery": ("SoakResult", "recover_from_shaken", "soak_roll", "unshake_with_benny"),
    "statblock": ("Combatant", "Condition", "Edge", "Injury", "InjuryLasts", "Weapon"),
    "traits": ("RolledTrait", "TraitResult", "judge", "roll_trait", "roll_trait_dice"),
}
"""Where each public name lives: imported at its first use (``savage_pathfinder.roll_trait``,
``from battlemap.rules.savage_pathfinder import roll_trait``), so the registry's import of this
package loads :mod:`.system` alone: the attack and odds modules wait for the first attack."""

_MODULE_OF = {name: module for module, names in _SOURCES.items() for name in names}


def __getattr__(name: str) -> Any:
    """The public name ``name``, imported from its module on first use and kept here."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULE_OF})


__all__ = [
    "ATTACK_RULES",
    "DAMAGE_RULES",
    "ActionKind",
    "AttackContext",
    "AttackKind",
    "AttackOdds",
    "AttackPlan",
    "CalledShot",
    "Combatant",
    "Condition",
    "Cover",
    "DamageDice",
    "Edge",
    "Hazard",
    "Illumination",
    "Injury",
    "InjuryLasts",
    "MoveMode",
    "RangeBand",
    "RolledTrait",
    "SavagePathfinder",
    "SoakResult",
    "TraitDie",
    "TraitOdds",
    "TraitResult",
    "TurnPlan",
    "Weapon",
    "acing_at_least",
    "attack_modifiers",
    "attack_odds",
    "bleeding_out_roll",
    "check_turn",
    "combatant_from_dict",
    "combatant_to_dict",
    "daily_recovery_roll",
    "damage_modifiers",
    "damage_result",
    "hazard_roll",
    "incapacitation_roll",
    "judge",
    "jump_distance",
    "movement_cost",
    "multi_action_penalty",
    "pace_for_turn",
    "parse_damage",
    "parse_trait_die",
    "plan_attack",
    "recover_from_shaken",
    "resolve_attack",
    "resolve_shots",
    "roll_acing",
    "roll_damage",
    "roll_injury",
    "roll_plain",
    "roll_running",
    "roll_trait",
    "roll_trait_dice",
    "soak_roll",
    "sprint",
    "stabilise",
    "take_damage",
    "trait_odds",
    "unshake_with_benny",
    "wound_penalty",
]
