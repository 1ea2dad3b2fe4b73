"""FATE on the map: a push or throw moves tokens by zones (fate-roman-combat.txt, "Pushing"
and "Throw/Knockback"), measured on the demo arena's zones."""

from __future__ import annotations

import json
from pathlib import Path

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter

DEMO = ASSETS_DIR / "demo" / "fate-arena.json"
THROW = ["--option", "maneuver:throw", "--answer", "stance=attack"]


def arena_with(tmp_path: Path, **places: tuple[float, float]) -> Path:
    """The demo arena with some tokens moved (``places``: id -> x, y)."""
    data = json.loads(DEMO.read_text())
    for token in data["tokens"]:
        if token["id"].replace("-", "_") in places:
            x, y = places[token["id"].replace("-", "_")]
            token["position"] = {"x": x, "y": y}
    path = tmp_path / "arena.json"
    path.write_text(json.dumps(data))
    return path


def test_a_throw_lands_the_warrior_in_the_next_zone_along_the_line(tmp_path: Path) -> None:
    """Tertius (Fists +3) at (10.5, 10.5) throws Warrior 2 at (11.5, 10.5), both in Centre
    Sand: + + + + = 7 against the mob's Toughness +2, +2 for the 4:1 odds, 0 0 0 0 = 4: 3
    shifts. Weight 2: one zone costs 3, two cost 7, so one zone. The line from Tertius through
    the warrior runs east along y 10.5 into the Platform (x 17-23, y 5-11): the warrior lands
    just inside it, his radius 0.5 from its edge, at (17.5, 10.5). Tertius stays (a throw)."""
    path = arena_with(tmp_path, tertius=(10.5, 10.5))
    args = ["attack", str(path), "--attacker", "tertius", "--target", "warrior-2", *THROW,
            "--dice", "3,3,3,3,2,2,2,2", "--write"]
    assert main(args) == 0
    after = load_encounter(path)
    warrior, tertius = after.token("warrior-2"), after.token("tertius")
    assert (warrior.x, warrior.y) == (17.5, 10.5)
    assert (tertius.x, tertius.y) == (10.5, 10.5)
    assert after.log[-1].lines[-1] == "Warrior 2 moves 1 zone to Platform"


def test_a_throw_north_lands_in_north_sand(tmp_path: Path) -> None:
    """The same throw from the south: Tertius at (11.5, 7.5) below Warrior 1 at (11.5, 6.5).
    The line runs north and stays in Centre Sand to the arena wall; no zone lies that way, so
    the warrior goes to the neighbour lying most north of him: North Sand (centre (20, 3))
    beats West Sand, Platform and South Sand. He lands at its nearest point inset by his
    radius: (17.5, 4.5)."""
    path = arena_with(tmp_path, tertius=(11.5, 7.5))
    args = ["attack", str(path), "--attacker", "tertius", "--target", "warrior-1", *THROW,
            "--dice", "3,3,3,3,2,2,2,2", "--write"]
    assert main(args) == 0
    warrior = load_encounter(path).token("warrior-1")
    assert (warrior.x, warrior.y) == (17.5, 4.5)


def test_an_aspect_maneuver_and_an_aspect_action_take_typed_text(tmp_path: Path) -> None:
    """Maneuvers, "place an aspect" (L33, rolled like Blinding against the target's Athletics,
    L37, which he only resists: no stance asked): Tertius (Weapons +4), + + + + = 8, against
    Warrior 2's Athletics (a mook rolls its Toughness, +2), 0 0 0 0 = 2: wins by 6 and Warrior 2
    gains "Off Balance". Then the GM
    adds "Slick with Blood" to Centre Sand with the action (``--param zone=``)."""
    path = arena_with(tmp_path, tertius=(10.5, 10.5))
    assert main(["attack", str(path), "--attacker", "tertius", "--target", "warrior-2",
                 "--option", "maneuver:aspect", "--param", "aspect=Off Balance",
                 "--dice", "3,3,3,3,2,2,2,2", "--write"]) == 0
    after = load_encounter(path)
    assert after.log[-1].lines[-2:] == ("Warrior 2 gains the aspect Off Balance",
                                        "Tertius: a free tag on Off Balance (no fate point)")
    assert after.token("warrior-2").stats["condition"]["aspects"] == ["Off Balance"]
    assert main(["attack", str(path), "--attacker", "tertius", "--action", "add-aspect",
                 "--param", "aspect=Slick with Blood", "--param", "zone=Centre Sand",
                 "--write"]) == 0
    assert load_encounter(path).combat["zone_aspects"] == {"Centre Sand": ["Slick with Blood"]}


