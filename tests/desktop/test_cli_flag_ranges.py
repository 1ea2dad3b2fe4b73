"""Every number given on the command line has a range (issue 31).

The probe's flags: ``odds --mod -1000000000`` hung, ``odds --tn 1000000000`` took 11.5 s and
426 MB, ``--soak -3``, ``--actions -1``, ``--items 1000000000`` and ``--rof 1e9`` were accepted.
Each is now refused at once, in one line naming the flag and its range (exit 2).
"""

from __future__ import annotations

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main

DEMO = str(ASSETS_DIR / "demo" / "goblin-ambush.json")
ATTACK = ["attack", DEMO, "--attacker", "harsk", "--target", "goblin-5", "--seed", "7"]


@pytest.mark.timeout(30)
@pytest.mark.parametrize(("command", "said"), [
    (["odds", "--trait", "d8", "--mod", "-1000000000"],
     "--mod: -1000000000 is outside the allowed range -100 to 100"),
    (["odds", "--trait", "d8", "--tn", "1000000000"],
     "--tn: 1000000000 is outside the allowed range -100 to 200"),
    ([*ATTACK, "--soak", "-3"], "--soak: -3 is outside the allowed range 0 to 5"),
    ([*ATTACK, "--actions", "-1"], "--actions: -1 is outside the allowed range 1 to 3"),
    ([*ATTACK, "--soak", "1e9"], "--soak: '1e9' is not a whole number"),
    # the input fuzzer's move to 6.7 x 10^11 cells across the FATE arena worked for minutes
    (["move", str(ASSETS_DIR / "demo" / "fate-arena.json"), "warrior-2", "667272016467", "24.8"],
     "argument x: '667272016467': expected a number of cells within ±100,000"),
    (["move", DEMO, "harsk", "3", "3", "--via", "1e12,2"],
     "waypoint '1e12,2': not a point on the map (each coordinate within ±100,000 cells)"),
])
def test_a_number_flag_out_of_its_range_is_refused_in_one_line(
    command: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if command[0] in ("odds", "move"):  # argparse's own refusal: exit 2 through SystemExit
        with pytest.raises(SystemExit) as ended:
            main(command)
        assert ended.value.code == 2
    else:
        assert main(command) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err, err


def test_the_largest_allowed_tn_is_answered_quickly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--trait", "d12", "--wild", "--tn", "200", "--json"]) == 0
    assert '"probability"' in capsys.readouterr().out


GURPS_DEMO = str(ASSETS_DIR / "demo" / "gurps-duel.json")


@pytest.mark.parametrize(("command", "said"), [
    # rel3's walk: Savage Pathfinder's --rof and --items on a GURPS attack, GURPS's --hits on a
    # Savage Pathfinder one, were dropped in silence whatever their value (1e9, a billion)
    (["attack", GURPS_DEMO, "--attacker", "archer", "--target", "orc", "--rof", "1e9",
      "--answer", "defense=dodge", "--seed", "1"],
     "--rof: not an input of GURPS (another game system's flag); nothing was rolled"),
    (["odds", GURPS_DEMO, "--attacker", "archer", "--target", "orc", "--items", "1000000000"],
     "--items: not an input of GURPS (another game system's flag)"),
    ([*ATTACK, "--hits", "3"],
     "--hits: not an input of Savage Pathfinder (another game system's flag)"),
])
def test_another_systems_flag_is_refused_not_dropped(
    command: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(command) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err, err
