"""Issue 26 from the command line: ``battlemap attack`` with scripted dice (``--dice``) on a
saved encounter, each worked by hand from the line it names. The rows of
``docs/rules/savage-pathfinder.md`` that issue 26 changed, tried as the GM tries them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.spf_on_map import begin_combat

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.model import Encounter, Illumination, Side, Token
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

SWORD = {"name": "Sword", "damage": "Str+d8"}
CROSSBOW = {"name": "Hand Crossbow", "damage": "2d4", "range": [5, 10, 20]}


def _saved(tmp_path: Path, ann: dict[str, Any], orc: dict[str, Any], orc_x: float = 2.5,
           cards: tuple[str, ...] = ("KS", "2C", "3C"),
           light: Illumination = Illumination.BRIGHT) -> str:
    """Ann (a hero) at (1.5, 1.5), the orc east of her, Bo (her ally) two cells south; combat
    dealt with ``cards`` (Ann, the orc, Bo in that order)."""
    tokens = (Token("ann", "Ann", 1.5, 1.5, side=Side.HERO, stats=ann),
              Token("orc", "Orc", orc_x, 1.5, side=Side.VILLAIN, stats=orc),
              Token("bo", "Bo", 1.5, 3.5, side=Side.HERO, stats={"skills": {}}))
    encounter, _ = begin_combat(Encounter(width=20, height=8, ambient=light, tokens=tokens),
                                PhysicalCards(list(cards)))
    path = tmp_path / "battle.json"
    save_encounter(encounter, path)
    return str(path)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["attack", *args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err.strip()


def test_a_second_action_test_and_a_running_third_action_support(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C25/S118 and C29 reach actions: Ann's first action, a Taunt Test (d8 5 vs the orc's
    Smarts d6 5: a tie, no effect); her second, a Taunt Test at -2: d8 7 - 2 = 5 vs Smarts 1:
    won by 4, a raise, Distracted and Shaken; her third, a Fighting Support for Bo while
    running: d8 7 - 4 - 2 = 1, no help. (Before: no -2, no -4, no running -2: the Support a
    raise.)"""
    ann = {"skills": {"taunt": "d8", "fighting": "d8"}}
    path = _saved(tmp_path, ann, {"skills": {}})
    test = [path, "--attacker", "ann", "--target", "orc", "--action", "test", "--skill",
            "taunt", "--write"]
    assert _run(capsys, *test, "--dice", "5,5")[0] == 0
    code, out, _ = _run(capsys, *test, "--dice", "7,1")
    assert code == 0 and out[0] == "Ann Tests Orc (Taunt): Orc is Distracted and Shaken"
    assert out[1].endswith("-2 Multi-Action (2 actions) → 5 vs TN 4: success")
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--target", "bo", "--action",
                        "support", "--skill", "fighting", "--running", "--dice", "7")
    assert code == 0 and out[0] == "Ann supports Bo (Fighting): no help"
    assert out[1].endswith("-2 running; -4 Multi-Action (3 actions) → 1 vs TN 4: failure")


def test_the_joker_reaches_evasion_and_climbing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C18: Ann holds the red Joker: Evasion, Agility d6 4 - 2 + 2 = 4: evaded (S58); a climb,
    Athletics d6 2 + 2 = 4: she climbs (C32). (Before: 2 and 2: neither.)"""
    path = _saved(tmp_path, {"skills": {"athletics": "d6"}}, {"skills": {}},
                  cards=("RJ", "2C", "3C"))
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--action", "evasion", "--dice", "4")
    assert code == 0 and out[0].startswith("Ann evades")
    assert out[1].endswith("+2 Joker; -2 Evasion → 4 vs TN 4: success")
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--action", "climb",
                        "--param", "rough_surface=no", "--dice", "2")
    assert code == 0 and out[0] == "Ann climbs: moves on"


def test_defend_takes_the_whole_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S46: after *Defend* the attack is refused (before: allowed at -2)."""
    path = _saved(tmp_path, {"skills": {"fighting": "d8"}, "weapons": [SWORD]},
                  {"skills": {"fighting": "d6"}})
    assert _run(capsys, path, "--attacker", "ann", "--action", "defend", "--write")[0] == 0
    code, _, err = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--dice", "8,1")
    assert code == 2 and err.endswith("Ann Defends: Defend takes his entire turn, no other "
                                      "action until his next turn")


