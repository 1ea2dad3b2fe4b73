"""``battlemap import-statblock TEXTFILE ENCOUNTER --token ID``: a stat block pasted as text.

GMs copy stat blocks from the books as text ("Attributes: Agility d8, Smarts d6, ... Skills:
... Pace: 6; Parry: 5; Toughness: 7 (2) ... Gear: ..."). The encounter's game system reads it
(:meth:`rules.registry.GameSystem.statblock_from_text`); this prints what it understood, field
by field, every line it could not read and every printed figure that differs from what the
rules derive, then gives the token that stat block (its condition kept) and saves the encounter.
``--dry-run`` prints the reading and writes nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from desktop.core.characters import CharacterError, read_sheet_file
from desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from desktop.core.statblocks import StatBlockError, reading_lines, with_statblock_text

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", help="a text file holding the stat block")
    parser.add_argument("encounter", help="the encounter file")
    parser.add_argument("--token", required=True, metavar="ID", help="the token to give it to")
    parser.add_argument("--dry-run", action="store_true", help="print the reading only")


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.encounter)
        text = read_sheet_file(Path(args.text)).decode("utf-8", errors="replace")
        after, reading = with_statblock_text(encounter, args.token, text)
        print("\n".join(reading_lines(reading)))
        if not args.dry_run:
            save_encounter(after, args.encounter)
    except (StatBlockError, CharacterError, EncounterFileError, ValueError, OSError) as error:
        print(f"battlemap import-statblock: {error}", file=sys.stderr)
        return 2
    return 0
