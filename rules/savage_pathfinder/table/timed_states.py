"""Timed states kept in the board, and what ends them when turns end and start.

Savage Pathfinder states that outlive the action that caused them live in
``Board.combat`` so they are saved, undone and shared by the GUI and the CLI:

- ``"timers"``: Distracted and Vulnerable clocks (Wild Attack, Tests, Stunned recovery), as the
  rules' :class:`~battlemap.rules.savage_pathfinder.situational.states.Timer` (token, status, turn
  ends left); :func:`end_turns` counts them down with the rules' ``end_turn``;
- ``"effects"``: :class:`Effect` - ``defend`` (+4 Parry until the start of the defender's next
  turn), ``support`` (a bonus to one skill, gone at the end of the recipient's turn) and ``aim``
  (set during the aiming turn, usable on the first action of the next one, gone after it);
- ``"acted"``: the tokens that have taken an action this turn (Aim is for the first action).
- ``"tried"``: ``token:what`` for the recoveries tried this turn (Shaken, Stunned: "may only be
  tried once").
- ``"taken"``: ``{"token", "kind"}``: each action taken this turn but plain free ones
  (``regular``, ``limited``, ``limited free``), for the Multi-Action count and the one
  limited action and one limited free action a turn (:mod:`.turn_limits`).
- ``"moved"``: ``{"token", "inches"}``: the inches of Pace each token has used moving this
  turn (dragged on the map, ``battlemap move``): the ruler counts on from there, a jump
  after a 2" run-up goes twice as far, and Aim needs a shooter who has not moved.

:func:`end_turns` and :func:`start_turns` are called by :mod:`.turns` whenever the
acting tokens change, and :func:`end_all` when combat ends; each returns the new board and
the log lines of what expired.

Examples
--------
>>> from battlemap.rules.table import Board, Piece
>>> from battlemap.rules.testing import open_board
>>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"skills": {"fighting": "d6"}}),))
>>> enc = add_effect(enc, Effect("a", "defend", 4))
>>> defending(enc, "a")
True
>>> enc, lines = start_turns(enc, ["a"])
>>> defending(enc, "a"), lines
(False, ['Ann stops Defending (+4 Parry)'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from battlemap.rules.events import Modifier, describe
from battlemap.rules.savage_pathfinder.parsing import combatant_from_dict, combatant_to_dict
from battlemap.rules.savage_pathfinder.situational.states import Timer, end_turn
from battlemap.rules.savage_pathfinder.situational.support import support_bonus
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.table import Board, Piece

__all__ = ["Effect", "acted", "add_effect", "add_hold", "aimed", "defending", "effects_of",
           "end_all", "end_turns", "holding", "mark_acted", "mark_ran", "mark_tried", "ran",
           "start_turns", "support_for", "timers_of", "tried", "use_effects", "with_timers"]
__all__ += ["waiting_support"]
__all__ += ["drop_effects", "mark_moved", "mark_stood", "mark_taken", "moved", "stood", "taken"]

EFFECT_KINDS = ("defend", "support", "aim")
_EFFECT_NAMES = {"defend": "Defending (+4 Parry)", "support": "Support", "aim": "Aim"}


@dataclass(frozen=True, slots=True)
class Effect:
    """A timed effect on ``token``: ``kind`` one of :data:`EFFECT_KINDS`; ``value`` its bonus;
    ``skill`` the skill a Support bonus is for; ``turn_ends`` the ends of the token's turns
    still to pass before it goes (Aim: 2, the aiming turn and the aimed one)."""

    token: str
    kind: str
    value: int = 0
    skill: str = ""
    turn_ends: int = 1


def timers_of(board: Board) -> tuple[Timer, ...]:
    """The Distracted / Vulnerable clocks stored in the board."""
    raw = board.combat.get("timers") or []
    return tuple(Timer(str(t["token"]), str(t["status"]), int(t["turn_ends"])) for t in raw)


def with_timers(board: Board, timers: Iterable[Timer]) -> Board:
    """The board storing ``timers`` (and no others).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = with_timers(open_board(), [Timer("a", "Vulnerable", 2)])
    >>> enc.combat["timers"], timers_of(enc)
    ([{'token': 'a', 'status': 'Vulnerable', 'turn_ends': 2}], (Timer(token='a', \
status='Vulnerable', turn_ends=2),))
    """
    return _with_combat(board, "timers", [asdict(t) for t in timers])


def effects_of(board: Board) -> tuple[Effect, ...]:
    """The Defend, Support and Aim effects stored in the board."""
    raw = board.combat.get("effects") or []
    return tuple(Effect(str(e["token"]), str(e["kind"]), int(e.get("value", 0)),
                        str(e.get("skill", "")), int(e.get("turn_ends", 1))) for e in raw)


def _with_effects(board: Board, effects: Iterable[Effect]) -> Board:
    return _with_combat(board, "effects", [asdict(e) for e in effects])


def _with_combat(board: Board, key: str, value: list[Any]) -> Board:
    combat = {k: v for k, v in board.combat.items() if k != key}
    return replace(board, combat={**combat, key: value} if value else combat)


def add_effect(board: Board, effect: Effect) -> Board:
    """Store ``effect``; a Defend or Aim replaces the token's own, Supports add up by skill."""
    kept = [e for e in effects_of(board)
            if (e.token, e.kind) != (effect.token, effect.kind)
            or (effect.kind == "support" and e.skill != effect.skill)]
    if effect.kind == "support":
        old = [e for e in effects_of(board) if e not in kept]
        effect = replace(effect, value=effect.value + sum(e.value for e in old))
    return _with_effects(board, [*kept, effect])


