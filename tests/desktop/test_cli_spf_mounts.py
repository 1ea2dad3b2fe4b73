"""``battlemap attack`` with a rider and his mount: ``--action mount --target MOUNT`` saves the
pair, a missed shot at the rider hits the mount, and ``--answer fall-RIDER=...`` says whether
a thrown rider's mount was running."""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Side, Token

KNIGHT = {"wild_card": True, "attributes": {"vigor": "d8"}, "skills": {"riding": "d6"}}
HORSE = {"attributes": {"vigor": "d8"}}
ARCHER = {"skills": {"shooting": "d8"},
          "weapons": [{"name": "Bow", "damage": "2d6", "range": [12, 24, 48]}]}


def saddled(tmp_path: Path) -> Path:
    path = tmp_path / "joust.json"
    save_encounter(Encounter(system="savage-pathfinder", tokens=(
        Token("knight", "Knight", 3.5, 6.5, side=Side.HERO, stats=KNIGHT),
        Token("horse", "Horse", 5.0, 7.0, size=2.0, side=Side.HERO, stats=HORSE),
        Token("archer", "Archer", 3.5, 1.5, side=Side.VILLAIN, stats=ARCHER))), path)
    assert main(["attack", str(path), "--attacker", "knight", "--action", "mount",
                 "--target", "horse", "--write"]) == 0
    return path


def test_a_missed_shot_at_a_mounted_knight_hits_the_horse(tmp_path: Path, capsys) -> None:
    """S113: "If a shot intended at a rider rolls a 1, it hits the mount instead": Shooting d8
    1 misses the knight; Bow 2d6 4 + 3 = 7 vs the horse's Toughness 6: Shaken. S114: the
    Shaken horse rears: Riding d6 5, Wild Die 1 = 5 vs 4, the knight stays on."""
    path = saddled(tmp_path)
    capsys.readouterr()
    assert main(["attack", str(path), "--attacker", "archer", "--target", "knight",
                 "--weapon", "Bow", "--dice", "1,4,3,5,1"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Archer shoots Knight (Bow): miss; stray shot hits Horse; Horse is Shaken",
        "  Shooting d8 1 → 1 vs TN 4: miss; bystander die 1 → Horse",
        "  Bow damage: Bow d6 4, Bow d6 3 → 7 vs Toughness 6: success",
        "  Horse is Shaken",
        "  Riding (stay mounted) d6 5, Wild d6 1 → 5 vs TN 4: success",
    ]


def test_a_thrown_knight_asks_whether_the_horse_was_running(tmp_path: Path, capsys) -> None:
    """S114 then S112: the horse is hit (d8 6 vs 4), 2d6 5 + 4 = 9 vs 6: Shaken; Riding d6 2,
    Wild 1: the knight falls. Without an answer the command stops and asks; with
    fall-knight=running-fast ("an additional die ... if the mount is particularly fast"),
    3d4 1 + 2 + 1 = 4 vs Toughness 6: no harm, but he lies prone and is on foot."""
    path = saddled(tmp_path)
    shot = ["attack", str(path), "--attacker", "archer", "--target", "horse", "--weapon",
            "Bow", "--dice", "6,5,4,2,1,1,2,1", "--write"]
    capsys.readouterr()
    assert main(shot) == 2
    assert "Knight falls from Horse: was it running?: give --answer fall-knight=CHOICE " \
        "(one of standing, running, running-fast, running-faster)" in capsys.readouterr().err
    assert main([*shot, "--answer", "fall-knight=running-fast", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["log"]["lines"][-3:] == [
        "Riding (stay mounted) d6 2, Wild d6 1 → 2 vs TN 4: failure",
        "Knight is now fallen (prone)",
        "falling damage: falling d4 1, falling d4 2, falling d4 1 → 4 vs Toughness 6: "
        "no effect",
    ]
    assert summary["conditions"]["knight"]["prone"] is True
    after = load_encounter(path)
    assert after.token("knight").stats["condition"]["prone"] is True
    assert after.combat["mounts"] == {}


def test_moving_the_knight_carries_his_horse_and_counts_its_pace(tmp_path: Path,
                                                                 capsys) -> None:
    """S109 (mounts are tokens) with the drag's rule for linked tokens: ``battlemap move`` of
    the mounted knight 8" east measures against the horse's Pace 10 (within it; the knight's
    own Pace 6 would make it a run) and saves both tokens moved by the same 8": the knight
    from (3.5, 6.5) to (11.5, 6.5), the horse from (5, 7) to (13, 7)."""
    path = saddled(tmp_path)
    encounter = load_encounter(path)
    horse = encounter.token("horse")
    fast = Token("horse", "Horse", horse.x, horse.y, size=2.0, side=Side.HERO,
                 stats={**HORSE, "pace": 10})
    save_encounter(Encounter(system=encounter.system, combat=encounter.combat, tokens=tuple(
        fast if t.id == "horse" else t for t in encounter.tokens)), path)
    capsys.readouterr()
    assert main(["move", str(path), "knight", "11.5", "6.5", "--save", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert (plan["distance"], plan["pace"], plan["band"]) == (8.0, 10, "pace")
    after = load_encounter(path)
    assert (after.token("knight").x, after.token("knight").y) == (11.5, 6.5)
    assert (after.token("horse").x, after.token("horse").y) == (13.0, 7.0)
