"""``battlemap odds FILE --attacker ID --target ID [--weapon NAME] [--json]``.

The exact odds of one attack as the map sets it up: the attack pipeline measures range,
cover, obstacles, Gang Up and light and plans the attack
(:func:`desktop.core.pipeline.preview_attack`), so these are the numbers the GM window's
preview card shows. Printed with :mod:`desktop.commands.odds`'s report helpers, after the
target number and every modifier with its reason.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from fractions import Fraction

from desktop.commands.odds import odds_rows, print_rows
from desktop.commands.table_commands import run_table_odds
from desktop.core.fileformat import EncounterFileError, load_encounter
from desktop.core.pipeline import AttackPreview, preview_attack
from desktop.core.preview_text import attack_odds_rows
from rules.registry import find_system
from rules.savage_pathfinder.odds import AttackOdds


def _title(preview: AttackPreview, names: dict[str, str]) -> str:
    weapon = preview.weapon or "unarmed"
    modifiers = "".join(f", {m}" for m in preview.attack_modifiers)
    return (f"{names[preview.attacker]} ({weapon}, {preview.kind.value}) vs "
            f"{names[preview.target]}: TN {preview.target_number}{modifiers}")


def run_attack_odds(args: argparse.Namespace) -> int:
    """Print the odds of the attack ``args`` names; 2 with a message for bad input."""
    if not args.attacker or not args.target:
        print("battlemap odds: FILE needs --attacker ID and --target ID", file=sys.stderr)
        return 2
    try:
        encounter = load_encounter(args.file)
        if find_system(encounter.system).table_interface:
            return run_table_odds(args, encounter)
        preview = preview_attack(encounter, args.attacker, args.target, args.weapon)
    except (EncounterFileError, ValueError, OSError) as error:
        print(f"battlemap odds: {error}", file=sys.stderr)
        return 2
    if preview.odds is None:
        print(f"battlemap odds: {preview.problem}", file=sys.stderr)
        return 2
    _print(preview, preview.odds, {t.id: t.name for t in encounter.tokens}, args.json)
    return 0


def _print(preview: AttackPreview, odds: AttackOdds, names: dict[str, str],
           as_json: bool) -> None:
    chances: list[tuple[str, Fraction | float]] = [*attack_odds_rows(odds)]
    rows = odds_rows(chances)
    if not as_json:
        print_rows(_title(preview, names), rows)
        return
    print(json.dumps({"attack": _title(preview, names), "target_number": preview.target_number,
                      "modifiers": [asdict(m) for m in preview.attack_modifiers],
                      "odds": rows}, indent=2))
