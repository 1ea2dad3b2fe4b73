"""What one hit does: damage roll, DR, wounding multiplier, HP, shock, major wound, collapse.

Injury costs HP; shock (see :func:`battlemap.rules.gurps.damage.shock`) is kept in the condition
until the victim's next turn ends. A major wound (one injury over HP/2) needs an HT roll (+3 with
High Pain Threshold): failure stuns and knocks down (prone), a critical failure knocks out. At 0 HP
or less an HT roll keeps him conscious (the text's "each turn" roll is made when the injury
lands); at -1xHP and each further multiple an HT roll or death; at -5xHP he dies.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.gurps.statblock import character_from_dict
>>> orc = character_from_dict({"hp": 14, "ht": 11, "dr": 2}, "o")
>>> sword = character_from_dict({"attacks": [{"name": "Broadsword", "skill": 15,
...                                            "damage": "2d cut"}]}, "k").attacks[0]
>>> hurt, events = apply_hit(ScriptedDice([5, 4, 6, 6, 3]), "k", "o", orc, sword, "")
>>> hurt.condition.hp, hurt.condition.shock, hurt.condition.stunned
(4, -4, True)
"""

from __future__ import annotations

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Died, Event, Incapacitated, Injured, Modifier, StatusAdded
from battlemap.rules.gurps.damage import DamageSpec, injury, roll_damage, shock
from battlemap.rules.gurps.roll import Grade, success_roll
from battlemap.rules.gurps.statblock import Attack, Character

__all__ = ["apply_damage", "apply_hit"]


def apply_hit(dice: DiceSource, attacker_id: str, target_id: str, target: Character,
              attack: Attack, label: str) -> tuple[Character, list[Event]]:
    """Roll the damage of one hit on ``target`` and apply its injury and effects."""
    purpose = f"{attack.label} {label}".strip()
    made, damage = roll_damage(dice, attacker_id, purpose, attack.damage)
    hurt, events = apply_damage(dice, target_id, target, attack.damage, damage)
    return hurt, [made, *events]


def apply_damage(dice: DiceSource, target_id: str, target: Character, spec: DamageSpec,
                 damage: int, cover_dr: int = 0) -> tuple[Character, list[Event]]:
    """Apply ``damage`` (already rolled, maybe divided by an explosion's distance) of type
    ``spec`` on ``target``: DR (plus ``cover_dr``, a wall between), injury and its effects."""
    armour = spec.effective_dr(target.dr_vs.get(spec.kind, target.dr)) + cover_dr
    taken = injury(damage, armour, spec.kind)
    hp_before = target.condition.hp
    hp = hp_before - taken
    events: list[Event] = [Injured(target_id, damage, armour, taken, hp, target.hp)]
    if taken == 0:
        return target, events
    pain = 0 if target.has("High Pain Threshold") else shock(taken, target.hp)
    hurt = target.with_condition(hp=hp, shock=max(-4, target.condition.shock + pain))
    if taken > target.hp / 2:
        hurt = _major_wound(dice, target_id, hurt, events)
    hurt = _collapse(dice, target_id, hurt, hp_before, events)
    return hurt, events


def _ht_roll(dice: DiceSource, target_id: str, who: Character, purpose: str,
             events: list[Event]) -> Grade:
    bonus = (Modifier(3, "High Pain Threshold"),) if who.has("High Pain Threshold") and \
        purpose == "HT (major wound)" else ()
    made, result = success_roll(dice, target_id, purpose, who.ht, bonus)
    events.append(made)
    return result.kind


def _major_wound(dice: DiceSource, target_id: str, hurt: Character,
                 events: list[Event]) -> Character:
    grade = _ht_roll(dice, target_id, hurt, "HT (major wound)", events)
    if grade.succeeded:
        return hurt
    if grade is Grade.CRITICAL_FAILURE:
        events.append(Incapacitated(target_id))
        return hurt.with_condition(unconscious=True, posture="prone")
    events.append(StatusAdded(target_id, "stunned"))
    if hurt.condition.posture != "prone":
        events.append(StatusAdded(target_id, "prone"))
    return hurt.with_condition(stunned=True, posture="prone")


def _collapse(dice: DiceSource, target_id: str, hurt: Character, hp_before: int,
              events: list[Event]) -> Character:
    """0 HP or less: an HT roll or unconscious; each -HP multiple crossed: HT or death."""
    hp, top = hurt.condition.hp, hurt.hp
    if hp <= -5 * top:
        events.append(Died(target_id))
        return hurt.with_condition(dead=True, posture="prone")
    for multiple in range(1, 5):
        crossed = hp <= -multiple * top < hp_before
        if crossed and not _ht_roll(dice, target_id, hurt,
                                    f"HT (death check at -{multiple}xHP)", events).succeeded:
            events.append(Died(target_id))
            return hurt.with_condition(dead=True, posture="prone")
    awake = hp > 0 or hurt.condition.unconscious
    if not awake and not _ht_roll(dice, target_id, hurt, "HT (stay conscious at 0 HP or less)",
                                  events).succeeded:
        events.append(Incapacitated(target_id))
        return hurt.with_condition(unconscious=True, posture="prone")
    return hurt