def defending(board: Board, token_id: str) -> bool:
    """True while ``token_id`` Defends (+4 Parry)."""
    return any(e.token == token_id and e.kind == "defend" for e in effects_of(board))


def support_for(board: Board, token_id: str, skill: str) -> int:
    """The Support bonus waiting for ``token_id``'s next ``skill`` roll (0 if none).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = add_effect(open_board(), Effect("a", "support", 1, "fighting"))
    >>> enc = add_effect(enc, Effect("a", "support", 2, "fighting"))
    >>> support_for(enc, "a", "Fighting"), support_for(enc, "a", "shooting")
    (3, 0)
    """
    return sum(e.value for e in effects_of(board)
               if e.token == token_id and e.kind == "support" and e.skill == skill.lower())


def supports_of(board: Board, token_id: str) -> tuple[tuple[str, int], ...]:
    """Every Support waiting for ``token_id``: (skill, its bonuses summed), by skill.

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = add_effect(open_board(), Effect("a", "support", 1, "fighting"))
    >>> supports_of(add_effect(enc, Effect("a", "support", 2, "taunt")), "a")
    (('fighting', 1), ('taunt', 2))
    """
    skills = sorted({e.skill for e in effects_of(board)
                     if e.token == token_id and e.kind == "support"})
    return tuple((skill, support_for(board, token_id, skill)) for skill in skills)


def spend_support(board: Board, token_id: str, skill: str) -> Board:
    """``board`` after ``token_id`` rolled ``skill`` with the Support waiting for it."""
    return _with_effects(board, [e for e in effects_of(board)
                                 if not (e.token == token_id and e.kind == "support"
                                         and e.skill == skill.lower())])


def waiting_support(board: Board, token_id: str, skill: str) -> tuple[Modifier, ...]:
    """The Support waiting for ``token_id``'s next ``skill`` roll as its modifier: at most +4,
    but uncapped for Strength (S159-160); () when none waits.

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = add_effect(open_board(), Effect("a", "support", 2, "athletics"))
    >>> waiting_support(enc, "a", "Athletics"), waiting_support(enc, "a", "strength")
    ((Modifier(value=2, reason='Support'),), ())
    """
    bonus = support_bonus([support_for(board, token_id, skill)],
                          strength=skill.lower() == "strength")
    return (bonus,) if bonus else ()


