"""The modifiers every Trait roll of a combatant carries: his condition, the Joker, his turn.

- Wound Penalties: "Each Wound ... causes a -1 cumulative penalty to his Pace ... and all Trait
  rolls - up to a maximum penalty of -3."
- Fatigue: "Fatigued: The victim subtracts 1 from all Trait rolls"; Exhausted 2.
- Distracted: "The hero subtracts 2 from all Trait rolls until the end of his next turn."
- Jokers: "They also add +2 to all Trait and damage rolls this round!"
- Running: "-2 penalty to all other actions that turn" (C29).
- Multi-Actions: "Each additional action beyond the first inflicts a -2 penalty to all
  actions" (S118), not on free actions (S122).

Every rules function that rolls a trait for a combatant (attack, Soak, Spirit to recover,
Vigor when Incapacitated, Bleeding Out or knocked out, grappling, Push, Disarm, breaking free,
Tests and resisting them, Support, Evasion, climbing and other hazards, Notice) takes
:func:`condition_modifiers` from the combatant itself: the roll asks the roller for them. The
Joker, running and the Multi-Action count are the combatant's :class:`TurnState`
(``Combatant.turn``), which the table sets from the Action Cards and the turn's actions; a
rules caller may also say ``joker=True`` (or ``running``, ``actions``), which counts once with
the turn's own (never twice).

Examples
--------
>>> from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition, TurnState
>>> tired = Combatant("h1", condition=Condition(wounds=4, fatigue=2, distracted=True))
>>> [str(m) for m in condition_modifiers(tired, joker=True)]
['-3 4 Wounds', '-2 Exhausted', '-2 Distracted', '+2 Joker']
>>> second = Combatant("h2", turn=TurnState(joker=True, running=True, actions=2))
>>> [str(m) for m in condition_modifiers(second, joker=True)]
['-2 running', '-2 Multi-Action (2 actions)', '+2 Joker']
"""

from __future__ import annotations

from battlemap.rules.events import Modifier
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.situational.fatigue import fatigue_modifier
from battlemap.rules.savage_pathfinder.statblock import Combatant

__all__ = ["JOKER_BONUS", "SUPPORT_MAXIMUM", "condition_modifiers", "holds_joker",
           "joker_modifier", "multi_action_penalty", "status_modifiers", "support_modifier",
           "turn_modifiers", "wound_penalty"]

SUPPORT_MAXIMUM = 4
"""S163: "The maximum bonus from all Support rolls is +4. Strength checks are an exception"."""

JOKER_BONUS = 2
"""A character with a Joker adds +2 to all Trait and damage rolls this round."""


def wound_penalty(combatant: Combatant) -> tuple[Modifier, ...]:
    """-1 per Wound, at most -3.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> wound_penalty(Combatant("h1", condition=Condition(wounds=4)))
    (Modifier(value=-3, reason='4 Wounds'),)
    """
    wounds = combatant.condition.wounds
    if not combatant.wound_penalty:
        return ()
    return (Modifier(combatant.wound_penalty, f"{wounds} Wound{'s' * (wounds != 1)}"),)


def status_modifiers(combatant: Combatant) -> tuple[Modifier, ...]:
    """Fatigue (-1 Fatigued, -2 Exhausted) and Distracted (-2).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> status_modifiers(Combatant(id="x", condition=Condition(fatigue=1, distracted=True)))
    (Modifier(value=-1, reason='Fatigued'), Modifier(value=-2, reason='Distracted'))
    """
    condition = combatant.condition
    found = (fatigue_modifier(condition.fatigue),
             Modifier(-2, "Distracted") if condition.distracted else None)
    return tuple(m for m in found if m is not None)


def multi_action_penalty(actions: int) -> tuple[Modifier, ...]:
    """-2 per action beyond the first; at most three actions a turn.

    Examples
    --------
    >>> multi_action_penalty(3), multi_action_penalty(1)
    ((Modifier(value=-4, reason='Multi-Action (3 actions)'),), ())
    """
    if not 1 <= actions <= 3:
        raise RulesError(f"actions: {actions} declared; a character takes one to three actions")
    penalty = -2 * (actions - 1)
    return (Modifier(penalty, f"Multi-Action ({actions} actions)"),) if penalty else ()


def holds_joker(combatant: Combatant, joker: bool = False) -> bool:
    """Whether the roll (or damage) of ``combatant`` takes the Joker's +2: his turn's Joker or
    the caller's ``joker``."""
    return joker or combatant.turn.joker


def turn_modifiers(combatant: Combatant, *, joker: bool = False, running: bool = False,
                   actions: int = 1) -> tuple[Modifier, ...]:
    """Running -2, the Multi-Action penalty and the Joker +2, from the combatant's turn and
    the caller's say (each counted once: the turn's or the caller's, the higher count).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import TurnState
    >>> third = Combatant("x", turn=TurnState(actions=3))
    >>> [str(m) for m in turn_modifiers(third, running=True, actions=2)]
    ['-2 running', '-4 Multi-Action (3 actions)']
    """
    turn = combatant.turn
    run = (Modifier(-2, "running"),) if running or turn.running else ()
    return (*run, *multi_action_penalty(max(actions, turn.actions)),
            *joker_modifier(holds_joker(combatant, joker)))


def support_modifier(combatant: Combatant, trait: str) -> tuple[Modifier, ...]:
    """The Support waiting for ``combatant``'s roll of ``trait``: at most +4 but for Strength
    (S163); () when none waits.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import TurnState
    >>> helped = Combatant("x", turn=TurnState(support=(("athletics", 5), ("strength", 5))))
    >>> support_modifier(helped, "Athletics"), support_modifier(helped, "strength")
    ((Modifier(value=4, reason='Support'),), (Modifier(value=5, reason='Support'),))
    """
    name = trait.lower()
    total = dict(combatant.turn.support).get(name, 0)
    if name != "strength":
        total = min(total, SUPPORT_MAXIMUM)
    return (Modifier(total, "Support"),) if total else ()


def condition_modifiers(combatant: Combatant, *, joker: bool = False, running: bool = False,
                        actions: int = 1, trait: str = "") -> tuple[Modifier, ...]:
    """Wound penalties, Fatigue and Distracted, then :func:`turn_modifiers` and, for a roll of
    ``trait``, the Support waiting for it: everything the roller brings to every Trait roll he
    makes.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> hurt = Combatant(id="x", condition=Condition(wounds=2, fatigue=1, distracted=True))
    >>> [m.value for m in condition_modifiers(hurt)]
    [-2, -1, -2]
    """
    return (*wound_penalty(combatant), *status_modifiers(combatant),
            *turn_modifiers(combatant, joker=joker, running=running, actions=actions),
            *(support_modifier(combatant, trait) if trait else ()))


def joker_modifier(joker: bool) -> tuple[Modifier, ...]:
    """+2 for a character (or group) holding a Joker this round; nothing otherwise.

    Examples
    --------
    >>> joker_modifier(True), joker_modifier(False)
    ((Modifier(value=2, reason='Joker'),), ())
    """
    return (Modifier(JOKER_BONUS, "Joker"),) if joker else ()
