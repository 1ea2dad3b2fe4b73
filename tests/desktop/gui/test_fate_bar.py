"""The attack bar of a FATE encounter, built from the system's declarations: the Override menu
offers the GM's rulings on height and cover (fate-roman-combat.txt L25 "Height ... +1", L26
"Fighting from cover: +1"), and what the GM picks reaches the hover card and the click."""

from __future__ import annotations

from dataclasses import replace

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.attack_targeting import AttackTool
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.table_pipeline import Paused, resolve
from battlemap.desktop.gui.action_bar import ActionBar
from battlemap.rules.dice import ScriptedDice

DEMO = ASSETS_DIR / "demo" / "fate-arena.json"


def test_height_and_cover_rulings_are_in_the_override_menu_and_reach_the_stress(qtbot) -> None:
    # Tertius moved next to Chieftain Brennus on the flat sand (the demo's Brennus stands on
    # the Platform, one metre up: he is brought down to the sand, elevation 0); the warriors
    # are left out, else Brennus leads them at +2 for the odds (L61).
    demo = load_encounter(DEMO)
    tokens = tuple(replace(t, x=12.5, y=8.5) if t.id == "tertius" else
                   replace(t, x=13.5, y=8.5, elevation=0.0) for t in demo.tokens
                   if t.id in ("tertius", "brennus"))
    encounter = replace(demo, tokens=tokens)
    bar = ActionBar(lambda: encounter, lambda: None, lambda action, params: None,
                    lambda: "tertius")
    qtbot.addWidget(bar)
    assert set(bar._overrides) == {"cover", "attacker_cover", "elevation"}
    bar.set_override("elevation", "1")
    bar.set_override("attacker_cover", "cover")
    assert bar.chosen_overrides() == {"elevation": "1", "attacker_cover": "cover"}
    # Tertius (Weapons +4, Gladius, Might 3) against Brennus (leather, no shield), ruled one
    # level higher and in cover: stress on a win = shifts +2 sword -1 leather +1 half Might
    # (3 // 2) +1 height +1 from cover = shifts +4.
    tool = AttackTool(lambda: ScriptedDice([3, 3, 2, 2, 2, 2, 2, 2]), attacker="tertius")
    tool.choices.overrides = bar.chosen_overrides()
    tool.choices.params = {}
    aim = tool.preview_on(encounter, "brennus")
    assert aim is not None and aim.preview is not None, aim
    assert ("stress on a win = shifts +2 sword -1 leather armour +1 half Might +1 height "
            "+1 from cover (shifts +4)") in aim.preview.lines
    # The click, Brennus attacking back: + + 0 0 + 4 = 6 against 0 0 0 0 + 4 = 4, won by 2:
    # 2 + 4 = 6 stress, more than Brennus's five boxes: he is asked for a consequence.
    request = replace(tool.request("brennus"), answers={"stance": ("attack",)})
    done = resolve(encounter, request, ScriptedDice([3, 3, 2, 2, 2, 2, 2, 2]))
    assert isinstance(done, Paused) and done.decision.id == "consequence"
    assert "takes 6 stress" in done.decision.prompt
