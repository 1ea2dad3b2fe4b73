"""A region's kept outline (strips of the pixels Qt painted once) shows what Qt's own dashed
stroke shows, at every zoom, turned, scrolled and zoomed in past the view's edge, over a
noisy map; a new zoom is painted directly and kept from its second paint."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from gui_helpers import shown_pixels, shown_view, small_encounter
from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap, QPolygonF, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsPixmapItem, QGraphicsScene, QGraphicsView
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Illumination, Region, RegionKind
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import region_item
from battlemap.desktop.gui.map_view import REST_MS
from battlemap.desktop.gui.region_item import RegionItem
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import Audience, MapScene

REGIONS = (
    Region("west", ((1, 1), (8.4, 1), (8.4, 13.9), (1, 13.9)), RegionKind.ZONE, "West Sand"),
    Region("centre", ((8.4, 1), (15.7, 1), (15.7, 13.9), (8.4, 13.9)), RegionKind.ZONE, "Centre"),
    Region("slant", ((16, 2), (22.3, 4.1), (19.2, 12.7), (15.8, 9.05)), RegionKind.ZONE, "Slant"),
    Region("mud", ((3, 3), (6, 3.5), (5, 7)), RegionKind.DIFFICULT),
    Region("dark", ((10, 8), (14, 8), (14, 12), (10, 12)), RegionKind.ILLUMINATION,
           illumination=Illumination.DARK),
)


def noisy_scene() -> QGraphicsScene:
    """The regions over a map of random colours (so every blend of the outline shows)."""
    ensure_app()
    scene = QGraphicsScene()
    noise = np.random.default_rng(28).integers(0, 256, (16 * 64, 24 * 64, 4), dtype=np.uint8)
    noise[..., 3] = 255
    image = QImage(noise.tobytes(), 24 * 64, 16 * 64, 24 * 64 * 4, QImage.Format.Format_ARGB32)
    scene.addItem(QGraphicsPixmapItem(QPixmap.fromImage(image.copy())))
    for region in REGIONS:
        scene.addItem(RegionItem(region))
    scene.setSceneRect(QRectF(-500, -500, 24 * 64 + 1000, 16 * 64 + 1000))
    return scene


def shown(view: QGraphicsView) -> np.ndarray:
    image = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    return np.frombuffer(image.constBits(), np.uint8).reshape(
        image.height(), image.width(), 4)[..., :3].astype(int)


def view_at(scene: QGraphicsScene, transform: QTransform, scroll: tuple[int, int]
            ) -> QGraphicsView:
    view = QGraphicsView(scene)
    view.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    view.resize(700, 500)
    view.setTransform(transform)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + scroll[0])
    view.verticalScrollBar().setValue(view.verticalScrollBar().value() + scroll[1])
    return view


@pytest.mark.parametrize(("transform", "scroll", "kept_somewhere"), [
    (QTransform.fromScale(0.5, 0.5), (0, 0), True),
    (QTransform.fromScale(0.419271, 0.419271), (3, 1), True),
    (QTransform.fromScale(0.598805, 0.598805), (37, -11), True),
    (QTransform.fromScale(1.7, 1.7), (-300, 120), False),  # each zone has a side out of view
    (QTransform.fromScale(4.31, 4.31), (900, -400), False),
    (QTransform().rotate(90).scale(0.4, 0.4), (0, 0), True),  # the turned table
    (QTransform().rotate(17).scale(0.6, 0.6), (50, 50), True),
])
def test_the_kept_outline_shows_what_qt_strokes(transform: QTransform,
                                                 scroll: tuple[int, int], kept_somewhere: bool,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    scene = noisy_scene()
    view = view_at(scene, transform, scroll)
    shown(view)  # the first paint at this zoom: direct
    used = []
    undashed = region_item.OutlineTiles.undashed_in
    with monkeypatch.context() as patched:
        patched.setattr(region_item.OutlineTiles, "undashed_in",
                        lambda tiles, box: used.append(undashed(tiles, box)) or used[-1])
        kept = shown(view)  # the second: kept
    assert any(used) is kept_somewhere  # the kept strips drawn (where Qt skips no side)
    with monkeypatch.context() as patched:
        patched.setattr(RegionItem, "_kept_outline", lambda *_args: None)
        direct = shown(view)
    difference = np.abs(kept - direct)
    assert difference.max() <= 1
    assert (difference > 0).mean() < 0.001  # in fact none on this machine
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 3)  # a scroll
    shown(view)
    scrolled = shown(view)
    with monkeypatch.context() as patched:
        patched.setattr(RegionItem, "_kept_outline", lambda *_args: None)
        assert np.abs(scrolled - shown(view)).max() <= 1


def test_a_zoom_going_on_is_painted_directly_and_the_kept_outlines_are_few() -> None:
    scene = noisy_scene()
    view = view_at(scene, QTransform(), (0, 0))
    zones = [item for item in scene.items() if isinstance(item, RegionItem)]
    for step in range(6):  # each paint at a new zoom: nothing kept
        view.setTransform(QTransform.fromScale(0.5 + step * 0.1, 0.5 + step * 0.1))
        shown(view)
    assert not any(item._outlines for item in zones)
    for scale in (0.7, 0.7, 0.9, 0.9, 1.1, 1.1):
        view.setTransform(QTransform.fromScale(scale, scale))
        shown(view)
    assert all(len(item._outlines) <= region_item.KEPT_TRANSFORMS for item in zones)
    assert sum(len(item._outlines) for item in zones) > 0


def test_the_strips_hold_only_squares_the_outline_touches() -> None:
    scene = noisy_scene()
    view = view_at(scene, QTransform.fromScale(0.9, 0.9), (0, 0))
    shown(view)
    shown(view)
    west = next(item for item in scene.items()
                if isinstance(item, RegionItem) and item.region.id == "west")
    (outline,) = west._outlines.values()
    kept = sum(strip.width() * strip.height() for _at, strip in outline.strips)
    box = QPolygonF([QPointF(x, y) for x, y in (a for a, _b in outline.edges)]).boundingRect()
    assert 0 < kept < 0.4 * box.width() * box.height()
    assert Qt.PenStyle.DashLine == west.pen().style()


ZONES = (Region("a", ((0.5, 0.5), (5.7, 0.5), (5.7, 7.5), (0.5, 7.5)), RegionKind.ZONE, "A"),
         Region("b", ((5.7, 0.5), (11.3, 1.2), (10.8, 7.5), (5.7, 7.5)), RegionKind.ZONE, "B"))


def _repaints(view: QGraphicsView, boxes: list[QRect]) -> list[np.ndarray]:
    """The view's whole box twice, then each box repainted in turn over what the earlier ones
    left (Qt's system clip is the box, as in a partial repaint of the window)."""
    viewport = view.viewport()
    picture = QImage(viewport.size(), QImage.Format.Format_RGB32)
    whole = QRect(0, 0, viewport.width(), viewport.height())
    pictures = []
    for box in [whole, whole, *boxes]:
        viewport.render(picture, box.topLeft(), QRegion(box))
        pictures.append(np.frombuffer(picture.constBits(), np.uint8).reshape(
            picture.height(), picture.width(), 4)[..., :3].astype(int).copy())
    return pictures


def test_partial_repaints_of_the_gm_view_show_what_a_whole_repaint_shows(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Qt's own dashes move with the box a repaint covers (its dasher skips the sides beyond
    it): Qt's partial repaints leave seams. With every side of the zones in the view, each
    repaint draws the kept outline, so every partial repaint shows what a whole one does,
    which is Qt's own whole stroke."""
    scene = MapScene(BattleState(replace(small_encounter(), regions=ZONES)), Audience.GM)
    view = shown_view(qtbot, scene, 900, 700)
    width, height = view.viewport().width(), view.viewport().height()
    boxes = [QRect(40, 30, 200, 150), QRect(0, 0, width // 2, height),
             QRect(10, 10, width - 20, height - 20), QRect(300, 200, 120, 90),
             QRect(600, 20, 150, 400)]
    kept = _repaints(view, boxes)
    outlines = [t for i in scene.items() if isinstance(i, RegionItem) for t in i._outlines.values()]
    assert outlines and all(t.undashed for t in outlines)
    # boxes that leave a side out (Qt's own dashes shift there), drawn from the strips all the same
    assert any(not t.undashed_in(box) for t in outlines for box in boxes)
    with monkeypatch.context() as patched:
        patched.setattr(RegionItem, "_kept_outline", lambda *_args: None)
        direct = _repaints(view, boxes)
    whole = direct[0]  # Qt's own stroke of the whole view
    for new in kept:
        assert np.abs(new - whole).max() <= 1
    assert any(np.abs(old - whole).max() > 1 for old in direct)  # Qt's seams, now gone


def test_partial_repaints_of_a_zoomed_in_view_show_what_qt_strokes(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A zone running off the view: Qt's whole paint shifts its dashes too; a box that leaves
    a side out is painted directly (Qt's own), one that leaves none from the strips: each
    repaint shows the same pixels as Qt's own stroke would."""
    scene = MapScene(BattleState(replace(small_encounter(), regions=ZONES)), Audience.GM)
    view = shown_view(qtbot, scene, 900, 700)
    view.setTransform(QTransform.fromScale(1.6, 1.6))
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().minimum() + 150)
    width, height = view.viewport().width(), view.viewport().height()
    boxes = [QRect(40, 30, 200, 150), QRect(0, 0, width // 2, height),
             QRect(10, 10, width - 20, height - 20)]
    kept = _repaints(view, boxes)
    outlines = [t for i in scene.items() if isinstance(i, RegionItem) for t in i._outlines.values()]
    assert any(not t.undashed for t in outlines)  # a zone runs off the view
    with monkeypatch.context() as patched:
        patched.setattr(RegionItem, "_kept_outline", lambda *_args: None)
        direct = _repaints(view, boxes)
    for new, old in zip(kept, direct, strict=True):
        assert np.abs(new - old).max() <= 1


def test_a_zone_the_repainted_region_does_not_meet_is_not_painted(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A repaint of a few small rectangles (a hover's line and card) skips the zones none of
    them meets (their fill, outline and name): the same pixels as painting every zone."""
    zones = (*ZONES, Region("c", ((0.6, 8.2), (4.4, 8.2), (4.4, 11.6), (0.6, 11.6)),
                            RegionKind.ZONE, "A long name reaching past its zone"))
    scene = MapScene(BattleState(replace(small_encounter(), regions=zones)), Audience.GM)
    view = shown_view(qtbot, scene, 900, 700)
    viewport = view.viewport()
    regions = []
    for rects in ([QRect(40, 30, 60, 50), QRect(700, 600, 80, 40)],
                  [QRect(5, 5, 30, 30), QRect(300, 640, 200, 30), QRect(860, 10, 20, 600)],
                  [QRect(330, 200, 40, 40), QRect(120, 520, 90, 30)]):
        region = QRegion()
        for rect in rects:
            region = region.united(QRegion(rect))
        regions.append(region)
    whole = QRegion(0, 0, viewport.width(), viewport.height())

    def repaints() -> list[np.ndarray]:
        picture = QImage(viewport.size(), QImage.Format.Format_RGB32)
        pictures = []
        for region in [whole, whole, *regions]:
            picture.fill(0xff102030)
            viewport.render(picture, region.boundingRect().topLeft(), region)
            pictures.append(np.frombuffer(picture.constBits(), np.uint8).reshape(
                picture.height(), picture.width(), 4)[..., :3].astype(int).copy())
        return pictures

    met: list[bool] = []
    meets = region_item._meets
    with monkeypatch.context() as patched:
        patched.setattr(region_item, "_meets", lambda region, box: met.append(
            meets(region, box)) or met[-1])
        skipping = repaints()
    with monkeypatch.context() as patched:
        patched.setattr(region_item, "_painted_region", lambda _widget: None)
        every = repaints()
    assert True in met and False in met  # some zones (or names) met, some skipped
    for new, old in zip(skipping, every, strict=True):
        assert np.abs(new - old).max() == 0


def test_a_view_at_rest_keeps_the_outline_its_next_paint_would_make(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new zoom is painted directly; once the view rests (:data:`REST_MS`), the outlines
    are made for it, so the next paint (a hover's) makes none and shows what Qt strokes.
    A view that does nothing at rest fails the count."""
    scene = MapScene(BattleState(replace(small_encounter(), regions=ZONES)), Audience.GM)
    view = shown_view(qtbot, scene, 900, 700)
    view.setTransform(QTransform.fromScale(0.83, 0.83))
    view.viewport().repaint()  # the first paint at this zoom: direct, nothing kept
    zones = [item for item in scene.items() if isinstance(item, RegionItem)]
    before = sum(len(item._outlines) for item in zones)
    qtbot.waitUntil(lambda: sum(len(item._outlines) for item in zones) >= before + len(zones),
                    timeout=40 * REST_MS)
    made: list[int] = []
    tiles = region_item.OutlineTiles.__init__
    with monkeypatch.context() as patched:
        patched.setattr(region_item.OutlineTiles, "__init__",
                        lambda *args: (made.append(1), tiles(*args))[1])
        view.viewport().repaint()
        kept = shown_pixels(view.viewport())
    assert made == []
    with monkeypatch.context() as patched:
        patched.setattr(RegionItem, "_kept_outline", lambda *_args: None)
        view.viewport().repaint()
        direct = shown_pixels(view.viewport())
    assert np.abs(pixels(kept) - pixels(direct)).max() <= 1


def pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    return np.frombuffer(image.constBits(), np.uint8).reshape(
        image.height(), image.width(), 4)[..., :3].astype(int)
