"""``battlemap survey FILE --attacker ID --target ID [--weapon NAME] [--lean] [--json]``.

``--creatures-hide`` lets the other creatures standing on the ground give cover too.

Prints what geometry measures for one attack (:func:`battlemap.geometry.survey.survey`): distance,
range band, cover fraction and category, line of sight, obstacles with their hardness, bystanders,
who is adjacent to attacker and target, elevation difference, the arc of the target the
attacker stands in, and the light at the target. ``--weapon`` takes the named weapon's
``range`` (Short/Medium/Long) and ``reach`` from the attacker's stat block; without it the
attack is measured as a melee attack with reach 0.

Examples
--------
>>> import argparse, tempfile, pathlib
>>> from battlemap.desktop.core.fileformat import save_encounter
>>> from battlemap.desktop.core.model import Encounter, Token
>>> archer = Token("a", "Archer", 0.5, 0.5,
...                stats={"weapons": [{"name": "Bow", "damage": "2d6", "range": [12, 24, 48]}]})
>>> path = pathlib.Path(tempfile.mkdtemp()) / "duel.json"
>>> save_encounter(Encounter(tokens=(archer, Token("o", "Orc", 14.5, 0.5))), path)
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> # the orc looks up the screen; the archer due west is at its left (squares: 3 front squares)
>>> run(parser.parse_args([str(path), "--attacker", "a", "--target", "o", "--weapon", "bow"]))
distance              14.0
range_band            medium
cover_fraction        0.0
cover                 none
line_of_sight         true
obstacles             []
bystanders            []
adjacent_to_attacker  []
adjacent_to_target    []
elevation_difference  0.0
attacker_arc          left
illumination          bright
0
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from battlemap.desktop.core.battlefield import battlefield_of
from battlemap.desktop.core.fileformat import EncounterFileError, load_encounter
from battlemap.desktop.core.model import Token
from battlemap.geometry.adjacency import are_adjacent
from battlemap.geometry.survey import survey

__all__ = [
    "add_arguments", "default_weapon", "listed_weapons", "print_table", "run", "weapon_reach",
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the encounter file")
    parser.add_argument("--attacker", required=True, help="the attacking token's id")
    parser.add_argument("--target", required=True, help="the target token's id")
    parser.add_argument(
        "--weapon",
        help="the attacker's weapon by name (default: the one `battlemap attack` picks: "
        "a hand weapon next to the target, else a ranged one)",
    )
    parser.add_argument("--lean", action="store_true", help="look from the best footprint point")
    parser.add_argument(
        "--creatures-hide", action="store_true", help="other creatures on the ground give cover"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def run(args: argparse.Namespace) -> int:
    try:
        encounter = load_encounter(args.file)
        attacker = encounter.token(args.attacker)
        field = battlefield_of(encounter)
        weapon = args.weapon
        if weapon is None:
            weapon = default_weapon(attacker, are_adjacent(field, args.attacker, args.target))
        ranges, reach = weapon_reach(attacker, weapon)
        report = survey(
            field, args.attacker, args.target,
            weapon_ranges=ranges, reach=reach, lean=args.lean, creatures_hide=args.creatures_hide,
        )
    except (ValueError, KeyError, OSError) as error:
        where = "" if isinstance(error, EncounterFileError) else f"{args.file}: "
        print(f"battlemap survey: {where}{error.args[0] if error.args else error}", file=sys.stderr)
        return 2
    data = report.to_json()
    print(json.dumps(data, indent=2) if args.json else print_table(data))
    return 0


def default_weapon(token: Token, adjacent: bool) -> str | None:
    """The weapon an attack uses when none is named (as :mod:`battlemap.desktop.core.pipeline` picks
    it): the first hand (or thrown) weapon next to the target, the first ranged one farther away,
    else the first weapon; None when the token has none (unarmed).

    Examples
    --------
    >>> bow = {"name": "Bow", "damage": "2d6", "range": [12, 24, 48]}
    >>> axe = {"name": "Axe", "damage": "str+d6"}
    >>> archer = Token("a", "Archer", 0, 0, stats={"weapons": [bow, axe]})
    >>> default_weapon(archer, adjacent=False), default_weapon(archer, adjacent=True)
    ('Bow', 'Axe')
    """
    listed = listed_weapons(token)
    wanted = [w for w in listed if (w.get("range") is None or bool(w.get("thrown"))) == adjacent]
    chosen = wanted or listed
    return str(chosen[0].get("name")) if chosen else None


def weapon_reach(
    token: Token, name: str | None
) -> tuple[tuple[float, float, float] | None, float]:
    """The Short/Medium/Long ranges (None for hand weapons) and reach of ``token``'s weapon.

    Examples
    --------
    >>> spear = {"name": "Spear", "damage": "str+d6", "reach": 1}
    >>> weapon_reach(Token("s", "Spearman", 0, 0, stats={"weapons": [spear]}), "spear")
    (None, 1.0)
    >>> weapon_reach(Token("s", "Spearman", 0, 0), "Bow")
    Traceback (most recent call last):
    ...
    ValueError: token 's' has no weapon 'Bow' (weapons: none)
    """
    if name is None:
        return None, 0.0
    listed = listed_weapons(token)
    found = [w for w in listed if str(w.get("name", "")).lower() == name.lower()]
    if not found:
        known = ", ".join(str(w.get("name")) for w in listed) or "none"
        raise ValueError(f"token {token.id!r} has no weapon {name!r} (weapons: {known})")
    weapon: dict[str, Any] = found[0]
    where = f"tokens[{token.id}].stats.weapons[{name}]"
    return _ranges(weapon.get("range"), where), _number(weapon.get("reach", 0), f"{where}.reach")


def listed_weapons(token: Token) -> list[dict[str, Any]]:
    """The weapons in ``token``'s stat block (entries that are not objects are skipped);
    ``ValueError`` naming the field when ``stats.weapons`` is not a list.

    Examples
    --------
    >>> listed_weapons(Token("g", "Goblin", 0, 0, stats={"weapons": 5}))
    Traceback (most recent call last):
    ...
    ValueError: tokens[g].stats.weapons: expected a list of weapons, got 5
    """
    weapons = token.stats.get("weapons", [])
    if not isinstance(weapons, list):
        raise ValueError(
            f"tokens[{token.id}].stats.weapons: expected a list of weapons, got {weapons!r:.40}"
        )
    return [w for w in weapons if isinstance(w, dict)]


def _ranges(value: object, where: str) -> tuple[float, float, float] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != 3:
        raise ValueError(f"{where}.range: expected [short, medium, long], got {value!r}")
    short, medium, long = (_number(v, f"{where}.range") for v in value)
    return short, medium, long


def _number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{where}: expected a finite number, got {value!r}")
    return float(value)


def print_table(data: dict[str, Any]) -> str:
    """``key  value`` lines: words bare, numbers, booleans and lists as compact JSON.

    Examples
    --------
    >>> print(print_table({"cover": "light", "obstacles": [{"id": "w", "hardness": 8}]}))
    cover      light
    obstacles  [{"id": "w", "hardness": 8}]
    """
    width = max(len(key) for key in data) + 2
    return "\n".join(
        f"{key:<{width}}{value if isinstance(value, str) else json.dumps(value)}"
        for key, value in data.items()
    )