def test_the_thrown_warrior_slides_to_where_he_lands_on_the_map(tmp_path: Path) -> None:
    """The throw of the first test, as the GM window animates it: the storyboard slides Warrior
    2 from (11.5, 10.5) to (17.5, 10.5), where the encounter after the throw has him."""
    from battlemap.desktop.core.storyboard import Slide, storyboard
    from battlemap.desktop.core.table_pipeline import TableResult, resolve
    from battlemap.rules.dice import ScriptedDice
    from battlemap.rules.interface import AttackRequest

    before = load_encounter(arena_with(tmp_path, tertius=(10.5, 10.5)))
    request = AttackRequest("tertius", "warrior-2", options=("maneuver:throw",),
                            answers={"stance": ("attack",)})
    done = resolve(before, request, ScriptedDice([3, 3, 3, 3, 2, 2, 2, 2]))
    assert isinstance(done, TableResult)
    slides = [b for b in storyboard(before, done.resolution.events) if isinstance(b, Slide)]
    assert slides == [Slide("warrior-2", (11.5, 10.5), (17.5, 10.5))]
    moved = done.encounter.token("warrior-2")
    assert (moved.x, moved.y) == (17.5, 10.5)


def test_stress_blows_through_only_to_the_warriors_attacked_at_once(tmp_path: Path) -> None:
    """"Mooks" (L75): Tertius (Weapons +4) beside Warrior 2, + + + + = 8 against the warband's
    Toughness +2 +2 odds 4:1, 0 0 0 0 = 4: 4 shifts +2 sword +1 half Might -1 shield = 6
    stress. Each warrior holds 2 (Toughness 2). Attacked alone, Warrior 2 is out and the other
    4 stress reach nobody; attacked at once with Warrior 1 (two ``--target``s, the GUI's
    Shift+click volley), Warrior 2 then Warrior 1 are out, greyed in that order; Warrior 3,
    not attacked, takes nothing."""
    from battlemap.desktop.core.storyboard import Greying, storyboard
    from battlemap.desktop.core.table_pipeline import TableResult, resolve
    from battlemap.rules.dice import ScriptedDice
    from battlemap.rules.interface import AttackRequest

    before = load_encounter(arena_with(tmp_path, tertius=(10.5, 10.5)))
    alone = resolve(before, AttackRequest("tertius", "warrior-2",
                                          answers={"stance": ("attack",)}),
                    ScriptedDice([3, 3, 3, 3, 2, 2, 2, 2]))
    assert isinstance(alone, TableResult)
    assert [b.token for b in storyboard(before, alone.resolution.events)
            if isinstance(b, Greying)] == ["warrior-2"]
    path = arena_with(tmp_path, tertius=(10.5, 10.5))
    assert main(["attack", str(path), "--attacker", "tertius", "--target", "warrior-2",
                 "--target", "warrior-1", "--answer", "stance=attack",
                 "--dice", "3,3,3,3,2,2,2,2", "--write"]) == 0
    after = load_encounter(path)
    down = [t.id for t in after.tokens if t.stats.get("condition", {}).get("taken_out")]
    assert down == ["warrior-1", "warrior-2"]
    volley = resolve(before, AttackRequest("tertius", "warrior-2", also=("warrior-1",),
                                           answers={"stance": ("attack",)}),
                     ScriptedDice([3, 3, 3, 3, 2, 2, 2, 2]))
    assert isinstance(volley, TableResult)
    assert [b.token for b in storyboard(before, volley.resolution.events)
            if isinstance(b, Greying)] == ["warrior-2", "warrior-1"]


