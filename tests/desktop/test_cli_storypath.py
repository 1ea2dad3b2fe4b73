"""``battlemap attack`` and ``battlemap odds`` on the Storypath demo firefight, measured by the
real map (geometry), resolved by ``battlemap.rules.storypath`` through the game-system interface.

The demo: Rook (Firearms 3, Dexterity 3, an automatic SMG) faces the Gunman (Defense 2,
Stamina 2) behind the loading dock's low wall (light cover: +1 Difficulty); Mara holds Thug 1
in a grapple (in control, Might 3, Athletics 2), Thug 1 one cell east of her.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.rules.storypath.odds import attack_odds

DEMO = ASSETS_DIR / "demo" / "storypath-firefight.json"
ROOK_AT_GUNMAN = ["--attacker", "rook", "--target", "gunman", "--weapon", "SMG"]


def test_odds_are_the_exact_pool_odds(capsys) -> None:
    assert main(["odds", str(DEMO), *ROOK_AT_GUNMAN, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # 6 dice, Defense 2 + 1 light cover: more than 3 successes
    assert (data["pool"], data["required"]) == ({"firearms": 3, "dexterity": 3}, 3)
    assert data["difficulty"] == [{"value": 1, "reason": "light cover"}]
    assert data["odds"]["hit"]["fraction"] == str(attack_odds(6, "none", 0, 3, 3).hit)


def test_a_hit_pauses_for_the_stunt_menu(capsys) -> None:
    # 8, 9, 10, 8, 9, 1 = 5 + Enhancement 1 (Emptying the Clip) = 6 vs 3: 3 left
    args = ["attack", str(DEMO), *ROOK_AT_GUNMAN, "--option", "empty-clip",
            "--dice", "8,9,10,8,9,1,3"]
    assert main(args) == 2
    out = json.loads(capsys.readouterr().out)
    assert (out["decision"]["id"], out["decision"]["budget"]) == ("stunts", 3)


def test_stunts_bought_on_the_command_line_are_written(tmp_path: Path, capsys) -> None:
    # Inflict Damage (0 + Armor 1) and Knock Down (Stamina 2) = 3; the ammunition check (3)
    # fails: the SMG is out of ammo
    path = tmp_path / "firefight.json"
    shutil.copy(DEMO, path)
    args = ["attack", str(path), *ROOK_AT_GUNMAN, "--option", "empty-clip",
            "--dice", "8,9,10,8,9,1,3", "--answer", "stunts=inflict-damage,knockdown",
            "--write"]
    assert main(args) == 0
    assert capsys.readouterr().out.startswith(
        "Rook: Ranged attack on Gunman (SMG): hit, 3 left; inflict-damage, knockdown")
    after = load_encounter(path)
    gunman = after.token("gunman").stats["condition"]
    assert (gunman["injuries"], gunman["prone"]) == (["bruised"], True)
    assert after.token("rook").stats["condition"]["out_of_ammo"] == ["SMG"]
    assert after.log[-1].title.startswith("Rook: Ranged attack on Gunman")


def test_a_throw_moves_the_token_on_the_map_and_ends_the_grapple(tmp_path: Path) -> None:
    # Mara's grapple (Athletics 2 + Might 3): 8, 9, 10 = 3 vs Defense 1, 2 left; Throw with 2:
    # Might 3 + 1 = 4 m east, from (13.5, 9.5) to (17.5, 9.5). The issue's --stunt flag.
    path = tmp_path / "firefight.json"
    shutil.copy(DEMO, path)
    args = ["attack", str(path), "--attacker", "mara", "--target", "thug-1",
            "--dice", "8,9,10,1,1", "--stunt", "throw:2", "--write"]  # = --answer stunts=throw:2
    assert main(args) == 0
    after = load_encounter(path)
    thug = after.token("thug-1")
    assert (thug.x, thug.y) == (17.5, 9.5)
    assert after.combat["grapples"] == []


def test_a_shove_stops_against_the_warehouse_wall(tmp_path: Path, capsys) -> None:
    # Eli (Close Combat 2 + Might 2) stands north of Thug 2 inside the warehouse; 8, 9, 10, 1
    # = 3 vs Defense 1, 2 left; Shove 2 x Might 2 = 4 m south, from y 14.5 towards 18.5: the
    # south wall (y 18) stops Thug 2's edge there, its centre at 17.5: pushed 3 m south
    data = json.loads(DEMO.read_text())
    places = {"eli": (25.5, 13.5), "thug-2": (25.5, 14.5)}
    for token in data["tokens"]:
        if token["id"] in places:
            token["position"] = dict(zip(("x", "y"), places[token["id"]], strict=True))
    path = tmp_path / "firefight.json"
    path.write_text(json.dumps(data))
    args = ["attack", str(path), "--attacker", "eli", "--target", "thug-2",
            "--dice", "8,9,10,1", "--answer", "stunts=shove:2", "--write"]
    assert main(args) == 0
    out = capsys.readouterr().out  # names and places in words, no ids or coordinates
    assert "  Thug 2 is pushed 3 m south\n  Thug 2 stops against a wall" in out
    thug = load_encounter(path).token("thug-2")
    assert (thug.x, thug.y) == (25.5, 17.5)


def test_escape_on_the_command_line_asks_then_frees_with_the_answer(tmp_path: Path,
                                                                     capsys) -> None:
    # L102: Thug 1 escapes with 4 dice (better of Close Combat 2 / Athletics 1 + better of
    # Dexterity 2 / Might 2) against Mara's Might 3 + Athletics 2 = 5 dice: 8, 9, 10, 1 = 3
    # against 1, 1, 1, 1, 8 = 1: he wins by 2. Without an answer the action waits (code 2,
    # the decision printed); with --answer escape=free the grapple is gone from the file.
    path = tmp_path / "firefight.json"
    shutil.copy(DEMO, path)
    args = ["attack", str(path), "--attacker", "thug-1", "--action", "escape",
            "--dice", "8,9,10,1,1,1,1,1,8"]
    assert main(args) == 2
    assert json.loads(capsys.readouterr().out)["decision"]["id"] == "escape"
    assert load_encounter(path).combat["grapples"] != []
    assert main([*args, "--answer", "escape=free", "--write"]) == 0
    assert load_encounter(path).combat["grapples"] == []


def test_a_held_token_cannot_move_from_the_spot(tmp_path: Path, capsys) -> None:
    # L101 "You cannot move from the spot": Thug 1, held by Mara, is refused in words by
    # `battlemap move` and by a drag; --force is the GM's ruling otherwise
    from battlemap.desktop.core.tools import PointerEvent, PointerKind, SelectTool

    path = tmp_path / "firefight.json"
    shutil.copy(DEMO, path)
    assert main(["move", str(path), "thug-1", "15.5", "9.5", "--save"]) == 2
    assert "Thug 1 is held in Mara's grapple and cannot move from the spot" in \
        capsys.readouterr().err
    encounter = load_encounter(path)
    assert (encounter.token("thug-1").x, encounter.token("thug-1").y) == (13.5, 9.5)
    tool = SelectTool()
    tool.feed(PointerEvent(PointerKind.PRESS, 13.5, 9.5), encounter)
    tool.feed(PointerEvent(PointerKind.MOVE, 15.5, 9.5), encounter)
    assert tool.feed(PointerEvent(PointerKind.RELEASE, 15.5, 9.5), encounter) is None
    assert tool.refused.startswith("not moved: Thug 1 is held in Mara's grapple")
    assert main(["move", str(path), "thug-1", "15.5", "9.5", "--save", "--force"]) == 0


def test_the_grappler_does_not_walk_away_from_the_grapple(tmp_path: Path, capsys) -> None:
    # L59 "Both you and they can only make grappling physical actions until someone breaks
    # free": Mara's drag alone (1 m west) is refused in words by a drag and `battlemap move`;
    # she moves with Drag grappled (below) or lets go (Release grapple, a free action) first
    from battlemap.desktop.core.tools import PointerEvent, PointerKind, SelectTool

    path = tmp_path / "firefight.json"
    shutil.copy(DEMO, path)
    assert main(["move", str(path), "mara", "11.5", "9.5", "--save"]) == 2
    assert "Mara holds Thug 1 in a grapple: only grappling actions until someone breaks " \
        "free" in capsys.readouterr().err
    encounter = load_encounter(path)
    tool = SelectTool()
    tool.feed(PointerEvent(PointerKind.PRESS, 12.5, 9.5), encounter)
    tool.feed(PointerEvent(PointerKind.MOVE, 11.5, 9.5), encounter)
    assert tool.feed(PointerEvent(PointerKind.RELEASE, 11.5, 9.5), encounter) is None
    assert tool.refused.startswith("not moved: Mara holds Thug 1 in a grapple")
    assert main(["attack", str(path), "--attacker", "mara", "--action", "release",
                 "--write"]) == 0
    assert main(["move", str(path), "mara", "11.5", "9.5", "--save"]) == 0


def test_the_grappler_drags_after_a_won_roll(tmp_path: Path) -> None:
    # L101 "Your grappler may drag ... with an opposed Might + Athletics roll, and
    # automatically wins ties": Mara 5 dice 8, 9, 1, 1, 1 = 2 against Thug 1's Might 2 +
    # Athletics 1 = 3 dice 8, 9, 1 = 2: a tie, Mara wins; her next move carries Thug 1
    from battlemap.desktop.core.tools import PointerEvent, PointerKind, SelectTool

    path = tmp_path / "firefight.json"
    shutil.copy(DEMO, path)
    assert main(["attack", str(path), "--attacker", "mara", "--action", "drag",
                 "--dice", "8,9,1,1,1,8,9,1", "--write"]) == 0
    encounter = load_encounter(path)
    tool = SelectTool()
    tool.feed(PointerEvent(PointerKind.PRESS, 12.5, 9.5), encounter)
    tool.feed(PointerEvent(PointerKind.MOVE, 12.5, 11.5), encounter)
    commit = tool.feed(PointerEvent(PointerKind.RELEASE, 12.5, 11.5), encounter)
    assert commit is not None, tool.refused
    after = commit.encounter
    assert (after.token("mara").y, after.token("thug-1").y) == (11.5, 11.5)
    assert "dragging" not in after.combat["grapples"][0]  # the drag is spent


def test_rules_settings_are_listed_set_and_written(tmp_path: Path, capsys) -> None:
    # every setting reachable: listed with its value and what it accepts; a bad value named
    # and nothing written; good ones written and then read by the rules (10s doubled: Rook's
    # 6 dice can reach 12 successes, so the card lists more stunt counts)
    path = tmp_path / "firefight.json"
    shutil.copy(DEMO, path)
    assert main(["settings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  tens = none  (10s; accepts none, double, reroll)" in out
    assert "  attributes.ranged.long = composure" in out
    assert main(["settings", str(path), "bands.short=1", "--write"]) == 2
    assert "each band must reach at least as far as the one before" in capsys.readouterr().err
    assert main(["settings", str(path), "tens=triple"]) == 2
    assert "tens (10s): 'triple' is not one of none, double, reroll" in capsys.readouterr().err
    assert load_encounter(path).combat["settings"] == {"tens": "none"}
    assert main(["settings", str(path), "tens=double", "cover.light=2", "--write"]) == 0
    assert load_encounter(path).combat["settings"] == {"tens": "double",
                                                       "cover": {"light": 2}}
    capsys.readouterr()
    assert main(["odds", str(path), *ROOK_AT_GUNMAN, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # Defense 2 + light cover 2 (the setting): more than 4 successes
    assert (data["tens"], data["required"]) == ("double", 4)


def test_a_target_out_of_reach_gets_a_weapon_that_reaches(capsys) -> None:
    # Attacking: "You can attack within the range of your weapon". Rook names no weapon;
    # Gunman is 17 m away (medium): not unarmed Close Combat but the SMG (reaches medium)
    assert main(["odds", str(DEMO), "--attacker", "rook", "--target", "gunman", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["kind"], data["pool"]) == ("ranged", {"firearms": 3, "dexterity": 3})


def test_the_knife_is_thrown_with_the_listed_option(capsys) -> None:
    # THROWN ATTACK ("Range: Short", "Skill: Athletics"; the Attribute at short: Might): the
    # option is listed with the attack options - the declaration the GUI's Options menu is
    # built from - and `odds` takes it. Eli (Athletics 3, Might 2) throws his Knife (close,
    # tagged thrown) at Thug 1, 6.7 m away (short); without the option the Knife is a Close
    # Combat weapon and does not reach.
    from battlemap.rules.interface import ActionKind
    from battlemap.rules.registry import find_system

    assert main(["attack", str(DEMO), "--list-options"]) == 0
    options = capsys.readouterr().out.split("actions (--action ID):")[0]
    assert "  thrown " in options
    spec = next(a for a in find_system("storypath").actions() if a.id == "thrown")
    assert spec.kind is ActionKind.OPTION
    eli = ["odds", str(DEMO), "--attacker", "eli", "--target", "thug-1", "--weapon", "Knife"]
    assert main(eli) == 2
    assert "reaches close" in capsys.readouterr().err
    assert main([*eli, "--option", "thrown", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["kind"], data["band"], data["pool"]) == ("thrown", "short",
                                                          {"athletics": 3, "might": 2})


def test_odds_take_the_gms_overrides(capsys) -> None:
    # The GM rules the Gunman in heavy cover (+2 Difficulty): more than 2 + 2 = 4 successes;
    # and at long range, which the SMG (range medium) does not reach: refused with why
    assert main(["odds", str(DEMO), *ROOK_AT_GUNMAN, "--override", "cover=heavy",
                 "--override", "band=short", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["required"], data["band"]) == (4, "short")
    assert data["difficulty"] == [{"value": 2, "reason": "heavy cover"}]
    assert main(["odds", str(DEMO), *ROOK_AT_GUNMAN, "--override", "band=long"]) == 2
    assert "(long); ranged with SMG reaches medium" in capsys.readouterr().err
    assert main(["odds", str(DEMO), *ROOK_AT_GUNMAN, "--override", "band=far"]) == 2
    assert "'far' is not one of close, short, medium, long, extreme" in capsys.readouterr().err


def test_a_stunt_bought_zero_times_is_refused(capsys) -> None:
    # Issue 31: "Storypath stunts bought at :0 successes" were accepted and logged as spending
    # 0 successes; the count is refused before anything is rolled or written.
    assert main(["attack", str(DEMO), "--attacker", "rook", "--target", "thug-2", "--dice",
                 "10,10,10,10,10,10", "--stunt", "inflict-damage:0"]) == 2
    err = capsys.readouterr().err
    assert "inflict-damage:0: a stunt is bought at least once (:1 or more)" in err


def test_a_position_that_buys_nothing_is_refused_and_one_that_beats_the_dodge_is_not(
        tmp_path: Path, capsys) -> None:
    # L27 Position (per success; Difficulty equal to Opponent's Dodge): Mara's grapple, 8, 9,
    # 10 = 3 vs Thug 1's Defense 1, 2 left. Thug 1's Dodge (his Defense, 1) takes the first
    # success: Position bought once buys nothing and is refused; twice it is +1 Enhancement.
    path = tmp_path / "firefight.json"
    shutil.copy(DEMO, path)
    args = ["attack", str(path), "--attacker", "mara", "--target", "thug-1",
            "--dice", "8,9,10,1,1", "--write"]
    assert main([*args, "--stunt", "position"]) == 2
    assert "position:1 buys nothing: Thug 1's Dodge 1 takes the first 1 success" in \
        capsys.readouterr().err
    assert main([*args, "--stunt", "position:2"]) == 0
    assert "Mara has +1 Enhancement on the next grappling attack against Thug 1" in \
        capsys.readouterr().out
