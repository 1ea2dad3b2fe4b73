"""Loading a map image: in a worker thread with a cancellable progress dialog, decoded once."""

from __future__ import annotations

import gc
import random
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fileformat import save_encounter
from battlemap.desktop.core.images import ImageError
from battlemap.desktop.core.model import Background, Encounter
from battlemap.desktop.gui import file_actions
from battlemap.desktop.gui.app import open_window
from battlemap.desktop.gui.background_item import BackgroundItem
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_image import MapImage, shared_map_image
from battlemap.desktop.gui.map_loading import load_map_image
from battlemap.desktop.gui.player_window import PlayerWindow


def speckled_map(path: Path, side: int) -> Path:
    """A ``side`` px square PNG that takes a while to decode (not one flat colour)."""
    image = QImage(side, side, QImage.Format.Format_RGB32)
    image.fill(QColor("#c8b99a"))
    painter, rng = QPainter(image), random.Random(5)
    for _ in range(side):
        colour = QColor(rng.randrange(256), 90, 60)
        painter.fillRect(rng.randrange(side), rng.randrange(side), 40, 40, colour)
    painter.end()
    image.save(str(path))
    return path


def test_a_map_loads_with_its_zoomed_out_copies_while_the_window_keeps_running(
    window: GMWindow, tmp_path: Path
) -> None:
    path = speckled_map(tmp_path / "map.png", 4000)
    ticks: list[int] = []
    timer = QTimer(interval=5)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    image = load_map_image(window, Background(path=str(path), pixels_per_cell=64.0), None)
    timer.stop()
    assert image is not None
    assert [(f, i.width(), i.height()) for f, i in image.levels] == [
        (1, 4000, 4000), (2, 2000, 2000), (4, 1000, 1000), (8, 500, 500), (16, 250, 250)
    ]
    assert image.levels[0][1].format() == QImage.Format.Format_RGB888  # opaque: 3 bytes a pixel
    assert len(ticks) >= 3  # the event loop ran while the worker decoded


def test_a_map_no_longer_shown_is_freed_and_no_dialog_stays_behind(
    window: GMWindow, tmp_path: Path
) -> None:
    # Import Universal VTT -> Save -> Open grew memory by ~28 MB each time: the job's slots held
    # the job (and the decoded map) through Qt, where the garbage collector cannot see them.
    first = Background(path=str(speckled_map(tmp_path / "first.png", 400)), pixels_per_cell=64.0)
    second = Background(path=str(speckled_map(tmp_path / "second.png", 300)), pixels_per_cell=64.0)
    first_key = load_map_image(window, first, None).key  # type: ignore[union-attr]
    assert load_map_image(window, second, None) is not None  # only the latest map is kept
    gc.collect()
    alive = [o for o in gc.get_objects() if isinstance(o, MapImage) and o.key == first_key]
    assert alive == []
    assert window.findChildren(QProgressDialog) == []


def test_cancelling_the_load_leaves_the_encounter_as_it_was(
    window: GMWindow, tmp_path: Path
) -> None:
    path = speckled_map(tmp_path / "map.png", 4000)
    before = window.state.encounter

    def press_cancel() -> None:
        dialog = window.findChild(QProgressDialog)
        assert dialog is not None
        button = dialog.findChild(QPushButton)
        assert button is not None and button.text() == "Cancel"
        button.click()

    QTimer.singleShot(0, press_cancel)
    file_actions.apply_map_image(window, str(path), 4000, 4000, 64.0)
    assert window.state.encounter is before


def test_a_broken_image_is_named_and_nothing_changes(window: GMWindow, tmp_path: Path) -> None:
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    with pytest.raises(ImageError, match=r"broken\.png"):
        load_map_image(window, Background(path=str(broken), pixels_per_cell=64.0), None)


def test_a_broken_map_image_shows_a_message_and_the_encounter_stays(
    qtbot: QtBot, window: GMWindow, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"not an image at all")
    before = window.state.encounter
    messages: list[str] = []
    poll = QTimer(interval=20)
    poll.timeout.connect(lambda: close_message(window, messages))
    poll.start()
    file_actions.apply_map_image(window, str(broken), 640, 448, 64.0)
    poll.stop()
    assert window.state.encounter is before
    assert len(messages) == 1 and "broken.png" in messages[0]


def close_message(window: GMWindow, messages: list[str]) -> None:
    """Close the message box once it shows, noting its text."""
    box = window.findChild(QMessageBox)
    if box is not None and box.isVisible():
        messages.append(box.text())
        box.close()


def test_the_gm_and_player_views_share_one_decoded_map(
    window: GMWindow, tmp_path: Path
) -> None:
    path = speckled_map(tmp_path / "map.png", 640)
    file_actions.apply_map_image(window, str(path), 640, 640, 64.0)
    background = window.state.encounter.background
    assert background is not None
    player = PlayerWindow(window.state, window.view)
    shared = shared_map_image(background, None)
    shown = [item.map_image for item in (*window.scene.items(), *player.scene.items())
             if isinstance(item, BackgroundItem)]
    assert shown == [shared, shared] and all(image is shared for image in shown)
    player.close()


def test_opening_a_file_whose_map_image_is_missing_says_so(
    qtbot: QtBot, tmp_path: Path
) -> None:
    file = tmp_path / "ambush.json"
    save_encounter(Encounter(background=Background(path="gone.png", pixels_per_cell=64.0)), file)
    messages: list[str] = []
    poll = QTimer(interval=20)
    poll.timeout.connect(lambda: close_any_message(messages))
    poll.start()
    window = open_window(str(file))
    qtbot.addWidget(window)
    poll.stop()
    assert window.path == file
    assert len(messages) == 1 and "gone.png" in messages[0]


def close_any_message(messages: list[str]) -> None:
    """Close the first message box shown, noting its text."""
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QMessageBox) and widget.isVisible():
            messages.append(widget.text())
            widget.close()
