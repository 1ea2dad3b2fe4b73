"""The turn tracker: Savage Pathfinder Action Cards on an :class:`~desktop.core.model.Encounter`.

The initiative state lives in ``Encounter.combat["initiative"]`` as the JSON object documented
in :mod:`rules.savage_pathfinder.initiative_json` (round, deck, discard, hands, cards, drawn,
acting, acted, on_hold, queued); other keys of ``Encounter.combat`` are left alone. Every
token with a stat block takes part: its hand is its own id (Wild Cards, lone Extras),
``"group:<Token.group>"`` for grouped Extras, or ``"side:<Token.side>"`` in Large Groups mode.

Each step returns the new encounter *and* the :class:`~desktop.core.model.LogEntry` already
appended to its log, so the GUI applies both as one undoable edit. Before every step, held hands
whose tokens are now Shaken or Stunned lose Hold (and their turn); each token's
``condition.on_hold`` mirrors the tracker. Rule violations raise ``ValueError`` subclasses with
a message for the GM; nothing is half-applied.

Examples
--------
>>> from desktop.core.model import Encounter, Token
>>> from rules.savage_pathfinder.cards import PhysicalCards
>>> enc = Encounter(tokens=(Token("val", "Valeros", 1.5, 1.5, stats={"wild_card": True}),
...                         Token("g1", "Goblin", 4.5, 1.5, group="Goblins", stats={}),
...                         Token("g2", "Goblin", 5.5, 1.5, group="Goblins",
...                               stats={"wild_card": False})))
>>> enc, entry = begin_combat(enc, PhysicalCards(["9S", "KD"]))
>>> entry.title, entry.lines[1:]
('Round 1: Action Cards dealt', ('Valeros is dealt 9♠ (Nine of Spades).', \
'Goblins is dealt K♦ (King of Diamonds).', 'Goblins (K♦) acts.'))
>>> acting_tokens(enc), enc.log[-1] == entry
(('g2',), True)
>>> enc, entry = next_turn(enc)
>>> entry.title, acting_tokens(enc)
('Valeros (9♠) acts.', ('val',))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from desktop.core.model import Encounter, LogEntry, Side, Token
from rules.dice import DiceSource
from rules.events import Modifier, describe
from rules.savage_pathfinder import dealing, hold
from rules.savage_pathfinder.cards import CardSource, is_joker
from rules.savage_pathfinder.initiative import (
    JOKER_BONUS,
    Initiative,
    InitiativeError,
    InitiativeEvent,
    Participant,
    participant_from_stats,
)
from rules.savage_pathfinder.initiative import next_turn as next_in_countdown
from rules.savage_pathfinder.initiative_json import (
    has_joker,
    initiative_from_json,
    initiative_to_json,
)
from rules.savage_pathfinder.modifiers import wound_penalty
from rules.savage_pathfinder.parsing import combatant_from_dict
from rules.savage_pathfinder.traits import RolledTrait, roll_trait

__all__ = [
    "act_now", "acting_tokens", "begin_ambush", "begin_combat", "deal_round", "end_combat",
    "go_on_hold", "initiative", "interrupt", "next_turn", "participants", "roll_interrupt",
]

SYSTEM = "savage-pathfinder"
_JOKER = (Modifier(JOKER_BONUS, "Joker"),)
Step = tuple[Encounter, LogEntry]


def participants(encounter: Encounter) -> tuple[Participant, ...]:
    """Every token with a stat block, as initiative sees it (hidden tokens included)."""
    return tuple(participant_from_stats(t.id, t.name, t.stats, group=t.group, side=t.side.value)
                 for t in encounter.tokens if t.stats)


def initiative(encounter: Encounter) -> Initiative:
    """The stored initiative state (round 0 when no combat is running)."""
    return initiative_from_json(encounter.combat.get("initiative") or {})


def acting_tokens(encounter: Encounter) -> tuple[str, ...]:
    """The ids of the tokens whose turn it is (every member of the acting hands)."""
    state = initiative(encounter)
    return tuple(m for key in state.acting for m in state.hand(key).members)


def begin_combat(
    encounter: Encounter, source: CardSource, *, large_groups: bool = False,
    ambushers: Iterable[str] = (), unaware: Iterable[str] = (), rolls: tuple[str, ...] = (),
) -> Step:
    """Shuffle a fresh deck and deal round one; ``ambushers``/``unaware`` are token ids
    (Surprise: ambushers start on Hold, victims who failed Notice get no card); ``rolls`` are
    log lines put before the deal (the Notice rolls)."""
    _check_system(encounter)
    people = participants(encounter)
    if not people:
        raise InitiativeError("no token has a stat block, so nobody can be dealt in")
    state, events = dealing.begin_combat(people, source, large_groups=large_groups,
                                         ambushers=ambushers, unaware=unaware)
    return _record(encounter, state, events, "Round 1: Action Cards dealt", rolls)


def begin_ambush(
    encounter: Encounter, source: CardSource, ambushing_side: Side, dice: DiceSource, *,
    large_groups: bool = False,
) -> Step:
    """Begin combat with Surprise: the tokens of ``ambushing_side`` ambush everyone else.

    Every other token with a stat block rolls Notice (TN 4; Wild Die for Wild Cards, Wound
    penalty), in token order; those who fail get no card in round one. The log lists the rolls.
    """
    _check_system(encounter)
    fighters = [t for t in encounter.tokens if t.stats]
    ambushers = [t.id for t in fighters if t.side is ambushing_side]
    notices = {t.id: _roll_skill(encounter, t.id, "notice", dice, joker=False)
               for t in fighters if t.side is not ambushing_side}
    unaware = [token_id for token_id, roll in notices.items() if not roll.result.succeeded]
    rolls = tuple(describe(roll.event) for roll in notices.values())
    return begin_combat(encounter, source, large_groups=large_groups, ambushers=ambushers,
                        unaware=unaware, rolls=rolls)


def deal_round(encounter: Encounter, source: CardSource) -> Step:
    """Start the next round: shuffle after a Joker round, deal everyone not on Hold."""
    state, lost = _current(encounter)
    dealt, events = dealing.deal_round(state, participants(encounter), source)
    return _record(encounter, dealt, lost + events, f"Round {dealt.round}: Action Cards dealt")


def next_turn(encounter: Encounter) -> Step:
    """End the acting hands' turn and start the next (the title names who acts now)."""
    state, lost = _current(encounter)
    state, events = next_in_countdown(state)
    return _record(encounter, state, lost + events, events[-1].text)


