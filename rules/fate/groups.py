"""Multiple opponents and mooks (text, "Multiple Opponents" and "Mooks").

Several foes attacking one character make a single roll at their leader's rating (the
highest Fists, Weapons or, for mooks, Toughness among them) plus the odds bonus: 2:1 or 3:1
+1, 4:1 to 6:1 +2, 7:1 to 9:1 +3, 10:1 or more +4. The foes engaging a character are the
tokens of the other side that touch it (``MapFacts.adjacent_to_target``) or stand in its zone,
and are not taken out. Stress that takes a mook out "blows through" only to the next of the
mooks a PC attacks at once (:mod:`battlemap.rules.fate.resolve`).

Examples
--------
>>> [odds_bonus(n) for n in (1, 2, 3, 4, 6, 7, 9, 10, 15)]
[0, 1, 1, 2, 2, 3, 3, 4, 4]
>>> from battlemap.rules.fate.statblock import Combatant
>>> leader_rating(Combatant("w", mook=True, toughness=2))
2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from battlemap.rules.fate.statblock import Combatant
from battlemap.rules.table import Board, Piece

__all__ = ["GROUP", "engaged_foes", "leader_rating", "leader_skill", "members", "odds_bonus"]


GROUP = "group:"
"""The prefix of a turn-order entry for a group of tokens."""


def members(board: Board, entry: str) -> tuple[str, ...]:
    """The tokens of a turn-order entry (one, or every token of the group)."""
    if entry.startswith(GROUP):
        name = entry.removeprefix(GROUP)
        return tuple(p.id for p in board.tokens if p.group == name)
    return (entry,)


def odds_bonus(foes: int) -> int:
    """The odds table's bonus for ``foes`` opponents against one character."""
    for least, bonus in ((10, 4), (7, 3), (4, 2), (2, 1)):
        if foes >= least:
            return bonus
    return 0


def leader_rating(combatant: Combatant) -> int:
    """What a group member would lead with: its best of Fists and Weapons, or its Toughness."""
    if combatant.mook:
        return combatant.toughness
    return max(combatant.skills.get("fists", 0), combatant.skills.get("weapons", 0))


def leader_skill(combatant: Combatant) -> str:
    """The skill :func:`leader_rating` takes: ``toughness``, ``weapons`` or ``fists``.

    >>> leader_skill(Combatant("c", skills={"fists": 3, "weapons": 2}))
    'fists'
    """
    if combatant.mook:
        return "toughness"
    fists, weapons = combatant.skills.get("fists", 0), combatant.skills.get("weapons", 0)
    return "fists" if fists > weapons else "weapons"


def engaged_foes(board: Board, fighters: Mapping[str, Combatant], actor: Piece, victim: Piece,
                 touching: Sequence[str], zone: str | None) -> tuple[str, ...]:
    """The tokens on ``actor``'s side engaging ``victim``: ``actor`` first, then those touching
    ``victim`` or in its ``zone`` (board order), none taken out.

    >>> from battlemap.rules.table import Side
    >>> pc = Piece("pc", "PC", 0, 0, side=Side.HERO)
    >>> mooks = [Piece(f"w{i}", "W", 1, i, side=Side.VILLAIN) for i in range(3)]
    >>> board = Board("fate", tokens=(pc, *mooks))
    >>> fighters = {p.id: Combatant(p.id) for p in board.tokens}
    >>> engaged_foes(board, fighters, mooks[1], pc, ("w0", "w1"), None)
    ('w1', 'w0')
    """
    zone_of = board.measurer.zone_of if board.measurer is not None and zone else None
    found = [actor.id]
    for piece in board.tokens:
        if piece.id in found or piece.side != actor.side or piece.id == victim.id:
            continue
        if piece.id not in fighters or fighters[piece.id].condition.taken_out:
            continue
        if piece.id in touching or (zone_of is not None and zone_of(piece.id) == zone):
            found.append(piece.id)
    return tuple(found)