def acted(board: Board, token_id: str) -> bool:
    """True when ``token_id`` has already taken an action this turn."""
    return token_id in (board.combat.get("acted") or [])


def aimed(board: Board, token_id: str) -> bool:
    """True when ``token_id`` aimed all last turn and has not acted yet this turn.

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = add_effect(open_board(), Effect("a", "aim", turn_ends=2))
    >>> aimed(enc, "a"), aimed(end_turns(enc, ["a"])[0], "a")
    (False, True)
    """
    return not acted(board, token_id) and any(
        e.token == token_id and e.kind == "aim" and e.turn_ends == 1
        for e in effects_of(board))


def mark_acted(board: Board, token_id: str) -> Board:
    """Note that ``token_id`` took an action this turn (once is enough)."""
    done = list(board.combat.get("acted") or [])
    return board if token_id in done else _with_combat(board, "acted",
                                                           [*done, token_id])


def tried(board: Board, token_id: str, what: str) -> bool:
    """True when ``token_id`` already tried ``what`` (a recovery "tried only once") this turn.

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> board = mark_tried(open_board(), "a", "shaken")
    >>> tried(board, "a", "shaken"), tried(end_turns(board, ["a"])[0], "a", "shaken")
    (True, False)
    """
    return f"{token_id}:{what}" in (board.combat.get("tried") or [])


def mark_tried(board: Board, token_id: str, what: str) -> Board:
    """Note that ``token_id`` tried ``what`` this turn (in combat only: turns end there)."""
    done = list(board.combat.get("tried") or [])
    key = f"{token_id}:{what}"
    return board if key in done else _with_combat(board, "tried", [*done, key])


def ran(board: Board, token_id: str) -> bool:
    """True when ``token_id`` declared Running this turn."""
    return token_id in (board.combat.get("ran") or [])


def mark_ran(board: Board, token_id: str) -> Board:
    """Note that ``token_id`` ran this turn (Defend then refuses him).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = mark_ran(open_board(), "a")
    >>> ran(enc, "a"), ran(end_turns(enc, ["a"])[0], "a")
    (True, False)
    """
    done = list(board.combat.get("ran") or [])
    return board if token_id in done else _with_combat(board, "ran", [*done, token_id])


def stood(board: Board, token_id: str) -> bool:
    """True when ``token_id`` stood up from prone this turn (C34: 2" less Pace)."""
    return token_id in (board.combat.get("stood") or [])


def mark_stood(board: Board, token_id: str) -> Board:
    """Note that ``token_id`` stood up this turn: "Standing is a free action but reduces total
    Pace for the turn by 2" (C34).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = mark_stood(open_board(), "a")
    >>> stood(enc, "a"), stood(end_turns(enc, ["a"])[0], "a")
    (True, False)
    """
    done = list(board.combat.get("stood") or [])
    return board if token_id in done else _with_combat(board, "stood", [*done, token_id])


def moved(board: Board, token_id: str) -> float:
    """Inches of Pace ``token_id`` has used moving this turn (0 out of combat)."""
    return sum(float(m["inches"]) for m in board.combat.get("moved") or []
               if m["token"] == token_id)


def mark_moved(board: Board, token_id: str, inches: float) -> Board:
    """Note that ``token_id`` used ``inches`` more of his Pace this turn (in combat only:
    turns end there).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = mark_moved(mark_moved(open_board(), "a", 2), "a", 1.5)
    >>> moved(enc, "a"), moved(end_turns(enc, ["a"])[0], "a")
    (3.5, 0)
    """
    rest = [m for m in board.combat.get("moved") or [] if m["token"] != token_id]
    total = moved(board, token_id) + inches
    return _with_combat(board, "moved", [*rest, {"token": token_id, "inches": total}])


def drop_effects(board: Board, token_id: str, kind: str) -> Board:
    """``board`` without ``token_id``'s effects of ``kind`` (a shooter who moves loses Aim).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> aimed(drop_effects(end_turns(add_effect(open_board(), Effect("a", "aim", turn_ends=2)),
    ...                              ["a"])[0], "a", "aim"), "a")
    False
    """
    return _with_effects(board, [e for e in effects_of(board)
                                 if (e.token, e.kind) != (token_id, kind)])


