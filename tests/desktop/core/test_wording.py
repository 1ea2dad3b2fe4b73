"""The log the GM reads names tokens and says where a pushed token went in words, not in raw
coordinates (issue 27: "Orc Leader is pushed to (10.5002, 2.30948)")."""

from dataclasses import replace

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Grid, LogEntry, Token
from battlemap.desktop.core.table_pipeline import logged
from battlemap.desktop.core.wording import offset_words, with_names
from battlemap.rules.events import TokenPushed
from battlemap.rules.interface import Resolution

ORC = Token("orc", "Orc Leader", 8.5, 2.5)
GOBLINS = (Token("goblin-1", "Goblin 1", 1.5, 1.5), Token("goblin-10", "Goblin 10", 2.5, 1.5))


def test_a_push_is_logged_as_how_far_and_which_way_by_name() -> None:
    """The orc stood at (8.5, 2.5); pushed to (10.5, 2.5): 2 cells east, 1 yd a cell: 2 yd."""
    enc = Encounter(tokens=(ORC,), grid=Grid(distance_per_cell=1.0, unit="yd"))
    board = board_of(enc)
    moved = replace(board, log=(LogEntry("orc retreats", ("orc is pushed to (10.5, 2.5)",)),))
    after = logged(enc, Resolution((TokenPushed("orc", (10.5, 2.5)),), moved))
    assert after.log[-1].title == "Orc Leader retreats"
    assert after.log[-1].lines == ("Orc Leader is pushed 2 yd east",)


def test_a_system_title_with_ids_is_logged_with_names() -> None:
    enc = Encounter(tokens=GOBLINS)
    done = Resolution((), board_of(enc), "goblin-10 ducks", ("-2 goblin-1 has Dodge",))
    after = logged(enc, done)
    assert after.log[-1] == LogEntry("Goblin 10 ducks", ("-2 Goblin 1 has Dodge",))


def test_only_whole_ids_are_replaced() -> None:
    enc = Encounter(tokens=GOBLINS)
    assert with_names("goblin-100 and goblin-1x stay; goblin-1, goblin-10 go", enc) == (
        "goblin-100 and goblin-1x stay; Goblin 1, Goblin 10 go")


def test_offsets_in_the_eight_directions() -> None:
    """Screen y grows southwards: (0, 1) is south; (1, -1) is north-east, sqrt(2) = 1.4."""
    assert offset_words((0, 0), (0, 1), 2.0, '"') == '2" south'
    assert offset_words((0, 0), (1, -1), 1.0, "m") == "1.4 m north-east"
    assert offset_words((0, 0), (-3, 0), 1.0, "m") == "3 m west"
