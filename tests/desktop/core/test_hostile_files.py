"""Downloaded encounters and Universal VTT files are untrusted input (issue 18).

Each test plays one hostile file or command line from the issue's probe: special files and
oversized files named by the user or inside a file, image paths leaving the encounter's
folder, outputs that are the input (by name, hard link or symbolic link), read-only files,
the umask, Foundry's Universal VTT 1.0 exports. A refusal is one line naming the file and the
field, exit status 2, and nothing written. Tests that would read ``/dev/zero`` or a FIFO on
code without the bounded reads carry a short timeout, so they fail instead of hanging.
"""

from __future__ import annotations

import base64
import json
import os
import stat
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.cli import main
from battlemap.desktop.core.atomic import atomic_write_bytes
from battlemap.desktop.core.fileformat import (
    EncounterFileError,
    load_encounter,
    open_encounter,
    save_encounter,
)
from battlemap.desktop.core.image_links import gather_images
from battlemap.desktop.core.images import ImageError, image_file, read_image_file
from battlemap.desktop.core.limits import MAX_FILE_BYTES, MAX_IMAGE_FILE_BYTES
from battlemap.desktop.core.model import Background, Encounter, Token
from battlemap.desktop.core.storage import MARKER_NAME, Autosaver
from battlemap.desktop.core.uvtt import UvttError, looks_like_uvtt, read_uvtt

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
QUICK = pytest.mark.timeout(30)


