"""``battlemap odds FILE --attacker ID --target ID [--weapon NAME] [--option ID ...]
[--override NAME=VALUE ...] [--json]``.

The exact odds of one attack as the map sets it up: the encounter's game system previews it
(:func:`battlemap.desktop.core.table_pipeline.preview`) from the facts the map measured, so these
are the numbers the GM window's preview card shows. Printed with
:mod:`battlemap.desktop.commands.odds`'s report helpers, after the system's title line (for Savage
Pathfinder the target number and every modifier with its reason); ``--json`` adds the system's own
summary.
"""

from __future__ import annotations

import argparse
import json
import sys

from battlemap.desktop.commands.attack import overrides_of, params_of
from battlemap.desktop.commands.odds import chance_rows, print_rows
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter
from battlemap.desktop.core.table_pipeline import preview
from battlemap.rules.interface import AttackRequest
from battlemap.rules.registry import RulesError, find_system

__all__ = ["run_attack_odds"]


def run_attack_odds(args: argparse.Namespace) -> int:
    """Print the odds of the attack ``args`` names; 2 with a message for bad input."""
    if not args.attacker or not args.target:
        print("battlemap odds: FILE needs --attacker ID and --target ID", file=sys.stderr)
        return 2
    try:
        encounter = load_encounter(args.file)
        system = find_system(encounter.system)
        planned = preview(encounter, AttackRequest(
            args.attacker, args.target, args.weapon, tuple(args.option),
            overrides_of(args.override, system), params_of(args, system)))
    except (EncounterFileError, RulesError, ValueError, OSError) as error:
        print(f"battlemap odds: {error}", file=sys.stderr)
        return 2
    if planned.problem is not None or not planned.chances:
        print(f"battlemap odds: {planned.problem}", file=sys.stderr)
        return 2
    rows = chance_rows(planned.chances)
    title = planned.title or (planned.lines[0] if planned.lines else "")
    if args.json:
        print(json.dumps({"attack": title, **planned.data, "odds": rows}, indent=2))
    else:
        print_rows(title, rows)
    return 0
