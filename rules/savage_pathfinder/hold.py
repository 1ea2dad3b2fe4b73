"""Hold, acting out of turn, and interrupting (Savage Pathfinder, Situational Rules, *Hold*).

- A hand may go on Hold on its turn, unless it is Shaken or Stunned; it keeps Hold until it
  uses it, across rounds (no new card while on Hold).
- Shaken or Stunned while on Hold: it "immediately loses her Hold status and her turn for the
  round" (:func:`break_holds`).
- Acting from Hold between turns needs no roll (:func:`act_now`); neither does a Joker, which
  "act[s] whenever they want in the round, even interrupting another's action".
- Interrupting an action (:func:`interrupt`): opposed Athletics; the higher total goes first,
  a tie means the actions are simultaneous, and a failed interrupter loses Hold but "gets a
  turn after the foe finishes his".

For a group of Extras sharing a card, Shaken and Stunned bar Hold only when every member that
is not Incapacitated is Shaken or Stunned (the others can still act on the group's card).

Examples
--------
>>> from battlemap.rules.savage_pathfinder.initiative import Hand, Initiative
>>> state = Initiative(round=1, hands=(Hand("val", "Valeros", ("val",)),
...                                    Hand("ogre", "Ogre", ("ogre",))),
...                    cards={"val": "KS", "ogre": "5H"}, acting=("val",))
>>> val, ogre = Participant("val", "Valeros"), Participant("ogre", "Ogre")
>>> state, events = go_on_hold(state, "val", (val, ogre))
>>> state.on_hold, state.acting
(('val',), ('ogre',))
>>> state, events = interrupt(state, "val", 9, 6)
>>> state.acting, state.queued, state.on_hold
(('val',), ('ogre',), ())
>>> events[0].text
'Valeros interrupts Ogre: Athletics 9 vs 6. Valeros acts first; Ogre finishes after.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from battlemap.rules.savage_pathfinder.cards import is_joker
from battlemap.rules.savage_pathfinder.initiative import (
    EventKind,
    Hand,
    Initiative,
    InitiativeError,
    InitiativeEvent,
    Participant,
    advance,
)

__all__ = ["act_now", "break_holds", "go_on_hold", "hold_barred", "interrupt"]

Step = tuple[Initiative, tuple[InitiativeEvent, ...]]


def hold_barred(hand: Hand, participants: Sequence[Participant]) -> str | None:
    """Why ``hand`` cannot be on Hold ("is Shaken", ...), or None if it can.

    Examples
    --------
    >>> hold_barred(Hand("v", "Valeros", ("v",)), (Participant("v", "Valeros", stunned=True),))
    'is Stunned'
    >>> goblins = (Participant("g1", "G", shaken=True), Participant("g2", "G"))
    >>> hold_barred(Hand("group:G", "Goblins", ("g1", "g2")), goblins) is None
    True
    """
    members = [p for p in participants if p.id in hand.members]
    active = [p for p in members if not p.incapacitated]
    if not active:
        return "is Incapacitated"
    if all(p.shaken or p.stunned for p in active):
        states = {"Shaken" for p in active if p.shaken} | {"Stunned" for p in active if p.stunned}
        return "is " + " and ".join(sorted(states))
    return None


def go_on_hold(state: Initiative, key: str, participants: Sequence[Participant]) -> Step:
    """Put the acting hand ``key`` on Hold and start the next turn.

    Examples
    --------
    >>> state = Initiative(round=1, hands=(Hand("v", "Valeros", ("v",)),), cards={"v": "3C"},
    ...                    acting=("v",))
    >>> go_on_hold(state, "v", (Participant("v", "Valeros", shaken=True),))
    Traceback (most recent call last):
    ...
    battlemap.rules.savage_pathfinder.initiative.InitiativeError: Valeros is Shaken and cannot go \
