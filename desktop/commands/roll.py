"""``battlemap roll FILE --token ID [--token ID ...] --trait TRAIT [--odds] [--dice ...]``.

The table's *Roll*: any attribute or skill of a token with every modifier that applies now
(for Savage Pathfinder: Wounds, Fatigue, Distracted, the Joker, the light for Notice, a
waiting Support bonus), through the encounter's game system. Several ``--token``s roll one die
for a group of Extras. ``--odds`` prints the exact odds and rolls nothing; ``--write`` saves the
roll in the log.
"""

from __future__ import annotations

import argparse
import json
import sys

from battlemap.desktop.commands.attack import event_json, parse_dice
from battlemap.desktop.commands.odds import chance_rows, print_rows
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from battlemap.desktop.core.table_pipeline import preview_roll, roll, told
from battlemap.desktop.core.wording import refusal_text
from battlemap.rules.dice import DiceSource, RandomDice, ScriptedDice
from battlemap.rules.interface import RollRequest
from battlemap.rules.registry import RulesError

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("--token", action="append", default=[], metavar="ID", required=True,
                        help="who rolls (repeat: one die for a group of Extras)")
    parser.add_argument("--trait", required=True, help="the attribute or skill, e.g. notice")
    parser.add_argument("--odds", action="store_true", help="print the exact odds, roll nothing")
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed the dice for a repeatable roll")
    dice.add_argument("--dice", type=parse_dice, help="the die values in order (physical dice)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--write", action="store_true", help="save the roll in FILE's log")


def _dice(args: argparse.Namespace) -> DiceSource:
    return ScriptedDice(args.dice) if args.dice is not None else RandomDice(args.seed)


def run(args: argparse.Namespace) -> int:
    request = RollRequest(tuple(args.token), args.trait)
    try:
        encounter = load_encounter(args.file)
        if args.odds:
            odds = preview_roll(encounter, request)
            rows = chance_rows(odds.chances)
            if args.json:
                print(json.dumps({"roll": odds.title, "lines": list(odds.lines),
                                  "odds": rows}, indent=2))
            else:
                print_rows(odds.title, rows)
            return 0
        done = roll(encounter, request, _dice(args))
        if args.write:
            save_encounter(done.encounter, args.file)
    except (EncounterFileError, RulesError, ValueError, KeyError, OSError) as error:
        print(f"battlemap roll: {refusal_text(error)}", file=sys.stderr)
        return 2
    result = done.resolution
    entry = told(encounter, result)  # names, places in words
    if args.json:
        print(json.dumps({"events": [event_json(e) for e in result.events],
                          "log": {"title": entry.title, "lines": list(entry.lines)}},
                         indent=2, ensure_ascii=False))
    else:
        print("\n".join([entry.title, *(f"  {line}" for line in entry.lines)]))
    return 0
