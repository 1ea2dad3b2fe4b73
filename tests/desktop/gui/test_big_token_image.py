"""Token images of big maps' size (issue 28): a picture over 4096 px a side decoded reduced
(a PNG in strips, never whole; a JPEG by Qt's reader), a smaller one whole as before; one that
cannot be shown said in words naming the token and the file, on the bar and in the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QImage

from battlemap.desktop.commands.bench_gui import write_bench_encounter
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import mapped_image, token_image
from battlemap.desktop.gui.combat_log import CombatLogPanel
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.png_strips import decode_strips
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.token_image import read_token_image
from tests.desktop.gui.test_png_strips import busy_picture, png_bytes


@pytest.fixture(autouse=True)
def cache_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mapped_image, "_cache_folder", lambda: str(tmp_path))


def saved(image: QImage, kind: str) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, kind)  # type: ignore[call-overload]
    return bytes(buffer.data())


def test_a_token_image_within_the_side_is_decoded_whole(tmp_path: Path) -> None:
    data = png_bytes(busy_picture(QImage.Format.Format_ARGB32, 301, 777))
    (tmp_path / "orc.png").write_bytes(data)
    image, problem = read_token_image("orc.png", tmp_path)
    assert problem == "" and image == QImage.fromData(data)


def test_a_png_token_image_over_the_side_is_decoded_reduced_in_strips_never_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """301 x 777 px over a side of 100: reduced by 8 (to 38 x 97, rounded), as the strips'
    reduced copy is."""
    data = png_bytes(busy_picture(QImage.Format.Format_ARGB32, 301, 777))
    (tmp_path / "orc.png").write_bytes(data)
    monkeypatch.setattr(token_image, "TOKEN_IMAGE_SIDE", 100)

    def never(*_args: object) -> bytes:
        raise AssertionError("the token image was read whole")

    monkeypatch.setattr(token_image, "read_image_file", never)
    image, problem = read_token_image("orc.png", tmp_path)
    decoded = decode_strips(data, (8,))
    assert problem == "" and image is not None and decoded is not None
    assert (image.width(), image.height()) == (38, 97)
    assert image == decoded[1][0][1]


def test_a_jpeg_token_image_over_the_side_is_decoded_reduced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "orc.jpg").write_bytes(saved(busy_picture(QImage.Format.Format_RGB32,
                                                          500, 300), "JPEG"))
    monkeypatch.setattr(token_image, "TOKEN_IMAGE_SIDE", 100)
    image, problem = read_token_image("orc.jpg", tmp_path)
    assert problem == "" and image is not None
    assert (image.width(), image.height()) == (100, 60)


def test_a_16384_px_token_image_is_shown_at_4096_px(tmp_path: Path) -> None:
    """The bench's 16384 px map as a token's picture (Qt refuses to decode it whole)."""
    write_bench_encounter(tmp_path, 16_384, 1, 4)
    image, problem = read_token_image("map-16384.png", tmp_path)
    assert problem == "" and image is not None
    assert (image.width(), image.height()) == (4096, 4096)
    assert image.pixelColor(4095, 4095).name() in ("#c8b99a", "#8f7f62")


def test_a_token_image_that_cannot_be_shown_is_said_naming_the_token_and_the_file(
    window: GMWindow, tmp_path: Path
) -> None:
    broken = png_bytes(busy_picture(QImage.Format.Format_RGB32, 40, 30))[:60]
    (tmp_path / "broken.png").write_bytes(broken)
    encounter = Encounter(tokens=(Token("g", "Gruk the Orc", 2, 2, image="broken.png"),))
    scene = MapScene(BattleState(encounter), Audience.GM, tmp_path)
    said = (f"Gruk the Orc's image is not shown ({tmp_path / 'broken.png'} could not be "
            "decoded: ")
    assert len(scene.image_problems) == 1 and scene.image_problems[0].startswith(said)
    assert scene.image_problems[0].endswith("; the token shows its disc")
    window.scene.base_dir = tmp_path
    window.state.load(encounter)
    assert window.statusBar().currentMessage() == scene.image_problems[0]
    assert window.findChild(CombatLogPanel).notices[-1] == scene.image_problems[0]
