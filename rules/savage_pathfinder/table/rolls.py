"""The table's *Roll* for Savage Pathfinder: any attribute or skill of one token, or one die for
a group of Extras, with every modifier that applies now, on a board.

What applies comes from the board: the token's condition (Wounds, Fatigue, Distracted), the
Joker from the Action Cards, the light at the token for rolls light affects (Notice), and a
Support bonus waiting for that skill (used up by the roll). The rolling itself is
:mod:`battlemap.rules.savage_pathfinder.trait_check`.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.table import Piece
>>> from battlemap.rules.testing import open_board
>>> scout = Piece("s", "Scout", 0.5, 0.5, stats={"wild_card": True,
...     "skills": {"notice": "d8"}, "condition": {"wounds": 1}})
>>> board = open_board((scout,))
>>> check = plan_roll(board, ("s",), "notice")[0]
>>> [str(m) for m in check.modifiers], str(check.odds.success_or_better)  # 1 - 1/2 x 2/3
(['-1 1 Wound'], '2/3')
>>> events, title = roll_traits(board, ("s",), "notice", ScriptedDice([5, 2]))
>>> title
'Scout rolls Notice: 4, success'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.initiative_json import has_joker
from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict
from battlemap.rules.savage_pathfinder.situational.illumination import RollKind
from battlemap.rules.savage_pathfinder.statblock import ATTRIBUTES, Combatant
from battlemap.rules.savage_pathfinder.table.timed_states import spend_support, support_for
from battlemap.rules.savage_pathfinder.trait_check import (
    Circumstances,
    TraitCheck,
    group_check,
    plan_check,
    roll_check,
)
from battlemap.rules.table import Board

__all__ = ["plan_roll", "roll_traits", "supports_used", "traits_of"]


def traits_of(combatant: Combatant) -> tuple[str, ...]:
    """The attributes, then the combatant's skills, by name."""
    return (*ATTRIBUTES, *(name for name, _ in combatant.skills))


def _combatant(board: Board, token_id: str) -> Combatant:
    """The token's combatant, named as the log names it."""
    piece = board.token(token_id)
    fighter = combatant_from_dict(piece.stats, f"tokens[{token_id}].stats", token_id)
    return replace(fighter, id=piece.name)


def _circumstances(board: Board, token_id: str, trait: str) -> Circumstances:
    notice = trait.lower() == "notice"
    light = Illumination.BRIGHT
    if notice and board.measurer is not None:
        piece = board.token(token_id)
        light = Illumination(board.map().light_at((piece.x, piece.y)))
    support = support_for(board, token_id, trait.lower())
    return Circumstances(joker=has_joker(board.combat, token_id), light=light,
                         roll=RollKind.NOTICE if notice else RollKind.OTHER_ACTIVE,
                         support=(support,) if support else ())


def plan_roll(board: Board, actors: Sequence[str], trait: str) -> tuple[TraitCheck, ...]:
    """Each actor's roll of ``trait`` as it stands now (``RulesError`` for an unknown trait)."""
    if not actors:
        raise RulesError("roll: name at least one token")
    return tuple(plan_check(_combatant(board, a), trait, _circumstances(board, a, trait))
                 for a in actors)


def roll_traits(board: Board, actors: Sequence[str], trait: str,
                dice: DiceSource) -> tuple[tuple[Event, ...], str]:
    """Roll ``trait`` for one actor, or one die for a group of Extras; the events and the log
    title."""
    if len(actors) == 1:
        rolled = roll_check(dice, _combatant(board, actors[0]), trait,
                            _circumstances(board, actors[0], trait))
        name = board.token(actors[0]).name
        return (rolled.event,), (f"{name} rolls {trait.title()}: {rolled.total}, "
                                 f"{rolled.result.value.replace('_', ' ')}")
    group = group_check(dice, [_combatant(board, a) for a in actors], trait,
                        _circumstances(board, actors[0], trait))
    results = ", ".join(f"{board.token(a).name} {m.roll.total} {m.roll.result.value}"
                        for a, m in zip(actors, group.members, strict=True))
    return (group.die, *(m.roll.event for m in group.members)), \
        f"Group roll of {trait.title()}: {results}"


def supports_used(board: Board, actors: Sequence[str], trait: str) -> Board:
    """``board`` after the roll of ``trait`` by ``actors``: the Support that roll took is used
    up (S161: "+1 to one skill total"; S162), as an attack uses it. The roll took the first
    actor's Support (a group rolls with its first member's circumstances)."""
    if actors and support_for(board, actors[0], trait.lower()):
        return spend_support(board, actors[0], trait.lower())
    return board
