"""The scene's count of changes to what its tokens cover, and the ruler's words placed with it
once a drag step, and not at all on a step back onto a cell the drag visited (issue 28:
:meth:`ToolOverlayItem.draw_state` placed them for the update and the paint placed them again,
the scene's look-up of the tokens near the path's end twice a step); a token come where they
were to go is still seen by the paint (the ninth round's
``test_words_put_elsewhere_than_foreseen_are_repainted_there`` is red without the count)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gui_helpers import shown_view
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Side, Token, Wall
from battlemap.desktop.core.movement import PaceBand
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.tools import DragPreview
from battlemap.desktop.gui import overlay_item
from battlemap.desktop.gui.label_layout import Covered
from battlemap.desktop.gui.overlay_item import WORDS_KEPT, ToolOverlayItem, seen_rect
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.token_item import TokenItem, cover_changes

AMIRI = Token("a", "Amiri", 2.5, 6.5, side=Side.HERO)
GOBLIN = Token("g", "Goblin", 9.5, 5.5, stats={"condition": {"shaken": True}})
ENCOUNTER = Encounter(tokens=(AMIRI, GOBLIN), width=20, height=14, system="swade")


def test_each_change_of_what_a_token_covers_is_counted(qtbot: QtBot) -> None:
    state = BattleState(ENCOUNTER)
    scene = MapScene(state, Audience.GM)
    view = shown_view(qtbot, scene)  # (the view owns the scene)
    changes = [
        replace(ENCOUNTER, tokens=(AMIRI, replace(GOBLIN, x=11.5))),  # moved
        replace(ENCOUNTER, tokens=(AMIRI, replace(GOBLIN, x=11.5, name="Goblin boss"))),
        replace(ENCOUNTER, tokens=(AMIRI, replace(GOBLIN, x=11.5, stats={}))),  # no badge
        replace(ENCOUNTER, tokens=(AMIRI, replace(GOBLIN, x=11.5, size=2.0))),
        replace(ENCOUNTER, tokens=(AMIRI,)),  # gone
        ENCOUNTER,  # back
    ]
    for step, encounter in enumerate(changes):
        before = cover_changes(scene)
        state.apply(f"change {step}", encounter)
        assert cover_changes(scene) > before, f"change {step}"
    item = scene.token_item("g")
    assert item is not None
    before = cover_changes(scene)
    item.setVisible(False)
    assert cover_changes(scene) > before
    item.setVisible(True)
    before = cover_changes(scene)  # a wall far off: the tags are placed again, where they were
    state.apply("a wall", replace(ENCOUNTER, walls=(Wall("w", ((16.0, 1.0), (16.0, 3.0))),)))
    assert cover_changes(scene) == before
    view.close()


def test_a_token_without_its_tag_in_the_scene_counts_its_own_changes(qtbot: QtBot) -> None:
    scene, item = QGraphicsScene(), TokenItem(GOBLIN)
    scene.addItem(item)  # its name tag elsewhere: its reach and badges count alone
    before = cover_changes(scene)
    item.set_token(replace(GOBLIN, size=2.0))
    assert cover_changes(scene) > before
    before = cover_changes(scene)
    item.move_badges(QPointF(0, -10))
    assert cover_changes(scene) > before
    before = cover_changes(scene)
    scene.removeItem(item)
    assert cover_changes(scene) > before


def drag_to(x: float) -> DragPreview:
    return DragPreview("a", (("a", (x, 6.5)),), (AMIRI.x, AMIRI.y), (x, 6.5), 4.0, 6.0,
                       PaceBand.PACE, path=((AMIRI.x, AMIRI.y), (x, 6.5)))


def counted_looks(monkeypatch: pytest.MonkeyPatch) -> tuple[list[QRectF], list[object]]:
    """The areas the ruler looks up what its words must not cover in, and its paints."""
    looked: list[QRectF] = []
    paints: list[object] = []
    found, paint = overlay_item.covered_near, ToolOverlayItem.paint

    def counted(scene: QGraphicsScene, area: QRectF) -> Covered:
        looked.append(area)
        return found(scene, area)

    def painted(item: ToolOverlayItem, *args: object) -> None:
        paints.append(item)
        paint(item, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(overlay_item, "covered_near", counted)
    monkeypatch.setattr(ToolOverlayItem, "paint", painted)
    return looked, paints


def test_a_drag_step_places_its_words_once_and_a_step_back_not_at_all(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    overlay = ToolOverlayItem()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    qtbot.wait(20)
    looked, paints = counted_looks(monkeypatch)
    seen = seen_rect(view.viewportTransform(), view.viewport().rect().toRectF())
    for x, looks in ((3.5, 1), (4.5, 1), (5.5, 1), (6.5, 1), (5.5, 0), (4.5, 0), (6.5, 0)):
        looked.clear()
        paints.clear()
        overlay.draw_state(drag_to(x), frozenset({"a"}), ENCOUNTER)
        view.viewport().repaint()
        qtbot.wait(10)
        assert paints and len(looked) == looks, f"step to {x}: {len(paints)}, {len(looked)}"
        assert overlay._placed_words(drag_to(x), seen) == overlay.label_boxes(drag_to(x), seen)
    ogre = replace(GOBLIN, id="o", name="Ogre", x=6.0, y=5.0)  # a token comes: placed again
    view.map_scene.state.apply("the ogre", replace(ENCOUNTER, tokens=(*ENCOUNTER.tokens, ogre)))
    qtbot.wait(20)
    looked.clear()
    overlay.draw_state(drag_to(5.5), frozenset({"a"}), view.map_scene.state.encounter)
    assert len(looked) == 1


def test_the_places_kept_are_the_last_ones(qtbot: QtBot,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    overlay = ToolOverlayItem()
    view = shown_view(qtbot, MapScene(BattleState(ENCOUNTER), Audience.GM), overlay=overlay)
    looked, _paints = counted_looks(monkeypatch)
    steps = [drag_to(3.5 + k / 8) for k in range(WORDS_KEPT + 1)]  # each a preview of its own
    for preview in steps:
        overlay.draw_state(preview, frozenset(), ENCOUNTER)
    looked.clear()
    overlay.draw_state(steps[-1], frozenset(), ENCOUNTER)
    overlay.draw_state(steps[1], frozenset(), ENCOUNTER)
    assert looked == []
    overlay.draw_state(steps[0], frozenset(), ENCOUNTER)  # the oldest: not kept
    assert len(looked) == 1
    view.close()
