"""The registry of situational options and actions, for the action menu and the CLI.

Three tables, each a read-only mapping from a stable id to a :class:`Option`:

- :data:`ATTACK_OPTIONS` - what a player may choose for one attack (``--option ID`` on the
  CLI): Wild Attack, Desperate Attack, Called Shots, Aim, The Drop, ...;
- :data:`ACTIONS` - maneuvers that are actions of their own (grapple, push, Test, Defend, ...),
  with the function that resolves each;
- :data:`AUTOMATIC_RULES` - rules applied from the map and the combatants' states without being
  chosen (Cover, Gang Up, Illumination, ...), listed so the GUI can show them and let the GM
  override the fact they depend on.

``needs`` names the :class:`~battlemap.rules.savage_pathfinder.situational.situation.AttackFacts`
fields (or other inputs) a rule reads; ``excludes`` the options it cannot be combined with.

Examples
--------
>>> ATTACK_OPTIONS["wild-attack"].excludes
('desperate-attack-2', 'desperate-attack-4')
>>> sorted(ACTIONS)[:3]
['aim', 'apply-damage', 'area-attack']
>>> option_ids_for(AttackKind.SHOOTING)[:3]
('aim', 'called-shot-face', 'called-shot-hand')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from battlemap.rules.savage_pathfinder.context import AttackKind

__all__ = ["ACTIONS", "ATTACK_OPTIONS", "AUTOMATIC_RULES", "Option", "option_ids_for"]

_ALL = (AttackKind.MELEE, AttackKind.SHOOTING, AttackKind.THROWN)
_MELEE = (AttackKind.MELEE,)
_RANGED = (AttackKind.SHOOTING, AttackKind.THROWN)
_SWUNG_OR_THROWN = (AttackKind.MELEE, AttackKind.THROWN)


@dataclass(frozen=True, slots=True)
class Option:
    """One situational option, action or automatic rule.

    ``rule`` is the heading of the situational rules text; ``function`` the dotted name of the
    function that resolves an action (empty for attack options and automatic rules, which
    :func:`~battlemap.rules.savage_pathfinder.situational.situation.situate` applies); ``targets``
    is True for an action aimed at another token (picked by a click on the map).
    """

    id: str
    name: str
    description: str
    rule: str
    kinds: tuple[AttackKind, ...] = _ALL
    needs: tuple[str, ...] = ()
    excludes: tuple[str, ...] = ()
    function: str = ""
    targets: bool = False


_DESPERATE = ("desperate-attack-2", "desperate-attack-4")
_CALLED = ("called-shot-hand", "called-shot-head", "called-shot-vitals", "called-shot-limb",
           "called-shot-face", "called-shot-item", "called-shot-unarmored-area")


def _called(part: str, text: str, needs: tuple[str, ...] = ()) -> Option:
    option_id = f"called-shot-{part}"
    return Option(option_id, f"Called Shot: {part.replace('-', ' ')}", text, "Called Shots",
                  needs=needs, excludes=tuple(c for c in _CALLED if c != option_id))


_OPTIONS = (
    Option("wild-attack", "Wild Attack", "+2 Fighting or throwing and damage; Vulnerable until "
           "the end of your next turn", "Wild Attack", _SWUNG_OR_THROWN, excludes=_DESPERATE),
    Option("desperate-attack-2", "Desperate Attack +2", "+2 Fighting, -2 damage",
           "Desperate Attack", _MELEE, excludes=("wild-attack", "desperate-attack-4")),
    Option("desperate-attack-4", "Desperate Attack +4", "+4 Fighting, -4 damage",
           "Desperate Attack", _MELEE, excludes=("wild-attack", "desperate-attack-2")),
    _called("hand", "-4; the target may be Disarmed"),
    _called("head", "-4; +4 damage against a living creature"),
    _called("vitals", "-4; +4 damage against a living creature"),
    _called("limb", "-2; may Disarm, otherwise no extra effect"),
    _called("face", "-5; the face in an open helmet: +4 damage, bypasses the helmet"),
    _called("item", "the item's Scale modifier (a dagger-sized item -4)", ("part_scale",)),
    _called("unarmored-area", "the area's Scale modifier (an eye slit is Tiny, -6)",
            ("part_scale",)),
    Option("aim", "Aim", "aimed all last turn: ignore up to 4 points of Range, Cover and Called "
           "Shot penalties or +2; first action only; allows Extreme Range", "Aim", _RANGED,
           needs=("first_action",)),
    Option("the-drop", "The Drop", "+4 attack and damage against a foe caught off guard; a "
           "Shaken or worse foe rolls Vigor or is knocked out", "The Drop"),
    Option("touch-attack", "Touch Attack", "+2 Fighting to merely touch the foe", "Touch Attack",
           _MELEE),
    Option("off-hand", "Off-hand", "-2 to an attack made solely with the off-hand (none if "
           "Ambidextrous)", "Off-Hand Attacks"),
    Option("nonlethal", "Nonlethal", "fists or a blunt weapon: Wounds as usual but no Bleeding "
           "Out", "Nonlethal Damage", _MELEE, excludes=("nonlethal-edged",)),
    Option("nonlethal-edged", "Nonlethal (flat of the blade)", "-1 Fighting; no Bleeding Out",
           "Nonlethal Damage", _MELEE, excludes=("nonlethal",)),
    Option("improvised", "Improvised weapon", "-2 to the attack roll", "Improvised Weapons"),
    Option("two-weapons", "Two Weapons", "fighting with a melee weapon in each hand: +1 against "
           "a foe with one weapon or none and no shield", "Two Weapons", _MELEE),
)


def _action(option_id: str, name: str, text: str, rule: str, function: str,
            needs: tuple[str, ...] = (), targets: bool = False) -> Option:
    return Option(option_id, name, text, rule, needs=needs,
                  function=f"battlemap.rules.savage_pathfinder.{function}", targets=targets)


_ACTIONS = (
    _action("grapple", "Grapple", "opposed Athletics: Entangled, Bound with a raise",
            "Grappling", "situational.grappling.grapple", ("gang_up",), True),
    _action("let-go", "Let go", "release a grappled foe (ends your Vulnerable for holding him "
            "Bound)", "Grappling", "situational.grappling.let_go", targets=True),
    _action("crush", "Crush", "Strength as damage against a foe you hold", "Grappling",
            "situational.grappling.crush", targets=True),
    _action("push", "Push", 'opposed Strength or Athletics: 1" back, 2" with a raise, maybe '
            "prone", "Push", "situational.push.push",
            ("attacker_at", "defender_at", "straight_run"), True),
    _action("break-free", "Break free", "Strength -2 or Athletics to escape Bound or Entangled",
            "Bound and Entangled", "situational.states.break_free"),
    _action("device-retry", "Situation changed: may try again", "the GM's call: a victim "
            "who failed to break free of a device may try again", "Bound and Entangled",
            "situational.states.break_free"),
    _action("cut-free", "Cut free", "cut a held ally free: damage against Hardness 4, +2 "
            "with a Wild Attack", "Bound and Entangled", "situational.states.cut_free",
            targets=True),
    _action("cut-self-free", "Cut yourself free", "Bound or Entangled: destroy the "
            "entanglement with your own weapon, damage against Hardness 4, +2 with a Wild "
            "Attack", "Bound and Entangled", "situational.states.cut_free"),
    _action("break-object", "Break an object", "Fighting against TN 2 (motionless), then damage "
            "against the object's Hardness, no raise bonus or Aces", "Breaking Things",
            "situational.breaking.roll_object_damage",
            ("hardness",)),
    _action("break-held", "Break a held item", "Fighting (Shooting) at the item against the "
            "wielder's Parry, a Called Shot at an item, then damage against its Hardness, no "
            "raise bonus or Aces", "Breaking Things", "situational.breaking.roll_object_damage",
            targets=True),
    _action("test", "Test", "skill opposed by its linked attribute: Distracted or Vulnerable, "
            "Shaken with a raise", "Test", "situational.support.perform_test", targets=True),
    _action("support", "Support", "+1 to an ally's skill, +2 with a raise (at most +4)",
            "Support", "situational.support.support_roll", targets=True),
    _action("defend", "Defend", "+4 Parry until your next turn; whole turn, no running",
            "Defend", "situational.maneuvers.defend_modifier"),
    Option("aim", "Aim", "spend the whole turn aiming, stationary; next turn's first attack "
           "takes the aim option", "Aim", _RANGED),
    _action("finishing-move", "Finishing Move", "dispatch a helpless foe", "Finishing Move",
            "situational.misc.finishing_move", ("adjacent",), True),
    _action("withdraw", "Withdraw from melee", "each adjacent non-Shaken, non-Stunned foe gets "
            "a free attack", "Withdrawing from Melee", "situational.misc.withdrawal_attackers"),
    _action("ready", "Ready items", "two items free, each more an action", "Readying and Reload",
            "situational.misc.items_ready_actions"),
    _action("reload", "Reload", "Reload X actions, two hands; Agility -2 while running",
            "Readying and Reload", "situational.misc.reload_actions"),
    _action("rest", "Rest", "each Wild Card and the GM regain a Benny", "Rest",
            "situational.misc.rest"),
    Option("stand-up", "Stand up", 'a free action costing 2" of Pace', "Prone"),
    _action("area-attack", "Area effect attack", "a template at a location: damage for each "
            "victim, deviation on a miss", "Area effect attacks",
            "situational.area.resolve_area_attack", ("victims", "distance")),
    _action("disarm", "Disarm", "Called Shot at the hand (-4): if it Shakes or Wounds, "
            "Strength -4 or drop the weapon", "Disarm", "situational.disarm.disarm_after_hit",
            targets=True),
    Option("go-prone", "Go prone", "drop to the ground: -4 to ranged attacks from 3\" or more, "
           "Parry -2 in melee", "Prone"),
    _action("recover-shaken", "Recover from Shaken", "Spirit roll (free, at the start of the "
            "turn): success removes Shaken", "Shaken", "recovery.recover_from_shaken"),
    _action("spend-benny", "Spend a Benny (unshake)", "remove Shaken at once", "Bennies",
            "recovery.unshake_with_benny"),
    _action("bleeding-out", "Bleeding Out roll", "Vigor at the start of the turn: failure "
            "dies, a raise stabilises", "Bleeding Out", "incapacitation.bleeding_out_roll"),
    _action("daily-vigor", "Daily Vigor roll", "an Incapacitated character's Vigor roll each "
            "day: success, he is no longer Incapacitated", "Incapacitated",
            "incapacitation.daily_recovery_roll"),
    _action("stabilise", "Stabilise (Healing)", "an ally's Healing roll: success stops the "
            "victim Bleeding Out", "Bleeding Out", "incapacitation.stabilise", targets=True),
    _action("treat-fatigue", "Treat Fatigue (Healing)", "food, water, rest as the source allows: "
            "a Healing roll brings a victim Incapacitated by Fatigue to Exhausted", "Fatigue",
            "incapacitation.treat_fatigue", targets=True),
    _action("recover-stunned", "Recover from Stunned", "Vigor roll (free, at the start of the "
            "turn): no longer Stunned, Vulnerable a while", "Stunned",
            "situational.states.stunned_recovery"),
    _action("gain-fatigue", "Gain a Fatigue level", "Fatigued -1, Exhausted -2, then "
            "Incapacitated", "Fatigue", "situational.fatigue.add_fatigue"),
    _action("recover-fatigue", "Recover a Fatigue level", "an hour's rest (not from "
            "Incapacitated)", "Fatigue", "situational.fatigue.recover_fatigue"),
    _action("mount", "Mount", "climb onto the adjacent mount: the two move together, attacks "
            "are mounted; harm may throw the rider (Riding)", "Mounted Combat",
            "situational.mounted.horsemanship", targets=True),
    _action("dismount", "Dismount", "get off the mount", "Mounted Combat",
            "situational.mounted.seat_at_risk"),
    _action("time-passes", "Time passes (Fatigue wears off)", "hours go by: Fatigue from "
            "several sources loses a level when the shortest expires, another at the longest; "
            "without sources, a level an hour", "Fatigue",
            "situational.fatigue.levels_after_mixed_recovery"),
    _action("climb", "Climb (Athletics)", "Athletics (climbing) for a hazardous climb; claws "
            "+2 on a rough or soft surface", "Natural Weapons",
            "situational.natural.climbing_roll"),
    _action("evasion", "Evasion", "Agility -2 to escape an area effect that allows it; move "
            "the token clear of the template", "Evasion", "situational.misc.evasion_roll"),
    _action("apply-damage", "Apply damage", "damage that is no attack (a fall, fire, lava) "
            "against the token's Toughness, with Soak; catastrophic: no cap of four Wounds",
            "Damage", "damage.take_rolled_damage"),
)


def _auto(option_id: str, name: str, text: str, rule: str, needs: tuple[str, ...]) -> Option:
    return Option(option_id, name, text, rule, needs=needs)


_AUTOMATIC = (
    _auto("cover", "Cover", "Light -2, Medium -4, Heavy -6, Near Total -8 from the obscured "
          "fraction", "Cover", ("cover_fraction", "cover")),
    _auto("prone-target", "Prone target", '-4 to ranged attacks from 3" or more (not with '
          "Cover); Parry -2 in melee; -4 area damage", "Prone", ("distance",)),
    _auto("illumination", "Illumination", "Dim -2, Dark -4, Pitch Darkness -6; beyond sight "
          "as Pitch Darkness", "Illumination", ("light", "distance")),
    _auto("gang-up", "Gang Up", "+1 per additional adjacent ally, at most +4, less the "
          "defender's adjacent allies", "Gang Up", ("allies_adjacent",
                                                    "defender_allies_adjacent")),
    _auto("vulnerable-target", "Vulnerable target", "+2 against a Vulnerable target (not with "
          "The Drop)", "Distracted and Vulnerable", ()),
    _auto("distracted", "Distracted", "-2 to the Distracted attacker's Trait rolls",
          "Distracted and Vulnerable", ()),
    _auto("fatigue", "Fatigue", "Fatigued -1, Exhausted -2", "Fatigue", ()),
    _auto("unarmed-defender", "Unarmed Defender", "+2 with a melee weapon against a foe with "
          "no weapon or shield (not with The Drop)", "Unarmed Defender", ()),
    _auto("unstable-platform", "Unstable Platform", "-2 to Shooting or throwing from a mount "
          "or moving vehicle", "Unstable Platform", ("unstable_platform",)),
    _auto("ranged-in-melee", "Ranged Weapons in Melee", "one-handed only; TN is the adjacent "
          "target's Parry; shooting past him leaves you Vulnerable", "Ranged Weapons in Melee",
          ("attacker_in_melee", "adjacent")),
    _auto("target-defends", "Defending target", "+4 Parry while the target Defends", "Defend",
          ("target_defending",)),
    _auto("obstacles", "Obstacles", "half the Hardness of each obstacle as Armor; a creature in "
          "the way subtracts its Toughness", "Obstacles", ("obstacles", "creatures_between")),
    _auto("charge", "Charging mount", '+4 damage after 5" in a straight line, mounted',
          "Mounted Combat", ("mounted", "straight_run")),
    _auto("horsemanship", "Horsemanship", "mounted fighters use the lower of Fighting and "
          "Riding", "Mounted Combat", ("mounted",)),
    _auto("bystanders", "Innocent Bystanders", "missed shots with a 1 (1-2 at RoF 2+) hit "
          "someone in the line of fire", "Innocent Bystanders", ("bystanders",)),
)

ATTACK_OPTIONS: Mapping[str, Option] = MappingProxyType({o.id: o for o in _OPTIONS})
ACTIONS: Mapping[str, Option] = MappingProxyType({o.id: o for o in _ACTIONS})
AUTOMATIC_RULES: Mapping[str, Option] = MappingProxyType({o.id: o for o in _AUTOMATIC})


def option_ids_for(kind: AttackKind) -> tuple[str, ...]:
    """The attack options that can go with an attack of ``kind``, sorted.

    Examples
    --------
    >>> "wild-attack" in option_ids_for(AttackKind.SHOOTING)
    False
    """
    return tuple(sorted(o.id for o in _OPTIONS if kind in o.kinds))