def taken(board: Board, token_id: str) -> tuple[str, ...]:
    """The kinds of the actions ``token_id`` has taken this turn, in order."""
    return tuple(str(t["kind"]) for t in board.combat.get("taken") or []
                 if t["token"] == token_id)


def mark_taken(board: Board, token_id: str, kind: str) -> Board:
    """Note that ``token_id`` took an action of ``kind`` this turn.

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = mark_taken(mark_taken(open_board(), "a", "regular"), "a", "limited")
    >>> taken(enc, "a"), taken(end_turns(enc, ["a"])[0], "a")
    (('regular', 'limited'), ())
    """
    done = list(board.combat.get("taken") or [])
    return _with_combat(board, "taken", [*done, {"token": token_id, "kind": kind}])


def add_hold(board: Board, grappler: str, victim: str) -> Board:
    """Note that ``grappler`` holds ``victim`` (a won grapple); an earlier hold on him goes."""
    kept = [h for h in board.combat.get("holds") or [] if h["victim"] != victim]
    return _with_combat(board, "holds", [*kept, {"grappler": grappler, "victim": victim}])


def holding(board: Board, grappler: str, victim: str) -> bool:
    """True when ``grappler`` won the last grapple against ``victim`` (whether he is still
    Entangled or Bound is in his condition).

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = add_hold(add_hold(open_board(), "a", "v"), "b", "v")
    >>> holding(enc, "a", "v"), holding(enc, "b", "v")
    (False, True)
    """
    return {"grappler": grappler, "victim": victim} in (board.combat.get("holds") or [])


def use_effects(board: Board, token_id: str, skill: str) -> Board:
    """After ``token_id`` rolled ``skill``: its Support for that skill and a ready Aim are used."""
    def used(e: Effect) -> bool:
        return e.token == token_id and ((e.kind == "support" and e.skill == skill.lower())
                                        or (e.kind == "aim" and e.turn_ends == 1))
    return _with_effects(board, [e for e in effects_of(board) if not used(e)])


def _name(board: Board, token_id: str) -> str:
    return next((t.name for t in board.tokens if t.id == token_id), token_id)


def start_turns(board: Board, token_ids: Iterable[str]) -> tuple[Board, list[str]]:
    """The start of these tokens' turns: their Defend ends; what they moved or took out of
    their turn (the GM placing a token) does not count in it."""
    starting = set(token_ids)
    gone = [e for e in effects_of(board) if e.kind == "defend" and e.token in starting]
    kept = [e for e in effects_of(board) if e not in gone]
    lines = [f"{_name(board, e.token)} stops {_EFFECT_NAMES[e.kind]}" for e in gone]
    for key in ("moved", "taken"):
        left = [m for m in board.combat.get(key) or [] if m["token"] not in starting]
        board = _with_combat(board, key, left) if key in board.combat else board
    if "stood" in board.combat:
        board = _with_combat(board, "stood", [i for i in board.combat["stood"]
                                              if i not in starting])
    return (_with_effects(board, kept) if gone else board), lines


def end_turns(board: Board, token_ids: Iterable[str]) -> tuple[Board, list[str]]:
    """The end of these tokens' turns: timers count down, Support goes, Aim counts down."""
    lines: list[str] = []
    for token_id in dict.fromkeys(token_ids):
        board, expired = _end_timers(board, token_id)
        board, finished = _end_effects(board, token_id)
        lines += expired + finished
    for key in ("acted", "ran", "stood"):
        done = [i for i in board.combat.get(key) or [] if i not in set(token_ids)]
        board = _with_combat(board, key, done)
    ended = set(token_ids)
    left = [k for k in board.combat.get("tried") or [] if k.split(":")[0] not in ended]
    board = _with_combat(board, "tried", left)
    still = [m for m in board.combat.get("moved") or [] if m["token"] not in ended]
    board = _with_combat(board, "moved", still)
    kept = [t for t in board.combat.get("taken") or [] if t["token"] not in ended]
    board = _with_combat(board, "taken", kept)
    return board, lines


