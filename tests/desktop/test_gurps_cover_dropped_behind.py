"""L155 on the real hex map: "Any cover you drop behind does not count against the initial
attack that inspired the dodge and drop, but is effective against subsequent attacks directed
at you." A knight 8 yd from an archer, a low wall (half a yard high) just in front of him:
the map measures light cover from the archer (none from a second archer to the south)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Grid, GridKind, Side, Token, Wall, WallKind
from battlemap.desktop.core.table_pipeline import TableResult, resolve
from battlemap.geometry.grid import hex_centre
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.interface import AttackRequest

KNIGHT = {"st": 12, "dx": 12, "ht": 12, "hp": 12, "basic_speed": 6.0, "dodge": 9, "dr": 3,
          "attacks": [{"name": "Broadsword", "usage": "Swung", "skill": 14, "damage": "2d cut",
                       "parry": 10}]}
ARCHER = {"st": 11, "dx": 13, "ht": 11, "hp": 11, "basic_speed": 6.0, "dodge": 9,
          "attacks": [{"name": "Bow", "skill": 14, "damage": "1d+1 imp", "kind": "missile",
                       "range": [165, 220]}]}


def field() -> Encounter:
    kx, ky = hex_centre(10, 5)
    ax, ay = hex_centre(2, 5)
    sx, sy = hex_centre(10, 13)
    low = Wall("low", ((kx - 0.8, ky - 1.0), (kx - 0.8, ky + 1.0)), WallKind.LOW_WALL,
               height=0.5)
    return Encounter(system="gurps", grid=Grid(GridKind.HEX, 1.0, "yd"), tokens=(
        Token("archer", "Archer", ax, ay, side=Side.VILLAIN, stats=ARCHER),
        Token("south", "South Archer", sx, sy, side=Side.VILLAIN, stats=ARCHER),
        Token("knight", "Knight", kx, ky, side=Side.HERO, stats=KNIGHT)), walls=(low,))


def shoot(encounter: Encounter, dice: list[int], attacker: str = "archer",
          answer: tuple[str, ...] | None = None) -> TableResult:
    answers = {"defense": answer} if answer else {}
    done = resolve(encounter, AttackRequest(attacker, "knight", "Bow", answers=answers),
                   ScriptedDice(dice))
    assert isinstance(done, TableResult)
    return done


def test_the_cover_dropped_behind_counts_against_the_next_arrow_only_l155() -> None:
    """Bow 14, 8 yd: -4 (the 10 yd column) -> 10; 3+3+3 = 9 hits. The knight dodges and
    drops behind the low wall: Dodge 9 + 3 = 12, 3+3+4 = 10 succeeds; the wall did not count
    against this arrow (target 10). The next arrow: 14 - 4 - 2 (light cover dropped behind)
    = 8, and the same 3+3+3 = 9 now misses. The south archer (8 yd too) has no wall between: 10."""
    first = shoot(field(), [3, 3, 3, 3, 3, 4], answer=("dodge", "drop"))
    assert first.resolution.data["target_number"] == 10
    knight = first.encounter.token("knight").stats["condition"]
    assert (knight["posture"], knight["behind_cover"]) == ("prone", True)
    second = shoot(first.encounter, [3, 3, 3])
    assert {"value": -2, "reason": "cover dropped behind (light cover)"} in \
        second.resolution.data["modifiers"]
    assert second.resolution.data["target_number"] == 8
    assert second.resolution.data["hit"] is False
    other = resolve(first.encounter, AttackRequest("south", "knight", "Bow"),
                    ScriptedDice([3, 3, 3]))
    assert not isinstance(other, TableResult)  # 9 vs 10 hits: the knight's defense waits
    assert other.resolution.data["target_number"] == 10  # 8 yd too, no wall between
    assert all("cover" not in m["reason"] for m in other.resolution.data["modifiers"])


def test_standing_up_leaves_the_cover() -> None:
    """On his feet again the low wall hides no more of him than before: 14 - 4 = 10."""
    first = shoot(field(), [3, 3, 3, 3, 3, 4], answer=("dodge", "drop"))
    knight = first.encounter.token("knight")
    stood = first.encounter.with_token(replace(knight, stats={
        **knight.stats, "condition": {**knight.stats["condition"], "posture": "standing"}}))
    assert shoot(stood, [6, 6, 5]).resolution.data["target_number"] == 10


def test_the_command_line_shows_the_cover_on_the_next_attack(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "wall.json"
    save_encounter(field(), path)
    assert main(["attack", str(path), "--attacker", "archer", "--target", "knight",
                 "--dice", "3,3,3,3,3,4", "--answer", "defense=dodge,drop", "--write"]) == 0
    assert load_encounter(path).token("knight").stats["condition"]["behind_cover"] is True
    capsys.readouterr()
    assert main(["odds", str(path), "--attacker", "archer", "--target", "knight"]) == 0
    assert "Archer (Bow) vs Knight: skill 8" in capsys.readouterr().out
    assert main(["odds", str(path), "--attacker", "archer", "--target", "knight",
                 "--json"]) == 0
    assert '"reason": "cover dropped behind (light cover)"' in capsys.readouterr().out
