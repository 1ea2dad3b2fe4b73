"""``battlemap move FILE TOKEN X Y [--mode NAME] [--free] [--force] [--json] [--save]``.

The drag of a token, without the mouse: TOKEN (an id or a name) goes to the cell point
``(X, Y)`` (snapped as a drag snaps it unless ``--free``), and the encounter's game system
counts the move as the drag's ruler does (:func:`desktop.core.move_plan.plan_move`): the
distance (difficult ground twice), the way of moving ``--mode`` (its factor: Savage
Pathfinder's ``climb``, ``crawl``, ``swim`` use 2" of Pace an inch; ``jump`` goes 1", 2" after
a run-up), what the token has already moved this turn, and the band it reaches (within Pace,
with the extra effort - running, or the sprint out of combat - or beyond). A move beyond, or
farther than a jump goes, is refused with the system's reason unless ``--force`` (the GM rules
otherwise). ``--save`` writes the moved token, and the move the system notes for the rest of
the turn, to FILE.
"""

from __future__ import annotations

import argparse
import json
import sys

from desktop.core.carried import carrier_of, moving_together
from desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from desktop.core.model import Encounter, Point, Token
from desktop.core.move_plan import MovePlan, make_move, movement_of, plan_move
from desktop.core.movement import snap_point

__all__ = ["add_arguments", "plan_lines", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("token", help="the token to move (its id or its name)")
    parser.add_argument("x", type=float, help="where its centre goes, in cells from the left")
    parser.add_argument("y", type=float, help="where its centre goes, in cells from the top")
    parser.add_argument("--mode", default="", metavar="NAME",
                        help="the way of moving (Savage Pathfinder: walk, climb, crawl, swim, "
                        "jump); default: the system's (a prone token crawls)")
    parser.add_argument("--free", action="store_true", help="do not snap to the grid")
    parser.add_argument("--force", action="store_true",
                        help="move even when the system's numbers refuse it (the GM rules)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--save", "--write", dest="save", action="store_true",
                        help="write the move to FILE")


def _token(encounter: Encounter, wanted: str) -> Token:
    found = [t for t in encounter.tokens if wanted in (t.id, t.name)]
    if len(found) != 1:
        what = "no token" if not found else f"{len(found)} tokens"
        raise ValueError(f"token {wanted!r}: {what} with that id or name")
    return found[0]


def plan_lines(plan: MovePlan, name: str, unit: str) -> list[str]:
    """The move as the CLI prints it.

    Examples
    --------
    >>> from desktop.core.model import Encounter, Token
    >>> enc = Encounter(system="spf", tokens=(Token(id="a", name="Ann", x=0.5, y=0.5,
    ...                                             stats={"pace": 6}),))
    >>> for line in plan_lines(plan_move(enc, "a", (3.5, 0.5), "climb"), "Ann", "in"):
    ...     print(line)
    Ann moves (0.5, 0.5) -> (3.5, 0.5): 3" climbing
      uses 6" of Pace 6: within Pace
    """
    def inches(value: float) -> str:
        return f"{value:.1f}".removesuffix(".0") + ('"' if unit == "in" else f" {unit}")
    how = f" {plan.mode.name.lower()}" if plan.mode is not None else ""
    lines = [f"{name} moves {plan.start} -> {plan.end}: {inches(plan.distance)}{how}"]
    move = plan.movement
    if move is not None:
        before = f" after {inches(plan.spent)} this turn" if plan.spent else ""
        band = {"pace": f"within {move.name}",
                "running": f"{move.dash_name or 'the extra effort'} ({inches(move.dash)})",
                "beyond": "beyond"}[plan.band.value]
        lines.append(f"  uses {inches(plan.cost)} of {move.name} {move.pace:g}{before}: {band}")
    if plan.problem:
        lines.append(f"  refused: {plan.problem}")
    return lines


def _json(plan: MovePlan, name: str, saved: bool) -> str:
    return json.dumps({
        "token": plan.token_id, "name": name, "from": list(plan.start), "to": list(plan.end),
        "distance": plan.distance, "cost": plan.cost, "spent_before": plan.spent,
        "mode": plan.mode.id if plan.mode is not None else None, "band": plan.band.value,
        "pace": plan.movement.pace if plan.movement else None,
        "dash": plan.movement.dash if plan.movement else None,
        "problem": plan.problem, "saved": saved}, indent=2)


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
        end = (args.x, args.y) if args.free else snap_point(args.x, args.y,
                                                             encounter.grid.kind, token.size)
        plan = plan_move(encounter, token.id, end, args.mode,
                         movement=movement_of(encounter, carrier_of(encounter, token.id)))
        if plan.problem and not args.force:
            raise ValueError(f"{plan.problem} (--force moves anyway)")
        if args.save:
            save_encounter(_moved(encounter, token.id, end, plan), args.file)
    except (EncounterFileError, ValueError, KeyError, OSError) as error:
        print(f"battlemap move: {str(error).strip(chr(39))}", file=sys.stderr)
        return 2
    if args.json:
        print(_json(plan, token.name, args.save))
    else:
        print("\n".join(plan_lines(plan, token.name, encounter.grid.unit)))
    return 0