def go_on_hold(encounter: Encounter, hand: str) -> Step:
    """The acting hand goes on Hold (refused while Shaken or Stunned)."""
    state, lost = _current(encounter)
    state, events = hold.go_on_hold(state, hand, participants(encounter))
    return _record(encounter, state, lost + events, events[0].text)


def act_now(encounter: Encounter, hand: str) -> Step:
    """A hand on Hold, or holding a Joker, acts now (after the acting hand's turn ends)."""
    state, lost = _current(encounter)
    state, events = hold.act_now(state, hand)
    return _record(encounter, state, lost + events, events[0].text)


def interrupt(
    encounter: Encounter, hand: str, athletics: int | None = None,
    opponent_athletics: int | None = None,
) -> Step:
    """``hand`` interrupts the acting hand, by opposed Athletics totals (a Joker needs none)."""
    return _interrupt(encounter, hand, athletics, opponent_athletics, ())


def roll_interrupt(encounter: Encounter, hand: str, dice: DiceSource) -> Step:
    """Roll the opposed Athletics for ``hand`` interrupting the acting hand, then interrupt.

    Each side rolls for its first token: Athletics (unskilled d4-2 without it), the Wild Die for
    Wild Cards, its Wound penalty and the Joker's +2; the interrupter rolls first. A hand holding
    a Joker interrupts without a roll. The log lists both rolls.
    """
    state, _ = _current(encounter)
    if is_joker(state.cards.get(hand, "")) or not state.acting:
        return interrupt(encounter, hand)
    mine = _roll_skill(encounter, state.hand(hand).members[0], "athletics", dice)
    theirs = _roll_skill(encounter, state.hand(state.acting[0]).members[0], "athletics", dice)
    rolls = (describe(mine.event), describe(theirs.event))
    return _interrupt(encounter, hand, mine.total, theirs.total, rolls)


