"""The Qt-free edit helpers: picking things under a point and building the next snapshot."""

from __future__ import annotations

from battlemap.desktop.core.edits import (
    initials,
    label_for_move,
    move_tokens,
    set_hidden,
    toggle_door,
    token_at,
    wall_at,
)
from battlemap.desktop.core.model import Encounter, Token, Wall, WallKind


def sample() -> Encounter:
    return Encounter(
        tokens=(Token(id="a", name="Amiri", x=1.5, y=1.5),
                Token(id="b", name="Bear", x=2.0, y=2.0, size=2)),
        walls=(Wall(id="w", points=((0, 5), (6, 5))),
               Wall(id="d", points=((3, 5), (4, 5)), kind=WallKind.DOOR)),
    )


def test_the_topmost_token_wins() -> None:
    # (1.6, 1.6) is inside both discs; the bear comes later in the list, so it is on top.
    assert token_at(sample(), 1.6, 1.6).id == "b"
    assert token_at(sample(), 1.1, 1.2).id == "a"  # 0.5 from Amiri, 1.2 from the bear
    assert token_at(sample(), 5.0, 1.0) is None


def test_a_door_wins_over_the_wall_it_sits_in() -> None:
    assert wall_at(sample(), 3.5, 5.1).id == "d"
    assert wall_at(sample(), 1.0, 5.2).id == "w"
    assert wall_at(sample(), 1.0, 5.3) is None  # 0.3 cells away, tolerance 0.25


def test_moving_two_tokens_leaves_the_rest() -> None:
    moved = move_tokens(sample(), {"a": (4.5, 4.5)})
    assert (moved.token("a").x, moved.token("b").x) == (4.5, 2.0)
    assert label_for_move(sample(), ["a", "b"]) == "Move 2 tokens"


def test_door_and_hidden_toggles_build_new_snapshots() -> None:
    enc = sample()
    assert toggle_door(enc, "d").wall("d").is_open and not enc.wall("d").is_open
    assert set_hidden(enc, "b", True).token("b").hidden and not enc.token("b").hidden


def test_initials() -> None:
    assert [initials(n) for n in ("Goblin boss", "ogre", "Kyra the Cleric")] == ["GB", "OG", "KT"]
