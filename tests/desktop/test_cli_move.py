"""``battlemap move``: a token's move counted as the drag's ruler counts it, in a way of moving,
with the system's refusals (Savage Pathfinder C28, C30, C33); worked out by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.spf_on_map import begin_combat, next_turn

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Region, RegionKind, Token, Wall, WallKind
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

ANN = {"pace": 6, "running_die": "d6", "wild_card": True, "attributes": {"vigor": "d8"}}


def _file(tmp_path: Path, combat: bool = False, prone: bool = False) -> Path:
    """Ann (Pace 6, running die d6, Vigor d8) at (0.5, 0.5) on a 20 x 8 map with a patch of
    difficult ground from x 10 to 12; dealt in when ``combat``."""
    stats = {**ANN, "condition": {"prone": True}} if prone else ANN
    encounter = Encounter(width=20, height=8, tokens=(
        Token(id="ann", name="Ann", x=0.5, y=0.5, stats=stats),),
        regions=(Region(id="mud", points=((10.0, 0.0), (12.0, 0.0), (12.0, 8.0), (10.0, 8.0)),
                        kind=RegionKind.DIFFICULT),))
    if combat:
        encounter, _ = begin_combat(encounter, PhysicalCards(["KS"]))
    path = tmp_path / "enc.json"
    save_encounter(encounter, path)
    return path


def _move(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> dict[str, object]:
    assert main(["move", str(path), "ann", *args, "--json"]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_climbing_and_crawling_use_two_inches_of_pace_an_inch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C28 "Each inch of movement spent climbing, crawling, or swimming uses 2″ of Pace":
    3" climbed cost 6" (within Pace 6). C31: difficult ground doubles it again, but not for a
    crawler: 2" across the mud (x 10 -> 12) climbing cost 8", crawling 4". A prone token
    crawls unless told otherwise."""
    path = _file(tmp_path)
    climb = _move(capsys, path, "3.5", "0.5", "--mode", "climb")
    assert (climb["distance"], climb["cost"], climb["band"]) == (3.0, 6.0, "pace")
    path = tmp_path / "mud.json"
    encounter = load_encounter(_file(tmp_path))
    save_encounter(encounter.with_token(encounter.token("ann").moved_to(10.0, 0.5)), path)
    assert _move(capsys, path, "12", "0.5", "--free", "--mode", "climb")["cost"] == 8.0
    assert _move(capsys, path, "12", "0.5", "--free", "--mode", "crawl")["cost"] == 4.0
    prone = _move(capsys, _file(tmp_path, prone=True), "2.5", "0.5")
    assert (prone["mode"], prone["cost"]) == ("crawl", 4.0)


