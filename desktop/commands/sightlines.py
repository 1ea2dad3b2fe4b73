"""``battlemap sightlines FILE --token ID [--to X,Y] [--json]``.

What the table shows a player who taps a hero: each foe the players may see, its cover from the
token and the best range band of the token's weapons, whether the token sees it, and whether it
can shoot back. With ``--to X,Y`` (cells), the exposure along a straight move there: for each
cell of the path, how many of those foes would see the token and the cover it would have from
the one that sees most of it.

Examples
--------
>>> import argparse, tempfile, pathlib
>>> from battlemap.desktop.core.fileformat import save_encounter
>>> from battlemap.desktop.core.model import Encounter, Side, Token
>>> bow = {"weapons": [{"name": "Bow", "range": [12, 24, 48]}]}
>>> enc = Encounter(tokens=(Token("h", "Hero", 0.5, 0.5, side=Side.HERO, stats=bow),
...                         Token("a", "Archer", 14.5, 0.5, side=Side.VILLAIN, stats=bow)))
>>> path = pathlib.Path(tempfile.mkdtemp()) / "duel.json"
>>> save_encounter(enc, path)
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> run(parser.parse_args([str(path), "--token", "h", "--to", "0.5,2.5"]))
Archer  seen  cover none (0 %)  medium range  can hit Hero
path (0.5, 1.5)  seen by 1  cover none
path (0.5, 2.5)  seen by 1  cover none
0
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter
from battlemap.desktop.core.limits import MAX_COORDINATE
from battlemap.desktop.core.model import Point
from battlemap.desktop.core.threats import CellExposure, FoeSight, exchange_of_fire, exposure_along

__all__ = ["add_arguments", "parse_point", "run"]


def parse_point(text: str) -> Point:
    """``"3.5,2.5"`` -> ``(3.5, 2.5)``; ``ArgumentTypeError`` for anything else.

    Examples
    --------
    >>> parse_point("3.5, 2.5")
    (3.5, 2.5)
    """
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"point {text!r}: expected X,Y in cells") from None
    if not all(math.isfinite(v) for v in (x, y)):
        raise argparse.ArgumentTypeError(f"point {text!r}: not finite numbers")
    if max(abs(x), abs(y)) > MAX_COORDINATE:
        raise argparse.ArgumentTypeError(f"point {text!r}: each coordinate must be within "
                                         f"±{MAX_COORDINATE:,.0f} cells")
    return (x, y)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("--token", required=True, help="the token (a hero, usually) asking")
    parser.add_argument("--to", type=parse_point, help="a move's end X,Y in cells: its exposure")
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.file)
        token = encounter.token(args.token)
        sights = exchange_of_fire(encounter, token.id)
        path = exposure_along(encounter, token.id, (token.x, token.y), args.to) if args.to else ()
    except (EncounterFileError, KeyError, ValueError, OSError) as error:
        print(f"battlemap sightlines: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    names = {t.id: t.name for t in encounter.tokens}
    if args.json:
        print(json.dumps({"foes": [_sight_json(s) for s in sights],
                          "path": [_cell_json(c) for c in path]}, indent=2))
        return 0
    for sight in sights:
        print(_sight_line(sight, names[sight.id], token.name))
    for cell in path:
        print(f"path {cell.cell}  seen by {cell.seen_by}  cover {cell.cover.value}")
    return 0


def _sight_line(sight: FoeSight, name: str, asker: str) -> str:
    seen = "seen" if sight.seen else "unseen"
    band = sight.band.value.replace("_", " ")
    band = band if sight.band.value == "out_of_range" else f"{band} range"
    threat = f"  can hit {asker}" if sight.threatens else ""
    cover = sight.cover.value.replace("_", " ")
    return f"{name}  {seen}  cover {cover} ({round(sight.fraction * 100)} %)  {band}{threat}"


def _sight_json(sight: FoeSight) -> dict[str, object]:
    return {"id": sight.id, "seen": sight.seen, "cover": sight.cover.value,
            "cover_fraction": sight.fraction, "range_band": sight.band.value,
            "can_hit_back": sight.threatens}


def _cell_json(cell: CellExposure) -> dict[str, object]:
    return {"cell": list(cell.cell), "seen_by": cell.seen_by, "cover": cell.cover.value}
