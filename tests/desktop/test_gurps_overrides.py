"""The GM's GURPS overrides (distance, arc, sprinted) declared through the interface: the
Override menu (built from ``overridable()``) and ``battlemap attack --override`` reach them."""

from __future__ import annotations

from pathlib import Path

import pytest

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.model import Encounter, Grid, GridKind, Side, Token
from battlemap.geometry.grid import hex_centre
from battlemap.rules.registry import find_system

GUARD = {"st": 11, "dx": 11, "ht": 11, "hp": 11, "basic_speed": 5.5, "dodge": 8,
         "attacks": [{"name": "Spear", "usage": "Thrust", "skill": 12, "damage": "1d+1 imp",
                      "reach": "1", "parry": 9, "weight": 4}]}
ARCHER = {"st": 11, "dx": 13, "ht": 11, "hp": 11, "basic_speed": 6.0, "dodge": 9,
          "attacks": [{"name": "Bow", "skill": 14, "damage": "1d+1 imp", "kind": "missile",
                       "range": [165, 220], "weight": 2}]}


def _file(tmp_path: Path) -> Path:
    gx, gy = hex_centre(5, 5)
    fx, fy = hex_centre(6, 5)   # the hex at 90 degrees: the guard's front (facing 30)
    path = tmp_path / "duel.json"
    save_encounter(Encounter(system="gurps", grid=Grid(GridKind.HEX, 1.0, "yd"), tokens=(
        Token("guard", "Guard", gx, gy, side=Side.HERO, stats=GUARD),
        Token("foe", "Foe", fx, fy, side=Side.VILLAIN, stats=GUARD),
        Token("archer", "Archer", gx, gy - 3 * 0.8660254037844386, side=Side.VILLAIN,
              stats=ARCHER))), path)
    return path


def test_gurps_declares_distance_and_arc_as_overrides() -> None:
    fields = {f.key: f for f in find_system("gurps").overridable()}
    assert list(fields) == ["distance", "arc", "sprinted"]
    assert fields["sprinted"].choices == ("yes", "no")
    assert fields["arc"].choices == ("front", "right", "left", "back")
    assert "10" in fields["distance"].choices


def test_an_arc_override_reaches_the_rules_from_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The foe stands in the guard's front; the GM rules the attack comes from behind (the
    # guard was looking elsewhere): no defense (L15's "from behind" arc). Spear-12: 2+4+5 = 11
    # hits; damage 1d+1 imp: 3 + 1 = 4, no DR, x2 impaling = 8 injury: more than half of HP
    # 11, a major wound: HT 11 against 3+3+3 = 9 holds.
    path = _file(tmp_path)
    code = main(["attack", str(path), "--attacker", "foe", "--target", "guard",
                 "--override", "arc=back", "--dice", "2,4,5,3,3,3,3"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "GM ruling: arc back (measured front)" in out
    assert "no defense: attacked from behind" in out
    assert "8 injury" in out


def test_a_distance_override_sets_the_range_penalty(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The archer stands 3 yd off (-1 range); the GM rules 20 yd: -6 (Size and Speed/Range
    # Table). Bow-14 - 6 = 8.
    path = _file(tmp_path)
    code = main(["attack", str(path), "--attacker", "archer", "--target", "guard",
                 "--override", "distance=20", "--dice", "6,6,6"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "-6 range 20 yd = 8" in out
    assert "GM ruling: distance 20 (measured 3 yd)" in out
    assert main(["attack", str(path), "--attacker", "archer", "--target", "guard",
                 "--override", "reach=2"]) == 2
    assert "cannot override 'reach' (names: distance, arc, sprinted)" in capsys.readouterr().err


def test_a_sprinted_override_reaches_the_defense_from_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # L147 "You also cannot retreat if you moved faster than your Basic Move on your last
    # turn": the guard has not moved, but the GM rules he sprinted. Spear-12: 2+3+4 = 9 hits;
    # the retreat is refused in words; ruled "no", the dodge and retreat (8 + 3 = 11 against
    # 3+3+3 = 9) is rolled and logged with the ruling.
    path = _file(tmp_path)
    attack = ["attack", str(path), "--attacker", "foe", "--target", "guard", "--dice",
              "2,3,4,3,3,3", "--defense", "dodge", "--retreat"]
    assert main([*attack, "--override", "sprinted=yes"]) == 2
    assert "answer defense=dodge+retreat: not allowed (moved faster than Basic Move last " \
        "turn)" in capsys.readouterr().err
    assert main([*attack, "--override", "sprinted=no"]) == 0
    out = capsys.readouterr().out
    assert "GM ruling: sprinted no (counted no)" in out
