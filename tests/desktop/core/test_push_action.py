"""Push on the map (situational rules, "Push"): opposed Strength; the winner shoves the foe 1"
(2" with a raise) directly away; the foe rolls Athletics (-2 after a raise) or falls prone; a
wall in the way stops him against it."""

import pytest
from support.spf_on_map import AttackError, push_problem, resolve_push

from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import TokenPushed

BRUTE = Token("b", "Brute", 1.5, 1.5, side=Side.HERO, stats={"attributes": {"strength": "d10"}})
ORC = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={"skills": {"athletics": "d6"}})


def test_a_win_pushes_one_inch_and_a_good_athletics_roll_keeps_him_standing() -> None:
    """Strength d10 5 against the orc's d6 2: a win by 3, no raise: 1" east to (3.5, 1.5).
    Athletics d6 4 vs 4: he stays on his feet."""
    result = resolve_push(Encounter(tokens=(BRUTE, ORC)), "b", "o", ScriptedDice([5, 2, 4]))
    assert result.encounter.token("o").x == 3.5
    assert result.entry.title == 'Brute pushes Orc: 1" back'
    assert "prone" not in " ".join(result.entry.lines)


def test_a_raise_pushes_two_inches_unless_a_wall_stops_him() -> None:
    """Strength 6 against 2: a raise, 2" to (4.5, 1.5) - but a wall stands at x = 4, so the
    orc (radius 0.5) stops at 3.5. Athletics d6 3 - 2 = 1: he falls prone."""
    enc = Encounter(tokens=(BRUTE, ORC), walls=(Wall("fence", ((4.0, 0.0), (4.0, 3.0))),))
    result = resolve_push(enc, "b", "o", ScriptedDice([6, 2, 3]))
    assert TokenPushed("o", (3.5, 1.5)) in result.events
    assert result.encounter.token("o").stats["condition"]["prone"] is True
    assert result.entry.lines[-1] == "Orc is stopped by fence"


def test_a_lost_contest_moves_nobody_and_pushing_needs_adjacency() -> None:
    result = resolve_push(Encounter(tokens=(BRUTE, ORC)), "b", "o", ScriptedDice([2, 5]))
    assert result.encounter.token("o").x == 2.5
    assert result.entry.title == "Brute pushes Orc: holds"
    far = Encounter(tokens=(BRUTE, ORC.moved_to(6.5, 1.5)))
    assert push_problem(far, "b", "o") == "Brute must stand next to Orc to push"
    with pytest.raises(AttackError, match="must stand next to"):
        resolve_push(far, "b", "o", ScriptedDice([6, 2]))
