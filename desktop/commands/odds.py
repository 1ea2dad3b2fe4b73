"""``battlemap odds --trait d8 [--wild] [--mod -2] [--tn 4] [--json]``: exact odds of a roll.

Prints the chance of each result of a bare trait roll of the game system (``--system``,
Savage Pathfinder by default: Critical Failure, failure, success, raise) as exact fractions and
percentages (``--json`` for a machine-readable form), from
:meth:`battlemap.rules.registry.GameSystem.trait_odds`.
The attack form (``battlemap odds FILE --attacker ID --target ID [--weapon NAME]``, in
:mod:`battlemap.desktop.commands.attack_odds`) builds on the same report helpers: :func:`odds_rows`
and :func:`print_rows` take any named probabilities.

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
from collections.abc import Callable
from fractions import Fraction

from battlemap.desktop.commands.attack import add_input_flags
from battlemap.rules.interface import Chance
from battlemap.rules.registry import RulesError, find_system

__all__ = ["add_arguments", "chance_rows", "odds_rows", "print_rows", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", help="an encounter file: the odds of one attack "
                        "(with --attacker and --target) instead of a bare trait roll")
    parser.add_argument("--attacker", help="the attacking token's id (with FILE)")
    parser.add_argument("--target", help="the target token's id (with FILE)")
    parser.add_argument("--weapon", help="the weapon's name (with FILE; default as for attack)")
    parser.add_argument("--option", action="append", default=[], metavar="ID",
                        help="an attack option, as for attack (with FILE; see attack "
                             "--list-options)")
    parser.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                        help="the GM's ruling instead of the measurement, as for attack")
    parser.add_argument("--trait",
                        help='the trait die, e.g. "d8" or "d12+1"; "unskilled" for d4-2')
    parser.add_argument("--wild", action="store_true", help="a Wild Card: add the Wild Die")
    parser.add_argument("--mod", type=whole_number_in(-MAX_MODIFIER, MAX_MODIFIER), default=0,
                        help=f"the total modifier, e.g. -2 (±{MAX_MODIFIER})")
    parser.add_argument("--tn", type=whole_number_in(-MAX_MODIFIER, MAX_TN), default=4,
                        help=f"the target number (default 4; at most {MAX_TN})")
    parser.add_argument("--system", default="savage-pathfinder",
                        help="the game system of a bare roll (default: savage-pathfinder)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    add_input_flags(parser)  # with FILE: the system's declarations, e.g. --soak 2


MAX_MODIFIER = 100
"""The largest total modifier ``--mod`` takes, either sign: beyond any real roll's."""
MAX_TN = 200
"""The largest ``--tn``: a d12 ace chain reaches it with a chance far below 1e-9."""


def whole_number_in(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, refused clearly otherwise.

    Examples
    --------
    >>> whole_number_in(-100, 100)("-2")
    -2
    >>> whole_number_in(-100, 100)("-1000000000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: -1000000000 is outside the allowed range -100 to 100
    """
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is outside the allowed range {low} to "
                                             f"{high}")
        return value

    return parse


def run(args: argparse.Namespace) -> int:
    if args.file is not None:
        from battlemap.desktop.commands.attack_odds import run_attack_odds

        return run_attack_odds(args)
    if args.trait is None:
        print("battlemap odds: give --trait DIE, or FILE --attacker ID --target ID",
              file=sys.stderr)
        return 2
    params = {"trait": args.trait, "wild": "yes" if args.wild else "no", "mod": str(args.mod),
              "tn": str(args.tn)}
    try:
        odds = find_system(args.system).trait_odds(params)
    except (RulesError, ValueError) as error:
        print(f"battlemap odds: {error}", file=sys.stderr)
        return 2
    rows = chance_rows(odds.chances)
    if args.json:
        print(json.dumps({"roll": odds.title, "odds": rows}, indent=2))
    else:
        print_rows(odds.title, rows)
    return 0


def chance_rows(chances: tuple[Chance, ...]) -> dict[str, dict[str, object]]:
    """A system's chances as :func:`odds_rows` gives them (exact fractions kept)."""
    return odds_rows([(c.label, Fraction(c.exact) if c.exact else c.probability)
                      for c in chances])


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
