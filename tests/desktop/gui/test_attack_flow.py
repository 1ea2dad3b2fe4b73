"""A whole attack on the demo map, driven with the mouse: pick the attacker, hover the target
(the line of fire and the card appear), click, and the result lands on the map and in the log.

Harsk (Longbow 2d6, AP 1, ranges 15/30/60; Shooting d8, a Wild Card) shoots Goblin 5 (an
Extra: Vigor d6 and Armor 1, Toughness 2 + 3 + 1 = 6; AP 1 leaves 5). Goblin 5 stands 5" away
(Short range) with Light Cover from Harsk (geometry measures the fraction).
"""

from __future__ import annotations

import json

import pytest
from gui_helpers import hover, on_screen
from PySide6.QtCore import Qt
from support.spf_on_map import preview_attack

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.storyboard import Burst, DeviationPath, Slide
from battlemap.desktop.gui.aim_overlay import AimOverlay, PreviewCard
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.motion import MotionPreferences
from battlemap.desktop.gui.style import CELL
from battlemap.geometry.deviation import deviate
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.savage_pathfinder.table.preview_text import card_lines, percent

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


@pytest.fixture
def window(qtbot) -> GMWindow:
    window = GMWindow(BattleState(load_encounter(DEMO)))
    # closing would ask about the unsaved attack otherwise
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.show()
    qtbot.waitExposed(window)
    window.combat_tools.attack.animator.preferences = MotionPreferences(enabled=False)
    return window


def aim_at(qtbot, window: GMWindow, attacker: str, target: str) -> None:
    """Click the attacker with the Select tool, choose Attack, move the mouse onto the target."""
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, attacker))
    window.actions_by_name["tool_attack"].trigger()
    hover(window, on_screen(window, target))


def test_hover_shows_the_card_and_a_click_shakes_the_goblin(qtbot, window: GMWindow) -> None:
    """Shooting d8 7, Wild Die 2: 7 - 2 (Light Cover) = 5 vs 4, a hit (no raise: 5 < 8).
    Damage 2d6 = 4 + 3 = 7 vs Toughness 5 (6 less AP 1): Shaken, no raise."""
    controller = window.combat_tools.attack
    controller.tool.dice = lambda: ScriptedDice([7, 2, 4, 3])
    aim_at(qtbot, window, "harsk", "goblin-5")
    before = window.state.encounter
    names = {t.id: t.name for t in before.tokens}
    expected = card_lines(preview_attack(before, "harsk", "goblin-5"), names)
    assert controller.card.isVisible()
    assert controller.card.lines == expected
    assert expected[1:3] == ['5" · short', expected[2]] and "light (-2)" in expected[2]
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-5"))
    entry = window.state.encounter.log[-1]
    percent = round(preview_attack(before, "harsk", "goblin-5").survey.cover_fraction * 100)
    assert entry.title == "Harsk shoots Goblin 5 (Longbow): hit; Goblin 5 is Shaken"
    assert entry.lines == (
        f"Shooting d8 7, Wild d6 2 = 7; -2 light Cover ({percent} %) → 5 vs TN 4: hit",
        "Longbow damage: Longbow d6 4, Longbow d6 3 → 7 vs Toughness 5: success",
        "Goblin 5 is Shaken",
    )
    assert window.state.encounter.token("goblin-5").stats["condition"]["shaken"] is True
    assert [b.text for b in window.scene.token_item("goblin-5").badges] == ["SHAKEN"]
    assert not controller.animator.is_running


def test_undo_takes_the_attack_and_its_log_entry_back(qtbot, window: GMWindow) -> None:
    window.combat_tools.attack.tool.dice = lambda: ScriptedDice([7, 2, 4, 3])
    aim_at(qtbot, window, "harsk", "goblin-5")
    log_before = window.state.encounter.log
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-5"))
    assert len(window.state.encounter.log) == len(log_before) + 1
    window.state.undo()
    assert window.state.encounter.log == log_before
    assert window.scene.token_item("goblin-5").badges == []


