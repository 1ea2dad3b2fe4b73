"""Active defenses: which the defender may try against one attack, at what score and odds.

Each :class:`DefensePlan` is one answer to the ``defense`` decision: a defense (Dodge, Parry
with one weapon, Block, none) with its options (retreat, drop, acrobatic), its modifiers with
their reasons, whether it is allowed and why not, and its exact chance of success.

Plan ids (the choice ids of the decision, also typed on the command line) are
``dodge``, ``dodge+retreat``, ``dodge+drop``, ``dodge+acrobatic``, ``dodge+acrobatic+retreat``,
``parry:WEAPON``, ``parry:WEAPON+retreat``, ``block``, ``block+retreat`` and ``none``
(``WEAPON`` is the weapon's name in the stat block; any case).

Examples
--------
>>> from battlemap.rules.gurps.statblock import character_from_dict
>>> knight = character_from_dict({"st": 12, "dx": 12, "ht": 12, "dodge": 9,
...     "shield": {"name": "Medium Shield", "db": 2, "block": 9},
...     "attacks": [{"name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "2d cut",
...                  "parry": 10}]}, "k")
>>> foe = character_from_dict({"attacks": [{"name": "Axe", "usage": "Swung", "skill": 12,
...                                          "damage": "2d cut", "weight": 4}]}, "o")
>>> threat = Threat("o", foe, foe.attacks[0], arc="front", distance=1.0)
>>> plans = {p.id: p for p in defense_plans(knight, threat)}
>>> plans["parry:Broadsword+retreat"].score, plans["dodge+retreat"].score, plans["block"].score
(13, 14, 11)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from battlemap.rules.events import Modifier
from battlemap.rules.gurps.roll import success_chance
from battlemap.rules.gurps.statblock import Attack, Character

__all__ = ["DefensePlan", "Threat", "defense_plans", "find_plan", "no_defense_reason",
           "parry_breakage_odds", "sacrifice_plans"]

UNARMED_PARRY_SKILLS = ("boxing", "judo", "karate")
FENCING_SKILLS = ("main-gauche", "rapier", "saber", "smallsword")
POSTURE_DEFENSE = {"standing": 0, "kneeling": -2, "sitting": -2, "prone": -3}
"""The Posture Table's defense modifiers (Basic Set p. 551; the text names postures only)."""
FAST_ATTACKS = ("firearm", "beam")
OPTION_WORDS = frozenset({"retreat", "drop", "acrobatic"})
"""The options a defense answer may add to its defense."""


@dataclass(frozen=True, slots=True)
class Threat:
    """One incoming attack as the defender sees it: who, with what, from which arc of the
    defender (``front``, ``left``, ``right``, ``back``), how far (yards)."""

    attacker_id: str
    attacker: Character
    attack: Attack
    arc: str
    distance: float
    no_room: str | None = None
    """Why the defender cannot step back a yard from this attacker (a token or a wall behind
    him), or None: the map's answer, so a retreat without room is refused (L139)."""


@dataclass(frozen=True, slots=True)
class DefensePlan:
    """One defense with its options: score, modifiers, odds, and why not when not allowed."""

    id: str
    label: str
    defense: str
    weapon: str | None
    options: frozenset[str]
    base: int
    modifiers: tuple[Modifier, ...]
    why_not: str | None = None
    acrobatics: int | None = None
    breakage: int = 0
    automatic_failure: str | None = None

    @property
    def allowed(self) -> bool:
        return self.why_not is None

    @property
    def score(self) -> int:
        return self.base + sum(m.value for m in self.modifiers)

    @property
    def probability(self) -> Fraction:
        """The exact chance this defense stops the attack (0 for none or a sure failure)."""
        if self.defense == "none" or self.automatic_failure or self.breakage > 6:
            return Fraction(0)
        if self.acrobatics is None:
            return success_chance(self.score)
        acro = success_chance(self.acrobatics)
        return acro * success_chance(self.score + 2) + (1 - acro) * success_chance(self.score - 2)


def no_defense_reason(defender: Character, threat: Threat) -> str | None:
    """Why the defender gets no active defense at all, or None.

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> d = character_from_dict({"condition": {"unaware": True}, "attacks": [
    ...     {"name": "Knife", "skill": 12, "damage": "1d-1 cut"}]}, "d")
    >>> no_defense_reason(d, Threat("a", d, d.attacks[0], "front", 1.0))
    'unaware of the attack'
    """
    condition = defender.condition
    reasons = (
        (condition.dead, "dead"),
        (condition.unconscious, "unconscious"),
        (condition.unaware, "unaware of the attack"),
        (condition.immobilized, "immobilized"),
        (threat.arc == "back", "attacked from behind"),
        (condition.maneuver == "all-out-attack", "made an All-Out Attack"),
    )
    return next((why for flag, why in reasons if flag), None)


