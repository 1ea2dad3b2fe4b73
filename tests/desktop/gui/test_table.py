"""The table as GMs run it: a locked camera, who may touch what, a turned view, the ping, the
table's frame on the GM map, labels sized in millimetres, the camera on whoever acts, a screen
unplugged and plugged back."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from gui_helpers import open_table, small_encounter
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QFontMetricsF, QGuiApplication, QPointingDevice
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from support.spf_on_map import begin_combat, next_turn

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.table_rules import TablePermissions
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.ping import PING_MS, PingItem
from battlemap.desktop.gui.player_window import CameraMode, PlayerWindow
from battlemap.desktop.gui.preferences_dialog import PreferencesDialog
from battlemap.desktop.gui.screens import screen_of
from battlemap.desktop.gui.settings import (
    set_screen_ppi,
    set_table_camera_locked,
    set_table_label_mm,
    set_table_permissions,
    set_table_rings_only,
    set_table_rotation,
    settings,
)
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_item import MM_PER_INCH
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture(autouse=True)
def _table_defaults() -> Iterator[None]:
    settings().remove("table")
    settings().remove("screens")
    yield
    settings().remove("table")
    settings().remove("screens")


@pytest.fixture(scope="module")
def device() -> QPointingDevice:
    return QTest.createTouchDevice()


def visible_goblin() -> Encounter:
    base = small_encounter()
    return base.with_token(replace(base.token("gob"), hidden=False))


def point(view: MapView, x: float, y: float) -> QPoint:
    """The viewport position of ``(x, y)`` in cells."""
    return view.mapFromScene(x * CELL, y * CELL)


def touch(top: QWidget, view: MapView, device: QPointingDevice,
          **fingers: tuple[str, float, float]) -> None:
    """One touch event on ``top``: ``f0=("press", x, y)``, positions in cells."""
    sequence = QTest.touchEvent(top, device, False)
    for name, (action, x, y) in fingers.items():
        getattr(sequence, action)(int(name[1:]), view.viewport().mapTo(top, point(view, x, y)))
    sequence.commit()


def mouse_drag(qtbot: QtBot, view: MapView, start: QPoint, end: QPoint) -> None:
    viewport = view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, start)
    qtbot.mouseMove(viewport, (start + end) / 2)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, LEFT, NONE, end)


def drag_cells(qtbot: QtBot, view: MapView, start: tuple[float, float],
               end: tuple[float, float]) -> None:
    mouse_drag(qtbot, view, point(view, *start), point(view, *end))


def wheel(view: MapView, notches: int) -> None:
    viewport = view.viewport()
    centre = QPointF(viewport.rect().center())
    from PySide6.QtGui import QWheelEvent
    event = QWheelEvent(centre, viewport.mapToGlobal(centre), QPoint(), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, NONE, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


# -- A calibrated table stays calibrated ---------------------------------------------------


def test_the_tables_camera_ignores_wheel_pinch_and_pans_by_default(
    qtbot: QtBot, window: GMWindow, device: QPointingDevice
) -> None:
    player = open_table(window)
    view = player.view
    before = view.camera()
    wheel(view, 3)
    touch(player, view, device, f0=("press", 3.0, 3.0), f1=("press", 5.0, 3.0))
    touch(player, view, device, f0=("move", 1.0, 3.0), f1=("move", 7.0, 3.0))
    touch(player, view, device, f0=("release", 1.0, 3.0), f1=("release", 7.0, 3.0))
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.RightButton, NONE, QPoint(300, 300))
    qtbot.mouseMove(view.viewport(), QPoint(500, 400))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.RightButton, NONE, QPoint(500, 400))
    assert view.zoom == pytest.approx(before[1])
    assert view.camera()[0] == before[0]


def test_unlocked_in_the_preferences_the_wheel_zooms_the_table(
    qtbot: QtBot, window: GMWindow
) -> None:
    player = open_table(window)
    dialog = PreferencesDialog(window, window.apply_table_preferences)
    dialog.table.locked.setChecked(False)
    dialog.accept()
    zoom = player.view.zoom
    wheel(player.view, 1)
    assert player.view.zoom == pytest.approx(zoom * 1.0015**120)


def test_a_resting_mini_yields_to_a_players_finger(
    qtbot: QtBot, window: GMWindow, device: QPointingDevice
) -> None:
    player = open_table(window)
    view = player.view
    touch(player, view, device, f0=("press", 8.0, 6.0))  # a mini set down on the glass
    touch(player, view, device, f0=("move", 8.0, 6.0), f1=("press", 1.5, 1.5))
    touch(player, view, device, f0=("move", 8.0, 6.0), f1=("move", 2.6, 1.6))
    touch(player, view, device, f0=("move", 8.0, 6.0), f1=("move", 4.4, 1.4))
    touch(player, view, device, f0=("move", 8.0, 6.0), f1=("release", 4.4, 1.4))
    touch(player, view, device, f0=("release", 8.0, 6.0))
    token = window.state.encounter.token("hero")
    assert (token.x, token.y) == (4.5, 1.5)
    assert window.state.undo_label == "Move Valeros"


# -- Who may touch what ----------------------------------------------------------------------


def test_from_the_table_villains_and_doors_stay_put_heroes_move(
    qtbot: QtBot, window: GMWindow
) -> None:
    player = open_table(window, visible_goblin())
    drag_cells(qtbot, player.view, (9.5, 5.5), (10.5, 6.5))
    assert window.state.encounter.token("gob").x == 9.5
    qtbot.mouseClick(player.view.viewport(), LEFT, NONE, point(player.view, 6.0, 3.5))
    assert window.state.encounter.wall("door").is_open is False
    drag_cells(qtbot, player.view, (1.5, 3.5), (2.5, 3.5))
    assert window.state.encounter.token("kyra").x == 2.5
    # The GM window moves anything.
    drag_cells(qtbot, window.view, (9.5, 5.5), (10.5, 5.5))
    assert window.state.encounter.token("gob").x == 10.5


def test_in_combat_only_the_acting_hero_moves_from_the_table(
    qtbot: QtBot, window: GMWindow
) -> None:
    # Valeros is dealt the King of Spades, Kyra the 9 of Diamonds: Valeros acts first.
    fight, _ = begin_combat(small_encounter(), PhysicalCards(["KS", "9D"]))
    player = open_table(window, fight)
    drag_cells(qtbot, player.view, (1.5, 3.5), (2.5, 3.5))
    assert window.state.encounter.token("kyra").x == 1.5
    drag_cells(qtbot, player.view, (1.5, 1.5), (2.5, 1.5))
    assert window.state.encounter.token("hero").x == 2.5
    window.state.apply("Next turn", next_turn(window.state.encounter)[0])
    drag_cells(qtbot, player.view, (1.5, 3.5), (2.5, 3.5))
    assert window.state.encounter.token("kyra").x == 2.5


def test_each_permission_is_a_setting(qtbot: QtBot, window: GMWindow) -> None:
    set_table_permissions(TablePermissions(heroes_only=False, on_turn_only=True, doors=True))
    player = open_table(window, visible_goblin())
    drag_cells(qtbot, player.view, (9.5, 5.5), (10.5, 5.5))
    assert window.state.encounter.token("gob").x == 10.5
    qtbot.mouseClick(player.view.viewport(), LEFT, NONE, point(player.view, 6.0, 3.5))
    assert window.state.encounter.wall("door").is_open is True


# -- Every side of the table -----------------------------------------------------------------


@pytest.mark.parametrize("degrees", [90, 180, 270])
def test_the_turned_table_view_keeps_its_centre_and_scale(
    qtbot: QtBot, window: GMWindow, degrees: int
) -> None:
    set_screen_ppi(screen_of(window).name(), 40.0)  # 40 px per inch: zoom 40 / 64 = 0.625
    player = open_table(window)
    centre = player.view.camera()[0]
    window.actions_by_name[f"turn_{degrees}"].trigger()
    assert player.view.rotation == degrees
    assert player.view.zoom == pytest.approx(0.625)
    # Within two screen pixels (3.2 scene px): the viewport's middle pixel turns with it.
    assert player.view.camera()[0].x() == pytest.approx(centre.x(), abs=3.3)
    # One cell right of the centre on the map is one inch clockwise of "right" on the glass.
    offset = QPointF(point(player.view, centre.x() / CELL + 1, centre.y() / CELL)
                     - point(player.view, centre.x() / CELL, centre.y() / CELL))
    expected = {90: (0, 40), 180: (-40, 0), 270: (0, -40)}[degrees]
    assert (offset.x(), offset.y()) == pytest.approx(expected, abs=1.01)
    # The rotation is remembered for the next session.
    window.actions_by_name["player_view"].trigger()
    assert open_table(window).view.rotation == degrees


def test_the_table_centres_on_whoever_acts(qtbot: QtBot, window: GMWindow) -> None:
    set_screen_ppi(screen_of(window).name(), 192.0)  # zoom 3: the map overflows the view
    fight, _ = begin_combat(small_encounter(), PhysicalCards(["KS", "9D"]))
    player = open_table(window, fight)
    window.actions_by_name["centre_acting"].trigger()
    assert player.mode is CameraMode.ACTING
    centre = player.view.camera()[0]
    assert (centre.x(), centre.y()) == pytest.approx((1.5 * CELL, 1.5 * CELL), abs=2)
    window.state.apply("Next turn", next_turn(window.state.encounter)[0])
    centre = player.view.camera()[0]
    assert (centre.x(), centre.y()) == pytest.approx((1.5 * CELL, 3.5 * CELL), abs=2)
    window.actions_by_name["pin"].trigger()
    assert player.mode is CameraMode.PINNED
    assert not window.actions_by_name["centre_acting"].isChecked()


def pings(window: GMWindow) -> tuple[int, int]:
    player = window.player_window
    assert player is not None
    return (sum(isinstance(i, PingItem) for i in window.scene.items()),
            sum(isinstance(i, PingItem) for i in player.scene.items()))


def test_ctrl_shift_click_on_the_gm_map_pings_both_views(
    qtbot: QtBot, window: GMWindow
) -> None:
    open_table(window)
    modifiers = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.mouseClick(window.view.viewport(), LEFT, modifiers, point(window.view, 1.5, 1.5))
    assert pings(window) == (1, 1)
    assert window.interaction.selection == frozenset()  # the click selected nothing
    ping = next(i for i in window.scene.items() if isinstance(i, PingItem))
    assert (ping.pos().x(), ping.pos().y()) == pytest.approx((1.5 * CELL, 1.5 * CELL), abs=1)
    qtbot.waitUntil(lambda: pings(window) == (0, 0), timeout=PING_MS + 5000)


def test_a_long_press_on_the_table_pings_and_moves_nothing(
    qtbot: QtBot, window: GMWindow, device: QPointingDevice
) -> None:
    player = open_table(window)
    touch(player, player.view, device, f0=("press", 1.5, 1.5))
    qtbot.waitUntil(lambda: pings(window) == (1, 1), timeout=5000)
    touch(player, player.view, device, f0=("release", 1.5, 1.5))
    assert window.state.undo_label is None
    assert window.state.encounter.token("hero").x == 1.5


# -- The GM sees what the table sees ---------------------------------------------------------


def test_the_frame_traces_the_tables_view_and_a_drag_moves_it(
    qtbot: QtBot, window: GMWindow
) -> None:
    set_screen_ppi(screen_of(window).name(), 192.0)  # zoom 3: the map overflows the view
    player = open_table(window)
    frame = window.table_frame
    assert frame is not None
    corner = player.view.mapToScene(QPoint(0, 0))
    assert frame.item.corners.at(0) == corner
    before = player.view.camera()[0]
    tab = window.view.mapFromScene(frame.item.tab().boundingRect().center())
    mouse_drag(qtbot, window.view, tab, tab + QPoint(64, 32))  # GM zoom 1: 1 cell, half a cell
    after = player.view.camera()[0]
    assert (after - before).x() == pytest.approx(64, abs=1.5)
    assert (after - before).y() == pytest.approx(32, abs=1.5)
    assert player.mode is CameraMode.PINNED and window.actions_by_name["pin"].isChecked()
    assert window.state.undo_label is None  # the drag went to the frame, not to a tool
    assert frame.item.corners.at(0) == player.view.mapToScene(QPoint(0, 0))


def test_the_frames_parts_keep_the_bounds_they_paint_in_and_an_unmoved_frame_repaints_none(
    qtbot: QtBot, window: GMWindow
) -> None:
    """Each edge and the tab answer Qt with the box kept from the frame's last move (not
    worked out at each of Qt's asks); a trace that did not move updates nothing."""
    set_screen_ppi(screen_of(window).name(), 192.0)
    player = open_table(window)
    frame = window.table_frame
    assert frame is not None
    parts = [*frame.item.edges, frame.item.tab_item]
    for move in (QPointF(64, 32), QPointF(-40, 10)):
        frame.move_table(player.view.camera()[0] + move)
        QApplication.processEvents()
        assert [p.boundingRect() for p in parts] == [p.bounds_now() for p in parts]
        assert all(not p.boundingRect().isEmpty() for p in parts)
    updated: list[object] = []
    for part in parts:
        part.update = lambda *args, part=part: updated.append(part)  # type: ignore[method-assign]
    frame.refresh()
    assert updated == []


