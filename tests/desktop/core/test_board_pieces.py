"""A board of a snapshot that shares tokens with the last board's keeps their pieces: the same
pieces as made afresh, a new one only for a token that changed."""

from __future__ import annotations

from battlemap.desktop.core.board import _piece, board_of
from battlemap.desktop.core.model import Encounter, Token


def test_a_moved_token_gets_a_new_piece_and_the_others_keep_theirs() -> None:
    tokens = tuple(Token(f"t{n}", f"T{n}", n + 0.5, 0.5, stats={"hp": n}) for n in range(5))
    before = Encounter(tokens=tokens, width=10, height=4)
    first = board_of(before)
    after = before.with_token(tokens[2].moved_to(7.5, 2.5))
    second = board_of(after)
    assert second.tokens == tuple(_piece(t) for t in after.tokens)
    assert [a is b for a, b in zip(first.tokens, second.tokens, strict=True)] == [
        True, True, False, True, True]
    assert (second.tokens[2].x, second.tokens[2].y) == (7.5, 2.5)
    again = board_of(before)  # the old snapshot again (an undo): its own token's piece
    assert again.tokens == first.tokens and again.tokens[2].x == 2.5


def test_a_token_twice_and_other_snapshots() -> None:
    one = Token("a", "A", 0.5, 0.5)
    twice = Encounter(tokens=(one, one, Token("b", "B", 1.5, 0.5)), width=4, height=4)
    assert board_of(twice).tokens == tuple(_piece(t) for t in twice.tokens)
    other = Encounter(tokens=(Token("a", "A", 3.5, 3.5),), width=4, height=4)
    assert board_of(other).tokens == (_piece(other.tokens[0]),)
