"""Encounter files: round trips, migrations, and a clear located error for every bad input."""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path

import pytest

from battlemap.desktop.core import validation
from battlemap.desktop.core.fileformat import (
    EncounterFileError,
    dumps_encounter,
    load_encounter,
    loads_encounter,
    save_encounter,
)
from battlemap.desktop.core.limits import MAX_LIGHT_WALL_PIECES
from battlemap.desktop.core.model import (
    Background,
    Encounter,
    Grid,
    GridKind,
    Illumination,
    Light,
    LogEntry,
    Region,
    RegionKind,
    Side,
    Token,
    Wall,
    WallKind,
)


def png_bytes(width: int, height: int) -> bytes:
    """A real, tiny grey PNG (or just its header, for sizes too large to build)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height)) if width < 100 else b""
    return b"\x89PNG\r\n\x1a\n" + header + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def full_encounter(tmp_path: Path) -> Encounter:
    stats = {"wild_card": True, "attributes": {"agility": "d8"}, "weapons": [{"range": [3, 6, 12]}]}
    return Encounter(
        name="Ambush",
        grid=Grid(GridKind.HEX, 2.0, "yd"),
        width=24.0,
        height=16.0,
        background=Background(
            path=str(tmp_path / "maps" / "floor.png"),
            pixels_per_cell=70.0,
            offset_x=3.0,
            offset_y=-2.5,
        ),
        ambient=Illumination.DIM,
        tokens=(
            Token(
                "v",
                "Valeros",
                2.5,
                3.5,
                side=Side.HERO,
                color="#2040ff",
                stats=stats,
                image=str(tmp_path / "valeros.png"),
                facing=90.0,
                elevation=1.0,
            ),
            Token(
                "g1",
                "Goblin",
                10.5,
                4.5,
                size=1.0,
                height=0.5,
                side=Side.VILLAIN,
                group="goblins",
                hidden=True,
                notes="sneaky",
            ),
        ),
        walls=(
            Wall("w1", ((0.0, 0.0), (5.0, 0.0), (5.0, 5.0))),
            Wall("d1", ((5.0, 1.0), (5.0, 2.0)), WallKind.DOOR, is_open=True, hardness=8.0),
            Wall("lw", ((8.0, 0.0), (8.0, 9.0)), WallKind.LOW_WALL, height=0.4),
        ),
        regions=(
            Region(
                "r1",
                ((1.0, 1.0), (3.0, 1.0), (3.0, 3.0)),
                RegionKind.ILLUMINATION,
                "gloom",
                Illumination.DARK,
            ),
        ),
        lights=(Light("fire", 12.0, 8.0, 4.0, 8.0, "#ffaa33"),),
        combat={"round": 2, "order": ["v", "g1"]},
        log=(LogEntry("Valeros attacks", ("Fighting d8: 6",), 2),),
        notes="the goblins hide in the brush",
    )


def write(tmp_path: Path, document: object, name: str = "enc.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return path


def error_of(tmp_path: Path, document: object) -> str:
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(write(tmp_path, document))
    return str(caught.value).removeprefix(f"{tmp_path / 'enc.json'}: ")


def test_save_then_load_gives_back_the_same_encounter(tmp_path: Path) -> None:
    original = full_encounter(tmp_path)
    save_encounter(original, tmp_path / "enc.json")
    assert load_encounter(tmp_path / "enc.json") == original


def test_image_paths_are_stored_relative_to_the_file(tmp_path: Path) -> None:
    save_encounter(full_encounter(tmp_path), tmp_path / "enc.json")
    stored = json.loads((tmp_path / "enc.json").read_text())
    assert stored["background"]["path"] == "maps/floor.png"
    assert stored["tokens"][0]["image"] == "valeros.png"
    assert stored["format"] == 2


def test_embedded_background_round_trips(tmp_path: Path) -> None:
    embedded = base64.b64encode(png_bytes(4, 3)).decode()
    original = Encounter(background=Background(embedded=embedded, pixels_per_cell=2.0))
    assert loads_encounter(dumps_encounter(original)) == original


def test_format_0_draft_with_flat_token_positions_migrates(tmp_path: Path) -> None:
    draft = {"name": "Old", "tokens": [{"id": "g", "name": "Goblin", "x": 3.5, "y": 4.5}]}
    loaded = load_encounter(write(tmp_path, draft))
    assert (loaded.name, loaded.token("g").x, loaded.token("g").y) == ("Old", 3.5, 4.5)


def test_newer_format_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    assert error_of(tmp_path, {"format": 3}) == (
        "format: this file is format 3, made by a newer Battlemap; this version reads formats "
        "up to 2. Please update Battlemap to open it"
    )


def nested_list(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


def token_at(x: object) -> dict[str, object]:
    return {"id": f"t{x!r}", "name": "T", "position": {"x": x, "y": 1.0}}


def test_non_finite_number_is_named_by_its_path(tmp_path: Path) -> None:
    tokens = [token_at(1.0), token_at(2.0), token_at(3.0), token_at(float("nan"))]
    assert error_of(tmp_path, {"format": 1, "tokens": tokens}) == (
        "tokens[3].position.x: not a finite number"
    )


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"format": 1, "tokens": [token_at("3")]}, "tokens[0].position.x: expected float, got str"),
        (
            {"format": 1, "tokens": [token_at(1e9)]},
            "tokens[0].position.x: expected float <= 100000.0",
        ),
        (
            {"format": 1, "walls": [{"id": "w", "points": [[0, 0]]}]},
            "walls[0].points: expected array of length >= 2",
        ),
        (
            {"format": 1, "walls": [{"id": "w", "points": [[0, 0], [1, 2, 3]]}]},
            "walls[0].points[1]: expected array of length 2, got 3",
        ),
        (
            {"format": 1, "tokens": [token_at(1.0), token_at(1.0)]},
            "tokens[1].id: duplicate id 't1.0' (also tokens[0])",
        ),
        (
            {"format": 1, "tokens": [token_at(1.0) | {"size": -1}]},
            "tokens[0].size: expected float > 0.0",
        ),
        (
            {
                "format": 1,
                "lights": [
                    {"id": "l", "position": {"x": 0, "y": 0}, "bright_radius": 5, "dim_radius": 2}
                ],
            },
            "lights[0].dim_radius: smaller than bright_radius",
        ),
        (
            {"format": 1, "walls": [{"id": "w", "points": [[0, 0], [1, 1]], "kind": "portal"}]},
            "walls[0].kind: invalid enum value 'portal'",
        ),
        ({"format": "1"}, "format: expected a whole number >= 0, got '1'"),
        ([1, 2], "(top level): expected a JSON object, got list"),
        # depth: document 0, tokens 1, [0] 2, stats 3, a 4, so the 29th [0] is level 33
        (
            {"format": 1, "tokens": [token_at(1.0) | {"stats": {"a": nested_list(40)}}]},
            "tokens[0].stats.a" + "[0]" * 29 + ": nested deeper than 32 levels",
        ),
        (
            {"format": 1, "background": {"path": "a.png", "embedded": "AAAA"}},
            "background: give exactly one of path and embedded",
        ),
        (
            {"format": 1, "background": {"embedded": "not base64!"}},
            "background.embedded: not valid base64 data",
        ),
        (
            {
                "format": 1,
                "background": {"embedded": base64.b64encode(png_bytes(50000, 50000)).decode()},
            },
            "background.embedded: image is 50000 x 50000 px; the limit is 16384 px a side",
        ),
        ({"format": 1, "colour": "red"}, "(top level): object contains unknown field colour"),
    ],
)
def test_bad_documents_name_the_field_and_the_problem(
    tmp_path: Path, document: object, message: str
) -> None:
    assert error_of(tmp_path, document) == message


def test_infinity_from_an_overflowing_literal_is_not_finite(tmp_path: Path) -> None:
    path = tmp_path / "enc.json"
    path.write_text('{"format": 1, "width": 1e400}')
    with pytest.raises(EncounterFileError, match=r"enc.json: width: not a finite number$"):
        load_encounter(path)


def test_broken_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "enc.json"
    path.write_text('{"format": 1,\n "name": }')
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    assert caught.value.problem == "not valid JSON: line 2 column 10: Expecting value"


def test_deep_nesting_beyond_the_parser_is_a_clean_error() -> None:
    with pytest.raises(EncounterFileError, match="nested deeper than 32 levels"):
        loads_encounter(b"[" * 100_000 + b"]" * 100_000)


def test_oversized_file_is_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validation, "MAX_FILE_BYTES", 10)
    with pytest.raises(EncounterFileError, match="file is 13 bytes; the limit is 10"):
        loads_encounter(b'{"format": 1}')


def test_missing_file_is_a_clean_error(tmp_path: Path) -> None:
    with pytest.raises(EncounterFileError, match="No such file or directory"):
        load_encounter(tmp_path / "absent.json")


def test_saving_an_unloadable_encounter_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "enc.json"
    save_encounter(Encounter(name="good"), path)
    bad = Encounter(tokens=(Token("a", "A", float("inf"), 0.0),))
    with pytest.raises(EncounterFileError, match=r"\(not saved\): tokens\[0\]\.position\.x"):
        save_encounter(bad, path)
    assert load_encounter(path).name == "good"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.json"]


def test_a_failed_rename_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "enc.json"
    save_encounter(Encounter(name="old"), path)

    def refuse(src: str, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("battlemap.desktop.core.atomic.os.replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        save_encounter(Encounter(name="new"), path)
    assert load_encounter(path).name == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.json"]


def test_the_published_json_schema_matches_the_structs() -> None:
    import msgspec

    from battlemap.desktop.core.file_schema import EncounterFile

    published = json.loads((Path(__file__).parents[3] / "docs/encounter.schema.json").read_text())
    published.pop("$schema")
    published.pop("title")
    assert published == msgspec.json.schema(EncounterFile)


def test_a_missing_background_image_still_opens_and_reports_clearly(tmp_path: Path) -> None:
    from battlemap.desktop.core.images import ImageError, read_image_file

    path = write(tmp_path, {"format": 1, "background": {"path": "maps/gone.png"}})
    background = load_encounter(path).background
    assert background is not None and background.path == str(tmp_path / "maps" / "gone.png")
    with pytest.raises(ImageError, match=r"maps/gone\.png: No such file or directory$"):
        read_image_file(background.path)


def lit_walls(lights: int, walls: int) -> bytes:
    """``lights`` lights of radius 10 at the map's centre, ``walls`` one-piece walls in reach
    and as many out of it (beyond 10 cells: they never count)."""
    near = [{"id": f"n{k}", "points": [[45.0 + k / 1000, 45.0], [45.0 + k / 1000, 46.0]]}
            for k in range(walls)]
    far = [{"id": f"f{k}", "points": [[1.0, 1.0 + k / 1000], [2.0, 1.0 + k / 1000]]}
           for k in range(walls)]
    return json.dumps({"format": 2, "width": 100, "height": 100, "walls": near + far, "lights": [
        {"id": f"l{k}", "position": {"x": 50.0, "y": 50.0}, "bright_radius": 5.0,
         "dim_radius": 10.0} for k in range(lights)]}).encode()


def test_wall_pieces_in_the_lights_reach_are_held_to_their_limit() -> None:
    # 2 lights x 2,500 walls in reach = 5,000 pieces, the limit (the 2,500 far ones never count)
    assert MAX_LIGHT_WALL_PIECES == 5_000
    assert len(loads_encounter(lit_walls(2, 2_500)).lights) == 2
    with pytest.raises(EncounterFileError) as refused:
        loads_encounter(lit_walls(2, 2_501), where="torches.json")  # 5,002
    assert str(refused.value).startswith(
        "torches.json: lights: more than 5,000 wall pieces within the lights' reach (summed "
        "over the 2 lights)")


def test_the_quick_walk_of_a_good_tree_keeps_the_nesting_limit_to_the_level() -> None:
    def nested(levels: int, leaf: object) -> object:
        value = leaf
        for _ in range(levels):
            value = [value]
        return value

    # a number 32 lists deep is at level 32, the limit; 33 deep is refused, named by its path
    validation.check_json_tree(nested(32, 1.5))
    validation.check_json_tree(nested(32, []))
    with pytest.raises(validation.FieldProblem, match="nested deeper than 32 levels"):
        validation.check_json_tree(nested(33, 1.5))
    with pytest.raises(validation.FieldProblem, match=r"^\[0\]\[0\].*: not a finite number"):
        validation.check_json_tree(nested(3, float("inf")))