# -- Legible at two metres -------------------------------------------------------------------


def test_table_names_and_badges_have_8_mm_capitals(qtbot: QtBot, window: GMWindow) -> None:
    shaken = small_encounter().with_token(replace(
        small_encounter().token("hero"), stats={"condition": {"shaken": True}}))
    player = open_table(window, shaken)
    item = player.scene.token_item("hero")
    assert item is not None
    name_cap = QFontMetricsF(item.label._font).capHeight() / CELL * MM_PER_INCH
    badge_cap = QFontMetricsF(item._badge_font).capHeight() / CELL * MM_PER_INCH
    assert 8.0 <= name_cap < 8.4 and 8.0 <= badge_cap < 8.4
    gm_item = window.scene.token_item("hero")
    assert gm_item is not None and gm_item.label._font.pixelSize() == round(0.28 * CELL)
    set_table_label_mm(12.0)
    window.apply_table_preferences()
    item = player.scene.token_item("hero")
    assert item is not None
    assert 12.0 <= QFontMetricsF(item.label._font).capHeight() / CELL * MM_PER_INCH < 12.4


def test_ring_only_leaves_the_glass_clear_under_the_mini(qtbot: QtBot, window: GMWindow) -> None:
    set_table_rings_only(True)
    player = open_table(window)
    image = player.view.grab().toImage()
    centre = point(player.view, 1.5, 1.5)
    fill = image.pixelColor(centre)
    assert (fill.red(), fill.green(), fill.blue()) == (0xd9, 0xcf, 0xb8)  # the map, no disc
    gm_image = window.view.grab().toImage()
    disc = gm_image.pixelColor(point(window.view, 1.5, 1.5))
    assert (disc.red(), disc.green(), disc.blue()) != (0xd9, 0xcf, 0xb8)


