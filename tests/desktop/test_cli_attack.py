"""``battlemap attack`` and ``battlemap odds FILE``: scripted dice, worked-out results, clear
errors with exit code 2, and ``--write`` saving the new state (or nothing on an error)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from support.spf_on_map import begin_combat, preview_attack

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.battlefield import field_of
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.geometry.survey import survey
from battlemap.rules.savage_pathfinder.cards import PhysicalCards
from battlemap.rules.savage_pathfinder.situational.options import (
    ACTIONS,
    ATTACK_OPTIONS,
    AUTOMATIC_RULES,
)

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
HARSK_AT_GOBLIN_5 = ["--attacker", "harsk", "--target", "goblin-5"]


def cover_percent() -> int:
    """Goblin 5's cover from Harsk as geometry measures it (Light: a quarter to a half)."""
    enc = load_encounter(DEMO)
    fraction = survey(field_of(enc), "harsk", "goblin-5", weapon_ranges=(15, 30, 60))
    assert fraction.cover.value == "light"
    return round(fraction.cover_fraction * 100)


def test_a_scripted_shot_prints_its_breakdown(capsys) -> None:
    """Shooting d8 7, Wild Die 2: 7 - 2 (Light Cover) = 5 vs 4, a hit. Longbow 2d6 = 4 + 3 = 7
    vs Goblin 5's Toughness 6 less the bow's AP 1 = 5: Shaken (7 - 5 < 4: no raise)."""
    assert main(["attack", str(DEMO), *HARSK_AT_GOBLIN_5, "--dice", "7,2,4,3"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Harsk shoots Goblin 5 (Longbow): hit; Goblin 5 is Shaken",
        f"  Shooting d8 7, Wild d6 2 = 7; -2 light Cover ({cover_percent()} %) → 5 vs TN 4: hit",
        "  Longbow damage: Longbow d6 4, Longbow d6 3 → 7 vs Toughness 5: success",
        "  Goblin 5 is Shaken",
    ]


def test_called_shot_and_aim(capsys) -> None:
    """Head -4 and Light Cover -2: Aim cancels 4 of those 6 points. 7 - 2 = 5 vs 4: a hit.
    Damage 4 + 3 + 4 (head) = 11 vs 5: one raise, one Wound: the Extra is Incapacitated."""
    args = [*HARSK_AT_GOBLIN_5, "--called-shot", "head", "--aim", "--dice", "7,2,4,3"]
    assert main(["attack", str(DEMO), *args]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].endswith("-4 Called Shot (head); +4 Aim → 5 vs TN 4: hit")
    assert out[2] == ("  Longbow damage: Longbow d6 4, Longbow d6 3 = 7; +4 Called Shot (head) →"
                      " 11 vs Toughness 5: 1 raise")
    assert out[-1] == "  Goblin 5 is Incapacitated"


def test_json_lists_the_events_and_the_new_condition(capsys) -> None:
    assert main(["attack", str(DEMO), *HARSK_AT_GOBLIN_5, "--dice", "7,2,4,3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["type"] for e in data["events"]] == ["RollMade", "Hit", "RollMade",
                                                   "DamageRolled", "Shaken"]
    assert data["target_number"] == 4
    assert data["conditions"]["goblin-5"]["shaken"] is True


def test_write_saves_the_new_state(tmp_path: Path) -> None:
    path = tmp_path / "ambush.json"
    shutil.copy(DEMO, path)
    assert main(["attack", str(path), *HARSK_AT_GOBLIN_5, "--dice", "7,2,4,3", "--write"]) == 0
    saved = load_encounter(path)
    assert saved.token("goblin-5").stats["condition"]["shaken"] is True
    assert saved.log[-1].title == "Harsk shoots Goblin 5 (Longbow): hit; Goblin 5 is Shaken"


@pytest.mark.parametrize(("args", "message"), [
    (["--attacker", "harsk", "--target", "nobody", "--seed", "1"], "no token with id 'nobody'"),
    ([*HARSK_AT_GOBLIN_5, "--dice", "9"], "scripted die 1 is 9, but the Shooting die is a d8"),
    ([*HARSK_AT_GOBLIN_5, "--dice", "7,2"], "the dice script ran out after 2 dice"),
    ([*HARSK_AT_GOBLIN_5, "--weapon", "Spear", "--seed", "1"], "Harsk has no weapon 'Spear'"),
    (["--attacker", "harsk", "--target", "goblin-4", "--seed", "1"], "no line of sight"),
    ([*HARSK_AT_GOBLIN_5, "--option", "wild-attack"], "not for a Shooting attack"),
    ([*HARSK_AT_GOBLIN_5, "--override", "cover=thick"], "cover: 'thick' is not one of"),
    ([*HARSK_AT_GOBLIN_5, "--option", "wild-atack"], "unknown option 'wild-atack'"),
    ([*HARSK_AT_GOBLIN_5, "--called-shot", "elbow"], "--called-shot 'elbow' is not one of"),
    (["--attacker", "harsk", "--action", "dance"], "unknown action 'dance'"),
    (["--attacker", "harsk", "--action", "grapple"], "target: no token given"),
    (["--attacker", "harsk", "--action", "area-attack"], "--template SHAPE --at X,Y"),
    ([*HARSK_AT_GOBLIN_5, "--target", "goblin-2", "--seed", "1"],
     "shots: 2, but Longbow allows 1 to 1"),
    ([*HARSK_AT_GOBLIN_5, "--actions", "4", "--seed", "1"],
     "--actions: 4 is outside the allowed range 1 to 3"),
])
def test_bad_input_is_one_clear_line_and_nothing_is_written(tmp_path: Path, capsys, args,
                                                            message) -> None:
    path = tmp_path / "ambush.json"
    shutil.copy(DEMO, path)
    before = path.read_bytes()
    assert main(["attack", str(path), *args, "--write"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("battlemap attack: ") and message in err
    assert path.read_bytes() == before


def test_a_missed_blast_deviates_and_lands_where_geometry_says(tmp_path: Path, capsys) -> None:
    """A thrown flask (2d6, 4/8/16) at a point 8" away: Medium Range, -2. Athletics d8 3, Wild
    Die 1: 1 vs 4, a miss (not a Critical Failure: the d8 is no 1). Thrown: 1d6 = 3, x2 at
    Medium = 6", capped at half of 8 = 4". The d12 shows 12: straight on along the throw, +x
    (issue 13: the clock is read along the throw). The blast lands
    at (13.5, 5.5) on the second orc, who takes 2d6 = 5 + 4 = 9 vs Toughness 5 (no raise bonus
    on a miss): one raise, a Wound: Incapacitated. The first orc, where it was aimed, is safe."""
    flask = {"skills": {"athletics": "d8"}, "wild_card": True,
             "weapons": [{"name": "Flask", "damage": "2d6", "range": [4, 8, 16], "thrown": True}]}
    orc = {"attributes": {"vigor": "d6"}}
    enc = Encounter(tokens=(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO, stats=flask),
                            Token("orc1", "Orc 1", 9.5, 5.5, side=Side.VILLAIN, stats=orc),
                            Token("orc2", "Orc 2", 13.5, 5.5, side=Side.VILLAIN, stats=orc)))
    path = tmp_path / "flask.json"
    save_encounter(enc, path)
    args = ["--attacker", "hero", "--template", "sbt", "--at", "9.5,5.5", "--dice",
            "3,1,3,12,5,4", "--json"]
    assert main(["attack", str(path), *args]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["template"] == {"shape": "sbt", "aimed_at": [9.5, 5.5],
                                "landed_at": [13.5, 5.5], "victims": ["orc2"]}
    assert data["log"]["lines"][:3] == [
        "Athletics (throwing) (sbt) d8 3, Wild d6 1 = 3; -2 Medium Range → 1 vs TN 4: miss",
        'deviation d6 3 (x2 at medium range) = 6 → 4"',
        "deviation direction d12 12 → 12 o'clock",
    ]
    assert "Orc 2 is Incapacitated" in data["log"]["lines"]


def test_odds_of_an_attack_match_the_preview(capsys) -> None:
    assert main(["odds", str(DEMO), *HARSK_AT_GOBLIN_5, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    preview = preview_attack(load_encounter(DEMO), "harsk", "goblin-5")
    assert preview.odds is not None
    assert data["odds"]["hit"]["probability"] == preview.odds.hit
    assert data["odds"]["incapacitated"]["probability"] == preview.odds.incapacitated
    assert data["modifiers"] == [{"value": -2, "reason": "light Cover"}]
    assert main(["odds", str(DEMO), "--attacker", "harsk"]) == 2
    assert "needs --attacker ID and --target ID" in capsys.readouterr().err


def test_list_options_names_every_registry_id(capsys) -> None:
    assert main(["attack", "--list-options"]) == 0
    out = capsys.readouterr().out
    listed = {line.split()[0] for line in out.splitlines() if line.startswith("  ")}
    assert listed == set(ATTACK_OPTIONS) | set(ACTIONS) | set(AUTOMATIC_RULES)


def test_an_action_test_makes_the_goblin_vulnerable(tmp_path: Path, capsys) -> None:
    """Test: Valeros' Intimidation d6 5 (Wild d6 2) reaches 4; Goblin 1 resists with Spirit d6
    3: 5 > 3, Valeros wins without a raise (7 needed): Vulnerable, not Shaken."""
    path = tmp_path / "ambush.json"
    shutil.copy(DEMO, path)
    args = ["--attacker", "valeros", "--target", "goblin-1", "--action", "test", "--skill",
            "intimidation", "--effect", "vulnerable", "--dice", "5,2,3", "--write"]
    assert main(["attack", str(path), *args]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Valeros Tests Goblin 1 (Intimidation): Goblin 1 is Vulnerable",
        "  Intimidation (Test) d6 5, Wild d6 2 → 5 vs TN 4: success",
        "  Spirit (resist Test) d6 3 → 3 vs TN 5: failure",
        "  Goblin 1 is now Vulnerable",
    ]
    saved = load_encounter(path)
    assert saved.token("goblin-1").stats["condition"]["vulnerable"] is True
    assert saved.combat["timers"] == [{"token": "goblin-1", "status": "Vulnerable",
                                       "turn_ends": 1}]


def test_multi_action_and_running_are_declared(capsys) -> None:
    """Multi-Action: two actions, -2; running -2; Light Cover -2: 7 - 6 = 1 vs 4, a miss."""
    args = [*HARSK_AT_GOBLIN_5, "--actions", "2", "--running", "--dice", "7,2"]
    assert main(["attack", str(DEMO), *args]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert "-2 running; -2 Multi-Action (2 actions)" in line
    assert line.endswith("→ 1 vs TN 4: miss")


def test_a_called_shot_at_an_item_takes_its_scale(capsys) -> None:
    """Called Shots: an item takes its own Scale modifier - a dagger-sized one Very Small, -4.
    Shooting d8 7 (Wild 2) - 2 (Light Cover) - 4 = 1 vs 4: a miss."""
    args = [*HARSK_AT_GOBLIN_5, "--called-shot", "item", "--part-scale", "very_small",
            "--dice", "7,2"]
    assert main(["attack", str(DEMO), *args]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert line.endswith("; -4 Called Shot: item (Very Small) → 1 vs TN 4: miss")


def test_disarm_at_a_limb(capsys) -> None:
    """Disarm: "an attack against the limb or hand"; if it Shakes or Wounds, a Strength roll at
    -2 for a limb or the item drops. Harsk shoots Goblin 5: Shooting d8 8 + 3 (Ace) = 11, Wild
    2; -2 Light Cover, -2 limb = 7 vs 4: a hit. Longbow 4 + 3 = 7 vs 5 (Toughness 6 less AP 1):
    Shaken. Goblin 5's Strength d4 1 - 2 = -1 vs 4: he drops his Dogslicer (his first weapon)."""
    args = [*HARSK_AT_GOBLIN_5, "--action", "disarm", "--called-shot", "limb",
            "--dice", "8,3,2,4,3,1"]
    assert main(["attack", str(DEMO), *args]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Harsk tries to disarm Goblin 5: Goblin 5 drops Dogslicer"
    assert "-2 Called Shot (limb)" in out[1]
    assert out[-2:] == ["  Strength (keep hold of Dogslicer) d4 1 = 1; -2 hit on the limb → -1 "
                        "vs TN 4: failure", "  Goblin 5 is now disarmed: Dogslicer"]


def test_disarm_by_striking_the_weapon(capsys) -> None:
    """Disarm: "If the attack hits a weapon, the attacker rolls damage normally for an item (no
    raise effect or Aces). The defender must make a Strength roll equal to the damage or drop
    the item." Harsk shoots Goblin 5's weapon, a Small item (-2): Shooting d8 8 Aces, + 1 = 9
    (Wild 2) - 2 (Light Cover) - 2 = 5 vs 4: a hit. Longbow item damage 2d6 4 + 3 = 7; Goblin
    5's Strength d4 3 vs 7: he drops the Dogslicer, and takes no damage himself."""
    args = [*HARSK_AT_GOBLIN_5, "--action", "disarm", "--called-shot", "weapon",
            "--dice", "8,1,2,4,3,3", "--json"]
    assert main(["attack", str(DEMO), *args]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["log"]["title"] == "Harsk tries to disarm Goblin 5: Goblin 5 drops Dogslicer"
    assert data["log"]["lines"][0] == ("Shooting (at the Dogslicer) d8 8+1, Wild d6 2 = 9; -2 "
                                       "light Cover; -2 Called Shot: item (Small) → 5 vs TN 4: "
                                       "hit")
    assert data["log"]["lines"][2:] == ["Strength (keep hold of Dogslicer) d4 3 → 3 vs TN 7: "
                                        "failure", "Goblin 5 is now disarmed: Dogslicer"]
    assert data["conditions"]["goblin-5"].get("shaken", False) is False


def test_out_of_turn_needs_the_gm_override(tmp_path: Path, capsys) -> None:
    """In combat the orc (dealt the Two) may not act on the hero's turn (the King); with
    --gm-override he Defends and the log says it was out of turn."""
    hero = Token("hero", "Hero", 1.5, 1.5, side=Side.HERO, stats={"wild_card": True})
    orc = Token("orc", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={})
    enc = begin_combat(Encounter(tokens=(hero, orc)), PhysicalCards(["KS", "2C"]))[0]
    path = tmp_path / "fight.json"
    save_encounter(enc, path)
    defend = ["attack", str(path), "--attacker", "orc", "--action", "defend"]
    assert main(defend) == 2
    assert "it is Hero's turn, not Orc's" in capsys.readouterr().err
    assert main([*defend, "--gm-override"]) == 0
    assert "GM override: Orc acts out of turn (Hero's turn)" in capsys.readouterr().out
