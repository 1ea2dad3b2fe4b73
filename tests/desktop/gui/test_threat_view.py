"""The threat view shades every enemy of the chosen token by the cover geometry measures."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.threats import enemies_of
from battlemap.desktop.gui.scene import MapScene
from battlemap.desktop.gui.threat_view import add_threat_overlay

ENC = Encounter(
    tokens=(Token("h", "Hero", 0.5, 0.5, side=Side.HERO),
            Token("a", "Ally", 0.5, 2.5, side=Side.HERO),
            Token("g", "Goblin", 8.5, 0.5, side=Side.VILLAIN),
            Token("o", "Orc", 0.5, 8.5, side=Side.VILLAIN),
            Token("n", "Bystander", 4.5, 4.5, side=Side.NEUTRAL)),
    walls=(Wall("post", ((6.0, 0.5), (6.0, 2.0))),),
)
"""The post hides the lower half of the goblin's silhouette from the hero (Medium); the orc
stands in the open."""


def test_enemies_are_the_other_side_only() -> None:
    assert enemies_of(ENC, "h") == ("g", "o")
    assert enemies_of(ENC, "n") == ()


def test_the_overlay_follows_the_viewer_and_the_map(qtbot) -> None:
    state = BattleState(ENC)
    scene = MapScene(state)
    overlay = add_threat_overlay(scene, state)
    overlay.show_for("h")
    assert [(r.id, r.cover.value) for r in overlay.readings] == [("g", "medium"), ("o", "none")]
    assert overlay.readings[0].fraction == 0.5
    state.apply("Move the goblin", ENC.with_token(ENC.token("g").moved_to(8.5, 5.5)))
    assert [(r.id, r.cover.value) for r in overlay.readings] == [("g", "none"), ("o", "none")]
    overlay.show_for(None)
    assert overlay.readings == ()
    assert overlay.scene() is scene


def test_threat_colours_are_not_the_sides_colours() -> None:
    # Red "in the open" over a villain read as "a villain"; blue "near total" as "a hero".
    from battlemap.desktop.gui.style import SIDE_COLORS
    from battlemap.desktop.gui.threat_view import CATEGORY_COLORS

    def hue_gap(a: int, b: int) -> int:
        return min(abs(a - b), 360 - abs(a - b))

    for category, color in CATEGORY_COLORS.items():
        if category == "total":
            assert color.saturation() == 0  # grey: out of sight
            continue
        for side, side_color in SIDE_COLORS.items():
            assert hue_gap(color.hue(), side_color.hue()) >= 40, (category, side)


def test_with_the_view_off_a_selection_change_repaints_nothing(qtbot) -> None:
    # each selection change asks the overlay; with the view off it showed nothing before and
    # after, yet repainted the whole map in both windows (issue 28: a click's frame)
    state = BattleState(ENC)
    scene = MapScene(state)
    overlay = add_threat_overlay(scene, state)
    overlay.show_for("h")
    QApplication.processEvents()
    shown = overlay.sceneBoundingRect()
    overlay.show_for(None)  # the view switched off: what it showed is repainted away
    with qtbot.waitSignal(scene.changed, timeout=1000) as off:
        QApplication.processEvents()
    assert any(rect.contains(shown) for rect in off.args[0])
    changed: list[list[object]] = []
    scene.changed.connect(changed.append)
    for _ in range(3):
        overlay.show_for(None)
        QApplication.processEvents()
    assert not [rects for rects in changed if rects]