def test_out_of_combat_the_dash_is_the_sprint(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C30: out of combat "twice the sum of her full Pace + maximum running die": 2 x (6 + 6) =
    24" for half her Vigor die (d8) = 4 minutes: 19" east, the 2" of mud counted twice, is 21", a
    sprint; 25" is refused."""
    path = _file(tmp_path)
    assert main(["move", str(path), "ann", "19.5", "0.5", "--free"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == ['Ann moves 19" east: 21" walking',
                     '  uses 21" of Pace 6: Sprint (4 min) (24")']
    assert main(["move", str(path), "ann", "0.5", "25.5"]) == 2
    assert capsys.readouterr().err.strip() == (
        'battlemap move: Ann may move 24" this turn (Sprint (4 min)); this move costs 25" '
        "(--force moves anyway)")


def test_in_combat_moves_add_up_and_a_run_up_doubles_the_jump(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """In combat the dash is running (Pace 6 + d6's 6 = 12"). C33 "Characters can jump 1″
    ... Double these numbers if the hero can run at least 2″": a standing jump of 2" is
    refused; after walking 2" (saved: noted for the turn) the 2" jump goes, 2 + 2 = 4" of
    Pace 6; then 9" more east, its 2" of mud counted twice (C31), costs 11": 15" in all, beyond
    the 12" of running, refused."""
    path = _file(tmp_path, combat=True)
    assert main(["move", str(path), "ann", "2.5", "0.5", "--mode", "jump"]) == 2
    assert capsys.readouterr().err.strip() == (
        'battlemap move: Ann: Jumping goes at most 1" (2" asked) (--force moves anyway)')
    walked = _move(capsys, path, "2.5", "0.5", "--save")
    assert (walked["cost"], walked["band"], walked["saved"]) == (2.0, "pace", True)
    jump = _move(capsys, path, "4.5", "0.5", "--mode", "jump", "--save")
    assert (jump["spent_before"], jump["cost"], jump["band"]) == (2.0, 2.0, "pace")
    assert load_encounter(path).combat["moved"] == [{"token": "ann", "inches": 4.0}]
    assert main(["move", str(path), "ann", "13.5", "0.5", "--free"]) == 2
    assert "Ann may move 12\" this turn (Running, 4\" used already); this move costs 11\"" in \
        capsys.readouterr().err


def test_an_unknown_mode_and_token_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    assert main(["move", str(path), "ann", "2.5", "0.5", "--mode", "fly"]) == 2
    assert capsys.readouterr().err.strip() == (
        "battlemap move: mode 'fly': the ways of moving are walk, climb, crawl, swim, jump")
    assert main(["move", str(path), "bob", "2.5", "0.5"]) == 2
    assert "token 'bob': no token with that id or name" in capsys.readouterr().err


BOW = {"name": "Longbow", "damage": "2d6", "ap": 1, "range": [15, 30, 60], "two_handed": True}


def _archery(tmp_path: Path) -> Path:
    """Harsk (Shooting d8, a longbow) acting in round one, a goblin 8" east."""
    harsk = Token(id="harsk", name="Harsk", x=0.5, y=0.5, stats={
        "pace": 5, "running_die": "d4", "wild_card": True, "skills": {"shooting": "d8"},
        "weapons": [BOW]})
    goblin = Token(id="gob", name="Goblin", x=8.5, y=0.5, stats={"skills": {"fighting": "d6"}})
    encounter, _ = begin_combat(Encounter(width=20, height=8, tokens=(harsk, goblin)),
                                PhysicalCards(["KS", "2C"]))
    path = tmp_path / "archery.json"
    save_encounter(encounter, path)
    return path


def test_a_shooter_who_moved_cannot_aim(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """S5 "The shooter must be relatively stationary to Aim. She can't walk, run, ...":
    standing still Harsk may Aim (the action is allowed); after a 2" move this turn both the
    Aim action and an attack with the Aim option are refused, naming the move."""
    path = _archery(tmp_path)
    assert main(["attack", str(path), "--attacker", "harsk", "--action", "aim"]) == 0
    capsys.readouterr()
    path = _archery(tmp_path)
    assert main(["move", str(path), "harsk", "2.5", "0.5", "--save"]) == 0
    capsys.readouterr()
    refusal = 'aim: the shooter must be stationary, but walked (2" this turn)'
    assert main(["attack", str(path), "--attacker", "harsk", "--action", "aim"]) == 2
    assert refusal in capsys.readouterr().err
    assert main(["attack", str(path), "--attacker", "harsk", "--target", "gob", "--aim",
                 "--dice", "6,6,6,6"]) == 2
    assert refusal in capsys.readouterr().err
    assert load_encounter(path).log[-1].title.startswith("Round 1")  # nothing was rolled


def test_a_token_placed_out_of_its_turn_starts_its_turn_afresh(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The GM drags the goblin 3" during Harsk's turn; when the goblin's turn comes it has
    moved nothing yet (the whole Pace 5 is his)."""
    path = _archery(tmp_path)
    assert _move_token(capsys, path, "gob", "11.5", "0.5", "--save")["cost"] == 3.0
    save_encounter(next_turn(load_encounter(path))[0], path)
    assert _move_token(capsys, path, "gob", "12.5", "0.5")["spent_before"] == 0


def _move_token(capsys: pytest.CaptureFixture[str], path: Path, token: str,
                *args: str) -> dict[str, object]:
    assert main(["move", str(path), token, *args, "--json"]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_standing_up_takes_two_inches_of_the_turns_pace(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C34 "Standing is a free action but reduces total Pace for the turn by 2" (S134): prone
    Ann (Pace 6, running die d6) stands up in her turn, so her Pace is 4 and her running 4 + 6
    = 10": a 5" walk east is a run; to x 10.5, its last half inch in the mud counted twice
    (C31), costs 9.5 + 1 = 10.5", refused. Her next turn she has her full 6" again."""
    path = _file(tmp_path, combat=True, prone=True)
    assert main(["attack", str(path), "--attacker", "ann", "--action", "stand-up",
                 "--write"]) == 0
    capsys.readouterr()
    walk = _move(capsys, path, "5.5", "0.5")
    assert (walk["mode"], walk["pace"], walk["dash"], walk["band"]) == ("walk", 4, 10, "running")
    assert main(["move", str(path), "ann", "10.5", "0.5", "--free"]) == 2
    assert "Ann may move 10\" this turn (Running); this move costs 10.5\"" in \
        capsys.readouterr().err
    save_encounter(next_turn(load_encounter(path))[0], path)
    assert _move(capsys, path, "5.5", "0.5")["pace"] == 6


def test_a_critical_failure_on_a_hazardous_climb_costs_a_fatigue_level(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C32 Hazards: "With a Critical Failure the character takes Fatigue from Bumps & Bruises,
    falls if climbing": Ann (a Wild Card, no Athletics: d4 -2 unskilled) rolls 1 and a Wild
    Die of 1, a Critical Failure: she falls and is Fatigued (one level); then a 3 with Wild 1 is
    3 - 2 - 1 (Fatigued) = 0, a plain failure: she cannot move and gains no more Fatigue."""
    path = _file(tmp_path)
    assert main(["attack", str(path), "--attacker", "ann", "--action", "climb",
                 "--dice", "1,1", "--write"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Ann falls climbing"
    assert out[-2:] == ["  Fatigue from Bumps & Bruises: Fatigued",
                        "  the fall's damage: Apply damage"]
    assert load_encounter(path).token("ann").stats["condition"]["fatigue"] == 1
    assert main(["attack", str(path), "--attacker", "ann", "--action", "climb",
                 "--dice", "3,1", "--write"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Ann climbs: cannot move"
    assert load_encounter(path).token("ann").stats["condition"]["fatigue"] == 1


def _walled(tmp_path: Path) -> Path:
    """Ann at (0.5, 0.5) on a 10 x 6 map; a wall x = 3 from y 0 to 2, a closed door below it
    from y 2 to 3 (its lower end free)."""
    encounter = Encounter(width=10, height=6, system="savage-pathfinder", tokens=(
        Token(id="ann", name="Ann", x=0.5, y=0.5, stats=ANN),), walls=(
        Wall(id="w", points=((3.0, 0.0), (3.0, 2.0))),
        Wall(id="d", points=((3.0, 2.0), (3.0, 3.0)), kind=WallKind.DOOR)))
    path = tmp_path / "walled.json"
    save_encounter(encounter, path)
    return path


def test_waypoints_are_counted_along_the_path_as_the_drag_counts_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # (0.5, 0.5) -> (0.5, 4.5): 4" south; -> (4.5, 4.5): 4" east, under the door's end;
    # -> (4.5, 0.5): 4" north: 12" along the path (the straight line would be 4", through the
    # wall); beyond Pace 6, within the extra effort the system allows out of combat (its
    # dash, 24": the sprint)
    path = _walled(tmp_path)
    moved = _move(capsys, path, "4.5", "0.5", "--via", "0.5,4.5", "--via", "4.5,4.5")
    assert (moved["distance"], moved["band"], moved["through"]) == (12.0, "running", [])
    assert moved["dash"] == 24
    assert moved["path"] == [[0.5, 0.5], [0.5, 4.5], [4.5, 4.5], [4.5, 0.5]]


def test_a_path_through_the_wall_or_door_is_refused_unless_forced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _walled(tmp_path)
    assert main(["move", str(path), "Ann", "4.5", "0.5", "--save"]) == 2
    # the wall is met at (3, 0.5): 2.5" east of (0.5, 0.5)
    assert capsys.readouterr().err == (
        "battlemap move: Ann's path goes through a wall 2.5\" east of where Ann stood "
        "(--force moves anyway)\n")
    assert load_encounter(path).token("ann").x == 0.5
    # through the door at (3, 2.5): 2.5 east and 2 south of Ann, 3.2" away, south-east
    assert main(["move", str(path), "Ann", "4.5", "2.5", "--via", "0.5,2.5", "--force",
                 "--save"]) == 0
    out = capsys.readouterr().out
    assert "Ann's path goes through a closed door 3.2\" south-east of where Ann stood" in out
    assert load_encounter(path).token("ann").x == 4.5


def test_shortest_goes_round_and_prints_the_way(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # round the door's free end at (3, 3): down to row 3 (y 3.5) and back, 4 east + 3 down
    # and up on the Savage count: the east steps carry the rows, 3 down needs 3 steps, the
    # 3 up another 3: 6 steps, 6" within Pace 6
    path = _walled(tmp_path)
    moved = _move(capsys, path, "4.5", "0.5", "--shortest")
    assert (moved["distance"], moved["band"], moved["through"]) == (6.0, "pace", [])
    assert max(y for _, y in moved["path"]) == 3.5  # type: ignore[union-attr]
    assert main(["move", str(path), "Ann", "4.5", "0.5", "--shortest"]) == 0
    assert capsys.readouterr().out.startswith("Ann moves 4\" east by ")  # no coordinates
    room = Encounter(width=10, height=6, tokens=(Token(id="ann", name="Ann", x=0.5, y=0.5),),
                     walls=(Wall(id="r", points=((2, 0), (2, 2), (5, 2), (5, 0))),))
    save_encounter(room, path)
    assert main(["move", str(path), "Ann", "3.5", "0.5", "--shortest"]) == 2
    assert "no way for Ann to (3.5, 0.5) round the walls" in capsys.readouterr().err
