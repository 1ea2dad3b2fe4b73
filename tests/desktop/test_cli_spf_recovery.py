"""``battlemap attack --action`` for Savage Pathfinder recovery over days and hours: scripted
dice, the log printed, ``--write`` saving the token's new condition."""

from __future__ import annotations

from pathlib import Path

from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, Side, Token

DOWN = {"wild_card": True, "attributes": {"vigor": "d8"},
        "condition": {"wounds": 3, "incapacitated": True}}


def saved(tmp_path: Path, stats: dict) -> Path:
    path = tmp_path / "camp.json"
    hero = Token("hero", "Hero", 1.5, 1.5, side=Side.HERO, stats=stats)
    save_encounter(Encounter(system="savage-pathfinder", tokens=(hero,)), path)
    return path


def test_the_daily_vigor_roll_from_the_command_line(tmp_path: Path, capsys) -> None:
    """C77 Incapacitated: "a Vigor roll each day ... no longer Incapacitated ... if
    successful": Vigor d8 7, Wild d6 1, -3 for three Wounds = 4 vs 4, a success."""
    path = saved(tmp_path, DOWN)
    args = ["attack", str(path), "--attacker", "hero", "--action", "daily-vigor"]
    assert main([*args, "--dice", "7,1", "--write"]) == 0
    assert capsys.readouterr().out.splitlines()[:3] == [
        "Hero recovers: no longer Incapacitated (daily Vigor)",
        "  Vigor (daily recovery) d8 7, Wild d6 1 = 7; -3 3 Wounds → 4 vs TN 4: success",
        "  Hero is no longer Incapacitated",
    ]
    condition = load_encounter(path).token("hero").stats["condition"]
    assert condition.get("incapacitated", False) is False
    assert condition["wounds"] == 3


