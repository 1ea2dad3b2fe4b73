"""``battlemap template FILE --shape SHAPE --at X,Y [--from ID | --toward X,Y] [--clip] [--json]``.

Prints who is beneath an area template (:func:`battlemap.geometry.templates.template_hits`):
``hits`` with the share of each footprint covered, and ``protected``: victims with a solid obstacle
between the template's origin and them, and its hardness.

Blasts (``sbt``, ``mbt``, ``lbt``) are centred on ``--at``. A ``cone`` or ``stream`` with
``--from ID`` starts at the edge of that token's footprint and points at ``--at`` (the token
itself is never hit); with ``--toward X,Y`` it starts at ``--at`` and points at ``X,Y``; with
neither it starts at ``--at`` and points up the screen (``--rotation`` turns it clockwise).

Examples
--------
>>> import argparse, tempfile, pathlib
>>> from battlemap.desktop.core.fileformat import save_encounter
>>> from battlemap.desktop.core.model import Encounter, Token, Wall
>>> enc = Encounter(tokens=(Token("g1", "Goblin", 5.5, 5.5), Token("g2", "Goblin", 7.5, 5.5)),
...                 walls=(Wall("crate", ((6.5, 4.0), (6.5, 7.0)), height=1.0, hardness=8),))
>>> path = pathlib.Path(tempfile.mkdtemp()) / "goblins.json"
>>> save_encounter(enc, path)
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> run(parser.parse_args([str(path), "--shape", "mbt", "--at", "5.5,5.5"]))
hits:
  g1  overlap 1.00
  g2  overlap 0.47
protected:
  g2  behind crate, hardness 8
0
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from battlemap.desktop.core.battlefield import battlefield_of
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.geometry.errors import parse_choice
from battlemap.geometry.shapes import Point
from battlemap.geometry.templates import TemplateResult, TemplateShape, template_hits

__all__ = ["add_arguments", "parse_point", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("--shape", required=True, help="sbt, mbt, lbt, cone or stream")
    parser.add_argument("--at", required=True, help="X,Y: the blast centre, or where it points")
    aim = parser.add_mutually_exclusive_group()
    aim.add_argument("--from", dest="source", help="a cone or stream breathed by this token")
    aim.add_argument("--toward", help="X,Y: where a cone or stream placed at --at points")
    parser.add_argument("--rotation", type=float, help="degrees clockwise from up (no aim given)")
    parser.add_argument("--clip", action="store_true", help="stop the template at walls")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a list")


def run(args: argparse.Namespace) -> int:
    try:
        shape = parse_choice(TemplateShape, args.shape, "template shape")
        encounter = load_encounter(args.file)
        result = _hits(encounter, shape, args)
    except (ValueError, KeyError, OSError) as error:
        print(f"battlemap template: {error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    data = _to_json(result)
    print(json.dumps(data, indent=2) if args.json else _listing(data))
    return 0


def parse_point(text: str, option: str) -> Point:
    """``"X,Y"`` as a point; a ``ValueError`` naming the option otherwise.

    Examples
    --------
    >>> parse_point(" 3.5, 4", "--at")
    (3.5, 4.0)
    >>> parse_point("3;4", "--at")
    Traceback (most recent call last):
    ...
    ValueError: --at: expected X,Y (two numbers), got '3;4'
    """
    parts = text.split(",")
    try:
        x, y = (float(part) for part in parts)
    except ValueError:
        raise ValueError(f"{option}: expected X,Y (two numbers), got {text!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"{option}: expected finite numbers, got {text!r}")
    return (x, y)


def _hits(encounter: Encounter, shape: TemplateShape, args: argparse.Namespace) -> TemplateResult:
    field = battlefield_of(encounter)
    at = parse_point(args.at, "--at")
    toward = None if args.toward is None else parse_point(args.toward, "--toward")
    if args.source is None or shape.is_blast:
        if args.source is not None:
            field.index_of(args.source)
        aimed = {"toward": toward, "rotation": args.rotation, "clip": args.clip}
        return template_hits(field, shape, at, **aimed)
    source = field.body(args.source)
    dx, dy = at[0] - source.x, at[1] - source.y
    length = math.hypot(dx, dy) or 1.0
    ux, uy = (dx / length, dy / length) if (dx or dy) else (0.0, -1.0)
    apex = (source.x + ux * source.radius, source.y + uy * source.radius)
    aim = (apex[0] + ux, apex[1] + uy)
    return template_hits(field, shape, apex, toward=aim, exclude=[source.id], clip=args.clip)


def _to_json(result: TemplateResult) -> dict[str, Any]:
    return {
        "hits": [{"id": h.id, "overlap": round(h.overlap, 3)} for h in result.hits],
        "protected": [
            {"id": p.id, "obstacle": p.obstacle, "hardness": p.hardness} for p in result.protected
        ],
    }


def _listing(data: dict[str, Any]) -> str:
    lines = ["hits:"] + [f"  {h['id']}  overlap {h['overlap']:.2f}" for h in data["hits"]]
    lines.append("protected:")
    for p in data["protected"]:
        lines.append(f"  {p['id']}  behind {p['obstacle']}, hardness {p['hardness']:g}")
    return "\n".join(lines)
