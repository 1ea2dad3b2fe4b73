"""Turn-tracker steps that roll dice: Surprise with Notice rolls, interrupts with Athletics,
and the recoveries at the start of a character's turn (Vigor when Stunned, Spirit when Shaken).

The rolls go through the Savage Pathfinder trait engine
(:mod:`battlemap.rules.savage_pathfinder.traits`) with the token's stat block: the skill die
(unskilled d4-2 without it), the Wild Die for Wild Cards, the Wound penalty and, for interrupts, the
Joker's +2. Each roll's breakdown goes into the step's log entry before the initiative lines.

Examples
--------
>>> from battlemap.rules.table import Side, Piece
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
>>> from battlemap.rules.testing import open_board
>>> enc = open_board((
...     Piece("a", "Ann", 0.5, 0.5, side=Side.HERO, stats={"wild_card": True}),
...     Piece("b", "Bo", 1.5, 0.5, side=Side.VILLAIN, stats={"wild_card": True})))
>>> # Ann's Notice, unskilled: d4 4 aces, +2 = 6; Wild Die 3; 6 - 2 = 4, she sees them.
>>> enc, entry = begin_ambush(enc, PhysicalCards(["KS", "2C"]), Side.VILLAIN,
...                           ScriptedDice([4, 2, 3]))
>>> entry.lines[0].endswith("= 4 vs 4: success"), turns.acting_tokens(enc)
(True, ('a',))
>>> enc, entry = roll_interrupt(enc, "b", ScriptedDice([2, 5, 1, 1]))
>>> entry.title
'Bo interrupts Ann: Athletics 3 vs -1. Bo acts first; Ann finishes after.'
"""

from __future__ import annotations

from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, describe
from battlemap.rules.savage_pathfinder.cards import CardSource, is_joker
from battlemap.rules.savage_pathfinder.initiative_json import has_joker
from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict
from battlemap.rules.savage_pathfinder.situational.mounted import setting_weapon_modifiers
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.savage_pathfinder.table import turns
from battlemap.rules.savage_pathfinder.table.action_steps import (
    ActionRequest,
    recover_shaken,
    recover_stunned,
)
from battlemap.rules.savage_pathfinder.table.timed_states import tried
from battlemap.rules.savage_pathfinder.trait_check import Circumstances, RollKind, roll_check
from battlemap.rules.savage_pathfinder.traits import RolledTrait
from battlemap.rules.table import Board, Side

__all__ = ["begin_ambush", "recover_at_turn_start", "roll_interrupt", "roll_skill"]



def begin_ambush(
    board: Board, source: CardSource, ambushing_side: Side, dice: DiceSource, *,
    large_groups: bool = False,
) -> turns.Step:
    """Begin combat with Surprise: the tokens of ``ambushing_side`` ambush everyone else.

    Every other token with a stat block rolls Notice (TN 4), in token order; those who fail get
    no card in round one. The ambushers are dealt in and start on Hold.
    """
    fighters = [t for t in board.tokens if t.stats]
    ambushers = [t.id for t in fighters if t.side is ambushing_side]
    notices = {t.id: roll_skill(board, t.id, "notice", dice, joker=False)
               for t in fighters if t.side is not ambushing_side}
    unaware = [token_id for token_id, roll in notices.items() if not roll.result.succeeded]
    rolls = tuple(describe(roll.event) for roll in notices.values())
    return turns.begin_combat(board, source, large_groups=large_groups, ambushers=ambushers,
                              unaware=unaware, rolls=rolls)


def roll_interrupt(board: Board, hand: str, dice: DiceSource,
                   set_weapon: bool = False) -> turns.Step:
    """Roll the opposed Athletics for ``hand`` interrupting the acting hand, then interrupt.

    Each side rolls for its first token, the interrupter first. A hand holding a Joker
    interrupts without a roll. ``set_weapon``: the interrupter sets a Reach weapon against the
    acting rider's charge: whoever has the most Reach (each one's longest) adds +2.
    """
    state = turns.initiative(board)
    if is_joker(state.cards.get(hand, "")) or not state.acting:
        return turns.interrupt(board, hand)
    setter, rider = state.hand(hand).members[0], state.hand(state.acting[0]).members[0]
    ours, their = _set_weapon_modifiers(board, setter, rider) if set_weapon else ((), ())
    mine = roll_skill(board, setter, "athletics", dice, extra=ours)
    theirs = roll_skill(board, rider, "athletics", dice, extra=their)
    rolls = (describe(mine.event), describe(theirs.event))
    return turns.interrupt(board, hand, mine.total, theirs.total, rolls=rolls)


