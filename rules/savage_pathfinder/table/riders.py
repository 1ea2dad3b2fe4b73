"""Who rides whom on the board: ``combat["mounts"]`` maps each rider's token id to his mount's.

The lookups the attack pipeline needs (an attack by a rider is mounted; a stray shot at a
rider may hit the mount) without the Mount and Dismount actions of :mod:`.mounts`.

Examples
--------
>>> from battlemap.rules.table import Piece
>>> from battlemap.rules.testing import open_board
>>> board = open_board((Piece("k", "Knight", 0.5, 0.5), Piece("h", "Horse", 2.0, 0.5, 2.0)))
>>> board = with_mount(board, "k", "h")
>>> mount_of(board, "k"), rider_of(board, "h"), mount_of(with_mount(board, "k", None), "k")
('h', 'k', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from battlemap.rules.table import Board

__all__ = ["MOUNTS", "mount_of", "pairs", "rider_of", "with_mount"]

MOUNTS = "mounts"
"""The key of ``Board.combat`` holding ``{rider id: mount id}``."""


def pairs(board: Board) -> dict[str, str]:
    """Each rider on the board (both tokens still there) with his mount."""
    raw = board.combat.get(MOUNTS)
    known = {t.id for t in board.tokens}
    if not isinstance(raw, Mapping):
        return {}
    return {str(r): str(m) for r, m in raw.items() if r in known and m in known}


def mount_of(board: Board, rider: str) -> str | None:
    """The token ``rider`` rides, or None."""
    return pairs(board).get(rider)


def rider_of(board: Board, mount: str) -> str | None:
    """The token riding ``mount``, or None."""
    return next((r for r, m in pairs(board).items() if m == mount), None)


def with_mount(board: Board, rider: str, mount: str | None) -> Board:
    """The board with ``rider`` on ``mount`` (None: on foot)."""
    riding = {r: m for r, m in pairs(board).items() if r != rider}
    if mount is not None:
        riding[rider] = mount
    return replace(board, combat={**board.combat, MOUNTS: riding})
