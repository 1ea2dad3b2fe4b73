"""GURPS area attacks on the real hex map (the demo): the orc's black powder bomb (3d cr ex),
each victim's dive for cover (L159) or throw onto the explosive (L157), through
``resolve_template`` (the Template tool's path) and ``battlemap attack --template``.

Worked by hand from ``gurps-active-defense.txt`` and the demo (assets/demo/gurps-duel.json):
the orc (Throwing 12) stands at (10, 3.1754), Donn (Dodge 9, DR 4, DR 2 against crushing,
HP 13, High Pain Threshold) at (8, 8.3716), Ysolde (Dodge 9, DR 1, HP 11) at (5, 10.1036).
The orc to Donn's hex: sqrt(2^2 + 5.196^2) = 5.57 yd, -3 on the range table (7 yd), so
12 - 3 = 9; 3+3+3 = 9 hits by 0.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.table_pipeline import Paused
from battlemap.desktop.core.template_attack import TemplateAttack, TemplateError, resolve_template
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.events import Injured, StatusAdded, TokenPushed

DONN = (8.0, 8.3716)
HIT = [3, 3, 3]


def demo() -> Encounter:
    return load_encounter(ASSETS_DIR / "demo" / "gurps-duel.json")


def fired(encounter: Encounter, shape: str, at: tuple[float, float], dice: list[int],
          **answers: str) -> TemplateAttack:
    done = resolve_template(encounter, "orc", shape, at, ScriptedDice(dice),
                            answers={k.replace("_", ":", 1): (v,) for k, v in answers.items()})
    assert isinstance(done, TemplateAttack)
    return done


def hp(encounter: Encounter, token: str) -> int:
    return int(encounter.token(token).stats["condition"]["hp"])


def test_the_bomb_waits_for_the_victims_dive_with_its_odds_l159() -> None:
    """L159: "You may also attempt a dodge and drop if you are within the area of effect of an
    explosion": Dodge 9 + 3 = 12, P(3d6 <= 12) = 160/216. Donn stands on the centre, so no
    step takes him out of the Small Blast (1 yd + his 0.5 > a step): a yard farther. He is in
    the hex it lands in, not a step from it: he may throw himself on it (L157)."""
    paused = resolve_template(demo(), "orc", "sbt", DONN, ScriptedDice(HIT))
    assert isinstance(paused, Paused)
    ask = paused.decision
    assert (ask.id, ask.who) == ("dive:swordsman", "swordsman")
    choices = {c.id: c for c in ask.choices}
    assert choices["dive"].label == ("Dive for cover (Dodge and Drop 12): a yard farther from "
                                     "the blast")
    assert choices["dive"].probability == pytest.approx(160 / 216)
    assert choices["smother"].allowed and choices["none"].allowed


def test_diving_for_cover_from_a_blast_takes_a_step_and_divides_the_damage_l159() -> None:
    """L159: "an extra yard or two of distance from a blast can still help, since explosive
    damage declines with distance. If you succeed, you are a step farther away." Dive 2+2+2 =
    6 vs 12: success; Donn steps a yard, one hex, away from the thrower (he stood on the
    centre; the orc is (2, -5.196) off, so away is bearing 201 and the hex at 210, south-west,
    is the step: (7.5, 9.2376)) and lies prone (a dodge and drop, L153). Damage 6+6+6 = 18
    at 1 yd: 18 / (3 x 1) = 6, less DR 2 (crushing) = 4 injury: HP 13 - 4 = 9 (no major
    wound: 4 <= 6.5)."""
    done = fired(demo(), "sbt", DONN, [*HIT, 2, 2, 2, 6, 6, 6], dive_swordsman="dive")
    donn = done.encounter.token("swordsman")
    assert (donn.x, donn.y) == pytest.approx((7.5, 0.5773502691896258 + 10 * 0.8660254037844386))
    assert hp(done.encounter, "swordsman") == 9
    assert donn.stats["condition"]["posture"] == "prone"
    assert Injured("swordsman", 6, 2, 4, 9, 13) in done.events
    assert "Donn the Swordsman 1 yd from the centre: 18 / 3 = 6" in done.entry.lines


def test_a_failed_dive_suffers_the_blast_before_the_step_l159() -> None:
    """L159: "if you fail, you suffer the effect before you make your step." Dive 6+6+5 = 17:
    a failure. Damage 1+1+2 = 4 in the centre's hex: full, 4 - DR 2 = 2 injury, HP 11; then
    the step and the drop."""
    done = fired(demo(), "sbt", DONN, [*HIT, 6, 6, 5, 1, 1, 2], dive_swordsman="dive")
    assert hp(done.encounter, "swordsman") == 11
    order = [type(e) for e in done.events if isinstance(e, (Injured, TokenPushed))]
    assert order == [Injured, TokenPushed]
    assert StatusAdded("swordsman", "prone") in done.events


def test_standing_in_the_blast_takes_it_in_full() -> None:
    """No dive: 1+1+2 = 4 full in the centre's hex, 2 injury, and Donn stays put."""
    done = fired(demo(), "sbt", DONN, [*HIT, 1, 1, 2], dive_swordsman="none")
    donn = done.encounter.token("swordsman")
    assert ((donn.x, donn.y), hp(done.encounter, "swordsman")) == (DONN, 11)