def _common(defender: Character, threat: Threat) -> list[Modifier]:
    """Modifiers every defense gets: the shield's DB, stun, posture."""
    modifiers = []
    shield = defender.shield
    facing_shield = threat.arc == "front" or (shield is not None and threat.arc == shield.side)
    if shield is not None and shield.db and facing_shield and threat.attack.kind not in \
            FAST_ATTACKS:
        modifiers.append(Modifier(shield.db, f"{shield.name} DB"))
    if defender.condition.stunned:
        modifiers.append(Modifier(-4, "stunned"))
    # L155: a dodge and drop "applies to all of your defenses against one foe for one turn";
    # lying down is its price, so the prone penalty does not cancel it against that foe
    dropped = defender.condition.dropped_from == threat.attacker_id and threat.attack.ranged
    if dropped:
        modifiers.append(Modifier(3, "dropped before this foe"))
    posture = POSTURE_DEFENSE[defender.condition.posture]
    if posture and not (dropped and defender.condition.posture == "prone"):
        modifiers.append(Modifier(posture, defender.condition.posture))
    return modifiers


def _retreat_block(defender: Character, threat: Threat) -> str | None:
    """Why a retreat is not possible against this attack, or None."""
    condition = defender.condition
    reasons = (
        (threat.attack.ranged, "a retreat is only against melee attacks"),
        (condition.posture in ("kneeling", "sitting"), f"cannot retreat while {condition.posture}"),
        (condition.stunned, "cannot retreat while stunned"),
        (condition.sprinted, "moved faster than Basic Move last turn"),
        (condition.sacrificed, "made a sacrificial dodge (moved) since the last turn"),
        (bool(condition.retreated_from) and condition.retreated_from != threat.attacker_id,
         "retreated already since the last turn"),
        (threat.no_room is not None, threat.no_room or ""),
    )
    return next((why for flag, why in reasons if flag), None)


def _retreat_kept(defender: Character, threat: Threat) -> bool:
    """A retreat from this attacker already made: its bonus lasts until the next turn."""
    return defender.condition.retreated_from == threat.attacker_id


def _fencing(weapon: Attack) -> bool:
    """A fencing weapon: flagged so, or used with a fencing skill (L141: Main-Gauche, Rapier,
    Saber or Smallsword), for the retreat and the multiple-parry penalty (L107)."""
    return weapon.fencing or weapon.skill_name.lower() in FENCING_SKILLS


def _superior_retreat(weapon: Attack) -> bool:
    return _fencing(weapon) or weapon.skill_name.lower() in UNARMED_PARRY_SKILLS


def _retreat_modifier(defender: Character, threat: Threat, bonus: int) -> list[Modifier]:
    if _retreat_kept(defender, threat):
        return [Modifier(bonus, "retreated from this foe")]
    return []


def _dodge_plans(defender: Character, threat: Threat) -> list[DefensePlan]:
    common = _common(defender, threat)
    kept = _retreat_modifier(defender, threat, 3)
    retreat_no = _retreat_block(defender, threat)
    condition = defender.condition
    # L61: "If flying, roll against Aerobatics instead"
    fancy = "Aerobatics" if condition.moving == "flying" else "Acrobatics"
    acrobatics = defender.skills.get(fancy)
    acro_no = (f"needs the {fancy} skill" if acrobatics is None else
               "Acrobatic Dodge once per turn" if condition.acrobatic_dodged else None)
    drop_no = ("dodge and drop is only against ranged attacks" if not threat.attack.ranged else
               f"{condition.moving}: no concealing terrain a step below (L161)"
               if condition.moving and not condition.cover_below else
               "already prone" if condition.posture == "prone" else None)
    combos: list[tuple[tuple[str, ...], list[Modifier], str | None]] = [
        ((), [], None),
        (("retreat",), [Modifier(3, "retreat")], retreat_no),
        (("drop",), [Modifier(3, "dodge and drop")], drop_no),
        (("acrobatic",), [], acro_no),
        (("acrobatic", "retreat"), [Modifier(3, "retreat")], acro_no or retreat_no),
    ]
    plans = []
    for options, extra, why_not in combos:
        if "retreat" in options and kept:
            continue
        label = " + ".join(["Dodge", *(o.capitalize() for o in options)])
        plans.append(DefensePlan(
            id="+".join(["dodge", *options]), label=label, defense="dodge", weapon=None,
            options=frozenset(options), base=defender.dodge,
            modifiers=tuple(common + kept + extra), why_not=why_not,
            acrobatics=acrobatics if "acrobatic" in options else None))
    return plans