# -- A screen unplugged and plugged back -------------------------------------------------------


def test_the_table_goes_back_to_its_screen_at_the_same_scale(
    qtbot: QtBot, window: GMWindow
) -> None:
    screen = QGuiApplication.primaryScreen()
    set_screen_ppi(screen.name(), 50.0)
    player = open_table(window)
    player.put_on(screen)
    assert player.isFullScreen()
    player._on_screen_removed(screen)
    assert not player.isFullScreen()
    player._on_screen_added(screen)
    assert player.isFullScreen()
    assert player.view.zoom == pytest.approx(50.0 / CELL)


def test_the_rotation_setting_survives_an_unreadable_value(qtbot: QtBot) -> None:
    from battlemap.desktop.gui.settings import table_rotation
    settings().setValue("table/rotation", "sideways")
    assert table_rotation() == 0
    set_table_rotation(270)
    assert table_rotation() == 270


def test_camera_lock_setting_defaults_to_locked(qtbot: QtBot) -> None:
    from battlemap.desktop.gui.settings import table_camera_locked
    assert table_camera_locked() is True
    set_table_camera_locked(False)
    assert table_camera_locked() is False




def test_a_token_under_the_frames_edge_still_drags(qtbot: QtBot, window: GMWindow) -> None:
    set_screen_ppi(screen_of(window).name(), 192.0)
    player = open_table(window)
    left = player.view.mapToScene(QPoint(0, 350))  # the middle of the frame's left edge
    x, y = left.x() / CELL, left.y() / CELL
    hero = window.state.encounter.token("hero")
    window.state.apply("Place", window.state.encounter.with_token(hero.moved_to(x, y)))
    before = player.view.camera()[0]
    drag_cells(qtbot, window.view, (x, y), (x + 2, y))
    assert window.state.encounter.token("hero").x == pytest.approx(round(x + 2 - 0.5) + 0.5)
    assert player.view.camera()[0] == before


