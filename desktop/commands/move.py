"""``battlemap move FILE TOKEN X Y [--via X,Y ...] [--shortest] [--mode NAME] [--free] [--force]
[--json] [--save]``.

The drag of a token, without the mouse: TOKEN (an id or a name) goes to the cell point
``(X, Y)`` through the waypoints ``--via X,Y`` in the order given (each snapped as a drag
snaps it unless ``--free``), or by the shortest way round the walls (``--shortest``, printed
point by point), and the encounter's game system counts the move along that path as the
drag's ruler does (:func:`battlemap.desktop.core.move_plan.plan_move`): the
distance (difficult ground twice), the way of moving ``--mode`` (its factor: Savage
Pathfinder's ``climb``, ``crawl``, ``swim`` use 2" of Pace an inch; ``jump`` goes 1", 2" after
a run-up), what the token has already moved this turn, and the band it reaches (within Pace,
with the extra effort - running, or the sprint out of combat - or beyond). A move beyond, or
farther than a jump goes, is refused with the system's reason unless ``--force`` (the GM rules
otherwise); so is a path through a wall that stops a move (a solid wall, a closed door or
window), named by where it is. ``--save`` writes the moved token, and the move the system
notes for the rest of the turn, to FILE.
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from battlemap.desktop.core.carried import carrier_of, moving_together
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from battlemap.desktop.core.limits import MAX_COORDINATE
from battlemap.desktop.core.model import Encounter, Grid, Point, Token
from battlemap.desktop.core.move_plan import (
    MovePlan,
    distance_text,
    make_move,
    movement_of,
    plan_move,
    shortest_way,
    unit_of,
)
from battlemap.desktop.core.movement import snap_point
from battlemap.desktop.core.wording import offset_words, refusal_text
from battlemap.rules.interface import Movement

__all__ = ["add_arguments", "plan_lines", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("token", help="the token to move (its id or its name)")
    parser.add_argument("x", type=_cells, help="where its centre goes, in cells from the left")
    parser.add_argument("y", type=_cells, help="where its centre goes, in cells from the top")
    parser.add_argument("--via", action="append", default=[], type=_point, metavar="X,Y",
                        help="a waypoint on the way (repeat it: the path goes through each "
                        "in turn)")
    parser.add_argument("--shortest", action="store_true",
                        help="go by the shortest way round the walls that stop a move (from "
                        "the last waypoint) and print it")
    parser.add_argument("--mode", default="", metavar="NAME",
                        help="the way of moving (Savage Pathfinder: walk, climb, crawl, swim, "
                        "jump); default: the system's (a prone token crawls)")
    parser.add_argument("--free", action="store_true", help="do not snap to the grid")
    parser.add_argument("--force", action="store_true",
                        help="move even when the system's numbers refuse it, or the path goes "
                        "through a wall or a closed door (the GM rules)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--save", "--write", dest="save", action="store_true",
                        help="write the move to FILE")


def _point(text: str) -> Point:
    """``"3.5,2"`` -> ``(3.5, 2.0)``; an argparse error naming what is wrong otherwise.

    Examples
    --------
    >>> _point("3.5, 2")
    (3.5, 2.0)
    >>> _point("3.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: waypoint '3.5': give X,Y in cells, e.g. 3.5,2
    """
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError(text)
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"waypoint {text!r}: give X,Y in cells, e.g. 3.5,2") from None
    if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > MAX_COORDINATE:
        raise argparse.ArgumentTypeError(f"waypoint {text!r}: not a point on the map (each "
                                         f"coordinate within ±{MAX_COORDINATE:,.0f} cells)")
    return (x, y)


def _cells(text: str) -> float:
    """A coordinate in cells, finite and within the map limit (a move to 6 x 10^11 cells
    worked for minutes); an argparse error otherwise.

    Examples
    --------
    >>> _cells("12.5")
    12.5
    >>> _cells("667272016467")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '667272016467': expected a number of cells within ±100,000
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and abs(value) <= MAX_COORDINATE):
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected a number of cells within ±{MAX_COORDINATE:,.0f}")
    return value


def _token(encounter: Encounter, wanted: str) -> Token:
    found = [t for t in encounter.tokens if wanted in (t.id, t.name)]
    if len(found) != 1:
        what = "no token" if not found else f"{len(found)} tokens"
        raise ValueError(f"token {wanted!r}: {what} with that id or name")
    return found[0]


