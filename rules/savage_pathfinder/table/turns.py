"""The turn tracker: Savage Pathfinder Action Cards on an :class:`~battlemap.rules.table.Board`.

The initiative state lives in ``Board.combat["initiative"]`` as the JSON object documented
in :mod:`battlemap.rules.savage_pathfinder.initiative_json` (round, deck, discard, hands, cards,
drawn, acting, acted, on_hold, queued); other keys of ``Board.combat`` are left alone. Every
token with a stat block takes part: its hand is its own id (Wild Cards, lone Extras),
``"group:<Piece.group>"`` for grouped Extras, or ``"side:<Piece.side>"`` in Large Groups mode.

Each step returns the new board *and* the :class:`~battlemap.rules.table.LogEntry` already
appended to its log, so the GUI applies both as one undoable edit. Before every step, held hands
whose tokens are now Shaken or Stunned lose Hold (and their turn); each token's
``condition.on_hold`` mirrors the tracker. Rule violations raise ``ValueError`` subclasses with
a message for the GM; nothing is half-applied.

Examples
--------
>>> from battlemap.rules.table import Board, Piece
>>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
>>> from battlemap.rules.testing import open_board
>>> enc = open_board((Piece("val", "Valeros", 1.5, 1.5, stats={"wild_card": True}),
...                         Piece("g1", "Goblin", 4.5, 1.5, group="Goblins", stats={}),
...                         Piece("g2", "Goblin", 5.5, 1.5, group="Goblins",
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

from battlemap.rules.savage_pathfinder.cards import CardSource
from battlemap.rules.savage_pathfinder.initiative import (
    Initiative,
    InitiativeError,
    InitiativeEvent,
    Participant,
    participant_from_stats,
)
from battlemap.rules.savage_pathfinder.initiative import next_turn as next_in_countdown
from battlemap.rules.savage_pathfinder.initiative_json import (
    initiative_from_json,
    initiative_to_json,
)
from battlemap.rules.savage_pathfinder.table.riders import rider_of
from battlemap.rules.table import Board, LogEntry, Piece

__all__ = [
    "act_now", "acting_tokens", "begin_combat", "deal_round", "end_combat", "go_on_hold",
    "initiative", "interrupt", "next_turn", "participants",
]

SYSTEM = "savage-pathfinder"
Step = tuple[Board, LogEntry]


def participants(board: Board) -> tuple[Participant, ...]:
    """Every token with a stat block, as initiative sees it (hidden tokens included); a ridden
    mount acts with its rider (S110).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("g", "Goblin", 0.5, 0.5, group="G", stats={"pace": 6}),
    ...                         Piece("x", "Crate", 1.5, 0.5)))
    >>> [(p.id, p.wild_card, p.group) for p in participants(enc)]
    [('g', False, 'G')]
    """
    return tuple(participant_from_stats(t.id, t.name, t.stats, group=t.group, side=t.side.value,
                                        rides=rider_of(board, t.id))
                 for t in board.tokens if t.stats)


def initiative(board: Board) -> Initiative:
    """The stored initiative state (round 0 when no combat is running).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> initiative(open_board()).round
    0
    """
    return initiative_from_json(board.combat.get("initiative") or {})


def acting_tokens(board: Board) -> tuple[str, ...]:
    """The ids of the tokens whose turn it is (every member of the acting hands)."""
    state = initiative(board)
    return tuple(m for key in state.acting for m in state.hand(key).members)


def begin_combat(
    board: Board, source: CardSource, *, large_groups: bool = False,
    ambushers: Iterable[str] = (), unaware: Iterable[str] = (), rolls: tuple[str, ...] = (),
) -> Step:
    """Shuffle a fresh deck and deal round one; ``ambushers``/``unaware`` are token ids
    (Surprise: ambushers start on Hold, victims who failed Notice get no card); ``rolls`` are
    log lines put before the deal (the Notice rolls)."""
    from battlemap.rules.savage_pathfinder import dealing

    _check_system(board)
    people = participants(board)
    if not people:
        raise InitiativeError("no token has a stat block, so nobody can be dealt in")
    state, events = dealing.begin_combat(people, source, large_groups=large_groups,
                                         ambushers=ambushers, unaware=unaware)
    return _record(board, state, events, "Round 1: Action Cards dealt", rolls)


def deal_round(board: Board, source: CardSource) -> Step:
    """Start the next round: shuffle after a Joker round, deal everyone not on Hold.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"wild_card": True}),
    ...                         Piece("b", "Bo", 1.5, 0.5, stats={"wild_card": True})))
    >>> enc, _ = begin_combat(enc, PhysicalCards(["KS", "2C"]))
    >>> enc, entry = deal_round(next_turn(next_turn(enc)[0])[0], PhysicalCards(["3D", "9H"]))
    >>> entry.title, acting_tokens(enc)
    ('Round 2: Action Cards dealt', ('b',))
    """
    from battlemap.rules.savage_pathfinder import dealing

    state, lost = _current(board)
    dealt, events = dealing.deal_round(state, participants(board), source)
    return _record(board, dealt, lost + events, f"Round {dealt.round}: Action Cards dealt")


def next_turn(board: Board) -> Step:
    """End the acting hands' turn and start the next (the title names who acts now)."""
    state, lost = _current(board)
    state, events = next_in_countdown(state)
    return _record(board, state, lost + events, events[-1].text)