def beside_donn() -> Encounter:
    """Ysolde in the hex east of Donn's (1 yd): a step from the bomb on Donn's hex."""
    encounter = demo()
    archer = replace(encounter.token("archer"), x=9.0, y=DONN[1])
    return replace(encounter, tokens=tuple(archer if t.id == "archer" else t
                                           for t in encounter.tokens))


def test_throwing_yourself_on_the_bomb_makes_it_a_contact_explosion_l157() -> None:
    """L157: "You can also use a sacrificial dodge and drop to throw yourself on an explosive
    ... If you succeed, treat the blast as a contact explosion." The bomb lands on Donn's hex
    (Medium Blast); Donn stands, Ysolde a yard away dives on it: Dodge 9 + 3 = 12, 3+3+4 = 10
    succeeds. The contact explosion: she takes the full 1+1+2 = 4, DR 1: 3 injury, HP 8;
    her body smothers it, Donn takes nothing (standing, he would have taken 4 - 2 = 2)."""
    done = fired(beside_donn(), "mbt", DONN, [*HIT, 3, 3, 4, 1, 1, 2],
                 dive_swordsman="none", dive_archer="smother")
    assert hp(done.encounter, "archer") == 8
    assert hp(done.encounter, "swordsman") == 13
    ysolde = done.encounter.token("archer")
    assert (ysolde.x, ysolde.y) == pytest.approx(DONN)
    assert ysolde.stats["condition"]["posture"] == "prone"
    assert "Ysolde the Archer dives onto the explosive: a contact explosion" in done.entry.lines
    assert "Donn the Swordsman is shielded: the blast is smothered" in done.entry.lines


def test_only_a_victim_a_step_from_the_bomb_may_throw_himself_on_it_l157() -> None:
    """Ysolde 2 yd from the bomb (two hexes east of Donn) in a Medium Blast: not a step."""
    encounter = demo()
    archer = replace(encounter.token("archer"), x=10.0, y=DONN[1])
    encounter = replace(encounter, tokens=tuple(archer if t.id == "archer" else t
                                                for t in encounter.tokens))
    paused = resolve_template(encounter, "orc", "mbt", DONN, ScriptedDice(HIT),
                              answers={"dive:swordsman": ("none",)})
    assert isinstance(paused, Paused) and paused.decision.id == "dive:archer"
    smother = next(c for c in paused.decision.choices if c.id == "smother")
    assert (smother.allowed, smother.why_not) == (False, "not a step from the explosive")
    with pytest.raises(TemplateError, match="not a step from the explosive"):
        resolve_template(encounter, "orc", "mbt", DONN, ScriptedDice(HIT),
                         answers={"dive:swordsman": ("none",), "dive:archer": ("smother",)})


def test_a_sword_is_no_explosive_and_the_template_tool_says_so() -> None:
    with pytest.raises(TemplateError, match="Donn the Swordsman has no explosive attack for a "
                                            "SBT template"):
        resolve_template(demo(), "swordsman", "sbt", (10.0, 3.1754), ScriptedDice([]))


