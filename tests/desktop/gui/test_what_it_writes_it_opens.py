"""What the project writes, it reads (issue 31): every importer's output on the real files of
``tests/data`` opens in the GM window offscreen without a message, and every token of it can be
previewed by its system.

The probe found ``import-character`` writing an encounter (a GCS range ``[None, 260]``) that the
GUI then could not open. Here each Universal VTT map is imported by ``battlemap import-uvtt``,
every GCS sheet (the six and the 64 of the library sample) and every Foundry actor is added to
one encounter by ``battlemap import-character``, a Foundry scene is imported, the stat blocks
of the stat-block tests are pasted by ``battlemap import-statblock``, every demo and imported
map goes out by ``battlemap export-uvtt`` and back in, and a seeded sample of the encounters the
file fuzzer (``tests/soak/fuzz_files.py``) accepts is saved; the files are opened by the same
path as ``battlemap FILE``, with the player view, and each window holds what the file holds,
with no dialog left open.
"""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.fileformat import (
    EncounterFileError,
    load_encounter,
    open_encounter,
    save_encounter,
)
from battlemap.desktop.gui import app
from battlemap.desktop.gui.settings import settings
from battlemap.rules.registry import find_system

DATA = Path(__file__).resolve().parents[2] / "data"
SOAK = Path(__file__).resolve().parents[2] / "soak"


def soak_module(name: str) -> ModuleType:
    """A script of ``tests/soak`` as a module (its fuzzers' seeds and mutations)."""
    spec = importlib.util.spec_from_file_location(f"soak_{name}", SOAK / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []

    def warn(_parent: object, title: str, text: str, *_rest: object) -> object:
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warn))
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(warn))
    return shown


def opened(qtbot: QtBot, path: Path) -> app.GMWindow:
    settings().remove("gm")  # the default dock layout, as a first start has it
    window = app.open_window(str(path))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    return window


def open_dialogs() -> list[QDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]


def opens_as_saved(qtbot: QtBot, path: Path) -> app.GMWindow:
    """``path`` opened in the GM window, then the player view: both show what the file holds
    (its token images checked as a load checks them), nothing is unsaved, no dialog is left."""
    window = opened(qtbot, path)
    QApplication.processEvents()
    loaded, _ = open_encounter(path)
    assert window.path == path
    assert window.state.encounter == loaded
    assert not window.state.dirty
    window.toggle_player_view()
    QApplication.processEvents()
    player = window.player_window
    assert player is not None and player.isVisible()
    assert player.scene.state is window.state
    assert window.state.encounter == loaded  # the player view changed nothing
    assert open_dialogs() == []
    player.close()
    return window


@pytest.mark.parametrize("source", sorted((DATA / "uvtt").glob("*.dd2vtt")), ids=lambda p: p.name)
def test_every_imported_uvtt_map_opens(qtbot: QtBot, messages: list[tuple[str, str]],
                                       tmp_path: Path, source: Path) -> None:
    out = tmp_path / "map.json"
    assert main(["import-uvtt", str(source), str(out)]) == 0
    window = opened(qtbot, out)
    assert messages == []
    assert window.path == out and window.state.encounter.walls
    assert window.state.encounter == load_encounter(out)


@pytest.mark.parametrize(("system", "sheets"), [
    ("gurps", sorted((DATA / "gurps").rglob("*.gcs"))),
    ("savage-pathfinder", sorted((DATA / "foundry").glob("*.json"))),
], ids=["gcs", "foundry"])
def test_every_imported_character_opens_and_every_token_previews(
    qtbot: QtBot, messages: list[tuple[str, str]], tmp_path: Path, system: str,
    sheets: list[Path],
) -> None:
    assert sheets
    encounter = tmp_path / "party.json"
    assert main(["new", str(encounter), "--system", system]) == 0
    imported = [sheet.name for sheet in sheets
                if main(["import-character", str(sheet), str(encounter)]) == 0]
    assert imported == [sheet.name for sheet in sheets]
    window = opened(qtbot, encounter)
    assert messages == []
    tokens = window.state.encounter.tokens
    assert len(tokens) == len(sheets)
    rules = find_system(system)
    for token in tokens:  # the system can read every stat block it was given
        rules.combatant_from_dict(token.stats, f"{token.name}.stats", token.id)


