"""Setting up one exchange (or one turn-based attack): who rolls what, with which modifiers.

Exchange-based fights (``board.combat["mode"] == "exchange"``, the default): both sides roll at
once, each with the skill of its own stance, and the winner's stance takes effect (text,
"Combat"). Turn-based fights (``"turns"``): the attacker rolls his stance's skill, the
defender the skill that stance is defended with (his weapon skill against an attack,
Athletics against Blinding and the indirect attacks), +2 on full defense. Grappling moves
are the same in both: the exchange of skills the text's grappling lists name.

Roll modifiers: the stance's own (+2 full defense, +1 drawing a dagger), +1 spin (won on a
full defense by 3 or more), minus the rearm penalty while rearming, +1 for the shield a
grappled defender kept, -2 for a pinned defender against the grappler's dagger, and for a
group (several foes engaging one, see :mod:`battlemap.rules.fate.groups`) the leader's rating and
the odds bonus.

Examples
--------
>>> from battlemap.rules.fate.statblock import Combatant, Weapon
>>> marcus = Combatant("m", skills={"weapons": 3}, weapon=Weapon("Gladius", "sword"))
>>> side = solo_side(marcus, "full-defense", None)
>>> side.skill, side.rating, [str(m) for m in side.modifiers], side.bonus
('weapons', 3, ['+2 full defense'], 5)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from battlemap.rules.events import Modifier
from battlemap.rules.fate.groups import engaged_foes, leader_rating, leader_skill, odds_bonus
from battlemap.rules.fate.ladder import ladder_name
from battlemap.rules.fate.stances import GRAPPLED_MOVES, GRAPPLING_MOVES, STANCES, skill_for
from battlemap.rules.fate.statblock import ARMOUR_STRESS, Combatant
from battlemap.rules.table import Board, MapFacts, Piece

__all__ = ["GROUP_STANCES", "Side", "attack_problem", "group_side", "solo_side",
           "squeeze_difficulty"]

GROUP_STANCES = frozenset({"attack", "full-defense", "defend"})
"""The stances a group of foes rolls together (one roll at the leader's rating)."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of an exchange: its token (the group's first), stance, the skill rolled, its
    rating, the roll modifiers, the tokens rolling together and whose weapon and Might count
    for stress (the leader of a group, else the token)."""

    token: str
    combatant: Combatant
    stance: str
    skill: str
    rating: int
    modifiers: tuple[Modifier, ...]
    group: tuple[str, ...] = ()
    leader: Combatant | None = None

    @property
    def bonus(self) -> int:
        """Rating plus every modifier: what the 4dF are added to."""
        return self.rating + sum(m.value for m in self.modifiers)

    @property
    def striker(self) -> Combatant:
        return self.leader if self.leader is not None else self.combatant

    @property
    def label(self) -> str:
        lead = ""
        if len(self.group) > 1 and self.leader is not None:
            lead = f" (leader {self.leader.called}, {len(self.group)} foes)"
        return f"{self.skill.title()} {ladder_name(self.rating)}{lead}"


def solo_side(combatant: Combatant, stance: str, against: str | None,
              opponent: Combatant | None = None, opponent_stance: str = "attack") -> Side:
    """One token's side: ``against`` is the opponent's stance when this side only defends
    against it (turn-based, grappling moves), else None (it rolls its own stance's skill);
    ``opponent_stance`` is what the opponent does either way."""
    own = STANCES[stance]
    skill = own.skill if against is None else (STANCES[against].defense or own.skill)
    name = skill_for(combatant, skill)
    return Side(combatant.id, combatant, stance, name, combatant.rating(name),
                _roll_modifiers(combatant, stance, against, opponent, opponent_stance))


def group_side(side: Side, board: Board, fighters: Mapping[str, Combatant], victim: Piece,
               facts_touching: tuple[str, ...], zone: str | None) -> Side:
    """``side`` rolling for every foe of its side engaging ``victim`` (text, "Multiple
    Opponents"): unchanged when it stands alone or its stance is not a plain fight."""
    if side.stance not in GROUP_STANCES:
        return side
    foes = engaged_foes(board, fighters, board.token(side.token), victim, facts_touching, zone)
    if len(foes) < 2:
        return side
    leader = max((fighters[f] for f in foes), key=leader_rating)
    odds = Modifier(odds_bonus(len(foes)), f"odds {len(foes)}:1")
    rating = leader_rating(leader)
    return replace(side, skill=leader_skill(leader), rating=rating,
                   modifiers=(*side.modifiers, odds), group=foes, leader=leader)


def _roll_modifiers(combatant: Combatant, stance: str, against: str | None,
                    opponent: Combatant | None, opponent_stance: str) -> tuple[Modifier, ...]:
    state = combatant.condition
    own = STANCES[stance]
    dagger = opponent is not None and opponent.condition.dagger_drawn \
        and opponent_stance == "attack"
    lines = [
        (own.bonus if against is None or stance == "full-defense" else 0, own.name),
        (1 if state.spin else 0, "spin"),
        (-state.rearming, "rearming"),
        (1 if state.grappled_by and combatant.has_shield else 0, "shield in the grapple"),
        (-2 if state.pinned and dagger else 0, "pinned, against the dagger"),
    ]
    return tuple(Modifier(value, reason) for value, reason in lines if value)


def squeeze_difficulty(victim: Combatant) -> int:
    """The difficulty of a squeeze: the victim's armour and shield bonus (text, "Grappling":
    "a Fists roll vs. your opponent's armor and shield bonus").

    >>> squeeze_difficulty(Combatant("v", armour="chain", shield=True))
    3
    """
    return -ARMOUR_STRESS[victim.armour] + (1 if victim.has_shield else 0)


def attack_problem(attacker: Combatant, target: Combatant, stance: str,
                   facts: MapFacts) -> str | None:
    """Why ``attacker`` cannot use ``stance`` on ``target`` now, or None."""
    if attacker.condition.taken_out:
        return f"{attacker.called} is taken out"
    if target.condition.taken_out:
        return f"{target.called} is already taken out"
    grapple = _grapple_problem(attacker, target, stance)
    if grapple is not None or stance.startswith("grapple"):
        return grapple
    return _reach_problem(attacker, target, facts)


def _grapple_problem(attacker: Combatant, target: Combatant, stance: str) -> str | None:
    state = attacker.condition
    if stance in GRAPPLED_MOVES and state.grappled_by == target.id:
        if stance == "grapple:reverse" and attacker.has_shield:
            return "reversing a grapple needs the shield dropped"
        return None
    if stance in GRAPPLING_MOVES and state.grappling == target.id:
        return None
    if stance == "grapple":
        busy = state.grappling or state.grappled_by
        return f"{attacker.called} is already in a grapple" if busy else None
    if stance.startswith("grapple:"):
        return f"{STANCES[stance].name} needs {attacker.called} in a grapple with {target.called}"
    if (state.grappling or state.grappled_by) and not state.dagger_drawn:
        return f"{attacker.called} is in a grapple: only the grappling moves (or a drawn dagger)"
    return None


def _reach_problem(attacker: Combatant, target: Combatant, facts: MapFacts) -> str | None:
    if attacker.wielded.ranged:
        return None if facts.line_of_sight else (f"{attacker.called} cannot see "
                                                 f"{target.called} (no line of sight)")
    same_zone = facts.attacker_zone is not None and facts.attacker_zone == facts.target_zone
    if same_zone or facts.edge_gap <= 0.05:
        return None
    where = (f" ({facts.attacker_zone} and {facts.target_zone})"
             if facts.attacker_zone and facts.target_zone else "")
    return (f"{attacker.called} is not engaged with {target.called}{where}: melee needs the "
            "same zone (or touching where no zones are drawn)")