def test_the_card_shows_what_battlemap_survey_and_odds_print(qtbot, window: GMWindow,
                                                            capsys) -> None:
    aim_at(qtbot, window, "harsk", "goblin-5")
    card = window.combat_tools.attack.card.lines
    pair = ["--attacker", "harsk", "--target", "goblin-5"]
    assert main(["survey", str(DEMO), *pair, "--weapon", "Longbow", "--json"]) == 0
    measured = json.loads(capsys.readouterr().out)
    assert main(["odds", str(DEMO), *pair, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["odds"]
    odds = {name: row["probability"] for name, row in rows.items()}
    cover = percent(measured["cover_fraction"])  # whole percentages, as a GM reads them
    assert card[1] == f'{measured["distance"]:g}" · {measured["range_band"]}'
    assert card[2] == f"Cover {cover} · {measured['cover']} (-2)"
    assert card[-2] == f"Hit {percent(odds['hit'])}  Raise {percent(odds['raise'])}"
    assert card[-1] == (f"Shaken+ {percent(odds['shaken or worse'])}  Wound+ "
                        f"{percent(1 - odds['0 wounds'])}  Incap. {percent(odds['incapacitated'])}")


def test_physical_dice_are_asked_for_in_order(qtbot, window: GMWindow, monkeypatch) -> None:
    """The GM types each die: the d8 Shooting die, the d6 Wild Die, then the bow's two d6."""
    asked: list[tuple[int, str]] = []
    typed = iter([7, 2, 4, 3])

    def get_int(parent, title, label, value, low, high):  # QInputDialog.getInt's arguments
        asked.append((high, label.split(":")[0]))
        return next(typed), True

    monkeypatch.setattr("battlemap.desktop.gui.attack_tool.QInputDialog.getInt", get_int)
    window.combat_tools.attack.bar.physical.setChecked(True)
    aim_at(qtbot, window, "harsk", "goblin-5")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-5"))
    assert asked == [(8, "Shooting die"), (6, "Wild Die"), (6, "Longbow d6 (damage)"),
                     (6, "Longbow d6 (damage)")]
    assert window.state.encounter.log[-1].title.endswith("Goblin 5 is Shaken")


def flask_encounter() -> Encounter:
    flask = {"skills": {"athletics": "d8"}, "wild_card": True,
             "weapons": [{"name": "Flask", "damage": "2d6", "range": [4, 8, 16], "thrown": True}]}
    orc = {"attributes": {"vigor": "d6"}}
    return Encounter(tokens=(Token("hero", "Hero", 1.5, 5.5, side=Side.HERO, stats=flask),
                             Token("orc1", "Orc 1", 9.5, 5.5, side=Side.VILLAIN, stats=orc),
                             Token("orc2", "Orc 2", 13.5, 5.5, side=Side.VILLAIN, stats=orc)))


def test_a_missed_blast_animates_its_deviation_and_lands_where_geometry_says(qtbot) -> None:
    """A flask thrown 8" (Medium Range) misses (Athletics d8 3, Wild Die 1, -2: 1 vs 4); 1d6 3
    x2 = 6", capped at half the distance: 4"; the d12 shows 12 (straight on along the throw,
    east). Geometry's deviation
    puts the Small Blast at (13.5, 5.5), on Orc 2: 2d6 5 + 4 = 9 vs 5, a Wound."""
    window = GMWindow(BattleState(flask_encounter()))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.show()
    qtbot.waitExposed(window)
    controller = window.combat_tools.attack
    controller.animator.preferences = MotionPreferences(enabled=False)
    controller.bar.template.setCurrentIndex(controller.bar.template.findData("sbt"))
    controller.tool.dice = lambda: ScriptedDice([3, 1, 3, 12, 5, 4])
    window.combat_tools.templates.tool.dice = controller.tool.dice
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "hero"))
    window.actions_by_name["tool_template"].trigger()
    hover(window, on_screen(window, "orc1"))
    placed = window.combat_tools.templates.tool.aim.placed
    assert [hit.id for hit in placed.victims.hits] == ["orc1"]
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "orc1"))
    landing = deviate((1.5, 5.5), (9.5, 5.5), 4.0, 12)
    assert (landing.x, landing.y) == (13.5, 5.5)
    played = controller.animator.played
    assert DeviationPath((9.5, 5.5), (13.5, 5.5)) in played
    burst = next(beat for beat in played if isinstance(beat, Burst))
    xs, ys = [p[0] for p in burst.outline], [p[1] for p in burst.outline]
    assert (min(xs) + max(xs)) / 2 == pytest.approx(13.5)
    assert (min(ys) + max(ys)) / 2 == pytest.approx(5.5)
    assert window.state.encounter.token("orc2").stats["condition"]["incapacitated"] is True
    assert window.state.encounter.token("orc1").stats.get("condition", {}).get("shaken") in (
        None, False)


def test_a_push_slides_the_token_to_its_new_point(qtbot) -> None:
    """Strength d10 5 against d6 2: 1" back; Athletics d6 4 keeps the orc standing."""
    brute = Token("b", "Brute", 1.5, 1.5, side=Side.HERO, stats={"attributes": {"strength": "d10"}})
    orc = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={"skills": {"athletics": "d6"}})
    window = GMWindow(BattleState(Encounter(tokens=(brute, orc))))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.show()
    qtbot.waitExposed(window)
    controller = window.combat_tools.attack
    controller.animator.preferences = MotionPreferences(enabled=False)
    controller.bar.inputs["push"].setChecked(True)
    controller.tool.dice = lambda: ScriptedDice([5, 2, 4])
    aim_at(qtbot, window, "b", "o")
    assert controller.card.lines[0] == "Push Orc"
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "o"))
    assert window.state.encounter.log[-1].title == 'Brute pushes Orc: 1" back'
    assert Slide("o", (2.5, 1.5), (3.5, 1.5)) in controller.animator.played
    assert window.scene.token_item("o").pos().x() == 3.5 * CELL


def test_the_table_display_shows_the_line_of_fire_and_the_animation(qtbot,
                                                                     window: GMWindow) -> None:
    window.toggle_player_view()
    players = window.player_window
    assert players is not None
    qtbot.addWidget(players)
    window.combat_tools.attack.tool.dice = lambda: ScriptedDice([7, 2, 4, 3])
    aim_at(qtbot, window, "harsk", "goblin-5")
    overlays = [i for i in players.scene.items() if isinstance(i, AimOverlay)]
    assert [o.aim.target for o in overlays if o.aim is not None] == ["goblin-5"]
    assert not any(isinstance(i, PreviewCard) for i in players.scene.items())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-5"))
    assert window.combat_tools.attack.animator.scenes == [window.scene, players.scene]
    assert [b.text for b in players.scene.token_item("goblin-5").badges] == ["SHAKEN"]


def test_the_attack_bar_shows_weapon_and_options_only_once_an_attacker_is_chosen(
    qtbot, window: GMWindow
) -> None:
    """Issue 20: before anyone acts the bar is the attacker prompt and the tool toggles; picking
    Harsk brings his weapons, the options, declarations and overrides of Savage Pathfinder."""
    bar = window.combat_tools.attack.bar
    extras = (bar.weapon, bar.options, bar.declare, bar.override)
    assert not any(widget.isVisible() for widget in extras)
    aim_at(qtbot, window, "harsk", "goblin-5")
    qtbot.waitUntil(lambda: all(widget.isVisible() for widget in extras), timeout=5000)
    assert bar.weapon.findText("Longbow") > 0