def png(width: int, height: int) -> bytes:
    """A real grey PNG of ``width`` x ``height`` px."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return b"\x89PNG\r\n\x1a\n" + header + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def uvtt_document(walls: int = 1, image: str = "") -> dict[str, Any]:
    line = [{"x": 0, "y": 0}, {"x": 4, "y": 0}]
    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3},
                       "pixels_per_grid": 4},
        "line_of_sight": [line] * walls,
        "image": image,
    }  # fmt: skip


def write_uvtt(path: Path, **kwargs: Any) -> Path:
    path.write_text(json.dumps(uvtt_document(**kwargs)))
    return path


def one_line_refusal(capsys: pytest.CaptureFixture[str], *parts: str) -> str:
    """The captured stderr, checked to be one line holding every one of ``parts``."""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for part in parts:
        assert part in err, (part, err)
    return err


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "map.fifo"
    os.mkfifo(path)
    yield path


@pytest.fixture
def umask_077() -> Iterator[None]:
    old = os.umask(0o077)
    yield
    os.umask(old)


# --- 1. Bounded reads: regular files only, never more than the limit plus one byte ---------


@QUICK
def test_render_refuses_dev_zero_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", "/dev/zero", str(tmp_path / "out.png")]) == 2
    one_line_refusal(capsys, "/dev/zero", "(file)", "not a regular file (a character device)")
    assert list(tmp_path.iterdir()) == []


@QUICK
def test_import_uvtt_refuses_dev_zero_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import-uvtt", "/dev/zero", str(tmp_path / "map.json")]) == 2
    one_line_refusal(capsys, "/dev/zero", "(file)", "not a regular file")
    assert list(tmp_path.iterdir()) == []


@QUICK
def test_a_fifo_is_refused_at_once_as_encounter_uvtt_and_image(fifo: Path) -> None:
    with pytest.raises(EncounterFileError, match=r"\(file\): not a regular file \(a FIFO\)"):
        load_encounter(fifo)
    with pytest.raises(UvttError, match="not a regular file"):
        read_uvtt(fifo)
    with pytest.raises(ImageError, match="not a regular file"):
        read_image_file(fifo.name, fifo.parent)


def test_a_sparse_3_gb_png_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "map.png"
    with big.open("wb") as file:
        file.write(png(64, 64))
        file.truncate(3_000_000_000)  # sparse: no disk used, st_size says 3 GB
    with pytest.raises(ImageError) as refused:
        read_image_file("map.png", tmp_path)
    assert str(refused.value) == (
        f"{big}: 3,000,000,000 bytes; the limit is {MAX_IMAGE_FILE_BYTES:,}"
    )


def test_an_encounter_one_byte_over_the_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(EncounterFileError, match=f"{MAX_FILE_BYTES + 1:,} bytes; the limit is"):
        load_encounter(big)


@QUICK
def test_render_of_an_encounter_whose_map_and_token_are_dev_zero_warns_and_renders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    encounter = Encounter(
        background=Background(path="/dev/zero"),
        tokens=(Token("g", "Goblin", 1.5, 1.5, image="/dev/zero"),),
    )
    save_encounter(encounter, tmp_path / "enc.json")
    assert main(["render", str(tmp_path / "enc.json"), str(tmp_path / "out.png")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert "tokens[0].image: /dev/zero: outside the encounter's folder" in err[0]
    assert "background.path: /dev/zero: outside the encounter's folder" in err[1]
    assert (tmp_path / "out.png").read_bytes().startswith(b"\x89PNG")


# --- 2. Image paths stay inside the encounter's folder (and the program's assets) -------------


@pytest.mark.parametrize("named", ["../secret.png", "ABSOLUTE", "link.png"])
def test_an_image_outside_the_encounter_folder_is_refused(tmp_path: Path, named: str) -> None:
    folder = tmp_path / "downloads"
    folder.mkdir()
    secret = tmp_path / "secret.png"
    secret.write_bytes(png(8, 8))
    (folder / "link.png").symlink_to(secret)
    path = str(secret) if named == "ABSOLUTE" else named
    shown = f"{folder / 'link.png'} (a link to {secret})" if named == "link.png" else str(secret)
    with pytest.raises(ImageError) as refused:
        read_image_file(path, folder)
    assert str(refused.value).startswith(f"{shown}: outside the encounter's folder {folder} ")


def test_images_below_the_folder_and_in_the_assets_are_allowed(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "cave.png").write_bytes(png(8, 8))
    assert read_image_file("maps/cave.png", tmp_path) == png(8, 8)
    assert image_file(DEMO, tmp_path) == DEMO


def test_render_warns_and_does_not_show_an_image_from_outside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "secret.png").write_bytes(png(16, 16))
    (tmp_path / "shared").mkdir()
    encounter = Encounter(width=4, height=4, background=Background(path="../secret.png",
                                                                   pixels_per_cell=4))
    (tmp_path / "shared" / "enc.json").write_bytes(json.dumps({
        "format": 1, "width": 4, "height": 4,
        "background": {"path": "../secret.png", "pixels_per_cell": 4},
    }).encode())  # fmt: skip
    assert encounter.background is not None
    assert main(["render", str(tmp_path / "shared" / "enc.json"), str(tmp_path / "o.png")]) == 0
    one_line_refusal(capsys, "background.path", f"{tmp_path / 'secret.png'}: outside")


def test_open_encounter_drops_a_token_image_outside_and_says_which(tmp_path: Path) -> None:
    (tmp_path / "orc.png").write_bytes(png(8, 8))
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "ok.png").write_bytes(png(8, 8))
    tokens = [{"id": "a", "name": "A", "position": {"x": 1, "y": 1}, "image": "../orc.png"},
              {"id": "b", "name": "B", "position": {"x": 2, "y": 1}, "image": "ok.png"}]
    file = tmp_path / "shared" / "enc.json"
    file.write_text(json.dumps({"format": 1, "tokens": tokens}))
    encounter, warnings = open_encounter(file)
    assert [t.image for t in encounter.tokens] == [None, str(tmp_path / "shared" / "ok.png")]
    assert warnings == (
        f"{file}: tokens[0].image: {tmp_path / 'orc.png'}: outside the encounter's folder "
        f"{tmp_path / 'shared'} (an encounter may only show images in its own folder or below "
        "it); the token shows its disc",
    )


def test_saving_copies_images_from_elsewhere_into_the_encounter_folder(tmp_path: Path) -> None:
    pictures, folder = tmp_path / "pictures", tmp_path / "encounters"
    pictures.mkdir(), folder.mkdir()
    (pictures / "cave.png").write_bytes(png(8, 8))
    (folder / "cave.png").write_bytes(png(4, 4))  # another image of the same name: kept
    encounter = Encounter(background=Background(path=str(pictures / "cave.png")),
                          tokens=(Token("a", "A", 1, 1, image=str(pictures / "cave.png")),))
    gathered, copied = gather_images(encounter, folder)
    assert copied == ("cave-2.png",)
    assert (folder / "cave.png").read_bytes() == png(4, 4)
    assert (folder / "cave-2.png").read_bytes() == png(8, 8)
    assert gathered.background is not None
    assert gathered.background.path == str(folder / "cave-2.png")
    save_encounter(gathered, folder / "enc.json")
    reopened, warnings = open_encounter(folder / "enc.json")
    assert warnings == () and reopened.tokens[0].image == str(folder / "cave-2.png")


# --- 3. import-uvtt never destroys data, and refuses in one line --------------------------


def test_import_uvtt_refuses_out_equal_to_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_uvtt(tmp_path / "map.json")
    before = source.read_bytes()
    assert main(["import-uvtt", str(source), str(source), "--force"]) == 2
    one_line_refusal(capsys, f"{source}: OUT: is the input file")
    assert source.read_bytes() == before and len(list(tmp_path.iterdir())) == 1


def test_import_uvtt_refuses_a_hard_link_of_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_uvtt(tmp_path / "map.dd2vtt")
    os.link(source, tmp_path / "out.json")
    assert main(["import-uvtt", str(source), str(tmp_path / "out.json"), "--force"]) == 2
    one_line_refusal(capsys, "OUT: is the input file")
    assert json.loads(source.read_text()) == uvtt_document()


def test_import_uvtt_keeps_an_existing_image_and_writes_under_a_new_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = base64.b64encode(png(16, 12)).decode()
    source = write_uvtt(tmp_path / "cave.dd2vtt", image=image)
    (tmp_path / "map.png").write_bytes(b"the GM's own map")
    assert main(["import-uvtt", str(source), str(tmp_path / "map.json")]) == 0
    assert (tmp_path / "map.png").read_bytes() == b"the GM's own map"
    assert (tmp_path / "map-2.png").read_bytes() == png(16, 12)
    assert json.loads((tmp_path / "map.json").read_text())["background"]["path"] == "map-2.png"
    assert "warning: map.png exists; the map image is map-2.png" in capsys.readouterr().err


def test_import_uvtt_into_map_png_does_not_overwrite_its_own_image(tmp_path: Path) -> None:
    source = write_uvtt(tmp_path / "cave.dd2vtt", image=base64.b64encode(png(16, 12)).decode())
    assert main(["import-uvtt", str(source), str(tmp_path / "map.png")]) == 0
    assert json.loads((tmp_path / "map.png").read_text())["background"]["path"] == "map-2.png"
    assert (tmp_path / "map-2.png").read_bytes() == png(16, 12)


def test_import_uvtt_replaces_an_existing_out_only_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_uvtt(tmp_path / "cave.dd2vtt")
    (tmp_path / "map.json").write_text("my encounter")
    assert main(["import-uvtt", str(source), str(tmp_path / "map.json")]) == 2
    one_line_refusal(capsys, "map.json: OUT: exists; pass --force")
    assert (tmp_path / "map.json").read_text() == "my encounter"
    assert main(["import-uvtt", str(source), str(tmp_path / "map.json"), "--force"]) == 0
    assert load_encounter(tmp_path / "map.json").walls[0].points == ((0.0, 0.0), (4.0, 0.0))


@pytest.mark.parametrize(("out", "expected"), [
    ("missing/map.json", "OUT: the folder {tmp}/missing does not exist"),
    (".", "OUT: is a folder"),
])  # fmt: skip
def test_import_uvtt_refuses_a_bad_out_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], out: str, expected: str
) -> None:
    source = write_uvtt(tmp_path / "cave.dd2vtt")
    assert main(["import-uvtt", str(source), str(tmp_path / out)]) == 2
    one_line_refusal(capsys, expected.format(tmp=tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == ["cave.dd2vtt"]


def test_import_uvtt_into_a_folder_it_cannot_write_leaves_no_orphan_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from battlemap.desktop.commands import import_uvtt

    def refuse_json(path: str | Path, data: bytes) -> None:
        if str(path).endswith(".json"):
            raise PermissionError(13, "Permission denied", str(path))
        atomic_write_bytes(path, data)

    monkeypatch.setattr(import_uvtt, "atomic_write_bytes", refuse_json)
    source = write_uvtt(tmp_path / "cave.dd2vtt", image=base64.b64encode(png(16, 12)).decode())
    assert main(["import-uvtt", str(source), str(tmp_path / "map.json")]) == 2
    one_line_refusal(capsys, "map.json: OUT: Permission denied; nothing written")
    assert [p.name for p in tmp_path.iterdir()] == ["cave.dd2vtt"]


def test_import_uvtt_refuses_a_read_only_folder_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write_uvtt(tmp_path / "cave.dd2vtt")
    folder = tmp_path / "ro"
    folder.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != folder and real_access(p, mode))
    assert main(["import-uvtt", str(source), str(folder / "map.json")]) == 2
    one_line_refusal(capsys, f"OUT: the folder {folder} is not writable")


@pytest.mark.parametrize("height", ["-1", "nan", "inf"])
def test_import_uvtt_refuses_a_bad_object_height(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], height: str
) -> None:
    source = write_uvtt(tmp_path / "cave.dd2vtt")
    out = str(tmp_path / "m.json")
    assert main(["import-uvtt", str(source), out, f"--object-height={height}"]) == 2
    one_line_refusal(capsys, f"{source}: (object height): expected a number of cells from 0 to")
    assert not (tmp_path / "m.json").exists()


def test_import_uvtt_refuses_150000_walls_without_an_orphan_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = uvtt_document(walls=50_000, image=base64.b64encode(png(16, 12)).decode())
    document["objects_line_of_sight"] = document["line_of_sight"]
    document["portals"] = [{"position": {"x": 1, "y": 0}, "bounds": [{"x": 0, "y": 0},
                                                                    {"x": 2, "y": 0}]}] * 50_000
    (tmp_path / "huge.dd2vtt").write_text(json.dumps(document))
    assert main(["import-uvtt", str(tmp_path / "huge.dd2vtt"), str(tmp_path / "map.json")]) == 2
    one_line_refusal(
        capsys, "line_of_sight: 150,000 walls, objects and doors in all; the limit is 50,000"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["huge.dd2vtt"]


@pytest.mark.parametrize("weapons", [5, True])
def test_survey_with_weapons_that_are_not_a_list_is_a_clean_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], weapons: object
) -> None:
    document = json.loads(DEMO.read_text())
    [harsk] = [t for t in document["tokens"] if t["id"] == "harsk"]
    harsk.setdefault("stats", {})["weapons"] = weapons
    (tmp_path / "enc.json").write_text(json.dumps(document))
    command = ["survey", str(tmp_path / "enc.json"), "--attacker", "harsk", "--target", "goblin-5"]
    assert main(command) == 2
    one_line_refusal(capsys, "enc.json: tokens[harsk].stats.weapons: expected a list of weapons")


# --- 4. Overwrites through links and permissions --------------------------------------------


@pytest.mark.parametrize("link", ["hard", "symbolic"])
def test_render_refuses_a_link_to_its_own_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], link: str
) -> None:
    source = tmp_path / "enc.json"
    source.write_bytes(DEMO.read_bytes())
    out = tmp_path / "out.png"
    os.link(source, out) if link == "hard" else out.symlink_to(source)
    assert main(["render", str(source), str(out)]) == 2
    one_line_refusal(capsys, f"{out}: OUT: is the encounter's own file")
    assert source.read_bytes() == DEMO.read_bytes()


def test_render_replaces_a_symbolic_link_instead_of_writing_through_it(tmp_path: Path) -> None:
    elsewhere = tmp_path / "notes.txt"
    elsewhere.write_text("my notes")
    (tmp_path / "out.png").symlink_to(elsewhere)
    assert main(["render", "--demo", str(tmp_path / "out.png")]) == 0
    assert elsewhere.read_text() == "my notes"
    assert (tmp_path / "out.png").read_bytes().startswith(b"\x89PNG")


def test_attack_write_does_not_replace_a_read_only_encounter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "enc.json"
    source.write_bytes(DEMO.read_bytes())
    source.chmod(0o444)
    command = ["attack", str(source), "--attacker", "harsk", "--target", "goblin-5", "--seed",
               "7", "--write"]  # fmt: skip
    assert main(command) == 2
    one_line_refusal(capsys, f"battlemap attack: {source}: read-only file; not replaced")
    assert source.read_bytes() == DEMO.read_bytes()
    assert stat.S_IMODE(source.stat().st_mode) == 0o444


# --- 5. Private data --------------------------------------------------------------------------


@pytest.mark.usefixtures("umask_077")
def test_saves_and_autosaves_respect_the_umask(tmp_path: Path) -> None:
    save_encounter(Encounter(notes="the GM's secret"), tmp_path / "enc.json")
    assert stat.S_IMODE((tmp_path / "enc.json").stat().st_mode) == 0o600
    saver = Autosaver(tmp_path / "autosave", delay=0.0)
    saver.start_session(str(tmp_path / "enc.json"))
    saver.changed(Encounter(notes="the GM's secret"))
    saver.flush()
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "autosave").iterdir()}
    assert modes == {"current.json": 0o600, "session.json": 0o600}
    assert stat.S_IMODE((tmp_path / "autosave").stat().st_mode) == 0o700


def test_a_new_save_under_umask_022_is_0644_and_an_existing_file_keeps_its_mode(
    tmp_path: Path,
) -> None:
    old = os.umask(0o022)
    try:
        save_encounter(Encounter(), tmp_path / "a.json")
        (tmp_path / "b.json").write_text("{}")
        (tmp_path / "b.json").chmod(0o640)
        save_encounter(Encounter(), tmp_path / "b.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "b.json").stat().st_mode) == 0o640


def test_the_session_marker_holds_only_what_a_restore_needs(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path, delay=0.0)
    saver.start_session(str(tmp_path / "enc.json"))
    marker = json.loads((tmp_path / MARKER_NAME).read_text())
    assert sorted(marker) == ["pid", "source", "started"]
    saver.end_session()
    assert list(tmp_path.iterdir()) == []


# --- 6. Universal VTT 1.0 (Foundry): an image path, map_size floats ---------------------------


def foundry_export(folder: Path, image: str) -> Path:
    document = {
        "format": 1.0,
        "resolution": {"map_origin": {"x": 0.0, "y": 0.0},
                       "map_size": {"x": 4.0, "y": 3.0}, "pixels_per_grid": 4.0},
        "line_of_sight": [[{"x": 0.0, "y": 0.0}, {"x": 4.0, "y": 0.0}]],
        "portals": [{"position": {"x": 2.0, "y": 3.0}, "bounds": [{"x": 1.5, "y": 3.0},
                                                                 {"x": 2.5, "y": 3.0}],
                     "rotation": 0.0, "closed": True, "freestanding": False}],
        "lights": [{"position": {"x": 2.0, "y": 1.5}, "range": 4.0, "intensity": 1.0,
                    "color": "ffffcc88", "shadows": True}],
        "environment": {"baked_lighting": False, "ambient_light": "ff202020"},
        "image": image,
    }  # fmt: skip
    path = folder / "scene.uvtt"
    path.write_text(json.dumps(document))
    return path


def test_a_foundry_export_with_an_image_beside_it_imports_the_image(tmp_path: Path) -> None:
    (tmp_path / "worlds" / "w").mkdir(parents=True)
    (tmp_path / "worlds" / "w" / "map.png").write_bytes(png(16, 12))
    imported = read_uvtt(foundry_export(tmp_path, "worlds/w/map.png"))
    assert imported.image == png(16, 12) and imported.image_format == "png"
    assert imported.warnings == ()
    encounter = imported.encounter
    assert (encounter.width, encounter.height) == (4.0, 3.0)
    assert [w.kind.value for w in encounter.walls] == ["wall", "door"]
    assert [(lt.x, lt.y, lt.dim_radius) for lt in encounter.lights] == [(2.0, 1.5, 4.0)]
    assert encounter.background is not None
    assert base64.b64decode(encounter.background.embedded or "") == png(16, 12)


@pytest.mark.parametrize("image", ["worlds/w/missing.webp", "../outside.png"])
def test_a_foundry_export_without_its_image_imports_and_names_the_image(
    tmp_path: Path, image: str
) -> None:
    (tmp_path / "outside.png").write_bytes(png(16, 12))
    (tmp_path / "export").mkdir()
    imported = read_uvtt(foundry_export(tmp_path / "export", image))
    assert imported.image == b"" and imported.encounter.background is None
    assert len(imported.encounter.walls) == 2
    [warning] = imported.warnings
    assert warning.startswith(f"image: the map image {image!r} is not beside the file (")


def test_the_import_command_reads_a_foundry_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "map.png").write_bytes(png(16, 12))
    source = foundry_export(tmp_path, "map.png")
    assert main(["import-uvtt", str(source), str(tmp_path / "scene.json")]) == 0
    assert capsys.readouterr().out == (
        f"wrote {tmp_path / 'scene.json'}: 4 x 3 cells, 1 walls (2 points), 0 objects, "
        "1 doors (0 open), 1 lights, image scene.png\n"
    )
    assert (tmp_path / "scene.png").read_bytes() == png(16, 12)


def test_uvtt_content_is_recognised_whatever_the_file_is_called(tmp_path: Path) -> None:
    assert looks_like_uvtt(write_uvtt(tmp_path / "map.json"))
    assert not looks_like_uvtt(DEMO)
    assert not looks_like_uvtt(tmp_path)


def test_render_of_a_uvtt_file_says_how_to_import_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_uvtt(tmp_path / "cave.json")
    assert main(["render", str(source), str(tmp_path / "out.png")]) == 2
    one_line_refusal(capsys, f"{source}: a Universal VTT map, not an encounter: battlemap "
                             f"import-uvtt {source} {tmp_path / 'cave-encounter.json'} imports it")
    assert [p.name for p in tmp_path.iterdir()] == ["cave.json"]
