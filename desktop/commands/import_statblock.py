"""``battlemap import-statblock TEXTFILE ENCOUNTER [--token ID]``: stat blocks pasted as text.

GMs copy stat blocks from the books as text ("Attributes: Agility d8, Smarts d6, ... Skills:
... Pace: 6; Parry: 5; Toughness: 7 (2) ... Gear: ..."). The encounter's game system reads it
(:meth:`battlemap.rules.registry.GameSystem.statblocks_from_text`); this prints what it understood,
field by field, every line it could not read and every printed figure that differs from what the
rules derive. Without ``--token`` every block in the file becomes a NEW token (several blocks
make several), on the free cells nearest ``--at`` (default: the map's centre), on ``--side``
(default: villain), with a log entry of what was not read; with ``--token`` the one block is
given to that token (its condition kept). The encounter is saved atomically; ``--dry-run``
prints the reading and writes nothing. A text that cannot be used prints why, exits 2 and
changes nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from battlemap.desktop.commands.attack import parse_point
from battlemap.desktop.core.characters import CharacterError, read_sheet_file
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from battlemap.desktop.core.model import Side
from battlemap.desktop.core.statblocks import (
    StatBlockError,
    reading_lines,
    tokens_from_text,
    with_statblock_text,
)

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", help="a text file holding one or several stat blocks")
    parser.add_argument("encounter", help="the encounter file")
    parser.add_argument("--token", metavar="ID", help="give the stat block to this token "
                        "(default: make a new token from each block)")
    parser.add_argument("--side", choices=[s.value for s in Side], default=Side.VILLAIN.value,
                        help="the new tokens' side (default: villain)")
    parser.add_argument("--at", type=parse_point, help="where the new tokens stand: X,Y in "
                        "cells, the free cells nearest it (default: the map's centre)")
    parser.add_argument("--dry-run", action="store_true", help="print the reading only")


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.encounter)
        text = read_sheet_file(Path(args.text)).decode("utf-8", errors="replace")
        if args.token is not None:
            after, reading = with_statblock_text(encounter, args.token, text)
            print("\n".join(reading_lines(reading)))
        else:
            pasted = tokens_from_text(encounter, text, side=Side(args.side), at=args.at)
            after = pasted.encounter
            for reading, token_id in zip(pasted.readings, pasted.ids, strict=True):
                token = after.token(token_id)
                print("\n".join(reading_lines(reading)))
                verb = "would add" if args.dry_run else "added"
                print(f"{verb} {token.name} as {token.id} at ({token.x:g}, {token.y:g})")
        if not args.dry_run:
            save_encounter(after, args.encounter)
    except (StatBlockError, CharacterError, EncounterFileError, ValueError, OSError) as error:
        print(f"battlemap import-statblock: {error}", file=sys.stderr)
        return 2
    return 0
