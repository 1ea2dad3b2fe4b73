"""``battlemap settings FILE [KEY=VALUE ...] [--write] [--json]``.

The encounter's rules settings, as its game system declares them
(:mod:`battlemap.desktop.core.rules_settings`), the same the GUI's *Rules Settings…* dialog shows:
without KEY=VALUE it lists each setting - its key, label, value now and what it accepts;
with them it sets those (all checked first, nothing half-applied) and lists the result;
``--write`` saves them in FILE. A bad key or value prints one message naming it (code 2).
"""

from __future__ import annotations

import argparse
import json
import sys

from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.rules_settings import (
    allowed_text,
    current_values,
    settings_fields,
    with_settings,
)
from battlemap.desktop.core.wording import refusal_text
from battlemap.rules.registry import RulesError

__all__ = ["add_arguments", "listing", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("pairs", nargs="*", metavar="KEY=VALUE",
                        help="settings to change, e.g. tens=double bands.short=12")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--write", action="store_true", help="save the settings in FILE")


def listing(encounter: Encounter) -> list[str]:
    """One line a setting: ``key = value  (label; accepts ...)``, grouped as declared."""
    values = current_values(encounter)
    lines: list[str] = []
    group = None
    for item in settings_fields(encounter):
        if item.group != group:
            group = item.group
            lines.append(f"{group}:")
        lines.append(f"  {item.key} = {values[item.key]}  ({item.label}; accepts "
                     f"{allowed_text(item)})")
    return lines or ["this game system declares no rules settings"]


def _pairs(pairs: list[str]) -> dict[str, str]:
    found = {}
    for pair in pairs:
        key, equals, value = (part.strip() for part in pair.partition("="))
        if not key or not equals or not value:
            raise ValueError(f"{pair!r} must look like KEY=VALUE, e.g. tens=double")
        found[key] = value
    return found


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.file)
        if args.pairs:
            encounter = with_settings(encounter, _pairs(args.pairs))
        if args.write:
            save_encounter(encounter, args.file)
    except (EncounterFileError, RulesError, ValueError, OSError) as error:
        print(f"battlemap settings: {refusal_text(error)}", file=sys.stderr)
        return 2
    if args.json:
        fields = settings_fields(encounter)
        values = current_values(encounter)
        print(json.dumps({"settings": [{"key": f.key, "label": f.label, "group": f.group,
                                        "value": values[f.key], "allowed": allowed_text(f),
                                        "help": f.help} for f in fields],
                          "saved": args.write}, indent=2, ensure_ascii=False))
    else:
        print("\n".join(listing(encounter)))
    return 0