def test_a_push_to_the_platform_lands_the_pair_apart_and_a_short_one_says_why(
        tmp_path: Path) -> None:
    """"Pushing" (L43): Tertius (Fists +3) at (10.5, 10.5) pushes Warrior 2 at (11.5, 10.5)
    towards the Platform (``--param to=Platform``, one zone east of Centre Sand): + + + + = 7
    against the warband's Toughness +2 +2 odds, 0 0 0 0 = 4: 3 shifts = weight 2 + 1 zone.
    Both land in the Platform; the nearest point of it for both is (17.5, 10.5), so Tertius
    stands there and the warrior one cell on (radius 0.5 + 0.5), at (18.5, 10.5). Then a win
    by 2 (+ + + 0 = 6 against 4) cannot pay the 3 shifts: nobody moves and the log says why."""
    path = arena_with(tmp_path, tertius=(10.5, 10.5))
    push = ["attack", str(path), "--attacker", "tertius", "--target", "warrior-2",
            "--option", "maneuver:push", "--param", "to=Platform", "--answer", "stance=attack",
            "--write"]
    assert main([*push, "--dice", "3,3,3,3,2,2,2,2"]) == 0
    after = load_encounter(path)
    warrior, tertius = after.token("warrior-2"), after.token("tertius")
    assert (tertius.x, tertius.y) == (17.5, 10.5)
    assert (warrior.x, warrior.y) == (18.5, 10.5)
    path = arena_with(tmp_path, tertius=(10.5, 10.5))
    assert main([*push, "--dice", "3,3,3,2,2,2,2,2"]) == 0
    after = load_encounter(path)
    assert (after.token("warrior-2").x, after.token("warrior-2").y) == (11.5, 10.5)
    assert after.log[-1].lines[-1] == ("Pushing Warrior 2 (weight 2): one zone costs 3 shifts,"
                                       " the win paid 2; nobody moves")


def test_a_tie_turned_into_a_win_by_invoking_an_aspect_from_the_cli(tmp_path: Path) -> None:
    """Aspects (L33): Tertius (refresh 2) at (10.5, 10.5) attacks Warrior 2: 0 0 0 0 + 4 = 4
    against the warband's 0 0 0 0 + 2 + 2 odds = 4, a tie. The attack waits (exit 2) for the
    ``invoke`` answer; with ``--answer invoke=plus-1`` he invokes his first aspect, Thracian
    Gladiator: 6 against 4, won by 2: 2 + 2 sword + 1 half Might - 1 shield = 4 stress, and
    Warrior 2 (Toughness 2) is out; Tertius keeps 1 fate point."""
    data = json.loads(arena_with(tmp_path, tertius=(10.5, 10.5)).read_text())
    next(t for t in data["tokens"] if t["id"] == "tertius")["stats"]["refresh"] = 2
    path = tmp_path / "arena.json"
    path.write_text(json.dumps(data))
    args = ["attack", str(path), "--attacker", "tertius", "--target", "warrior-2",
            "--answer", "stance=attack", "--dice", "2,2,2,2,2,2,2,2", "--write"]
    assert main(args) == 2
    assert main([*args, "--answer", "invoke=plus-1"]) == 0
    after = load_encounter(path)
    assert after.token("warrior-2").stats["condition"]["taken_out"] is True
    assert after.token("tertius").stats["condition"]["fate_points"] == 1
    assert ("Tertius invokes Thracian Gladiator (Tertius): +2 (a fate point, 1 left) = 6"
            in after.log[-1].lines)