def go_on_hold(board: Board, hand: str) -> Step:
    """The acting hand goes on Hold (refused while Shaken or Stunned).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"wild_card": True}),
    ...                         Piece("b", "Bo", 1.5, 0.5, stats={"wild_card": True})))
    >>> enc, _ = begin_combat(enc, PhysicalCards(["KS", "2C"]))
    >>> enc, entry = go_on_hold(enc, "a")
    >>> entry.title, acting_tokens(enc), enc.token("a").stats["condition"]
    ('Ann goes on Hold.', ('b',), {'on_hold': True})
    """
    from battlemap.rules.savage_pathfinder import hold

    state, lost = _current(board)
    state, events = hold.go_on_hold(state, hand, participants(board))
    return _record(board, state, lost + events, events[0].text)


def act_now(board: Board, hand: str) -> Step:
    """A hand on Hold, or holding a Joker, acts now (after the acting hand's turn ends).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"wild_card": True}),
    ...                         Piece("b", "Bo", 1.5, 0.5, stats={"wild_card": True})))
    >>> enc, _ = begin_combat(enc, PhysicalCards(["KS", "2C"]))
    >>> act_now(go_on_hold(enc, "a")[0], "a")[1].title
    'Ann acts from Hold.'
    """
    from battlemap.rules.savage_pathfinder import hold

    state, lost = _current(board)
    state, events = hold.act_now(state, hand)
    return _record(board, state, lost + events, events[0].text)


def interrupt(
    board: Board, hand: str, athletics: int | None = None,
    opponent_athletics: int | None = None, *, rolls: tuple[str, ...] = (),
) -> Step:
    """``hand`` interrupts the acting hand, by opposed Athletics totals (a Joker needs none);
    ``rolls`` are log lines describing those rolls (see ``turn_rolls.roll_interrupt``).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"wild_card": True}),
    ...                         Piece("b", "Bo", 1.5, 0.5, stats={"wild_card": True})))
    >>> enc, _ = begin_combat(enc, PhysicalCards(["KS", "2C"]))
    >>> interrupt(go_on_hold(enc, "a")[0], "a", 5, 7)[1].title
    'Ann fails to interrupt Bo: Athletics 5 vs 7. Ann loses Hold and acts after Bo finishes.'
    """
    from battlemap.rules.savage_pathfinder import hold

    state, lost = _current(board)
    state, events = hold.interrupt(state, hand, athletics, opponent_athletics)
    return _record(board, state, lost + events, events[0].text, rolls)


def end_combat(board: Board) -> Step:
    """Forget the initiative state (other ``combat`` keys stay), clear every Hold and end every
    timed state (:func:`.timed_states.end_all`).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.cards import PhysicalCards
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"wild_card": True}),
    ...                         Piece("b", "Bo", 1.5, 0.5, stats={"wild_card": True})))
    >>> enc, _ = begin_combat(enc, PhysicalCards(["KS", "2C"]))
    >>> enc, entry = end_combat(enc)
    >>> entry.title, enc.combat
    ('Combat ends after round 1', {})
    """
    state = initiative(board)
    if state.round == 0:
        raise InitiativeError("no combat is running")
    from battlemap.rules.savage_pathfinder.table.timed_states import end_all  # see _turns_changed

    combat = {k: v for k, v in board.combat.items() if k != "initiative"}
    ended, expired = end_all(replace(_with_holds(board, Initiative()), combat=combat))
    entry = LogEntry(f"Combat ends after round {state.round}", tuple(expired), state.round)
    return ended.with_log(entry), entry


def _check_system(board: Board) -> None:
    if board.system != SYSTEM:
        raise InitiativeError(f"the turn tracker deals Savage Pathfinder Action Cards; this "
                              f"encounter uses {board.system!r}")


def _current(board: Board) -> tuple[Initiative, tuple[InitiativeEvent, ...]]:
    """The stored state after Shaken or Stunned hands lost their Hold, and those events."""
    from battlemap.rules.savage_pathfinder import hold

    _check_system(board)
    state = initiative(board)
    if state.round == 0:
        raise InitiativeError("combat has not begun: deal the cards first")
    return hold.break_holds(state, participants(board))


def _record(
    board: Board, state: Initiative, events: tuple[InitiativeEvent, ...], title: str,
    rolls: tuple[str, ...] = (),
) -> Step:
    combat = {**board.combat, "initiative": initiative_to_json(state)}
    updated = replace(_with_holds(board, state), combat=combat)
    updated, expired = _turns_changed(board, updated)
    entry = LogEntry(title, rolls + tuple(event.text for event in events) + expired,
                     state.round)
    return updated.with_log(entry), entry


def _turns_changed(old: Board, new: Board) -> tuple[Board, tuple[str, ...]]:
    """End the turns of the tokens no longer acting (not those gone on Hold) and start the
    turns of those acting now: timed states expire (:mod:`.timed_states`, imported here: a
    window's first frame asks for the turn order, which needs neither it nor the situational
    rules it imports)."""
    from battlemap.rules.savage_pathfinder.table.timed_states import end_turns, start_turns

    before, after = acting_tokens(old), acting_tokens(new)
    held = {m for key in initiative(new).on_hold for m in initiative(new).hand(key).members}
    new, ended = end_turns(new, [i for i in before if i not in after and i not in held])
    new, started = start_turns(new, [i for i in after if i not in before])
    return new, (*ended, *started)


def _with_holds(board: Board, state: Initiative) -> Board:
    """Mirror the tracker's Hold into each token's ``condition.on_hold``."""
    held = {m for key in state.on_hold for m in state.hand(key).members}
    tokens = tuple(_on_hold(token, token.id in held) for token in board.tokens)
    return replace(board, tokens=tokens)


def _on_hold(token: Piece, on_hold: bool) -> Piece:
    stored = token.stats.get("condition")
    condition: dict[str, Any] = dict(stored) if isinstance(stored, dict) else {}
    if not token.stats or bool(condition.get("on_hold")) == on_hold:
        return token
    return replace(token, stats={**token.stats, "condition": {**condition, "on_hold": on_hold}})
