"""``battlemap odds --trait d8 [--wild] [--mod -2] [--tn 4] [--json]``: exact odds of a roll.

Prints the chance of each result of a Savage Pathfinder trait roll - Critical Failure, failure,
success, raise - as exact fractions and percentages (``--json`` for a machine-readable form).
The attack form (``battlemap odds FILE --attacker ID --target ID [--weapon NAME]``, in
:mod:`desktop.commands.attack_odds`) builds on the same report helpers: :func:`odds_rows` and
:func:`print_rows` take any named probabilities.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> run(parser.parse_args(["--trait", "d6", "--wild"]))
d6 (Wild Card) vs TN 4:
  critical failure   1/36        2.78 %
  failure            2/9        22.22 %
  success            637/1296   49.15 %
  raise              335/1296   25.85 %
  success or better  3/4        75.00 %
0
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from rules.registry import RulesError
from rules.savage_pathfinder import TraitDie, parse_trait_die, trait_odds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="an encounter file: the odds of one attack "
                        "(with --attacker and --target), measured on its map")
    parser.add_argument("--attacker", help="the attacking token's id (with FILE)")
    parser.add_argument("--target", help="the target token's id (with FILE)")
    parser.add_argument("--weapon", help="the weapon's name (with FILE; default as for attack)")
    parser.add_argument("--trait",
                        help='the trait die, e.g. "d8" or "d12+1"; "unskilled" for d4-2')
    parser.add_argument("--wild", action="store_true", help="a Wild Card: add the Wild Die")
    parser.add_argument("--mod", type=int, default=0, help="the total modifier, e.g. -2")
    parser.add_argument("--tn", type=int, default=4, help="the target number (default 4)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def run(args: argparse.Namespace) -> int:
    if args.file is not None:
        from desktop.commands.attack_odds import run_attack_odds

        return run_attack_odds(args)
    if args.trait is None:
        print("battlemap odds: give --trait DIE, or FILE --attacker ID --target ID",
              file=sys.stderr)
        return 2
    try:
        die = None if args.trait.strip().lower() == "unskilled" else \
            parse_trait_die(args.trait, "--trait")
    except RulesError as error:
        print(f"battlemap odds: {error}", file=sys.stderr)
        return 2
    odds = trait_odds(die, wild_card=args.wild, modifier=args.mod, target=args.tn)
    rows = odds_rows([("critical failure", odds.critical_failure), ("failure", odds.failure),
                      ("success", odds.success), ("raise", odds.raise_),
                      ("success or better", odds.success_or_better)])
    title = _title(die, args.wild, args.mod, args.tn)
    if args.json:
        print(json.dumps({"roll": title, "odds": rows}, indent=2))
    else:
        print_rows(title, rows)
    return 0


def odds_rows(chances: list[tuple[str, Fraction | float]]) -> dict[str, dict[str, object]]:
    """Named chances as ``{name: {"probability": float, "fraction": "a/b" or None}}``.

    Examples
    --------
    >>> odds_rows([("hit", Fraction(3, 4)), ("raise", 0.125)])["raise"]
    {'probability': 0.125, 'fraction': None}
    """
    return {name: {"probability": float(chance),
                   "fraction": str(chance) if isinstance(chance, Fraction) else None}
            for name, chance in chances}


def print_rows(title: str, rows: dict[str, dict[str, object]]) -> None:
    """Print a title line and one line per chance: name, fraction, percentage."""
    print(f"{title}:")
    for name, row in rows.items():
        fraction = row["fraction"] or ""
        percent = 100 * float(str(row["probability"]))
        print(f"  {name:<18} {fraction:<9} {percent:6.2f} %")


def _title(die: TraitDie | None, wild: bool, modifier: int, target: int) -> str:
    name = "unskilled d4-2" if die is None else str(die)
    wild_card = " (Wild Card)" if wild else ""
    mod = f" {modifier:+d}" if modifier else ""
    return f"{name}{wild_card}{mod} vs TN {target}"
