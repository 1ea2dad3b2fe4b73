"""Exact 4dF odds (issue 16, "Proof": the distribution and the odds of winning an exchange by
k shifts, checked against enumeration)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from battlemap.rules.fate.odds import FOUR_DF, margin_distribution, win_by_at_least


def test_four_df_is_1_4_10_16_19_16_10_4_1_out_of_81() -> None:
    assert [FOUR_DF[t] for t in range(-4, 5)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]
    assert sum(FOUR_DF.values()) == 81


@pytest.mark.parametrize("bonus", [-3, -1, 0, 1, 2, 5])
def test_margin_matches_enumerating_all_6561_pairs_of_rolls(bonus: int) -> None:
    counts: dict[int, int] = {}
    for faces in product((-1, 0, 1), repeat=8):
        margin = sum(faces[:4]) - sum(faces[4:]) + bonus
        counts[margin] = counts.get(margin, 0) + 1
    assert margin_distribution(bonus) == {m: Fraction(c, 6561) for m, c in counts.items()}


def test_win_by_k_shifts_worked_by_hand() -> None:
    # Equal sides: a tie is sum(c^2) = 1+16+100+256+361+256+100+16+1 = 1107 of 6561; the rest
    # splits evenly, so winning (by 1 or more) is (6561 - 1107) / 2 = 2727 of 6561.
    assert win_by_at_least(0, 1) == Fraction(2727, 6561)
    # Winning by 8 needs ++++ against ----: 1 of 6561.
    assert win_by_at_least(0, 8) == Fraction(1, 6561)
    # A +4 side wins by 1 or more unless the margin of the dice is -4 or less:
    # P(dice margin <= -4) = P(>= 4) = (1*(10+4+1+...)) computed from the symmetric table.
    below = sum(Fraction(FOUR_DF[a] * FOUR_DF[b], 6561)
                for a in FOUR_DF for b in FOUR_DF if a - b <= -4)
    assert win_by_at_least(4, 1) == 1 - below


def test_the_hover_card_shows_win_tie_and_win_by_2_as_exact_chances() -> None:
    # Aulus Weapons +3 against Brennus Weapons +2 attacking back: the difference D of two 4dF
    # (8dF: 1107 of 6561 ways give 0, 1016 give +1, so 2727 give +1 or more, 1711 give +2
    # or more) plus 1. Aulus wins when D >= 0: (2727 + 1107) / 6561 = 58.4 %; a tie when
    # D = -1: 1016 / 6561 = 15.5 %; Brennus wins when D <= -2: 26.1 %; Aulus by 2 or more
    # when D >= 1: 2727 / 6561 = 41.6 %.
    from battlemap.rules.fate.system import Fate
    from battlemap.rules.interface import AttackRequest
    from battlemap.rules.table import Board, Piece

    sword = {"weapon": {"name": "Gladius", "type": "sword"}}
    aulus = Piece("a", "Aulus", 0, 0, stats={**sword, "skills": {"weapons": 3}})
    brennus = Piece("b", "Brennus", 1, 0, stats={**sword, "skills": {"weapons": 2}})
    board = Board("fate", tokens=(aulus, brennus))
    card = Fate().preview_attack(board, AttackRequest("a", "b"))
    assert card.lines[-1] == ("Aulus wins 58.4 %, tie 15.5 %, Brennus wins 26.1 %; "
                              "Aulus wins by 2+ 41.6 %")
    assert card.chances[0].exact == str(Fraction(2727 + 1107, 6561))