def _block_plans(defender: Character, threat: Threat) -> list[DefensePlan]:
    shield = defender.shield
    if shield is None:
        return [DefensePlan("block", "Block", "block", None, frozenset(), 0, (),
                            why_not="no ready shield or cloak")]
    why_not = ("cannot block bullets or beams" if threat.attack.kind in FAST_ATTACKS else
               "blocked already this turn" if defender.condition.blocked else None)
    common = _common(defender, threat) + _retreat_modifier(defender, threat, 1)
    plans = [DefensePlan("block", f"Block ({shield.name})", "block", shield.name, frozenset(),
                         shield.block, tuple(common), why_not)]
    if not _retreat_kept(defender, threat):
        plans.append(DefensePlan(
            "block+retreat", f"Block ({shield.name}) + Retreat", "block", shield.name,
            frozenset({"retreat"}), shield.block, (*common, Modifier(1, "retreat")),
            why_not or _retreat_block(defender, threat)))
    return plans


def parry_breakage_odds(weapon: Attack, threat: Threat) -> int:
    """Out of 6, the chance the parrying weapon breaks (0 below three times its weight).

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> d = character_from_dict({"attacks": [{"name": "Rapier", "skill": 14, "damage": "1d imp",
    ...     "parry": 10, "weight": 2.75}]}, "d")
    >>> club = character_from_dict({"attacks": [{"name": "Club", "skill": 12, "damage": "3d cr",
    ...     "weight": 14}]}, "a")
    >>> parry_breakage_odds(d.attacks[0], Threat("a", club, club.attacks[0], "front", 1))
    4
    """
    if weapon.unarmed or weapon.weight <= 0:
        return 0
    ratio = int(_attack_weight(threat) // weapon.weight)
    if ratio < 3:
        return 0
    quality = {"cheap": 2, "good": 0, "fine": -1, "very fine": -2}[weapon.quality]
    return 2 + (ratio - 3) + (2 if weapon.improvised and weapon.quality == "good" else quality)


FULL_ST_ATTACKS = ("slam", "tackle", "pounce", "rush")
"""L89: "Use his full ST if he made a slam, flying tackle, pounce, or shield rush"."""


def _attack_weight(threat: Threat) -> float:
    """An unarmed attack weighs a tenth of the attacker's ST; a slam, flying tackle, pounce or
    shield rush (named in the usage or the attack's name) his full ST (L89)."""
    attack = threat.attack
    words = f"{attack.usage} {attack.name}".lower()
    if any(word in words for word in FULL_ST_ATTACKS):
        return float(threat.attacker.st)
    if attack.unarmed:
        return threat.attacker.st / 10
    return attack.weight


def _parry_penalties(defender: Character, weapon: Attack, threat: Threat) -> list[Modifier]:
    attack = threat.attack
    modifiers = []
    earlier = defender.condition.parries.get(weapon.name, 0)
    if earlier:
        master = defender.has("Weapon Master") or defender.has("Trained By A Master")
        fencing = _fencing(weapon)
        step = 1 if (fencing and master) else 2 if (fencing or master) else 4
        modifiers.append(Modifier(-step * earlier, f"{earlier} earlier parr"
                                  f"{'y' if earlier == 1 else 'ies'} with {weapon.name}"))
    if weapon.hand == "off" and not defender.has("Ambidexterity"):
        modifiers.append(Modifier(-2, "off hand"))
    if attack.kind == "thrown":
        small = 0 < attack.weight <= 1
        modifiers.append(Modifier(-2 if small else -1, "small thrown weapon" if small
                                  else "thrown weapon"))
    judo_karate = weapon.skill_name.lower() in ("judo", "karate")
    if weapon.unarmed and not attack.unarmed and not attack.thrust and not judo_karate:
        modifiers.append(Modifier(-3, "bare hands against a weapon"))
    return modifiers


TWO_HANDED_UNARMED = ("sumo wrestling", "wrestling")
"""L125: these parry with both hands."""


def held_hands(defender: Character) -> set[str]:
    """The hands holding something: the ready melee weapons (``both`` takes two) and a
    shield or cloak (the off hand). Weapons count as ready when the GM declared them
    (``condition.ready``) or, undeclared, every melee weapon listed.

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> axeman = character_from_dict({"shield": {"name": "Shield", "db": 2, "block": 9},
    ...     "attacks": [{"name": "Axe", "skill": 12, "damage": "2d cut", "parry": 9}]}, "a")
    >>> sorted(held_hands(axeman))
    ['main', 'off']
    """
    held: set[str] = {"off"} if defender.shield is not None else set()
    for weapon in defender.attacks:
        if weapon.unarmed or weapon.ranged or not _ready(defender, weapon):
            continue
        held |= {"main", "off"} if weapon.hand == "both" else {weapon.hand}
    return held


def _ready(defender: Character, weapon: Attack) -> bool:
    ready = defender.condition.ready
    return weapon.unarmed or not ready or weapon.name in ready


def _parry_why_not(defender: Character, weapon: Attack, threat: Threat) -> str | None:
    attack = threat.attack
    if not _ready(defender, weapon):
        return f"{weapon.name} is not in hand"
    if weapon.unarmed:
        free = 2 - len(held_hands(defender))
        needed = 2 if weapon.skill_name.lower() in TWO_HANDED_UNARMED else 1
        if free < needed:
            return ("a bare-handed parry needs an empty hand" if needed == 1 else
                    f"{weapon.skill_name} parries with both hands, and they are not free")
    if attack.ranged and attack.kind != "thrown" and threat.distance > max(1, weapon.reach[1]) \
            + 1e-6:
        return "a missile can be parried only when the shooter is within reach"
    if weapon.unbalanced and weapon.name in defender.condition.attacked_with:
        return f"{weapon.name} is unbalanced and attacked this turn"
    return None


def _heavy_failure(defender: Character, weapon: Attack, threat: Threat) -> str | None:
    limit = defender.basic_lift * (2 if weapon.hand == "both" else 1)
    if _attack_weight(threat) > limit:
        return f"the attack is heavier than {'twice ' * (weapon.hand == 'both')}Basic Lift"
    return None


def _parry_plans(defender: Character, threat: Threat) -> list[DefensePlan]:
    plans: list[DefensePlan] = []
    seen: set[str] = set()
    unusable = set(defender.condition.broken) | set(defender.condition.dropped)
    for weapon in defender.attacks:
        if weapon.parry is None or weapon.name in seen or weapon.name in unusable:
            continue
        seen.add(weapon.name)
        plans.extend(_weapon_parry_plans(defender, weapon, threat))
    for weapon in defender.attacks:
        club = bow_as_club(defender, weapon)
        if club is not None and club.name not in seen and club.name not in unusable:
            seen.add(club.name)
            plans.extend(_weapon_parry_plans(defender, club, threat))
    return plans


def bow_as_club(defender: Character, weapon: Attack) -> Attack | None:
    """L119: "a bow like a light club": a bow with no melee usage parries as an improvised
    (cheap) light club with the Broadsword skill (default DX-5), in both hands, named
    ``BOW club`` (``parry:Longbow club``); one parry ruins it as a bow, not as a club. None for
    anything else.

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> archer = character_from_dict({"dx": 13, "skills": {"Broadsword": 11}, "attacks": [
    ...     {"name": "Longbow", "skill": 14, "damage": "1d+2 imp", "kind": "missile",
    ...      "range": [150, 200], "weight": 3}]}, "a")
    >>> club = bow_as_club(archer, archer.attacks[0])
    >>> club.name, club.parry, club.quality, club.improvised
    ('Longbow club', 8, 'cheap', True)
    """
    name = weapon.name.lower()
    if weapon.kind != "missile" or "bow" not in name or "crossbow" in name or any(
            a.name == weapon.name and not a.ranged for a in defender.attacks):
        return None
    skill = defender.skills.get("Broadsword", defender.dx - 5)
    return replace(weapon, name=f"{weapon.name} club", usage="", kind="melee", skill=skill,
                   range=None, reach=(1, 1), parry=3 + skill // 2, improvised=True, quality="cheap",
                   hand="both", skill_name="Broadsword")


def _weapon_parry_plans(defender: Character, weapon: Attack,
                        threat: Threat) -> list[DefensePlan]:
    assert weapon.parry is not None
    bonus = 3 if _superior_retreat(weapon) else 1
    common = (_common(defender, threat) + _parry_penalties(defender, weapon, threat)
              + _retreat_modifier(defender, threat, bonus))
    why_not = _parry_why_not(defender, weapon, threat)
    base, label = weapon.parry, f"Parry ({weapon.name})"
    dx_parry = 3 + defender.dx // 2
    if weapon.unarmed and weapon.skill_name.lower() not in TWO_HANDED_UNARMED and \
            dx_parry > base:
        base, label = dx_parry, f"Parry ({weapon.name}, DX)"  # L125: "or DX, if higher"
    plain = DefensePlan(
        id=f"parry:{weapon.name}", label=label, defense="parry",
        weapon=weapon.name, options=frozenset(), base=base, modifiers=tuple(common),
        why_not=why_not, breakage=parry_breakage_odds(weapon, threat),
        automatic_failure=_heavy_failure(defender, weapon, threat))
    if _retreat_kept(defender, threat):
        return [plain]
    retreat = replace(plain, id=f"{plain.id}+retreat", label=f"{plain.label} + Retreat",
                      options=frozenset({"retreat"}),
                      modifiers=(*common, Modifier(bonus, "retreat")),
                      why_not=why_not or _retreat_block(defender, threat))
    return [plain, retreat]


def defense_plans(defender: Character, threat: Threat) -> tuple[DefensePlan, ...]:
    """Every defense and option combination against ``threat``, allowed or not, then none."""
    none = DefensePlan("none", "No defense", "none", None, frozenset(), 0, ())
    return (*_dodge_plans(defender, threat), *_parry_plans(defender, threat),
            *_block_plans(defender, threat), none)


def sacrifice_plans(ally_id: str, ally_name: str, ally: Character,
                    threat: Threat) -> tuple[DefensePlan, ...]:
    """Sacrificial Dodge by an ally a step away (``threat`` as the ally sees the attack):
    the ally's ordinary Dodge, never with a retreat; with a drop against ranged attacks.

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> ally = character_from_dict({"dodge": 9}, "a")
    >>> bow = character_from_dict({"attacks": [{"name": "Bow", "skill": 12, "kind": "missile",
    ...     "damage": "1d imp", "range": [100, 150]}]}, "b")
    >>> [(p.id, p.score) for p in sacrifice_plans("al", "Al", ally,
    ...     Threat("b", bow, bow.attacks[0], "right", 10.0))]
    [('sacrifice:al', 9), ('sacrifice:al+drop', 12)]
    """
    common = _common(ally, threat)
    why_not = no_defense_reason(ally, threat)
    if why_not is None and ally.condition.stunned:
        why_not = "stunned"
    plan = DefensePlan(f"sacrifice:{ally_id}", f"Sacrificial Dodge ({ally_name})", "sacrifice",
                       ally_id, frozenset(), ally.dodge, tuple(common),
                       None if why_not is None else f"{ally_name}: {why_not}")
    if not threat.attack.ranged:
        return (plan,)
    drop_no = "already prone" if ally.condition.posture == "prone" else None
    dropped = replace(plan, id=f"{plan.id}+drop", label=f"{plan.label} + Drop",
                      options=frozenset({"drop"}),
                      modifiers=(*common, Modifier(3, "dodge and drop")),
                      why_not=plan.why_not or drop_no)
    return (plan, dropped)


def find_plan(plans: tuple[DefensePlan, ...], answer: tuple[str, ...]) -> DefensePlan | None:
    """The plan an answer names: ``("parry:Broadsword", "retreat")`` or
    ``("parry:broadsword+retreat",)`` (any case, options in any order).

    >>> from battlemap.rules.gurps.statblock import character_from_dict
    >>> me = character_from_dict({"dodge": 9}, "me")
    >>> foe = character_from_dict({"attacks": [{"name": "Club", "skill": 12,
    ...                                          "damage": "1d+2 cr"}]}, "foe")
    >>> plans = defense_plans(me, Threat("foe", foe, foe.attacks[0], "front", 1.0))
    >>> find_plan(plans, ("Retreat+DODGE",)).id, find_plan(plans, ("dodge", "retreat")).score
    ('dodge+retreat', 12)
    """
    parts = [p.strip().lower() for a in answer for p in a.split("+") if p.strip()]
    heads = [p for p in parts if p not in OPTION_WORDS]
    if len(heads) != 1:
        return None
    wanted = (heads[0], frozenset(p for p in parts if p in OPTION_WORDS))
    for plan in plans:
        head = plan.id.split("+")[0].lower()
        if (head, plan.options) == wanted:
            return plan
    return None
