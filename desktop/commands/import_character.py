"""``battlemap import-character SHEET ENCOUNTER [--as ID] [--side SIDE] [--at X,Y]``.

Adds a token made from a character sheet (a GCS ``.gcs`` file for GURPS, a Foundry SWADE actor
``.json`` export for Savage Pathfinder) to the encounter, as the encounter's game system reads
it: computed skill levels, defenses and every weapon usage. What the system understood, what it
could not read and which figures the file shows differently are printed (and the last two
logged). The encounter is saved atomically; a sheet that cannot be read prints one line naming
the file and the field, exits 2, and the encounter is left as it was.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from battlemap.desktop.commands.attack import parse_point
from battlemap.desktop.core.characters import CharacterError, add_character_reading, read_sheet_file
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from battlemap.desktop.core.model import Side
from battlemap.desktop.core.statblocks import reading_lines

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sheet", help="the character sheet (GURPS: a GCS .gcs file; Savage "
                        "Pathfinder: a Foundry SWADE actor .json)")
    parser.add_argument("encounter", help="the encounter file to add the token to")
    parser.add_argument("--as", dest="token_id", metavar="ID",
                        help="the new token's id (default: from the character's name)")
    parser.add_argument("--side", choices=[s.value for s in Side], default=Side.HERO.value,
                        help="whose side the character is on (default: hero)")
    parser.add_argument("--at", type=parse_point, help="where the token stands: X,Y in cells "
                        "(default: the first free cell)")


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.encounter)
        sheet = Path(args.sheet)
        after, reading = add_character_reading(encounter, read_sheet_file(sheet), sheet.name,
                                               token_id=args.token_id, side=Side(args.side),
                                               at=args.at)
        save_encounter(after, args.encounter)
    except (CharacterError, EncounterFileError, ValueError, OSError) as error:
        print(f"battlemap import-character: {error}", file=sys.stderr)
        return 2
    added = after.tokens[-1]
    if reading.understood or reading.unread or reading.mismatches:
        print("\n".join(reading_lines(reading)))
    print(f"added {added.name} as {added.id} at ({added.x:g}, {added.y:g}) to {args.encounter}")
    for note in added.stats.get("import_notes", []):  # what the system's importer skipped
        print(f"  skipped: {note}")
    return 0