def test_dice_needed_says_which_decision_the_dice_wait_for(tmp_path: Path,
                                                           capsys: object) -> None:
    """An exchange (L1, "both combatants roll at the same time") asks Warrior 2's stance
    before any die: --dice-needed listed nothing and said nothing. Now it names the decision
    and how to answer it; with the answer it lists the eight Fudge dice, Tertius's first."""
    path = arena_with(tmp_path, tertius=(10.5, 10.5))
    base = ["attack", str(path), "--attacker", "tertius", "--target", "warrior-2",
            "--dice-needed"]
    assert main(base) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.startswith("then the attack waits for 'Warrior 2: Tertius starts an exchange")
    assert "give --answer stance=CHOICE (one of attack, full-defense," in out
    assert main([*base, "--answer", "stance=attack"]) == 0
    listed = capsys.readouterr().out.splitlines()  # type: ignore[attr-defined]
    assert len(listed) == 8 and "Fudge die 1 for Tertius" in listed[0]
    assert "Fudge die 1 for Warrior 2" in listed[4]


def test_an_aspect_on_a_zone_the_map_lacks_is_refused_naming_it(tmp_path: Path,
                                                                capsys: object) -> None:
    """L33 aspects on "a scene or character" (and the arena's zones): a zone name with a typo
    ("Platfrom") hung the aspect on no zone at all, shown nowhere; now it is refused in words
    and nothing is saved. The right name still works."""
    path = arena_with(tmp_path)
    base = ["attack", str(path), "--attacker", "tertius", "--action", "add-aspect",
            "--param", "aspect=Slick Sand", "--write"]
    assert main([*base, "--param", "zone=Platfrom"]) == 2
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert "no zone named 'Platfrom' on the map (blank: on Tertius; scene: on the scene)" in err
    assert "zone_aspects" not in load_encounter(path).combat
    assert main([*base, "--param", "zone=Platform"]) == 0
    assert load_encounter(path).combat["zone_aspects"] == {"Platform": ["Slick Sand"]}
    maneuver = ["attack", str(path), "--attacker", "tertius", "--action", "maneuver",
                "--param", "aspect=Braced", "--param", "skill=weapons", "--param",
                "difficulty=2", "--param", "on=Centre Sands", "--dice", "2,2,2,2"]
    assert main(maneuver) == 2
    assert "no zone named 'Centre Sands'" in capsys.readouterr().err  # type: ignore[attr-defined]


def test_zones_are_named_by_name_or_id_in_any_case_and_printed_by_name(
        tmp_path: Path, capsys: object) -> None:
    """The GM names a zone as he likes: the push of the Platform test with ``to=zone-platform``
    (the zone's id) lands the pair there and the log names "Platform"; a zone aspect put on
    ``platform`` and a maneuver's aspect on ``ZONE-CENTRE`` hang on Platform and Centre Sand
    (the maneuver: Weapons +2, + + 0 0 = 4 against difficulty 2)."""
    path = arena_with(tmp_path, tertius=(10.5, 10.5))
    push = ["attack", str(path), "--attacker", "tertius", "--target", "warrior-2",
            "--option", "maneuver:push", "--param", "to=zone-platform", "--answer",
            "stance=attack", "--dice", "3,3,3,3,2,2,2,2", "--write"]
    assert main(push) == 0
    after = load_encounter(path)
    assert (after.token("warrior-2").x, after.token("warrior-2").y) == (18.5, 10.5)
    assert "zone-platform" not in " ".join(after.log[-1].lines)
    assert any("Platform" in line for line in after.log[-1].lines)
    aspect = ["attack", str(path), "--attacker", "tertius", "--action", "add-aspect",
              "--param", "aspect=Slick Sand", "--param", "zone=platform", "--write"]
    assert main(aspect) == 0
    maneuver = ["attack", str(path), "--attacker", "tertius", "--action", "maneuver",
                "--param", "aspect=Braced", "--param", "skill=weapons", "--param",
                "difficulty=2", "--param", "on=ZONE-CENTRE", "--dice", "3,3,2,2", "--write"]
    assert main(maneuver) == 0
    assert load_encounter(path).combat["zone_aspects"] == {"Platform": ["Slick Sand"],
                                                           "Centre Sand": ["Braced"]}
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "ZONE-CENTRE" not in out and "zone-platform" not in out