# -- The turn order on the table ----------------------------------------------------------------


def strip_rows(player: PlayerWindow) -> set[int]:
    """The rows of the table view holding the strip's yellow pill (the one acting)."""
    image = player.view.grab().toImage()
    return {y for y in range(image.height()) for x in range(0, image.width(), 4)
            if image.pixelColor(x, y).name() == "#fff176"}


def test_in_combat_the_table_shows_the_turn_order_along_the_players_edge(
    qtbot: QtBot, window: GMWindow
) -> None:
    fight, _ = begin_combat(small_encounter(), PhysicalCards(["KS", "9D"]))
    player = open_table(window, fight)
    view = player.view
    assert [(e.name, e.state.value) for e in view.strip] == [
        ("Valeros", "acting"), ("Kyra", "waiting")]
    rows = strip_rows(player)
    height = view.viewport().height()
    # The acting halo on the map is yellow too; the pill's rows are the lowest ones.
    assert max(rows) >= height - 12
    window.actions_by_name["turn_180"].trigger()
    rows = strip_rows(player)
    assert min(rows) <= 12  # turned: along the top of the screen, the far players' edge
    window.state.apply("End", small_encounter())
    assert view.strip == ()


# -- Who can I hit, who can hit me; exposure while dragging ------------------------------------


