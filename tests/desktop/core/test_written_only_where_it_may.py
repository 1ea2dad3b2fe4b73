"""Nothing is written where it must not be (issue 31, "Written where it must not be").

Only regular files are ever replaced: a FIFO or a device named as an output is refused and left
as it was; an encounter opened through a symbolic link is saved through the link, which stays a
link; the map image of an import never replaces the file being imported, whatever its name; a
long output name still saves; a failed write names the file asked for, never a temporary file.
"""

from __future__ import annotations

import base64
import errno
import json
import os
import stat
from pathlib import Path

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core import atomic
from battlemap.desktop.core.atomic import NotARegularFile, atomic_write_bytes
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from tests.desktop.core.test_hostile_files import one_line_refusal, png, write_uvtt

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
QUICK = pytest.mark.timeout(30)


@QUICK
def test_render_onto_a_fifo_is_refused_and_the_fifo_stays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "out.png"
    os.mkfifo(fifo)
    assert main(["render", "--demo", str(fifo)]) != 0
    assert "not a regular file" in capsys.readouterr().err
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@QUICK
def test_import_uvtt_force_onto_a_fifo_is_refused_and_the_fifo_stays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_uvtt(tmp_path / "cave.dd2vtt")
    fifo = tmp_path / "map.json"
    os.mkfifo(fifo)
    assert main(["import-uvtt", str(source), str(fifo), "--force"]) == 2
    one_line_refusal(capsys, "not a regular file")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_attack_write_on_a_symlinked_encounter_updates_the_real_file(tmp_path: Path) -> None:
    real = tmp_path / "campaign" / "fight.json"
    real.parent.mkdir()
    real.write_bytes(DEMO.read_bytes())
    link = tmp_path / "tonight.json"
    link.symlink_to(real)
    command = ["attack", str(link), "--attacker", "harsk", "--target", "goblin-5", "--seed", "7",
               "--write"]  # fmt: skip
    assert main(command) == 0
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert len(load_encounter(real).log) == len(load_encounter(DEMO).log) + 1


def test_move_save_on_a_symlinked_encounter_updates_the_real_file(tmp_path: Path) -> None:
    real = tmp_path / "fight.json"
    real.write_bytes(DEMO.read_bytes())
    link = tmp_path / "link.json"
    link.symlink_to(real)
    before = {t.id: (t.x, t.y) for t in load_encounter(real).tokens}["valeros"]
    assert main(["move", str(link), "valeros", str(before[0] + 1), str(before[1]), "--save"]) == 0
    assert link.is_symlink()
    after = {t.id: (t.x, t.y) for t in load_encounter(real).tokens}["valeros"]
    assert after != before


def test_the_map_image_never_replaces_the_uvtt_file_being_imported(tmp_path: Path) -> None:
    # The UVTT file is called out.png: the image that would go to out.png must not replace it.
    image = base64.b64encode(png(16, 12)).decode()
    source = write_uvtt(tmp_path / "out.png", image=image)
    before = source.read_bytes()
    assert main(["import-uvtt", str(source), str(tmp_path / "out.json"), "--force"]) == 0
    assert source.read_bytes() == before
    written = json.loads((tmp_path / "out.json").read_text())
    assert written["background"]["path"] == "out-2.png"
    assert (tmp_path / "out-2.png").read_bytes() == png(16, 12)


def test_a_251_character_name_still_saves(tmp_path: Path) -> None:
    name = "x" * 246 + ".json"
    assert len(name) == 251
    save_encounter(load_encounter(DEMO), tmp_path / name)
    assert load_encounter(tmp_path / name).tokens
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_failed_write_names_the_file_asked_for_not_the_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / ".enc.json.x.tmp"))

    monkeypatch.setattr(atomic.os, "replace", disk_full)
    with pytest.raises(OSError) as failed:
        atomic_write_bytes(tmp_path / "enc.json", b"{}")
    assert failed.value.errno == errno.ENOSPC
    assert failed.value.filename == str(tmp_path / "enc.json")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    with pytest.raises(NotARegularFile, match="a folder"):
        atomic_write_bytes(tmp_path / "maps", b"{}")
    assert (tmp_path / "maps").is_dir()


def test_a_link_to_something_that_is_not_an_encounter_is_refused(tmp_path: Path) -> None:
    # A downloaded folder's saved.json may be a link to the GM's notes: never written through.
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    link = tmp_path / "saved.json"
    link.symlink_to(notes)
    with pytest.raises(EncounterFileError, match="which is not an encounter file; not replaced"):
        save_encounter(load_encounter(DEMO), link)
    assert notes.read_text() == "my notes" and link.is_symlink()