def _end_effects(board: Board, token_id: str) -> tuple[Board, list[str]]:
    kept, lines = [], []
    for effect in effects_of(board):
        left = effect.turn_ends - (effect.token == token_id and effect.kind != "defend")
        if left > 0:
            kept.append(replace(effect, turn_ends=left))
        else:
            lines.append(f"{_name(board, token_id)}: {_EFFECT_NAMES[effect.kind]} ends")
    return _with_effects(board, kept), lines


def _end_timers(board: Board, token_id: str) -> tuple[Board, list[str]]:
    timers = timers_of(board)
    token = next((t for t in board.tokens if t.id == token_id), None)
    if token is None or not any(t.token == token_id for t in timers):
        return board, []
    before = _combatant(board, token)
    outcome, timers = end_turn(before, timers)
    names = {t.id: t.name for t in board.tokens}
    lines = [_named(describe(e), names, token_id) for e in outcome.events]
    after = outcome.states[0]
    if after != before:
        board = board.with_token(replace(token, stats=_merged(
            token.stats, combatant_to_dict(after))))
    return with_timers(board, timers), lines


def _named(text: str, names: Mapping[str, str], token_id: str) -> str:
    return text.replace(token_id, names.get(token_id, token_id), 1)


def _merged(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    return {**old, "condition": new.get("condition", {})}


def _combatant(board: Board, token: Piece) -> Combatant:
    parsed: Combatant = combatant_from_dict(token.stats, f"tokens[{token.id}].stats",
                                                   token.id)
    return parsed


def end_all(board: Board) -> tuple[Board, list[str]]:
    """The end of combat: every timed state ends (a status held by its cause stays).

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.situational.states import Timer
    >>> from battlemap.rules.testing import open_board
    >>> enc = open_board((Piece("a", "Ann", 0.5, 0.5, stats={"condition": {
    ...     "vulnerable": True}}),))
    >>> enc, lines = end_all(add_effect(with_timers(enc, [Timer("a", "Vulnerable", 2)]),
    ...                                 Effect("a", "defend", 4)))
    >>> lines, enc.combat
    (['Ann is no longer Vulnerable'], {})
    """
    timers = [replace(t, turn_ends=1) for t in timers_of(board)]
    board, lines = end_turns(with_timers(board, timers), [t.token for t in timers])
    for key in ("effects", "acted", "ran", "stood", "holds", "tried", "moved", "taken"):
        board = _with_combat(board, key, [])
    return board, lines


__all__ += ["acting_turn", "spend_support", "supports_of", "with_acting", "without_acting"]

_ACTING = "acting"
"""The ``combat`` key naming the token taking an action while it resolves, with its running
and its Multi-Action count (never left on a finished board: :func:`without_acting`)."""


def with_acting(board: Board, token_id: str, running: bool, actions: int) -> Board:
    """``board`` while ``token_id`` takes an action: running, the ``actions``-th this turn.

    Examples
    --------
    >>> from battlemap.rules.testing import open_board
    >>> enc = with_acting(open_board(), "a", True, 2)
    >>> acting_turn(enc, "a"), acting_turn(enc, "b"), acting_turn(without_acting(enc), "a")
    ((True, 2), None, None)
    """
    return _with_combat(board, _ACTING, [{"token": token_id, "running": running,
                                          "actions": actions}])


def acting_turn(board: Board, token_id: str) -> tuple[bool, int] | None:
    """(running, Multi-Action count) of the action ``token_id`` is taking now, or None."""
    for acting in board.combat.get(_ACTING) or []:
        if acting["token"] == token_id:
            return bool(acting["running"]), int(acting["actions"])
    return None


def without_acting(board: Board) -> Board:
    """``board`` with no action being taken."""
    return _with_combat(board, _ACTING, [])
