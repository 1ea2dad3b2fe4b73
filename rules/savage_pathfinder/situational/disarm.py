"""Disarm: make a foe drop a weapon by hitting it, or his hand or limb.

- Hitting the weapon (a Called Shot at the hand or limb that hits the item): damage is rolled
  as for an item, with no raise bonus and no Aces; the defender must make a Strength roll
  against that damage or drop the item.
- Hitting the limb or hand: if the attack Shakes or Wounds him, the defender rolls Strength at
  -2 (limb) or -4 (hand) or drops whatever is in that hand.

A dropped weapon leaves the defender's weapon list; ``StatusAdded(token, "disarmed: NAME")``
tells the log. Dice order: the item damage dice (Strength die, weapon dice, no Aces) if any,
then the defender's Strength die and Wild Die.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
>>> sword = Weapon("Longsword", DamageDice(True, (8,)))
>>> fighter = Combatant(id="f", weapons=(sword,))
>>> out = disarm_after_hit(ScriptedDice([3]), fighter, "Longsword", hand=True)
>>> out.states[0].weapons, out.events[-1].status
((), 'disarmed: Longsword')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Modifier, Outcome, RollMade, Shaken, StatusAdded, Wounded
from battlemap.rules.savage_pathfinder.situational.breaking import roll_item_damage
from battlemap.rules.savage_pathfinder.situational.opposed import roll_trait_of
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon

__all__ = ["disarm_after_hit", "disarm_weapon_hit", "drop_weapon", "shaken_or_wounded"]


def drop_weapon(defender: Combatant, item: str) -> Outcome[Combatant]:
    """``defender`` without the weapon called ``item`` (case ignored).

    Examples
    --------
    >>> drop_weapon(Combatant(id="f"), "Axe")
    Traceback (most recent call last):
    ...
    ValueError: f holds no weapon called 'Axe'
    """
    kept = tuple(w for w in defender.weapons if w.name.lower() != item.lower())
    if len(kept) == len(defender.weapons):
        raise ValueError(f"{defender.id} holds no weapon called {item!r}")
    return Outcome((StatusAdded(defender.id, f"disarmed: {item}"),),
                   (replace(defender, weapons=kept),))


def _keep_hold(
    dice: DiceSource, defender: Combatant, item: str, target: int, penalty: tuple[Modifier, ...],
    before: tuple[RollMade, ...] = (),
) -> Outcome[Combatant]:
    roll = roll_trait_of(dice, defender, "strength", f"Strength (keep hold of {item})", penalty,
                         target=target)
    events: list[Event] = [*before, roll.event]
    if roll.result.succeeded:
        return Outcome(tuple(events), (defender,))
    dropped = drop_weapon(defender, item)
    return Outcome((*events, *dropped.events), dropped.states)


def disarm_weapon_hit(
    dice: DiceSource, attacker: Combatant, weapon: Weapon, defender: Combatant, item: str
) -> Outcome[Combatant]:
    """The attack hit the defender's ``item``: item damage, then Strength against it or drop.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> axe = Weapon("Axe", DamageDice(True, (6,)))
    >>> fighter = Combatant(id="f", weapons=(axe,))
    >>> out = disarm_weapon_hit(ScriptedDice([6, 6, 5]), Combatant(id="a"), axe, fighter, "Axe")
    >>> out.events[0].total, out.events[1].target, out.states[0].weapons
    (12, 12, ())
    """
    damage = roll_item_damage(dice, attacker, weapon)
    return _keep_hold(dice, defender, item, damage.total, (), (damage,))


def disarm_after_hit(
    dice: DiceSource, defender: Combatant, item: str, hand: bool
) -> Outcome[Combatant]:
    """A hit on the limb (-2) or hand (-4) that Shook or Wounded: Strength or drop ``item``."""
    penalty = Modifier(-4, "hit on the hand") if hand else Modifier(-2, "hit on the limb")
    return _keep_hold(dice, defender, item, 4, (penalty,))


def shaken_or_wounded(events: Sequence[Event], token: str) -> bool:
    """Whether an attack's events Shook or Wounded ``token`` (so a disarm roll is due).

    Examples
    --------
    >>> shaken_or_wounded([Shaken("g1")], "g1"), shaken_or_wounded([Wounded("h1", 1, 1)], "g1")
    (True, False)
    """
    return any(isinstance(e, Shaken | Wounded) and e.token == token for e in events)