def test_a_shot_in_melee_at_a_prone_orc(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    """S133 with S143: the prone orc's Parry 5 - 2 = 3 is the TN of the hand crossbow shot in
    melee: Shooting d8 3 (+1 for TN 3 against the usual 4) = 4: a hit; 2d4 1 + 1 = 2 vs
    Toughness 5: no harm. (Before: TN 5: a miss.)"""
    path = _saved(tmp_path, {"skills": {"shooting": "d8"}, "weapons": [CROSSBOW]},
                  {"skills": {"fighting": "d6"}, "condition": {"prone": True}})
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--dice", "3,1,1")
    assert code == 0 and out[0].startswith("Ann shoots Orc (Hand Crossbow): hit")
    assert out[1] == "  Shooting d8 3 = 3; +1 in melee: TN is Parry 3 → 4 vs TN 4: hit"


def test_a_face_shot_with_armor_piercing(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    """S33: AP 2 against the orc's Armor 2 (Toughness 7): the face shot adds no bypass on top.
    Shooting d12 10 - 5 = 5: a hit; 2d4 1 + 2 + 4 (head) = 7 vs 7 - 2 = 5: Shaken (before:
    +2 more, 9: a raise, the orc out)."""
    bolt = {**CROSSBOW, "ap": 2}
    path = _saved(tmp_path, {"skills": {"shooting": "d12"}, "weapons": [bolt]},
                  {"armor": 2}, orc_x=6.5)
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--target", "orc",
                        "--called-shot", "face", "--dice", "10,1,2")
    assert code == 0 and out[0] == "Ann shoots Orc (Hand Crossbow): hit; Orc is Shaken"
    assert "bypasses" not in out[2]


def test_bound_she_taunts_and_cuts_herself_free(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S16: Bound, a verbal Test is allowed: Taunt d8 6 - 2 (Distracted) = 4 vs Smarts d6 2:
    Distracted. S19: she cuts herself free with her sword, Strength d6 2 + d8 2 = 4 against
    Hardness 4: free."""
    ann = {"skills": {"taunt": "d8"}, "weapons": [SWORD],
           "condition": {"bound": True, "distracted": True}}
    path = _saved(tmp_path, ann, {"skills": {}})
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--action",
                        "test", "--skill", "taunt", "--dice", "6,2")
    assert code == 0 and out[0] == "Ann Tests Orc (Taunt): Orc is Distracted"
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--action", "cut-self-free",
                        "--weapon", "Sword", "--dice", "2,2")
    assert code == 0 and out[0] == "Ann cuts himself free (Sword)"


def test_scale_on_an_ordinary_attack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S31/S78: a Huge (Size 8) beast with claws, Parry 5: Fighting d8 2 + 4 = 6, a hit (before:
    a miss)."""
    claws = {"name": "Claws", "damage": "Str+d4", "natural": True}
    path = _saved(tmp_path, {"skills": {"fighting": "d8"}, "weapons": [SWORD]},
                  {"skills": {"fighting": "d6"}, "size": 8, "weapons": [claws]})
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--dice",
                        "2,1,1")
    assert code == 0 and out[0].startswith("Ann attacks Orc (Sword): hit")
    assert out[1] == "  Fighting d8 2 = 2; +4 Scale → 6 vs TN 5: hit"


def test_the_strike_at_an_object_in_the_dark(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """S84-86 and S20: Dark (-4) against TN 2: Fighting d8 5 - 4 = 1, a miss (before: a hit)."""
    path = _saved(tmp_path, {"skills": {"fighting": "d8"}, "weapons": [SWORD]},
                  {"skills": {}}, light=Illumination.DARK)
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--action", "break-object",
                        "--object", "rope", "--dice", "5")
    assert code == 0 and out[0] == "Ann misses the rope"
    assert out[1].endswith("-4 dark light → 1 vs TN 2: failure")


def test_a_refusal_names_the_token_not_its_id(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Refusals reach the GM with the token's name: S79 "a grappler may make a Strength roll
    as damage against a target he has Entangled or Bound" - Ann holds nobody; S180 Two Weapons
    needs two melee weapons."""
    path = _saved(tmp_path, {"skills": {"fighting": "d8"}, "weapons": [SWORD]},
                  {"skills": {}, "condition": {"entangled": True}})
    code, _, err = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--action",
                        "crush", "--dice", "6")
    assert code == 2 and err.endswith("Ann can only crush a foe he has Entangled or Bound")
    code, _, err = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--option",
                        "two-weapons", "--dice", "5,1,1")
    assert code == 2 and err.endswith("two-weapons: Ann holds 1 melee weapon; Two Weapons "
                                      "needs two")


def test_a_push_after_running_two_inches(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """S138: "If the attacker runs at least 2\\" before the Push, he adds +2 to his total";
    C29: running is -2 to the action itself. Ann walks 3" to the orc, then pushes declaring
    Running: Strength d6 4 + 2 - 2 = 4 against the orc's Strength d6 3: 1" back; his Athletics
    d4 4 + 1 - 2 (unskilled) = 3: prone. (Before: the +2 never reached the table.)"""
    path = _saved(tmp_path, {"skills": {}}, {"skills": {}}, orc_x=5.5)
    assert main(["move", path, "ann", "4.5", "1.5", "--save"]) == 0
    capsys.readouterr()
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--action",
                        "push", "--running", "--dice", "4,3,4,1")
    assert code == 0 and out[0] == 'Ann pushes Orc: 1" back'
    assert out[1] == ('  Strength d6 4 = 4; -2 running; +2 ran 2" before the Push → 4 vs TN 4: '
                      'success')


def test_a_push_with_athletics_against_the_better_trait(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S140: "The attacker or defender may roll Athletics instead of Strength if they choose".
    Ann's Athletics d10 5 against the orc's Athletics d8 (better than his Strength d6) 4: 1"
    back; his Athletics d8 6 to stay standing: he stays up. (Before: both rolled Strength.)"""
    path = _saved(tmp_path, {"skills": {"athletics": "d10"}}, {"skills": {"athletics": "d8"}})
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--action",
                        "push", "--trait", "athletics", "--dice", "5,4,6")
    assert code == 0 and out[0] == 'Ann pushes Orc: 1" back'
    assert out[1] == "  Athletics d10 5 → 5 vs TN 4: success"
    assert out[2] == "  Athletics (opposed) d8 4 → 4 vs TN 5: failure"


def test_a_push_says_how_far_and_which_way_in_inches(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """S138 Push on the CLI, told in words (issue 27: no raw coordinates). Ann's Strength d6 5
    against the orc's d6 2: a win by 3, no raise, 1" directly away: (2.5, 1.5) -> (3.5, 1.5),
    1" east. His Athletics d6 4 vs 4: he stays up. (Before: "Orc is pushed to (3.5, 1.5)".)"""
    path = _saved(tmp_path, {"skills": {}}, {"skills": {"athletics": "d6"}})
    code, out, _ = _run(capsys, path, "--attacker", "ann", "--target", "orc", "--action",
                        "push", "--dice", "5,2,4")
    assert code == 0 and out[0] == 'Ann pushes Orc: 1" back'
    assert '  Orc is pushed 1" east' in out
    assert not any("(3.5, 1.5)" in line for line in out)