def plan_lines(plan: MovePlan, name: str, grid: Grid) -> list[str]:
    """The move as the CLI prints it.

    Examples
    --------
    >>> from battlemap.desktop.core.model import Encounter, Token
    >>> enc = Encounter(system="spf", tokens=(Token(id="a", name="Ann", x=0.5, y=0.5,
    ...                                             stats={"pace": 6}),))
    >>> for line in plan_lines(plan_move(enc, "a", (3.5, 0.5), "climb"), "Ann", enc.grid):
    ...     print(line)
    Ann moves 3" east: 3" climbing
      uses 6" of Pace 6: within Pace
    """
    unit = unit_of(plan, grid.unit)

    def inches(value: float) -> str:
        return distance_text(value, unit)
    how = f" {plan.mode.name.lower()}" if plan.mode is not None else ""
    where = offset_words(plan.start, plan.end, grid.distance_per_cell, grid.unit)
    stops = len(plan.path) - 2
    via = f" by {stops} waypoint" + "s" * (stops != 1) if stops else ""
    lines = [f"{name} moves {where}{via}: {inches(plan.distance)}{how}"]
    move = plan.movement
    if move is not None:
        before = f" after {inches(plan.spent)} this turn" if plan.spent else ""
        band = {"pace": f"within {move.name}",
                "running": f"{move.dash_name or 'the extra effort'} ({inches(move.dash)})",
                "beyond": "beyond"}[plan.band.value]
        lines.append(f"  uses {inches(plan.cost)} of {move.name} {move.pace:g}{before}: {band}")
    if plan.problem:
        lines.append(f"  refused: {plan.problem}")
    if plan.through:
        lines.append(f"  {plan.through}")
    return lines


def _json(plan: MovePlan, name: str, saved: bool) -> str:
    return json.dumps({
        "token": plan.token_id, "name": name, "from": list(plan.start), "to": list(plan.end),
        "distance": plan.distance, "cost": plan.cost, "spent_before": plan.spent,
        "mode": plan.mode.id if plan.mode is not None else None, "band": plan.band.value,
        "pace": plan.movement.pace if plan.movement else None,
        "dash": plan.movement.dash if plan.movement else None,
        "problem": plan.problem, "path": [list(p) for p in plan.path],
        "through": [{"wall": c.wall_id, "leg": c.leg, "where": c.words}
                    for c in plan.crossings],
        "saved": saved}, indent=2)


def _moved(encounter: Encounter, token_id: str, end: Point, plan: MovePlan) -> Encounter:
    """``encounter`` after the move, with the tokens linked to move as one (a rider and his
    mount) carried by the same offset, as a drag carries them."""
    token = encounter.token(token_id)
    dx, dy = end[0] - token.x, end[1] - token.y
    positions = {t.id: (t.x + dx, t.y + dy) for t in encounter.tokens
                 if t.id in moving_together(encounter, {token_id})}
    return make_move(encounter, positions, {token_id: plan})


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.file)
        token = _token(encounter, args.token)

        def snapped(point: Point) -> Point:
            return point if args.free else snap_point(*point, encounter.grid.kind, token.size)

        end, via = snapped((args.x, args.y)), [snapped(p) for p in args.via]
        movement = movement_of(encounter, carrier_of(encounter, token.id))
        if args.shortest:
            _on_the_map(encounter, [*via, end])
            via = _shortest(encounter, token, via, end, args.mode, movement)
        plan = plan_move(encounter, token.id, end, args.mode, movement=movement, via=via)
        refusal = "; ".join(p for p in (plan.problem, plan.through) if p)
        if refusal and not args.force:
            raise ValueError(f"{refusal} (--force moves anyway)")
        if args.save:
            save_encounter(_moved(encounter, token.id, end, plan), args.file)
    except (EncounterFileError, ValueError, KeyError, OSError) as error:
        print(f"battlemap move: {refusal_text(error)}", file=sys.stderr)
        return 2
    if args.json:
        print(_json(plan, token.name, args.save))
    else:
        print("\n".join(plan_lines(plan, token.name, encounter.grid)))
    return 0


def _on_the_map(encounter: Encounter, points: list[Point]) -> None:
    """The shortest way is searched on the map: a point off it is refused in words (a search
    towards -650820162193 never ended)."""
    for x, y in points:
        if not (0.0 <= x <= encounter.width and 0.0 <= y <= encounter.height):
            raise ValueError(f"no shortest way to ({x:g}, {y:g}): it lies off the map "
                             f"({encounter.width:g} x {encounter.height:g} cells)")


def _shortest(encounter: Encounter, token: Token, via: list[Point], end: Point, mode: str,
              movement: Movement | None) -> list[Point]:
    """The waypoints, then the shortest way from the last of them (or the start) to ``end``
    round the walls; ValueError when the walls shut ``end`` away."""
    base = via[-1] if via else (token.x, token.y)
    way = shortest_way(encounter, token.id, base, end, mode, movement=movement)
    if way is None:
        raise ValueError(f"no way for {token.name} to {end} round the walls and closed doors")
    return [*via, *way[1:-1]]