def recover_at_turn_start(before: Board, after: Board,
                          dice: DiceSource) -> tuple[Board, tuple[str, ...]]:
    """C23 "Some free actions occur automatically at the beginning of a character's turn and
    may only be tried once, such as recovering from being Shaken or Stunned": each token whose
    turn starts from ``before`` to ``after`` rolls, once each, Vigor if he is Stunned (S159 "At
    the start of a Stunned character's turn, he makes a Vigor roll as a free action"), then
    Spirit if he is Shaken (C60). Dice: the Vigor die and Wild Die, then Spirit's. The board
    after the rolls, and their log lines. An Incapacitated (or dead) token rolls neither: he
    "may not perform actions" (C71; "cannot take actions of any kind", C77), free ones
    included, and a line says so; the GM may still roll one from the Actions menu.

    Examples
    --------
    >>> from battlemap.rules.table import Piece
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"wild_card": True}),
    ...     Piece("b", "Bo", 1.5, 0.5, stats={"condition": {
    ...         "shaken": True, "stunned": True, "vulnerable": True}})))
    >>> before = turns.begin_combat(enc, PhysicalCards(["KS", "2C"]))[0]
    >>> after, lines = recover_at_turn_start(before, turns.next_turn(before)[0],
    ...                                      ScriptedDice([4, 5]))
    >>> [line for line in lines if line.startswith("Bo ")]
    ['Bo recovers from Stunned (Vigor 4 vs 4)', 'Bo is no longer Stunned', \
'Bo recovers (Spirit)', 'Bo is no longer Shaken']
    """
    started = [t for t in turns.acting_tokens(after) if t not in turns.acting_tokens(before)]
    lines: list[str] = []
    for token_id in started:
        if (why := _out_of_the_fight(_fighter(after, token_id))) is not None:
            lines += _no_recovery_lines(after, token_id, why)
            continue
        for state, step in _RECOVERIES:
            if not getattr(_fighter(after, token_id).condition, state) \
                    or tried(after, token_id, state):
                continue
            result = step(after, ActionRequest(f"recover-{state}", token_id), dice)
            after = result.board
            lines += (result.entry.title, *result.entry.lines)
    return after, tuple(lines)


_RECOVERIES = (("stunned", recover_stunned), ("shaken", recover_shaken))
"""The recoveries rolled at the start of a turn, in order: Vigor from Stunned, then Spirit."""


def _out_of_the_fight(fighter: Combatant) -> str | None:
    """"dead" or "Incapacitated" when the fighter may not act at all (C71, C77), else None."""
    if fighter.condition.dead:
        return "dead"
    return "Incapacitated" if fighter.condition.incapacitated else None


def _no_recovery_lines(board: Board, token_id: str, why: str) -> tuple[str, ...]:
    """The log line saying a Stunned or Shaken token out of the fight rolls no recovery."""
    states = [state.capitalize() for state, _ in _RECOVERIES
              if getattr(_fighter(board, token_id).condition, state)]
    if not states:
        return ()
    return (f"{board.token(token_id).name} is {why}: no recovery roll from "
            f"{' or '.join(states)} (C71)",)


def _set_weapon_modifiers(board: Board, setter: str,
                          rider: str) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """Setting a weapon against a charge: +2 for whoever has the most Reach (setter's, rider's);
    ``ValueError`` when the setter has no weapon of Reach 1 or more."""
    reach = [max((w.reach for w in _fighter(board, t).weapons), default=0)
             for t in (setter, rider)]
    if reach[0] < 1:
        raise ValueError(f"{board.token(setter).name} has no weapon of Reach 1 or more to set "
                         "against a charge")
    ours, theirs = setting_weapon_modifiers(reach[0], reach[1])
    return tuple(m for m in (ours,) if m), tuple(m for m in (theirs,) if m)


def _fighter(board: Board, token_id: str) -> Combatant:
    token = board.token(token_id)
    return combatant_from_dict(token.stats, f"tokens[{token_id}].stats", token_id)


def roll_skill(
    board: Board, token_id: str, skill: str, dice: DiceSource, joker: bool = True,
    extra: tuple[Modifier, ...] = (),
) -> RolledTrait:
    """A skill roll (TN 4) for one token with every penalty of its condition (Wounds, Fatigue,
    Distracted: :func:`battlemap.rules.savage_pathfinder.trait_check.roll_check`) and, if ``joker``
    and it holds a Joker this round, the Joker's +2; ``extra``: any other modifier (a set weapon's
    +2).

    Examples
    --------
    >>> from battlemap.rules.table import Piece
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("g", "Goblin", 0.5, 0.5,
    ...                               stats={"skills": {"notice": "d6"}}),))
    >>> roll_skill(enc, "g", "notice", ScriptedDice([3])).total
    3
    """
    token = board.token(token_id)
    fighter = combatant_from_dict(token.stats, f"tokens[{token_id}].stats", token_id)
    kind = RollKind.NOTICE if skill.lower() == "notice" else RollKind.OTHER_ACTIVE
    return roll_check(dice, replace(fighter, id=token.name), skill,
                      Circumstances(joker=joker and has_joker(board.combat, token_id), roll=kind,
                                    extra=extra))