BOW = {"pace": 6, "weapons": [{"name": "Bow", "range": [12, 24, 48]}]}


def standoff() -> Encounter:
    """Valeros (a bow) at (1.5, 1.5); a goblin archer in the open 8 cells east; a goblin with a
    club 2 cells south behind nothing; a hidden goblin archer in the open; the wall at x 6
    (y 0..3) with its door below."""
    base = small_encounter()
    archer = replace(base.token("gob"), id="archer", name="Archer", x=9.5, y=1.5,
                     hidden=False, stats=BOW)
    club = replace(base.token("gob"), id="club", name="Club", x=1.5, y=5.5, hidden=False,
                   stats={"pace": 6})
    lurker = replace(base.token("gob"), id="lurker", name="Lurker", x=4.5, y=1.5, stats=BOW)
    hero = replace(base.token("hero"), stats=BOW)
    return replace(base, tokens=(hero, base.token("kyra"), archer, club, lurker),
                   walls=(), regions=())


def test_a_tap_on_a_hero_shows_who_it_can_hit_and_who_can_hit_it(
    qtbot: QtBot, window: GMWindow
) -> None:
    player = open_table(window, standoff())
    qtbot.mouseClick(player.view.viewport(), LEFT, NONE, point(player.view, 1.5, 1.5))
    exchange = player.insight.exchange
    assert exchange.hero == "hero"
    sights = {s.id: s for s in exchange.sights}
    assert set(sights) == {"archer", "club"}  # the hidden lurker is not told
    # The archer: 8 cells away, Short range for the bow (12); it shoots back (bow, in sight).
    assert sights["archer"].band.value == "short" and sights["archer"].threatens
    # The club: 4 cells away, in bow range, but it has no weapon that reaches 4 cells.
    assert sights["club"].band.value == "short" and not sights["club"].threatens
    assert window.state.undo_label is None  # the tap moved nothing
    qtbot.waitUntil(lambda: exchange.hero is None, timeout=5500)


def test_a_tap_on_a_villain_shows_nothing(qtbot: QtBot, window: GMWindow) -> None:
    player = open_table(window, standoff())
    qtbot.mouseClick(player.view.viewport(), LEFT, NONE, point(player.view, 9.5, 1.5))
    assert player.insight.exchange.hero is None


def test_dragging_shows_how_many_foes_see_each_cell_of_the_path(
    qtbot: QtBot, window: GMWindow
) -> None:
    encounter = standoff()
    # A wall between the archer and the bottom of the hero's path, from (6, 2) to (6, 8).
    from battlemap.desktop.core.model import Wall
    encounter = replace(encounter, walls=(Wall("w", ((6.0, 2.4), (6.0, 8.0))),))
    player = open_table(window, encounter)
    view, viewport = player.view, player.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, point(view, 1.5, 1.5))
    qtbot.mouseMove(viewport, point(view, 1.5, 2.5))
    qtbot.mouseMove(viewport, point(view, 1.5, 4.5))
    cells = {c.cell: c for c in player.insight.exposure.cells}
    assert list(cells) == [(1.5, 2.5), (1.5, 3.5), (1.5, 4.5)]
    # (1.5, 2.5): the archer (9.5, 1.5) sees it over the wall's top end (y 2.4), the club too.
    assert cells[(1.5, 2.5)].seen_by == 2
    # (1.5, 4.5): the wall hides it from the archer; the club, one cell below, sees it.
    assert cells[(1.5, 4.5)].seen_by == 1 and cells[(1.5, 4.5)].cover.value == "none"
    qtbot.mouseRelease(viewport, LEFT, NONE, point(view, 1.5, 4.5))
    assert player.insight.exposure.cells == ()