def test_the_command_line_asks_and_takes_the_dive(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """``battlemap attack --template sbt --at X,Y`` prints the dive decision; ``--answer
    dive:swordsman=dive`` rolls it as the dive test above (HP 9)."""
    path = tmp_path / "duel.json"
    path.write_text((ASSETS_DIR / "demo" / "gurps-duel.json").read_text())
    base = ["attack", str(path), "--attacker", "orc", "--template", "sbt", "--at", "8,8.3716"]
    assert main([*base, "--dice", "3,3,3"]) != 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["decision"]["id"] == "dive:swordsman"
    assert "--answer dive:swordsman=CHOICE" in captured.err
    assert main([*base, "--dice", "3,3,3,2,2,2,6,6,6", "--answer", "dive:swordsman=dive",
                 "--write"]) == 0
    assert "dives for cover: a step farther away" in capsys.readouterr().out
    assert load_encounter(path).token("swordsman").stats["condition"]["hp"] == 9


def test_a_missed_bomb_scatters_the_margin_at_most_half_the_distance() -> None:
    """6+6+5 = 17 against 9: a critical failure by 8; it lands min(8, 5.57 / 2) = 2.78 yd
    off, the way a 1d says (1: the deviation clock's 2 o'clock), beside Ysolde instead."""
    done = fired(demo(), "sbt", DONN, [6, 6, 5, 1, 1, 1, 1], dive_archer="none")
    assert math.dist((done.landed.x, done.landed.y), DONN) == pytest.approx(
        math.dist((10.0, 3.1754), DONN) / 2, abs=0.01)
    assert done.victims == ("archer",)
    assert "missed: it lands 3 yd off (scatter 1)" in done.entry.lines


def test_a_token_in_the_steps_way_leaves_no_room_to_dive_l159() -> None:
    """Donn's step (a yard straight away from the orc, he stands on the centre) would end at
    (7.64, 9.31); Ysolde in the hex south-west of his, (7.5, 9.24), stands there: the dive is
    greyed with the reason, no odds (dive at least a step, as a retreat, L139)."""
    encounter = demo()
    archer = replace(encounter.token("archer"), x=7.5, y=9.2376)
    encounter = replace(encounter, tokens=tuple(archer if t.id == "archer" else t
                                                for t in encounter.tokens))
    paused = resolve_template(encounter, "orc", "sbt", DONN, ScriptedDice(HIT))
    assert isinstance(paused, Paused) and paused.decision.id == "dive:swordsman"
    dive = next(c for c in paused.decision.choices if c.id == "dive")
    assert (dive.allowed, dive.why_not, dive.probability) == (
        False, "no room for the step: Ysolde the Archer in the way", None)


def test_a_dive_out_of_the_area_steps_into_a_hex_l159() -> None:
    """L159: "there is cover ... only a step away. Success means you reach it in time": the
    step is one hex. The bomb lands at (7.9, 7.5), 0.88 yd north of Donn (the orc 4.8 yd
    off: -2, 12 - 2 = 10; 3+3+3 = 9 hits): inside the Small Blast (1 yd; he is beneath while
    his 0.5 yd footprint touches it, so a hex centre 1.5 yd or more from the blast clears
    him). His south-east hex (8.5, 9.2376) is 1.84 yd off, the south-west one 1.78, the east
    one 1.40 (beneath). He dives 2+2+2 = 6 vs 12 and steps into the clear hex nearest the
    spot just clear of the blast - the south-east one, not 0.6 yd between two hexes - so the
    blast (6+6+6) misses him."""
    done = fired(demo(), "sbt", (7.9, 7.5), [*HIT, 2, 2, 2, 6, 6, 6], dive_swordsman="dive")
    donn = done.encounter.token("swordsman")
    assert (donn.x, donn.y) == pytest.approx((8.5, 0.5773502691896258 + 10 * 0.8660254037844386))
    assert hp(done.encounter, "swordsman") == 13
    assert "Donn the Swordsman dives for cover: out of the area" in done.entry.lines