on Hold
    """
    hand = _acting_hand(state, key)
    barred = hold_barred(hand, participants)
    if barred:
        raise InitiativeError(f"{hand.label} {barred} and cannot go on Hold")
    held = replace(state, acting=tuple(k for k in state.acting if k != key),
                   on_hold=(*state.on_hold, key))
    event = InitiativeEvent(EventKind.ON_HOLD, key, text=f"{hand.label} goes on Hold.")
    return (held, (event,)) if held.acting else advance(held, (event,))


def break_holds(state: Initiative, participants: Sequence[Participant]) -> Step:
    """Take Hold (and this round's turn) from every held hand now Shaken or Stunned.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.initiative import Hand, Initiative
    >>> state = Initiative(round=2, hands=(Hand("v", "Valeros", ("v",)),), on_hold=("v",))
    >>> state, events = break_holds(state, (Participant("v", "Valeros", shaken=True),))
    >>> state.on_hold, state.acted, events[0].text
    ((), ('v',), 'Valeros is Shaken while on Hold: loses Hold and its turn this round.')
    """
    events = []
    for key in state.on_hold:
        barred = hold_barred(state.hand(key), participants)
        if barred:
            text = f"{state.hand(key).label} {barred} while on Hold: loses Hold and its turn" \
                   " this round."
            events.append(InitiativeEvent(EventKind.HOLD_LOST, key, text=text))
    lost = tuple(event.hand for event in events)
    return replace(state, on_hold=tuple(k for k in state.on_hold if k not in lost),
                   acted=state.acted + lost), tuple(events)


def act_now(state: Initiative, key: str) -> Step:
    """Hand ``key`` (on Hold, or holding a Joker) acts now; the acting hands' turn ends first.

    Examples
    --------
    >>> hands = (Hand("v", "Valeros", ("v",)), Hand("o", "Ogre", ("o",)))
    >>> state = Initiative(round=1, hands=hands, cards={"o": "9D"}, acting=("o",),
    ...                    on_hold=("v",))
    >>> state, events = act_now(state, "v")
    >>> state.acting, state.acted, state.on_hold, events[0].text
    (('v',), ('o',), (), 'Valeros acts from Hold.')
    """
    hand, reason = _out_of_turn(state, key)
    event = InitiativeEvent(EventKind.ACTS_NOW, key, text=f"{hand.label} acts {reason}.")
    return replace(state, acting=(key,), acted=state.acted + state.acting,
                   on_hold=tuple(k for k in state.on_hold if k != key)), (event,)


def interrupt(
    state: Initiative, key: str, athletics: int | None = None, opponent_athletics: int | None = None
) -> Step:
    """Hand ``key`` interrupts the acting hand, by opposed Athletics totals (a Joker needs none).

    Higher total: ``key`` acts now and the interrupted hand finishes after. Tie: both act at
    once. Lower: ``key`` loses Hold and acts after the interrupted hand finishes.

    Examples
    --------
    >>> hands = (Hand("v", "Valeros", ("v",)), Hand("o", "Ogre", ("o",)))
    >>> state = Initiative(round=1, hands=hands, cards={"o": "9D"}, acting=("o",),
    ...                    on_hold=("v",))
    >>> interrupt(state, "v", 4, 4)[0].acting
    ('o', 'v')
    >>> interrupt(state, "v", 3, 4)[0].queued
    ('v',)
    """
    hand, _reason = _out_of_turn(state, key)
    if not state.acting:
        raise InitiativeError(f"nobody is acting, so {hand.label} has nothing to interrupt")
    foe = state.hand(state.acting[0]).label
    rest = replace(state, on_hold=tuple(k for k in state.on_hold if k != key))
    if is_joker(state.cards.get(key, "")):
        return _win(rest, key, f"{hand.label} interrupts {foe} on a Joker. {hand.label} acts"
                               f" first; {foe} finishes after.")
    if athletics is None or opponent_athletics is None:
        raise InitiativeError(f"{hand.label} needs both opposed Athletics totals to interrupt")
    return _opposed(rest, key, (hand.label, foe), (athletics, opponent_athletics))


def _opposed(state: Initiative, key: str, names: tuple[str, str], totals: tuple[int, int]) -> Step:
    """The opposed Athletics outcome: higher goes first, a tie is simultaneous."""
    (mine, foe), roll = names, f"Athletics {totals[0]} vs {totals[1]}"
    if totals[0] > totals[1]:
        return _win(state, key, f"{mine} interrupts {foe}: {roll}. {mine} acts first; {foe}"
                                " finishes after.")
    if totals[0] == totals[1]:
        text = f"{mine} and {foe} tie, {roll}: their actions are simultaneous."
        return replace(state, acting=(*state.acting, key)), (_event(key, text),)
    text = f"{mine} fails to interrupt {foe}: {roll}. {mine} loses Hold and acts after {foe}" \
           " finishes."
    return replace(state, queued=(key, *state.queued)), (_event(key, text),)


def _win(state: Initiative, key: str, text: str) -> Step:
    return replace(state, acting=(key,), queued=(*state.acting, *state.queued)), (
        _event(key, text),)


def _event(key: str, text: str) -> InitiativeEvent:
    return InitiativeEvent(EventKind.INTERRUPT, key, text=text)


def _acting_hand(state: Initiative, key: str) -> Hand:
    hand = state.hand(key)
    if key not in state.acting:
        raise InitiativeError(f"{hand.label} can go on Hold only on its own turn")
    return hand


def _out_of_turn(state: Initiative, key: str) -> tuple[Hand, str]:
    """The hand and why it may act out of turn; :class:`InitiativeError` if it may not."""
    hand = state.hand(key)
    if key in state.on_hold:
        return hand, "from Hold"
    if key in state.acting or key in state.acted or key in state.queued:
        raise InitiativeError(f"{hand.label} has already had its turn this round")
    if is_joker(state.cards.get(key, "")):
        return hand, "on its Joker"
    raise InitiativeError(f"{hand.label} is not on Hold and holds no Joker, so it waits for its"
                          " card")