def test_breaking_free_of_a_net_from_the_command_line(tmp_path: Path, capsys) -> None:
    """S18 Breaking Free from a Device: --device marks the net; Strength d6 3, Wild d6 2, -2 =
    1 fails, so the next try is refused until --action device-retry (the GM's call); then d6
    6 (an Ace) + 2 = 8, Wild 1, -2 = 6 vs 4: free."""
    netted = {"wild_card": True, "attributes": {"strength": "d6"},
              "condition": {"entangled": True, "vulnerable": True}}
    path = saved(tmp_path, netted)
    free = ["attack", str(path), "--attacker", "hero", "--action", "break-free", "--device"]
    assert main([*free, "--dice", "3,2", "--write"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Hero is still held"
    assert main([*free, "--dice", "6,1", "--write"]) == 2
    assert "Hero failed to break free of a device: no new try until the situation changes" \
        in capsys.readouterr().err
    retry = ["attack", str(path), "--attacker", "hero", "--action", "device-retry", "--write"]
    assert main(retry) == 0
    assert capsys.readouterr().out.splitlines()[0] == \
        "The situation changed: Hero may try to break free again"
    assert main([*free, "--dice", "6,2,1", "--write"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Hero breaks free"
    assert load_encounter(path).token("hero").stats["condition"]["entangled"] is False


def test_mixed_fatigue_from_the_command_line(tmp_path: Path, capsys) -> None:
    """S64 Mixed Fatigue: cold for 1 h and hunger for 8 h (Exhausted); after 4 h one level is
    gone with the cold (Fatigued), after 4 more the other with the hunger."""
    path = saved(tmp_path, {"wild_card": True})
    act = ["attack", str(path), "--attacker", "hero", "--write", "--action"]
    assert main([*act, "gain-fatigue", "--param", "source=cold", "--param", "hours=1"]) == 0
    assert main([*act, "gain-fatigue", "--param", "source=hunger", "--param", "hours=8"]) == 0
    capsys.readouterr()
    assert main([*act, "time-passes", "--param", "hours=4"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "4 h pass: Hero's Fatigue Exhausted → Fatigued", "  worn off: cold",
        "  still: hunger (4 h)"]
    assert main([*act, "time-passes", "--param", "hours=4"]) == 0
    assert load_encounter(path).token("hero").stats["condition"].get("fatigue", 0) == 0


def test_the_spirit_roll_at_the_start_of_the_turn_from_the_command_line(
        tmp_path: Path, capsys) -> None:
    """C60 "At the start of their turn, Shaken characters must attempt to recover ... by making
    a Spirit roll": Hero (King of Spades) is Shaken; the deal starts his turn and rolls Spirit
    d6 5, Wild d6 1 = 5 vs 4 by itself. The Orc may not roll Spirit in Hero's turn, but a
    Benny (C63 "even when it's not her turn") removes his Shaken."""
    hero = Token("hero", "Hero", 1.5, 1.5, side=Side.HERO, stats={
        "wild_card": True, "attributes": {"spirit": "d6"}, "condition": {"shaken": True}})
    orc = Token("orc", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={
        "bennies": 1, "condition": {"shaken": True}})
    path = tmp_path / "fight.json"
    save_encounter(Encounter(system="savage-pathfinder", tokens=(hero, orc)), path)
    assert main(["turn", str(path), "deal", "--param", "cards=KS 2C", "--dice", "5,1",
                 "--write"]) == 0
    out = capsys.readouterr().out
    assert "Hero recovers (Spirit)" in out and "Hero is no longer Shaken" in out
    assert main(["attack", str(path), "--attacker", "orc", "--action", "recover-shaken",
                 "--dice", "6"]) == 2
    assert "only at the start of Orc's own turn; it is Hero's turn, not Orc's" in \
        capsys.readouterr().err
    assert main(["attack", str(path), "--attacker", "orc", "--action", "spend-benny",
                 "--write"]) == 0
    assert load_encounter(path).token("orc").stats["condition"].get("shaken") is False


def test_the_vigor_roll_of_a_stunned_token_at_the_start_of_his_turn_from_the_command_line(
        tmp_path: Path, capsys) -> None:
    """S159 "At the start of a Stunned character's turn, he makes a Vigor roll as a free
    action. Success means he's no longer Stunned but remains Vulnerable until the end of his
    next turn": Hero (King of Spades) acts first, then the Stunned Orc (Two of Clubs, Vigor d6,
    saved Stunned only): ``turn next`` rolls Vigor d6 4 vs 4 by itself; he is Vulnerable after
    (the file lacked it) for two of his turn-ends; *Recover from Stunned* after is refused in
    words."""
    hero = Token("hero", "Hero", 1.5, 1.5, side=Side.HERO, stats={"wild_card": True})
    orc = Token("orc", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={
        "attributes": {"vigor": "d6"}, "condition": {"stunned": True}})
    path = tmp_path / "fight.json"
    save_encounter(Encounter(system="savage-pathfinder", tokens=(hero, orc)), path)
    assert main(["turn", str(path), "deal", "--param", "cards=KS 2C", "--write"]) == 0
    capsys.readouterr()
    assert main(["turn", str(path), "next", "--dice", "4", "--write"]) == 0
    out = capsys.readouterr().out
    for line in ("Orc recovers from Stunned (Vigor 4 vs 4)",
                 "Vigor (recover from Stunned) d6 4 → 4 vs TN 4: success",
                 "Orc is no longer Stunned", "Orc is now Vulnerable",
                 "Vulnerable until the end of his next turn"):
        assert line in out
    saved = load_encounter(path)
    assert saved.token("orc").stats["condition"]["stunned"] is False
    assert saved.token("orc").stats["condition"]["vulnerable"] is True
    assert {"token": "orc", "status": "Vulnerable", "turn_ends": 2} in saved.combat["timers"]
    assert main(["attack", str(path), "--attacker", "orc", "--action", "recover-stunned",
                 "--dice", "6"]) == 2
    assert "Orc is not stunned" in capsys.readouterr().err
