"""Who may act: the states that forbid actions, checked by every rules function that is one.

- Shaken: "They may only take free actions, such as moving (including running)."
- Stunned: "Can't move or take any actions" (the Vigor roll to recover is a free action).
- Bound: "cannot make physical actions other than trying to break free".
- Incapacitated: "may not perform actions"; the dead do nothing.

Free actions and reactions (recovering from Shaken or Stunned, Soak, Bleeding Out, resisting an
opposed roll, Evasion) are not checked here.

Examples
--------
>>> from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition
>>> held = Combatant("h1", condition=Condition(bound=True))
>>> action_problem(held, "attack"), action_problem(held, "break free", breaking_free=True)
('h1 cannot attack: Bound, and may make no physical action but trying to break free', None)
>>> action_problem(held, "Test (Taunt)", physical=False) is None
True
"""

from __future__ import annotations

from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.statblock import Combatant

__all__ = ["VERBAL_SKILLS", "action_problem", "check_may_act", "is_physical_skill"]

VERBAL_SKILLS = frozenset({"taunt", "intimidation", "persuasion", "performance"})
"""Skills used with words or looks: not physical actions (a Bound character may use them)."""


def is_physical_skill(skill: str) -> bool:
    """True unless the skill is one of :data:`VERBAL_SKILLS`.

    Examples
    --------
    >>> is_physical_skill("Athletics"), is_physical_skill("taunt")
    (True, False)
    """
    return skill.lower() not in VERBAL_SKILLS


def action_problem(combatant: Combatant, action: str, *, physical: bool = True,
                   breaking_free: bool = False) -> str | None:
    """Why ``combatant`` may not take ``action`` (an action, not a free one), or None."""
    state = combatant.condition
    reasons = (
        (state.dead, "dead"),
        (state.incapacitated, "Incapacitated"),
        (state.stunned, "Stunned, and can't move or take any actions"),
        (state.shaken, "Shaken and may only take free actions"),
        (state.bound and physical and not breaking_free,
         "Bound, and may make no physical action but trying to break free"),
    )
    label = next((text for flag, text in reasons if flag), None)
    return None if label is None else f"{combatant.id} cannot {action}: {label}"


def check_may_act(combatant: Combatant, action: str, *, physical: bool = True,
                  breaking_free: bool = False) -> None:
    """``RulesError`` naming the state that forbids ``action`` (see :func:`action_problem`).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> check_may_act(Combatant("g1", condition=Condition(stunned=True)), "grapple")
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: g1 cannot grapple: Stunned, and can't move or take any \
actions
    """
    problem = action_problem(combatant, action, physical=physical, breaking_free=breaking_free)
    if problem is not None:
        raise RulesError(problem)
