"""``battlemap turn FILE [CONTROL] [--token ID] [--param KEY=VALUE ...] [--write]``.

The initiative panel from the command line, through the encounter's game system: without a
CONTROL it prints the turn order (who acts now, who waits, who is done) and the controls the
system offers with why a disabled one cannot be pressed; with one (Savage Pathfinder: ``deal``,
``next``, ``hold``, ``act-now``, ``interrupt``, ``end``) it presses it as the GM would and
prints the log entry. ``--param`` gives the panel's settings (``cards=KS 10H`` for cards dealt
at the table, ``large_groups=yes``, ``surprise=hero``); ``--write`` saves the step.

Examples
--------
>>> from battlemap.desktop.core.model import Encounter, Token
>>> enc = Encounter(tokens=(Token(id="a", name="Ann", x=0.5, y=0.5,
...                               stats={"wild_card": True}),))
>>> print("\\n".join(order_lines(enc)))
No combat: press Deal to shuffle and deal Action Cards.
controls: deal (Deal); next: no combat is running; hold: no combat is running; \
act-now: no combat is running; interrupt: no combat is running; end: no combat is running
"""

from __future__ import annotations

import argparse
import json
import sys

from battlemap.desktop.commands.attack import parse_dice, typed_params
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.table_pipeline import told, turn_order, turn_step
from battlemap.desktop.core.wording import refusal_text
from battlemap.rules.dice import DiceSource, RandomDice, ScriptedDice
from battlemap.rules.interface import TurnRow
from battlemap.rules.registry import RulesError

__all__ = ["add_arguments", "order_lines", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("control", nargs="?", default="",
                        help="the control to press (e.g. deal, next, hold); none: show the order")
    parser.add_argument("--token", metavar="ID",
                        help="the row a control acts on (act-now, interrupt: a token id)")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a setting of the panel, e.g. cards=KS 10H, large_groups=yes")
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed the shuffle and dice for a repeatable step")
    dice.add_argument("--dice", type=parse_dice, help="the die values in order (physical dice)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--write", action="store_true", help="save the step in FILE")


def _row_line(row: TurnRow, names: dict[str, str]) -> str:
    members = ", ".join(names.get(m, m) for m in row.members) if len(row.members) > 1 else ""
    parts = [row.label, row.detail, f"({members})" if members else "",
             f"[{row.status}]" if row.status else ""]
    return "  " + " ".join(part for part in parts if part)


def order_lines(encounter: Encounter) -> list[str]:
    """The turn order as text: the header, a line a row, then the controls."""
    view = turn_order(encounter)
    names = {t.id: t.name for t in encounter.tokens}
    controls = "; ".join(f"{c.id} ({c.label})" if c.enabled else f"{c.id}: {c.why_not}"
                         for c in view.controls)
    return [view.header, *(_row_line(row, names) for row in view.rows), f"controls: {controls}"]


def _dice(args: argparse.Namespace) -> DiceSource:
    return ScriptedDice(args.dice) if args.dice is not None else RandomDice(args.seed)


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.file)
        if args.control:
            done = turn_step(encounter, args.control, _dice(args), args.token,
                             typed_params(args.param))
            entry = told(encounter, done.resolution)  # names, places in words
            encounter = done.encounter
            if args.write:
                save_encounter(encounter, args.file)
            title = entry.title
            lines = [title, *(f"  {n}" for n in entry.lines if n != title)]
        else:
            lines = []
        order = order_lines(encounter)
    except (EncounterFileError, RulesError, ValueError, KeyError, OSError) as error:
        print(f"battlemap turn: {refusal_text(error)}", file=sys.stderr)
        return 2
    if args.json:
        view = turn_order(encounter)
        print(json.dumps({"step": lines, "round": view.round, "acting": [
            m for row in view.rows if row.acting for m in (row.members or (row.token,))],
            "order": order}, indent=2, ensure_ascii=False))
    else:
        print("\n".join([*lines, *order]))
    return 0
