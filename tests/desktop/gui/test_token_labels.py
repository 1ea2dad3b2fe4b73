"""Token name tags sit above every token and step aside from the token in the row below."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import TokenStyle

UPPER = Token(id="upper", name="Al", x=2.5, y=2.5, color="#ffffff")
LOWER = Token(id="lower", name="Bo", x=2.5, y=3.5, color="#ffffff")
"""One row apart; ``lower`` comes later in the encounter, so its disc is drawn over ``upper``."""


def rendered(scene: MapScene) -> QImage:
    """The scene's map area at one image pixel per scene pixel."""
    size = scene.map_rect().size().toSize()
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), scene.map_rect())
    painter.end()
    return image


@pytest.mark.parametrize("audience", [Audience.GM, Audience.PLAYER])
def test_a_name_tag_steps_aside_from_the_token_in_the_row_below(
    qtbot: QtBot, audience: Audience
) -> None:
    encounter = Encounter(tokens=(UPPER, LOWER), width=6, height=6)
    scene = MapScene(BattleState(encounter), audience)
    upper, lower = scene.token_item("upper"), scene.token_item("lower")
    assert upper is not None and lower is not None
    tag = upper.label.sceneBoundingRect()
    # Below "upper" (centre y 160) is the disc of "lower" (centre y 224, reach 0.5 cell + 1.2
    # ring = 41.98 px): the tag takes its second place, right of "upper", its left edge past
    # the reach and the 0.6-ring gap: 160 + 41.98 + 4.99 = 206.98.
    assert tag.left() == pytest.approx(2.5 * CELL + 41.98 + 4.99, abs=0.05)
    assert tag.center().y() == pytest.approx(2.5 * CELL, abs=0.05)
    lower_disc = QRectF(2.5 * CELL - 41.98, 3.5 * CELL - 41.98, 83.96, 83.96)
    assert not tag.intersects(lower_disc)
    # Where no place is free a tag still reads: it is drawn above every token.
    assert upper.label.zValue() > max(upper.zValue(), lower.zValue())
    # The tag's black at alpha 200 over the map's fill #d9cfb8: each channel * 55 / 255.
    image = rendered(scene)
    pixel = image.pixelColor(round(tag.left() + 2), round(tag.center().y()))
    expected = (217 * 55 / 255, 207 * 55 / 255, 184 * 55 / 255)  # 46.8, 44.6, 39.7
    assert (pixel.red(), pixel.green(), pixel.blue()) == pytest.approx(expected, abs=1.5)
    scene.detach()


def test_the_name_tag_follows_its_token_when_it_moves_and_fades(qtbot: QtBot) -> None:
    scene = MapScene(BattleState(Encounter(tokens=(UPPER,), width=6, height=6)))
    item = scene.token_item("upper")
    assert item is not None and item.label.scene() is scene
    item.setPos(4 * CELL, 1 * CELL)  # as the slide animation moves it
    item.setOpacity(0.4)
    assert (item.label.pos().x(), item.label.pos().y()) == (4 * CELL, 1 * CELL)
    assert item.label.opacity() == pytest.approx(0.4)
    scene.state.load(Encounter(tokens=(), width=6, height=6))
    assert item.label.scene() is None
    scene.detach()


def test_neighbours_badges_and_names_never_overlap_at_table_size(qtbot: QtBot) -> None:
    # Three Shaken, Fatigued goblins side by side, 8 mm capitals: each badge row ("SHAKEN",
    # "FAT 1") is about 2.4 cells wide, so the rows above the discs would overlap.
    tired = {"condition": {"shaken": True, "fatigue": 1}}
    row = tuple(Token(id=f"g{n}", name=f"Goblin {n}", x=2.5 + n, y=3.5, stats=tired)
                for n in range(3))
    scene = MapScene(BattleState(Encounter(tokens=row, width=8, height=8)), Audience.PLAYER)
    scene.set_token_style(TokenStyle.for_table(8.0, rings_only=False))
    items = scene.token_items()
    boxes = [i.badge_box().translated(i.pos()) for i in items]
    names = [i.label.sceneBoundingRect() for i in items]
    discs = [i.sceneTransform().map(i.shape()).boundingRect() for i in items]
    assert boxes[0].width() > 2 * CELL
    for n, box in enumerate(boxes + names):
        for m, other in enumerate(boxes + names):
            if n != m:
                assert not box.intersects(other), (n, m)
        owner = n % 3
        for k, item in enumerate(items):
            if k != owner:
                disc = QRectF(item.pos().x() - item.reach(), item.pos().y() - item.reach(),
                              2 * item.reach(), 2 * item.reach())
                assert not box.intersects(disc), (n, k)
    assert discs  # every token drawn
    scene.detach()


@pytest.mark.parametrize("audience", [Audience.GM, Audience.PLAYER])
def test_a_wide_badge_row_near_the_edge_stays_on_the_map(qtbot: QtBot, audience: Audience) -> None:
    """The FATE demo's Tertius shows "Thracian Gladiator" and "The Crowd Loves Me", a row 5.4
    cells wide at the default size; moved to x 1.5 and centred over him it would run 1.2 cells
    off the map's left edge, so it moves right; Chieftain Brennus (x 20.5 of 24) moves left."""
    from dataclasses import replace

    from battlemap.desktop import ASSETS_DIR
    from battlemap.desktop.core.fileformat import load_encounter

    encounter = load_encounter(ASSETS_DIR / "demo" / "fate-arena.json")
    encounter = encounter.with_token(replace(encounter.token("tertius"), x=1.5))
    scene = MapScene(BattleState(encounter), audience)
    tertius = scene.token_item("tertius")
    assert tertius is not None and tertius.badges
    assert tertius.badges_above().width() / 2 > 1.5 * CELL  # centred, it would spill over
    for item in scene.token_items():
        if item.badges:
            assert scene.map_rect().contains(item.badge_box().translated(item.pos())), item.name


@pytest.mark.parametrize("audience", [Audience.GM, Audience.PLAYER])
def test_badges_and_tags_keep_clear_of_a_grapples_label(qtbot: QtBot,
                                                        audience: Audience) -> None:
    """The Storypath demo opens with Mara grappling Thug 1 (side by side): the grapple's link
    label ("grapple 2") sits above the pair, where the badges go. Their Grappling and
    Grappled badges and both name tags are placed clear of it (before, in the GM window the
    label covered the Grappled badge)."""
    from battlemap.desktop import ASSETS_DIR
    from battlemap.desktop.core.fileformat import load_encounter
    scene = MapScene(BattleState(load_encounter(ASSETS_DIR / "demo" /
                                                "storypath-firefight.json")), audience)
    boxes = scene.marks.label_boxes()
    assert boxes, "the demo's grapple has a label"
    taken = []
    for token_id in ("mara", "thug-1"):
        item = scene.token_item(token_id)
        assert item is not None and item.badges
        taken += [item.badge_box().translated(item.pos()), item.label.sceneBoundingRect()]
    assert [(b, t) for b in boxes for t in taken if b.intersects(t)] == []