def _interrupt(
    encounter: Encounter, hand: str, athletics: int | None, opponent_athletics: int | None,
    rolls: tuple[str, ...],
) -> Step:
    state, lost = _current(encounter)
    state, events = hold.interrupt(state, hand, athletics, opponent_athletics)
    return _record(encounter, state, lost + events, events[0].text, rolls)


def _roll_skill(
    encounter: Encounter, token_id: str, skill: str, dice: DiceSource, joker: bool = True
) -> RolledTrait:
    """A skill roll for one token with its Wound penalty and, if ``joker``, the Joker's +2."""
    token = encounter.token(token_id)
    fighter = combatant_from_dict(token.stats, f"tokens[{token_id}].stats", token_id)
    bonus = _JOKER if joker and has_joker(encounter.combat, token_id) else ()
    return roll_trait(dice, fighter.skill(skill), wild_card=fighter.wild_card,
                      purpose=skill.title(), actor=token.name,
                      modifiers=(*wound_penalty(fighter), *bonus))


def end_combat(encounter: Encounter) -> Step:
    """Forget the initiative state (other ``combat`` keys stay) and clear every Hold."""
    state = initiative(encounter)
    if state.round == 0:
        raise InitiativeError("no combat is running")
    combat = {k: v for k, v in encounter.combat.items() if k != "initiative"}
    ended = replace(_with_holds(encounter, Initiative()), combat=combat)
    entry = LogEntry(f"Combat ends after round {state.round}", round=state.round)
    return ended.with_log(entry), entry


def _check_system(encounter: Encounter) -> None:
    if encounter.system != SYSTEM:
        raise InitiativeError(f"the turn tracker deals Savage Pathfinder Action Cards; this "
                              f"encounter uses {encounter.system!r}")


def _current(encounter: Encounter) -> tuple[Initiative, tuple[InitiativeEvent, ...]]:
    """The stored state after Shaken or Stunned hands lost their Hold, and those events."""
    _check_system(encounter)
    state = initiative(encounter)
    if state.round == 0:
        raise InitiativeError("combat has not begun: deal the cards first")
    return hold.break_holds(state, participants(encounter))


def _record(
    encounter: Encounter, state: Initiative, events: tuple[InitiativeEvent, ...], title: str,
    rolls: tuple[str, ...] = (),
) -> Step:
    combat = {**encounter.combat, "initiative": initiative_to_json(state)}
    entry = LogEntry(title, rolls + tuple(event.text for event in events), state.round)
    updated = replace(_with_holds(encounter, state), combat=combat)
    return updated.with_log(entry), entry


def _with_holds(encounter: Encounter, state: Initiative) -> Encounter:
    """Mirror the tracker's Hold into each token's ``condition.on_hold``."""
    held = {m for key in state.on_hold for m in state.hand(key).members}
    tokens = tuple(_on_hold(token, token.id in held) for token in encounter.tokens)
    return replace(encounter, tokens=tokens)


def _on_hold(token: Token, on_hold: bool) -> Token:
    stored = token.stats.get("condition")
    condition: dict[str, Any] = dict(stored) if isinstance(stored, dict) else {}
    if not token.stats or bool(condition.get("on_hold")) == on_hold:
        return token
    return replace(token, stats={**token.stats, "condition": {**condition, "on_hold": on_hold}})