def test_an_imported_foundry_scene_opens(qtbot: QtBot, messages: list[tuple[str, str]],
                                         tmp_path: Path) -> None:
    scene = tmp_path / "crypt.json"  # Foundry 10+ field names: a wall, a closed door, a light
    scene.write_text(json.dumps({
        "name": "Crypt", "padding": 0.25, "width": 1000, "height": 800, "grid": {"size": 100},
        "walls": [{"c": [300, 300, 900, 300], "sight": 20, "move": 20, "door": 0},
                  {"c": [300, 300, 300, 700], "sight": 20, "move": 20, "door": 1, "ds": 0}],
        "lights": [{"x": 600, "y": 500, "config": {"dim": 20, "bright": 10}}],
    }))  # fmt: skip
    out = tmp_path / "crypt-encounter.json"
    assert main(["import-uvtt", str(scene), str(out)]) == 0
    window = opens_as_saved(qtbot, out)
    assert messages == []
    encounter = window.state.encounter
    assert len(encounter.walls) == 2 and len(encounter.lights) == 1


def test_pasted_stat_blocks_open(qtbot: QtBot, messages: list[tuple[str, str]],
                                 tmp_path: Path) -> None:
    blocks = soak_module("fuzz_inputs").statblock_seeds()
    assert len(blocks) >= 5
    encounter = tmp_path / "foes.json"
    assert main(["new", str(encounter), "--system", "savage-pathfinder"]) == 0
    pasted = 0
    for n, block in enumerate(blocks):
        text = tmp_path / f"block{n}.txt"
        text.write_text(block)
        if main(["import-statblock", str(text), str(encounter)]) == 0:
            pasted += 1
    assert pasted >= len(blocks) // 2  # a few seeds are blocks the reader refuses on purpose
    window = opens_as_saved(qtbot, encounter)
    assert messages == []
    assert len(window.state.encounter.tokens) >= pasted
    rules = find_system("savage-pathfinder")
    for token in window.state.encounter.tokens:
        rules.combatant_from_dict(token.stats, f"{token.name}.stats", token.id)


EXPORTED = [*sorted((ASSETS_DIR / "demo").glob("*.json")),
            *sorted((DATA / "uvtt").glob("*.dd2vtt"))]


@pytest.mark.parametrize("source", EXPORTED, ids=lambda p: p.name)
def test_an_exported_map_imports_again_and_opens(qtbot: QtBot, messages: list[tuple[str, str]],
                                                 tmp_path: Path, source: Path) -> None:
    encounter = tmp_path / "first.json"
    if source.suffix == ".dd2vtt":
        assert main(["import-uvtt", str(source), str(encounter)]) == 0
    else:
        encounter.write_bytes(source.read_bytes())
    exported, back = tmp_path / "out.dd2vtt", tmp_path / "back.json"
    assert main(["export-uvtt", str(encounter), str(exported)]) == 0
    assert main(["import-uvtt", str(exported), str(back)]) == 0
    window = opens_as_saved(qtbot, back)
    assert messages == []
    first = load_encounter(encounter)
    assert len(window.state.encounter.walls) == len(first.walls)
    assert len(window.state.encounter.lights) == len(first.lights)


def accepted_fuzz_cases(count: int, seed: int) -> list[tuple[str, object]]:
    """The first ``count`` mutated seeds the file fuzzer's loaders accept (seeded)."""
    fuzz = soak_module("fuzz_files")
    rng, pool, found = random.Random(seed), fuzz.seeds(), []
    while len(found) < count:
        name, data, loader = rng.choice([s for s in pool if len(s[1]) < 1_000_000])
        mutated = (fuzz.structural if rng.random() < 0.5 else fuzz.byte_level)(data, rng)
        try:
            found.append((name, loader(mutated)))
        except (EncounterFileError, ValueError):
            continue
    return found


FUZZED = accepted_fuzz_cases(24, seed=31)


@pytest.mark.parametrize(("seed_name", "encounter"), FUZZED,
                         ids=[f"{n}-{name}" for n, (name, _) in enumerate(FUZZED)])
def test_an_encounter_the_file_fuzzer_accepts_opens(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seed_name: str,
    encounter: object,
) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(
        lambda _p, title, text, *_r: shown.append((title, text)) or QMessageBox.StandardButton.Ok))
    monkeypatch.setattr(QMessageBox, "critical", staticmethod(
        lambda _p, title, text, *_r: shown.append((title, text)) or QMessageBox.StandardButton.Ok))
    path = tmp_path / f"{seed_name}.json"
    save_encounter(encounter, path)  # type: ignore[arg-type]
    opens_as_saved(qtbot, path)
    # only an image the file names may be reported (a mutated path), never the file itself
    assert all(title != "Cannot open encounter" for title, _ in shown), shown
